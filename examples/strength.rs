//! Plays classic games (10x10, ships 5, 4, 3, 3, 2, uniform layouts) with each algorithm and
//! prints the mean, standard deviation and median number of shots.
//!
//! `cargo run --release --example strength -- [GAMES] [ALGORITHM...]`

use rayon::prelude::*;
use sonar::engine::{Game, play};
use sonar::layout::random_layout;
use sonar::rng::stream;
use sonar::strategy::Algorithm;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map(|s| s.parse().expect("GAMES must be a number")).unwrap_or(10_000);
    let named: Vec<Algorithm> =
        args.map(|n| Algorithm::from_name(&n).unwrap_or_else(|| panic!("unknown algorithm {n:?}"))).collect();
    let algorithms = if named.is_empty() { Algorithm::ALL.to_vec() } else { named };
    println!("{:<14} {:>7} {:>7} {:>6} {:>6} {:>4} {:>4}", "algorithm", "games", "mean", "sd", "median", "min", "max");
    for algorithm in algorithms {
        let mut shots: Vec<usize> = (0..games)
            .into_par_iter()
            .map(|g| {
                let mut rng = stream(2024, g);
                let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
                let mut grid = Vec::new();
                play(algorithm.strategy(), Game::new(layout), &mut rng, &mut grid, |_, _, _| {}).unwrap().shots
            })
            .collect();
        shots.sort_unstable();
        let n = shots.len() as f64;
        let mean = shots.iter().sum::<usize>() as f64 / n;
        let sd = (shots.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        let median = if shots.len() % 2 == 1 {
            shots[shots.len() / 2] as f64
        } else {
            (shots[shots.len() / 2 - 1] + shots[shots.len() / 2]) as f64 / 2.0
        };
        println!(
            "{:<14} {:>7} {:>7.2} {:>6.2} {:>6.1} {:>4} {:>4}",
            algorithm.name(),
            games,
            mean,
            sd,
            median,
            shots[0],
            shots[shots.len() - 1]
        );
    }
}
