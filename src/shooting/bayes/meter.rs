//! The meter: what one turn's budget buys at each stage of `bayes`. A turn's milliseconds are
//! converted into work here and nowhere else, at rates calibrated on one thread of the project's
//! 2-core machine with a margin: exact counting's units (states expanded), the importance sampler's
//! draws, the planner's layouts and its rollout units (cells scanned). Each stage gets a [`Work`]:
//! its units and the turn's deadline together, which it checks as it goes, so a stage stops at
//! whichever comes first. The meter keeps, in milliseconds, what the stages before the rollouts
//! were charged, and the rollouts get what is left of [`SHARE`] of the budget.
//!
//! What a unit of each stage is stays with the stage that spends it: the counting programme's
//! states (`crate::inference::posterior`), a rollout shot's scans ([`super::rollout::step_units`])
//! and a table draw's steps ([`super::draws::draw_units`]).

use crate::game::board::Board;
use crate::game::deadline::{Deadline, Work};
use crate::game::fleet::Fleet;
use crate::game::turn::{DEFAULT_BUDGET_MS, Turn};
use crate::inference::posterior::RECOMMENDED_BUDGET;

/// Exact-counting units per millisecond of budget ([`RECOMMENDED_BUDGET`] is about 5 ms).
pub const COUNTING_UNITS_PER_MS: u64 = RECOMMENDED_BUDGET / 5;
/// Share of the budget exact counting may spend before sampling takes over.
pub const COUNTING_SHARE: f64 = 0.4;
/// Units of exact-counting work per millisecond where the programme's states track the
/// neighbours (the no-touch rules, or a prior that weighs touching pairs), as a share of the
/// classic: the states are wider.
pub const TRACKING_UNIT_SHARE: f64 = 0.5;
/// Most work exact counting may do whatever the budget: its tables take up to about 40 bytes per
/// unit, so this bounds one request's memory to some 80 MB (a larger budget buys more samples).
pub const MAX_COUNTING_UNITS: u64 = 2_000_000;
/// Exact work kept as tables to draw from (a plan's) costs up to this many times a plain count's
/// per unit.
pub const TABLES_COST: f64 = 3.0;
/// Importance draws per millisecond on the classic board
/// (`docs/decisions/0040-exact-counting-budget-and-forecasts.md`).
pub const DRAWS_PER_MS_CLASSIC: f64 = 450.0;
/// Fewest draws a sampling is given, however small the budget.
pub const MIN_DRAWS: u64 = 64;
/// A weighted draw (under an opponent model) lists and weighs every window instead of counting
/// them with bit masks: about this many times an unweighted draw's cost.
pub const WEIGHTED_DRAW_COST: u64 = 3;
/// How often a sampler looks at the clock: every this many draws.
pub const DRAWS_BETWEEN_CLOCKS: u64 = 32;
/// Most layouts a plan plays out per millisecond of budget, raised when rollouts that meet left
/// work to spare (`docs/decisions/0047-planning-calibration.md#rollouts-stop-where-they-meet`).
pub const LAYOUTS_PER_MS: u64 = 40;
/// Units of rollout work per millisecond: a unit is one cell of a board scan. Calibrated on mid-game
/// boards, with a margin that keeps nineteen plans in twenty within their budget
/// (`docs/decisions/0047-planning-calibration.md#plans-fit-their-budget-each-part-is-charged-what-it-costs`).
pub const ROLLOUT_UNITS_PER_MS: u64 = 270_000;
/// Share of the budget a plan means to spend, for the machine's noise.
pub const SHARE: f64 = 0.9;

/// One turn's budget, its deadline, and what the stages so far were charged.
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    budget_ms: u64,
    deadline: Deadline,
    spent_ms: f64,
}

impl Meter {
    /// `budget_ms` held to `deadline`, nothing spent.
    pub fn new(budget_ms: u64, deadline: Deadline) -> Meter {
        Meter { budget_ms, deadline, spent_ms: 0.0 }
    }

    /// The turn's budget and deadline.
    pub fn of(turn: Turn<'_>) -> Meter {
        Meter::new(turn.budget_ms, turn.deadline)
    }

    /// Exact counting's work: its share of the budget, at most [`MAX_COUNTING_UNITS`]; where the
    /// programme `tracks` the neighbours, [`TRACKING_UNIT_SHARE`] of the units for the same time.
    pub fn counting(&self, tracks: bool) -> Work {
        let units = (self.budget_ms * COUNTING_UNITS_PER_MS) as f64 * COUNTING_SHARE * unit_share(tracks);
        Work::from((units as u64).clamp(1, MAX_COUNTING_UNITS)).until(self.deadline)
    }

    /// Charges an attempt at exact tables of `attempted` units ([`TABLES_COST`] a unit).
    pub fn charge_tables(&mut self, attempted: u64, tracks: bool) {
        let per_ms = COUNTING_UNITS_PER_MS as f64 * unit_share(tracks);
        self.spent_ms += attempted as f64 * TABLES_COST / per_ms;
    }

    /// The importance draws the budget buys once exact counting has had its share: a draw costs
    /// about (rows + cols) x ships line scans, against 20 x 5 on the classic board, and
    /// [`WEIGHTED_DRAW_COST`] times that when `weighted`.
    pub fn draws(&self, board: &Board, fleet: &Fleet, weighted: bool) -> Work {
        let ms = self.budget_ms as f64 * (1.0 - COUNTING_SHARE);
        let cost = ((board.rows() + board.cols()) * fleet.len()) as f64 / (20.0 * 5.0);
        let planned = ((ms * DRAWS_PER_MS_CLASSIC) / cost.max(0.05)).max(MIN_DRAWS as f64) as u64;
        let draws = if weighted { (planned / WEIGHTED_DRAW_COST).max(MIN_DRAWS) } else { planned };
        Work::from(draws).until(self.deadline)
    }

