//! Ship windows: the straight runs of cells a ship of a given length could occupy.
//!
//! Each row and each column is a "line". A window of length `L` on a line is `L` consecutive cells
//! none of which is blocked. Two scans find them, as in Muhammad (c. 2013):
//! the brute-force scan reads each candidate window from its first cell until a blocked cell
//! (or the window's end); the skip scan (the document's "KMP" variant) reads only the newest cell
//! after a match and jumps past a blocked cell after a mismatch. Both count the cells they read,
//! so the document's figures (2480 / 1000 checks on the empty board) can be pinned.

use crate::game::board::{Board, Cell};
use crate::game::layout::Placement;

/// One row or column of a board, as a start index and a stride into the row-major cells.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub start: usize,
    pub step: usize,
    pub len: usize,
}

impl Line {
    #[inline]
    pub fn index(&self, k: usize) -> usize {
        self.start + k * self.step
    }
}

/// Every row (top to bottom) then every column (left to right) of a `rows` x `cols` board.
pub fn lines(rows: usize, cols: usize) -> impl Iterator<Item = Line> {
    let r = (0..rows).map(move |r| Line { start: r * cols, step: 1, len: cols });
    let c = (0..cols).map(move |c| Line { start: c, step: cols, len: rows });
    r.chain(c)
}

/// Every window of a line at once, as bit masks: bit `s` of the result is set when the `len` bits
/// of `open` from `s` are all set. Finds the same windows as the scans below without reading cell
/// by cell (lines are at most [`MAX_SIDE`](crate::game::board::MAX_SIDE) cells).
#[inline]
pub fn window_starts(open: u32, len: usize) -> u32 {
    let mut w = open;
    for k in 1..len {
        w &= open >> k;
    }
    w
}

/// Which scan to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    /// Every window checked cell by cell, as the document does (the known-answer tests count its
    /// reads; the service scans with [`Scan::Skip`]).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the document's own scan, kept for the tests that count its reads")
    )]
    BruteForce,
    Skip,
}

/// Calls `on_match(start)` for every window of `ship` unblocked cells on a line of `len` cells,
/// in increasing order of start, and returns the number of cells read.
pub fn scan_line(
    scan: Scan,
    len: usize,
    ship: usize,
    blocked: impl Fn(usize) -> bool,
    mut on_match: impl FnMut(usize),
) -> u64 {
    let mut checks = 0u64;
    if ship == 0 || ship > len {
        return 0;
    }
    let mut s = 0;
    let mut prev = false;
    while s + ship <= len {
        // After a match only the window's newest cell is unread.
        let first = if scan == Scan::Skip && prev { ship - 1 } else { 0 };
        let mut blocked_at = None;
        for i in first..ship {
            checks += 1;
            if blocked(s + i) {
                blocked_at = Some(i);
                break;
            }
        }
        match blocked_at {
            None => {
                on_match(s);
                prev = true;
                s += 1;
            }
            Some(n) => {
                prev = false;
                s += if scan == Scan::Skip { n + 1 } else { 1 };
            }
        }
    }
    checks
}

/// Windows of `len` set bits over every line mask.
pub fn count_windows(lines: &[u32], line_len: usize, len: usize) -> u64 {
    if len > line_len {
        return 0;
    }
    lines.iter().map(|&m| u64::from(window_starts(m, len).count_ones())).sum()
}

/// The `k`-th window (counting across lines in order), or `None` with `k` reduced by the windows
/// passed over.
pub fn pick_window(lines: &[u32], line_len: usize, len: usize, k: &mut u64, horizontal: bool) -> Option<Placement> {
    if len > line_len {
        return None;
    }
    for (line, &m) in lines.iter().enumerate() {
        let mut w = window_starts(m, len);
        let n = u64::from(w.count_ones());
        if *k >= n {
            *k -= n;
            continue;
        }
        for _ in 0..*k {
            w &= w - 1;
        }
        let s = w.trailing_zeros() as usize;
        return Some(if horizontal {
            Placement { len, row: line, col: s, horizontal: true }
        } else {
            Placement { len, row: s, col: line, horizontal: false }
        });
    }
    None
}

