//! The examples of the OpenAPI document, each a real exchange with the service: the request
//! examples of `POST /recommend` (a board, and a history), `POST /placement` and `POST /opponent`
//! and the answers the service gives them,
//! and for every error status a problem body the service answers to a request of that kind.
//!
//! Each is an OpenAPI Example Object (a `summary` naming the request, and the `value`) in a file
//! under `openapi/examples/`, included here when the crate is built. `tests/api/openapi_examples.rs` sends
//! the request behind each one to the service and requires the answer to equal the `value`, so
//! that an example cannot drift from what the service does (`SONAR_BLESS_EXAMPLES=1` rewrites the
//! values from the answers).

use serde_json::Value;
use utoipa::openapi::example::Example;

/// One example: its file under `openapi/examples/` and the file's text.
#[derive(Clone, Copy, Debug)]
pub struct ExampleFile {
    /// The file's name without `.json`: for a problem, its status and kind
    /// (`400-malformed-json`).
    pub name: &'static str,
    json: &'static str,
}

macro_rules! example_file {
    ($name:literal) => {
        ExampleFile { name: $name, json: include_str!(concat!("../../openapi/examples/", $name, ".json")) }
    };
}

impl ExampleFile {
    /// The example as the document shows it.
    pub fn example(&self) -> Example {
        serde_json::from_str(self.json)
            .unwrap_or_else(|e| panic!("openapi/examples/{}.json is not an OpenAPI Example Object: {e}", self.name))
    }

    /// The example's value: the request or answer body.
    pub fn value(&self) -> Value {
        self.example().value.unwrap_or_else(|| panic!("openapi/examples/{}.json has no value", self.name))
    }

    /// The example's name in a media type's `examples`: the file's name without its status
    /// (`malformed-json`).
    pub fn key(&self) -> &'static str {
        match self.name.split_once('-') {
            Some((status, kind)) if status.bytes().all(|b| b.is_ascii_digit()) => kind,
            _ => self.name,
        }
    }

    /// The path of the file, from the crate's root.
    pub fn path(&self) -> String {
        format!("openapi/examples/{}.json", self.name)
    }
}

/// The request example of `POST /recommend`.
pub const RECOMMEND_REQUEST: ExampleFile = example_file!("recommend-request");
/// The answer to [`RECOMMEND_REQUEST`].
pub const RECOMMEND_ANSWER: ExampleFile = example_file!("recommend-200");
/// A request example of `POST /recommend` that sends a game's history under the rule `sunk`.
pub const RECOMMEND_HISTORY_REQUEST: ExampleFile = example_file!("recommend-history-request");
/// The answer to [`RECOMMEND_HISTORY_REQUEST`].
pub const RECOMMEND_HISTORY_ANSWER: ExampleFile = example_file!("recommend-history-200");
/// The request example of `POST /placement`.
pub const PLACEMENT_REQUEST: ExampleFile = example_file!("placement-request");
/// The answer to [`PLACEMENT_REQUEST`].
pub const PLACEMENT_ANSWER: ExampleFile = example_file!("placement-200");
/// The request example of `POST /opponent`.
pub const OPPONENT_REQUEST: ExampleFile = example_file!("opponent-request");
/// The answer to [`OPPONENT_REQUEST`].
pub const OPPONENT_ANSWER: ExampleFile = example_file!("opponent-200");
/// The `density` entry of `GET /algorithms`.
pub const ALGORITHM_ENTRY: ExampleFile = example_file!("algorithm-entry");

