//! How problems are documented in the OpenAPI document: a problem answer with the example the
//! service really gives, the answers both POST endpoints share, and the answers of the routing
//! fallbacks (404, 405), which belong to no operation.

use std::collections::BTreeMap;

use utoipa::IntoResponses;
use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};

use super::examples::{self, ExampleFile};
use super::problem::PROBLEM_JSON;

/// A problem answer: its description and the example of the problem body the service gives.
pub fn problem(description: &str, example: ExampleFile) -> ResponseBuilder {
    problems(description, &[example])
}

/// A problem answer of several kinds: its description and an example of each.
pub fn problems(description: &str, examples: &[ExampleFile]) -> ResponseBuilder {
    let content = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("Problem")))
        .examples_from_iter(examples.iter().map(|e| (e.key(), e.example())))
        .build();
    ResponseBuilder::new().description(description).content(PROBLEM_JSON, content)
}

/// A response header whose value is a string.
pub fn string_header(description: &str) -> Header {
    HeaderBuilder::new()
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .description(Some(description))
        .build()
}

/// The `Retry-After` header of a 503.
pub fn retry_after_header() -> Header {
    HeaderBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
                .minimum(Some(0)),
        ))
        .description(Some("Seconds to wait before retrying"))
        .build()
}

/// The 503 of the routes whose work runs on the compute pool (`/recommend`, `/opponent`): too
/// many in flight or past the deadline, with `Retry-After`.
pub fn overloaded() -> (u16, ResponseBuilder) {
    let description = "Too many compute-heavy requests in flight, or no answer within the compute deadline; retry \
                       after the number of seconds in Retry-After";
    (503, problem(description, examples::OVERLOADED).header("Retry-After", retry_after_header()))
}

/// The 503 of `POST /recommend`: [`overloaded`]'s, or a planning budget the compute pool cannot
/// keep, refused at once with `Retry-After`.
pub fn overloaded_or_budget_unavailable() -> (u16, ResponseBuilder) {
    let description = "Too many compute-heavy requests in flight, or no answer within the compute deadline; or, held \
                       to the wall clock, a planning budget (`budget_ms` above the default) the planning work already \
                       queued would not let start in time to answer within `budget_ms` x 1.2 + 5 ms of arrival \
                       (`budget-unavailable`, refused at once); retry after the number of seconds in Retry-After";
    let examples = [examples::OVERLOADED, examples::BUDGET_UNAVAILABLE];
    (503, problems(description, &examples).header("Retry-After", retry_after_header()))
}

/// Responses keyed by their status.
pub fn by_status(responses: impl IntoIterator<Item = (u16, ResponseBuilder)>) -> BTreeMap<String, RefOr<Response>> {
    responses.into_iter().map(|(status, response)| (status.to_string(), response.build().into())).collect()
}

/// The problem answers the POST routes (`/recommend`, `/placement`, `/opponent`) share, each with
/// an example the service gives to every one (`tests/api/openapi_examples.rs` sends each request
/// to each).
pub struct PostProblems;

impl IntoResponses for PostProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        by_status([
            (
                400,
                problem(
                    "Malformed JSON, an unreadable body, wrong types, numbers that are negative or not whole, or \
                     unknown fields (in `rules` too)",
                    examples::MALFORMED_JSON,
                ),
            ),
            (
                401,
                problem(
                    "An API key is configured and the request does not carry it as `Authorization: Bearer <key>`",
                    examples::UNAUTHORIZED,
                )
                .header("WWW-Authenticate", string_header("`Bearer`")),
            ),
            (
                408,
                problem(
                    "The request body did not arrive within the body timeout; the connection is closed",
                    examples::BODY_TIMEOUT,
                ),
            ),
            (
                411,
                problem(
                    "The body was sent without Content-Length (Transfer-Encoding is not accepted); the connection \
                     is closed",
                    examples::LENGTH_REQUIRED,
                ),
            ),
            (413, problem("Body over 256 KiB", examples::PAYLOAD_TOO_LARGE)),
            (415, problem("Content-Type is not application/json", examples::UNSUPPORTED_MEDIA_TYPE)),
            (
                500,
                problem(
                    "A bug in the service (on `POST /recommend`, reported with the name of the algorithm that \
                     failed)",
                    examples::INTERNAL,
                ),
            ),
        ])
    }
}

/// The answers to requests that match no operation: an unknown path (404) and a known path with
/// another method (405), documented as reusable responses under `components.responses`.
pub fn routing_responses() -> [(&'static str, Response); 2] {
    let not_found = problem("No such path", examples::NOT_FOUND).build();
    let method_not_allowed = problem("The path does not answer this method", examples::METHOD_NOT_ALLOWED)
        .header("Allow", string_header("The methods the path answers: `POST`, or `GET, HEAD`"))
        .build();
    [("NotFound", not_found), ("MethodNotAllowed", method_not_allowed)]
}
