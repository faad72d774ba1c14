//! The HTTP contract, exercised in-process: answers, errors, docs, metrics and whole games.

use crate::helpers::{app, check_contract, post_json, post_text};
use crate::operations::metric_value;
use actix_web::test;
use serde_json::{Value, json};
use sonar::Algorithm;
use sonar::http::AppState;

/// The request example of the OpenAPI document (`density`, seed 42, the classic board after a miss
/// and a hit below it).
pub fn example() -> Value {
    sonar::http::examples::RECOMMEND_REQUEST.value()
}

#[actix_web::test]
async fn recommends_a_legal_shot_with_its_grid() {
    let app = app(AppState::new()).await;
    let req = example();
    let (status, body) = post_json(&app, &req).await;
    assert_eq!(status, 200, "{body}");
    check_contract(&req, &body);
    assert_eq!(body["algorithm"], "density");
    assert_eq!(body["mode"], "target");
    assert_eq!(body["grid_kind"], "score");
    assert_eq!(body["seed"], 42);
    // The only hit is C4: the best cells are its open neighbours in the row (C3 or C5).
    assert_eq!(body["shot"]["row"], 2);
}

#[actix_web::test]
async fn same_seed_same_answer_and_default_algorithm() {
    let app = app(AppState::new()).await;
    let req = json!({"board": vec!["......"; 6], "ships": [3, 2], "seed": 9});
    let (_, a) = post_json(&app, &req).await;
    let (_, b) = post_json(&app, &req).await;
    assert_eq!(a, b);
    assert_eq!(a["algorithm"], sonar::Algorithm::DEFAULT.name());
    assert_eq!(a["mode"], "hunt");
    // Without a seed one is drawn and reported, and replaying it gives the same answer.
    let (_, c) = post_json(&app, &json!({"board": vec!["......"; 6], "ships": [3, 2]})).await;
    let replay = json!({"board": vec!["......"; 6], "ships": [3, 2], "seed": c["seed"]});
    assert_eq!(post_json(&app, &replay).await.1, c);
}

#[actix_web::test]
async fn any_board_size_and_fleet_gets_a_legal_answer() {
    let app = app(AppState::new()).await;
    for req in [
        json!({"board": ["."], "ships": [1]}),
        json!({"board": ["x."], "ships": [2]}),
        json!({"board": [".", ".", "."], "ships": [3]}),
        json!({"board": vec![".".repeat(26); 26], "ships": [26, 26, 1]}),
        json!({"board": ["#o.x", "...."], "ships": [2, 1]}),
        json!({"board": ["oxx.", "...."], "ships": [3]}),
    ] {
        let (status, body) = post_json(&app, &req).await;
        assert_eq!(status, 200, "{req} -> {body}");
        check_contract(&req, &body);
    }
}

