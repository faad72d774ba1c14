//! How many independent layouts a resampled plan's layouts are worth: `cargo run --release
//! --example opening_draws [GAMES] [SEED] [BUDGET_MS]` (defaults 20, 1, 100).
//!
//! `weighted-density` plays classic games; at every position where the exact programme does not
//! fit BUDGET_MS's work bound (where a plan at that budget resamples its layouts from the default
//! budget's importance draws, [`sonar::Sampler`]), the effective sample size of those draws (Kish's:
//! the squared sum of the weights over the sum of their squares), printed by whether the board has
//! an open hit. A plan that resamples more layouts than that repeats draws, and its standard
//! errors count them as independent unless it is told the effective size.

use sonar::{
    Algorithm, Board, DEFAULT_BUDGET_MS, ExactTables, Fleet, Game, Rules, Sampler, exact_work, random_layout,
    recommend, sample_draws, stream,
};

fn main() {
    let arg = |i: usize, default: u64| std::env::args().nth(i).map_or(default, |a| a.parse().expect("a number"));
    let (games, seed, budget) = (arg(1, 20), arg(2, 1), arg(3, 100));
    // The draws a plan resamples from: the default budget's, as `bayes` at 10 ms makes them.
    let draws = sample_draws(&Board::empty(10, 10), &Fleet::classic(), DEFAULT_BUDGET_MS);
    let mut sizes: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for g in 0..games {
        let mut rng = stream(seed, g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        while !game.is_over() {
            let (board, fleet) = (game.board().clone(), game.fleet().clone());
            if ExactTables::build(&board, &fleet, Rules::CLASSIC, exact_work(budget, Rules::CLASSIC)).is_err() {
                let mut weights = Vec::new();
                let mut draw_rng = stream(seed, 1_000_000 + game.shots() as u64 + 1000 * g);
                Sampler::with_rules(&board, &fleet, Rules::CLASSIC).estimate_seeing(
                    draws,
                    &mut draw_rng,
                    |_| true,
                    |_, w| weights.push(w),
                );
                let (sum, squares) = weights.iter().fold((0.0, 0.0), |(s, q), w| (s + w, q + w * w));
                sizes[usize::from(board.has_hits())].push(if squares > 0.0 { sum * sum / squares } else { 0.0 });
            }
            let shot = recommend(Algorithm::WeightedDensity, game.turn(), &mut rng).unwrap().shot;
            game.fire(shot).unwrap();
        }
    }
    println!(
        "{games} games, seed {seed}: positions past the exact bound at {budget} ms, {draws} importance draws each"
    );
    for (kind, s) in ["no open hit", "open hits"].iter().zip(sizes.iter_mut()) {
        s.sort_by(f64::total_cmp);
        let q = |p: f64| s.get(((s.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(f64::NAN);
        println!(
            "  {kind:12}: {:4} positions, effective draws p10 {:6.0} p50 {:6.0} p90 {:6.0} min {:6.0}",
            s.len(),
            q(0.1),
            q(0.5),
            q(0.9),
            q(0.0)
        );
    }
}
