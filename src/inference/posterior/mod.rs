//! Exact Bayesian inference over hidden layouts.
//!
//! # The model
//!
//! Every layout of the ships afloat that agrees with the board is equally likely. A layout
//! agrees when its ships lie horizontally or vertically inside the board, do not overlap, cover
//! no `o` and no `#` cell, cover every `x` cell, and none lies wholly on `x` cells (such a ship
//! would already have been announced sunk). Ships of equal length are interchangeable, so
//! layouts are counted unlabelled: the empty 10 x 10 board with the classic fleet has
//! [`prior::CLASSIC_LAYOUTS`] of them. A length-1 ship has one placement per cell. The marginal of
//! a cell is the share of layouts that cover it.
//!
//! A board's scans ([`crate::game::scan`]) keep the layouts that put as many ship cells in each
//! scanned area as the scan found (its sunk cells counted with them): the states of the programme
//! carry each scan's count so far while the sweep crosses its area (`scan_tally.rs`), so scans
//! cost states only where areas are open at once; the sampler rejects the draws they disagree with.
//!
//! Under the no-touch rules ([`Rules`]) a layout must also keep every ship off the cells around
//! (by an edge or a corner) the `#` cells and every other ship:
//! [`prior::NO_TOUCH_CLASSIC_LAYOUTS`] layouts of the classic fleet on the empty 10 x 10 board.
//!
//! # The algorithm
//!
//! [`count_exact_under`] runs a broken-profile dynamic programme (in `sweep.rs`) over the cells of the
//! board in row-major order, turned so that rows are the shorter side. The state at a frontier
//! is, per column, the cells still to come of the vertical ship crossing it, the cells still to
//! come of the horizontal ship in progress, and how many ships of each length have been
//! started. A forward sweep counts the partial layouts reaching each state, a backward sweep
//! the completions from each state; the product, summed over the edges that cover a cell, is
//! that cell's occupancy. The tables are kept in [`ExactTables`], from which
//! [`ExactTables::sample_layout`] draws layouts exactly uniformly.
//!
//! The sweep runs in whichever of the board's narrow orientations has the smaller
//! [`estimate`] bound, starting from the end nearer the hits.
//!
//! # Beyond the budget
//!
//! Where exact counting is over budget, [`importance`] estimates the marginals by sequential
//! importance sampling of whole fleets.
//!
//! # Budget
//!
//! Work is counted in units of one state expanded or one edge made, a deterministic measure
//! (no clocks), so a board either always or never fits a given budget. Three checks, cheapest
//! first, turn away boards over budget with [`ExactError::OverBudget`]:
//!
//! 1. before any sweep, when the [`estimate`] bound (cheap next to a sweep) passes the
//!    budget [`estimate::SLACK`] times over (without hits) or [`estimate::SLACK_WITH_HITS`]
//!    times (with hits);
//! 2. after each cell, when the work so far plus a projection of the work left passes the
//!    budget [`sweep::PROJECTION_SLACK`] times over; the projection is the current frontier's size
//!    times the cells left, capped by the bound's own figure for the frontiers left;
//! 3. as soon as the work passes the budget: a hard bound, never exceeded.
//!
//! Checks 1 and 2 are forecasts, so a few boards that would have fitted are turned away too.
//! Memory is at most about 40 bytes per unit of work (the tables kept for sampling: 20 bytes a
//! state, 5 an edge). [`RECOMMENDED_BUDGET`] says how the budget and the forecasts were chosen.
//!
//! # Counts
//!
//! Counts are `u128`. Every count the programme forms is at most the number of ways to place
//! some of the ships without overlap, itself at most the product over ships of (valid
//! placements + 1); when that product is below 2^128 (for the classic fleet on any board up to
//! 26 x 26 it is below 2^60) nothing can overflow. Otherwise arithmetic is checked and an
//! overflow is reported as [`ExactError::Overflow`], never wrapped.

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::rules::Rules;

