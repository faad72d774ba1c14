//! Thinking time: what `bayes` does with a budget above the default. It plans one step ahead by
//! rollouts, as game engines spend their time: the posterior's most likely cell (the greedy shot)
//! and the next few most likely cells are each played out to the end of the game by a cheap base
//! policy (`weighted-density`, in the turn's tie order) on the same layouts drawn from the
//! posterior (common random numbers, so the comparison is not lost in the noise of the draws). The
//! base policy is deterministic, so a candidate's rollout that has fired the very cells an earlier
//! candidate's had after as many shots plays the same rest of the game: it stops there and takes
//! that total ([`rollout::Path`]). A candidate replaces the greedy cell only when its mean shots
//! to finish are lower by more than [`Z`] standard errors of the paired difference, or, where
//! every agreeing layout was played, when its exact mean is lower.
//!
//! Everything is a function of the request and its seed, never of a clock: the layouts come from
//! the seeded generator, and the work a plan may do is counted in units (cells scanned by the base
//! policy, steps of the layouts drawn, states of the exact programme) converted from the budget at
//! rates calibrated on the project's 2-core machine with a margin ([`ROLLOUT_UNITS_PER_MS`]). The
//! service also holds the plan to the turn's deadline, which only a machine slower than the rates
//! reaches.
//!
//! The layouts ([`draws`]): every agreeing layout where they are at most the plan's cap, uniform
//! draws from the exact programme where it fits the budget's work bound (drawn as the rollouts
//! need them, each charged), and the importance sampler's weighted draws resampled elsewhere (the
//! opening).
//!
//! A plan is made only where its rollouts play the game the shooter is in: one shot a turn, the
//! `sunk-cells` announcements (a board string, or a history under them), and the uniform prior
//! over layouts. Elsewhere `bayes` plays its greedy shot at every budget.

use std::borrow::Cow;

use crate::game::board::{Board, Cell};
use crate::game::referee::Game;
use crate::game::rng::SonarRng;
use crate::game::turn::{DEFAULT_BUDGET_MS, Turn};
use crate::inference::posterior::importance::Sampler;
use crate::inference::posterior::{ExactError, ExactTables, Work, opening_prior};
use crate::shooting::strategy::plan::{Line, Plan, Source};
use crate::shooting::strategy::{Cut, Decision, StrategyError, ranked};

use super::counted::greedy_shot;
use super::draws::{self, Layouts};
use super::posterior::{
    EXACT_SHARE, NO_TOUCH_UNIT_SHARE, Posterior, WORK_PER_MS, before, exact_work, sample_draws, sampled,
};
use super::regime::Greedy;
use super::rollout::{self, Path};
use super::tally::Reader;

/// A candidate replaces the greedy cell only past this many standard errors of the paired
/// difference of their shots to finish: with [`CANDIDATES`] cells, one only as good as the greedy
/// cell would otherwise win by chance on some moves. Chosen against looser and stricter rules by
/// what each planned choice was worth (`docs/decisions/0047-planning-calibration.md#the-switch-threshold-stays-at-15-standard-errors`).
pub const Z: f64 = 1.5;
/// Cells compared: the greedy cell and the next most likely ones
/// (`docs/decisions/0003-plan-by-rollouts-above-the-default-budget.md`).
pub const CANDIDATES: usize = 6;
/// Most layouts a plan plays out per millisecond of budget, raised when rollouts that meet left
/// work to spare (`docs/decisions/0047-planning-calibration.md#rollouts-stop-where-they-meet`).
pub const LAYOUTS_PER_MS: u64 = 40;
/// Fewest layouts on which a sampled plan may switch from the greedy cell.
pub const MIN_LAYOUTS: usize = 30;
/// Units of rollout work per millisecond: a unit is one cell of a board scan
/// ([`rollout::step_units`], [`rollout::start_units`], [`draws::draw_units`]). Calibrated on one
/// thread of the project's 2-core machine, on mid-game boards, with a margin that keeps nineteen
/// plans in twenty within their budget (`docs/decisions/0047-planning-calibration.md#plans-fit-their-budget-each-part-is-charged-what-it-costs`).
pub const ROLLOUT_UNITS_PER_MS: u64 = 270_000;
/// Most layouts a plan resamples from a pool of weighted draws, per draw. Past half the pool the
/// resampled layouts are mostly repeats of one another, which the deterministic base policy plays
/// exactly as the originals and the standard errors count as new: without the cap a long plan's
/// paired differences varied well beyond what its errors said; with it they were as honest as a
/// shorter plan's, at no cost in whole games. The measurements are in
/// `docs/decisions/0047-planning-calibration.md#a-resampled-plan-plays-at-most-half-its-pool`.
pub const POOL_SHARE: f64 = 0.5;
/// Share of the budget a plan means to spend, for the machine's noise.
pub const SHARE: f64 = 0.9;

