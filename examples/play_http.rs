//! Plays whole games against a running server over HTTP, shooting where it is told:
//! `cargo run --release --example play_http -- [GAMES] [ALGORITHM] [BASE_URL]`.
//! Prints the mean shots; used to measure the server's memory under a whole-game workload.

use serde_json::{Value, json};
use sonar::engine::Game;
use sonar::layout::random_layout;
use sonar::rng::seeded;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let algorithm = args.next().unwrap_or_else(|| "bayes".to_owned());
    let base = args.next().unwrap_or_else(|| "http://127.0.0.1:8080".to_owned());
    let mut total = 0;
    for g in 0..games {
        let mut rng = seeded(g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        while !game.is_over() {
            let body = json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(),
                              "algorithm": algorithm, "seed": g * 1000 + game.shots() as u64});
            let answer: Value = ureq::post(format!("{base}/recommend"))
                .send_json(&body)
                .expect("the server answers")
                .body_mut()
                .read_json()
                .expect("a JSON answer");
            let shot = &answer["shot"];
            let p =
                sonar::board::Pos::new(shot["row"].as_u64().unwrap() as usize, shot["col"].as_u64().unwrap() as usize);
            game.fire(p).expect("a legal shot");
        }
        total += game.shots();
    }
    println!("{algorithm}: {games} games over HTTP, mean {:.2} shots", total as f64 / games as f64);
}