pub mod announced;
#[cfg(test)]
mod announced_tests;
#[cfg(test)]
pub(crate) mod brute;
mod count;
pub mod estimate;
mod frame;
pub mod importance;
#[cfg(test)]
mod importance_tests;
#[cfg(test)]
mod island_tests;
mod key;
#[cfg(test)]
mod no_touch_tests;
mod plan;
mod prior;
#[cfg(test)]
mod replay_brute;
#[cfg(test)]
mod replay_brute_tests;
#[cfg(test)]
mod reveal_tests;
mod sample;
#[cfg(test)]
mod sample_tests;
mod scan_room;
mod scan_tally;
#[cfg(test)]
mod scan_tests;
mod sweep;
mod table;
#[cfg(test)]
mod tests;
mod weighted;
#[cfg(test)]
mod weighted_tests;

use crate::game::deadline::Work;
#[cfg(feature = "research")]
use plan::plan;
use plan::prepare;
pub use prior::opening_prior;
#[cfg(test)]
use prior::{
    CLASSIC_PRIOR, NO_TOUCH_CLASSIC_LAYOUTS, NO_TOUCH_CLASSIC_PRIOR, NO_TOUCH_TEN_SHIP_LAYOUTS,
    NO_TOUCH_TEN_SHIP_PRIOR, classic_prior,
};
pub use sweep::ExactError;
pub use weighted::count_weighted;

/// A work budget for a target of about 5 ms a request on one core of the project's 2-core machine.
///
/// Chosen on positions of classic games (density-strategy and random-shot games, a few stages of
/// each): at this budget the boards that fit stay near the target, the forecasts turn away few of
/// them (only boards that need nearly the whole budget), and boards over budget are turned away
/// within a fraction of it. The empty board needs far more work than any budget allows: it reads
/// [`opening_prior`] instead. The measurements are in
/// `docs/decisions/0040-exact-counting-budget-and-forecasts.md`
/// (`cargo run --release -p sonar-research --bin exact_timing -- 40 250000`).
pub const RECOMMENDED_BUDGET: u64 = 250_000;

/// Exact layout counts for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactPosterior {
    pub rows: usize,
    pub cols: usize,
    /// Layouts that agree with the board (at least 1).
    pub layouts: u128,
    /// Per cell, row-major: layouts with a ship on it (`layouts` on `x`, 0 on `o` and `#`).
    pub occupancy: Vec<u128>,
}

impl ExactPosterior {
    /// Per cell, row-major: the probability that a ship lies on it.
    pub fn marginals(&self) -> Vec<f64> {
        let total = self.layouts as f64;
        self.occupancy.iter().map(|&o| o as f64 / total).collect()
    }
}

/// The dynamic programme's tables for one board: the exact posterior, and a uniform sampler
/// of the agreeing layouts.
#[derive(Clone, Debug)]
pub struct ExactTables {
    frame: frame::Frame,
    sweep: sweep::Sweep<u128>,
    posterior: ExactPosterior,
}

impl ExactTables {
    /// Runs the programme on `board` for `fleet` under `rules`, spending at most `budget` units of
    /// work.
    pub fn build(
        board: &Board,
        fleet: &Fleet,
        rules: Rules,
        budget: impl Into<Work>,
    ) -> Result<ExactTables, ExactError> {
        Self::attempt(board, fleet, rules, budget).0
    }

    /// [`ExactTables::build`], with the units of work the attempt spent whether it succeeded or
    /// not: none for a board turned away before its sweep, what the sweep had done by the last
    /// frontier it finished otherwise.
    pub fn attempt(
        board: &Board,
        fleet: &Fleet,
        rules: Rules,
        budget: impl Into<Work>,
    ) -> (Result<ExactTables, ExactError>, u64) {
        let work = budget.into();
        let seen = rules.reveal(board);
        let board = &*seen;
        let mut spent = 0;
        let tables = prepare(board, fleet, rules, None, work.units)
            .and_then(|(frame, ceiling)| Self::sweep(board, frame, work, &ceiling, &mut spent));
        (tables, spent)
    }

