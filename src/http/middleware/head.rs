//! `HEAD` on every `GET` route: the request is routed as a `GET`, and the response keeps its head
//! (status, `Content-Type`, `Content-Length`) while the server sends no body, as HTTP requires.
//! One rule for the API's routes, the page and the Swagger UI's assets, whose router knows GET
//! only.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpRequest};

/// Marks a request that arrived as `HEAD` and is routed as `GET`.
#[derive(Clone, Copy, Debug)]
struct ArrivedAsHead;

/// Middleware: routes `HEAD` as `GET`. The HTTP/1 codec saw the request's own method and sends
/// the head alone.
pub async fn as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    if req.method() == Method::HEAD {
        req.extensions_mut().insert(ArrivedAsHead);
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// The method the client sent (`HEAD` for a request routed as `GET`).
pub fn sent_method(req: &HttpRequest) -> Method {
    if req.extensions().get::<ArrivedAsHead>().is_some() { Method::HEAD } else { req.method().clone() }
}
