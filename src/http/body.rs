//! Reading a request body: JSON only, at most [`MAX_BODY_BYTES`], within the body deadline, and
//! a JSON object read in one pass, whose shape errors name the path at fault.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, web};
use serde::de::IgnoredAny;

use super::problem::ApiError;

/// Largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// How long a client has to send the request body once its head has arrived.
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub std::time::Duration);

/// The request body's bytes: `application/json` required, at most [`MAX_BODY_BYTES`] (a larger
/// `Content-Length` is refused before reading), within the body deadline (the head's is actix's
/// client request timeout). Its JSON is read once, by [`read_object`].
pub async fn read_json(req: &HttpRequest, payload: web::Payload, timeout: BodyTimeout) -> Result<Bytes, ApiError> {
    match req.mime_type() {
        Ok(Some(mime)) if mime.essence_str() == "application/json" => {}
        _ => return Err(ApiError::UnsupportedMediaType),
    }
    let length = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(ApiError::TooLarge { limit: MAX_BODY_BYTES });
    }
    let timeout = timeout.0;
    let read = actix_web::rt::time::timeout(timeout, payload.to_bytes_limited(MAX_BODY_BYTES));
    match read.await {
        Err(_) => Err(ApiError::BodyTimeout(timeout.as_millis())),
        Ok(Err(_)) => Err(ApiError::TooLarge { limit: MAX_BODY_BYTES }),
        Ok(Ok(Err(e))) => Err(ApiError::BadPayload(e.to_string())),
        Ok(Ok(Ok(bytes))) => Ok(bytes),
    }
}

/// A request body of type `T` from its JSON, in one pass. The body must be one JSON value, and an
/// object (serde would also read a struct from an array of its fields in order). A body that is
/// not JSON at all is malformed, wherever its first fault lies; a JSON value of the wrong shape
/// names the JSON path at fault.
pub fn read_object<T: serde::de::DeserializeOwned>(json: impl AsRef<[u8]>) -> Result<T, ApiError> {
    let json = json.as_ref();
    // Only on the way to an error is the body read a second time, for its syntax: a shape error
    // found before a fault of syntax further on is still a malformed body.
    let malformed = || serde_json::from_slice::<IgnoredAny>(json).err().map(|e| ApiError::MalformedJson(e.to_string()));
    let shape = |path: String, message: String| ApiError::WrongShape { path, message };
    if json.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        let not_an_object = || shape("request body".to_owned(), "expected a JSON object".to_owned());
        return Err(malformed().unwrap_or_else(not_an_object));
    }
    let mut de = serde_json::Deserializer::from_slice(json);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|err| {
        malformed().unwrap_or_else(|| {
            let path = err.path().to_string();
            let path = if path == "." { "request body".to_owned() } else { path };
            shape(path, err.into_inner().to_string())
        })
    })?;
    de.end().map_err(|e| ApiError::MalformedJson(e.to_string()))?;
    Ok(value)
}
