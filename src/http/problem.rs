//! The one error type of the HTTP edge: every failure becomes a status and an
//! `application/problem+json` body (RFC 9457), each kind of problem described once
//! ([`ProblemType`]).

use std::borrow::Cow;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use utoipa::ToSchema;

use crate::game::announce::Announce;
use crate::game::board::BoardError;
use crate::game::fleet::FleetError;
use crate::game::prior::ModelError;
use crate::game::rules::RulesError;
use crate::game::turn::TurnError;
use crate::hiding::placement::PlacementError;
use crate::hiding::searcher::{ModelError as SearchModelError, SearchError};
use crate::inference::opponent::FleetsError;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::strategy::StrategyError;

/// Media type of every error body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// An error response body (RFC 9457 problem details).
#[serde_with::skip_serializing_none]
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
    pub field: Option<String>,
    /// Zero-based row at fault, when the problem is about one row or cell.
    pub row: Option<usize>,
    /// Zero-based column at fault, when the problem is about one cell.
    pub col: Option<usize>,
    /// For a `history`: the zero-based turn at fault (the index in `history.shots` or
    /// `history.salvoes`), when the problem is about one turn.
    pub turn: Option<usize>,
    /// For a `history`: the zero-based shot within that turn, when the problem is about one shot;
    /// for `searches` (`POST /placement`), the zero-based shot within the search `field` names.
    pub shot: Option<usize>,
}

