//! `POST /placement` with `style: adaptive`: the computer's fleet hidden where this player looks
//! last, read from their past searches, through the whole app; and every way searches can be
//! wrong.

use crate::helpers;
use serde_json::{Value, json};
use sonar::http::AppState;

/// A child's search of the computer's `board` (as `/placement` writes it): every cell row by row
/// from A1, each shot written with its answer, until every ship is sunk.
fn sweep(board: &[String]) -> Vec<String> {
    let mut left: std::collections::HashMap<u8, usize> = std::collections::HashMap::new();
    for b in board.iter().flat_map(|r| r.bytes()).filter(|&b| b != b'.') {
        *left.entry(b).or_default() += 1;
    }
    let length: std::collections::HashMap<u8, usize> = left.clone();
    let mut shots = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            let label = format!("{}{}", (b'A' + r as u8) as char, c + 1);
            if b == b'.' {
                shots.push(format!("{label}o"));
                continue;
            }
            let n = left.get_mut(&b).unwrap();
            *n -= 1;
            shots.push(if *n == 0 { format!("{label}#{}", length[&b]) } else { format!("{label}x") });
            if left.values().all(|&n| n == 0) {
                return shots;
            }
        }
    }
    shots
}

fn board_of(answer: &Value) -> Vec<String> {
    answer["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_owned()).collect()
}

/// Mean row of the ship cells of a board.
fn mean_row(board: &[String]) -> f64 {
    let rows: Vec<usize> =
        board.iter().enumerate().flat_map(|(r, row)| row.bytes().filter(|&b| b != b'.').map(move |_| r)).collect();
    rows.iter().sum::<usize>() as f64 / rows.len() as f64
}

#[actix_web::test]
async fn the_computer_hides_from_a_player_who_sweeps_from_the_top() {
    let app = helpers::app(AppState::new()).await;
    let mut searches: Vec<Vec<String>> = Vec::new();
    for game in 0..12u64 {
        let request = json!({"ships": [5, 4, 3, 3, 2], "style": "adaptive", "seed": game, "searches": searches});
        let (status, answer) = helpers::post_json_to(&app, "/placement", &request).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["style"], "adaptive");
        let model = &answer["search_model"];
        assert_eq!(model["searches"], game);
        if game == 0 {
            // Nothing known: no habit, and exactly the uniform fleet of the same seed.
            assert_eq!(model["habit"], false);
            assert!(model["pull"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap()).all(|p| p == 0.0));
            let uniform = json!({"ships": [5, 4, 3, 3, 2], "seed": 0});
            let (_, plain) = helpers::post_json_to(&app, "/placement", &uniform).await;
            assert_eq!(answer["board"], plain["board"]);
        }
        searches.push(sweep(&board_of(&answer)));
    }
    // Twelve sweeps from the top show the habit: the top row pulls, the bottom row does not.
    let request = json!({"ships": [5, 4, 3, 3, 2], "style": "adaptive", "seed": 99, "searches": searches});
    let (_, answer) = helpers::post_json_to(&app, "/placement", &request).await;
    let model = answer["search_model"].clone();
    assert_eq!(model["habit"], true, "{model}");
    let pull = |r: usize, c: usize| model["pull"][r][c].as_f64().unwrap();
    assert!(pull(0, 4) > pull(9, 4) + 1.0, "{model}");
    // A sweep pays no regard to the ships it found: its fleets lean apart.
    assert!(model["beside_ships"].as_f64().is_some_and(|b| b > 0.85), "{model}");
    // Fleets now lie lower than uniform fleets on the same seeds; the stored model gives the same
    // fleets as the searches; the same request and seed give the same fleet.
    let (mut adaptive, mut uniform) = (0.0, 0.0);
    for seed in 100..120u64 {
        let by_searches = json!({"ships": [5, 4, 3, 3, 2], "style": "adaptive", "seed": seed, "searches": searches});
        let (_, a) = helpers::post_json_to(&app, "/placement", &by_searches).await;
        let by_model = json!({"ships": [5, 4, 3, 3, 2], "style": "adaptive", "seed": seed,
            "search_model": {"pull": model["pull"], "beside_ships": model["beside_ships"]}});
        let (status, m) = helpers::post_json_to(&app, "/placement", &by_model).await;
        assert_eq!(status, 200, "{m}");
        assert!(m["search_model"].get("searches").is_none());
        if seed == 100 {
            assert_eq!(helpers::post_json_to(&app, "/placement", &by_searches).await.1["board"], a["board"]);
        }
        adaptive += mean_row(&board_of(&a)) / 20.0;
        let (_, u) = helpers::post_json_to(&app, "/placement", &json!({"ships": [5, 4, 3, 3, 2], "seed": seed})).await;
        uniform += mean_row(&board_of(&u)) / 20.0;
    }
    assert!(adaptive > uniform + 0.5, "adaptive fleets' mean row {adaptive:.2}, uniform {uniform:.2}");
}

