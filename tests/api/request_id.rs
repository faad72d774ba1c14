//! Request ids: every answer carries `x-request-id` (the client's when it is short and plain, a
//! fresh one otherwise), and the request's log lines carry the same id.

use std::time::Duration;

use crate::helpers::binary::{Sonar, client};
use actix_web::test::{TestRequest, call_service, init_service};
use serde_json::{Value, json};
use sonar::http::ApiKey;
use sonar::http::AppState;

fn id_of(res: &actix_web::dev::ServiceResponse) -> String {
    res.headers().get("x-request-id").expect("an x-request-id header").to_str().unwrap().to_owned()
}

#[actix_web::test]
async fn every_answer_carries_an_id() {
    let app = init_service(sonar::http::app(AppState::new().with_api_key(ApiKey::new("k")))).await;
    let bad = json!({"board": ["?"], "ships": [1]});
    let requests = [
        (TestRequest::get().uri("/healthz"), 200),
        (TestRequest::get().uri("/nowhere"), 404),
        (TestRequest::put().uri("/healthz"), 405),
        (TestRequest::post().uri("/recommend").set_json(&bad), 401),
        (TestRequest::post().uri("/recommend").insert_header(("authorization", "Bearer k")).set_json(&bad), 422),
        (TestRequest::post().uri("/recommend").insert_header(("authorization", "Bearer k")).set_payload("{"), 415),
    ];
    let mut ids = Vec::new();
    for (req, status) in requests {
        let res = call_service(&app, req.to_request()).await;
        assert_eq!(res.status().as_u16(), status);
        let id = id_of(&res);
        assert!(sonar::http::acceptable_request_id(id.as_bytes()), "{id}");
        ids.push(id);
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 6, "ids are fresh for every request");
}

#[actix_web::test]
async fn a_plain_client_id_is_echoed_and_any_other_replaced() {
    let app = init_service(sonar::http::app(AppState::new())).await;
    let long = "a".repeat(65);
    let max = "b".repeat(64);
    for (sent, echoed) in [
        ("abc-123_X.y", true),
        (max.as_str(), true),
        (long.as_str(), false),
        ("has space", false),
        ("semi;colon", false),
        ("slash/", false),
        ("", false),
    ] {
        let req = TestRequest::get().uri("/healthz").insert_header(("x-request-id", sent)).to_request();
        let id = id_of(&call_service(&app, req).await);
        assert_eq!(id == sent, echoed, "sent {sent:?}, got {id:?}");
        assert!(sonar::http::acceptable_request_id(id.as_bytes()));
    }
}

fn lines_with_id<'a>(logs: &'a [Value], id: &str) -> Vec<&'a Value> {
    logs.iter().filter(|l| l["span"]["request_id"] == id).collect()
}

#[test]
fn the_request_log_lines_carry_the_id() {
    let sonar = Sonar::start(&[], &[("RUST_LOG", "debug")]);
    let agent = client();
    let ok = agent
        .post(format!("{}/recommend", sonar.base()))
        .header("x-request-id", "trace-me-42")
        .send_json(json!({"board": ["...", "...", "..."], "ships": [2], "algorithm": "density", "seed": 1}))
        .unwrap();
    assert_eq!(ok.status(), 200);
    assert_eq!(ok.headers().get("x-request-id").unwrap(), "trace-me-42");
    let missing = agent.get(format!("{}/nowhere", sonar.base())).header("x-request-id", "bad id!").call().unwrap();
    assert_eq!(missing.status(), 404);
    let fresh = missing.headers().get("x-request-id").unwrap().to_str().unwrap().to_owned();
    assert_ne!(fresh, "bad id!");
    let answered = |id: &str, status: u64, level: &str| {
        sonar.wait_for_line(Duration::from_secs(10), |l| {
            l["span"]["request_id"] == id && l["fields"]["status"] == status && l["level"] == level
        })
    };
    assert!(answered("trace-me-42", 200, "DEBUG"));
    assert!(answered(&fresh, 404, "INFO"));
    let logs = sonar.logs();
    let line = lines_with_id(&logs, "trace-me-42")[0];
    assert_eq!(line["fields"]["method"], "POST");
    assert_eq!(line["fields"]["path"], "/recommend");
    assert!(lines_with_id(&logs, "bad id!").is_empty());
}

#[test]
fn successes_are_not_logged_at_the_default_level() {
    let sonar = Sonar::start(&[], &[]);
    let agent = client();
    let ok = agent.get(format!("{}/healthz", sonar.base())).header("x-request-id", "quiet-1").call().unwrap();
    assert_eq!(ok.status(), 200);
    let missing = agent.get(format!("{}/nowhere", sonar.base())).header("x-request-id", "loud-1").call().unwrap();
    assert_eq!(missing.status(), 404);
    assert!(sonar.wait_for_line(Duration::from_secs(10), |l| l["span"]["request_id"] == "loud-1"));
    assert!(lines_with_id(&sonar.logs(), "quiet-1").is_empty(), "a 200 logged at INFO");
}
