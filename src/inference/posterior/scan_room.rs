//! The room a board's scans leave for ship cells as a sampled draw places its ships: a scan that
//! found at most `k` ship cells afloat in its area has room for `k`, less the cells of the ships
//! placed there so far. A draw offers a ship only the placements that fit every scan's room, which
//! no agreeing layout needs (room only shrinks, and an agreeing layout never passes a scan's most),
//! so the draws keep their weights' meaning and fewer of them are rejected at the end.

use crate::game::board::{Board, MAX_SIDE};
use crate::game::layout::Placement;
use crate::game::observations::{afloat_bounds, found_none};
use crate::game::scan::MAX_SCANS;
use crate::game::windows::window_starts;

/// Per scan whose most binds (below the cells of its area that may hold a ship), the ship cells it
/// may still take; per board cell, the binding scans it lies in.
#[derive(Clone, Debug)]
pub struct ScanRoom {
    cols: usize,
    room: Vec<usize>,
    of_cell: Vec<Vec<u8>>,
    /// Per binding scan, its cells.
    cells: Vec<Vec<usize>>,
}

impl ScanRoom {
    /// The room of `board`'s scans, or `None` where no scan's most binds.
    pub fn new(board: &Board) -> Option<ScanRoom> {
        let (mut of_cell, mut room, mut cells) = (vec![Vec::new(); board.len()], Vec::new(), Vec::new());
        for scan in board.scans() {
            let Some((_, most)) = afloat_bounds(board, scan) else { continue };
            let open = scan.cells().iter().filter(|&&i| board.cells()[i].may_hold_afloat()).count();
            // A scan that found none keeps ships out of its cells through the sampler's free
            // cells; only the others have room to count.
            if most >= open || found_none(board, scan) {
                continue;
            }
            scan.cells().iter().for_each(|&i| of_cell[i].push(room.len() as u8));
            room.push(most);
            cells.push(scan.cells().to_vec());
        }
        (!room.is_empty()).then_some(ScanRoom { cols: board.cols(), room, of_cell, cells })
    }

    /// Whether every scan has room for `p`'s cells in its area, `left` the room each has left.
    pub fn fits(&self, left: &[usize], p: Placement) -> bool {
        let mut take = [0u8; MAX_SCANS];
        for c in p.cells() {
            for &s in &self.of_cell[c.row * self.cols + c.col] {
                take[s as usize] += 1;
                if take[s as usize] as usize > left[s as usize] {
                    return false;
                }
            }
        }
        true
    }

    /// How many windows of `len` free cells (the row masks `rows`, the column masks `cols`) do not
    /// fit: only windows through a cell of a scan with room for fewer than `len` cells can fail, so
    /// only those are looked at.
    pub fn misfits(&self, left: &[usize], rows: &[u32], cols: &[u32], len: usize) -> u64 {
        let (nr, nc) = (rows.len(), cols.len());
        // Per start cell and direction, whether the window was looked at.
        let mut seen = [0u64; (2 * MAX_SIDE * MAX_SIDE).div_ceil(64)];
        let mut first = |k: usize| {
            let new = seen[k / 64] >> (k % 64) & 1 == 0;
            seen[k / 64] |= 1 << (k % 64);
            new
        };
        let mut misfits = 0;
        let tight = (0..left.len()).filter(|&s| left[s] < len);
        for i in tight.flat_map(|s| self.cells[s].iter().copied()) {
            let (r, c) = (i / nc, i % nc);
            let across = (c + 1).saturating_sub(len)..=c.min(nc.saturating_sub(len));
            let starts_across = if len <= nc { window_starts(rows[r], len) } else { 0 };
            for c0 in across.filter(|&c0| starts_across >> c0 & 1 == 1) {
                if first(2 * (r * nc + c0)) {
                    misfits += u64::from(!self.fits(left, Placement { len, row: r, col: c0, horizontal: true }));
                }
            }
            if len == 1 || len > nr {
                continue;
            }
            let starts_down = window_starts(cols[c], len);
            for r0 in ((r + 1).saturating_sub(len)..=r.min(nr - len)).filter(|&r0| starts_down >> r0 & 1 == 1) {
                if first(2 * (r0 * nc + c) + 1) {
                    misfits += u64::from(!self.fits(left, Placement { len, row: r0, col: c, horizontal: false }));
                }
            }
        }
        misfits
    }

    /// Takes `p`'s cells from `left`, the room of the scans they lie in (`p` fits).
    pub fn take(&self, left: &mut [usize], p: Placement) {
        for c in p.cells() {
            for &s in &self.of_cell[c.row * self.cols + c.col] {
                left[s as usize] -= 1;
            }
        }
    }

    /// The room of each binding scan before any ship is placed: its most.
    pub fn room(&self) -> Vec<usize> {
        self.room.clone()
    }
}