/// JSON Schema counts `3.0` as the integer 3, so the integer fields take whole numbers however
/// they are written, read exactly from their digits; a fraction or a number past 2^64 - 1 is
/// still refused.
#[actix_web::test]
async fn integer_fields_accept_whole_numbers_however_written() {
    let app = app(AppState::new()).await;
    let plain = post_json(&app, &json!({"board": vec!["....."; 5], "ships": [3, 2], "seed": 7, "budget_ms": 5})).await;
    assert_eq!(plain.0, 200, "{}", plain.1);
    let body = r#"{"board": [".....", ".....", ".....", ".....", "....."], "ships": [3.0, 2e0], "seed": 7.0, "budget_ms": 5.0}"#;
    let (status, answer) = post_text(&app, body).await;
    assert_eq!((status, &answer), (200, &plain.1));
    let (status, body) = post_json(&app, &json!({"board": ["....."], "ships": [2], "seed": u64::MAX})).await;
    assert_eq!((status, body["seed"].as_u64()), (200, Some(u64::MAX)), "{body}");
    // Written with a fraction or an exponent, a whole number is still read exactly (Schemathesis
    // found `2153582216778793.0` refused: serde_json's fast float parser read 2153582216778792.75).
    for (written, seed) in [
        ("2153582216778793.0", 2_153_582_216_778_793_u64),
        ("9007199254740993.0", (1 << 53) + 1),
        ("90071992547409910e-1", (1 << 53) - 1),
        ("1234567890123456.000000000000000000000", 1_234_567_890_123_456),
        ("1e19", 10_000_000_000_000_000_000),
        ("18446744073709551615.0", u64::MAX),
    ] {
        let (status, answer) =
            post_text(&app, format!(r#"{{"board": ["....."], "ships": [2], "seed": {written}}}"#)).await;
        assert_eq!((status, answer["seed"].as_u64()), (200, Some(seed)), "{written} -> {answer}");
    }
    for body in [
        r#"{"board": ["..."], "ships": [2], "seed": 1.8446744073709551616e19}"#,
        r#"{"board": ["..."], "ships": [2], "budget_ms": 5.5}"#,
    ] {
        let (status, problem) = post_text(&app, body).await;
        assert_eq!(status, 400, "{body} -> {problem}");
    }
}

/// Every malformed or hostile body of the contract, with the status and what the detail names.
#[actix_web::test]
async fn bad_requests_get_problem_details() {
    let app = app(AppState::new()).await;
    let cases: Vec<(Value, u16, &str, &str)> = vec![
        (json!({"board": 5, "ships": [2]}), 400, "invalid-request", "expected a sequence"),
        (json!({"board": ["..."]}), 400, "invalid-request", "missing field `ships`"),
        (json!({"board": ["..."], "ships": [-1]}), 400, "invalid-request", "invalid value"),
        (json!({"board": ["..."], "ships": [2], "seed": "x"}), 400, "invalid-request", "seed: invalid type"),
        (json!({"board": ["...", 7], "ships": [2]}), 400, "invalid-request", "board[1]: invalid type"),
        (json!({"board": ["..."], "ships": [2], "seed": -3}), 400, "invalid-request", "seed:"),
        (json!({"board": ["..."], "ships": [2.5]}), 400, "invalid-request", "ships[0]"),
        (json!(["..."]), 400, "invalid-request", "expected a JSON object"),
        (json!({"board": ["..."], "ships": [2], "colour": 1}), 400, "invalid-request", "unknown field `colour`"),
        (json!({"board": [], "ships": [2]}), 422, "invalid-board", "between 1 and 26 rows"),
        (json!({"board": vec!["."; 27], "ships": [1]}), 422, "invalid-board", "got 27"),
        (json!({"board": [".".repeat(27)], "ships": [1]}), 422, "invalid-board", "board[0]"),
        (json!({"board": ["...", ".."], "ships": [1]}), 422, "invalid-board", "board[1]"),
        (json!({"board": ["", ""], "ships": [1]}), 422, "invalid-board", "board[0]"),
        (json!({"board": ["...", ".X."], "ships": [1]}), 422, "invalid-board", "board[1][1]"),
        (json!({"board": ["...", ".é."], "ships": [1]}), 422, "invalid-board", "board[1][1]"),
        (json!({"board": ["..."], "ships": []}), 422, "invalid-fleet", "at least one"),
        (json!({"board": ["..."], "ships": [0]}), 422, "invalid-fleet", "ships[0]"),
        (json!({"board": ["..."], "ships": [2, 4]}), 422, "invalid-fleet", "ships[1]"),
        (json!({"board": ["..."], "ships": [18446744073709551615u64]}), 422, "invalid-fleet", "ships[0]"),
        (json!({"board": vec!["....."; 5], "ships": vec![1; 65]}), 422, "invalid-fleet", "at most 64"),
        (json!({"board": ["..."], "ships": [2], "algorithm": "alphago"}), 422, "unknown-algorithm", "density"),
        (json!({"board": ["..."], "ships": [2], "budget_ms": 0}), 422, "invalid-budget", "budget_ms"),
        (json!({"board": ["..."], "ships": [2], "budget_ms": 1001}), 422, "invalid-budget", "at most"),
        (json!({"board": ["ooo", "o#o"], "ships": [1]}), 422, "inconsistent-position", "no '.' cell"),
        (json!({"board": ["xxx."], "ships": [2]}), 422, "inconsistent-position", "3 'x' cells"),
        (json!({"board": ["..oo", "oooo"], "ships": [2, 1]}), 422, "inconsistent-position", "total length 3"),
        (json!({"board": ["oxo..", "ooo.."], "ships": [2]}), 422, "inconsistent-position", "board[0][1]"),
        (json!({"board": ["..o..", "ooooo", "..o.."], "ships": [3]}), 422, "inconsistent-position", "fits nowhere"),
    ];
    for (body, status, kind, needle) in cases {
        let (got, problem) = post_json(&app, &body).await;
        assert_eq!(got, status, "{body} -> {problem}");
        assert_eq!(problem["status"], status);
        assert_eq!(problem["type"], format!("urn:sonar:problem:{kind}"), "{body} -> {problem}");
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(needle), "{body}: detail {detail:?} lacks {needle:?}");
        assert!(problem["title"].is_string());
    }
    // A cell-level error names the field, row and column.
    let (_, p) = post_json(&app, &json!({"board": ["...", ".X."], "ships": [1]})).await;
    assert_eq!((p["field"].as_str(), p["row"].as_u64(), p["col"].as_u64()), (Some("board"), Some(1), Some(1)));
}

pub async fn raw(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    req: test::TestRequest,
) -> (u16, String, Value, actix_web::http::header::HeaderMap) {
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let ct = headers.get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let bytes = test::read_body(res).await;
    (status, ct, serde_json::from_slice(&bytes).unwrap_or(Value::Null), headers)
}

#[actix_web::test]
async fn transport_errors_are_problems_too() {
    let app = app(AppState::new()).await;
    let problem = "application/problem+json";
    let cases = vec![
        (
            test::TestRequest::post()
                .uri("/recommend")
                .insert_header(("content-type", "application/json"))
                .set_payload("{\"board\": ["),
            400,
            "malformed-json",
        ),
        (
            test::TestRequest::post()
                .uri("/recommend")
                .insert_header(("content-type", "application/json"))
                .set_payload(""),
            400,
            "malformed-json",
        ),
        (
            test::TestRequest::post()
                .uri("/recommend")
                .insert_header(("content-type", "application/json"))
                .set_payload("[".repeat(10_000)),
            400,
            "malformed-json",
        ),
        (
            test::TestRequest::post()
                .uri("/recommend")
                .insert_header(("content-type", "text/plain"))
                .set_payload(example().to_string()),
            415,
            "unsupported-media-type",
        ),
        (test::TestRequest::post().uri("/recommend").set_payload(example().to_string()), 415, "unsupported-media-type"),
        (
            test::TestRequest::post()
                .uri("/recommend")
                .insert_header(("content-type", "application/json"))
                .set_payload(format!("{{\"board\": [\"{}\"], \"ships\": [1]}}", ".".repeat(270_000))),
            413,
            "payload-too-large",
        ),
        (test::TestRequest::get().uri("/nowhere"), 404, "not-found"),
        (test::TestRequest::get().uri("/recommend"), 405, "method-not-allowed"),
        (test::TestRequest::delete().uri("/healthz"), 405, "method-not-allowed"),
    ];
    for (req, status, kind) in cases {
        let (got, ct, body, _) = raw(&app, req).await;
        assert_eq!(got, status, "{kind}: {body}");
        assert_eq!(ct, problem, "{kind}");
        assert_eq!(body["type"], format!("urn:sonar:problem:{kind}"));
        assert_eq!(body["status"], status);
    }
    let (_, _, _, headers) = raw(&app, test::TestRequest::put().uri("/recommend")).await;
    assert_eq!(headers.get("allow").unwrap(), "POST");
    let (_, _, _, headers) = raw(&app, test::TestRequest::delete().uri("/healthz")).await;
    assert_eq!(headers.get("allow").unwrap(), "GET, HEAD");
}

fn grid_sum(answer: &Value) -> f64 {
    answer["grid"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap()).map(|v| v.as_f64().unwrap()).sum()
}

#[actix_web::test]
async fn bayes_is_the_default_and_reports_how_it_knows() {
    let app = app(AppState::new()).await;
    // The empty classic board: the committed exact prior.
    let empty = json!({"board": vec![".........."; 10], "ships": [5, 4, 3, 3, 2], "seed": 1});
    let (status, a) = post_json(&app, &empty).await;
    assert_eq!(status, 200, "{a}");
    check_contract(&empty, &a);
    assert_eq!((a["algorithm"].as_str(), a["grid_kind"].as_str()), (Some("bayes"), Some("probability")));
    assert_eq!((a["exact"].as_bool(), a["layouts"].as_str()), (Some(true), Some("15046987768")));
    assert!(a["samples"].is_null());
    assert!((grid_sum(&a) - 17.0).abs() < 1e-9);
    // A late board (35 shots of a real game) is counted exactly; the grid sums to the ship cells
    // still hidden.
    let (board, ships, hidden) = late_board(35);
    let late = json!({"board": board, "ships": ships, "algorithm": "bayes", "seed": 2});
    let (status, a) = post_json(&app, &late).await;
    assert_eq!(status, 200, "{a}");
    check_contract(&late, &a);
    assert_eq!(a["exact"], true, "{late}");
    assert!(a["layouts"].as_str().unwrap().parse::<u128>().unwrap() > 0);
    assert!((grid_sum(&a) - hidden as f64).abs() < 1e-9, "sum {} for {hidden}", grid_sum(&a));
    // An opening with a few misses is estimated; the estimate keeps the same invariant.
    let early = json!({"board": ["..........", "...o......", "..........", ".......o..", "..........",
                                  ".o........", "..........", ".....o....", "..........", ".........."],
                        "ships": [5, 4, 3, 3, 2], "seed": 3});
    let (status, a) = post_json(&app, &early).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["exact"], false);
    assert!(a["samples"].as_u64().unwrap() > 100 && a["layouts"].is_null());
    assert!((grid_sum(&a) - 17.0).abs() < 1e-6, "sum {}", grid_sum(&a));
    assert_eq!(post_json(&app, &early).await.1, a, "same seed, same estimate");
}

