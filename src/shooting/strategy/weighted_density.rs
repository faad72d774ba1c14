//! `weighted-density`: hit-weighted placement density, the cheap policy of the public C++ project
//! Canon-Regularis/mayflower (`include/mayflower/policy.hpp`, `DensityPolicy`).
//!
//! For each ship afloat, every horizontal and vertical placement that covers no miss (`o`) and no
//! sunk cell (`#`) adds `50^k` to each `.` cell it covers, `k` being the number of hits (`x`) it
//! covers; a length-1 ship counts once per cell, not once per direction. The shot is the `.` cell
//! of highest total, ties going to the cell that comes first in the turn's [`crate::game::tie_order::TieOrder`] (the
//! lowest cell index without a seed, as published). Hunt and target are one formula: with no hits
//! every placement weighs 1, and a placement through hits outweighs any number of placements
//! through fewer.
//!
//! Given a model of the opponent's habits ([`crate::game::prior::Opponent`]), each placement's
//! `50^k` is multiplied by the product of its cells' weights and by its direction's weight
//! ([`Opponent::direction`]; the model's touching weight is not used).
//!
//! Totals are sums of whole numbers, exact in `f64` while they stay below 2^53 (every classic
//! position: `50^5` times a few hundred placements), so ties are exact ties.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::density::{hunt_density, window_starts_any};
use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::prior::Opponent;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::game::windows::{Line, lines, window_starts};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "weighted-density",
    summary: "Hit-weighted placement density: every placement of each unsunk ship that avoids misses and sunk cells adds 50^k to its unshot cells, k the hits it covers; the highest total, ties in one fixed order (row-major without a seed)",
    source: "Canon-Regularis/mayflower, include/mayflower/policy.hpp (DensityPolicy, hit bonus 50)",
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

/// The weight of one hit: a placement covering `k` hits adds `HIT_BONUS^k`.
pub const HIT_BONUS: f64 = 50.0;

pub struct WeightedDensity;

impl Strategy for WeightedDensity {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, _rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        scores(board, turn.fleet, turn.opponent, grid);
        let shot = turn.order.best(board, grid, |i| board.cells()[i] == Cell::Unknown);
        Ok(Decision::at(shot.expect("a checked turn has a '.' cell")))
    }

    fn keeps_one_order(&self) -> bool {
        true
    }

    fn opponent_note(&self) -> Option<&'static str> {
        Some(
            "Each placement's score (50^k) is multiplied by the product of its cells' weights in the model and by its direction's weight (across or down), so placements where and as the player tends to hide ships count more; the model's touching weight is not used",
        )
    }
}

/// Adds to each `.` cell its score (see the module): the hit-weighted count of the placements
/// covering it, each weighed by its prior weight under a model of the opponent.
pub fn scores(board: &Board, fleet: &Fleet, prior: Option<&Opponent>, grid: &mut [f64]) {
    match prior {
        None => weighted_density(board, fleet, HIT_BONUS, grid),
        Some(model) => by_windows(board, fleet, HIT_BONUS, Some(model), grid),
    }
}

/// Adds to each `.` cell the hit-weighted count of the placements covering it (see the module).
///
/// Placements over `.` cells only weigh 1: they are `density`'s hunt totals, read from its
/// per-fleet line table. Those through hits are then found a line at a time with bit masks.
/// Fleets with length-1 ships, whose table counts a cell once per direction, take the plain loop.
pub fn weighted_density(board: &Board, fleet: &Fleet, bonus: f64, grid: &mut [f64]) {
    if fleet.shortest().is_some_and(|s| s == 1) {
        return by_windows(board, fleet, bonus, None, grid);
    }
    hunt_density(board, fleet, grid);
    if !board.has_hits() {
        return;
    }
    let (rows, cols) = (board.rows(), board.cols());
    let cells = board.cells();
    let mask =
        |line: &Line, keep: Cell| (0..line.len).filter(|&k| cells[line.index(k)] == keep).fold(0u32, |m, k| m | 1 << k);
    for line in lines(rows, cols) {
        let hits = mask(&line, Cell::Hit);
        if hits != 0 {
            weigh_line(fleet, &line, mask(&line, Cell::Unknown), hits, |k| bonus.powi(k as i32), grid);
        }
    }
}

/// Adds, to the `.` cells of `line` (bits of `open`; `hits` are its `x` cells), `count` x
/// `weight_of(k)` for every window of each ship length afloat that lies on `.`/`x` cells and covers
/// `k` > 0 of the hits, windows in order along the line and cells in order within each: the part
/// of [`weighted_density`] through hits, shared with the rollouts' tally, which must add the same
/// weights in the same order to play the same shots.
#[inline]
pub(crate) fn weigh_line(
    fleet: &Fleet,
    line: &Line,
    open: u32,
    hits: u32,
    weight_of: impl Fn(u32) -> f64,
    grid: &mut [f64],
) {
    let afloat = open | hits;
    for (ship, count) in fleet.groups().filter(|&(ship, _)| ship <= line.len) {
        let mut w = window_starts(afloat, ship) & window_starts_any(hits, ship);
        let cover = (1u32 << ship) - 1;
        while w != 0 {
            let s = w.trailing_zeros() as usize;
            w &= w - 1;
            let weight = count as f64 * weight_of((hits >> s & cover).count_ones());
            let mut cells = open >> s & cover;
            while cells != 0 {
                let k = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                grid[line.index(s + k)] += weight;
            }
        }
    }
}

