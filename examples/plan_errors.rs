//! Whether a resampled plan's standard errors are as wide as its estimates' actual error:
//! `cargo run --release --example plan_errors [POSITIONS] [REPEATS] [SEED] [BUDGET_MS]`
//! (defaults 12, 40, 1, 100).
//!
//! `weighted-density` plays classic games; every third position where a plan at BUDGET_MS
//! resamples its layouts (the exact programme does not fit the budget's work bound) is planned
//! REPEATS times by `bayes`, each time from a seed of its own (new importance draws, new
//! resampling). For each candidate compared with the same greedy cell in at least half the
//! repeats, the spread of its paired difference (its mean shots minus the greedy cell's) across
//! the repeats is the difference's actual standard error, and the plans' reported
//! `paired_std_error` should be about as wide: a ratio of actual to reported above 1 is errors
//! that understate, and a plan that switches more often than its threshold means. With 40 repeats
//! a ratio alone is known to about ±11%, so calibrated errors give p10 and p90 near 0.86 and 1.14.
//! Last, per kind of position, the layouts each position's first plan played.

use std::collections::BTreeMap;

use sonar::{Algorithm, ExactTables, Game, Rules, exact_work, random_layout, recommend, stream};

/// A cell as (row, column).
type Cell = (usize, usize);

fn main() {
    let arg = |i: usize, default: u64| std::env::args().nth(i).map_or(default, |a| a.parse().expect("a number"));
    let (positions, repeats, seed, budget) = (arg(1, 12), arg(2, 40), arg(3, 1), arg(4, 100));
    // Per kind of position (no open hit, open hits): (actual over reported, per pair; pairs).
    let mut ratios: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    // Per kind of position: the layouts each position's first plan played.
    let mut played: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let (mut found, mut eligible) = (0, 0);
    for g in 0.. {
        if found == positions {
            break;
        }
        let mut rng = stream(seed, g);
        let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
        while !game.is_over() && found < positions {
            let (board, fleet) = (game.board(), game.fleet());
            let resampled =
                ExactTables::build(board, fleet, Rules::CLASSIC, exact_work(budget, Rules::CLASSIC)).is_err();
            if resampled && game.shots() > 0 {
                eligible += 1;
                if eligible % 3 == 0 {
                    found += 1;
                    let (r, layouts) = pair_ratios(&game, repeats, seed, found, budget);
                    ratios[usize::from(board.has_hits())].extend(r);
                    played[usize::from(board.has_hits())].push(layouts);
                }
            }
            let shot = recommend(Algorithm::WeightedDensity, game.turn(), &mut rng).unwrap().shot;
            game.fire(shot).unwrap();
        }
    }
    println!("{positions} positions past the exact bound at {budget} ms, {repeats} plans each, seed {seed}");
    println!("actual standard error of a candidate's paired difference over the plans' reported one:");
    for (kind, r) in ["no open hit", "open hits"].iter().zip(ratios.iter_mut()) {
        r.sort_by(f64::total_cmp);
        let q = |p: f64| r.get(((r.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(f64::NAN);
        // Pooled: the root of the mean squared ratio, actual variance over reported.
        let pooled = (r.iter().map(|x| x * x).sum::<f64>() / r.len() as f64).sqrt();
        println!(
            "  {kind:12}: {:3} pairs, ratio p10 {:.2} p50 {:.2} p90 {:.2}, pooled {pooled:.2}",
            r.len(),
            q(0.1),
            q(0.5),
            q(0.9)
        );
    }
    for (kind, p) in ["no open hit", "open hits"].iter().zip(played.iter_mut()) {
        p.sort_unstable();
        let (min, max) = (p.first().copied().unwrap_or(0), p.last().copied().unwrap_or(0));
        println!(
            "  {kind:12}: {} positions, layouts a plan p50 {} ({min} to {max})",
            p.len(),
            p.get(p.len() / 2).unwrap_or(&0)
        );
    }
}

/// Plans the position `repeats` times; for each (greedy, candidate) pair seen in at least half of
/// them, the spread of the paired difference over the mean reported paired standard error; and the
/// layouts the first plan played.
fn pair_ratios(game: &Game, repeats: u64, seed: u64, position: u64, budget: u64) -> (Vec<f64>, usize) {
    // (greedy cell, candidate cell) -> (paired differences, reported paired errors)
    let mut pairs: BTreeMap<(Cell, Cell), (Vec<f64>, Vec<f64>)> = BTreeMap::new();
    let mut layouts = 0;
    for r in 0..repeats {
        let mut rng = stream(seed.wrapping_add(1_000_003), position * 10_000 + r);
        let plan = recommend(Algorithm::Bayes, game.turn().with_budget(budget), &mut rng)
            .unwrap()
            .plan
            .expect("a resampled position past the default budget is planned");
        if r == 0 {
            layouts = plan.layouts;
        }
        let first = &plan.lines[0];
        for line in &plan.lines[1..] {
            let key = ((first.cell.row, first.cell.col), (line.cell.row, line.cell.col));
            let entry = pairs.entry(key).or_default();
            entry.0.push(line.mean_shots - first.mean_shots);
            entry.1.push(line.paired_std_error);
        }
    }
    let ratios = pairs
        .values()
        .filter(|(d, e)| 2 * d.len() as u64 >= repeats && e.iter().all(|&e| e > 0.0))
        .map(|(d, e)| {
            let n = d.len() as f64;
            let m = d.iter().sum::<f64>() / n;
            let actual = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            actual / (e.iter().sum::<f64>() / n)
        })
        .collect();
    (ratios, layouts)
}
