//! `bayes-sink` (issue 26, hypothesis 1: the value of a sinking): in target mode each cell scores
//! its posterior probability of a hit plus [`SINK_WEIGHT`] times the probability that a shot there
//! sinks a ship, the share of the layouts in which the cell is the last unhit cell of a ship that
//! covers a hit. A sinking tells the ship's length and explains its hits. Exact where the
//! programme fits the budget (each placement's count, [`crate::posterior::held`]), sampled beyond
//! it; `bayes` in hunt mode ([`super::target_rule`]).

use super::contract::{AlgorithmInfo, GridKind};
use super::target_rule::{Scored, Spend, Variant, placement_rule};
use crate::board::{Board, Cell};
use crate::layout::Placement;
use crate::posterior::ExactError;
use crate::rng::SonarRng;
use crate::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes-sink",
    summary: "bayes, but once there are hits each cell scores P(hit) + P(the shot sinks a ship); the grid stays the posterior (a study variant: it measured weaker than bayes)",
    source: "issue 26, hypothesis 1 (the value of a sinking), over the whole-fleet posterior",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

/// The weight of the sinking probability against the hit probability (the value measured).
pub const SINK_WEIGHT: f64 = 1.0;

const WHY: &str = "the cell of highest P(hit) + P(sink) in target mode, not the most likely cell";

/// The variant, as `GET /algorithms` names it.
pub static BAYES_SINK: Variant = Variant { info: INFO, why: WHY, rule: score };

fn score(turn: Turn<'_>, spend: Spend, rng: &mut SonarRng) -> Result<Scored, ExactError> {
    // A placement through hits with one cell left unhit: a shot there sinks it.
    let sinks_at = |board: &Board, p: &Placement, credit: &mut dyn FnMut(usize)| {
        let mut open = p.cells().filter(|&c| board.get(c) == Cell::Unknown);
        if let (Some(last), None, true) = (open.next(), open.next(), p.len > 1) {
            credit(board.index(last));
        }
    };
    placement_rule(turn, spend, rng, sinks_at, |hit, sink| hit + SINK_WEIGHT * sink)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::fleet::Fleet;
    use crate::rng::seeded;
    use crate::strategy::contract::Strategy;

    /// Two hits in a row, which the destroyer cannot be (it would have sunk): either end of the
    /// line may sink the cruiser, and one of them is the shot.
    #[test]
    fn the_bonus_goes_to_cells_that_finish_a_ship() {
        let board = Board::parse(&["......", "..xx..", "......", "......"]).unwrap();
        let fleet = Fleet::new(&[3, 2], 6).unwrap();
        let mut grid = vec![0.0; 24];
        let d = BAYES_SINK.decide(Turn::new(&board, &fleet), &mut seeded(1), &mut grid).unwrap();
        assert!(d.shot == Pos::new(1, 1) || d.shot == Pos::new(1, 4), "{d:?}");
        assert!(d.posterior.unwrap().exact);
    }
}
