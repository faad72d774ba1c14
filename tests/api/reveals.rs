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
