//! Every documented limit of `POST /recommend`, at the limit (accepted) and one past it (a 4xx
//! problem naming it): body size, board size, number of ships, JSON nesting, `budget_ms`.
//! Client timeouts, keep-alive and the compute deadline are tested where they act (the modules
//! that run the real server, and `recommend`).

use crate::helpers::{app, post_text};
use serde_json::{Value, json};
use sonar::MAX_BUDGET_MS;
use sonar::MAX_SHIPS;
use sonar::MAX_SIDE;
use sonar::http::AppState;
use sonar::http::MAX_BODY_BYTES;

async fn post_raw(body: Vec<u8>) -> (u16, Value) {
    post_text(&app(AppState::new()).await, body).await
}

async fn post(body: &Value) -> (u16, Value) {
    post_raw(body.to_string().into_bytes()).await
}

fn small() -> Value {
    json!({"board": ["....", "....", "....", "...."], "ships": [3, 2], "algorithm": "density", "seed": 1})
}

#[actix_web::test]
async fn body_size() {
    // Padded with spaces to exactly the limit, then one byte more.
    let mut body = format!(" \n\t{}", small()).into_bytes();
    body.resize(MAX_BODY_BYTES, b' ');
    assert_eq!(post_raw(body.clone()).await.0, 200);
    body.push(b' ');
    let (status, p) = post_raw(body).await;
    assert_eq!(status, 413, "{p}");
    assert_eq!(p["type"], "urn:sonar:problem:payload-too-large");
}

#[actix_web::test]
async fn board_size() {
    let side =
        |rows: usize, cols: usize| json!({"board": vec![".".repeat(cols); rows], "ships": [2], "algorithm": "density"});
    assert_eq!(post(&side(MAX_SIDE, MAX_SIDE)).await.0, 200);
    for (rows, cols, detail) in
        [(MAX_SIDE + 1, 3, "between 1 and 26 rows"), (3, MAX_SIDE + 1, "between 1 and 26 columns")]
    {
        let (status, p) = post(&side(rows, cols)).await;
        assert_eq!(status, 422, "{p}");
        assert_eq!(p["type"], "urn:sonar:problem:invalid-board");
        assert!(p["detail"].as_str().unwrap().contains(detail), "{p}");
    }
}

#[actix_web::test]
async fn number_and_length_of_ships() {
    let board = vec![".".repeat(MAX_SIDE); MAX_SIDE];
    let fleet = |ships: Vec<u64>| json!({"board": board, "ships": ships, "algorithm": "density"});
    assert_eq!(post(&fleet(vec![1; MAX_SHIPS])).await.0, 200);
    assert_eq!(post(&fleet(vec![MAX_SIDE as u64])).await.0, 200);
    for ships in [vec![1; MAX_SHIPS + 1], vec![MAX_SIDE as u64 + 1], vec![0], vec![]] {
        let (status, p) = post(&fleet(ships.clone())).await;
        assert_eq!(status, 422, "{ships:?}: {p}");
        assert_eq!(p["type"], "urn:sonar:problem:invalid-fleet");
        assert_eq!(p["field"], "ships");
    }
}

#[actix_web::test]
async fn json_nesting() {
    // The syntax check skips nested values without recursing, so any depth that fits in the body
    // limit (about 32,000 levels) is safe; the request itself is three levels deep, so deeper
    // values fail at the first level where they do not belong, named by their path.
    for depth in [200, 10_000, 32_000] {
        let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let (status, p) = post_raw(format!("{{\"board\": {nested}, \"ships\": [2]}}").into_bytes()).await;
        assert_eq!(status, 400, "depth {depth}: {p}");
        assert!(p["detail"].as_str().unwrap().starts_with("board[0]: invalid type: sequence"), "{p}");
        let (status, p) = post_raw(nested.into_bytes()).await;
        assert_eq!(status, 400, "depth {depth}: {p}");
        assert!(p["detail"].as_str().unwrap().contains("expected a JSON object"), "{p}");
    }
    let (status, p) = post_raw(format!("{}{}", "[".repeat(140_000), "]".repeat(140_000)).into_bytes()).await;
    assert_eq!(status, 413, "{p}");
}

#[actix_web::test]
async fn budget() {
    let with_budget = |b: u64| {
        let mut req = small();
        req["algorithm"] = json!("bayes");
        req["budget_ms"] = json!(b);
        req
    };
    assert_eq!(post(&with_budget(1)).await.0, 200);
    assert_eq!(post(&with_budget(MAX_BUDGET_MS)).await.0, 200);
    for b in [0, MAX_BUDGET_MS + 1, u64::MAX] {
        let (status, p) = post(&with_budget(b)).await;
        assert_eq!(status, 422, "{b}: {p}");
        assert_eq!(p["type"], "urn:sonar:problem:invalid-budget");
        assert_eq!(p["field"], "budget_ms");
    }
}
