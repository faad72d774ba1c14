//! Per-move time of an algorithm under an announcement rule:
//! `cargo run --release -p sonar-research --bin announce_timing -- [GAMES] [ALGORITHM] [RULE]`.
//! Classic games on uniform layouts, one thread. Each move reads the game's history as the rule
//! tells it (`History::read`) and plays the algorithm on it, as a `POST /recommend` with a
//! `history` does; the time of both is measured. Prints per-move percentiles and the mean shots.

use std::time::Instant;

use sonar::research::Volley;
use sonar::simulate::per_move_line;
use sonar::{Algorithm, Announce, Deadline, Game, Rules, Seat, Weakened, random_layout, seeded};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let algorithm = arg(2).and_then(|a| Algorithm::from_name(&a)).unwrap_or(Algorithm::Bayes);
    let announce: Announce = arg(3).and_then(|a| a.parse().ok()).unwrap_or(Announce::Sunk);
    let rules = Rules::CLASSIC.with_announce(announce);
    let seat = Seat { rules, ..Seat::new(Weakened::full(algorithm)) };
    let (mut ms, mut shots) = (Vec::new(), 0usize);
    for g in 0..games {
        let mut rng = seeded(g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        let mut history = game.new_history();
        while !game.is_over() {
            let t = Instant::now();
            let reading = history.read(rules).unwrap();
            let salvo = seat
                .play(&reading.board, &reading.fleet, Some(&reading.told), &mut rng, 0, Deadline::NONE)
                .unwrap()
                .shots;
            ms.push(t.elapsed().as_secs_f64() * 1e3);
            let outcome = game.fire(salvo[0]).unwrap();
            let (answer, sinking) = game.answer(salvo[0], outcome, announce);
            history.turns.push(Volley { shots: vec![answer], sunk: sinking.into_iter().collect(), observed: None });
        }
        shots += game.shots();
    }
    println!(
        "{} under {announce}: {games} games, mean {:.2} shots; {}",
        algorithm.name(),
        shots as f64 / games as f64,
        per_move_line(&mut ms)
    );
}
