//! The one error type of the HTTP edge: every failure becomes a status and an
//! `application/problem+json` body (RFC 9457).

use actix_web::error::JsonPayloadError;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use utoipa::ToSchema;

use crate::board::BoardError;
use crate::fleet::FleetError;
use crate::placement::PlacementError;
use crate::rules::RulesError;
use crate::strategy::{Algorithm, StrategyError};
use crate::turn::TurnError;

/// Media type of every error body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// Largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// An error response body (RFC 9457 problem details).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::INVALID_BOARD.value()))]
pub struct Problem {
    /// A URN naming the kind of problem, e.g. `urn:sonar:problem:invalid-board`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    /// What is wrong, naming the field, row and column at fault.
    pub detail: String,
    /// The request field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// Zero-based row at fault, when the problem is about one row or cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// Zero-based column at fault, when the problem is about one cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col: Option<usize>,
}

/// Everything that can go wrong at the HTTP edge.
#[derive(Debug, Error)]
pub enum ApiError {
    #[error("request body is not valid JSON: {0}")]
    MalformedJson(String),
    #[error("{path}: {message}")]
    WrongShape { path: String, message: String },
    #[error("request body is larger than the {MAX_BODY_BYTES}-byte limit")]
    TooLarge,
    #[error("Content-Type must be application/json")]
    UnsupportedMediaType,
    #[error("could not read the request body: {0}")]
    BadPayload(String),
    #[error("the request body did not arrive within {0} ms")]
    BodyTimeout(u128),
    #[error("send the request body with a Content-Length header; Transfer-Encoding is not accepted")]
    LengthRequired,
    #[error("algorithm: unknown algorithm {0:?}; known algorithms: {names}", names = Algorithm::names())]
    UnknownAlgorithm(String),
    #[error("budget_ms: must be at least 1 and at most {max}, got {0}", max = crate::turn::MAX_BUDGET_MS)]
    Budget(u64),
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Fleet(#[from] FleetError),
    #[error("candidates: must be at least 1 and at most {max}, got {0}", max = super::dto::MAX_CANDIDATES)]
    Candidates(u64),
    #[error(transparent)]
    Level(#[from] crate::level::LevelError),
    #[error("{field}: must be at least 1 and at most {max}, got {value}", max = crate::board::MAX_SIDE)]
    Side { field: &'static str, value: u64 },
    #[error(transparent)]
    Placement(#[from] PlacementError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    #[error("no resource at {0}")]
    NotFound(String),
    #[error("method {method} is not allowed on {path}; allowed: {allow}")]
    MethodNotAllowed { method: String, path: String, allow: &'static str },
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("too many compute-heavy requests in flight; retry in a second")]
    Overloaded,
    #[error("no answer within the {0} ms compute deadline (the service is busy); retry in a second")]
    Deadline(u128),
    #[error("cross-origin request refused: {0}")]
    CrossOrigin(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// Short machine-readable kind, used in the problem `type` and the error metrics.
    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::MalformedJson(_) => "malformed-json",
            ApiError::WrongShape { .. } => "invalid-request",
            ApiError::TooLarge => "payload-too-large",
            ApiError::UnsupportedMediaType => "unsupported-media-type",
            ApiError::BadPayload(_) => "bad-payload",
            ApiError::BodyTimeout(_) => "body-timeout",
            ApiError::LengthRequired => "length-required",
            ApiError::UnknownAlgorithm(_) => "unknown-algorithm",
            ApiError::Budget(_) => "invalid-budget",
            ApiError::Board(_) => "invalid-board",
            ApiError::Fleet(_) => "invalid-fleet",
            ApiError::Rules(_) => "invalid-rules",
            ApiError::Side { .. } => "invalid-size",
            ApiError::Placement(_) => "impossible-placement",
            ApiError::Candidates(_) => "invalid-candidates",
            ApiError::Level(_) => "invalid-level",
            ApiError::Turn(_) | ApiError::Strategy(_) => "inconsistent-position",
            ApiError::NotFound(_) => "not-found",
            ApiError::MethodNotAllowed { .. } => "method-not-allowed",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Overloaded => "overloaded",
            ApiError::Deadline(_) => "deadline-exceeded",
            ApiError::CrossOrigin(_) => "cross-origin-refused",
            ApiError::Internal(_) => "internal",
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::MalformedJson(_) => "Malformed JSON",
            ApiError::WrongShape { .. } => "Invalid request",
            ApiError::TooLarge => "Payload too large",
            ApiError::UnsupportedMediaType => "Unsupported media type",
            ApiError::BadPayload(_) => "Unreadable body",
            ApiError::BodyTimeout(_) => "Request body too slow",
            ApiError::LengthRequired => "Length required",
            ApiError::UnknownAlgorithm(_) => "Unknown algorithm",
            ApiError::Budget(_) => "Invalid budget",
            ApiError::Board(_) => "Invalid board",
            ApiError::Fleet(_) => "Invalid fleet",
            ApiError::Rules(_) => "Invalid rules",
            ApiError::Side { .. } => "Invalid board size",
            ApiError::Placement(_) => "No placement",
            ApiError::Candidates(_) => "Invalid candidates",
            ApiError::Level(_) => "Invalid level",
            ApiError::Turn(_) | ApiError::Strategy(_) => "Inconsistent position",
            ApiError::NotFound(_) => "Not found",
            ApiError::MethodNotAllowed { .. } => "Method not allowed",
            ApiError::Unauthorized(_) => "Unauthorized",
            ApiError::Overloaded => "Service overloaded",
            ApiError::Deadline(_) => "Compute deadline exceeded",
            ApiError::CrossOrigin(_) => "Cross-origin request refused",
            ApiError::Internal(_) => "Internal error",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            ApiError::UnknownAlgorithm(_) => Some("algorithm"),
            ApiError::Budget(_) => Some("budget_ms"),
            ApiError::WrongShape { path, .. } => match path.split(['.', '[']).next() {
                Some("board") => Some("board"),
                Some("ships") => Some("ships"),
                Some("algorithm") => Some("algorithm"),
                Some("seed") => Some("seed"),
                Some("budget_ms") => Some("budget_ms"),
                Some("rules") => Some("rules"),
                Some("candidates") => Some("candidates"),
                Some("level") => Some("level"),
                Some("rows") => Some("rows"),
                Some("cols") => Some("cols"),
                Some("style") => Some("style"),
                _ => None,
            },
            ApiError::Board(_) | ApiError::Strategy(_) => Some("board"),
            ApiError::Fleet(_) => Some("ships"),
            ApiError::Rules(_) => Some("rules"),
            ApiError::Side { field, .. } => Some(field),
            ApiError::Placement(_) => Some("ships"),
            ApiError::Candidates(_) => Some("candidates"),
            ApiError::Level(_) => Some("level"),
            ApiError::Turn(e) => Some(e.field()),
            _ => None,
        }
    }

    fn location(&self) -> (Option<usize>, Option<usize>) {
        match self {
            ApiError::Board(e) => e.location(),
            ApiError::Turn(e) => e.location(),
            _ => (None, None),
        }
    }

    /// The problem body for this error.
    pub fn problem(&self) -> Problem {
        let (row, col) = self.location();
        Problem {
            kind: format!("urn:sonar:problem:{}", self.kind()),
            title: self.title().to_owned(),
            status: self.status_code().as_u16(),
            detail: self.to_string(),
            field: self.field().map(str::to_owned),
            row,
            col,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::MalformedJson(_)
            | ApiError::WrongShape { .. }
            | ApiError::BadPayload(_)
            | ApiError::CrossOrigin(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BodyTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::LengthRequired => StatusCode::LENGTH_REQUIRED,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::UnknownAlgorithm(_)
            | ApiError::Budget(_)
            | ApiError::Board(_)
            | ApiError::Fleet(_)
            | ApiError::Rules(_)
            | ApiError::Side { .. }
            | ApiError::Placement(_)
            | ApiError::Candidates(_)
            | ApiError::Level(_)
            | ApiError::Turn(_)
            | ApiError::Strategy(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Overloaded | ApiError::Deadline(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code());
        res.insert_header((header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON)));
        if let ApiError::MethodNotAllowed { allow, .. } = self {
            res.insert_header((header::ALLOW, HeaderValue::from_static(allow)));
        }
        if let ApiError::BodyTimeout(_) | ApiError::LengthRequired = self {
            // The rest of the body may still come: the connection cannot be reused.
            res.force_close();
        }
        if let ApiError::Unauthorized(_) = self {
            res.insert_header((header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer")));
        }
        if let ApiError::Overloaded | ApiError::Deadline(_) = self {
            res.insert_header((header::RETRY_AFTER, HeaderValue::from_static("1")));
        }
        let body = serde_json::to_vec(&self.problem()).unwrap_or_else(|_| b"{}".to_vec());
        res.body(body)
    }
}

impl From<serde_path_to_error::Error<serde_json::Error>> for ApiError {
    fn from(err: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
        let path = err.path().to_string();
        let path = if path == "." { "request body".to_owned() } else { path };
        ApiError::WrongShape { path, message: err.into_inner().to_string() }
    }
}

impl From<JsonPayloadError> for ApiError {
    fn from(err: JsonPayloadError) -> ApiError {
        match err {
            JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => ApiError::TooLarge,
            JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
            JsonPayloadError::Deserialize(e) => ApiError::MalformedJson(e.to_string()),
            JsonPayloadError::Payload(e) => match e {
                actix_web::error::PayloadError::Overflow => ApiError::TooLarge,
                other => ApiError::BadPayload(other.to_string()),
            },
            other => ApiError::BadPayload(other.to_string()),
        }
    }
}