/// The published loop over every window of every line, for any fleet; under a prior each window's
/// score is multiplied by its placement's weight (its cells' weights times its direction's).
fn by_windows(board: &Board, fleet: &Fleet, bonus: f64, prior: Option<&Opponent>, grid: &mut [f64]) {
    let cells = board.cells();
    // `lines` gives the rows first, then the columns.
    for (n, line) in lines(board.rows(), board.cols()).enumerate() {
        for (ship, count) in fleet.groups() {
            if ship > line.len || (ship == 1 && n >= board.rows()) {
                continue;
            }
            for start in 0..=line.len - ship {
                let window = (start..start + ship).map(|k| line.index(k));
                let mut hits = 0;
                if window.clone().any(|i| {
                    hits += usize::from(cells[i] == Cell::Hit);
                    !cells[i].may_hold_afloat()
                }) {
                    continue;
                }
                let mut weight = count as f64 * bonus.powi(hits as i32);
                if let Some(m) = prior {
                    let across = n < board.rows();
                    weight *= m.direction(ship, across) * window.clone().map(|i| m.cells()[i]).product::<f64>();
                }
                for i in window.filter(|&i| cells[i] == Cell::Unknown) {
                    grid[i] += weight;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Pos;
    use crate::game::rng::seeded;
    use crate::game::tie_order::TieOrder;
    use crate::shooting::strategy::testkit;

    /// The published loop, placement by placement and ship by ship, in whole numbers.
    fn by_placements(board: &Board, fleet: &Fleet) -> Vec<u128> {
        let (rows, cols) = (board.rows(), board.cols());
        let mut score = vec![0u128; board.len()];
        for &len in fleet.lengths() {
            for r in 0..rows {
                for c in 0..cols {
                    for horizontal in [true, false] {
                        let fits = if horizontal { c + len <= cols } else { r + len <= rows && len > 1 };
                        if !fits {
                            continue;
                        }
                        let idx: Vec<usize> =
                            (0..len).map(|k| if horizontal { r * cols + c + k } else { (r + k) * cols + c }).collect();
                        if idx.iter().any(|&i| !board.cells()[i].may_hold_afloat()) {
                            continue;
                        }
                        let open = idx.iter().filter(|&&i| board.cells()[i] == Cell::Hit).count();
                        let w = 50u128.pow(open as u32);
                        idx.iter().filter(|&&i| board.cells()[i] == Cell::Unknown).for_each(|&i| score[i] += w);
                    }
                }
            }
        }
        score
    }

    #[test]
    fn totals_match_the_published_loop() {
        for (rows, ships) in [
            (vec!["..........", "...o......", "..xx.o....", "....#.....", "....#....."], vec![5, 3, 2]),
            (vec![".....", ".x...", ".x.o.", "....."], vec![4, 3, 1, 1]),
            (vec!["......", "......"], vec![2, 2, 1]),
            (vec!["......", ".x..o.", ".x....", "......"], vec![3, 2, 2]),
        ] {
            let b = Board::parse(&rows).unwrap();
            let f = Fleet::new(&ships, 10).unwrap();
            let mut grid = vec![0.0; b.len()];
            weighted_density(&b, &f, HIT_BONUS, &mut grid);
            let want: Vec<f64> = by_placements(&b, &f).into_iter().map(|v| v as f64).collect();
            assert_eq!(grid, want, "{rows:?}");
        }
    }

    #[test]
    fn totals_match_the_published_loop_on_real_game_positions() {
        for (board, fleet) in testkit::mid_game_positions(3, 300) {
            let mut grid = vec![0.0; board.len()];
            weighted_density(&board, &fleet, HIT_BONUS, &mut grid);
            let want: Vec<f64> = by_placements(&board, &fleet).into_iter().map(|v| v as f64).collect();
            // Relative: on large boards with many hits the totals pass 2^53.
            assert!(
                grid.iter().zip(&want).all(|(g, w)| (g - w).abs() <= 1e-9 * w.abs()),
                "{board}{:?} {grid:?} {want:?}",
                fleet.lengths()
            );
        }
    }

    #[test]
    fn ties_go_to_the_lowest_index_without_a_seed_and_follow_the_order_with_one() {
        let b = Board::empty(10, 10);
        let f = Fleet::classic();
        let shot = |order| {
            let turn = Turn::new(&b, &f).with_order(order);
            WeightedDensity.decide(turn, &mut seeded(1), &mut [0.0; 100]).unwrap().shot
        };
        // The empty board's highest totals are the four central cells (4,4), (4,5), (5,4), (5,5).
        assert_eq!(shot(TieOrder::ROW_MAJOR), Pos::new(4, 4));
        let firsts: std::collections::BTreeSet<Pos> = (0..64).map(|s| shot(TieOrder::from_seed(s))).collect();
        assert_eq!(firsts.len(), 4, "{firsts:?}");
    }

    #[test]
    fn a_line_of_hits_is_extended() {
        let b = Board::parse(&["......", "..xx..", "......", "......"]).unwrap();
        let f = Fleet::new(&[4, 2], 6).unwrap();
        let turn = Turn::new(&b, &f);
        let shot = WeightedDensity.decide(turn, &mut seeded(1), &mut [0.0; 24]).unwrap().shot;
        assert!(shot == Pos::new(1, 1) || shot == Pos::new(1, 4), "{shot:?}");
    }

    #[test]
    fn the_summary_states_the_hit_weight_it_plays() {
        assert!(INFO.summary.contains(&format!("adds {HIT_BONUS}^k")), "{}", INFO.summary);
    }
}
