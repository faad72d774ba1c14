//! Optional access control: when an API key is configured, `POST /recommend`, `POST /placement`
//! and `POST /opponent` need `Authorization: Bearer <key>`. The token is compared with the key in constant time.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{Error, web};
use subtle::ConstantTimeEq;

use crate::http::problem::ApiError;

/// The shared secret clients present as a bearer token. `Debug` does not show it.
#[derive(Clone)]
pub struct ApiKey(Arc<str>);

impl ApiKey {
    /// The key, or `None` for an empty one: an empty `SONAR_API_KEY` means no access control.
    pub fn new(key: &str) -> Option<ApiKey> {
        (!key.is_empty()).then(|| ApiKey(key.into()))
    }

    /// This key, or `None` if it is empty (the rule of [`ApiKey::new`]).
    pub fn non_empty(&self) -> Option<ApiKey> {
        ApiKey::new(&self.0)
    }

    /// Whether the value of an `Authorization` header is `Bearer <this key>`.
    pub fn admits(&self, authorization: &[u8]) -> bool {
        bearer_token(authorization).is_some_and(|token| bool::from(token.ct_eq(self.0.as_bytes())))
    }
}

/// What the command line gives: possibly empty, see [`ApiKey::new`].
impl FromStr for ApiKey {
    type Err = Infallible;
    fn from_str(s: &str) -> Result<ApiKey, Infallible> {
        Ok(ApiKey(s.into()))
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<hidden>)")
    }
}

/// The token of a `Bearer` credential (RFC 6750): the scheme is case-insensitive and followed by
/// one or more spaces.
fn bearer_token(value: &[u8]) -> Option<&[u8]> {
    let (scheme, rest) = value.split_at_checked(6)?;
    if !scheme.eq_ignore_ascii_case(b"bearer") || !rest.starts_with(b" ") {
        return None;
    }
    Some(rest.trim_ascii_start())
}

/// Middleware: answers 401 unless the request carries the configured key, when one is
/// configured (as `web::Data<ApiKey>`).
pub async fn require_bearer(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    if let Some(key) = req.app_data::<web::Data<ApiKey>>() {
        let refusal = match req.headers().get(header::AUTHORIZATION) {
            None => Some("this endpoint requires an `Authorization: Bearer <key>` header"),
            Some(value) if !key.admits(value.as_bytes()) => Some("the bearer token is missing or not the key"),
            Some(_) => None,
        };
        if let Some(why) = refusal {
            return Ok(req.error_response(ApiError::Unauthorized(why)).map_into_right_body());
        }
        return Ok(next.call(req).await?.map_into_left_body());
    }
    // Wired without a key: refuse rather than let every request through.
    let err = ApiError::Internal("the API key check is in place but no key is configured".to_owned());
    Ok(req.error_response(err).map_into_right_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_exactly_the_bearer_key() {
        let key = ApiKey::new("s3cret").unwrap();
        assert!(key.admits(b"Bearer s3cret"));
        assert!(key.admits(b"bearer   s3cret"));
        for wrong in
            [&b""[..], b"Bearer", b"Bearer ", b"Basic s3cret", b"Bearer s3cre", b"Bearer s3cret!", b"Bearers3cret"]
        {
            assert!(!key.admits(wrong), "{:?}", String::from_utf8_lossy(wrong));
        }
        assert!(ApiKey::new("").is_none());
        assert!(!format!("{key:?}").contains("s3cret"));
    }
}
