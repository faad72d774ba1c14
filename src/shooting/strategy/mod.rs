//! The shot-choosing algorithms from the published sources, each in its own file behind the
//! [`Strategy`] trait, with what a strategy returns (`contract.rs`, and the plan a decision may
//! report, `plan.rs`) and how cells are picked (`pick.rs`). `bayes`, which plans ahead, has a
//! folder of its own beside this one.

mod contract;
mod pick;

pub mod checkerboard;
pub mod density;
pub mod flood;
pub mod hit_lines;
pub mod longest_run;
pub mod middlemost;
pub mod plan;
pub mod random;
pub mod sources;
pub mod strafing;
#[cfg(test)]
pub mod testkit;
pub mod weighted_density;

pub use contract::{AlgorithmInfo, Cut, Decision, GridKind, PosteriorFacts, Strategy, StrategyError, finish_grid};
pub use pick::{best_open_cell, ranked};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Board;
    use crate::game::rng::seeded;

    #[test]
    fn ties_are_broken_by_the_seed_and_cover_every_tied_cell() {
        let b = Board::parse(&["....", "o..."]).unwrap();
        let grid = [1.0, 3.0, 3.0, 0.0, 9.0, 3.0, 1.0, 3.0];
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let p = best_open_cell(&b, &grid, &mut seeded(seed)).unwrap();
            assert_eq!(p, best_open_cell(&b, &grid, &mut seeded(seed)).unwrap());
            seen.insert(b.index(p));
        }
        // Cell 4 is a miss, so its 9.0 does not count.
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
    }

    #[test]
    fn finished_grids_are_scaled_and_zero_off_open_cells() {
        let b = Board::parse(&["..", "ox"]).unwrap();
        let mut g = vec![2.0, 4.0, 7.0, f64::NAN];
        finish_grid(&b, &mut g, GridKind::Score);
        assert_eq!(g, vec![0.5, 1.0, 0.0, 0.0]);
        let mut flat = vec![0.0; 4];
        finish_grid(&b, &mut flat, GridKind::Score);
        assert_eq!(flat, vec![1.0, 1.0, 0.0, 0.0]);
    }
}
