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
//! policy, steps of the layouts drawn, states of the exact programme) that the turn's [`Meter`]
//! converts from the budget and charges stage by stage. The service also holds the plan to the
//! turn's deadline, which each stage's work carries and which only a machine slower than the
//! meter's rates reaches.
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
use crate::game::deadline::Work;
use crate::game::referee::Game;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::inference::posterior::importance::Sampler;
use crate::inference::posterior::{ExactError, ExactTables, opening_prior};
use crate::shooting::strategy::plan::{Line, Plan, Source};
use crate::shooting::strategy::{Cut, Decision, StrategyError, ranked};

use super::counted::greedy_shot;
use super::draws::{self, Layouts};
use super::meter::{Meter, before};
use super::posterior::{Posterior, sampled};
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
/// Fewest layouts on which a sampled plan may switch from the greedy cell.
pub const MIN_LAYOUTS: usize = 30;
/// Most layouts a plan resamples from a pool of weighted draws, per draw. Past half the pool the
/// resampled layouts are mostly repeats of one another, which the deterministic base policy plays
/// exactly as the originals and the standard errors count as new: without the cap a long plan's
/// paired differences varied well beyond what its errors said; with it they were as honest as a
/// shorter plan's, at no cost in whole games. The measurements are in
/// `docs/decisions/0047-planning-calibration.md#a-resampled-plan-plays-at-most-half-its-pool`.
pub const POOL_SHARE: f64 = 0.5;

/// The most layouts a plan may resample from a pool of `pool` weighted draws, when its budget
/// would play `most`.
pub fn most_resampled(most: usize, pool: usize) -> usize {
    most.min((pool as f64 * POOL_SHARE) as usize)
}

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
    let (board, fleet, rules) = (turn.board, turn.fleet, turn.rules);
    let mut meter = Meter::of(turn);
    let most = meter.most_layouts();
    // The exact tables, when they fit, stay for the plan to draw its layouts from; the attempt is
    // charged the work it did, whether it finished or not.
    let (built, attempted) = ExactTables::attempt(board, fleet, rules, meter.counting(!rules.touching));
    meter.charge_tables(attempted, !rules.touching);
    let (post, listed, source) = match &built {
        Ok(tables) => {
            let exact = tables.posterior();
            let post = Posterior::exact(exact.marginals(), Some(exact.layouts));
            debug_assert_eq!(attempted, tables.work(), "a finished attempt spent what its tables say");
            match draws::every_shuffled(tables, most, rng) {
                Some(every) => {
                    meter.charge_rollout_units(draws::listing_units(tables, every.len()));
                    (post, every, Source::Every)
                }
                None => (post, Vec::new(), Source::Exact),
            }
        }
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {
            // Then the default budget's draws, kept to resample the layouts from.
            let draws = meter.default_draws(board, fleet);
            let sampler = Sampler::with_rules(board, fleet, rules);
            let mut kept = Vec::new();
            let estimate = sampler.estimate_seeing(draws.units, rng, before(draws), |d, w| kept.push((d.clone(), w)));
            let post = match opening_prior(board, fleet, rules) {
                Some((prior, layouts)) => Posterior::exact(prior.to_vec(), Some(layouts)),
                None => sampled(board, fleet, draws, estimate),
            };
            let layouts = draws::resampled(board, fleet, &kept, most_resampled(most, kept.len()), rng);
            (post, layouts, Source::Resampled)
        }
    };
    let marginals = post.marginals;
    grid.copy_from_slice(&marginals);
    let (likeliest, greedy, counted) = greedy_shot(turn, default_shot, grid);
    // The candidates: the greedy cell, then the next likeliest in the turn's order, as a salvo's.
    let ranked = ranked(true, turn, greedy, &marginals, rng, CANDIDATES);
    let cells: Vec<usize> = ranked.iter().map(|&p| board.index(p)).filter(|&i| marginals[i] > 0.0).collect();
    // Where the posterior itself was cut short, there is no time left to plan.
    let layouts = match (&built, source) {
        (Ok(tables), Source::Exact) => Layouts::Drawn { tables, most, rng },
        _ => Layouts::Listed(&listed),
    };
    let plan = match post.cut {
        Some(Cut::Sampling | Cut::Counting) => None,
        _ => improve(turn, &marginals, &cells, layouts, source, meter.rollouts()),
    };
    let cut = post.cut.or_else(|| {
        let stopped = plan.as_ref().is_some_and(|p| p.cut_short) || (plan.is_none() && turn.deadline.passed());
        stopped.then_some(Cut::Rollouts)
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
/// next layout, until `allowance`'s units of work are spent or its deadline passes (at least two
/// layouts, or none where the allowance cannot pay for two), and chooses.
/// `source` says whether `layouts` are every agreeing layout (exact means, the lowest wins) or
/// draws (the [`Z`] rule). `None` when there is nothing to compare.
pub fn improve<'a>(
    turn: Turn<'_>,
    marginals: &[f64],
    cells: &[usize],
    layouts: impl Into<Layouts<'a>>,
    source: Source,
    allowance: impl Into<Work>,
) -> Option<Plan> {
    let Work { units: allowance, deadline } = allowance.into();
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
        if deadline.passed() {
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
