//! What wraps the routes: each file a middleware (an actix-web `from_fn`) that the route table in
//! [`app`](mod@crate::http::app) puts around one route or around every address, with what it needs.
//!
//! - [`request_id`]: the request's id in a span and in `x-request-id`, and the request log.
//! - [`metrics`]: the Prometheus registry and the middleware that counts and times requests.
//! - [`length_required`]: 411 for a request body sent without a length.
//! - [`head`]: `HEAD` answered as `GET`, with the head and no body.
//! - [`cors`]: which other origins' pages may call the service, and its refusals as problems.
//! - [`auth`]: the optional API key the `POST` routes then require.

pub mod auth;
pub mod cors;
pub mod head;
pub mod length_required;
pub mod metrics;
pub mod request_id;
