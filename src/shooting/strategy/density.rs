//! `density`: the greedy probability-density algorithm of Muhammad (c. 2013).
//!
//! Hunt mode (no `x` on the board): every horizontal and vertical window of each afloat ship's
//! length whose cells are all `.` adds 1 to each cell it covers. Target mode (some `x`): windows
//! whose cells are all `.` or `x` add K to each cell they cover, K being the number of `x` in the
//! window. The shot is the `.` cell of highest total, ties broken by the seed. The document's
//! window scans, with their check counts, are in [`crate::game::windows`]; here each row and column is
//! matched as a bit mask, all windows of a length at once, which finds the same windows (tested
//! against brute-force enumeration) without reading cell by cell. Ships of equal length share one
//! match, weighted by their number, which gives the same totals as scanning each ship.
//!
//! Should target mode give no `.` cell any weight (every window through the hits lies wholly on
//! hits), the hunt totals decide; should those be all zero too, every `.` cell ties.

use std::rc::Rc;

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::pick::best_open_cell;
use crate::game::board::{Board, Cell, MAX_SIDE};
use crate::game::fleet::Fleet;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::game::windows::window_starts;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "density",
    summary: "Greedy probability density: count every placement of each unsunk ship (hunt), weight placements through hits by their hit count (target)",
    source: super::sources::MUHAMMAD,
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

pub struct Density;

impl Strategy for Density {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

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
        Ok(Decision::at(shot))
    }
}

fn any_open_positive(board: &Board, grid: &[f64]) -> bool {
    grid.iter().zip(board.cells()).any(|(&v, &c)| c == Cell::Unknown && v > 0.0)
}

/// Adds, to each cell, the number of windows of all-`.` cells of each afloat ship covering it.
pub fn hunt_density(board: &Board, fleet: &Fleet, grid: &mut [f64]) {
    if board.rows().max(board.cols()) <= TABLE_MAX_LINE {
        hunt_by_table(board, fleet, grid);
    } else {
        accumulate(board, fleet, grid, |c| c == Cell::Unknown, false);
    }
}

/// Lines up to this long use a per-fleet table of every open-cell pattern's totals.
pub const TABLE_MAX_LINE: usize = 12;
/// Tables kept per thread before the cache is emptied.
const TABLE_CACHE: usize = 64;

/// Hunt totals for every open-cell pattern of one line length and one fleet: entry
/// `mask * len + k` is what cell `k` of a line whose open cells are `mask` gets.
pub struct HuntTable {
    len: usize,
    fleet: Vec<usize>,
    totals: Box<[u16]>,
}

impl HuntTable {
    /// What each cell of a line whose open cells are `mask` gets, cell 0 first.
    #[inline]
    pub fn totals(&self, mask: u32) -> &[u16] {
        &self.totals[mask as usize * self.len..][..self.len]
    }

    fn build(len: usize, fleet: &Fleet) -> HuntTable {
        let mut totals = vec![0u16; (1usize << len) * len].into_boxed_slice();
        for mask in 0..1u32 << len {
            let out = &mut totals[mask as usize * len..][..len];
            for (ship, count) in fleet.groups().filter(|&(ship, _)| ship <= len) {
                let mut w = window_starts(mask, ship);
                while w != 0 {
                    let s = w.trailing_zeros() as usize;
                    w &= w - 1;
                    out[s..s + ship].iter_mut().for_each(|t| *t += count as u16);
                }
            }
        }
        HuntTable { len, fleet: fleet.lengths().to_vec(), totals }
    }
}