/// The most layouts a plan at this budget plays out.
pub fn most_layouts(budget_ms: u64) -> usize {
    (budget_ms * LAYOUTS_PER_MS) as usize
}

/// The most layouts a plan at this budget resamples from a pool of `pool` weighted draws.
pub fn most_resampled(budget_ms: u64, pool: usize) -> usize {
    most_layouts(budget_ms).min((pool as f64 * POOL_SHARE) as usize)
}

/// Exact work kept as tables to draw from costs up to this many times a plain count's per unit.
const EXACT_TABLES_COST: f64 = 3.0;

/// A turn with a budget above the default: the posterior, from the exact
/// programme's tables where they fit the budget's work bound (the layouts drawn from them), from
/// the default budget's importance draws elsewhere (the layouts resampled from those), and the
/// rest of the budget spent playing the candidates out. Every stage stops at the turn's deadline,
/// and the decision says where ([`Cut`]). `default_shot` is how the turn's regime plays its
/// shot at the default budget, the plan's first candidate.
pub fn think(
    turn: Turn<'_>,
    default_shot: Greedy,
    rng: &mut SonarRng,
    grid: &mut [f64],
) -> Result<Decision, StrategyError> {
    let (board, fleet, rules, budget, deadline) = (turn.board, turn.fleet, turn.rules, turn.budget_ms, turn.deadline);
    let work = Work::from(exact_work(budget, rules)).until(deadline);
    let most = most_layouts(budget);
    // The exact tables, when they fit, stay for the plan to draw its layouts from.
    let (built, attempted) = ExactTables::attempt(board, fleet, rules, work);
    // What the tables (or the attempt at them) cost, in milliseconds.
    let per_ms = WORK_PER_MS as f64 * if rules.touching { 1.0 } else { NO_TOUCH_UNIT_SHARE };
    let tables_ms = attempted as f64 * EXACT_TABLES_COST / per_ms;
    let (post, listed, source, spent_ms) = match &built {
        Ok(tables) => {
            let exact = tables.posterior();
            let post = Posterior::exact(exact.marginals(), Some(exact.layouts));
            debug_assert_eq!(attempted, tables.work(), "a finished attempt spent what its tables say");
            match draws::every_shuffled(tables, most, rng) {
                Some(every) => {
                    let listing = draws::listing_units(tables, every.len()) as f64 / ROLLOUT_UNITS_PER_MS as f64;
                    (post, every, Source::Every, tables_ms + listing)
                }
                None => (post, Vec::new(), Source::Exact, tables_ms),
            }
        }
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {
            // The failed attempt is charged the work it did, then the default budget's draws.
            let spent = tables_ms + DEFAULT_BUDGET_MS as f64 * (1.0 - EXACT_SHARE);
            let sampler = Sampler::with_rules(board, fleet, rules);
            let mut kept = Vec::new();
            let n = sample_draws(board, fleet, DEFAULT_BUDGET_MS);
            let estimate = sampler.estimate_seeing(n, rng, before(deadline), |d, w| kept.push((d.clone(), w)));
            let post = match opening_prior(board, fleet, rules) {
                Some((prior, layouts)) => Posterior::exact(prior.to_vec(), Some(layouts)),
                None => sampled(board, fleet, n, estimate, deadline),
            };
            let layouts = draws::resampled(board, fleet, &kept, most_resampled(budget, kept.len()), rng);
            (post, layouts, Source::Resampled, spent)
        }
    };
    let marginals = post.marginals;
    grid.copy_from_slice(&marginals);
    let (likeliest, greedy, counted) = greedy_shot(turn, default_shot, grid);
    // The candidates: the greedy cell, then the next likeliest in the turn's order, as a salvo's.
    let ranked = ranked(true, turn, greedy, &marginals, rng, CANDIDATES);
    let cells: Vec<usize> = ranked.iter().map(|&p| board.index(p)).filter(|&i| marginals[i] > 0.0).collect();
    let left_ms = budget as f64 * SHARE - spent_ms;
    let allowance = (left_ms.max(0.0) * ROLLOUT_UNITS_PER_MS as f64) as u64;
    // Where the posterior itself was cut short, there is no time left to plan.
    let layouts = match (&built, source) {
        (Ok(tables), Source::Exact) => Layouts::Drawn { tables, most, rng },
        _ => Layouts::Listed(&listed),
    };
    let plan = match post.cut {
        Some(Cut::Sampling | Cut::Counting) => None,
        _ => improve(turn, &marginals, &cells, layouts, source, allowance),
    };
    let cut = post.cut.or_else(|| {
        (plan.as_ref().is_some_and(|p| p.cut_short) || (plan.is_none() && deadline.passed())).then_some(Cut::Rollouts)
    });
    let shot = plan.as_ref().map_or(greedy, |p| p.lines[p.chosen].cell);
    let below = grid[board.index(shot)] < grid[board.index(likeliest)];
    let why = below.then(|| if shot == greedy { Cow::Borrowed(counted) } else { Cow::Owned(planned_why()) });
    Ok(Decision { shot, posterior: Some(post.facts), why, plan, cut })
}

