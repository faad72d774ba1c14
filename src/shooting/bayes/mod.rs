//! `bayes`: the whole-fleet posterior. Every layout of the ships afloat that agrees with the
//! board is equally likely (ships inside the board, not overlapping, covering no `o` or `#`,
//! covering every `x`, none wholly on `x`); the grid is each `.` cell's posterior probability of
//! holding a ship. Once a ship is hit the shot is a cell of highest probability, ties going to the
//! cell that comes first in the turn's [`crate::game::tie_order::TieOrder`] (one symmetry of the board
//! per seed, row-major without one), so that a game keeps sweeping in one direction. Under the
//! classic rules, one shot a turn and without a habit model it is instead a counted move of
//! [`counted`]: among the cells of positive probability, the one the most ship placements
//! cross (through the hits, once a ship is hit); the answer says `why` when that is not a
//! likeliest cell.
//!
//! Given a model of the opponent's habits ([`crate::game::prior::Opponent`]), every layout weighs its
//! prior weight instead of 1: the weighted programme ([`crate::inference::posterior::count_weighted`]) or the
//! importance sampler with ships proposed in proportion to their cells' weights; the committed
//! opening tables serve only the uniform model (and a model with flat cells that never lets ships
//! touch, which is the no-touch rules).
//!
//! The posterior follows the turn's rules: under the no-touch rules only layouts whose ships keep
//! apart count. Within the turn's compute budget it is exact when that is feasible: the empty
//! 10 x 10 board with the classic fleet (either rules) or the no-touch ten-ship fleet reads a
//! committed table, any other board first tries exact counting
//! ([`crate::inference::posterior::count_exact_under`], a broken-profile dynamic programme) with a work bound
//! scaled from the budget. Boards over that bound (the opening, with most of the sea unshot) get
//! a sequential importance sampling estimate ([`crate::inference::posterior::importance`]) with a number of
//! draws fixed by the budget and the board's size. No clock decides anything: the work bound and
//! the draw count are functions of the request alone, so the same request and seed always give
//! the same answer (and the simulator the same games whatever its thread count). They are
//! calibrated on a 2-core machine of 2026 with a margin; a slower machine takes longer rather
//! than answering differently.

pub mod counted;
#[cfg(test)]
mod counted_tests;
pub mod draws;
pub mod planner;
#[cfg(test)]
mod planner_tests;
mod rollout;

use counted::counted_move;
use std::borrow::Cow;

use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::prior::Opponent;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::game::turn::{DEFAULT_BUDGET_MS, Turn};
use crate::inference::posterior::announced::Mixture;
use crate::inference::posterior::importance::Sampler;
use crate::inference::posterior::{
    ExactError, ExactTables, RECOMMENDED_BUDGET, count_exact_under, count_weighted, opening_prior,
};
use crate::shooting::strategy::density::hunt_density;
use crate::shooting::strategy::plan::Source;
use crate::shooting::strategy::{AlgorithmInfo, Decision, GridKind, PosteriorFacts, Strategy, StrategyError, ranked};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes",
    summary: "Whole-fleet Bayesian posterior: the probability each cell holds a ship over every layout that agrees with the board (exact when feasible within the budget, sampled otherwise); shoots the most likely cell, except that under the classic rules and the uniform prior it shoots, among the cells of positive probability, the one the most ship placements cross (through the hits once a ship is hit), which finds and sinks the fleet sooner; ties in one fixed order (a board symmetry picked by the seed, row-major without one)",
    source: "whole-fleet posterior (exact counting as in public exact-inference work; importance sampling beyond the budget)",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

/// Exact-counting work units per millisecond of budget ([`RECOMMENDED_BUDGET`] is about 5 ms).
const WORK_PER_MS: u64 = RECOMMENDED_BUDGET / 5;
/// Share of the budget exact counting may spend before sampling takes over.
const EXACT_SHARE: f64 = 0.4;
/// Most work exact counting may do whatever the budget: its tables take up to about 40 bytes per
/// unit, so this bounds one request's memory to some 80 MB (a larger budget buys more samples).
pub const MAX_EXACT_WORK: u64 = 2_000_000;
/// Importance draws per millisecond on the classic board (about 1 µs each, with a margin).
const DRAWS_PER_MS_CLASSIC: f64 = 450.0;

pub struct Bayes;

impl Strategy for Bayes {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn is_heavy(&self) -> bool {
        true
    }

