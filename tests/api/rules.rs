//! The `rules` object through the whole app: no-touch games played by a client that shoots where
//! it is told, the salvo's `shots`, and the errors the rules add.

use crate::helpers;
use crate::helpers::{app, play_under, post_json};
use serde_json::{Value, json};
use sonar::Algorithm;
use sonar::Board;
use sonar::Fleet;
use sonar::Rules;
use sonar::count_exact_under;
use sonar::http::AppState;

const TEN_SHIPS: [usize; 10] = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];

fn request(board: &[&str], ships: &[usize], algorithm: &str, rules: Value) -> Value {
    json!({"board": board, "ships": ships, "algorithm": algorithm, "seed": 7, "rules": rules})
}

/// The board of a response's grid, row-major.
fn grid(answer: &Value) -> Vec<f64> {
    answer["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()))
        .collect()
}

#[actix_web::test]
async fn whole_no_touch_games_with_the_ten_ship_fleet_finish_without_a_shot_next_to_a_sunk_ship() {
    let app = app(AppState::new()).await;
    for algorithm in Algorithm::ALL.iter().filter(|a| !a.is_heavy()) {
        for game in 0..3 {
            let shots = play_under(&app, algorithm.name(), 100 + game, &TEN_SHIPS, Rules::NO_TOUCH).await;
            assert!((20..=100).contains(&shots), "{} took {shots} shots", algorithm.name());
        }
    }
    // bayes, and the classic fleet under the rule too.
    for game in 0..2 {
        play_under(&app, "bayes", 200 + game, &TEN_SHIPS, Rules::NO_TOUCH).await;
        play_under(&app, "bayes", 300 + game, &[5, 4, 3, 3, 2], Rules::NO_TOUCH).await;
    }
}

#[actix_web::test]
async fn bayes_grid_is_the_exact_no_touch_posterior_and_zero_where_no_layout_reaches() {
    let app = app(AppState::new()).await;
    // A sunk 3 and a hit: the sunk ship's ring and the hit's corners are water, and the 1-ships
    // afloat may not touch the ship through the hit.
    let board = ["........", ".###....", "........", "......x.", "........", "..o.....", "........"];
    let ships = [3, 2, 1, 1];
    let (status, answer) = post_json(&app, &request(&board, &ships, "bayes", json!({"touching": false}))).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["exact"], true, "{answer}");
    let b = Board::parse(&board).unwrap();
    let p = count_exact_under(&b, &Fleet::new(&ships, 8).unwrap(), Rules::NO_TOUCH, u64::MAX).unwrap();
    assert_eq!(answer["layouts"], p.layouts.to_string());
    let g = grid(&answer);
    for (i, m) in p.marginals().iter().enumerate() {
        let expected = if b.cells()[i] == sonar::Cell::Unknown { *m } else { 0.0 };
        assert!((g[i] - expected).abs() < 1e-12, "cell {i}: {} vs {expected}", g[i]);
    }
    for (i, water) in Rules::NO_TOUCH.known_water(&b).into_iter().enumerate() {
        assert!(!water || g[i] == 0.0, "cell {i} is water");
    }
    // The same board under the classic rules gives positive values next to the sunk ship.
    let (_, classic) = post_json(&app, &request(&board, &ships, "bayes", json!({"touching": true}))).await;
    assert!(grid(&classic)[0] > 0.0 && g[0] == 0.0);
}

