//! What answers a request no route takes: 404 for an unknown path, 405 (with `Allow`) for a known
//! path asked with another method.

use actix_web::{HttpRequest, HttpResponse};

use crate::http::middleware::head::sent_method;
use crate::http::problem::ApiError;

/// Any path the service does not have.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound(req.path().to_owned()))
}

/// A known path asked with a method it does not answer.
pub fn method_not_allowed(
    allow: &'static str,
) -> impl Fn(HttpRequest) -> std::future::Ready<Result<HttpResponse, ApiError>> + Clone {
    move |req: HttpRequest| {
        std::future::ready(Err(ApiError::MethodNotAllowed {
            method: sent_method(&req).to_string(),
            path: req.path().to_owned(),
            allow,
        }))
    }
}
