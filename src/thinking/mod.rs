//! Thinking time: what `bayes` does with a budget above the default. It plans one step ahead by
//! rollouts, as game engines spend their time: the posterior's most likely cell (the greedy shot)
//! and the next few most likely cells are each played out to the end of the game by a cheap base
//! policy (`weighted-density`, in the turn's tie order) on the same layouts drawn from the
//! posterior (common random numbers, so the comparison is not lost in the noise of the draws). A
//! candidate replaces the greedy cell only when its mean shots to finish are lower by more than
//! [`Z`] standard errors of the paired difference, or, where every agreeing layout was played,
//! when its exact mean is lower. On drawn layouts the candidates race: at checks from
//! [`MIN_LAYOUTS`] layouts on, a candidate clearly worse than the greedy cell ([`DROP_Z`]) is
//! dropped, and the work it would have cost buys more layouts for the cells still in the race.
//!
//! Everything is a function of the request and its seed, never of a clock: the layouts come from
//! the seeded generator, and the work a plan may do is counted in units (cells scanned by the base
//! policy, states of the exact programme) converted from the budget at rates measured on the
//! 2-core development machine ([`ROLLOUT_UNITS_PER_MS`]).
//!
//! The layouts ([`draws`]): every agreeing layout where they are at most the plan's cap, uniform
//! draws from the exact programme where it fits the budget's work bound, and the importance
//! sampler's weighted draws resampled elsewhere (the opening).
//!
//! A plan is made only where its rollouts play the game the shooter is in: one shot a turn, the
//! `sunk-cells` announcements (a board string, or a history under them), and the uniform prior
//! over layouts. Elsewhere
//! `bayes` plays its greedy shot at every budget.

pub mod draws;
pub mod plan;
mod rollout;

use crate::board::{Board, Cell};
use crate::layout::Layout;
use crate::turn::{DEFAULT_BUDGET_MS, Turn};

pub use plan::{Line, Plan, Source};
use rollout::Sea;

/// A candidate replaces the greedy cell only past this many standard errors of the paired
/// difference of their shots to finish.
pub const Z: f64 = 1.0;
/// Cells compared: the greedy cell and the next most likely ones.
pub const CANDIDATES: usize = 6;
/// Most layouts a plan plays out per millisecond of budget.
pub const LAYOUTS_PER_MS: u64 = 20;
/// Fewest layouts on which a sampled plan may switch from the greedy cell; also the first check
/// of the race, which checks again at every doubling of the layouts played.
pub const MIN_LAYOUTS: usize = 30;
/// A candidate leaves the race of a sampled plan, at a check, once its mean shots are higher than
/// the greedy cell's by more than this many standard errors of their paired difference: it could
/// not be chosen, and the layouts it would have cost go to the cells still racing.
pub const DROP_Z: f64 = 1.0;
/// Cells the base policy scans per millisecond, one thread of the 2-core development machine with
/// a margin (`cargo run --release --example thinking_timing`: at this rate and 100 ms the classic
/// moves took p99 71 ms on a quiet core; at 100,000 they took 43 ms, less than half the budget).
pub const ROLLOUT_UNITS_PER_MS: u64 = 200_000;
/// Share of the budget a plan means to spend, for the machine's noise.
pub const SHARE: f64 = 0.9;

/// Whether a turn gets a plan: a budget above the default, and a game the rollouts can play.
pub fn plans(turn: Turn<'_>) -> bool {
    turn.budget_ms > DEFAULT_BUDGET_MS
        && turn.rules.salvo == 1
        && turn.rules.announce == crate::announce::Announce::SunkCells
        && turn.board_tells_all()
        && turn.uniform_prior()
}

/// The most layouts a plan at this budget plays out.
pub fn most_layouts(budget_ms: u64) -> usize {
    (budget_ms * LAYOUTS_PER_MS) as usize
}

