//! The HTTP edge: the only part of the crate that knows about actix-web, utoipa or prometheus.
//! It converts requests into the core's types and the core's answers and errors into responses.
//!
//! - [`routes`]: the endpoints, one file or folder each, and the OpenAPI document built from them.
//! - [`middleware`]: what wraps the routes: request id and log, metrics, 411, HEAD, CORS, API key.
//! - [`compute`]: heavy work, bounded in number and run off the threads that answer HTTP.
//! - [`app`](mod@app): the state every worker shares and the route table, with the edge around it.
//! - [`serve`](mod@serve): running it: the server, its timeouts, the metrics address, the stop.
//! - [`problem`]: the one error type and its `application/problem+json` bodies.
//! - [`problem_docs`]: how problems are documented in the OpenAPI document.
//! - [`body`]: reading a JSON request body, within its size and time limits.
//! - [`wire`]: wire types and schemas that several endpoints share.
//! - [`whole_number`]: the integer fields, however JSON writes them (`10`, `10.0`, `1e1`).
//! - [`examples`]: the OpenAPI document's examples, from `openapi/examples/`.
//! - [`logging`]: the log output, text or JSON lines.
//! - [`worker_slice`]: the short time slice the threads answering HTTP ask the kernel for.

mod app;
mod body;
mod compute;
pub mod examples;
pub mod logging;
mod middleware;
mod problem;
mod problem_docs;
mod routes;
mod serve;
mod whole_number;
mod wire;
mod worker_slice;

// The entry points: serving (the binary), the app and its parts (the tests).
pub use app::{
    AppFactory, AppState, DEFAULT_BODY_TIMEOUT, MAX_IN_FLIGHT_PER_CORE, app, configure, cores, default_max_in_flight,
    metrics_app,
};
pub use body::MAX_BODY_BYTES;
pub use compute::policy::{BudgetPolicy, Clock, OverBudget};
pub use compute::pool::DEFAULT_DEADLINE;
pub use middleware::auth::ApiKey;
pub use middleware::cors::CorsOrigins;
pub use middleware::request_id::acceptable as acceptable_request_id;
pub use problem::{ApiError, PROBLEM_JSON, Problem};
pub use routes::openapi::{spec_json, spec_json_for};
pub use routes::page::{CONTENT_SECURITY_POLICY, asset_names};
pub use routes::recommend::endpoint::RecommendRequest;
pub use routes::recommend::response::RecommendResponse;
pub use serve::{
    DEFAULT_BIND, DEFAULT_CLIENT_DISCONNECT_TIMEOUT, DEFAULT_CLIENT_REQUEST_TIMEOUT, DEFAULT_KEEP_ALIVE,
    DEFAULT_SHUTDOWN_GRACE, ServeConfig, run as serve,
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
