//! Request bodies must announce their length. A chunked body that never ends would otherwise hold
//! its connection open after the answer: actix-web drains an unread chunked body before it
//! closes, with no timer running. Such requests get 411 problem+json, and the body of the answer
//! keeps the unread request body until it has been written, which makes actix close the
//! connection instead of draining it.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, ResponseError};

use crate::http::problem::ApiError;

/// Middleware: answers 411 to any request with a `Transfer-Encoding` header.
pub async fn refuse_unsized(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse, Error> {
    if !req.headers().contains_key(header::TRANSFER_ENCODING) {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    let unread = req.take_payload();
    let res = ApiError::LengthRequired.error_response().map_body(|_, body| Holding { body, _unread: unread });
    Ok(req.into_response(res.map_into_boxed_body()))
}

/// The answer's body, keeping the unread request body alive until it has been written.
struct Holding {
    body: BoxBody,
    _unread: Payload,
}

impl MessageBody for Holding {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_next(cx)
    }
}
