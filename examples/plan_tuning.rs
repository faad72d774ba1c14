//! How well `bayes`'s plans choose, measured against a far larger plan on the same positions:
//! `cargo run --release --example plan_tuning [GAMES] [SEED] [BUDGETS] [TRUTH] [EVERY] [PLAY]`
//! (defaults 20, 1, `100`, 4000, 4, 10).
//!
//! `bayes` at PLAY ms a move (the default budget unless given) plays classic games; at every
//! EVERY-th position each budget of BUDGETS (comma-separated, above 10) makes its plan, and each
//! plan's candidates are then played out by `weighted-density` on TRUTH layouts drawn uniformly
//! from the position's posterior (exact draws where counting fits, rejection from uniform fleets in
//! the hunt otherwise), the same layouts for every candidate. A plan's choice is worth the truth's
//! mean shots of its cell minus those of the greedy cell (negative: the plan saves shots). The
//! plan's own lines are also re-read under other switch rules (z standard errors of the paired
//! difference), so one run compares the rules on the same positions. Printed per kind of position
//! (hunt, target) and budget: positions, how often each rule switches, and the mean worth per
//! switch and per position, with a 95% interval. Runs on every core; the same arguments give the
//! same figures.

use rayon::prelude::*;
use sonar::{
    Algorithm, Board, Cell, ExactTables, Fleet, Game, Layout, Pos, Rules, TieOrder, Turn, random_layout, recommend,
    stream,
};

const RULES: [f64; 6] = [0.0, 1.0, 1.5, 2.0, 2.5, 3.0];

/// The shots `weighted-density` needs to finish `game` after firing `first`.
fn roll(mut game: Game, first: Pos, order: TieOrder) -> f64 {
    game.fire(first).unwrap();
    let mut rng = stream(0, 0);
    while !game.is_over() {
        let turn = Turn { order, ..game.turn() };
        let r = recommend(Algorithm::WeightedDensity, turn, &mut rng).unwrap();
        game.fire(r.shot).unwrap();
    }
    game.shots() as f64
}

/// A layout of the ships afloat agreeing with `board`, uniformly: from the exact tables where they
/// fit, else (only in the hunt) by rejection.
fn truth_layouts(board: &Board, fleet: &Fleet, n: usize, seed: u64) -> Option<Vec<Layout>> {
    let mut rng = stream(seed, 1);
    if let Ok(tables) = ExactTables::build(board, fleet, Rules::CLASSIC, 200_000_000) {
        return Some((0..n).map(|_| tables.sample_layout(&mut rng)).collect());
    }
    if board.has_hits() {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let l = random_layout(board.rows(), board.cols(), fleet.lengths(), &mut rng).unwrap();
        if l.ships.iter().all(|s| s.cells().all(|c| board.get(c) == Cell::Unknown)) {
            out.push(l);
        }
    }
    Some(out)
}

