//! Every example of the OpenAPI document is a real exchange with the service. Each test here sends
//! the request behind an example (`openapi/examples/`, included by `sonar::http::examples`) and
//! requires the answer to equal the example's value exactly: the answers to the request
//! examples, and one problem body per error status (a problem has no field that varies from one
//! request to the next: the request id is a header). The shared problems of the two POST routes
//! are asked of both. The last test checks that the document shows each example where it
//! belongs.
//!
//! When the service's answers change on purpose, `SONAR_BLESS_EXAMPLES=1 cargo test --test
//! examples` rewrites the examples' values from the answers; then regenerate the document with
//! `cargo run -- openapi > openapi/openapi.json`.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use crate::helpers::binary::Sonar;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::test::{TestRequest, call_service, read_body};
use serde_json::{Value, json};
use sonar::http::ApiKey;
use sonar::http::AppState;
use sonar::http::MAX_BODY_BYTES;
use sonar::http::examples::{self, ExampleFile};
use sonar::http::{ApiError, BudgetPolicy, PROBLEM_JSON};

const POST_ROUTES: [(&str, ExampleFile); 3] = [
    ("/recommend", examples::RECOMMEND_REQUEST),
    ("/placement", examples::PLACEMENT_REQUEST),
    ("/opponent", examples::OPPONENT_REQUEST),
];

/// Requires `answer` to be `file`'s value, or with `SONAR_BLESS_EXAMPLES` set makes it so.
fn pin(file: ExampleFile, answer: &Value) {
    if *answer == file.value() {
        return;
    }
    let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), file.path());
    if std::env::var_os("SONAR_BLESS_EXAMPLES").is_some() {
        let mut example: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        example["value"] = answer.clone();
        std::fs::write(&path, serde_json::to_string_pretty(&example).unwrap() + "\n").unwrap();
        eprintln!("blessed {path}");
        return;
    }
    panic!(
        "{path} is not what the service answers; the answer is\n{}\n(rewrite the example with \
         SONAR_BLESS_EXAMPLES=1 if the change is meant)",
        serde_json::to_string_pretty(answer).unwrap()
    );
}

/// Requires a problem answer of `file`'s status whose body is `file`'s value.
fn pin_problem(file: ExampleFile, (status, content_type, body): &(u16, String, Value)) {
    let expected: u16 = file.name[..3].parse().unwrap();
    assert_eq!(*status, expected, "{}: {body}", file.name);
    assert_eq!(content_type, PROBLEM_JSON, "{}", file.name);
    pin(file, body);
}

