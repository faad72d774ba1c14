//! How many of `bayes`'s target-mode moves (a hit on the board) fit the exact work bound of the
//! default budget, by the number of shots fired so far: the rest are sampled, and the study
//! variants that need exact counts play `bayes`'s greedy cell there.
//!
//! `cargo run --release --example exact_coverage [GAMES] [BUDGET_MS]` (default 200 games, 10 ms;
//! classic board and fleet, uniform layouts, one thread).

use sonar::{Algorithm, Game, Rules, Seat, count_exact_under, exact_work, random_layout, seeded};

fn main() {
    let arg = |i: usize| std::env::args().nth(i).and_then(|a| a.parse::<u64>().ok());
    let games = arg(1).unwrap_or(200);
    let budget_ms = arg(2).unwrap_or(10);
    let seat = Seat { budget_ms, ..Seat::default() };
    let work = exact_work(budget_ms, Rules::CLASSIC);
    // Per bucket of five shots: target-mode moves that fit, and those over the bound.
    let mut buckets = vec![(0usize, 0usize); 21];
    for g in 0..games {
        let mut rng = seeded(g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        let mut grid = vec![0.0; 100];
        while !game.is_over() {
            if game.board().has_hits() {
                let fits = count_exact_under(game.board(), game.fleet(), Rules::CLASSIC, work).is_ok();
                let b = &mut buckets[game.shots() / 5];
                if fits { b.0 += 1 } else { b.1 += 1 }
            }
            let shots =
                seat.salvo(Algorithm::Bayes.strategy(), game.board(), game.fleet(), &mut rng, &mut grid).unwrap();
            game.fire(shots[0]).unwrap();
        }
    }
    let (fit, over) = buckets.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!(
        "{games} games, budget {budget_ms} ms: {fit} target-mode moves exact, {over} over the bound ({:.0}%)",
        100.0 * over as f64 / (fit + over) as f64
    );
    for (k, (f, o)) in buckets.iter().enumerate().filter(|(_, b)| b.0 + b.1 > 0) {
        println!("  shots {:>2}-{:>2}: {f:>5} exact, {o:>5} over", 5 * k, 5 * k + 4);
    }
}
