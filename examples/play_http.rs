//! Plays whole games against a running server over HTTP, shooting where it is told:
//! `cargo run --release --example play_http -- [GAMES] [ALGORITHM] [BASE_URL] [SEEDS]`.
//! SEEDS is `game` (one seed per game, the default), `none` (no seed: the server draws one per
//! request) or `move` (a new seed on every move). Game `g` is played against the same layout in
//! every mode, so modes can be compared game by game. Prints the mean shots; also used to measure
//! the server's memory under a whole-game workload.

use serde_json::{Value, json};
use sonar::Game;
use sonar::random_layout;
use sonar::seeded;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let algorithm = args.next().unwrap_or_else(|| "bayes".to_owned());
    let base = args.next().unwrap_or_else(|| "http://127.0.0.1:8080".to_owned());
    let seeds = args.next().unwrap_or_else(|| "game".to_owned());
    assert!(["game", "none", "move"].contains(&seeds.as_str()), "SEEDS is game, none or move");
    let mut total = 0;
    for g in 0..games {
        let mut rng = seeded(g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        while !game.is_over() {
            let mut body = json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(),
                                  "algorithm": algorithm});
            match seeds.as_str() {
                "game" => body["seed"] = json!(g),
                "move" => body["seed"] = json!(g * 1000 + game.shots() as u64),
                _ => {}
            }
            let answer: Value = ureq::post(format!("{base}/recommend"))
                .send_json(&body)
                .expect("the server answers")
                .body_mut()
                .read_json()
                .expect("a JSON answer");
            let shot = &answer["shot"];
            let p = sonar::Pos::new(shot["row"].as_u64().unwrap() as usize, shot["col"].as_u64().unwrap() as usize);
            game.fire(p).expect("a legal shot");
        }
        total += game.shots();
    }
    println!("{algorithm}, seeds per {seeds}: {games} games over HTTP, mean {:.2} shots", total as f64 / games as f64);
}
