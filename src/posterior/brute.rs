//! A brute-force enumerator written straight from the model's definition, independent of the
//! dynamic programme, for checking it on small boards (up to about 6 x 6 with three ships).

use crate::board::{Board, Cell};
use crate::fleet::Fleet;
use crate::layout::Placement;

/// Agreeing layouts and, per cell (row-major), how many of them cover it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteCount {
    pub layouts: u128,
    pub occupancy: Vec<u128>,
}

/// Counts the agreeing layouts of `fleet` on `board` by trying every placement of every ship.
///
/// Ships are placed longest first; a ship of the same length as the one before takes only
/// placements later in [`Placement::all`]'s order, so each unlabelled layout is met once.
pub fn enumerate(board: &Board, fleet: &Fleet) -> BruteCount {
    let (rows, cols) = (board.rows(), board.cols());
    let lengths = fleet.lengths();
    // A placement may be used when it covers no `o`/`#` and not only `x`.
    let options: Vec<Vec<Placement>> = lengths
        .iter()
        .map(|&len| {
            Placement::all(rows, cols, len)
                .into_iter()
                .filter(|p| {
                    p.cells().all(|c| board.get(c).may_hold_afloat())
                        && p.cells().any(|c| board.get(c) == Cell::Unknown)
                })
                .collect()
        })
        .collect();
    let mut count = BruteCount { layouts: 0, occupancy: vec![0; board.len()] };
    let mut taken = vec![false; board.len()];
    place(board, lengths, &options, 0, 0, &mut taken, &mut count);
    count
}

fn place(
    board: &Board,
    lengths: &[usize],
    options: &[Vec<Placement>],
    ship: usize,
    first: usize,
    taken: &mut Vec<bool>,
    count: &mut BruteCount,
) {
    if ship == lengths.len() {
        let all_hits_covered = board.cells().iter().zip(taken.iter()).all(|(&c, &t)| c != Cell::Hit || t);
        if all_hits_covered {
            count.layouts += 1;
            for (o, &t) in count.occupancy.iter_mut().zip(taken.iter()) {
                *o += u128::from(t);
            }
        }
        return;
    }
    for (i, p) in options[ship].iter().enumerate().skip(first) {
        let cells: Vec<usize> = p.cells().map(|c| board.index(c)).collect();
        if cells.iter().any(|&c| taken[c]) {
            continue;
        }
        for &c in &cells {
            taken[c] = true;
        }
        let same_as_next = ship + 1 < lengths.len() && lengths[ship + 1] == lengths[ship];
        place(board, lengths, options, ship + 1, if same_as_next { i + 1 } else { 0 }, taken, count);
        for &c in &cells {
            taken[c] = false;
        }
    }
}