/// 400: a body that is not JSON (both POST routes).
pub const MALFORMED_JSON: ExampleFile = example_file!("400-malformed-json");
/// 401: no bearer key, when one is configured (both POST routes).
pub const UNAUTHORIZED: ExampleFile = example_file!("401-unauthorized");
/// 404: a path the service does not have.
pub const NOT_FOUND: ExampleFile = example_file!("404-not-found");
/// 405: a known path asked with a method it does not answer.
pub const METHOD_NOT_ALLOWED: ExampleFile = example_file!("405-method-not-allowed");
/// 408: a body that does not arrive within the default body timeout (both POST routes).
pub const BODY_TIMEOUT: ExampleFile = example_file!("408-body-timeout");
/// 411: a chunked body (both POST routes).
pub const LENGTH_REQUIRED: ExampleFile = example_file!("411-length-required");
/// 413: a body over the limit (both POST routes).
pub const PAYLOAD_TOO_LARGE: ExampleFile = example_file!("413-payload-too-large");
/// 415: a body that is not declared `application/json` (both POST routes).
pub const UNSUPPORTED_MEDIA_TYPE: ExampleFile = example_file!("415-unsupported-media-type");
/// 422 of `POST /recommend`: a board with a character that is not a cell.
pub const INVALID_BOARD: ExampleFile = example_file!("422-invalid-board");
/// 422 of `POST /recommend`: a history that shoots a cell twice.
pub const INVALID_HISTORY: ExampleFile = example_file!("422-invalid-history");
/// 422 of `POST /recommend`: a scan that lists a cell off the board.
pub const INVALID_OBSERVATIONS: ExampleFile = example_file!("422-invalid-observations");
/// 422 of `POST /recommend`: a torpedo sent with an area.
pub const INVALID_ARSENAL: ExampleFile = example_file!("422-invalid-arsenal");
/// 422 of `POST /opponent`: a past fleet with a bent ship.
pub const INVALID_OPPONENT: ExampleFile = example_file!("422-invalid-opponent");
/// 422 of `POST /placement`: a fleet that fits no layout under the rules.
pub const IMPOSSIBLE_PLACEMENT: ExampleFile = example_file!("422-impossible-placement");
/// 500: an algorithm that failed (no request can cause it; see `tests/api/openapi_examples.rs`).
pub const INTERNAL: ExampleFile = example_file!("500-internal");
/// 503 of `POST /recommend`: too many heavy requests in flight.
pub const OVERLOADED: ExampleFile = example_file!("503-overloaded");
/// 503 of `POST /recommend`: a planning budget the compute pool cannot keep.
pub const BUDGET_UNAVAILABLE: ExampleFile = example_file!("503-budget-unavailable");

/// Every example.
pub const ALL: [ExampleFile; 26] = [
    RECOMMEND_REQUEST,
    RECOMMEND_ANSWER,
    RECOMMEND_HISTORY_REQUEST,
    RECOMMEND_HISTORY_ANSWER,
    PLACEMENT_REQUEST,
    PLACEMENT_ANSWER,
    OPPONENT_REQUEST,
    OPPONENT_ANSWER,
    ALGORITHM_ENTRY,
    MALFORMED_JSON,
    UNAUTHORIZED,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    BODY_TIMEOUT,
    LENGTH_REQUIRED,
    PAYLOAD_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
    INVALID_BOARD,
    INVALID_HISTORY,
    INVALID_OBSERVATIONS,
    INVALID_ARSENAL,
    IMPOSSIBLE_PLACEMENT,
    INVALID_OPPONENT,
    INTERNAL,
    OVERLOADED,
    BUDGET_UNAVAILABLE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_has_a_summary_and_a_value() {
        for file in ALL {
            let example = file.example();
            assert!(!example.summary.is_empty(), "{} has no summary", file.path());
            assert!(example.value.is_some(), "{} has no value", file.path());
        }
    }

    #[test]
    fn problems_are_named_by_status_and_kind() {
        assert_eq!(MALFORMED_JSON.key(), "malformed-json");
        assert_eq!(RECOMMEND_REQUEST.key(), "recommend-request");
        for file in ALL.iter().filter(|f| f.name.as_bytes()[0].is_ascii_digit()) {
            let problem = file.value();
            let status: u16 = file.name[..3].parse().unwrap();
            assert_eq!(problem["status"], status, "{}", file.path());
            assert_eq!(problem["type"], format!("urn:sonar:problem:{}", file.key()), "{}", file.path());
        }
    }
}
