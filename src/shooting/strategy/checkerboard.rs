//! `checkerboard`: the classic hunt/target player with parity, the other baseline the documents'
//! methods are usually measured against.
//!
//! **Target** (some `x` has a `.` neighbour). Once two or more hits line up (a run of adjacent
//! `x` along a row or column), the `.` cells just beyond either end of such runs; when there is
//! no such run, or every such run is blocked at both ends, the `.` neighbours of every `x`. One
//! of them at random.
//!
//! **Hunt** (otherwise). With `s` the shortest ship afloat, every ship covers a cell with
//! `(row + col) % s == 0`, so the hunt shoots at random among those `.` cells. Cells where no
//! ship afloat fits (no run of `s` or more `.`/`x` cells through them, along the row or the
//! column) are left out. Should that leave nothing, any `.` cell where a ship fits; should that
//! leave nothing either, any `.` cell.
//!
//! **Grid.** 1 on the cells the shot is drawn from, 0 elsewhere.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::hit_lines::hit_lines;
use super::pick::best_open_cell;
use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::{Turn, open_runs};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "checkerboard",
    summary: "Hunt at random on the parity class of the shortest ship afloat; target the neighbours of hits, along the line once two hits align",
    source: "classic hunt/target with parity (baseline)",
    grid_kind: GridKind::Score,
    uses_randomness: true,
};

pub struct Checkerboard;

impl Strategy for Checkerboard {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        let candidates = match target(board) {
            t if !t.is_empty() => t,
            _ => hunt(board, turn.fleet.shortest().unwrap_or(1)),
        };
        for &i in &candidates {
            grid[i] = 1.0;
        }
        best_open_cell(board, grid, rng).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

/// Indices of the `.` cells target mode chooses among (empty when there is nothing to target).
fn target(board: &Board) -> Vec<usize> {
    let open = |p: Pos| board.get(p) == Cell::Unknown;
    let mut ends = Vec::new();
    for line in hit_lines(board) {
        ends.extend(line.ends(board).filter(|&p| open(p)).map(|p| board.index(p)));
    }
    if ends.is_empty() {
        for i in 0..board.len() {
            let p = board.pos(i);
            if open(p) && board.neighbours(p).any(|n| board.get(n) == Cell::Hit) {
                ends.push(i);
            }
        }
    }
    ends
}

/// Indices of the `.` cells hunt mode chooses among.
fn hunt(board: &Board, shortest: usize) -> Vec<usize> {
    let (h, v) = open_runs(board);
    let open: Vec<usize> = (0..board.len()).filter(|&i| board.cells()[i] == Cell::Unknown).collect();
    let fits: Vec<usize> = open.iter().copied().filter(|&i| h[i].max(v[i]) >= shortest).collect();
    let class: Vec<usize> = fits
        .iter()
        .copied()
        .filter(|&i| {
            let p = board.pos(i);
            (p.row + p.col).is_multiple_of(shortest)
        })
        .collect();
    [class, fits, open].into_iter().find(|c| !c.is_empty()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fleet::Fleet;
    use crate::shooting::strategy::testkit;

    fn shots(rows: &[&str], ships: &[usize]) -> std::collections::BTreeSet<Pos> {
        let b = Board::parse(rows).unwrap();
        let f = Fleet::new(ships, 26).unwrap();
        (0..200).map(|seed| testkit::check_one(&Checkerboard, INFO.grid_kind, &b, &f, seed)).collect()
    }

    #[test]
    fn hunts_on_the_parity_class_of_the_shortest_ship() {
        let s = shots(&["....", "....", "...."], &[3, 2]);
        assert!(s.iter().all(|p| (p.row + p.col) % 2 == 0), "{s:?}");
        assert_eq!(s.len(), 6);
        let s = shots(&["......", "......", "......"], &[3]);
        assert!(s.iter().all(|p| (p.row + p.col) % 3 == 0), "{s:?}");
        assert_eq!(s.len(), 6);
    }

    #[test]
    fn skips_cells_where_no_ship_fits_then_falls_back() {
        // (0,0) is in the class but boxed in by misses; the 3-ship fits only in the bottom row.
        let s = shots(&[".o.o.", "ooooo", "....."], &[3]);
        assert_eq!(s.into_iter().collect::<Vec<_>>(), vec![Pos::new(2, 1), Pos::new(2, 4)]);
        // The class cell of the only long run is a hit: any cell where the ship fits.
        let b = Board::parse(&["xx.", "ooo"]).unwrap();
        assert_eq!(hunt(&b, 3), vec![2]);
        // No run is long enough: any open cell.
        let b = Board::parse(&["o.o", ".oo"]).unwrap();
        assert_eq!(hunt(&b, 2), vec![1, 3]);
    }

    #[test]
    fn targets_neighbours_then_the_line() {
        let s = shots(&["...", ".x.", "..."], &[2]);
        assert_eq!(
            s.into_iter().collect::<Vec<_>>(),
            vec![Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 2), Pos::new(2, 1)]
        );
        let s = shots(&["....", ".xx.", "...."], &[3]);
        assert_eq!(s.into_iter().collect::<Vec<_>>(), vec![Pos::new(1, 0), Pos::new(1, 3)]);
        // The line is blocked at both ends: back to every neighbour.
        let s = shots(&["....", "oxxo", "...."], &[2, 2]);
        assert_eq!(s.len(), 4);
    }
}
