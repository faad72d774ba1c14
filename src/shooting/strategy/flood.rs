//! `density-flood` and `random-flood`: the two players of "Battleship using Density Grid"
//! (awcull.com, 2015).
//!
//! **Flood.** Both search around hits the document's naive way: its recursive search shoots
//! every neighbour of every ship cell it finds, sunk or not, until the whole group of touching
//! ship cells is ringed by shots. Read order-free, while any `x` or `#` cell has a `.` neighbour,
//! one of those neighbours is shot (ties broken by the seed; the order does not change which
//! cells the flood shoots in the end). The document counts the cells its flood shoots after the
//! last ship sank; our engine stops at the last sink, so our means can be slightly lower.
//!
//! **Hunt.** `density-flood` shoots the cell covered by the most windows of the ships still
//! afloat that avoid every shot cell (`o`, `x` and `#`: the document marks every shot `-1` and
//! its windows avoid `-1`), ties broken by the seed (the document takes the first in column-major
//! order). `random-flood` shoots a uniformly random `.` cell (the document's shuffled list of all
//! cells, skipping the ones already shot).
//!
//! The document's density keeps counting the whole fleet after ships sink (it never updates its
//! `ship.sizes`); here, as everywhere in this service, only the ships afloat count.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::density::hunt_density;
use super::pick::best_open_cell;
use crate::game::board::{Board, Cell};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;

pub const DENSITY_FLOOD_INFO: AlgorithmInfo = AlgorithmInfo {
    name: "density-flood",
    summary: "Hunt the cell most windows of the ships afloat cover, avoiding every shot cell; shoot every untried neighbour of every hit, sunk or not",
    source: super::sources::AWCULL,
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

pub const RANDOM_FLOOD_INFO: AlgorithmInfo = AlgorithmInfo {
    name: "random-flood",
    summary: "Hunt a uniformly random untried cell; shoot every untried neighbour of every hit, sunk or not",
    source: super::sources::AWCULL,
    grid_kind: GridKind::Score,
    uses_randomness: true,
};

pub struct DensityFlood;

pub struct RandomFlood;

impl Strategy for DensityFlood {
    fn info(&self) -> AlgorithmInfo {
        DENSITY_FLOOD_INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        if !flood(turn.board, grid) {
            hunt_density(turn.board, turn.fleet, grid);
        }
        best_open_cell(turn.board, grid, rng).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

impl Strategy for RandomFlood {
    fn info(&self) -> AlgorithmInfo {
        RANDOM_FLOOD_INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        if !flood(turn.board, grid) {
            for (v, &c) in grid.iter_mut().zip(turn.board.cells()) {
                *v = if c == Cell::Unknown { 1.0 } else { 0.0 };
            }
        }
        best_open_cell(turn.board, grid, rng).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

/// Marks 1 on every `.` cell next to an `x` or `#` cell; returns whether there is one.
pub fn flood(board: &Board, grid: &mut [f64]) -> bool {
    let mut any = false;
    for (i, &c) in board.cells().iter().enumerate() {
        if c == Cell::Unknown && board.neighbours(board.pos(i)).any(|n| matches!(board.get(n), Cell::Hit | Cell::Sunk))
        {
            grid[i] = 1.0;
            any = true;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Pos;
    use crate::game::fleet::Fleet;
    use crate::shooting::strategy::testkit;

    fn shot(s: &dyn Strategy, rows: &[&str], ships: &[usize], seed: u64) -> Pos {
        let b = Board::parse(rows).unwrap();
        testkit::check_one(s, GridKind::Score, &b, &Fleet::new(ships, 26).unwrap(), seed)
    }

    #[test]
    fn floods_around_hits_and_sunk_ships() {
        let rows = ["....", ".#..", "....", "...."];
        let around = [Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 2), Pos::new(2, 1)];
        for seed in 0..40 {
            assert!(around.contains(&shot(&DensityFlood, &rows, &[2], seed)));
            assert!(around.contains(&shot(&RandomFlood, &rows, &[2], seed)));
        }
        let rows = ["o...", "xo..", "....", "...."];
        assert_eq!(shot(&DensityFlood, &rows, &[2], 0), Pos::new(2, 0));
    }

    #[test]
    fn density_hunt_avoids_every_shot_cell() {
        // On the 1x8 row the 3-ship fits only right of the second `o`, three ways over column 5.
        assert_eq!(shot(&DensityFlood, &["o.o....."], &[3], 0), Pos::new(0, 5));
        for seed in 0..10 {
            let p = shot(&DensityFlood, &[".........."; 10], &[5, 4, 3, 3, 2], seed);
            assert!((4..=5).contains(&p.row) && (4..=5).contains(&p.col), "{p}");
        }
    }

    #[test]
    fn random_hunt_draws_every_open_cell() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..100 {
            seen.insert(shot(&RandomFlood, &["..o", "o.."], &[2], seed));
        }
        assert_eq!(seen.len(), 4);
    }
}