#[cfg(test)]
/// Cells read by the window scan for every ship of `ships` over every line of the board, where
/// `blocked` says which cells no ship may cover.
pub fn count_checks(board: &Board, ships: &[usize], scan: Scan, blocked: impl Fn(Cell) -> bool) -> u64 {
    let cells = board.cells();
    let mut total = 0;
    for &ship in ships {
        for line in lines(board.rows(), board.cols()) {
            total += scan_line(scan, line.len, ship, |k| blocked(cells[line.index(k)]), |_| {});
        }
    }
    total
}

/// For one ship length, how many windows cover each cell (row-major), counting horizontal and
/// vertical windows separately, where `blocked` says which cells no ship may cover. These are the
/// per-ship occupancy tables of Rodin et al. (1988) (Figs. 5, 12, 13, 14) on an empty board.
pub fn occupancy(board: &Board, ship: usize, blocked: impl Fn(Cell) -> bool) -> Vec<u32> {
    let mut out = vec![0u32; board.len()];
    let cells = board.cells();
    let mut diff = vec![0i32; board.longer_side() + 1];
    for line in lines(board.rows(), board.cols()) {
        diff[..=line.len].fill(0);
        scan_line(
            Scan::Skip,
            line.len,
            ship,
            |k| blocked(cells[line.index(k)]),
            |s| {
                diff[s] += 1;
                diff[s + ship] -= 1;
            },
        );
        let mut run = 0;
        for k in 0..line.len {
            run += diff[k];
            out[line.index(k)] += run as u32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Pos;

    const CLASSIC: [usize; 5] = [5, 4, 3, 3, 2];

    fn is_shot(c: Cell) -> bool {
        c != Cell::Unknown
    }

    /// Figs. 5.3 and 5.4 of Muhammad (c. 2013).
    #[test]
    fn window_check_counts_match_the_document() {
        let mut b = Board::empty(10, 10);
        assert_eq!(count_checks(&b, &CLASSIC, Scan::BruteForce, is_shot), 2480);
        assert_eq!(count_checks(&b, &CLASSIC, Scan::Skip, is_shot), 1000);
        for (r, c) in [(0, 0), (5, 0), (0, 5), (5, 5)] {
            b.set(Pos::new(r, c), Cell::Miss);
        }
        assert_eq!(count_checks(&b, &CLASSIC, Scan::BruteForce, is_shot), 2340);
        assert_eq!(count_checks(&b, &CLASSIC, Scan::Skip, is_shot), 984);
    }

    #[test]
    fn both_scans_find_the_same_windows() {
        let b = Board::parse(&["..o.....x.o..", "o..........oo"]).unwrap();
        for ship in 1..=6 {
            for line in lines(b.rows(), b.cols()) {
                let blocked = |k: usize| is_shot(b.cells()[line.index(k)]);
                let (mut a, mut s) = (vec![], vec![]);
                scan_line(Scan::BruteForce, line.len, ship, blocked, |x| a.push(x));
                scan_line(Scan::Skip, line.len, ship, blocked, |x| s.push(x));
                assert_eq!(a, s, "ship {ship} line {line:?}");
            }
        }
    }

    /// Fig. 5 (carrier), Fig. 12 (destroyer), Fig. 13 (3-unit ships) and Fig. 14 (battleship) of
    /// Rodin et al. (1988), from `data/rodin_1988.txt`.
    #[test]
    fn occupancy_matches_rodins_figures() {
        let b = Board::empty(10, 10);
        let fig = |name| crate::game::testdata::grid::<u32>(crate::game::testdata::RODIN_1988, name);
        let (fig5, fig12, fig13, fig14) = (fig("fig5"), fig("fig12"), fig("fig13"), fig("fig14"));
        assert_eq!(occupancy(&b, 5, is_shot), fig5);
        assert_eq!(occupancy(&b, 2, is_shot), fig12);
        assert_eq!(occupancy(&b, 3, is_shot), fig13);
        assert_eq!(occupancy(&b, 4, is_shot), fig14);
        // Exercise 6: 140 placements of the battleship; every placement covers 4 cells.
        assert_eq!(occupancy(&b, 4, is_shot).iter().sum::<u32>(), 140 * 4);
    }
}
