//! `candidates`: the k best cells with their values, as a hint a game can show its player.

use crate::helpers::{app, check_contract, post_json};
use serde_json::json;
use sonar::Algorithm;
use sonar::http::AppState;

const BOARD: [&str; 10] = [
    "..........",
    "...o......",
    "...x......",
    "..........",
    ".......o..",
    "..........",
    "..o.......",
    "..........",
    "..........",
    "..........",
];

#[actix_web::test]
async fn every_algorithm_lists_its_best_cells_with_their_values() {
    let app = app(AppState::new()).await;
    for algorithm in Algorithm::ALL {
        for k in [1u64, 4, 10] {
            let request = json!({"board": BOARD, "ships": [5, 4, 3, 3, 2], "algorithm": algorithm.name(), "seed": 9, "candidates": k});
            let (status, answer) = post_json(&app, &request).await;
            assert_eq!(status, 200, "{answer}");
            check_contract(&request, &answer);
            assert_eq!(answer["candidates"].as_array().unwrap().len(), k as usize);
            if *algorithm == Algorithm::Bayes {
                // The hint is the top of the posterior: nothing left out is more likely.
                let list = answer["candidates"].as_array().unwrap();
                let lowest = list.iter().map(|c| c["value"].as_f64().unwrap()).fold(1.0, f64::min);
                let grid: Vec<f64> = answer["grid"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()))
                    .collect();
                let taken: Vec<usize> = list
                    .iter()
                    .map(|c| (c["row"].as_u64().unwrap() * 10 + c["col"].as_u64().unwrap()) as usize)
                    .collect();
                let best_left = (0..100).filter(|i| !taken.contains(i)).map(|i| grid[i]).fold(0.0, f64::max);
                assert!(best_left <= lowest, "{best_left} > {lowest}");
            }
        }
    }
}

#[actix_web::test]
async fn hints_agree_with_the_salvo_and_leave_the_answer_unchanged() {
    let app = app(AppState::new()).await;
    for algorithm in ["bayes", "density", "random"] {
        let base =
            json!({"board": BOARD, "ships": [5, 4, 3, 3, 2], "algorithm": algorithm, "seed": 4, "rules": {"salvo": 3}});
        let mut hinted = base.clone();
        hinted["candidates"] = json!(6);
        let (_, plain) = post_json(&app, &base).await;
        let (status, answer) = post_json(&app, &hinted).await;
        assert_eq!(status, 200, "{answer}");
        check_contract(&hinted, &answer);
        assert_eq!(
            (&plain["shot"], &plain["grid"], &plain["shots"]),
            (&answer["shot"], &answer["grid"], &answer["shots"])
        );
        assert!(plain.get("candidates").is_none());
    }
    // Fewer open cells than asked for: all of them.
    let (status, answer) = post_json(&app, &json!({"board": ["x.o", "o.o"], "ships": [2], "candidates": 5})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["candidates"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn candidates_out_of_range_are_a_problem() {
    let app = app(AppState::new()).await;
    for k in [json!(0), json!(11), json!(1000)] {
        let (status, p) = post_json(&app, &json!({"board": BOARD, "ships": [2], "candidates": k})).await;
        assert_eq!(status, 422, "{p}");
        assert_eq!((&p["type"], &p["field"]), (&json!("urn:sonar:problem:invalid-candidates"), &json!("candidates")));
    }
    let (status, p) = post_json(&app, &json!({"board": BOARD, "ships": [2], "candidates": "three"})).await;
    assert_eq!((status, &p["field"]), (400, &json!("candidates")), "{p}");
}
