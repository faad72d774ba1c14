//! The posterior as `bayes` computes it within a turn's budget. The posterior follows the turn's
//! rules (under the no-touch rules only layouts whose ships keep apart count) and its prior over
//! layouts (a model of the opponent's habits weighs every layout). It is exact when that fits the
//! budget: the empty board with a committed table reads it, any other board first tries exact
//! counting ([`crate::inference::posterior::count_exact_under`], a broken-profile dynamic programme)
//! with a work bound scaled from the budget; boards over that bound (the opening, with most of the
//! sea unshot) get a sequential importance sampling estimate
//! ([`crate::inference::posterior::importance`]) with a number of draws fixed by the budget and
//! the board's size. No clock decides anything: the work bound and the draw count are functions of
//! the request alone, so the same request and seed always give the same answer (and the simulator
//! the same games whatever its thread count). The rates are calibrated on the project's 2-core
//! machine with a margin: a slower machine takes longer rather than answering differently.

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::game::turn::Turn;
use crate::inference::posterior::announced::Mixture;
use crate::inference::posterior::importance::{Estimate, Sampler};
use crate::inference::posterior::{ExactError, RECOMMENDED_BUDGET, count_exact_under, count_weighted, opening_prior};
use crate::shooting::strategy::density::hunt_density;
use crate::shooting::strategy::{PosteriorFacts, StrategyError};

use super::regime;

/// Exact-counting work units per millisecond of budget ([`RECOMMENDED_BUDGET`] is about 5 ms).
pub(super) const WORK_PER_MS: u64 = RECOMMENDED_BUDGET / 5;
/// Share of the budget exact counting may spend before sampling takes over.
pub(super) const EXACT_SHARE: f64 = 0.4;
/// Most work exact counting may do whatever the budget: its tables take up to about 40 bytes per
/// unit, so this bounds one request's memory to some 80 MB (a larger budget buys more samples).
pub const MAX_EXACT_WORK: u64 = 2_000_000;
/// Importance draws per millisecond on the classic board: calibrated on one core of the project's
/// 2-core machine with a margin (`docs/decisions/0040-exact-counting-budget-and-forecasts.md`).
const DRAWS_PER_MS_CLASSIC: f64 = 450.0;

/// The posterior marginals of every cell (0 off `.` cells) and how they were obtained: under the
/// turn's prior over layouts when it has one ([`Turn::opponent`]), the uniform prior otherwise.
pub fn posterior(turn: Turn<'_>, rng: &mut SonarRng) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    if let Some(told) = turn.told {
        return announced_posterior(turn, told, rng);
    }
    let (board, rules, model) = regime::read(turn);
    let board = &*board;
    let Some(model) = model.as_deref().filter(|m| !m.is_uniform()) else {
        return uniform_posterior(board, turn.fleet, rules, turn.budget_ms, rng);
    };
    let fleet = turn.fleet;
    let tracks = !rules.touching || model.touching() != 1.0;
    match count_weighted(board, fleet, rules, model, work_for(turn.budget_ms, tracks)) {
        Ok(exact) => {
            let facts = PosteriorFacts { exact: true, layouts: None, samples: None };
            return Ok((exact.marginals(), facts));
        }
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = planned_draws(board, fleet, turn.budget_ms as f64 * (1.0 - EXACT_SHARE)) / WEIGHTED_DRAW_COST;
    let sampler = Sampler::with_rules(board, fleet, rules).with_prior(Some(model));
    sampled(board, fleet, sampler.estimate(draws.max(64), rng, |_| true))
}

/// The posterior of a history whose announcements say more than its board: exact over every
/// assignment of the ships they place while the budget allows, sampled beyond it, and the board
/// alone (its uncertain sunk ships read as afloat) past [`crate::game::history::MAX_ASSIGNMENTS`].
fn announced_posterior(
    turn: Turn<'_>,
    told: &Told,
    rng: &mut SonarRng,
) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    let (board, rules, model) = regime::read(turn);
    let (board, model) = (&*board, model.as_deref());
    let tracks = !rules.touching || model.is_some_and(|m| m.touching() != 1.0);
    let Ok(mixture) = Mixture::new(board, told, rules, model) else {
        return board_alone(turn, rng);
    };
    match mixture.count(work_for(turn.budget_ms, tracks)) {
        Ok(exact) => return Ok((exact.marginals, PosteriorFacts { exact: true, layouts: None, samples: None })),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let cost = if model.is_some() { WEIGHTED_DRAW_COST } else { 1 };
    let draws = planned_draws(board, turn.fleet, turn.budget_ms as f64 * (1.0 - EXACT_SHARE)) / cost;
    match mixture.sample(draws, rng) {
        Ok(est) => Ok((est.marginals, PosteriorFacts { exact: false, layouts: None, samples: est.samples })),
        Err(ExactError::NoLayout) => Err(StrategyError::NoLayout),
        Err(_) => board_alone(turn, rng),
    }
}

