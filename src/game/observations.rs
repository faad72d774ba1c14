//! Scans read on a board: each checked against the board's size and cells, and whether a layout
//! of the ships afloat agrees with them.

use crate::game::board::{Board, Cell, Pos};
use crate::game::scan::{MAX_SCANS, Reading, Scan, ScanError};

/// The scans `(cells, reading)` read on `board`: each cell on it and listed once, a count no
/// larger than its cells, at most [`MAX_SCANS`] of them, and none that the board's cells already
/// contradict (more `x`, `s` or `#` cells in the area than the scan allows, or fewer cells that
/// may hold a ship than it found).
pub fn read_scans(board: &Board, scans: Vec<(Vec<Pos>, Reading)>) -> Result<Vec<Scan>, ScanError> {
    if scans.len() > MAX_SCANS {
        return Err(ScanError::TooMany { count: scans.len() });
    }
    let (rows, cols) = (board.rows(), board.cols());
    scans
        .into_iter()
        .enumerate()
        .map(|(scan, (cells, reading))| {
            if cells.is_empty() {
                return Err(ScanError::NoCells { scan });
            }
            let mut indices: Vec<usize> = Vec::with_capacity(cells.len());
            for (cell, p) in cells.iter().enumerate() {
                if !board.contains(*p) {
                    return Err(ScanError::OffBoard { scan, cell, label: p.label(), rows, cols });
                }
                let i = board.index(*p);
                if indices.contains(&i) {
                    return Err(ScanError::Repeated { scan, cell, label: p.label() });
                }
                indices.push(i);
            }
            if let Reading::Count(count) = reading
                && count > cells.len()
            {
                return Err(ScanError::CountTooLarge { scan, count, cells: cells.len() });
            }
            let s = Scan::new(indices, reading);
            contradiction(board, &s).map_or(Ok(s), |detail| Err(ScanError::Contradicted { scan, detail }))
        })
        .collect()
}

/// What the board's own cells say against the scan, if anything.
fn contradiction(board: &Board, scan: &Scan) -> Option<String> {
    let (lo, hi) = scan.bounds();
    let cells = scan.cells().iter().map(|&i| board.cells()[i]);
    let known = cells.clone().filter(|&c| c.holds_ship() || c == Cell::Sunk).count();
    let possible = cells.filter(|&c| c.may_hold_afloat() || c == Cell::Sunk).count();
    if known > hi {
        Some(format!(
            "the board has {known} 'x', 's' or '#' cells in this area, more than the {hi} ship cells the scan allows"
        ))
    } else if possible < lo {
        Some(format!("only {possible} cells of this area may hold a ship, fewer than the {lo} the scan found"))
    } else {
        None
    }
}

/// The bounds of `scan` on the ship cells afloat among its cells of `board`
/// ([`Scan::afloat_bounds`]).
pub fn afloat_bounds(board: &Board, scan: &Scan) -> Option<(usize, usize)> {
    scan.afloat_bounds(|i| board.cells()[i] == Cell::Sunk)
}

/// Whether `scan` leaves no ship afloat in its area of `board` (it found none, or only the sunk
/// cells there).
pub fn found_none(board: &Board, scan: &Scan) -> bool {
    afloat_bounds(board, scan) == Some((0, 0))
}

/// Whether a layout of the ships afloat whose cells are those `covered` says (board indices)
/// agrees with every scan of `board`.
pub fn scans_agree(board: &Board, covered: impl Fn(usize) -> bool) -> bool {
    board.scans().iter().all(|scan| {
        let afloat = scan.cells().iter().filter(|&&i| covered(i)).count();
        afloat_bounds(board, scan).is_some_and(|(lo, hi)| (lo..=hi).contains(&afloat))
    })
}