/// Everything that can go wrong at the HTTP edge.
#[derive(Debug, Error)]
pub enum ApiError {
    #[error("request body is not valid JSON: {0}")]
    MalformedJson(String),
    #[error("{path}: {message}")]
    WrongShape { path: String, message: String },
    #[error("request body is larger than the {limit}-byte limit")]
    TooLarge { limit: usize },
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
    #[error("budget_ms: must be at least 1 and at most {max}, got {value}")]
    Budget { value: u64, max: u64 },
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Fleet(#[from] FleetError),
    #[error("candidates: must be at least 1 and at most {max}, got {value}")]
    Candidates { value: u64, max: u64 },
    #[error(transparent)]
    Level(#[from] crate::shooting::level::LevelError),
    #[error("{field}: must be at least 1 and at most {max}, got {value}")]
    Side { field: &'static str, value: u64, max: usize },
    #[error(transparent)]
    Placement(#[from] PlacementError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// Past fleets that cannot be read; `prefix` is where the request holds them (`opponent.` in
    /// `POST /recommend`, nothing in `POST /opponent`).
    #[error("{prefix}{error}")]
    Fleets { prefix: &'static str, error: FleetsError },
    #[error("opponent.{0}")]
    Model(#[from] ModelError),
    #[error("opponent: send exactly one of `fleets` (past fleets to fit) and `model` (a fitted model), got {0}")]
    OpponentChoice(&'static str),
    /// Past searches that cannot be read (`POST /placement`).
    #[error(transparent)]
    Searches(#[from] SearchError),
    #[error(transparent)]
    SearchModel(#[from] SearchModelError),
    /// `searches` and `search_model` together, or either without `style: adaptive`.
    #[error("{0}")]
    SearchChoice(&'static str),
    /// A `history` that cannot be read, or that no game under its rules could have produced:
    /// `field` is its JSON path at fault, `turn` and `shot` where the fault is (zero-based).
    #[error("{detail}")]
    History { field: String, turn: Option<usize>, shot: Option<usize>, detail: String },
    /// A `blocked` list of islands that cannot be read (`POST /placement`): `field` names the
    /// entry.
    #[error("{detail}")]
    Islands { field: String, detail: String },
    /// `observations` that cannot be read on the board, or that its cells contradict: `field`
    /// names the observation or its part at fault (`observations[2].cells[4]`).
    #[error("{detail}")]
    Observations { field: String, detail: String },
    /// An `arsenal` that cannot be read or played: `field` names the power-up or its part at fault
    /// (`arsenal[1].area`).
    #[error("{detail}")]
    Arsenal { field: String, detail: String },
    #[error(
        "rules.announce: board strings can only say sunk-cells (a `#` is a cell of a sunk ship); send a history to \
         play under {0}"
    )]
    AnnounceOnBoard(Announce),
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
    /// A planning budget the work already on the compute pool would not let start in time.
    #[error(
        "budget_ms: {budget_ms} ms cannot be answered within its promise of {promise_ms} ms: the planning work already queued would not let it start in time; retry in {retry_after} s, or send a smaller budget_ms"
    )]
    BudgetUnavailable { budget_ms: u64, promise_ms: u64, retry_after: u64 },
    #[error("cross-origin request refused: {0}")]
    CrossOrigin(String),
    #[error("internal error: {0}")]
    Internal(String),
}

/// One kind of problem: its status, its `type` (`urn:sonar:problem:<slug>`, also the label of the
/// error metrics) and its title. Adding a problem is one variant of [`ApiError`] and its line in
/// [`ApiError::problem_type`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemType {
    pub status: StatusCode,
    pub slug: &'static str,
    pub title: &'static str,
}

impl ProblemType {
    fn new(status: u16, slug: &'static str, title: &'static str) -> ProblemType {
        ProblemType { status: StatusCode::from_u16(status).expect("an HTTP status"), slug, title }
    }
}

impl ApiError {
    /// What kind of problem this is.
    pub fn problem_type(&self) -> ProblemType {
        use ApiError as E;
        let (status, slug, title) = match self {
            E::MalformedJson(_) => (400, "malformed-json", "Malformed JSON"),
            E::WrongShape { .. } => (400, "invalid-request", "Invalid request"),
            E::BadPayload(_) => (400, "bad-payload", "Unreadable body"),
            E::CrossOrigin(_) => (400, "cross-origin-refused", "Cross-origin request refused"),
            E::Unauthorized(_) => (401, "unauthorized", "Unauthorized"),
            E::NotFound(_) => (404, "not-found", "Not found"),
            E::MethodNotAllowed { .. } => (405, "method-not-allowed", "Method not allowed"),
            E::BodyTimeout(_) => (408, "body-timeout", "Request body too slow"),
            E::LengthRequired => (411, "length-required", "Length required"),
            E::TooLarge { .. } => (413, "payload-too-large", "Payload too large"),
            E::UnsupportedMediaType => (415, "unsupported-media-type", "Unsupported media type"),
            E::UnknownAlgorithm(_) => (422, "unknown-algorithm", "Unknown algorithm"),
            E::Budget { .. } => (422, "invalid-budget", "Invalid budget"),
            E::Board(_) => (422, "invalid-board", "Invalid board"),
            E::Fleet(_) => (422, "invalid-fleet", "Invalid fleet"),
            E::Rules(_) | E::AnnounceOnBoard(_) => (422, "invalid-rules", "Invalid rules"),
            E::Side { .. } => (422, "invalid-size", "Invalid board size"),
            E::Placement(_) => (422, "impossible-placement", "No placement"),
            E::Candidates { .. } => (422, "invalid-candidates", "Invalid candidates"),
            E::Level(_) => (422, "invalid-level", "Invalid level"),
            E::Fleets { .. } | E::Model(_) | E::OpponentChoice(_) => (422, "invalid-opponent", "Invalid opponent"),
            E::Searches(_) | E::SearchModel(_) | E::SearchChoice(_) => (422, "invalid-searches", "Invalid searches"),
            E::Turn(_) | E::Strategy(_) => (422, "inconsistent-position", "Inconsistent position"),
            E::History { .. } => (422, "invalid-history", "Inconsistent history"),
            E::Islands { .. } => (422, "invalid-islands", "Invalid islands"),
            E::Observations { .. } => (422, "invalid-observations", "Invalid observations"),
            E::Arsenal { .. } => (422, "invalid-arsenal", "Invalid arsenal"),
            E::Overloaded => (503, "overloaded", "Service overloaded"),
            E::Deadline(_) => (503, "deadline-exceeded", "Compute deadline exceeded"),
            E::BudgetUnavailable { .. } => (503, "budget-unavailable", "Budget cannot be kept now"),
            E::Internal(_) => (500, "internal", "Internal error"),
        };
        ProblemType::new(status, slug, title)
    }

    /// Short machine-readable kind, used in the problem `type` and the error metrics.
    pub fn kind(&self) -> &'static str {
        self.problem_type().slug
    }

    fn field(&self) -> Option<Cow<'static, str>> {
        match self {
            ApiError::Fleets { prefix, error } => Some(Cow::Owned(match error.fleet() {
                Some(i) => format!("{prefix}fleets[{i}]"),
                None => format!("{prefix}fleets"),
            })),
            ApiError::Model(ModelError::Touching(_)) => Some(Cow::Borrowed("opponent.model.touching")),
            ApiError::Model(ModelError::Across(_)) => Some(Cow::Borrowed("opponent.model.across")),
            ApiError::Model(_) => Some(Cow::Borrowed("opponent.model.cells")),
            ApiError::OpponentChoice(_) => Some(Cow::Borrowed("opponent")),
            ApiError::Searches(e) => Some(match e.at() {
                (Some(search), _) => Cow::Owned(format!("searches[{search}]")),
                (None, _) => Cow::Borrowed("searches"),
            }),
            ApiError::SearchModel(SearchModelError::Beside(_)) => Some(Cow::Borrowed("search_model.beside_ships")),
            ApiError::SearchModel(_) => Some(Cow::Borrowed("search_model.pull")),
            ApiError::SearchChoice(_) => Some(Cow::Borrowed("searches")),
            ApiError::History { field, .. }
            | ApiError::Islands { field, .. }
            | ApiError::Observations { field, .. }
            | ApiError::Arsenal { field, .. } => Some(Cow::Owned(field.clone())),
            _ => self.static_field().map(Cow::Borrowed),
        }
    }

    fn static_field(&self) -> Option<&'static str> {
        match self {
            ApiError::UnknownAlgorithm(_) => Some("algorithm"),
            ApiError::Budget { .. } | ApiError::BudgetUnavailable { .. } => Some("budget_ms"),
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
                Some("opponent") => Some("opponent"),
                Some("fleets") => Some("fleets"),
                Some("history") => Some("history"),
                Some("searches") => Some("searches"),
                Some("search_model") => Some("search_model"),
                Some("blocked") => Some("blocked"),
                Some("observations") => Some("observations"),
                _ => None,
            },
            ApiError::Board(_) | ApiError::Strategy(_) => Some("board"),
            ApiError::Fleet(_) => Some("ships"),
            ApiError::Rules(_) => Some("rules"),
            ApiError::AnnounceOnBoard(_) => Some("rules.announce"),
            ApiError::Side { field, .. } => Some(field),
            ApiError::Placement(_) => Some("ships"),
            ApiError::Candidates { .. } => Some("candidates"),
            ApiError::Level(_) => Some("level"),
            ApiError::Turn(e) => Some(e.field()),
            _ => None,
        }
    }

    fn location(&self) -> (Option<usize>, Option<usize>) {
        match self {
            ApiError::Board(e) => e.location(),
            ApiError::Turn(e) => e.location(),
            ApiError::Fleets { error, .. } => error.location(),
            ApiError::Model(e) => e.location(),
            ApiError::SearchModel(e) => e.location(),
            _ => (None, None),
        }
    }

    /// The turn and shot of a history at fault.
    fn moment(&self) -> (Option<usize>, Option<usize>) {
        match self {
            ApiError::History { turn, shot, .. } => (*turn, *shot),
            ApiError::Searches(e) => (None, e.at().1),
            _ => (None, None),
        }
    }

    /// The problem body for this error.
    pub fn problem(&self) -> Problem {
        let (row, col) = self.location();
        let (turn, shot) = self.moment();
        let ty = self.problem_type();
        Problem {
            kind: format!("urn:sonar:problem:{}", ty.slug),
            title: ty.title.to_owned(),
            status: ty.status.as_u16(),
            detail: self.to_string(),
            field: self.field().map(Cow::into_owned),
            row,
            col,
            turn,
            shot,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.problem_type().status
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
        match self {
            ApiError::Overloaded | ApiError::Deadline(_) => {
                res.insert_header((header::RETRY_AFTER, HeaderValue::from_static("1")));
            }
            ApiError::BudgetUnavailable { retry_after, .. } => {
                res.insert_header((header::RETRY_AFTER, HeaderValue::from(*retry_after)));
            }
            _ => {}
        }
        let body = serde_json::to_vec(&self.problem()).unwrap_or_else(|_| b"{}".to_vec());
        res.body(body)
    }
}