#[actix_web::test]
async fn every_algorithm_rejects_boards_no_layout_explains() {
    let app = app(AppState::new()).await;
    for board in [json!(["x.x", "ooo"]), json!(["oxxo", "...."])] {
        // Both pass the cheap checks, but one 2-ship cannot cover both hits, nor lie wholly on
        // two announced hits: the witness search proves it, whatever the algorithm.
        for algorithm in Algorithm::ALL {
            let request = json!({"board": board, "ships": [2], "algorithm": algorithm.name()});
            let (status, p) = post_json(&app, &request).await;
            assert_eq!(status, 422, "{request}: {p}");
            assert_eq!(p["type"], "urn:sonar:problem:inconsistent-position");
            assert_eq!(p["field"], "board");
            assert!(p["detail"].as_str().unwrap().contains("no layout of the ships afloat"), "{p}");
        }
    }
}

#[actix_web::test]
async fn bayes_answers_the_largest_boards() {
    let app = app(AppState::new()).await;
    let mut board = vec![".".repeat(26); 26];
    board[3].replace_range(5..6, "x");
    board[20].replace_range(7..8, "o");
    let req = json!({"board": board, "ships": [5, 5, 4, 4, 3, 3, 3, 2, 2, 1], "algorithm": "bayes", "seed": 4});
    let (status, a) = post_json(&app, &req).await;
    assert_eq!(status, 200, "{a}");
    check_contract(&req, &a);
    assert!((grid_sum(&a) - 31.0).abs() < 1e-6, "sum {}", grid_sum(&a));
}