/// Past [`crate::game::history::MAX_ASSIGNMENTS`]: the posterior of the board alone, or where it reads
/// as impossible (a sunk ship of uncertain cells counts as afloat there), the ships' placement
/// density.
fn board_alone(turn: Turn<'_>, rng: &mut SonarRng) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    posterior(Turn { told: None, ..turn }, rng).or_else(|_| {
        let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(0) };
        Ok((density_as_probability(turn.board, turn.fleet), facts))
    })
}

/// A weighted draw lists and weighs every window instead of counting them with bit masks: about
/// this many times an unweighted draw's cost.
const WEIGHTED_DRAW_COST: u64 = 3;

/// The posterior under the uniform prior: the committed opening table, exact counting, or
/// importance sampling.
fn uniform_posterior(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    budget_ms: u64,
    rng: &mut SonarRng,
) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    if let Some((prior, layouts)) = opening_prior(board, fleet, rules) {
        let facts = PosteriorFacts { exact: true, layouts: Some(layouts), samples: None };
        return Ok((prior.to_vec(), facts));
    }
    match count_exact_under(board, fleet, rules, exact_work(budget_ms, rules)) {
        Ok(exact) => {
            let facts = PosteriorFacts { exact: true, layouts: Some(exact.layouts), samples: None };
            return Ok((exact.marginals(), facts));
        }
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = planned_draws(board, fleet, budget_ms as f64 * (1.0 - EXACT_SHARE));
    sampled(board, fleet, Sampler::with_rules(board, fleet, rules).estimate(draws, rng, |_| true))
}

/// The sampler's estimate, or when no draw agreed with the board (not a proof that no layout
/// does) the per-ship placement density, scaled to the expected number of ship cells left.
pub(super) fn sampled(
    board: &Board,
    fleet: &Fleet,
    estimate: Option<Estimate>,
) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    match estimate {
        Some(est) => {
            let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(est.samples) };
            Ok((est.marginals, facts))
        }
        None => {
            Ok((density_as_probability(board, fleet), PosteriorFacts { exact: false, layouts: None, samples: Some(0) }))
        }
    }
}

/// The exact-counting work bound for a budget: its share of the budget, at most [`MAX_EXACT_WORK`].
/// A unit of work costs more under the no-touch rules (wider states), so they get
/// [`NO_TOUCH_UNIT_SHARE`] of the units for the same time.
pub fn exact_work(budget_ms: u64, rules: Rules) -> u64 {
    work_for(budget_ms, !rules.touching)
}

/// [`exact_work`] for a programme whose states track the neighbours (the no-touch rules, or a
/// prior that weighs touching pairs) or not.
fn work_for(budget_ms: u64, tracks: bool) -> u64 {
    let units = (budget_ms * WORK_PER_MS) as f64 * EXACT_SHARE * if tracks { NO_TOUCH_UNIT_SHARE } else { 1.0 };
    (units as u64).clamp(1, MAX_EXACT_WORK)
}

/// Units of exact-counting work per millisecond under the no-touch rules, as a share of the classic.
pub(super) const NO_TOUCH_UNIT_SHARE: f64 = 0.5;

/// The importance draws a turn's budget buys once exact counting has had its share.
pub fn sample_draws(board: &Board, fleet: &Fleet, budget_ms: u64) -> u64 {
    planned_draws(board, fleet, budget_ms as f64 * (1.0 - EXACT_SHARE))
}

/// Draws that fit `ms` milliseconds: a draw costs about (rows + cols) x ships line scans, against
/// 20 x 5 on the classic board.
fn planned_draws(board: &Board, fleet: &Fleet, ms: f64) -> u64 {
    let cost = ((board.rows() + board.cols()) * fleet.len()) as f64 / (20.0 * 5.0);
    ((ms * DRAWS_PER_MS_CLASSIC) / cost.max(0.05)).max(64.0) as u64
}

fn density_as_probability(board: &Board, fleet: &Fleet) -> Vec<f64> {
    let mut g = vec![0.0; board.len()];
    hunt_density(board, fleet, &mut g);
    let open_total: f64 = g.iter().zip(board.cells()).filter(|(_, c)| **c == Cell::Unknown).map(|(v, _)| v).sum();
    let left = (fleet.total_cells() - board.count(Cell::Hit)) as f64;
    g.iter()
        .zip(board.cells())
        .map(|(&v, &c)| if c == Cell::Unknown && open_total > 0.0 { (v * left / open_total).min(1.0) } else { 0.0 })
        .collect()
}