    fn no_touch_note(&self) -> &'static str {
        "Counts only the layouts whose ships keep apart (no shared edge or corner) and stay off the cells around sunk ships: exactly 0 wherever no such layout puts a ship"
    }

    fn opponent_note(&self) -> Option<&'static str> {
        Some(
            "The posterior under the model as the prior over layouts: each layout weighs the product of its ship cells' weights times `touching` per touching pair and `across` per ship laid across, exactly (the weighted programme) when within the budget, by importance sampling with ships proposed in proportion to their weights otherwise; a model with `touching` 0 counts only the layouts whose ships keep apart. The committed opening tables serve only the uniform model",
        )
    }

    fn history_note(&self) -> &'static str {
        "Conditions on every announcement in order, exactly: the posterior over the layouts that give every answer of the history (which ship sank on which turn, which ship each hit struck), counted within the budget and sampled past it; past 1,024 assignments of the ships the announcements place, it reads the implied board as the other algorithms do"
    }

    fn thinking_note(&self) -> Option<&'static str> {
        Some(
            "Plans ahead: its own shot at the default budget (the counted hunting or targeting move under the classic rules, the most likely cell otherwise) and the next five most likely cells are each played out to the end of the game by weighted-density on the same layouts drawn from the posterior (every agreeing layout where they are few, exact draws where counting fits the budget, resampled importance draws otherwise), up to 40 layouts per millisecond and as many as the budget's work allows (a resampled plan at most half its draws, past which they are mostly repeats); it shoots another candidate only when its mean shots are lower by more than 1.5 paired standard errors (or lower at all over every layout), and says so in `plan` and `why`. Plans with one shot a turn, `sunk-cells` announcements and no opponent model (or the uniform one), under either touching rule; with salvos, other announcement rules or an opponent model it plays its greedy shot at every budget",
        )
    }

    fn salvo_note(&self) -> &'static str {
        "The k cells of highest posterior probability, which maximise the expected number of hits (expectation is additive); ties in the turn's order"
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        if planner::plans(turn) {
            return think(turn, rng, grid);
        }
        let (marginals, facts) = posterior(turn, rng)?;
        grid.copy_from_slice(&marginals);
        let board = turn.board;
        let (likeliest, shot, counted) = default_shot(turn, grid);
        let why = (grid[board.index(shot)] < grid[board.index(likeliest)]).then_some(counted);
        Ok(Decision { shot, posterior: Some(facts), why, plan: None })
    }

    fn keeps_one_order(&self) -> bool {
        true
    }
}

/// The grid's likeliest open cell (ties in the turn's order), the shot the default budget plays
/// (the counted move of [`counted`] in a classic game, the likeliest cell otherwise) and
/// the reason to give when that shot is less likely.
fn default_shot(turn: Turn<'_>, grid: &[f64]) -> (Pos, Pos, &'static str) {
    let board = turn.board;
    let likeliest = turn.order.best(board, grid, |i| board.cells()[i] == Cell::Unknown);
    let likeliest = likeliest.expect("a checked turn has a '.' cell");
    let (shot, why) = counted_move(turn, grid).unwrap_or((likeliest, ""));
    (likeliest, shot, why)
}

/// Why a planned shot is not the grid's most likely cell.
pub const PLANNED: &str = "planning ahead: each candidate played out to the end of the game on the same layouts drawn from the posterior, this cell finishes in fewer shots than the shot the default budget plays (exactly, over every agreeing layout, or by more than 1.5 standard errors of the draws; see plan)";

/// Exact work kept as tables and sampled from costs up to about twice a plain count's per unit.
const EXACT_TABLES_COST: f64 = 2.0;

