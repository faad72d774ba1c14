//! `density`: the greedy probability-density algorithm of `000_1e4c4b4b3e34fe6e.txt`.
//!
//! Hunt mode (no `x` on the board): every horizontal and vertical window of each afloat ship's
//! length whose cells are all `.` adds 1 to each cell it covers. Target mode (some `x`): windows
//! whose cells are all `.` or `x` add K to each cell they cover, K being the number of `x` in the
//! window. The shot is the `.` cell of highest total, ties broken by the seed. Windows are found
//! with the document's skip scan ([`crate::windows::Scan::Skip`]); ships of equal length share
//! one scan, weighted by their number, which gives the same totals as scanning each ship.
//!
//! Should target mode give no `.` cell any weight (every window through the hits lies wholly on
//! hits), the hunt totals decide; should those be all zero too, every `.` cell ties.

use crate::board::{Board, Cell};
use crate::fleet::Fleet;
use crate::rng::SonarRng;
use crate::strategy::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError, best_open_cell};
use crate::turn::Turn;
use crate::windows::{Scan, lines, scan_line};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "density",
    summary: "Greedy probability density: count every placement of each unsunk ship (hunt), weight placements through hits by their hit count (target)",
    source: "000_1e4c4b4b3e34fe6e.txt",
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

pub struct Density;

impl Strategy for Density {
    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        if board.has_hits() {
            target_density(board, turn.fleet, grid);
            if !any_open_positive(board, grid) {
                grid.fill(0.0);
                hunt_density(board, turn.fleet, grid);
            }
        } else {
            hunt_density(board, turn.fleet, grid);
        }
        let shot = best_open_cell(board, grid, rng).expect("a checked turn has a '.' cell");
        Ok(Decision { shot })
    }
}

fn any_open_positive(board: &Board, grid: &[f64]) -> bool {
    grid.iter().zip(board.cells()).any(|(&v, &c)| c == Cell::Unknown && v > 0.0)
}

/// Adds, to each cell, the number of windows of all-`.` cells of each afloat ship covering it.
pub fn hunt_density(board: &Board, fleet: &Fleet, grid: &mut [f64]) {
    accumulate(board, fleet, grid, |c| c != Cell::Unknown, false);
}

/// Adds, to each cell, K for each window of `.`/`x` cells covering it, K being the window's `x`s.
pub fn target_density(board: &Board, fleet: &Fleet, grid: &mut [f64]) {
    accumulate(board, fleet, grid, |c| !c.may_hold_afloat(), true);
}