thread_local! {
    static HUNT_TABLES: std::cell::RefCell<Vec<Rc<HuntTable>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The hunt table of this line length (at most [`TABLE_MAX_LINE`]) and fleet, built on first use
/// and kept in a per-thread cache.
pub fn hunt_table(len: usize, fleet: &Fleet) -> Rc<HuntTable> {
    HUNT_TABLES.with_borrow_mut(|tables| {
        let i = match tables.iter().position(|t| t.len == len && t.fleet == fleet.lengths()) {
            Some(i) => i,
            None => {
                if tables.len() >= TABLE_CACHE {
                    tables.clear();
                }
                tables.push(Rc::new(HuntTable::build(len, fleet)));
                tables.len() - 1
            }
        };
        Rc::clone(&tables[i])
    })
}

fn hunt_by_table(board: &Board, fleet: &Fleet, grid: &mut [f64]) {
    let (rows, cols) = (board.rows(), board.cols());
    let mut col_open = [0u32; MAX_SIDE];
    let across = hunt_table(cols, fleet);
    for (r, row) in board.cells().chunks_exact(cols).enumerate() {
        let mut open = 0u32;
        for (c, &cell) in row.iter().enumerate() {
            let bit = u32::from(cell == Cell::Unknown);
            open |= bit << c;
            col_open[c] |= bit << r;
        }
        for (g, &v) in grid[r * cols..][..cols].iter_mut().zip(across.totals(open)) {
            *g += f64::from(v);
        }
    }
    let down = hunt_table(rows, fleet);
    for (c, &open) in col_open[..cols].iter().enumerate() {
        for (r, &v) in down.totals(open).iter().enumerate() {
            grid[r * cols + c] += f64::from(v);
        }
    }
}

/// Adds, to each cell, K for each window of `.`/`x` cells covering it, K being the window's `x`s.
pub fn target_density(board: &Board, fleet: &Fleet, grid: &mut [f64]) {
    accumulate(board, fleet, grid, Cell::may_hold_afloat, true);
}

/// One row or column as bit masks: bit k is the line's k-th cell.
#[derive(Clone, Copy, Default)]
struct LineMasks {
    open: u32,
    hits: u32,
}

fn accumulate(board: &Board, fleet: &Fleet, grid: &mut [f64], allowed: impl Fn(Cell) -> bool, by_hits: bool) {
    let (rows, cols) = (board.rows(), board.cols());
    let mut row_masks = [LineMasks::default(); MAX_SIDE];
    let mut col_masks = [LineMasks::default(); MAX_SIDE];
    for (r, row) in board.cells().chunks_exact(cols).enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if allowed(cell) {
                row_masks[r].open |= 1 << c;
                col_masks[c].open |= 1 << r;
            }
            if cell == Cell::Hit {
                row_masks[r].hits |= 1 << c;
                col_masks[c].hits |= 1 << r;
            }
        }
    }
    let mut groups = [(0usize, 0i64); MAX_SIDE];
    let mut n_groups = 0;
    for (len, count) in fleet.groups() {
        groups[n_groups] = (len, count as i64);
        n_groups += 1;
    }
    let groups = &groups[..n_groups];
    let lines = row_masks[..rows]
        .iter()
        .enumerate()
        .map(|(r, m)| (*m, r * cols, 1, cols))
        .chain(col_masks[..cols].iter().enumerate().map(|(c, m)| (*m, c, cols, rows)));
    for (m, start, step, len) in lines {
        if m.open == 0 || (by_hits && m.hits == 0) {
            continue;
        }
        let mut diff = [0i64; MAX_SIDE + 2];
        for &(ship, count) in groups {
            if ship > len {
                continue;
            }
            let mut w = window_starts(m.open, ship);
            if by_hits {
                // Only windows holding a hit weigh anything.
                w &= window_starts_any(m.hits, ship);
            }
            while w != 0 {
                let s = w.trailing_zeros() as usize;
                w &= w - 1;
                let weight = if by_hits { i64::from((m.hits >> s & ((1u32 << ship) - 1)).count_ones()) } else { 1 };
                diff[s] += weight * count;
                diff[s + ship] -= weight * count;
            }
        }
        let mut run = 0;
        for (k, d) in diff[..len].iter().enumerate() {
            run += d;
            if run != 0 {
                grid[start + k * step] += run as f64;
            }
        }
    }
}

/// Bit `s` is set when any of the `len` cells from `s` is set in `mask`.
#[inline]
pub(crate) fn window_starts_any(mask: u32, len: usize) -> u32 {
    let mut w = mask;
    for k in 1..len {
        w |= mask >> k;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Pos;

    fn grid_of(rows: &[&str], ships: &[usize], f: fn(&Board, &Fleet, &mut [f64])) -> Vec<f64> {
        let b = Board::parse(rows).unwrap();
        let fleet = Fleet::new(ships, 26).unwrap();
        let mut g = vec![0.0; b.len()];
        f(&b, &fleet, &mut g);
        g
    }

    /// Fig. 8 of Rodin et al. (1988) (`data/rodin_1988.txt`) is the same count as the
    /// empty-board hunt density.
    #[test]
    fn empty_board_hunt_totals_match_rodins_fig8() {
        let g = grid_of(&[".........."; 10], &[5, 4, 3, 3, 2], hunt_density);
        assert_eq!(g, crate::game::testdata::grid::<f64>(crate::game::testdata::RODIN_1988, "fig8"));
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
    fn table_and_bitwise_hunt_agree_on_every_line_length() {
        let rows = ["..o...x.o..#", ".x.#....oo..", "...#.o......", "o...........", "..xx..o.....", "........o..."];
        let b = Board::parse(&rows).unwrap();
        for ships in [&[5, 4, 3, 3, 2][..], &[1], &[12, 6, 6, 1]] {
            let f = Fleet::new(ships, 12).unwrap();
            let mut by_table = vec![0.0; b.len()];
            hunt_by_table(&b, &f, &mut by_table);
            let mut bitwise = vec![0.0; b.len()];
            accumulate(&b, &f, &mut bitwise, |c| c == Cell::Unknown, false);
            assert_eq!(by_table, bitwise, "{ships:?}");
            assert_eq!(by_table, brute(&b, ships, false), "{ships:?}");
        }
    }

    #[test]
    fn target_mode_weights_windows_by_hits() {
        // One 2-ship, one hit in the middle of a 1x3 board: both neighbours get K = 1.
        let g = grid_of(&[".x."], &[2], target_density);
        assert_eq!(g, vec![1.0, 2.0, 1.0]);
    }
}
