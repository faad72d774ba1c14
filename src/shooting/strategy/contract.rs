//! What a strategy is and what it returns: the [`Strategy`] trait (with the facts each algorithm
//! states about itself), its [`Decision`], the meaning of its grid and how a grid is finished for
//! the caller.

use std::borrow::Cow;

use thiserror::Error;

use crate::game::board::{Board, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::shooting::strategy::plan::Plan;

/// `probability`: each value is the algorithm's estimate of the chance the cell holds a ship.
/// `score`: the algorithm's own preference, scaled so that the best cell is 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GridKind {
    /// The algorithm's estimate of the chance that the cell holds a ship.
    Probability,
    /// The algorithm's own preference, scaled so that the best cell is 1.
    Score,
}

impl GridKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GridKind::Probability => "probability",
            GridKind::Score => "score",
        }
    }
}

/// Why a strategy could not answer for a turn that passed the basic checks.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StrategyError {
    #[error("board: no placement of the ships afloat agrees with this board")]
    NoLayout,
}

/// What an algorithm that computes a posterior says about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PosteriorFacts {
    /// Whether the grid is the exact posterior.
    pub exact: bool,
    /// The number of agreeing layouts, when exact.
    pub layouts: Option<u128>,
    /// How many sampled layouts an estimate rests on, when not exact.
    pub samples: Option<u64>,
}

/// A strategy's choice for one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub shot: Pos,
    /// Set by algorithms whose grid is a posterior.
    pub posterior: Option<PosteriorFacts>,
    /// Why the shot is not a cell of the grid's highest value, when it is not (`bayes` when its
    /// plan found a better cell).
    pub why: Option<Cow<'static, str>>,
    /// What `bayes` found when it planned ahead with a budget above the default.
    pub plan: Option<Plan>,
    /// Where the turn's deadline stopped the work the budget planned, if it did.
    pub cut: Option<Cut>,
}

impl Decision {
    /// A shot with nothing more to say.
    pub fn at(shot: Pos) -> Decision {
        Decision { shot, posterior: None, why: None, plan: None, cut: None }
    }
}

/// Where a turn's deadline ([`crate::game::deadline::Deadline`]) stopped the work its budget
/// planned: the answer rests on what was done by then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Sampling stopped early: the posterior rests on fewer draws than the budget plans.
    Sampling,
    /// Neither counting nor sampling finished: the grid is the ships' placement count, a score,
    /// and the shot its best cell.
    Counting,
    /// The plan stopped early: it compared its candidates on the layouts drawn and played so far.
    Rollouts,
    /// The choice among the arsenal stopped early: the power-ups not yet weighed were not offered.
    Arsenal,
}

impl Cut {
    pub fn as_str(self) -> &'static str {
        match self {
            Cut::Sampling => "sampling",
            Cut::Counting => "counting",
            Cut::Rollouts => "rollouts",
            Cut::Arsenal => "arsenal",
        }
    }
}

/// A shot-choosing algorithm.
///
/// `decide` writes one raw, non-negative value per cell (row-major) into `grid`, which arrives
/// zeroed and has one slot per board cell, and returns the shot, always a `.` cell. Every random
/// choice draws from `rng`.
pub trait Strategy: Send + Sync {
    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError>;

    /// Whether it breaks ties between equally good cells in the turn's one order
    /// ([`crate::game::tie_order::TieOrder`]) rather than at random (a salvo's ties go the same way).
    fn keeps_one_order(&self) -> bool {
        false
    }

    /// Its name, summary, source, grid kind and whether it draws random numbers.
    fn info(&self) -> AlgorithmInfo;

    /// Whether its compute time grows with the budget (milliseconds rather than microseconds), so
    /// that a server should run it off its request-handling threads.
    fn is_heavy(&self) -> bool {
        false
    }

    /// How it plays the no-touch rules (`rules.touching: false`).
    fn no_touch_note(&self) -> &'static str {
        "Reads the board with the rule applied to its candidate cells: every cell next to a sunk ship or diagonal to a hit is water (never shot, 0 in the grid); its own method is unchanged"
    }

    /// How it uses a model of the opponent's habits ([`crate::game::prior::Opponent`], the request's
    /// `opponent`), or `None` when its source document assumes nothing about the opponent and it
    /// ignores the model.
    fn opponent_note(&self) -> Option<&'static str> {
        None
    }

    /// What it reads of observations (a reveal's `s` cells, known to hold a ship; the board's
    /// scans), or `None` when it reads none: it then sees each `s` as a `.` it knows nothing of, and
    /// no scans.
    fn observations_note(&self) -> Option<&'static str> {
        None
    }

    /// How it reads a game sent as a history ([`crate::game::history`]): by default the board the
    /// history implies, which leaves out what the announcements say beyond it.
    fn history_note(&self) -> Cow<'static, str> {
        Cow::Borrowed(
            "Reads the board the history implies: misses, hits, and the cells of sunk ships the announcements prove; a sunk ship of uncertain cells counts as afloat",
        )
    }

    /// What it does with a budget above the default (thinking time), or `None` when a larger budget
    /// changes nothing but its precision.
    fn thinking_note(&self) -> Option<String> {
        None
    }

    /// How it fills a salvo of k shots (`rules.salvo`).
    fn salvo_note(&self) -> &'static str {
        match self.keeps_one_order() {
            true => "Its own shot first, then the open cells of highest grid value, ties in the turn's order",
            false => "Its own shot first, then the open cells of highest grid value, ties broken by the seed",
        }
    }
}

/// Where an algorithm comes from and what it returns.
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub source: &'static str,
    pub grid_kind: GridKind,
    /// Whether it draws random numbers beyond breaking ties between equally good cells.
    pub uses_randomness: bool,
}

/// Zeroes every cell that is not open (`.`, or `s` for the algorithms that read reveals), replaces anything not finite or negative by 0, and for a
/// score grid divides by the best value so that it is 1 (a grid with no positive `.` value
/// becomes 1 on every `.` cell: the algorithm has no preference).
pub fn finish_grid(board: &Board, grid: &mut [f64], kind: GridKind) {
    for (v, &c) in grid.iter_mut().zip(board.cells()) {
        if !c.is_open() || !v.is_finite() || *v < 0.0 {
            *v = 0.0;
        }
    }
    match kind {
        GridKind::Score => {
            let max = grid.iter().copied().fold(0.0, f64::max);
            for (v, &c) in grid.iter_mut().zip(board.cells()) {
                if c.is_open() {
                    *v = if max > 0.0 { *v / max } else { 1.0 };
                }
            }
        }
        GridKind::Probability => grid.iter_mut().for_each(|v| *v = v.min(1.0)),
    }
}