#[actix_web::test]
async fn adaptive_placement_works_under_no_touch_and_on_other_boards() {
    let app = helpers::app(AppState::new()).await;
    for (rows, cols, ships, touching) in [
        (10, 10, json!([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]), false),
        (7, 12, json!([6, 4, 2]), true),
        (26, 26, json!([5, 4, 3, 3, 2]), true),
    ] {
        let mut searches: Vec<Vec<String>> = Vec::new();
        for seed in 0..4u64 {
            let request = json!({"rows": rows, "cols": cols, "ships": ships, "rules": {"touching": touching},
                "style": "adaptive", "seed": seed, "searches": searches});
            let (status, answer) = helpers::post_json_to(&app, "/placement", &request).await;
            assert_eq!(status, 200, "{rows}x{cols}: {answer}");
            assert_eq!(answer["search_model"]["pull"].as_array().unwrap().len(), rows);
            searches.push(sweep(&board_of(&answer)));
        }
    }
}

#[actix_web::test]
async fn bad_searches_get_a_problem_naming_the_search_and_the_shot() {
    let app = helpers::app(AppState::new()).await;
    let base = |extra: Value| {
        let mut body = json!({"ships": [3, 2], "rows": 5, "cols": 5, "style": "adaptive"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let grid = |rows: usize, at: Option<(usize, usize, f64)>| -> Value {
        let mut g = vec![vec![0.0; 5]; rows];
        if let Some((r, c, v)) = at {
            g[r][c] = v;
        }
        json!(g)
    };
    let long: Vec<String> = (0..26).map(|i| format!("{}{}o", (b'A' + (i % 5) as u8) as char, i / 5 + 1)).collect();
    let cases = [
        (
            json!({"searches": [["A1o"], ["A2o", "B2y"]]}),
            "searches[1]",
            Some(1),
            "searches[1][1]: \"B2y\" is not a shot",
        ),
        (json!({"searches": [["A1o", "F1o"]]}), "searches[0]", Some(1), "searches[0][1]: F1 is off the 5x5 board"),
        (json!({"searches": [["A1o", "A6o"]]}), "searches[0]", Some(1), "searches[0][1]: A6 is off the 5x5 board"),
        (
            json!({"searches": [["C3x", "C3#2"]]}),
            "searches[0]",
            Some(1),
            "searches[0][1]: C3 was already shot (searches[0][0])",
        ),
        (json!({"searches": [long]}), "searches[0]", None, "searches[0]: 26 shots, more than the board's 25 cells"),
        (json!({"searches": vec![Vec::<String>::new(); 201]}), "searches", None, "searches: 201 searches, at most 200"),
        (json!({"searches": [], "search_model": {"pull": []}}), "searches", None, "not both"),
        (
            json!({"search_model": {"pull": grid(4, None)}}),
            "search_model.pull",
            None,
            "search_model.pull: 4 rows, expected 5",
        ),
        (
            json!({"search_model": {"pull": grid(5, Some((4, 2, 50.0)))}}),
            "search_model.pull",
            None,
            "search_model.pull[4][2]: 50 is not a pull",
        ),
        (
            json!({"search_model": {"pull": grid(5, None), "beside_ships": -1.0}}),
            "search_model.beside_ships",
            None,
            "search_model.beside_ships: -1 is not a ratio from 0 to 100",
        ),
        (json!({"search_model": {"pull": grid(5, None), "beside_ships": "x"}}), "search_model", None, ""),
        (json!({"style": "uniform", "searches": [["A1o"]]}), "searches", None, "only with `style: adaptive`"),
        (json!({"searches": [[3]]}), "searches", None, ""),
        (json!({"search_model": {"pull": grid(5, None), "extra": 1}}), "search_model", None, ""),
    ];
    for (extra, field, shot, detail) in cases {
        let (status, problem) = helpers::post_json_to(&app, "/placement", &base(extra.clone())).await;
        assert!(status == 422 || status == 400, "{extra}: {status} {problem}");
        assert_eq!(problem["field"], field, "{extra}: {problem}");
        assert!(problem["detail"].as_str().unwrap().contains(detail), "{extra}: {problem}");
        if status == 422 {
            assert_eq!(problem["type"], "urn:sonar:problem:invalid-searches", "{extra}: {problem}");
            assert_eq!(problem["shot"].as_u64().map(|s| s as usize), shot, "{extra}: {problem}");
        }
    }
    // A malformed model's cell is named by row and column.
    let bad = json!({"search_model": {"pull": grid(5, Some((2, 1, -1e300)))}});
    let (status, problem) = helpers::post_json_to(&app, "/placement", &base(bad)).await;
    assert_eq!((status, &problem["row"], &problem["col"]), (422, &json!(2), &json!(1)), "{problem}");
}

#[actix_web::test]
async fn two_hundred_long_searches_fit_in_a_request() {
    // A weak player's 200 games of 90 shots each on the classic board.
    let search: Vec<String> = (0..90).map(|i| format!("{}{}o", (b'A' + (i / 10) as u8) as char, i % 10 + 1)).collect();
    let body = json!({"ships": [5, 4, 3, 3, 2], "style": "adaptive", "seed": 1, "searches": vec![search; 200]});
    assert!(body.to_string().len() > 64 * 1024);
    let app = helpers::app(helpers::patient()).await;
    let (status, answer) = helpers::post_json_to(&app, "/placement", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["search_model"]["searches"], 200);
    assert_eq!(answer["search_model"]["habit"], true);
}
