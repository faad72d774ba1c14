//! `bayes-finish` (issue 26, hypothesis 2: finish the wounded ship): in target mode each cell
//! scores the probability that it belongs to a ship that covers a hit, not that any ship lies
//! there (the heuristic's weight on windows through hits does roughly this); the plain posterior
//! breaks near ties ([`TIE_WEIGHT`]). Exact where the programme fits the budget (each placement's
//! count, [`crate::posterior::held`]), sampled beyond it; `bayes` in hunt mode
//! ([`super::target_rule`]).

use super::contract::{AlgorithmInfo, GridKind};
use super::target_rule::{Scored, Spend, Variant, placement_rule};
use crate::board::{Board, Cell};
use crate::layout::Placement;
use crate::posterior::ExactError;
use crate::rng::SonarRng;
use crate::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes-finish",
    summary: "bayes, but once there are hits each cell scores the probability that a ship through a hit covers it (finish the wounded ship); the grid stays the posterior (a study variant: it measured weaker than bayes)",
    source: "issue 26, hypothesis 2 (finish the wounded ship), over the whole-fleet posterior",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

/// The weight of a cell's plain posterior in its score (the value measured).
pub const TIE_WEIGHT: f64 = 1e-3;

const WHY: &str = "the cell most likely to belong to a ship already hit, in target mode, not the most likely cell";

/// The variant, as `GET /algorithms` names it.
pub static BAYES_FINISH: Variant = Variant { info: INFO, why: WHY, rule: score };

fn score(turn: Turn<'_>, spend: Spend, rng: &mut SonarRng) -> Result<Scored, ExactError> {
    // A placement through a hit: every cell of it belongs to the wounded ship.
    let wounded = |board: &Board, p: &Placement, credit: &mut dyn FnMut(usize)| {
        if p.cells().any(|c| board.get(c) == Cell::Hit) {
            p.cells().for_each(|c| credit(board.index(c)));
        }
    };
    placement_rule(turn, spend, rng, wounded, |hit, same| same + TIE_WEIGHT * hit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::fleet::Fleet;
    use crate::rng::seeded;
    use crate::strategy::contract::Strategy;

    /// A lone hit in a corner of a board the battleship fills: the shot is a cell of the wounded
    /// ship (beside the hit) even where another cell is likelier to hold some ship, and then it
    /// says why.
    #[test]
    fn the_wounded_ship_comes_first() {
        let board = Board::parse(&["x....", ".....", "....."]).unwrap();
        let fleet = Fleet::new(&[2, 4], 5).unwrap();
        let mut grid = vec![0.0; 15];
        let d = BAYES_FINISH.decide(Turn::new(&board, &fleet), &mut seeded(1), &mut grid).unwrap();
        assert!(d.shot == Pos::new(0, 1) || d.shot == Pos::new(1, 0), "{d:?}");
        let best = grid.iter().cloned().fold(0.0, f64::max);
        assert_eq!(d.why.is_some(), grid[board.index(d.shot)] < best, "{grid:?}");
    }
}