/// Why a planned shot is not the grid's most likely cell.
pub fn planned_why() -> String {
    format!(
        "planning ahead: each candidate played out to the end of the game on the same layouts drawn from the posterior, this cell finishes in fewer shots than the shot the default budget plays (exactly, over every agreeing layout, or by more than {Z} standard errors of the draws; see plan)"
    )
}

/// Plays `cells` (open cells, greedy first) out on `layouts` in order, every cell on a layout before the
/// next layout, until `allowance` units of work are spent (at least two layouts, or none where
/// the allowance cannot pay for two), and chooses.
/// `source` says whether `layouts` are every agreeing layout (exact means, the lowest wins) or
/// draws (the [`Z`] rule). `None` when there is nothing to compare.
pub fn improve<'a>(
    turn: Turn<'_>,
    marginals: &[f64],
    cells: &[usize],
    layouts: impl Into<Layouts<'a>>,
    source: Source,
    allowance: u64,
) -> Option<Plan> {
    let mut layouts = layouts.into();
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
    // shots[d][k]: shots from now to the end on layout d after shooting cells[k] first.
    let mut shots: Vec<Vec<f64>> = Vec::new();
    // Memory kept from one rollout to the next: a plan starts thousands.
    let mut paths: Vec<Path> = cells.iter().map(|_| Path::default()).collect();
    let mut scratch: Option<Game> = None;
    let mut reader = Reader::new(turn);
    let mut cut_short = false;
    loop {
        // At least two layouts, the second only when the first's cost fits twice.
        if (shots.len() >= 2 && work >= allowance) || (shots.len() == 1 && 2 * work > allowance) {
            break;
        }
        if turn.deadline.passed() {
            cut_short = true;
            break;
        }
        let Some(layout) = layouts.get(shots.len(), &mut work) else { break };
        let start = Game::from_position(board, turn.fleet, &layout);
        // Each candidate's rollout stops where it has fired the cells an earlier one had after as
        // many shots, and takes that one's total: the same total playing on would give. Starting
        // a rollout is charged for the copying it costs ([`rollout::start_units`]).
        for (k, &c) in cells.iter().enumerate() {
            let s = match scratch.as_mut() {
                Some(s) => {
                    s.clone_from(&start);
                    s
                }
                None => scratch.insert(start.clone()),
            };
            let (before, rest) = paths.split_at_mut(k);
            let path = &mut rest[0];
            path.clear();
            reader.first(s, c);
            path.push(c);
            work += rollout::start_units(turn);
            path.total = loop {
                if s.is_over() {
                    break path.len();
                }
                if let Some(total) = before.iter().find_map(|p| path.meets(p)) {
                    break total;
                }
                path.push(reader.step(s, turn, &mut grid, &mut work));
            };
        }
        shots.push(paths.iter().map(|p| p.total as f64).collect());
    }
    if shots.len() < 2 {
        return None;
    }
    let every = source == Source::Every && shots.len() == layouts.len();
    let n = shots.len() as f64;
    let mean = |k: usize| shots.iter().map(|s| s[k]).sum::<f64>() / n;
    let spread = |f: &dyn Fn(&[f64]) -> f64| {
        let values: Vec<f64> = shots.iter().map(|s| f(s)).collect();
        let m = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
        if every { 0.0 } else { (var / n).sqrt() }
    };
    let lines: Vec<Line> = cells
        .iter()
        .enumerate()
        .map(|(k, &c)| Line {
            cell: board.pos(c),
            probability: marginals[c],
            mean_shots: mean(k),
            std_error: spread(&|s| s[k]),
            paired_std_error: if k == 0 { 0.0 } else { spread(&|s| s[k] - s[0]) },
        })
        .collect();
    let mut chosen = 0;
    for (k, line) in lines.iter().enumerate().skip(1) {
        let gain = line.mean_shots - lines[0].mean_shots;
        let clear = every || (shots.len() >= MIN_LAYOUTS && gain < -Z * line.paired_std_error);
        if clear && gain < -1e-12 && line.mean_shots < lines[chosen].mean_shots {
            chosen = k;
        }
    }
    let source = if source == Source::Every && !every { Source::Exact } else { source };
    Some(Plan { lines, chosen, layouts: shots.len(), source, cut_short })
}
