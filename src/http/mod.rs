//! The HTTP edge: the only part of the crate that knows about actix-web, utoipa or prometheus.
//! It converts requests into the core's types and the core's answers and errors into responses.
//!
//! One file per endpoint, each with its request and response types, their conversion, the
//! handler and its documented errors:
//!
//! - [`recommend`]: `POST /recommend`.
//! - [`placement`]: `POST /placement`.
//! - [`algorithms`]: `GET /algorithms`.
//! - [`openapi`]: the OpenAPI document, `GET /openapi.json` and the Swagger UI under `/docs/`.
//! - [`health`]: `GET /healthz` and `GET /metrics`.
//! - [`page`]: the web page, `GET /` and `/assets/{name}`, its files embedded from `web/`.
//!
//! What the endpoints share, each in its own file: [`app`] (the shared state and the route
//! table), [`problem`] (the one error type and its problem bodies), [`problem_docs`] (how problems
//! are documented), [`body`] (reading JSON bodies), [`wire`] (wire types and schemas several
//! endpoints use), [`whole_number`], [`fallback`] (404 and 405), [`auth`], [`cors`], [`head`],
//! [`length_required`], [`request_id`], [`admission`] and [`compute_pool`] (bounding and running
//! heavy work), [`metrics`], [`examples`] (the document's examples) and [`serve`] (running it).

pub mod admission;
pub mod algorithms;
pub mod app;
pub mod auth;
pub mod body;
pub mod compute_pool;
pub mod cors;
pub mod examples;
pub mod fallback;
pub mod head;
pub mod health;
pub mod length_required;
pub mod metrics;
pub mod openapi;
pub mod page;
pub mod placement;
pub mod problem;
pub mod problem_docs;
pub mod recommend;
pub mod request_id;
pub mod serve;
pub mod whole_number;
pub mod wire;

pub use app::{
    AppFactory, AppState, DEFAULT_BODY_TIMEOUT, MAX_IN_FLIGHT_PER_CORE, app, configure, cores, default_max_in_flight,
    metrics_app,
};

/// Starts the server on an already-bound listener (port 0 in tests), with the default timeouts
/// and actix-web's own signal handling.
pub fn server(
    listener: std::net::TcpListener,
    workers: usize,
    state: AppState,
) -> std::io::Result<actix_web::dev::Server> {
    serve::server(listener, &serve::ServerOptions { workers, ..Default::default() }, state, None)
}
