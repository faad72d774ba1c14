//! Reveals through `POST /recommend`: a board with `s` cells (known to hold a ship, not hit), as a
//! client writes it after a power-up showed part of the opponent's sea.

use crate::helpers::{app, check_contract, post_json_to};
use serde_json::{Value, json};
use sonar::http::AppState;
use sonar::{Cell, Game, Pos, random_layout, seeded};

/// The board of `game` with the cells of `area` revealed: ship cells not hit `s`, water `o`.
fn revealed(game: &Game, area: &[Pos]) -> Vec<String> {
    let ships: Vec<Pos> = game.layout().ships.iter().flat_map(|s| s.cells()).collect();
    let mut board = game.board().clone();
    for &p in area {
        if board.get(p) == Cell::Unknown {
            board.set(p, if ships.contains(&p) { Cell::Ship } else { Cell::Miss });
        }
    }
    board.to_rows()
}

/// Whole games by a client that, after its second shot, reveals the 4x4 block in the middle of the
/// board and writes it on the board it sends: `bayes` takes every `s` before any other cell,
/// each `s` has probability 1 in its grid, and the game ends with the fleet sunk; `density`, which
/// reads no reveals, answers as on the board with each `s` a `.`.
#[actix_web::test]
async fn games_with_a_reveal_are_played_to_the_end() {
    let app = app(AppState::new()).await;
    let area: Vec<Pos> = (3..7).flat_map(|r| (3..7).map(move |c| Pos::new(r, c))).collect();
    let mut took_reveals = 0;
    for seed in 0..8u64 {
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(seed)).unwrap());
        let mut shown: Vec<Pos> = Vec::new();
        let mut shots = 0;
        while !game.is_over() {
            shots += 1;
            assert!(shots <= 100, "seed {seed}: the game must end");
            if shots == 3 {
                shown = area.clone();
            }
            let board = revealed(&game, &shown);
            let request = json!({"board": board, "ships": game.fleet().lengths(), "algorithm": "bayes", "seed": seed});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{request} -> {answer}");
            check_contract(&request, &answer);
            let cell =
                |p: &Value| board[p["row"].as_u64().unwrap() as usize].as_bytes()[p["col"].as_u64().unwrap() as usize];
            let reveals: Vec<(usize, usize)> =
                (0..100).filter(|i| board[i / 10].as_bytes()[i % 10] == b's').map(|i| (i / 10, i % 10)).collect();
            if !reveals.is_empty() {
                assert_eq!(cell(&answer["shot"]), b's', "an `s` first: {answer}");
                for &(r, c) in &reveals {
                    assert_eq!(answer["grid"][r][c], 1.0);
                }
                took_reveals += 1;
                let density =
                    json!({"board": board, "ships": game.fleet().lengths(), "algorithm": "density", "seed": seed});
                let plain: Vec<String> = board.iter().map(|r| r.replace('s', ".")).collect();
                let as_dots =
                    json!({"board": plain, "ships": game.fleet().lengths(), "algorithm": "density", "seed": seed});
                let (a, b) = (
                    post_json_to(&app, "/recommend", &density).await.1,
                    post_json_to(&app, "/recommend", &as_dots).await.1,
                );
                assert_eq!((&a["shot"], &a["grid"]), (&b["shot"], &b["grid"]), "density reads no reveals");
            }
            let p = Pos::new(
                answer["shot"]["row"].as_u64().unwrap() as usize,
                answer["shot"]["col"].as_u64().unwrap() as usize,
            );
            game.fire(p).unwrap();
        }
    }
    assert!(took_reveals >= 10, "{took_reveals} shots at revealed cells");
}

#[actix_web::test]
async fn reveals_the_board_contradicts_are_refused_and_algorithms_say_what_they_read() {
    let app = app(AppState::new()).await;
    // An `s` walled in by misses where no ship of 2 fits: no layout explains it.
    let board = ["ooo..", "oso..", "ooo..", ".....", "....."];
    let (status, problem) = post_json_to(&app, "/recommend", &json!({"board": board, "ships": [2]})).await;
    assert_eq!((status, problem["type"].as_str()), (422, Some("urn:sonar:problem:inconsistent-position")), "{problem}");
    // More known ship cells than the fleet has.
    let board = ["ss...", "ss...", "....."];
    let (status, problem) = post_json_to(&app, "/recommend", &json!({"board": board, "ships": [3]})).await;
    assert_eq!(status, 422, "{problem}");
    // A ship lying wholly on `x` and `s` is afloat: the 2-ship here is at A1-A2, and the shot is A2.
    let board = ["xs...", "ooooo"];
    let (status, answer) =
        post_json_to(&app, "/recommend", &json!({"board": board, "ships": [2], "algorithm": "bayes"})).await;
    assert_eq!((status, answer["shot"]["label"].as_str()), (200, Some("A2")), "{answer}");
    // Nothing the no-touch rules infer from an `s` (the water at its corners) reaches an algorithm
    // that reads no reveals: it answers as on the board with a `.` there.
    let board = [".....", ".s...", ".....", ".....", "....."];
    let plain = [".....", ".....", ".....", ".....", "....."];
    for algorithm in ["density", "random", "checkerboard"] {
        let ask = |b: &[&str]| json!({"board": b, "ships": [3], "rules": {"touching": false}, "algorithm": algorithm, "seed": 5});
        let (status, with) = post_json_to(&app, "/recommend", &ask(&board)).await;
        assert_eq!(status, 200, "{with}");
        let (_, without) = post_json_to(&app, "/recommend", &ask(&plain)).await;
        assert_eq!((&with["shots"], &with["grid"]), (&without["shots"], &without["grid"]), "{algorithm}");
    }
    let req = actix_web::test::TestRequest::get().uri("/algorithms").to_request();
    let list: Value = actix_web::test::call_and_read_body_json(&app, req).await;
    for entry in list.as_array().unwrap() {
        let reads = entry["observations"].is_string();
        assert_eq!(reads, entry["name"] == "bayes", "{entry}");
    }
}

