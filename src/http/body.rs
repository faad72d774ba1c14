//! Reading a request body: JSON only, at most [`MAX_BODY_BYTES`], within the body deadline, and
//! a JSON object whose shape errors name the path at fault.

use actix_web::error::{JsonPayloadError, PayloadError};
use actix_web::{FromRequest, HttpRequest, web};
use serde_json::value::RawValue;

use super::problem::ApiError;

/// Largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// How long a client has to send the request body once its head has arrived.
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub std::time::Duration);

/// The JSON extractor's settings: the size limit, `application/json` required, and its errors as
/// problems.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(MAX_BODY_BYTES)
        .content_type(|mime| mime.essence_str() == "application/json")
        .content_type_required(true)
        .error_handler(|err, _req| payload_problem(err).into())
}

/// The request body as one JSON value. Syntax, size and media type are checked by the JSON
/// extractor, within the body deadline (the head's is actix's client request timeout).
pub async fn read_json(
    req: &HttpRequest,
    payload: web::Payload,
    timeout: BodyTimeout,
) -> Result<Box<RawValue>, actix_web::Error> {
    let timeout = timeout.0;
    let read = web::Json::<Box<RawValue>>::from_request(req, &mut payload.into_inner());
    let body =
        actix_web::rt::time::timeout(timeout, read).await.map_err(|_| ApiError::BodyTimeout(timeout.as_millis()))??;
    Ok(body.into_inner())
}

/// A request body of type `T` from its JSON text (already known to be one JSON value), which must
/// be an object (serde would also read a struct from an array of its fields in order). Errors name
/// the JSON path at fault.
pub fn read_object<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, ApiError> {
    if !json.starts_with('{') {
        return Err(ApiError::WrongShape {
            path: "request body".to_owned(),
            message: "expected a JSON object".to_owned(),
        });
    }
    let mut de = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let path = err.path().to_string();
        let path = if path == "." { "request body".to_owned() } else { path };
        ApiError::WrongShape { path, message: err.into_inner().to_string() }
    })
}

/// The problem a body the JSON extractor refused is.
pub fn payload_problem(err: JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            ApiError::TooLarge { limit: MAX_BODY_BYTES }
        }
        JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
        JsonPayloadError::Deserialize(e) => ApiError::MalformedJson(e.to_string()),
        JsonPayloadError::Payload(PayloadError::Overflow) => ApiError::TooLarge { limit: MAX_BODY_BYTES },
        JsonPayloadError::Payload(other) => ApiError::BadPayload(other.to_string()),
        other => ApiError::BadPayload(other.to_string()),
    }
}
