//! The scans of a board as the dynamic programme keeps them: per scan, how many of its cells
//! decided so far hold a ship afloat, in a field of the state (see `key.rs`), checked at every one
//! of its cells and forgotten after its last, so that states that differ only in a scan already
//! passed merge again.

use super::key::{Field, Key};
use crate::game::board::Board;
use crate::game::observations::afloat_bounds;

/// What one scan asks of the ship cells afloat among its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    /// The fewest ship cells afloat it allows: the count its field keeps, at most.
    pub least: u64,
    /// Whether `least` is also the most (a count scan, or a yes/no scan that said no); otherwise
    /// any number from `least` on agrees (a yes/no scan that said yes).
    pub exact: bool,
}

/// The scans of one frame.
#[derive(Clone, Debug, Default)]
pub struct Tallies {
    /// Per scan kept: what it asks.
    pub needs: Vec<Need>,
    /// Per frame cell: the scans it lies in, each with how many of that scan's cells come after
    /// it in the frame's order.
    pub at: Vec<Vec<(usize, u64)>>,
}

impl Tallies {
    /// The scans of `board` on the frame whose cell `k` is board cell `board_index(k)`, of `n`.
    /// A yes/no scan that said yes with a sunk cell in its area already agrees, and is not kept.
    pub fn new(board: &Board, n: usize, board_index: impl Fn(usize) -> usize) -> Tallies {
        if board.scans().is_empty() {
            return Tallies::default();
        }
        let mut t = Tallies { needs: Vec::new(), at: vec![Vec::new(); n] };
        let mut frame_of = vec![0usize; board.len()];
        (0..n).for_each(|k| frame_of[board_index(k)] = k);
        for scan in board.scans() {
            let cells = scan.cells().len() as u64;
            let need = match afloat_bounds(board, scan) {
                // The sunk cells alone pass its most: no layout agrees.
                None => Need { least: cells + 1, exact: true },
                Some((lo, hi)) => Need { least: lo as u64, exact: lo == hi },
            };
            if need.least == 0 && !need.exact {
                continue;
            }
            let mut ks: Vec<usize> = scan.cells().iter().map(|&i| frame_of[i]).collect();
            ks.sort_unstable();
            let s = t.needs.len();
            t.needs.push(need);
            for (j, &k) in ks.iter().enumerate() {
                t.at[k].push((s, cells - 1 - j as u64));
            }
        }
        t
    }

    /// The state after frame cell `k` is decided (`occupied` when a ship afloat covers it), or
    /// `None` when some scan it lies in can no longer agree. `fields` are the scans' fields.
    #[inline(always)]
    pub fn step<const N: usize>(&self, k: usize, fields: &[Field], key: Key<N>, occupied: bool) -> Option<Key<N>> {
        let Some(at) = self.at.get(k) else { return Some(key) };
        let mut key = key;
        for &(s, after) in at {
            let need = self.needs[s];
            let mut count = key.get(fields[s]);
            if occupied {
                if count < need.least {
                    count += 1;
                } else if need.exact {
                    return None;
                }
            }
            if count + after < need.least {
                return None;
            }
            key = key.with(fields[s], if after == 0 { 0 } else { count });
        }
        Some(key)
    }
}
