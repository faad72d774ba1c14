//! The posterior as `bayes` computes it within a turn's budget. The posterior follows the turn's
//! rules (under the no-touch rules only layouts whose ships keep apart count) and its prior over
//! layouts (a model of the opponent's habits weighs every layout). It is exact when that fits the
//! budget: the empty board with a committed table reads it, any other board first tries exact
//! counting ([`crate::inference::posterior::count_exact_under`], a broken-profile dynamic programme)
//! with a work bound the [`Meter`] converts from the budget; boards over that bound (the opening,
//! with most of the sea unshot) get a sequential importance sampling estimate
//! ([`crate::inference::posterior::importance`]) with a number of draws the meter fixes from the
//! budget and the board's size. The work bound and the draw count are functions of the request
//! alone, so the same request and seed give the same answer (and the simulator the same games
//! whatever its thread count) wherever the work finishes. A clock enters only through the turn's
//! deadline, which each stage's [`Work`] carries and which the service sets when it holds a
//! computation to the wall clock (the simulator and the work clock set none): only past it does
//! the count stop, and sampling stop at its next look, and the answer says where it was cut
//! ([`Cut`]).

use crate::game::board::{Board, Cell};
use crate::game::deadline::Work;
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::observations::found_none;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::game::turn::Turn;
use crate::inference::posterior::announced::Mixture;
use crate::inference::posterior::importance::{Estimate, Sampler};
use crate::inference::posterior::{ExactError, count_exact_under, count_weighted, opening_prior};
use crate::shooting::strategy::density::hunt_density;
use crate::shooting::strategy::{Cut, PosteriorFacts, StrategyError};

use super::meter::{Meter, before};
use super::regime;

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

/// The posterior of a turn: under the turn's prior over layouts when it has one
/// ([`Turn::opponent`]), the uniform prior otherwise; held to the turn's deadline.
pub fn posterior(turn: Turn<'_>, rng: &mut SonarRng) -> Result<Posterior, StrategyError> {
    if let Some(told) = turn.told {
        return announced_posterior(turn, told, rng);
    }
    let (board, rules, model) = regime::read(turn);
    let board = &*board;
    let meter = Meter::of(turn);
    let Some(model) = model.as_deref().filter(|m| !m.is_uniform()) else {
        return uniform_posterior(board, turn.fleet, rules, meter, rng);
    };
    let fleet = turn.fleet;
    let tracks = !rules.touching || model.touching() != 1.0;
    match count_weighted(board, fleet, rules, model, meter.counting(tracks)) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals(), None)),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = meter.draws(board, fleet, true);
    let sampler = Sampler::with_rules(board, fleet, rules).with_prior(Some(model));
    Ok(sampled(board, fleet, draws, sampler.estimate(draws.units, rng, before(draws))))
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
    let meter = Meter::of(turn);
    match mixture.count(meter.counting(tracks)) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals, None)),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = meter.draws(board, turn.fleet, model.is_some());
    match mixture.sample(draws.units, before(draws), rng) {
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

/// The posterior under the uniform prior: the committed opening table, exact counting, or
/// importance sampling, as the `meter` allows.
fn uniform_posterior(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    meter: Meter,
    rng: &mut SonarRng,
) -> Result<Posterior, StrategyError> {
    if let Some((prior, layouts)) = opening_prior(board, fleet, rules) {
        return Ok(Posterior::exact(prior.to_vec(), Some(layouts)));
    }
    match count_exact_under(board, fleet, rules, meter.counting(!rules.touching)) {
        Ok(exact) => return Ok(Posterior::exact(exact.marginals(), Some(exact.layouts))),
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        Err(_) => {}
    }
    let draws = meter.draws(board, fleet, false);
    let estimate = Sampler::with_rules(board, fleet, rules).estimate(draws.units, rng, before(draws));
    Ok(sampled(board, fleet, draws, estimate))
}

/// The sampler's estimate from the `draws` it was given (fewer where their deadline stopped it:
/// [`Cut::Sampling`]), or when no draw agreed with the board the ships' placement density: not a
/// proof that no layout agrees, and where the deadline came before any draw did, the answer rests
/// on that count ([`Cut::Counting`]).
pub(super) fn sampled(board: &Board, fleet: &Fleet, draws: Work, estimate: Option<Estimate>) -> Posterior {
    let planned = draws.units;
    match estimate {
        Some(est) if est.samples == planned || est.accepted >= MIN_CUT_DRAWS => {
            let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(est.samples) };
            let cut = (est.samples < planned).then_some(Cut::Sampling);
            Posterior { marginals: est.marginals, facts, cut }
        }
        _ => Posterior { cut: draws.deadline.passed().then_some(Cut::Counting), ..density(board, fleet) },
    }
}

/// The per-ship placement density, scaled to the expected number of ship cells left: what stands
/// for the posterior where none could be had.
fn density(board: &Board, fleet: &Fleet) -> Posterior {
    let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(0) };
    Posterior { marginals: density_as_probability(board, fleet), facts, cut: None }
}

/// Each `s` cell is a ship for certain (1); the ship cells not yet found (the fleet's less the hits
/// and `s` cells) are spread over the `.` cells as the density weighs them, none in the area of a
/// scan that found no ship afloat there (the only scans the density reads).
fn density_as_probability(board: &Board, fleet: &Fleet) -> Vec<f64> {
    let mut g = vec![0.0; board.len()];
    hunt_density(&board.without_observations(), fleet, &mut g);
    for scan in board.scans().iter().filter(|s| found_none(board, s)) {
        scan.cells().iter().for_each(|&i| g[i] = 0.0);
    }
    let open_total: f64 = g.iter().zip(board.cells()).filter(|(_, c)| **c == Cell::Unknown).map(|(v, _)| v).sum();
    let known = board.count(Cell::Hit) + board.count(Cell::Ship);
    let left = fleet.total_cells().saturating_sub(known) as f64;
    g.iter()
        .zip(board.cells())
        .map(|(&v, &c)| match c {
            Cell::Ship => 1.0,
            Cell::Unknown if open_total > 0.0 => (v * left / open_total).min(1.0),
            _ => 0.0,
        })
        .collect()
}
