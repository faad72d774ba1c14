//! Per-move time of an algorithm given a model of the opponent's habits:
//! `cargo run --release -p sonar-research --bin opponent_timing -- [GAMES] [ALGORITHM] [EDGE-THETA] [TOUCHING]
//! [ACROSS]`. The model weighs each cell `e^(θ × the board edges it lies on)`, each touching pair
//! `TOUCHING` and each ship laid across `ACROSS` (default 1); games are classic, on uniform
//! layouts, one thread. Prints per-move percentiles and the mean shots. With `TOUCHING` 0 the
//! hidden fleets never touch (the `apart` habit); with `ACROSS` other than 1 they are drawn from the
//! model's direction (`across:p` with `p = ACROSS / (1 + ACROSS)`).

use std::time::Instant;

use sonar::research::Opponent;
use sonar::simulate::per_move_line;
use sonar::{Algorithm, Fleet, Game, Habit, Rules, random_layout_under, seeded};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let algorithm = arg(2).and_then(|a| Algorithm::from_name(&a)).unwrap_or(Algorithm::Bayes);
    let theta: f64 = arg(3).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let touching: f64 = arg(4).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let across: f64 = arg(5).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let on_edges = |r: usize, c: usize| f64::from(u8::from(r == 0 || r == 9) + u8::from(c == 0 || c == 9));
    let cells: Vec<Vec<f64>> = (0..10).map(|r| (0..10).map(|c| (theta * on_edges(r, c)).exp()).collect()).collect();
    let model = Opponent::new(10, 10, &cells, touching).and_then(|m| m.with_across(across)).expect("a valid model");
    let habit = Habit::Across(across / (1.0 + across));
    let (mut ms, mut shots) = (Vec::new(), 0usize);
    for g in 0..games {
        let mut rng = seeded(g);
        // A model that never lets ships touch is played against fleets that never touch.
        let placed = if touching == 0.0 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let layout = if across == 1.0 {
            random_layout_under(10, 10, &[5, 4, 3, 3, 2], placed, &mut rng).unwrap()
        } else {
            habit.draw(10, 10, &Fleet::classic(), placed, &mut rng).unwrap()
        };
        let mut game = Game::new(layout);
        let mut grid = vec![0.0; 100];
        while !game.is_over() {
            let turn = game.turn().with_opponent(Some(&model));
            grid.fill(0.0);
            let t = Instant::now();
            let d = algorithm.strategy().decide(turn, &mut rng, &mut grid).unwrap();
            ms.push(t.elapsed().as_secs_f64() * 1e3);
            game.fire(d.shot).unwrap();
        }
        shots += game.shots();
    }
    println!(
        "{} edge {theta} touching {touching} across {across}: {games} games, mean {:.2} shots; {}",
        algorithm.name(),
        shots as f64 / games as f64,
        per_move_line(&mut ms)
    );
}
