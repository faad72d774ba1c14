//! `middlemost`: the "middlemost untried tile" player of rlucine's "Battleship AI".
//!
//! **Which cells count.** Only `.` cells where some ship afloat still fits: a cell is left out
//! when the run of `.`/`x` cells through it is shorter than the shortest ship afloat both along
//! its row and along its column (the document's longest-remaining-ship rule, with hits counted
//! as room, so that in `o.xxo` the `.` still counts for a 3-ship). Should that leave out every
//! `.` cell, which a checked turn allows only in odd positions, every `.` cell counts.
//!
//! **Priority**, highest first (the document's three levels):
//! 1. cells in line with two or more unsunk hits: along the row or along the column, the runs of
//!    adjacent `x` cells starting next to the cell (on both sides) hold two or more hits between
//!    them (`.xx`, `x.x`);
//! 2. cells next to an unsunk hit (`x`);
//! 3. every other cell.
//!
//! **Middlemost.** Within a level, the cell in the middle of the widest open runs in both
//! dimensions: with `a` and `b` the numbers of untried (`.`) cells from the cell to either end of
//! its run along the row (both counting the cell itself), and `c`, `d` the same along the column,
//! the score is `a*b + c*d`: the number of runs of untried cells, of any length, that pass
//! through the cell, horizontally plus vertically. It peaks in the middle of a run (`X???X`
//! scores 3, 4, 3 along the row, so the middle is picked) and grows with the run's width. Ties
//! are broken by the seed.
//!
//! **Grid.** `level * LEVEL + a*b + c*d` on the cells that count (levels 2, 1, 0 for the
//! document's 1, 2, 3), 0 on the others; the score never reaches [`LEVEL`] on the largest board.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::pick::best_open_cell;
use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::{Turn, open_runs};

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "middlemost",
    summary: "Cells in line with two unsunk hits, then next to one, then the middlemost untried cell of the widest open runs; never where no ship afloat fits",
    source: super::sources::RLUCINE,
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

/// Weight of one priority level; larger than any middlemost score (at most 2 * 13 * 14 on a
/// [`MAX_SIDE`](crate::game::board::MAX_SIDE)-wide board).
const LEVEL: f64 = 1000.0;

pub struct Middlemost;

impl Strategy for Middlemost {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        let shortest = turn.fleet.shortest().unwrap_or(1);
        let (h, v) = open_runs(board);
        let open = |i: usize| board.cells()[i] == Cell::Unknown;
        let mut counts: Vec<bool> = (0..board.len()).map(|i| open(i) && h[i].max(v[i]) >= shortest).collect();
        if !counts.contains(&true) {
            counts = (0..board.len()).map(open).collect();
        }
        let middle = middle_scores(board);
        for i in (0..board.len()).filter(|&i| counts[i]) {
            grid[i] = f64::from(level(board, board.pos(i))) * LEVEL + f64::from(middle[i]);
        }
        best_open_cell(board, grid, rng).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

/// 2 if the cell is in line with two or more unsunk hits, 1 if it is next to one, else 0.
fn level(board: &Board, p: Pos) -> u32 {
    let hits_from = |dr: isize, dc: isize| {
        let mut n = 0;
        let (mut r, mut c) = (p.row as isize + dr, p.col as isize + dc);
        while r >= 0
            && c >= 0
            && board.contains(Pos::new(r as usize, c as usize))
            && board.get(Pos::new(r as usize, c as usize)) == Cell::Hit
        {
            n += 1;
            r += dr;
            c += dc;
        }
        n
    };
    let across = hits_from(0, -1) + hits_from(0, 1);
    let down = hits_from(-1, 0) + hits_from(1, 0);
    if across >= 2 || down >= 2 {
        2
    } else if across + down > 0 {
        1
    } else {
        0
    }
}

/// For each `.` cell, `a*b + c*d`: the runs of `.` cells through it along the row plus along the
/// column (0 on other cells).
pub fn middle_scores(board: &Board) -> Vec<u32> {
    let (rows, cols) = (board.rows(), board.cols());
    let open = |r: usize, c: usize| board.get(Pos::new(r, c)) == Cell::Unknown;
    let mut out = vec![0u32; board.len()];
    for r in 0..rows {
        for c in 0..cols {
            if !open(r, c) {
                continue;
            }
            let a = 1 + (0..c).rev().take_while(|&k| open(r, k)).count() as u32;
            let b = 1 + (c + 1..cols).take_while(|&k| open(r, k)).count() as u32;
            let u = 1 + (0..r).rev().take_while(|&k| open(k, c)).count() as u32;
            let d = 1 + (r + 1..rows).take_while(|&k| open(k, c)).count() as u32;
            out[r * cols + c] = a * b + u * d;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fleet::Fleet;
    use crate::shooting::strategy::testkit;

    fn shot(rows: &[&str], ships: &[usize], seed: u64) -> Pos {
        let b = Board::parse(rows).unwrap();
        testkit::check_one(&Middlemost, INFO.grid_kind, &b, &Fleet::new(ships, 26).unwrap(), seed)
    }

    fn all_shots(rows: &[&str], ships: &[usize]) -> Vec<Pos> {
        let set: std::collections::BTreeSet<Pos> = (0..100).map(|seed| shot(rows, ships, seed)).collect();
        set.into_iter().collect()
    }

    #[test]
    fn picks_the_middle_of_a_run() {
        // The document's X???X.
        assert_eq!(all_shots(&["ooooo", "o...o", "ooooo"], &[2]), vec![Pos::new(1, 2)]);
        assert_eq!(all_shots(&["o...o"], &[2]), vec![Pos::new(0, 2)]);
        assert_eq!(middle_scores(&Board::parse(&["o...o"]).unwrap()), vec![0, 4, 5, 4, 0]);
    }

    #[test]
    fn picks_the_cell_in_line_with_hits() {
        assert_eq!(all_shots(&["o.xxo"], &[3]), vec![Pos::new(0, 1)]);
        assert_eq!(all_shots(&["o.xxo", "....."], &[3]), vec![Pos::new(0, 1)]);
        // x.x: the gap is in line with two hits.
        assert_eq!(all_shots(&["..x.x..", "......."], &[4]), vec![Pos::new(0, 3)]);
    }

    #[test]
    fn next_to_a_hit_before_the_open_sea() {
        // Of the four neighbours, the two with the longest runs (3*4 + 2*1 = 14) win.
        let s = all_shots(&["......", "......", "..x...", "......", "......"], &[3]);
        assert_eq!(s, vec![Pos::new(1, 2), Pos::new(3, 2)]);
    }

    #[test]
    fn never_where_no_ship_afloat_fits() {
        // The 3x3 box's centre scores 8, more than any cell of the 4-long column (7), but the
        // 4-ship cannot fit in the box (the document's pigeonhole example).
        let rows = ["ooooo.", "o...o.", "o...o.", "o...o.", "oooooo"];
        let s = all_shots(&rows, &[4]);
        assert_eq!(s, vec![Pos::new(1, 5), Pos::new(2, 5)]);
        // With a 3-ship afloat the box counts again.
        assert_eq!(all_shots(&rows, &[4, 3]), vec![Pos::new(2, 2)]);
    }
}
