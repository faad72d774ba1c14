//! The posterior under a prior over layouts ([`Opponent`]): the same programme, each layout
//! weighing its prior weight instead of 1 (see `count.rs` for the precision of `f64` weights).

use super::frame::Frame;
use super::plan::prepare;
use super::sweep::{self, ExactError};
use crate::game::board::Board;
use crate::game::deadline::Work;
use crate::game::fleet::Fleet;
use crate::game::prior::Opponent;
use crate::game::rules::Rules;

/// The exact posterior of one board under a prior.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightedPosterior {
    pub rows: usize,
    pub cols: usize,
    /// The summed prior weight of the agreeing layouts (of the ships afloat; the weight of the
    /// sunk ships' own cells is the same in every layout and left out).
    pub weight: f64,
    /// Per cell, row-major: the weight of the agreeing layouts with a ship on it.
    pub occupancy: Vec<f64>,
}

impl WeightedPosterior {
    /// Per cell, row-major: the posterior probability that a ship lies on it.
    pub fn marginals(&self) -> Vec<f64> {
        self.occupancy.iter().map(|&o| (o / self.weight).min(1.0)).collect()
    }
}

/// The exact posterior of `board` for `fleet` under `rules` and the prior `prior` (of the board's
/// size), or why there is none, spending at most `budget` units of work. A prior whose weights
/// pass the range of `f64` on this board is reported as [`ExactError::Overflow`].
pub fn count_weighted(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    prior: &Opponent,
    budget: impl Into<Work>,
) -> Result<WeightedPosterior, ExactError> {
    let work = budget.into();
    let seen = rules.reveal(board);
    let board = &*seen;
    let (frame, ceiling) = prepare(board, fleet, rules, Some(prior), work.units)?;
    sweep_weighted(board, &frame, work, &ceiling)
}

/// [`count_weighted`] sweeping the board in the given orientation, with no ceiling.
#[cfg(test)]
pub fn count_weighted_in(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    prior: &Opponent,
    orientation: super::frame::Orientation,
) -> Result<WeightedPosterior, ExactError> {
    let seen = rules.reveal(board);
    let board = &*seen;
    let frame = Frame::new(board, fleet, rules, Some(prior), orientation);
    if !frame.quota[0].is_empty() {
        return Err(ExactError::NoLayout);
    }
    let ceiling = vec![f64::INFINITY; frame.len() + 1];
    sweep_weighted(board, &frame, Work::from(u64::MAX), &ceiling)
}

fn sweep_weighted(board: &Board, frame: &Frame, work: Work, ceiling: &[f64]) -> Result<WeightedPosterior, ExactError> {
    let sw = sweep::run::<f64>(frame, work, ceiling)?;
    let weight = sw.ways[0];
    if weight == 0.0 {
        // Either no layout agrees, or every agreeing layout weighs less than the smallest `f64`:
        // the second is the prior's range, not the board's.
        let counted = sweep::run::<u128>(&frame.unweighted(), work, ceiling);
        return match counted {
            Ok(c) if c.ways[0] > 0 && frame.weights.as_ref().is_some_and(|w| w.touch > 0.0) => {
                Err(ExactError::Overflow)
            }
            Ok(_) | Err(ExactError::NoLayout) => Err(ExactError::NoLayout),
            Err(e) => Err(e),
        };
    }
    let mut occupancy = vec![0.0; board.len()];
    for (k, &o) in sw.occupancy.iter().enumerate() {
        occupancy[frame.board_index(k)] = if frame.cells[k].holds_ship() { weight } else { o };
    }
    Ok(WeightedPosterior { rows: board.rows(), cols: board.cols(), weight, occupancy })
}
