//! Cross-origin requests (CORS): which other origins' pages may call the service from a browser,
//! through actix-cors. With no origin configured the service is same-origin only: no CORS headers,
//! and a preflight gets the 405 any `OPTIONS` request gets.

use std::fmt;
use std::str::FromStr;

use actix_cors::{Cors, CorsError};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::http::problem::ApiError;

use super::request_id::X_REQUEST_ID;

/// Seconds a browser may cache a preflight's answer.
pub const PREFLIGHT_MAX_AGE_SECS: usize = 600;

/// One allowed origin: `scheme://host[:port]` exactly as a browser sends it in `Origin`, or `*`
/// for any origin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllowedOrigin {
    Any,
    Exact(String),
}

/// The origins allowed to call the service from a browser (`--cors-origin`, `SONAR_CORS_ORIGINS`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CorsOrigins(Vec<AllowedOrigin>);

/// Why a `--cors-origin` value was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OriginError {
    #[error("{0:?}: an origin is scheme://host[:port] with the scheme http or https, e.g. https://game.example")]
    Scheme(String),
    #[error("{0:?}: an origin has no path, query or fragment (write https://game.example, not https://game.example/)")]
    Path(String),
    #[error("{0:?}: no host")]
    Host(String),
}

impl FromStr for AllowedOrigin {
    type Err = OriginError;

    fn from_str(text: &str) -> Result<AllowedOrigin, OriginError> {
        // Browsers send the scheme and host in lower case.
        let text = text.trim().to_ascii_lowercase();
        let text = text.as_str();
        if text == "*" {
            return Ok(AllowedOrigin::Any);
        }
        let rest = text
            .strip_prefix("http://")
            .or_else(|| text.strip_prefix("https://"))
            .ok_or_else(|| OriginError::Scheme(text.to_owned()))?;
        if rest.contains(['/', '?', '#']) {
            return Err(OriginError::Path(text.to_owned()));
        }
        // host[:port], no user info: the authority parser checks the characters and the port.
        let authority = rest.parse::<actix_web::http::uri::Authority>().ok();
        if authority.is_none_or(|a| a.host().is_empty()) || rest.contains('@') {
            return Err(OriginError::Host(text.to_owned()));
        }
        Ok(AllowedOrigin::Exact(text.to_owned()))
    }
}

impl FromStr for CorsOrigins {
    type Err = OriginError;

    /// A comma-separated list; empty means same-origin only.
    fn from_str(text: &str) -> Result<CorsOrigins, OriginError> {
        let origins = text.split(',').filter(|s| !s.trim().is_empty()).map(str::parse).collect::<Result<_, _>>()?;
        Ok(CorsOrigins(origins))
    }
}

impl fmt::Display for AllowedOrigin {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            AllowedOrigin::Any => f.write_str("*"),
            AllowedOrigin::Exact(origin) => f.write_str(origin),
        }
    }
}

impl CorsOrigins {
    /// The union of several lists (each `--cors-origin` may itself be a list).
    pub fn concat(lists: impl IntoIterator<Item = CorsOrigins>) -> CorsOrigins {
        CorsOrigins(lists.into_iter().flat_map(|l| l.0).collect())
    }

    /// Whether no other origin may call the service.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The origins, as given.
    pub fn origins(&self) -> &[AllowedOrigin] {
        &self.0
    }

    /// The middleware: preflights answered with the methods and headers the API uses; answers to
    /// allowed origins carry `Access-Control-Allow-Origin` and expose the headers clients read.
    /// Requests from other origins are served without CORS headers (the browser then withholds
    /// the answer), so the service's own page, whose POSTs carry its origin, is never refused.
    pub fn middleware(&self) -> Cors {
        let mut cors = Cors::default()
            .allowed_methods([Method::GET, Method::HEAD, Method::POST])
            .allowed_headers([header::CONTENT_TYPE, header::AUTHORIZATION, header::ACCEPT, X_REQUEST_ID])
            .expose_headers([X_REQUEST_ID, header::RETRY_AFTER, header::WWW_AUTHENTICATE, header::ALLOW])
            .max_age(PREFLIGHT_MAX_AGE_SECS)
            .block_on_origin_mismatch(false);
        for origin in &self.0 {
            cors = match origin {
                AllowedOrigin::Any => cors.allow_any_origin().send_wildcard(),
                AllowedOrigin::Exact(origin) => cors.allowed_origin(origin),
            };
        }
        cors
    }
}

/// Middleware around [`CorsOrigins::middleware`]: a preflight it refuses (an origin, method or
/// header not allowed) gets a 400 problem body naming the reason, like every other error, instead
/// of actix-cors's plain text.
pub async fn refusals_as_problems(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse, Error> {
    let res = next.call(req).await?;
    let refusal = res.response().error().and_then(|e| e.as_error::<CorsError>()).map(ToString::to_string);
    match refusal {
        Some(reason) => {
            let (req, _) = res.into_parts();
            Ok(ServiceResponse::new(req, ApiError::CrossOrigin(reason).error_response()))
        }
        None => Ok(res.map_into_boxed_body()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_parse_as_browsers_send_them() {
        let list: CorsOrigins = "https://game.example, http://127.0.0.1:3000,HTTP://Upper.Example".parse().unwrap();
        assert_eq!(
            list.origins(),
            [
                AllowedOrigin::Exact("https://game.example".into()),
                AllowedOrigin::Exact("http://127.0.0.1:3000".into()),
                AllowedOrigin::Exact("http://upper.example".into()),
            ]
        );
        assert_eq!("*".parse::<CorsOrigins>().unwrap().origins(), [AllowedOrigin::Any]);
        assert!("".parse::<CorsOrigins>().unwrap().is_empty());
        assert!(" , ".parse::<CorsOrigins>().unwrap().is_empty());
    }

    #[test]
    fn what_is_not_an_origin_is_refused() {
        for bad in ["game.example", "ftp://game.example", "https://game.example/", "https://game.example/path"] {
            assert!(bad.parse::<AllowedOrigin>().is_err(), "{bad}");
        }
        for bad in ["https://", "https://:80", "https://a b", "https://user@game.example"] {
            assert!(matches!(bad.parse::<AllowedOrigin>(), Err(OriginError::Host(_))), "{bad}");
        }
        assert!(matches!("https://x.example?q".parse::<AllowedOrigin>(), Err(OriginError::Path(_))));
    }
}