#[actix_web::test]
async fn salvo_returns_k_distinct_open_cells_best_first() {
    let app = app(AppState::new()).await;
    let board = helpers::ONE_HIT;
    for algorithm in Algorithm::ALL {
        for k in [1u64, 3, 10] {
            let req = request(&board, &[5, 4, 3, 3, 2], algorithm.name(), json!({"salvo": k}));
            let (status, answer) = post_json(&app, &req).await;
            assert_eq!(status, 200, "{answer}");
            let shots = answer["shots"].as_array().unwrap();
            assert_eq!(shots.len(), k as usize, "{answer}");
            assert_eq!(shots[0], answer["shot"]);
            let cells: std::collections::HashSet<(u64, u64)> =
                shots.iter().map(|s| (s["row"].as_u64().unwrap(), s["col"].as_u64().unwrap())).collect();
            assert_eq!(cells.len(), k as usize, "distinct cells");
            assert!(cells.iter().all(|&(r, c)| board[r as usize].as_bytes()[c as usize] == b'.'));
            // After the first, each shot's grid value is at least the next one's.
            let g = grid(&answer);
            let values: Vec<f64> = shots
                .iter()
                .skip(1)
                .map(|s| g[(s["row"].as_u64().unwrap() * 10 + s["col"].as_u64().unwrap()) as usize])
                .collect();
            assert!(values.windows(2).all(|w| w[0] >= w[1]), "{}: {values:?}", algorithm.name());
            if *algorithm == Algorithm::Bayes {
                // The k highest marginals: no cell left out has a higher value than one taken.
                let lowest_taken = shots
                    .iter()
                    .map(|s| g[(s["row"].as_u64().unwrap() * 10 + s["col"].as_u64().unwrap()) as usize])
                    .fold(1.0, f64::min);
                let best_left = (0..100)
                    .filter(|i| !cells.contains(&((i / 10) as u64, (i % 10) as u64)))
                    .map(|i| g[i])
                    .fold(0.0, f64::max);
                assert!(best_left <= lowest_taken, "{best_left} > {lowest_taken}");
            }
        }
    }
    // Fewer open cells than k: every one of them.
    let (status, answer) =
        post_json(&app, &json!({"board": ["x.o", "ooo"], "ships": [2], "rules": {"salvo": 5}})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["shots"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn the_default_rules_keep_todays_answers() {
    let app = app(AppState::new()).await;
    let board = helpers::ONE_HIT;
    let plain = json!({"board": board, "ships": [5, 4, 3, 3, 2], "seed": 3});
    let (s1, a1) = post_json(&app, &plain).await;
    let (s2, a2) = post_json(&app, &json!({"board": board, "ships": [5, 4, 3, 3, 2], "seed": 3, "rules": {}})).await;
    let (s3, a3) = post_json(
        &app,
        &json!({"board": board, "ships": [5, 4, 3, 3, 2], "seed": 3, "rules": {"touching": true, "salvo": 1}}),
    )
    .await;
    assert_eq!((s1, s2, s3), (200, 200, 200));
    assert_eq!(a1, a2);
    assert_eq!(a1, a3);
    assert_eq!(a1["shots"], json!([a1["shot"]]));
}

#[actix_web::test]
async fn rules_errors_name_the_problem() {
    let app = app(AppState::new()).await;
    let empty = vec![".........."; 10];
    // Unknown keys and wrong types: 400, naming the key.
    let (status, p) =
        post_json(&app, &json!({"board": empty, "ships": [2], "rules": {"touching": false, "diagonal": true}})).await;
    assert_eq!(status, 400, "{p}");
    assert!(p["detail"].as_str().unwrap().contains("diagonal"), "{p}");
    assert_eq!(p["field"], "rules");
    let (status, p) = post_json(&app, &json!({"board": empty, "ships": [2], "rules": {"touching": "no"}})).await;
    assert_eq!(status, 400, "{p}");
    assert!(p["detail"].as_str().unwrap().contains("rules.touching"), "{p}");
    let (status, p) = post_json(&app, &json!({"board": empty, "ships": [2], "rules": [false]})).await;
    assert_eq!(status, 400, "{p}");
    // A salvo out of range: 422.
    for k in [0, 11, 1000] {
        let (status, p) = post_json(&app, &json!({"board": empty, "ships": [2], "rules": {"salvo": k}})).await;
        assert_eq!(status, 422, "{p}");
        assert_eq!(p["type"], "urn:sonar:problem:invalid-rules");
        assert!(p["detail"].as_str().unwrap().contains("rules.salvo"), "{p}");
    }
    // Positions the no-touch rules forbid, for every algorithm.
    let touching_sunk = [
        "##........",
        ".#........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let hit_by_sunk = [
        "###.......",
        "...x......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    // Fine when ships may touch (two hits side by side, two 2-ships), impossible when not.
    let side_by_side = [
        "..........",
        ".x........",
        ".x........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    for algorithm in Algorithm::ALL {
        let no_touch = json!({"touching": false});
        let (status, p) = post_json(&app, &request(&touching_sunk, &[2], algorithm.name(), no_touch.clone())).await;
        assert_eq!((status, &p["row"], &p["col"]), (422, &json!(0), &json!(0)), "{p}");
        assert!(p["detail"].as_str().unwrap().contains("touch"), "{p}");
        let (status, p) = post_json(&app, &request(&hit_by_sunk, &[2], algorithm.name(), no_touch.clone())).await;
        assert_eq!((status, &p["row"], &p["col"]), (422, &json!(1), &json!(3)), "{p}");
        let (status, p) = post_json(&app, &request(&side_by_side, &[2, 2], algorithm.name(), no_touch)).await;
        assert_eq!(status, 422, "{}: {p}", algorithm.name());
        assert_eq!(p["type"], "urn:sonar:problem:inconsistent-position");
        let (status, p) = post_json(&app, &request(&side_by_side, &[2, 2], algorithm.name(), json!({}))).await;
        assert_eq!(status, 200, "{}: {p}", algorithm.name());
    }
}

#[actix_web::test]
async fn algorithms_say_how_they_play_each_rule() {
    let app = app(AppState::new()).await;
    let req = actix_web::test::TestRequest::get().uri("/algorithms").to_request();
    let list: Value = actix_web::test::call_and_read_body_json(&app, req).await;
    for entry in list.as_array().unwrap() {
        assert!(entry["no_touch"].as_str().is_some_and(|s| s.len() > 40), "{entry}");
        assert!(entry["salvo"].as_str().is_some_and(|s| s.len() > 40), "{entry}");
    }
    assert!(list[0]["no_touch"].as_str().unwrap().contains("layouts"));
}