/// One position's record: kind (0 hunt, 1 target), per budget the plan's lines (cell, mean, paired
/// standard error), and the truth's mean for each cell.
struct Record {
    kind: usize,
    plans: Vec<Vec<(Pos, f64, f64)>>,
    truth: Vec<(Pos, f64)>,
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let seed: u64 = arg(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let budgets: Vec<u64> = arg(3).unwrap_or("100".into()).split(',').map(|b| b.parse().unwrap()).collect();
    let truth_n: usize = arg(4).and_then(|a| a.parse().ok()).unwrap_or(4000);
    let every: usize = arg(5).and_then(|a| a.parse().ok()).unwrap_or(4);
    let play: u64 = arg(6).and_then(|a| a.parse().ok()).unwrap_or(10);
    let records: Vec<Record> = (0..games)
        .into_par_iter()
        .flat_map_iter(|g| {
            let mut rng = stream(seed, g);
            let real = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let order = TieOrder::from_seed(seed ^ g);
            let mut game = Game::new(real.clone());
            let mut fired: Vec<Pos> = Vec::new();
            let mut out = Vec::new();
            while !game.is_over() {
                let turn = Turn { order, ..game.turn() };
                if fired.len() % every == every - 1 {
                    let plans: Vec<Vec<(Pos, f64, f64)>> = budgets
                        .iter()
                        .map(|&b| {
                            let r = recommend(
                                Algorithm::Bayes,
                                turn.with_budget(b),
                                &mut stream(seed ^ g, 7 + fired.len() as u64),
                            )
                            .unwrap();
                            r.plan
                                .map(|p| p.lines.iter().map(|l| (l.cell, l.mean_shots, l.paired_std_error)).collect())
                                .unwrap_or_default()
                        })
                        .collect();
                    let mut cells: Vec<Pos> = plans.iter().flatten().map(|l| l.0).collect();
                    cells.sort_by_key(|p| (p.row, p.col));
                    cells.dedup();
                    let board = game.board().clone();
                    let sunk: Vec<_> =
                        real.ships.iter().copied().filter(|s| s.cells().all(|c| board.get(c) == Cell::Sunk)).collect();
                    if cells.len() > 1
                        && let Some(layouts) =
                            truth_layouts(&board, game.fleet(), truth_n, seed ^ g ^ (fired.len() as u64) << 32)
                    {
                        let mut sums = vec![0.0; cells.len()];
                        for l in &layouts {
                            let mut ships = l.ships.clone();
                            ships.extend(sunk.iter().copied());
                            let mut there = Game::new(Layout { ships, ..real.clone() });
                            fired.iter().for_each(|&p| {
                                there.fire(p).unwrap();
                            });
                            debug_assert_eq!(there.board(), &board);
                            for (k, &c) in cells.iter().enumerate() {
                                sums[k] += roll(there.clone(), c, order) - fired.len() as f64;
                            }
                        }
                        let truth = cells.iter().zip(&sums).map(|(&c, s)| (c, s / layouts.len() as f64)).collect();
                        out.push(Record { kind: usize::from(board.has_hits()), plans, truth });
                    }
                }
                let r = recommend(
                    Algorithm::Bayes,
                    turn.with_budget(play),
                    &mut stream(seed ^ g, 1000 + fired.len() as u64),
                )
                .unwrap();
                game.fire(r.shot).unwrap();
                fired.push(r.shot);
            }
            eprintln!("game {g} done");
            out
        })
        .collect();
    println!("{games} games played at {play} ms, seed {seed}, truth {truth_n} layouts, every {every}th position");
    for kind in 0..2 {
        let rs: Vec<&Record> = records.iter().filter(|r| r.kind == kind).collect();
        for (b, budget) in budgets.iter().enumerate() {
            println!("{} at {budget} ms: {} positions", ["hunt", "target"][kind], rs.len());
            for z in RULES {
                // The worth of each position's choice under rule z.
                let worth: Vec<(bool, f64)> = rs
                    .iter()
                    .filter(|r| !r.plans[b].is_empty())
                    .map(|r| {
                        let lines = &r.plans[b];
                        let mut chosen = 0;
                        for (k, l) in lines.iter().enumerate().skip(1) {
                            let gain = l.1 - lines[0].1;
                            if gain < -z * l.2 && gain < -1e-12 && l.1 < lines[chosen].1 {
                                chosen = k;
                            }
                        }
                        let t = |p: Pos| r.truth.iter().find(|x| x.0 == p).unwrap().1;
                        (chosen != 0, t(lines[chosen].0) - t(lines[0].0))
                    })
                    .collect();
                let n = worth.len() as f64;
                let switched: Vec<f64> = worth.iter().filter(|w| w.0).map(|w| w.1).collect();
                let mean = worth.iter().map(|w| w.1).sum::<f64>() / n;
                let sd = (worth.iter().map(|w| (w.1 - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
                println!(
                    "  z {z:3.1}: switches {:5.1}%  worth per switch {:+.3}  per position {:+.4} ({:+.4} to {:+.4})",
                    100.0 * switched.len() as f64 / n,
                    switched.iter().sum::<f64>() / switched.len().max(1) as f64,
                    mean,
                    mean - 1.96 * sd / n.sqrt(),
                    mean + 1.96 * sd / n.sqrt()
                );
            }
            // The best the candidates allow: the truth's lowest mean among this plan's lines (the
            // truth's own noise makes this a little better than it is).
            let best: Vec<f64> = rs
                .iter()
                .filter(|r| !r.plans[b].is_empty())
                .map(|r| {
                    let t = |p: Pos| r.truth.iter().find(|x| x.0 == p).unwrap().1;
                    let lines = &r.plans[b];
                    lines.iter().map(|l| t(l.0)).fold(f64::INFINITY, f64::min) - t(lines[0].0)
                })
                .collect();
            println!("  best of the candidates: per position {:+.4}", best.iter().sum::<f64>() / best.len() as f64);
        }
    }
}