/// Whole games from the log alone under every announcement rule, a reveal of the 4x4 block in the
/// middle written in the log as the third turn: `bayes` ends every game, and until it shoots them
/// the revealed ship cells have probability 1 and the revealed water 0.
#[actix_web::test]
async fn histories_carry_a_reveal_as_its_turn_under_every_announcement_rule() {
    use crate::history::Referee;
    let app = app(AppState::new()).await;
    let area: Vec<Pos> = (3..7).flat_map(|r| (3..7).map(move |c| Pos::new(r, c))).collect();
    for (k, announce) in ["sunk-cells", "sunk", "hit", "none"].into_iter().enumerate() {
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(400 + k as u64)).unwrap();
        let ships: Vec<Pos> = layout.ships.iter().flat_map(|s| s.cells()).collect();
        let mut referee = Referee::new(layout, announce);
        let (mut log, mut shot) = (Vec::<Value>::new(), Vec::<Pos>::new());
        while !referee.over() {
            if log.len() == 2 {
                let seen: Vec<String> = area.iter().filter(|p| ships.contains(p)).map(|p| p.label()).collect();
                let cells: Vec<String> = area.iter().map(|p| p.label()).collect();
                log.push(json!({"reveal": {"cells": cells, "ships": seen}}));
            }
            let request =
                json!({"history": {"shots": log}, "rules": {"announce": announce}, "algorithm": "bayes", "seed": k});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{request} -> {answer}");
            if log.len() > 2 {
                for p in area.iter().filter(|p| !shot.contains(p)) {
                    let expected = if ships.contains(p) { 1.0 } else { 0.0 };
                    assert_eq!(answer["grid"][p.row][p.col].as_f64(), Some(expected), "{announce}, {p}: {answer}");
                }
            }
            let p = Pos::new(
                answer["shot"]["row"].as_u64().unwrap() as usize,
                answer["shot"]["col"].as_u64().unwrap() as usize,
            );
            let water = log.len() > 2 && area.contains(&p) && !ships.contains(&p);
            assert!(!shot.contains(&p) && !water, "{announce}: {p} is not worth a shot");
            shot.push(p);
            log.push(referee.answer(p));
            assert!(log.len() <= 101, "{announce}: the game must end");
        }
    }
}

#[actix_web::test]
async fn a_reveal_in_a_history_plays_as_the_board_it_writes_and_its_faults_name_it() {
    let app = app(AppState::new()).await;
    let log = json!([{"cell": "A1", "result": "miss"}, {"reveal": {"cells": ["D4", "D5", "E4", "E5"], "ships": ["D5"]}},
        {"cell": "D5", "result": "hit"}]);
    let board = [
        "o.........",
        "..........",
        "..........",
        "...ox.....",
        "...oo.....",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let history = json!({"history": {"shots": log}, "algorithm": "bayes", "seed": 3, "candidates": 3});
    let plain = json!({"board": board, "ships": [5, 4, 3, 3, 2], "algorithm": "bayes", "seed": 3, "candidates": 3});
    let (a, b) = (post_json_to(&app, "/recommend", &history).await, post_json_to(&app, "/recommend", &plain).await);
    assert_eq!((a.0, &a.1), (200, &b.1));
    let cases = [
        (
            json!([{"reveal": {"cells": ["D4", "K4"], "ships": []}}]),
            "history.shots[0].reveal",
            "K4 is off the 10x10 board",
        ),
        (
            json!([{"reveal": {"cells": ["D4"], "ships": ["D5"]}}]),
            "history.shots[0].reveal",
            "not a cell of the reveal",
        ),
        (
            json!([{"reveal": {"cells": ["D4", "5D"], "ships": []}}]),
            "history.shots[0].reveal.cells[1]",
            "not a cell label",
        ),
        (
            json!([{"reveal": {"cells": ["D4"], "ships": ["D4"]}}, {"cell": "D4", "result": "miss"}]),
            "history.shots[0].reveal",
            "the reveal shows a ship at D4, but the shot on turn 2 was a miss",
        ),
    ];
    for (shots, field, detail) in cases {
        let request = json!({"history": {"shots": shots}});
        let (status, problem) = post_json_to(&app, "/recommend", &request).await;
        assert_eq!((status, problem["field"].as_str()), (422, Some(field)), "{problem}");
        assert!(problem["detail"].as_str().unwrap().contains(detail), "{problem}");
    }
    let both = json!({"history": {"shots": [{"reveal": {"cells": ["D4"], "ships": []}, "scan": {"any": true, "cells": ["B1"]}}]}});
    assert_eq!(post_json_to(&app, "/recommend", &both).await.0, 400);
}
