//! Strikes and torpedoes in a history: a turn of `shots` or `salvoes` that fired a strike's shots
//! or a torpedo's, read as the same shots written one a turn, and the 422 of each way to get one
//! wrong.

use crate::helpers::{app, post_json_to};
use serde_json::{Value, json};
use sonar::http::AppState;

async fn recommend(history: Value, announce: &str) -> (u16, Value) {
    let app = app(AppState::new()).await;
    let request = json!({"history": history, "rules": {"announce": announce}, "algorithm": "bayes", "seed": 5});
    post_json_to(&app, "/recommend", &request).await
}

fn shot(cell: &str, result: &str) -> Value {
    json!({"cell": cell, "result": result})
}

/// A 2x2 strike that hit twice and a torpedo that passed two cells of water and hit: under `hit`
/// (every hit names its ship) and `none` (only hit or miss), the posterior is the one of the same
/// shots one a turn, with the wake read as a reveal of water.
#[actix_web::test]
async fn strikes_and_torpedoes_read_as_their_shots() {
    let fleet = json!([{"name": "cruiser", "length": 3}, {"name": "destroyer", "length": 2}]);
    for announce in ["hit", "none"] {
        let named = |cell: &str, ship: &str| match announce {
            "hit" => json!({"cell": cell, "result": "hit", "ship": ship}),
            _ => shot(cell, "hit"),
        };
        let strike = json!({"strike": {"shots": [named("B2", "cruiser"), shot("B3", "miss"), named("C2", "cruiser"), shot("C3", "miss")]}});
        let torpedo = json!({"torpedo": {"passed": ["F1", "F2"], "shots": [named("F3", "destroyer")]}});
        let powered = json!({"rows": 6, "cols": 6, "fleet": fleet, "shots": [strike, torpedo]});
        let (status, answer) = recommend(powered, announce).await;
        assert_eq!(status, 200, "{announce}: {answer}");
        let plain: Vec<Value> = vec![
            named("B2", "cruiser"),
            shot("B3", "miss"),
            named("C2", "cruiser"),
            shot("C3", "miss"),
            json!({"reveal": {"cells": ["F1", "F2"], "ships": []}}),
            named("F3", "destroyer"),
        ];
        let one_a_turn = json!({"rows": 6, "cols": 6, "fleet": fleet, "shots": plain});
        let (status, expected) = recommend(one_a_turn, announce).await;
        assert_eq!(status, 200, "{announce}: {expected}");
        assert_eq!(answer["grid"], expected["grid"], "{announce}");
        assert_eq!(answer["grid"][5][0], 0.0, "the wake is water");
    }
}

/// A strike in `salvoes` fires more shots than the salvo, and its sinkings come after them.
#[actix_web::test]
async fn a_strike_in_salvoes_fires_past_the_salvo_and_announces_after() {
    let app = app(AppState::new()).await;
    let strike = json!({"strike": {"shots": [shot("A1", "hit"), shot("A2", "hit"), shot("B1", "miss"), shot("B2", "miss")], "sunk": ["destroyer"]}});
    let history = json!({"rows": 5, "cols": 5, "fleet": [{"name": "cruiser", "length": 3}, {"name": "destroyer", "length": 2}],
        "salvoes": [strike]});
    let request = json!({"history": history, "rules": {"announce": "sunk", "salvo": 2}, "algorithm": "bayes"});
    let (status, answer) = post_json_to(&app, "/recommend", &request).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["shots"].as_array().unwrap().len(), 2);
    // Read as sunk, the destroyer lies on A1 and A2: the cruiser never covers them, and A3 is
    // no likelier than its neighbours; unsunk, the hits would lead on to A3.
    let mut afloat = request.clone();
    afloat["history"]["salvoes"][0]["strike"]["sunk"] = json!([]);
    let (status, unsunk) = post_json_to(&app, "/recommend", &afloat).await;
    assert_eq!(status, 200, "{unsunk}");
    let a3 = |answer: &Value| answer["grid"][0][2].as_f64().unwrap();
    assert!(a3(&answer) < a3(&unsunk), "sunk {} against afloat {}", a3(&answer), a3(&unsunk));
}

/// Each way to get a strike or a torpedo wrong is a 422 `invalid-history` naming its path.
#[actix_web::test]
async fn bad_strikes_and_torpedoes_name_their_path() {
    let fleet = json!([{"name": "cruiser", "length": 3}, {"name": "destroyer", "length": 2}]);
    let cases = [
        (json!([{"torpedo": {"shots": [shot("A1", "hit")]}}]), "history.shots[0].torpedo.passed"),
        (json!([{"strike": {"passed": ["A1"], "shots": [shot("A2", "miss")]}}]), "history.shots[0].strike.passed"),
        (
            json!([{"torpedo": {"passed": [], "shots": [shot("A1", "hit"), shot("A2", "hit")]}}]),
            "history.shots[0].torpedo.shots",
        ),
        (json!([{"strike": {"shots": [shot("A1", "miss"), shot("K1", "miss")]}}]), "history.shots[0].strike.shots[1]"),
        (
            json!([{"strike": {"shots": [shot("A1", "miss"), shot("1A", "miss")]}}]),
            "history.shots[0].strike.shots[1].cell",
        ),
        (
            json!([{"strike": {"shots": [shot("A1", "miss"), json!({"row": 9, "col": 0, "result": "miss"})]}}]),
            "history.shots[0].strike.shots[1]",
        ),
        (json!([{"strike": {"shots": [shot("A1", "sunk")]}}]), "history.shots[0].strike.shots[0].result"),
        (json!([{"strike": {"shots": []}}]), "history.shots[0].strike.shots"),
        (json!([{"torpedo": {"passed": ["A1"], "shots": [shot("A2", "miss")]}}]), "history.shots[0].torpedo.shots"),
        (json!([{"strike": {"shots": [shot("A1", "miss")], "sunk": ["cruiser"]}}]), "history.shots[0].strike.sunk"),
        (
            json!([{"torpedo": {"passed": ["A1", "A2"], "shots": []}}, shot("A2", "hit")]),
            "history.shots[0].torpedo.passed",
        ),
        (json!([{"torpedo": {"passed": ["A1"], "shots": [shot("A2", "hit")]}, "cell": "B1"}]), "history.shots[0]"),
    ];
    for (shots, field) in cases {
        let history = json!({"rows": 6, "cols": 6, "fleet": fleet, "shots": shots});
        let (status, answer) = recommend(history, "sunk").await;
        assert!(status == 422 || status == 400, "{shots} -> {answer}");
        if status == 422 {
            assert_eq!(answer["type"], "urn:sonar:problem:invalid-history", "{answer}");
            assert_eq!(answer["field"], field, "{shots} -> {answer}");
        } else {
            assert_eq!(field, "history.shots[0]", "{shots} -> {answer}");
        }
    }
}