    /// The draws of the default budget's sampling (a plan's pool where counting did not fit),
    /// charged as its share of the default budget.
    pub fn default_draws(&mut self, board: &Board, fleet: &Fleet) -> Work {
        self.spent_ms += DEFAULT_BUDGET_MS as f64 * (1.0 - COUNTING_SHARE);
        Meter::new(DEFAULT_BUDGET_MS, self.deadline).draws(board, fleet, false)
    }

    /// Charges `units` of rollout work done before the rollouts (listing a plan's layouts).
    pub fn charge_rollout_units(&mut self, units: u64) {
        self.spent_ms += units as f64 / ROLLOUT_UNITS_PER_MS as f64;
    }

    /// Most layouts a plan at this budget plays out.
    pub fn most_layouts(&self) -> usize {
        (self.budget_ms * LAYOUTS_PER_MS) as usize
    }

    /// The rollouts' work: what is left of [`SHARE`] of the budget after the charges, in rollout
    /// units.
    pub fn rollouts(&self) -> Work {
        let left_ms = self.budget_ms as f64 * SHARE - self.spent_ms;
        Work::from((left_ms.max(0.0) * ROLLOUT_UNITS_PER_MS as f64) as u64).until(self.deadline)
    }
}

/// The counting units a millisecond buys, as a share of the classic's: [`TRACKING_UNIT_SHARE`]
/// where the programme's states track the neighbours.
fn unit_share(tracks: bool) -> f64 {
    if tracks { TRACKING_UNIT_SHARE } else { 1.0 }
}

/// Whether sampling held to `work` may go on after `drawn` draws: always without a deadline, until
/// it passes with one, looking every [`DRAWS_BETWEEN_CLOCKS`] draws.
pub fn before(work: Work) -> impl FnMut(u64) -> bool {
    move |drawn| drawn % DRAWS_BETWEEN_CLOCKS != 0 || !work.deadline.passed()
}

/// The exact-counting work bound of a budget under `rules`, without a clock (for research programs).
#[cfg(any(test, feature = "research"))]
pub fn exact_work(budget_ms: u64, rules: crate::game::rules::Rules) -> u64 {
    Meter::new(budget_ms, Deadline::NONE).counting(!rules.touching).units
}

/// The importance draws a budget buys on `board`, without a clock (for research programs).
#[cfg(any(test, feature = "research"))]
pub fn sample_draws(board: &Board, fleet: &Fleet, budget_ms: u64) -> u64 {
    Meter::new(budget_ms, Deadline::NONE).draws(board, fleet, false).units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rollouts_get_what_the_charges_leave_of_the_planned_share() {
        let mut meter = Meter::new(100, Deadline::NONE);
        let whole = meter.rollouts().units;
        assert_eq!(whole, (100.0 * SHARE * ROLLOUT_UNITS_PER_MS as f64) as u64);
        meter.charge_rollout_units(ROLLOUT_UNITS_PER_MS * 10);
        assert_eq!(meter.rollouts().units, whole - ROLLOUT_UNITS_PER_MS * 10);
        // Tables of a millisecond's counting units cost TABLES_COST milliseconds.
        meter.charge_tables(COUNTING_UNITS_PER_MS, false);
        let left = 100.0 * SHARE - 10.0 - TABLES_COST;
        assert_eq!(meter.rollouts().units, (left * ROLLOUT_UNITS_PER_MS as f64) as u64);
        meter.charge_tables(u64::MAX / 4, true);
        assert_eq!(meter.rollouts().units, 0, "an overspent plan has nothing left, not a wrapped count");
    }

    #[test]
    fn counting_is_bounded_and_tracking_states_buy_fewer_units() {
        let classic = Meter::new(10, Deadline::NONE).counting(false).units;
        assert_eq!(classic, (10.0 * COUNTING_UNITS_PER_MS as f64 * COUNTING_SHARE) as u64);
        assert_eq!(Meter::new(10, Deadline::NONE).counting(true).units, classic / 2);
        assert_eq!(exact_work(10, crate::game::rules::Rules::CLASSIC), classic);
        assert_eq!(Meter::new(1_000, Deadline::NONE).counting(false).units, MAX_COUNTING_UNITS);
    }

    #[test]
    fn every_stage_is_held_to_the_meters_deadline() {
        let passed = Deadline::at(std::time::Instant::now());
        let mut meter = Meter::new(50, passed);
        let board = Board::empty(10, 10);
        let fleet = Fleet::classic();
        for work in [meter.counting(false), meter.draws(&board, &fleet, true), meter.rollouts()] {
            assert_eq!(work.deadline, passed);
        }
        assert_eq!(meter.default_draws(&board, &fleet).deadline, passed);
        assert!(!before(meter.rollouts())(DRAWS_BETWEEN_CLOCKS), "the sampler stops at its next look");
        assert!(before(Work::from(1))(DRAWS_BETWEEN_CLOCKS), "without a deadline it goes on");
    }

    #[test]
    fn weighted_draws_cost_more_and_every_sampling_gets_its_fewest() {
        let board = Board::empty(10, 10);
        let fleet = Fleet::classic();
        let meter = Meter::new(10, Deadline::NONE);
        let plain = meter.draws(&board, &fleet, false).units;
        assert_eq!(plain, (6.0 * DRAWS_PER_MS_CLASSIC) as u64);
        assert_eq!(meter.draws(&board, &fleet, true).units, plain / WEIGHTED_DRAW_COST);
        assert_eq!(Meter::new(1, Deadline::NONE).draws(&board, &fleet, true).units, (270 / 3).max(MIN_DRAWS));
    }
}
