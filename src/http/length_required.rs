//! Request bodies must announce their length. A chunked body that never ends would otherwise hold
//! its connection open after the answer: actix-web drains an unread chunked body before it
//! closes, with no timer running. Such requests get 411 problem+json, and the body of the answer
//! keeps the unread request body until it has been written, which makes actix close the
//! connection instead of draining it.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, HttpResponse, ResponseError};

use super::error::ApiError;

/// Middleware: answers 411 to any request with a `Transfer-Encoding` header.
pub async fn refuse_unsized(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse, Error> {
    if !req.headers().contains_key(header::TRANSFER_ENCODING) {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    let err = ApiError::LengthRequired;
    let problem = serde_json::to_vec(&err.problem()).unwrap_or_default();
    let unread = req.take_payload();
    let mut res = HttpResponse::build(err.status_code());
    res.insert_header((header::CONTENT_TYPE, HeaderValue::from_static(super::error::PROBLEM_JSON)));
    res.force_close();
    let res = res.message_body(Holding { bytes: Bytes::from(problem), _unread: unread })?;
    Ok(req.into_response(res.map_into_boxed_body()))
}

/// A fixed body that keeps the unread request body alive until it has been written.
struct Holding {
    bytes: Bytes,
    _unread: Payload,
}

impl MessageBody for Holding {
    type Error = Infallible;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.bytes.len() as u64)
    }

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Bytes, Infallible>>> {
        let this = self.get_mut();
        if this.bytes.is_empty() { Poll::Ready(None) } else { Poll::Ready(Some(Ok(std::mem::take(&mut this.bytes)))) }
    }
}
