//! Scans through `POST /recommend`: `observations` sent with a board, as a client writes them after
//! a radar or a yes/no scanner answered, and the 422 of each way to get them wrong.

use crate::helpers::{app, check_contract, post_json_to, shot_of};
use serde_json::{Value, json};
use sonar::http::AppState;
use sonar::{Cell, Game, Pos, random_layout, seeded};

/// The 3x3 area around `p` (clipped at the edge) as labels, and how many of its cells hold a ship
/// of `game`'s fleet, sunk or not.
fn scan(game: &Game, p: Pos) -> (Vec<String>, Vec<Pos>, usize) {
    let ships: Vec<Pos> = game.layout().ships.iter().flat_map(|s| s.cells()).collect();
    let cells: Vec<Pos> = (p.row.saturating_sub(1)..=(p.row + 1).min(9))
        .flat_map(|r| (p.col.saturating_sub(1)..=(p.col + 1).min(9)).map(move |c| Pos::new(r, c)))
        .collect();
    let found = cells.iter().filter(|c| ships.contains(c)).count();
    (cells.iter().map(|c| c.label()).collect(), cells, found)
}

/// Whole games by a client that runs a count scan around a random cell every eighth turn and a
/// yes/no scan between, sending every scan so far with each board: `bayes` ends every game, and
/// in every answer the grid's ship cells in each scanned area add up to what the scan counted (the
/// posterior's own cells, exact or sampled: each layout it weighs agrees with the scans).
#[actix_web::test]
async fn games_with_scans_are_played_to_the_end_and_every_grid_agrees_with_them() {
    let app = app(AppState::new()).await;
    let mut rng = seeded(7);
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(100 + seed)).unwrap());
        let mut scans: Vec<(Value, Vec<Pos>, Option<usize>)> = Vec::new();
        let mut turns = 0;
        while !game.is_over() {
            turns += 1;
            assert!(turns <= 100, "seed {seed}: the game must end");
            if turns % 4 == 2 {
                let centre =
                    Pos::new(rand::RngExt::random_range(&mut rng, 0..10), rand::RngExt::random_range(&mut rng, 0..10));
                let (labels, cells, found) = scan(&game, centre);
                scans.push(if turns % 8 == 2 {
                    (json!({"count": found, "cells": labels}), cells, Some(found))
                } else {
                    (json!({"any": found > 0, "cells": labels}), cells, None)
                });
            }
            let board = game.board().to_rows();
            let observations: Vec<&Value> = scans.iter().map(|s| &s.0).collect();
            let request = json!({"board": board, "ships": game.fleet().lengths(), "algorithm": "bayes", "seed": seed,
                "observations": observations});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{request} -> {answer}");
            check_contract(&request, &answer);
            if answer["grid_kind"] == "probability" {
                for (_, cells, found) in scans.iter().filter(|s| s.2.is_some()) {
                    // Known ship cells (`x`, `#`) are 0 in the grid: add them back.
                    let sum: f64 = cells
                        .iter()
                        .map(|p| match game.board().get(*p) {
                            Cell::Hit | Cell::Sunk => 1.0,
                            _ => answer["grid"][p.row][p.col].as_f64().unwrap(),
                        })
                        .sum();
                    assert!(
                        (sum - found.unwrap() as f64).abs() < 1e-6,
                        "{sum} in an area that counted {found:?}: {answer}"
                    );
                    checked += 1;
                }
            }
            game.fire(shot_of(&answer)).unwrap();
        }
    }
    assert!(checked > 300, "{checked} areas checked");
}

#[actix_web::test]
async fn algorithms_that_read_no_observations_answer_as_without_them() {
    let app = app(AppState::new()).await;
    let board = ["..........", "....o.....", "..........", "......x...", ".........."];
    let observations = json!([{"count": 0, "cells": ["A1", "A2", "B1", "B2"]}, {"any": true, "cells": ["E9", "E10"]}]);
    for algorithm in ["density", "random", "checkerboard", "weighted-density"] {
        let ask =
            |o: &Value| json!({"board": board, "ships": [3, 2], "algorithm": algorithm, "seed": 5, "observations": o});
        let (status, with) = post_json_to(&app, "/recommend", &ask(&observations)).await;
        assert_eq!(status, 200, "{with}");
        let (_, without) = post_json_to(&app, "/recommend", &ask(&Value::Null)).await;
        assert_eq!((&with["shots"], &with["grid"]), (&without["shots"], &without["grid"]), "{algorithm}");
    }
    // `bayes` reads them: nothing in the empty corner, a ship cell in E9-E10.
    let ask = json!({"board": board, "ships": [3, 2], "algorithm": "bayes", "seed": 5, "observations": observations});
    let (status, answer) = post_json_to(&app, "/recommend", &ask).await;
    assert_eq!((status, answer["exact"].as_bool()), (200, Some(true)), "{answer}");
    assert_eq!(answer["grid"][0][0], 0.0);
    let pair = answer["grid"][4][8].as_f64().unwrap() + answer["grid"][4][9].as_f64().unwrap();
    assert!(pair >= 1.0 - 1e-9, "{answer}");
}