/// The board after `shots` shots of `density` in a classic game that is not over by then, the
/// ships afloat, and how many of their cells are not yet hit.
fn late_board(shots: usize) -> (Vec<String>, Vec<usize>, usize) {
    use sonar::Game;
    use sonar::random_layout;
    use sonar::seeded;
    for seed in 0.. {
        let mut rng = seeded(seed);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        let mut grid = vec![0.0; 100];
        while game.shots() < shots && !game.is_over() {
            grid.fill(0.0);
            let d = sonar::Algorithm::Density.strategy().decide(game.turn(), &mut rng, &mut grid).unwrap();
            game.fire(d.shot).unwrap();
        }
        if !game.is_over() {
            let hits = game.board().count(sonar::Cell::Hit);
            return (game.board().to_rows(), game.fleet().lengths().to_vec(), game.fleet().total_cells() - hits);
        }
    }
    unreachable!()
}

#[actix_web::test]
async fn heavy_requests_past_the_bound_get_503_with_retry_after() {
    let app = app(AppState::with_max_in_flight(0)).await;
    let mut req = example();
    req["algorithm"] = json!("bayes");
    let res = test::call_service(&app, test::TestRequest::post().uri("/recommend").set_json(&req).to_request()).await;
    assert_eq!(res.status(), 503);
    assert_eq!(res.headers().get("retry-after").unwrap(), "1");
    assert_eq!(res.headers().get("content-type").unwrap(), "application/problem+json");
    let body: Value = serde_json::from_slice(&test::read_body(res).await).unwrap();
    assert_eq!(body["type"], "urn:sonar:problem:overloaded");
    // Light algorithms are not held back by the bound.
    assert_eq!(post_json(&app, &example()).await.0, 200);
}

