//! The posterior as `bayes` computes it within a turn's budget. The posterior follows the turn's
//! rules (under the no-touch rules only layouts whose ships keep apart count) and its prior over
//! layouts (a model of the opponent's habits weighs every layout). It is exact when that fits the
//! budget: the empty board with a committed table reads it, any other board first tries exact
//! counting ([`crate::inference::posterior::count_exact_under`], a broken-profile dynamic programme)
//! with a work bound scaled from the budget; boards over that bound (the opening, with most of the
//! sea unshot) get a sequential importance sampling estimate
//! ([`crate::inference::posterior::importance`]) with a number of draws fixed by the budget and
//! the board's size. The work bound and the draw count are functions of the request alone, so the
//! same request and seed give the same answer (and the simulator the same games whatever its
//! thread count) wherever the work finishes. The rates are calibrated on the project's 2-core
//! machine with a margin. A clock enters only through the turn's [`Deadline`], which the service
//! sets when it holds a computation to the wall clock (the simulator and the work clock set
//! none): past it, the count stops and sampling stops at its next look, and the answer says where
//! it was cut ([`Cut`]).

use crate::game::board::{Board, Cell};
use crate::game::deadline::Deadline;
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::game::turn::Turn;
use crate::inference::posterior::announced::Mixture;
use crate::inference::posterior::importance::{Estimate, Sampler};
use crate::inference::posterior::{
    ExactError, RECOMMENDED_BUDGET, Work, count_exact_under, count_weighted, opening_prior,
};
use crate::shooting::strategy::density::hunt_density;
use crate::shooting::strategy::{Cut, PosteriorFacts, StrategyError};

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

/// The posterior as a turn computed it: the marginals of every cell (0 off `.` cells), how they
/// were obtained, and where the turn's deadline stopped the work, if it did.
pub struct Posterior {
    pub marginals: Vec<f64>,
    pub facts: PosteriorFacts,
    pub cut: Option<Cut>,
}

impl Posterior {
    pub(super) fn exact(marginals: Vec<f64>, layouts: Option<u128>) -> Posterior {
        Posterior { marginals, facts: PosteriorFacts { exact: true, layouts, samples: None }, cut: None }
    }
}

/// Fewest agreeing draws a sampling cut short by its deadline must have made for its estimate to
/// stand; with fewer the answer rests on the placement count.
const MIN_CUT_DRAWS: u64 = 64;

/// How often a sampler looks at the clock: every this many draws.
const DRAWS_BETWEEN_CLOCKS: u64 = 32;

/// Whether sampling may go on after `drawn` draws: always without a deadline, until it passes with
/// one.
pub(super) fn before(deadline: Deadline) -> impl FnMut(u64) -> bool {
    move |drawn| drawn % DRAWS_BETWEEN_CLOCKS != 0 || !deadline.passed()
}

/// The posterior of a turn: under the turn's prior over layouts when it has one
/// ([`Turn::opponent`]), the uniform prior otherwise; held to the turn's deadline.
pub fn posterior(turn: Turn<'_>, rng: &mut SonarRng) -> Result<Posterior, StrategyError> {
    if let Some(told) = turn.told {
        return announced_posterior(turn, told, rng);
    }
    let (board, rules, model) = regime::read(turn);
    let board = &*board;
    let Some(model) = model.as_deref().filter(|m| !m.is_uniform()) else {
        return uniform_posterior(board, turn.fleet, rules, turn.budget_ms, turn.deadline, rng);
    };
    let fleet = turn.fleet;
    let tracks = !rules.touching || model.touching() != 1.0;
    let work = Work::from(work_for(turn.budget_ms, tracks)).until(turn.deadline);
    match count_weighted(board, fleet, rules, model, work) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals(), None)),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = (planned_draws(board, fleet, turn.budget_ms as f64 * (1.0 - EXACT_SHARE)) / WEIGHTED_DRAW_COST).max(64);
    let sampler = Sampler::with_rules(board, fleet, rules).with_prior(Some(model));
    Ok(sampled(board, fleet, draws, sampler.estimate(draws, rng, before(turn.deadline)), turn.deadline))
}

