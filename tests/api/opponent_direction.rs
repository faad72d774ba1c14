//! The direction habit through the API, as a backend meets it: a player who lays every ship across.
//! `POST /opponent` fits it from their past fleets (`across` far above 1, `across_share` 1), and
//! whole games through `POST /recommend` with the model, by a client that shoots where it is told,
//! keep the contract; `bayes` follows a lone hit along its row, as the habit says.

use serde_json::{Value, json};
use sonar::{Fleet, Game, Habit, Layout, Pos, Rules, seeded};

use crate::helpers::{app, patient, play_game, post_json_to};

/// A layout written as `POST /placement` writes a board: `.` water, each ship its own letter.
fn board_of(layout: &Layout) -> Vec<String> {
    let mut rows = vec![vec!['.'; layout.cols]; layout.rows];
    for (ship, p) in layout.ships.iter().enumerate() {
        for c in p.cells() {
            rows[c.row][c.col] = char::from(b'A' + ship as u8);
        }
    }
    rows.into_iter().map(String::from_iter).collect()
}

/// A classic fleet hidden with every ship across (the simulator's `parallel` habit).
fn parallel(seed: u64) -> Layout {
    let habit: Habit = "parallel".parse().unwrap();
    habit.draw(10, 10, &Fleet::classic(), Rules::CLASSIC, &mut seeded(seed)).unwrap()
}

#[actix_web::test]
async fn a_player_who_lays_ships_across_is_learnt_and_followed_along_the_row() {
    let app = app(patient()).await;
    let fleets: Vec<Vec<String>> = (0..10).map(|s| board_of(&parallel(s))).collect();
    let (status, fitted) = post_json_to(&app, "/opponent", &json!({"ships": [5, 4, 3, 3, 2], "fleets": fleets})).await;
    assert_eq!(status, 200, "{fitted}");
    let across = fitted["model"]["across"].as_f64().unwrap();
    // 50 ships all across: the fit is sure of the habit (a ship down at most 1 in 10 as likely).
    assert!(across > 10.0, "{fitted}");
    assert_eq!(fitted["summary"]["across_share"], 1.0, "{fitted}");
    let uniform_share = fitted["summary"]["uniform_across_share"].as_f64().unwrap();
    assert!((0.45..0.55).contains(&uniform_share), "{fitted}");

    let mut followed = 0;
    for (g, name) in ["bayes", "weighted-density"].into_iter().enumerate() {
        for game_seed in 0..2u64 {
            let ask = |game: &Game| {
                json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(), "algorithm": name,
                    "seed": g as u64 * 10 + game_seed, "opponent": {"model": fitted["model"]}})
            };
            let read = |game: &Game, _: &Value, answer: &Value, shot: Pos| {
                assert_eq!(answer["opponent"]["model"], fitted["model"], "{name}");
                if name == "bayes" {
                    followed += usize::from(along_a_lone_hit(&game.board().to_rows(), shot, answer));
                }
            };
            let shots = play_game(&app, Game::new(parallel(100 + game_seed)), ask, read).await.len();
            assert!((17..=100).contains(&shots), "{name}: {shots} shots");
        }
    }
    assert!(followed >= 4, "bayes followed {followed} lone hits along their rows");
}

/// Whether the board has exactly one hit with open cells on either side in its row, and then
/// requires the shot to lie in that row (a ship down is all but excluded by the model).
fn along_a_lone_hit(board: &[String], shot: Pos, answer: &Value) -> bool {
    let hits: Vec<(usize, usize)> = board
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.char_indices().filter(|&(_, c)| c == 'x').map(move |(c, _)| (r, c)))
        .collect();
    let [(r, c)] = hits[..] else { return false };
    let open = |col: usize| board[r].as_bytes().get(col) == Some(&b'.');
    if !(c > 0 && open(c - 1) && open(c + 1)) {
        return false;
    }
    assert_eq!((shot.row, shot.col.abs_diff(c)), (r, 1), "a lone hit at ({r}, {c}): {answer}");
    true
}