/// A turn with a budget above the default ([`crate::shooting::bayes::planner`]): the posterior, from the exact
/// programme's tables where they fit the budget's work bound (the layouts drawn from them), from
/// the default budget's importance draws elsewhere (the layouts resampled from those), and the
/// rest of the budget spent playing the candidates out.
fn think(turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
    let (board, fleet, rules, budget) = (turn.board, turn.fleet, turn.rules, turn.budget_ms);
    let (marginals, facts, layouts, source, spent_ms) =
        match ExactTables::build(board, fleet, rules, exact_work(budget, rules)) {
            Ok(tables) => {
                let exact = tables.posterior();
                let facts = PosteriorFacts { exact: true, layouts: Some(exact.layouts), samples: None };
                let per_ms = WORK_PER_MS as f64 * if rules.touching { 1.0 } else { NO_TOUCH_UNIT_SHARE };
                let spent = tables.work() as f64 * EXACT_TABLES_COST / per_ms;
                let (layouts, source) = draws::from_tables(&tables, planner::most_layouts(budget), rng);
                (exact.marginals(), facts, layouts, source, spent)
            }
            Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
            Err(_) => {
                // The failed attempt is charged its whole share, then the default budget's draws.
                let spent = budget as f64 * EXACT_SHARE + DEFAULT_BUDGET_MS as f64 * (1.0 - EXACT_SHARE);
                let sampler = Sampler::with_rules(board, fleet, rules);
                let mut kept = Vec::new();
                let n = sample_draws(board, fleet, DEFAULT_BUDGET_MS);
                let estimate = sampler.estimate_seeing(n, rng, |_| true, |d, w| kept.push((d.clone(), w)));
                let (marginals, facts) = match opening_prior(board, fleet, rules) {
                    Some((prior, layouts)) => {
                        (prior.to_vec(), PosteriorFacts { exact: true, layouts: Some(layouts), samples: None })
                    }
                    None => sampled(board, fleet, estimate)?,
                };
                let most = planner::most_resampled(budget, kept.len());
                let layouts = draws::resampled(board, fleet, &kept, most, rng);
                (marginals, facts, layouts, Source::Resampled, spent)
            }
        };
    grid.copy_from_slice(&marginals);
    let (likeliest, greedy, counted) = default_shot(turn, grid);
    // The candidates: the greedy cell, then the next likeliest in the turn's order, as a salvo's.
    let ranked = ranked(true, turn, greedy, &marginals, rng, planner::CANDIDATES);
    let cells: Vec<usize> = ranked.iter().map(|&p| board.index(p)).filter(|&i| marginals[i] > 0.0).collect();
    let left_ms = budget as f64 * planner::SHARE - spent_ms;
    let allowance = (left_ms.max(0.0) * planner::ROLLOUT_UNITS_PER_MS as f64) as u64;
    let plan = planner::improve(turn, &marginals, &cells, &layouts, source, allowance);
    let shot = plan.as_ref().map_or(greedy, |p| p.lines[p.chosen].cell);
    let below = grid[board.index(shot)] < grid[board.index(likeliest)];
    let why = below.then_some(if shot == greedy { counted } else { PLANNED });
    Ok(Decision { shot, posterior: Some(facts), why, plan })
}

/// The posterior marginals of every cell (0 off `.` cells) and how they were obtained: under the
/// turn's prior over layouts when it has one ([`Turn::opponent`]), the uniform prior otherwise.
pub fn posterior(turn: Turn<'_>, rng: &mut SonarRng) -> Result<(Vec<f64>, PosteriorFacts), StrategyError> {
    if let Some(told) = turn.told {
        return announced_posterior(turn, told, rng);
    }
    let (board, rules, model) = apart_read(turn.board, turn.rules, turn.opponent);
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
    let (board, rules, model) = apart_read(turn.board, turn.rules, turn.opponent);
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

/// A model that never lets ships touch is the no-touch rules with its cell weights: the board
/// read under them, the programme's cheaper states, and the sampler's own proposal. Any other
/// model, or none, leaves the board and the rules as they are.
fn apart_read<'a>(
    board: &'a Board,
    rules: Rules,
    model: Option<&'a Opponent>,
) -> (Cow<'a, Board>, Rules, Option<Cow<'a, Opponent>>) {
    match model {
        Some(m) if m.touching() == 0.0 && rules.touching => {
            let rules = Rules { touching: false, ..rules };
            (rules.reveal(board), rules, Some(Cow::Owned(m.with_touching(1.0))))
        }
        m => (Cow::Borrowed(board), rules, m.map(Cow::Borrowed)),
    }
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
fn sampled(
    board: &Board,
    fleet: &Fleet,
    estimate: Option<crate::inference::posterior::importance::Estimate>,
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
/// A unit of work costs about twice as much under the no-touch rules (wider states; measured with
/// `cargo run --release --example bayes_timing 10 density no-touch`: 200,000 units took up to
/// 7 ms), so they get half the units for the same time.
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
const NO_TOUCH_UNIT_SHARE: f64 = 0.5;

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