    /// [`ExactTables::build`] sweeping the board in the given orientation.
    #[cfg(test)]
    fn build_in(
        board: &Board,
        fleet: &Fleet,
        rules: Rules,
        budget: u64,
        orientation: frame::Orientation,
    ) -> Result<ExactTables, ExactError> {
        let seen = rules.reveal(board);
        let board = &*seen;
        let frame = frame::Frame::new(board, fleet, rules, None, orientation);
        if !frame.quota[0].is_empty() {
            return Err(ExactError::NoLayout);
        }
        let ceiling = vec![f64::INFINITY; frame.len() + 1];
        Self::sweep(board, frame, Work::from(budget), &ceiling, &mut 0)
    }

    fn sweep(
        board: &Board,
        frame: frame::Frame,
        work: Work,
        ceiling: &[f64],
        spent: &mut u64,
    ) -> Result<ExactTables, ExactError> {
        let sweep = sweep::run_spending(&frame, work, ceiling, spent)?;
        let layouts = sweep.ways[0];
        if layouts == 0 {
            return Err(ExactError::NoLayout);
        }
        let mut occupancy = vec![0u128; board.len()];
        for (k, &o) in sweep.occupancy.iter().enumerate() {
            occupancy[frame.board_index(k)] = o;
        }
        debug_assert!(board.cells().iter().zip(&occupancy).all(|(&c, &o)| match c {
            Cell::Hit | Cell::Ship => o == layouts,
            Cell::Miss | Cell::Sunk | Cell::Island => o == 0,
            Cell::Unknown => o <= layouts,
        }));
        let posterior = ExactPosterior { rows: board.rows(), cols: board.cols(), layouts, occupancy };
        Ok(ExactTables { frame, sweep, posterior })
    }

    pub fn posterior(&self) -> &ExactPosterior {
        &self.posterior
    }

    pub fn into_posterior(self) -> ExactPosterior {
        self.posterior
    }

    /// Units of work the build spent.
    pub fn work(&self) -> u64 {
        self.sweep.work
    }

    /// The programme's frontiers: the steps a draw ([`ExactTables::sample_layout`]) takes.
    pub fn frontiers(&self) -> usize {
        self.frame.len()
    }

    #[cfg(feature = "research")]
    /// States over all frontiers.
    pub fn states(&self) -> usize {
        self.sweep.ways.len()
    }

    #[cfg(feature = "research")]
    /// States from which the board can be completed (the rest are dead ends of the forward sweep).
    pub fn live_states(&self) -> usize {
        self.sweep.ways.iter().filter(|&&w| w > 0).count()
    }

    #[cfg(feature = "research")]
    /// Edges over all cells.
    pub fn edges(&self) -> usize {
        self.sweep.dst.len()
    }
}

#[cfg(feature = "research")]
/// The bound on the work of [`count_exact_under`] that its budget check uses, cheap next to a
/// sweep: within a few times the real work on classic game positions without hits, further off
/// either way with them ([`estimate::SLACK`], [`estimate::SLACK_WITH_HITS`]).
pub fn estimate_work(board: &Board, fleet: &Fleet) -> f64 {
    plan(board, fleet, Rules::CLASSIC, None).2
}

/// [`count_exact_under`] the classic rules (the tests' shorthand).
#[cfg(test)]
pub fn count_exact(board: &Board, fleet: &Fleet, budget: impl Into<Work>) -> Result<ExactPosterior, ExactError> {
    count_exact_under(board, fleet, Rules::CLASSIC, budget)
}

/// The exact posterior of `board` for `fleet` under `rules`, or why there is none, spending at
/// most `budget` units of work (see [`RECOMMENDED_BUDGET`]).
pub fn count_exact_under(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    budget: impl Into<Work>,
) -> Result<ExactPosterior, ExactError> {
    ExactTables::build(board, fleet, rules, budget).map(ExactTables::into_posterior)
}