#[actix_web::test]
async fn observations_that_cannot_be_read_are_refused_naming_the_field() {
    let app = app(AppState::new()).await;
    let ask = |board: &[&str], observations: Value| json!({"board": board, "ships": [2, 2], "algorithm": "bayes", "observations": observations});
    let open = ["....", "....", "...."];
    let cases: Vec<(Value, &[&str], &str, &str)> = vec![
        (json!([{"count": 5, "cells": ["A1", "A2", "B1", "B2"]}]), &open, "observations[0].count", "a count of 5"),
        (json!([{"count": 1, "any": true, "cells": ["A1"]}]), &open, "observations[0]", "exactly one of"),
        (json!([{"cells": ["A1"]}]), &open, "observations[0]", "exactly one of"),
        (
            json!([{"any": true, "cells": ["A1"]}, {"any": true, "cells": ["A1", "Z9"]}]),
            &open,
            "observations[1].cells[1]",
            "Z9 is off the 3x4 board",
        ),
        (json!([{"any": true, "cells": ["A1", "a1"]}]), &open, "observations[0].cells[1]", "A1 is listed twice"),
        (json!([{"any": true, "cells": ["A1", "1A"]}]), &open, "observations[0].cells[1]", "is not a cell label"),
        (json!([{"any": true, "cells": []}]), &open, "observations[0].cells", "at least one cell"),
        (
            json!([{"any": false, "cells": ["A1", "A2"]}]),
            &["x...", "....", "...."],
            "observations[0]",
            "more than the 0",
        ),
        (
            json!([{"count": 2, "cells": ["A1", "A2"]}]),
            &["o...", "....", "...."],
            "observations[0]",
            "fewer than the 2",
        ),
        (json!(vec![json!({"any": true, "cells": ["A1"]}); 65]), &open, "observations", "at most 64"),
    ];
    for (observations, board, field, detail) in cases {
        let request = ask(board, observations);
        let (status, problem) = post_json_to(&app, "/recommend", &request).await;
        assert_eq!(status, 422, "{request} -> {problem}");
        assert_eq!(problem["type"], "urn:sonar:problem:invalid-observations", "{problem}");
        assert_eq!(problem["field"], field, "{problem}");
        assert!(problem["detail"].as_str().unwrap().contains(detail), "{problem}");
    }
    // Scans that each agree with the board but not with each other, nor with the fleet: the 422 of
    // a position no layout explains.
    let both = json!([{"count": 4, "cells": ["A1", "A2", "B1", "B2"]}, {"count": 1, "cells": ["A1", "A2"]}]);
    let (status, problem) = post_json_to(&app, "/recommend", &ask(&open, both)).await;
    assert_eq!((status, problem["type"].as_str()), (422, Some("urn:sonar:problem:inconsistent-position")), "{problem}");
    // `observations` go with board strings; a history writes each scan as its own turn.
    let request = json!({"history": {"rows": 3, "cols": 4, "fleet": [2, 2], "shots": []},
        "observations": [{"any": true, "cells": ["A1"]}]});
    let (status, problem) = post_json_to(&app, "/recommend", &request).await;
    assert_eq!(status, 400, "{problem}");
    // A type that is not a list, and an entry with a field of its own, are the wrong shape.
    for observations in [json!({"count": 1}), json!([{"count": 1, "cells": ["A1"], "radius": 1}])] {
        let (status, problem) = post_json_to(&app, "/recommend", &ask(&open, observations)).await;
        assert_eq!(status, 400, "{problem}");
    }
}

