//! `random`: a uniformly random `.` cell, every turn. The baseline every document compares with;
//! on the classic board it needs 17 * 101 / 18 = 95.39 shots on average.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::pick::random_open_cell;
use crate::game::board::Cell;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "random",
    summary: "A uniformly random untried cell, hits or not: the baseline every document compares with",
    source: "baseline (compared with in Rodin et al., 1988, and \"Battleship using Density Grid\", awcull.com, 2015)",
    grid_kind: GridKind::Score,
    uses_randomness: true,
};

pub struct Random;

impl Strategy for Random {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        for (v, &c) in grid.iter_mut().zip(turn.board.cells()) {
            *v = if c == Cell::Unknown { 1.0 } else { 0.0 };
        }
        random_open_cell(turn.board, rng).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Board;
    use crate::game::fleet::Fleet;
    use crate::shooting::strategy::testkit;

    #[test]
    fn every_open_cell_is_drawn() {
        let b = Board::parse(&[".o.", "x..", "#.."]).unwrap();
        let f = Fleet::new(&[2], 3).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            seen.insert(b.index(testkit::check_one(&Random, INFO.grid_kind, &b, &f, seed)));
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![0, 2, 4, 5, 7, 8]);
    }
}
