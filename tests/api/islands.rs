//! Islands through `POST /recommend`: `^` on a board and `blocked` in a history.

use crate::helpers::app;
use crate::history::{Referee, answer, refused};
use serde_json::json;
use sonar::http::AppState;
use sonar::{Game, Pos, random_layout, seeded};

/// Islands (`^` on a board, `blocked` in a history): a game on an island map through
/// `POST /recommend`, by a client that shoots where it is told and keeps the board, and one that
/// keeps only the log, never shoots an island and sinks the fleet; the history with `blocked`
/// answers as the board with `^`; a bad island is refused naming it, and a shot at one names the
/// shot.
#[actix_web::test]
async fn games_on_island_maps_never_shoot_an_island() {
    let app = app(AppState::new()).await;
    let islands: Vec<Pos> = ["C3", "C4", "D4", "G7", "H2", "J10"].iter().map(|l| Pos::from_label(l).unwrap()).collect();
    let labels: Vec<String> = islands.iter().map(|p| p.label()).collect();
    let mut rng = seeded(8);
    let layout = loop {
        let l = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
        if l.ships.iter().flat_map(|s| s.cells()).all(|c| !islands.contains(&c)) {
            break l;
        }
    };
    for algorithm in ["bayes", "density", "weighted-density", "random", "longest-run"] {
        let mut game = Game::with_islands(layout.clone(), &islands);
        let mut referee = Referee::new(layout.clone(), "sunk-cells");
        let mut log = Vec::new();
        while !game.is_over() {
            let board = json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(), "algorithm": algorithm, "seed": 4});
            let by_board = answer(&app, &board).await;
            let history = json!({"history": {"shots": log, "blocked": labels}, "algorithm": algorithm, "seed": 4});
            assert_eq!(answer(&app, &history).await, by_board, "{algorithm}\n{}", game.board());
            let shot = &by_board["shot"];
            let p = Pos::new(shot["row"].as_u64().unwrap() as usize, shot["col"].as_u64().unwrap() as usize);
            assert!(!islands.contains(&p), "{algorithm} shot the island {p}");
            for i in &islands {
                let cell = &by_board["grid"][i.row][i.col];
                assert_eq!(cell.as_f64(), Some(0.0), "{algorithm}: {cell} at the island {i}");
            }
            game.fire(p).unwrap();
            log.push(referee.answer(p));
            assert!(log.len() <= 94, "{algorithm}: more shots than open cells");
        }
    }
    let h = "invalid-history";
    let mut body = json!({"history": {"shots": [], "blocked": ["C3", "C 4"]}});
    refused(&app, &body, 422, h, "history.blocked[1]", None, None, "\"C 4\" is not a cell label").await;
    body["history"]["blocked"] = json!(["K1"]);
    refused(&app, &body, 422, h, "history.blocked[0]", None, None, "(10, 0) is off the 10x10 board").await;
    body = json!({"history": {"shots": [{"cell": "A1", "result": "miss"}, {"cell": "C3", "result": "miss"}], "blocked": ["C3"]}});
    refused(&app, &body, 422, h, "history.shots[1]", Some(1), Some(0), "C3 is an island").await;
    // Islands that leave the fleet no room, before any shot.
    body = json!({"history": {"rows": 1, "cols": 3, "fleet": [2], "blocked": ["A2"], "shots": []}});
    refused(&app, &body, 422, h, "history.blocked", None, None, "no fleet of these ships fits the sea around").await;
}