/// Whole games from the log alone under every announcement rule (and a salvo of 2 under `sunk`),
/// a count scan around a random cell every fifth turn written in the log as its own turn: `bayes`
/// ends every game, and where its grid is a posterior the ship cells of every scanned area, the
/// grid's unshot cells and the log's hits, add up to the count.
#[actix_web::test]
async fn histories_carry_scans_in_turn_order_under_every_announcement_rule() {
    use crate::history::Referee;
    let app = app(AppState::new()).await;
    let (mut checked, mut fallbacks) = (0, 0);
    for (k, announce) in ["sunk-cells", "sunk", "hit", "none", "sunk"].into_iter().enumerate() {
        let salvo = if k == 4 { 2 } else { 1 };
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(200 + k as u64)).unwrap();
        let game = Game::new(layout.clone());
        let mut referee = Referee::new(layout, announce);
        let mut rng = seeded(300 + k as u64);
        let (mut log, mut scans, mut hits) = (Vec::<Value>::new(), Vec::new(), Vec::<Pos>::new());
        while !referee.over() {
            if log.len() % 5 == 4 {
                let centre =
                    Pos::new(rand::RngExt::random_range(&mut rng, 0..10), rand::RngExt::random_range(&mut rng, 0..10));
                let (labels, cells, found) = scan(&game, centre);
                log.push(json!({"scan": {"count": found, "cells": labels}}));
                scans.push((cells, found));
            }
            let list = if salvo == 1 { "shots" } else { "salvoes" };
            let request = json!({"history": {list: log}, "rules": {"announce": announce, "salvo": salvo},
                "algorithm": "bayes", "seed": k});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{request} -> {answer}");
            // Where no draw agreed, the grid is the placement density (`samples` 0), which reads
            // only the scans that found no ship.
            if answer["samples"] == 0 {
                for (cells, _) in scans.iter().filter(|s| s.1 == 0) {
                    assert!(cells.iter().all(|p| answer["grid"][p.row][p.col] == 0.0), "{answer}");
                }
                fallbacks += 1;
            } else if answer["grid_kind"] == "probability" {
                for (cells, found) in &scans {
                    let sum: f64 = cells
                        .iter()
                        .map(|p| if hits.contains(p) { 1.0 } else { answer["grid"][p.row][p.col].as_f64().unwrap() })
                        .sum();
                    assert!(
                        (sum - *found as f64).abs() < 1e-6,
                        "{announce}: {sum} where the scan counted {found}: {answer}"
                    );
                    checked += 1;
                }
            }
            let shots: Vec<Pos> = answer["shots"].as_array().unwrap().iter().map(shot_pos).collect();
            let answers: Vec<Value> = shots.iter().map(|&p| referee.answer(p)).collect();
            hits.extend(shots.iter().zip(&answers).filter(|(_, a)| a["result"] != "miss").map(|(p, _)| *p));
            if salvo == 1 {
                log.push(answers[0].clone());
            } else {
                // A salvo's shots answer miss or hit; its sinkings come after, named.
                let sunk: Vec<Value> =
                    answers.iter().filter(|a| a["result"] == "sunk").map(|a| a["ship"].clone()).collect();
                let shots: Vec<Value> = answers
                    .iter()
                    .map(|a| json!({"cell": a["cell"], "result": if a["result"] == "miss" { "miss" } else { "hit" }}))
                    .collect();
                log.push(json!({"shots": shots, "sunk": sunk}));
            }
            assert!(log.len() <= 130, "{announce}: the game must end");
        }
    }
    assert!(checked > 200, "{checked} areas checked");
    eprintln!("{checked} areas checked; {fallbacks} answers on the placement density");
}

fn shot_pos(p: &Value) -> Pos {
    Pos::new(p["row"].as_u64().unwrap() as usize, p["col"].as_u64().unwrap() as usize)
}

#[actix_web::test]
async fn a_sunk_cells_history_with_scans_plays_as_the_board_with_its_observations() {
    let app = app(AppState::new()).await;
    let log = json!([{"cell": "A1", "result": "miss"}, {"scan": {"count": 2, "cells": ["D4", "D5", "D6", "E4", "E5", "E6"]}},
        {"cell": "E5", "result": "hit"}, {"scan": {"any": false, "cells": ["J1", "J2", "J3"]}}]);
    let board = [
        "o.........",
        "..........",
        "..........",
        "..........",
        "....x.....",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let observations = json!([log[1]["scan"], log[3]["scan"]]);
    let history = json!({"history": {"shots": log}, "algorithm": "bayes", "seed": 3, "candidates": 3});
    let plain = json!({"board": board, "ships": [5, 4, 3, 3, 2], "observations": observations, "algorithm": "bayes", "seed": 3, "candidates": 3});
    let (a, b) = (post_json_to(&app, "/recommend", &history).await, post_json_to(&app, "/recommend", &plain).await);
    assert_eq!((a.0, &a.1), (200, &b.1));
    // A scan's faults name its turn and its path in the log.
    let cases = [
        (json!({"scan": {"count": 2, "cells": ["D4", "K4"]}}), "history.shots[1].scan.cells[1]"),
        (json!({"scan": {"count": 3, "cells": ["D4", "D5"]}}), "history.shots[1].scan.count"),
        (json!({"scan": {"any": true, "count": 1, "cells": ["D4"]}}), "history.shots[1].scan"),
        (json!({"scan": {"count": 1, "cells": ["A1"]}}), "history.shots[1].scan"),
    ];
    for (turn, field) in cases {
        let request = json!({"history": {"shots": [{"cell": "A1", "result": "miss"}, turn]}});
        let (status, problem) = post_json_to(&app, "/recommend", &request).await;
        assert_eq!(
            (status, problem["field"].as_str(), problem["turn"].as_u64()),
            (422, Some(field), Some(1)),
            "{problem}"
        );
        assert_eq!(problem["type"], "urn:sonar:problem:invalid-history");
    }
    // A turn that scans and shoots at once is the wrong shape.
    let both =
        json!({"history": {"shots": [{"cell": "A1", "result": "miss", "scan": {"any": true, "cells": ["B1"]}}]}});
    assert_eq!(post_json_to(&app, "/recommend", &both).await.0, 400);
}