#[actix_web::test]
async fn heavy_requests_past_the_compute_deadline_get_503_and_the_service_carries_on() {
    let app = app(AppState::with_limits(64, std::time::Duration::from_millis(1))).await;
    // An open 26x26 board at the largest budget thinks for far longer than a millisecond.
    let req = json!({"board": vec![".".repeat(26); 26], "ships": [5, 5, 4, 4, 3, 3, 3, 2, 2, 1],
                     "algorithm": "bayes", "budget_ms": 1000, "seed": 1});
    let res = test::call_service(&app, test::TestRequest::post().uri("/recommend").set_json(&req).to_request()).await;
    assert_eq!(res.status(), 503);
    assert_eq!(res.headers().get("retry-after").unwrap(), "1");
    let body: Value = serde_json::from_slice(&test::read_body(res).await).unwrap();
    assert_eq!(body["type"], "urn:sonar:problem:deadline-exceeded");
    assert!(body["detail"].as_str().unwrap().contains("1 ms compute deadline"), "{body}");
    // Light algorithms do not use the pool and answer as usual.
    assert_eq!(post_json(&app, &example()).await.0, 200);
}

#[actix_web::test]
async fn the_compute_histogram_counts_exactly_the_answers_served() {
    let app = app(AppState::new()).await;
    let mut served = 0;
    for (i, algorithm) in ["bayes", "density", "random", "nope", "bayes"].iter().enumerate() {
        let mut req = example();
        req["algorithm"] = json!(algorithm);
        req["seed"] = json!(i);
        served += u32::from(post_json(&app, &req).await.0 == 200);
    }
    post_json(&app, &json!({"board": ["x.x", "ooo"], "ships": [2], "algorithm": "bayes"})).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/metrics").to_request()).await;
    let text = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    let histogram: f64 = ["bayes", "density", "random"]
        .iter()
        .map(|a| metric_value(&text, &format!("sonar_recommend_duration_seconds_count{{algorithm=\"{a}\"}}")))
        .sum();
    let ok = metric_value(&text, "sonar_http_requests_total{method=\"POST\",route=\"/recommend\",status=\"200\"}");
    assert_eq!((histogram, ok), (f64::from(served), f64::from(served)));
    assert_eq!(served, 4);
}