/// The posterior of a history whose announcements say more than its board: exact over every
/// assignment of the ships they place while the budget allows, sampled beyond it, and the board
/// alone (its uncertain sunk ships read as afloat) past [`crate::game::history::MAX_ASSIGNMENTS`].
fn announced_posterior(turn: Turn<'_>, told: &Told, rng: &mut SonarRng) -> Result<Posterior, StrategyError> {
    let (board, rules, model) = regime::read(turn);
    let (board, model) = (&*board, model.as_deref());
    let tracks = !rules.touching || model.is_some_and(|m| m.touching() != 1.0);
    let Ok(mixture) = Mixture::new(board, told, rules, model) else {
        return board_alone(turn, rng);
    };
    match mixture.count(Work::from(work_for(turn.budget_ms, tracks)).until(turn.deadline)) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals, None)),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let cost = if model.is_some() { WEIGHTED_DRAW_COST } else { 1 };
    let draws = planned_draws(board, turn.fleet, turn.budget_ms as f64 * (1.0 - EXACT_SHARE)) / cost;
    match mixture.sample(draws, before(turn.deadline), rng) {
        Ok(est) => {
            let facts = PosteriorFacts { exact: false, layouts: None, samples: est.samples };
            Ok(Posterior { marginals: est.marginals, facts, cut: None })
        }
        Err(ExactError::NoLayout) => Err(StrategyError::NoLayout),
        Err(_) => board_alone(turn, rng),
    }
}

/// Past [`crate::game::history::MAX_ASSIGNMENTS`]: the posterior of the board alone, or where it reads
/// as impossible (a sunk ship of uncertain cells counts as afloat there), the ships' placement
/// density.
fn board_alone(turn: Turn<'_>, rng: &mut SonarRng) -> Result<Posterior, StrategyError> {
    posterior(Turn { told: None, ..turn }, rng).or_else(|_| Ok(density(turn.board, turn.fleet)))
}

/// A weighted draw lists and weighs every window instead of counting them with bit masks: about
/// this many times an unweighted draw's cost.
const WEIGHTED_DRAW_COST: u64 = 3;

/// The posterior under the uniform prior: the committed opening table, exact counting, or
/// importance sampling, held to `deadline`.
fn uniform_posterior(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    budget_ms: u64,
    deadline: Deadline,
    rng: &mut SonarRng,
) -> Result<Posterior, StrategyError> {
    if let Some((prior, layouts)) = opening_prior(board, fleet, rules) {
        return Ok(Posterior::exact(prior.to_vec(), Some(layouts)));
    }
    match count_exact_under(board, fleet, rules, Work::from(exact_work(budget_ms, rules)).until(deadline)) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals(), Some(exact.layouts))),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = planned_draws(board, fleet, budget_ms as f64 * (1.0 - EXACT_SHARE));
    let estimate = Sampler::with_rules(board, fleet, rules).estimate(draws, rng, before(deadline));
    Ok(sampled(board, fleet, draws, estimate, deadline))
}

/// The sampler's estimate from the `planned` draws it was given (fewer where the deadline stopped
/// it: [`Cut::Sampling`]), or when no draw agreed with the board the ships' placement density: not
/// a proof that no layout agrees, and where the deadline came before any draw did, the answer
/// rests on that count ([`Cut::Counting`]).
pub(super) fn sampled(
    board: &Board,
    fleet: &Fleet,
    planned: u64,
    estimate: Option<Estimate>,
    deadline: Deadline,
) -> Posterior {
    match estimate {
        Some(est) if est.samples == planned || est.accepted >= MIN_CUT_DRAWS => {
            let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(est.samples) };
            let cut = (est.samples < planned).then_some(Cut::Sampling);
            Posterior { marginals: est.marginals, facts, cut }
        }
        _ => Posterior { cut: deadline.passed().then_some(Cut::Counting), ..density(board, fleet) },
    }
}

/// The per-ship placement density, scaled to the expected number of ship cells left: what stands
/// for the posterior where none could be had.
fn density(board: &Board, fleet: &Fleet) -> Posterior {
    let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(0) };
    Posterior { marginals: density_as_probability(board, fleet), facts, cut: None }
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