fn accumulate(board: &Board, fleet: &Fleet, grid: &mut [f64], blocked: impl Fn(Cell) -> bool + Copy, by_hits: bool) {
    let cells = board.cells();
    // Difference array and prefix count of hits for one line (at most 26 cells).
    let mut diff = [0i64; 28];
    let mut hits = [0i64; 28];
    for line in lines(board.rows(), board.cols()) {
        diff[..=line.len].fill(0);
        if by_hits {
            for k in 0..line.len {
                hits[k + 1] = hits[k] + i64::from(cells[line.index(k)] == Cell::Hit);
            }
        }
        for (len, count) in fleet.groups() {
            let count = count as i64;
            scan_line(
                Scan::Skip,
                line.len,
                len,
                |k| blocked(cells[line.index(k)]),
                |s| {
                    let w = if by_hits { (hits[s + len] - hits[s]) * count } else { count };
                    diff[s] += w;
                    diff[s + len] -= w;
                },
            );
        }
        let mut run = 0;
        for k in 0..line.len {
            run += diff[k];
            grid[line.index(k)] += run as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::rng::seeded;
    use crate::strategy::{Algorithm, recommend};

    fn grid_of(rows: &[&str], ships: &[usize], f: fn(&Board, &Fleet, &mut [f64])) -> Vec<f64> {
        let b = Board::parse(rows).unwrap();
        let fleet = Fleet::new(ships, 26).unwrap();
        let mut g = vec![0.0; b.len()];
        f(&b, &fleet, &mut g);
        g
    }

    /// Fig. 8 of 002_4b5944972381d898.txt is the same count as the empty-board hunt density.
    #[test]
    fn empty_board_hunt_totals_match_rodins_fig8() {
        let g = grid_of(&[".........."; 10], &[5, 4, 3, 3, 2], hunt_density);
        let fig8 = [
            [10, 15, 19, 21, 22, 22, 21, 19, 15, 10],
            [15, 20, 24, 26, 27, 27, 26, 24, 20, 15],
            [19, 24, 28, 30, 31, 31, 30, 28, 24, 19],
            [21, 26, 30, 32, 33, 33, 32, 30, 26, 21],
            [22, 27, 31, 33, 34, 34, 33, 31, 27, 22],
        ];
        for (r, row) in fig8.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                assert_eq!(g[r * 10 + c], v as f64, "({r},{c})");
                assert_eq!(g[(9 - r) * 10 + c], v as f64, "mirror of ({r},{c})");
            }
        }
    }

    /// Brute force: every window of every ship, one by one, as the document's loop does.
    fn brute(b: &Board, ships: &[usize], target: bool) -> Vec<f64> {
        let mut g = vec![0.0; b.len()];
        for &len in ships {
            for horizontal in [true, false] {
                for r in 0..b.rows() {
                    for c in 0..b.cols() {
                        let cells: Vec<Pos> = (0..len)
                            .map(|k| if horizontal { Pos::new(r, c + k) } else { Pos::new(r + k, c) })
                            .collect();
                        if !cells.iter().all(|&p| b.contains(p)) {
                            continue;
                        }
                        let ok = cells
                            .iter()
                            .all(|&p| if target { b.get(p).may_hold_afloat() } else { b.get(p) == Cell::Unknown });
                        if ok {
                            let k = if target { cells.iter().filter(|&&p| b.get(p) == Cell::Hit).count() } else { 1 };
                            for p in cells {
                                g[b.index(p)] += k as f64;
                            }
                        }
                    }
                }
            }
        }
        g
    }

    #[test]
    fn scan_totals_equal_brute_force_enumeration() {
        let rows = ["..o...x.", ".x.#....", "...#.o..", "o.......", "..xx..o.", "........"];
        let b = Board::parse(&rows).unwrap();
        let ships = [4, 3, 3, 2, 1];
        assert_eq!(grid_of(&rows, &ships, hunt_density), brute(&b, &ships, false));
        assert_eq!(grid_of(&rows, &ships, target_density), brute(&b, &ships, true));
    }

    #[test]
    fn target_mode_weights_windows_by_hits() {
        // One 2-ship, one hit in the middle of a 1x3 board: both neighbours get K = 1.
        let g = grid_of(&[".x."], &[2], target_density);
        assert_eq!(g, vec![1.0, 2.0, 1.0]);
    }

    #[test]
    fn shot_is_a_best_open_cell_and_reproducible() {
        let rows = [".........."; 10];
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::classic();
        let turn = Turn::checked(&b, &f).unwrap();
        let r = recommend(Algorithm::Density, turn, &mut seeded(42)).unwrap();
        assert_eq!(r.grid[b.index(r.shot)], 1.0);
        assert!([Pos::new(4, 4), Pos::new(4, 5), Pos::new(5, 4), Pos::new(5, 5)].contains(&r.shot));
        assert_eq!(r, recommend(Algorithm::Density, turn, &mut seeded(42)).unwrap());
    }

    #[test]
    fn falls_back_to_hunt_when_hits_explain_nothing_open() {
        // The only windows through the hits lie wholly on them; the open row decides.
        let rows = ["oxxo", "...."];
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::new(&[2], 4).unwrap();
        let r = recommend(Algorithm::Density, Turn::checked(&b, &f).unwrap(), &mut seeded(1)).unwrap();
        assert_eq!(r.shot.row, 1);
        assert!([1, 2].contains(&r.shot.col));
    }
}