/// Plays `cells` (open cells, greedy first) out on `layouts` in order, every cell still in the
/// race on a layout before the next layout, until `allowance` units of work are spent (at least
/// two layouts, or none where the allowance cannot pay for two), and chooses.
/// `source` says whether `layouts` are every agreeing layout (exact means, the lowest wins, every
/// cell on every layout) or draws (the [`Z`] rule, and cells dropped from the race once clearly
/// worse than the greedy cell, [`DROP_Z`]). `None` when there is nothing to compare.
pub fn improve(
    turn: Turn<'_>,
    marginals: &[f64],
    cells: &[usize],
    layouts: &[Layout],
    source: Source,
    allowance: u64,
) -> Option<Plan> {
    if layouts.len() < 2 || cells.len() < 2 {
        return None;
    }
    let board: &Board = turn.board;
    // A rollout fires at most every open cell, scanning the board each time: half of that is more
    // than a layout's rollouts cost on any board the service takes, so a plan whose allowance
    // cannot pay for it is not begun (a large board at a small budget).
    let open = board.count(Cell::Unknown) as u64;
    if (cells.len() as u64 * open * board.len() as u64) / 2 > allowance {
        return None;
    }
    let (mut grid, mut work) = (Vec::new(), 0u64);
    // runs[k][d]: shots from now to the end on layout d after shooting cells[k] first. A cell
    // dropped from the race stops at the layouts it was played on, a prefix of the greedy's.
    let mut runs: Vec<Vec<f64>> = vec![Vec::new(); cells.len()];
    let mut racing = vec![true; cells.len()];
    let mut check = MIN_LAYOUTS;
    for layout in layouts {
        // At least two layouts, the second only when the first's cost fits twice.
        let played = runs[0].len();
        if (played >= 2 && work >= allowance) || (played == 1 && 2 * work > allowance) {
            break;
        }
        let sea = Sea::new(board, turn.fleet, layout);
        for (k, &c) in cells.iter().enumerate().filter(|&(k, _)| racing[k]) {
            let mut s = sea.clone();
            s.fire(c);
            let rest = if s.is_over() { 0 } else { s.finish(turn, &mut grid, &mut work) };
            runs[k].push((1 + rest) as f64);
        }
        if source != Source::Every && runs[0].len() == check {
            for k in 1..cells.len() {
                let (gain, se) = paired(&runs[k], &runs[0]);
                racing[k] &= gain <= DROP_Z * se;
            }
            check *= 2;
        }
    }
    let n = runs[0].len();
    if n < 2 {
        return None;
    }
    let every = source == Source::Every && n == layouts.len();
    let exact = |se: f64| if every { 0.0 } else { se };
    let greedy = mean(&runs[0]);
    let lines: Vec<Line> = cells
        .iter()
        .zip(&runs)
        .map(|(&c, run)| {
            let (gain, paired_se) = paired(run, &runs[0]);
            Line {
                cell: board.pos(c),
                probability: marginals[c],
                // A cell dropped from the race: the greedy mean plus their paired difference.
                mean_shots: if run.len() == n { mean(run) } else { greedy + gain },
                std_error: exact(std_error(run)),
                paired_std_error: exact(paired_se),
                layouts: run.len(),
            }
        })
        .collect();
    let mut chosen = 0;
    for (k, line) in lines.iter().enumerate().skip(1) {
        let gain = line.mean_shots - greedy;
        let clear = every || (line.layouts >= MIN_LAYOUTS && gain < -Z * line.paired_std_error);
        if clear && gain < -1e-12 && line.mean_shots < lines[chosen].mean_shots {
            chosen = k;
        }
    }
    let source = if source == Source::Every && !every { Source::Exact } else { source };
    Some(Plan { lines, chosen, layouts: n, source })
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The standard error of `values`' mean.
fn std_error(values: &[f64]) -> f64 {
    let (n, m) = (values.len() as f64, mean(values));
    (values.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt()
}

/// The mean of `run` minus `greedy`'s on the layouts both were played on (`run`'s, a prefix of
/// `greedy`'s), and its standard error (0 for the greedy run itself).
fn paired(run: &[f64], greedy: &[f64]) -> (f64, f64) {
    let diffs: Vec<f64> = run.iter().zip(greedy).map(|(a, b)| a - b).collect();
    (mean(&diffs), std_error(&diffs))
}

#[cfg(test)]
mod tests;