async fn send(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    req: TestRequest,
) -> (u16, String, Value) {
    let res = call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let content_type = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let body = read_body(res).await;
    (status, content_type, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

fn post(path: &str, body: impl Into<actix_web::web::Bytes>) -> TestRequest {
    TestRequest::post().uri(path).insert_header(("content-type", "application/json")).set_payload(body)
}

#[actix_web::test]
async fn the_answer_examples_are_the_answers_to_the_request_examples() {
    let app = crate::helpers::app(AppState::new()).await;
    for ((path, request), answer) in
        POST_ROUTES.into_iter().zip([examples::RECOMMEND_ANSWER, examples::PLACEMENT_ANSWER, examples::OPPONENT_ANSWER])
    {
        let (status, content_type, body) = send(&app, post(path, request.value().to_string())).await;
        assert_eq!((status, content_type.as_str()), (200, "application/json"), "{path}: {body}");
        pin(answer, &body);
    }
    crate::helpers::check_contract(&examples::RECOMMEND_REQUEST.value(), &examples::RECOMMEND_ANSWER.value());
    let history = examples::RECOMMEND_HISTORY_REQUEST.value().to_string();
    let (status, content_type, body) = send(&app, post("/recommend", history)).await;
    assert_eq!((status, content_type.as_str()), (200, "application/json"), "{body}");
    pin(examples::RECOMMEND_HISTORY_ANSWER, &body);
}

#[actix_web::test]
async fn the_algorithm_example_is_the_density_entry() {
    let app = crate::helpers::app(AppState::new()).await;
    let (status, _, list) = send(&app, TestRequest::get().uri("/algorithms")).await;
    assert_eq!(status, 200);
    let density = list.as_array().unwrap().iter().find(|a| a["name"] == "density").unwrap();
    pin(examples::ALGORITHM_ENTRY, density);
}

#[actix_web::test]
async fn both_post_routes_answer_the_shared_problems() {
    let app = crate::helpers::app(AppState::new()).await;
    let keyed = crate::helpers::app(AppState::new().with_api_key(ApiKey::new("s3cret"))).await;
    for (path, request) in POST_ROUTES {
        let body = request.value().to_string();
        pin_problem(examples::MALFORMED_JSON, &send(&app, post(path, r#"{"board": ["#)).await);
        pin_problem(examples::UNAUTHORIZED, &send(&keyed, post(path, body.clone())).await);
        let mut padded = body.clone().into_bytes();
        padded.resize(MAX_BODY_BYTES + 1, b' ');
        pin_problem(examples::PAYLOAD_TOO_LARGE, &send(&app, post(path, padded)).await);
        let text = TestRequest::post().uri(path).insert_header(("content-type", "text/plain")).set_payload(body);
        pin_problem(examples::UNSUPPORTED_MEDIA_TYPE, &send(&app, text).await);
    }
}

#[actix_web::test]
async fn each_post_route_answers_its_own_problems() {
    let app = crate::helpers::app(AppState::new()).await;
    let mut capital = examples::RECOMMEND_REQUEST.value();
    capital["board"][2] = json!("...X......");
    pin_problem(examples::INVALID_BOARD, &send(&app, post("/recommend", capital.to_string())).await);
    let mut twice = examples::RECOMMEND_HISTORY_REQUEST.value();
    twice["history"]["shots"][3]["cell"] = json!("B2");
    pin_problem(examples::INVALID_HISTORY, &send(&app, post("/recommend", twice.to_string())).await);
    let mut scanned = examples::RECOMMEND_REQUEST.value();
    scanned["observations"] = json!([{"any": true, "cells": ["E5", "K1"]}]);
    pin_problem(examples::INVALID_OBSERVATIONS, &send(&app, post("/recommend", scanned.to_string())).await);
    let mut armed = examples::RECOMMEND_REQUEST.value();
    armed["arsenal"] = json!([{"name": "torpedo", "kind": "torpedo", "area": ["X"], "uses": 1}]);
    pin_problem(examples::INVALID_ARSENAL, &send(&app, post("/recommend", armed.to_string())).await);

    let mut crowded = examples::PLACEMENT_REQUEST.value();
    crowded["rows"] = json!(6);
    crowded["cols"] = json!(6);
    pin_problem(examples::IMPOSSIBLE_PLACEMENT, &send(&app, post("/placement", crowded.to_string())).await);

    let mut bent = examples::OPPONENT_REQUEST.value();
    bent["fleets"][1][1] = json!("AA....");
    pin_problem(examples::INVALID_OPPONENT, &send(&app, post("/opponent", bent.to_string())).await);

    // With no room for heavy requests, any `bayes` request (or fit) is one too many.
    let full = crate::helpers::app(AppState::with_max_in_flight(0)).await;
    let mut heavy = examples::RECOMMEND_REQUEST.value();
    heavy["algorithm"] = json!("bayes");
    pin_problem(examples::OVERLOADED, &send(&full, post("/recommend", heavy.to_string())).await);
    let fit = examples::OPPONENT_REQUEST.value().to_string();
    pin_problem(examples::OVERLOADED, &send(&full, post("/opponent", fit)).await);

    // Held to the wall clock, with every compute thread holding a 1,900 ms plan that has just
    // started, a 100 ms budget (which may start at most 13 ms after its arrival) cannot be kept;
    // the work ahead drains in 2 s less the time since the plans started, so the answer says
    // "retry in 2 s" however slowly a loaded machine gets there within a second.
    let held = AppState::new().with_budget_policy(BudgetPolicy::SERVED);
    let pool = held.compute.clone();
    let admission = held.admission.clone();
    let busy = crate::helpers::app(held).await;
    let (release, wait) = std::sync::mpsc::channel::<()>();
    let wait = std::sync::Arc::new(std::sync::Mutex::new(wait));
    let mut running = Vec::new();
    for _ in 0..pool.threads() {
        let promise = pool.promise(std::time::Instant::now(), std::time::Duration::from_millis(1900)).unwrap();
        let (p, wait, admission) = (pool.clone(), std::sync::Arc::clone(&wait), admission.clone());
        running.push(actix_web::rt::spawn(async move {
            p.run_admitted(&admission, Some(promise), move |_| wait.lock().unwrap().recv()).await
        }));
    }
    actix_web::rt::time::sleep(std::time::Duration::from_millis(5)).await;
    let mut planning = examples::RECOMMEND_REQUEST.value();
    planning["algorithm"] = json!("bayes");
    planning["budget_ms"] = json!(100);
    pin_problem(examples::BUDGET_UNAVAILABLE, &send(&busy, post("/recommend", planning.to_string())).await);
    for _ in &running {
        release.send(()).unwrap();
    }
    for task in running {
        task.await.unwrap().unwrap().unwrap();
    }
}

#[actix_web::test]
async fn requests_that_match_no_operation_get_the_routing_problems() {
    let app = crate::helpers::app(AppState::new()).await;
    pin_problem(examples::NOT_FOUND, &send(&app, TestRequest::get().uri("/nowhere")).await);
    pin_problem(examples::METHOD_NOT_ALLOWED, &send(&app, TestRequest::get().uri("/recommend")).await);
}

/// No request can make the service answer 500: it is the answer to a bug (an algorithm that
/// panics, caught by `POST /recommend`, or a panic on the compute pool), and the service has none
/// that a test could provoke. The example is the body the service writes for the error a
/// panicking algorithm becomes, `ApiError::Internal` with the algorithm's name, through the same
/// `error_response` every answer goes through.
#[actix_web::test]
async fn the_internal_error_example_is_what_a_failing_algorithm_gets() {
    use actix_web::ResponseError;
    let res = ApiError::Internal("algorithm bayes failed".to_owned()).error_response();
    let status = res.status().as_u16();
    let content_type = res.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
    let body = actix_web::body::to_bytes(res.into_body()).await.unwrap();
    pin_problem(examples::INTERNAL, &(status, content_type, serde_json::from_slice(&body).unwrap()));
}

/// Sends `request` on a new connection and reads until the server closes it (or 10 s pass); the
/// status, content type and JSON body of the answer.
fn exchange(addr: SocketAddr, request: &[u8]) -> (u16, String, Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                panic!("the connection is still open after 10 s: {}", String::from_utf8_lossy(&got))
            }
            Err(_) => break,
        }
    }
    let text = String::from_utf8(got).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no complete answer: {text:?}"));
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| l.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("content-type")))
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default();
    (status, content_type, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// The 408 and the 411 act on the connection, so they are asked of the real server. The 408 is
/// the default body timeout's (5 s): both routes are asked at once.
#[test]
fn the_real_server_answers_the_connection_problems() {
    let sonar = Sonar::start(&[], &[]);
    let slow: Vec<_> = POST_ROUTES
        .iter()
        .map(|&(path, _)| {
            let addr = sonar.addr;
            let head = format!(
                "POST {path} HTTP/1.1\r\nHost: sonar\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            );
            std::thread::spawn(move || exchange(addr, format!("{head}{{\"board\": [").as_bytes()))
        })
        .collect();
    for (path, _) in POST_ROUTES {
        let chunked = format!(
            "POST {path} HTTP/1.1\r\nHost: sonar\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        );
        pin_problem(examples::LENGTH_REQUIRED, &exchange(sonar.addr, chunked.as_bytes()));
    }
    for answer in slow {
        pin_problem(examples::BODY_TIMEOUT, &answer.join().unwrap());
    }
}

/// Where the document shows each example: the request and answer examples as their schemas'
/// examples, every problem as the example of its status's response.
#[test]
fn the_document_shows_each_example_where_it_belongs() {
    let doc: Value = serde_json::from_str(&sonar::http::spec_json()).unwrap();
    let schemas = &doc["components"]["schemas"];
    for (schema, file) in [
        ("RecommendRequest", examples::RECOMMEND_REQUEST),
        ("RecommendResponse", examples::RECOMMEND_ANSWER),
        ("PlacementRequest", examples::PLACEMENT_REQUEST),
        ("PlacementResponse", examples::PLACEMENT_ANSWER),
        ("OpponentRequest", examples::OPPONENT_REQUEST),
        ("OpponentResponse", examples::OPPONENT_ANSWER),
        ("AlgorithmEntry", examples::ALGORITHM_ENTRY),
        ("Problem", examples::INVALID_BOARD),
    ] {
        assert_eq!(schemas[schema]["example"], file.value(), "{schema}");
    }
    let shown = |response: &Value| {
        let examples = response["content"][PROBLEM_JSON]["examples"].as_object().expect("examples").clone();
        assert_eq!(examples.len(), 1, "{response}");
        examples.into_iter().next().unwrap()
    };
    // POST /recommend takes a board or a history: an example of each, with its answer.
    let recommend = &doc["paths"]["/recommend"]["post"];
    for (content, files) in [
        (
            &recommend["requestBody"]["content"]["application/json"],
            [examples::RECOMMEND_REQUEST, examples::RECOMMEND_HISTORY_REQUEST],
        ),
        (
            &recommend["responses"]["200"]["content"]["application/json"],
            [examples::RECOMMEND_ANSWER, examples::RECOMMEND_HISTORY_ANSWER],
        ),
    ] {
        let expected: serde_json::Map<String, Value> =
            files.iter().map(|f| (f.key().to_owned(), serde_json::to_value(f.example()).unwrap())).collect();
        assert_eq!(content["examples"], Value::Object(expected));
    }
    let shared = [
        examples::MALFORMED_JSON,
        examples::UNAUTHORIZED,
        examples::BODY_TIMEOUT,
        examples::LENGTH_REQUIRED,
        examples::PAYLOAD_TOO_LARGE,
        examples::UNSUPPORTED_MEDIA_TYPE,
        examples::INTERNAL,
    ];
    // Each status with one example, but /recommend's 422: a board's, a history's, a scan's and an
    // arsenal's.
    let recommend_422 = &recommend["responses"]["422"]["content"][PROBLEM_JSON]["examples"];
    for file in
        [examples::INVALID_BOARD, examples::INVALID_HISTORY, examples::INVALID_OBSERVATIONS, examples::INVALID_ARSENAL]
    {
        assert_eq!(recommend_422[file.key()], serde_json::to_value(file.example()).unwrap(), "{}", file.name);
    }
    assert_eq!(recommend_422.as_object().unwrap().len(), 4);
    // /recommend's 503 has two: too many in flight, and a planning budget that cannot be kept.
    let recommend_503 = &recommend["responses"]["503"]["content"][PROBLEM_JSON]["examples"];
    for file in [examples::OVERLOADED, examples::BUDGET_UNAVAILABLE] {
        assert_eq!(recommend_503[file.key()], serde_json::to_value(file.example()).unwrap(), "{}", file.name);
    }
    assert_eq!(recommend_503.as_object().unwrap().len(), 2);
    for (path, own) in [
        ("/recommend", vec![]),
        ("/placement", vec![examples::IMPOSSIBLE_PLACEMENT, examples::OVERLOADED]),
        ("/opponent", vec![examples::INVALID_OPPONENT, examples::OVERLOADED]),
    ] {
        let responses = doc["paths"][path]["post"]["responses"].as_object().unwrap();
        let files: Vec<ExampleFile> = shared.iter().chain(&own).copied().collect();
        let statuses = files.len() + 1 + if path == "/recommend" { 2 } else { 0 };
        assert_eq!(responses.len(), statuses, "{path}: {:?}", responses.keys());
        assert!(responses["200"].is_object(), "{path}");
        for file in files {
            let (key, example) = shown(&responses[&file.name[..3]]);
            assert_eq!(key, file.key(), "{path} {}", file.name);
            assert_eq!(example, serde_json::to_value(file.example()).unwrap(), "{path} {}", file.name);
        }
    }
    for (name, file) in [("NotFound", examples::NOT_FOUND), ("MethodNotAllowed", examples::METHOD_NOT_ALLOWED)] {
        let (key, example) = shown(&doc["components"]["responses"][name]);
        assert_eq!((key.as_str(), example), (file.key(), serde_json::to_value(file.example()).unwrap()));
    }
}
