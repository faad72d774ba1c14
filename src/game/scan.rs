//! What a scan told the shooter of an area of the sea: how many of its cells hold a ship (a count
//! scan, radar or sonar) or whether any does (a yes/no scan). Hit and sunk cells count as ship
//! cells: a scan read before a ship sank counted its cells. A board carries the scans of the turns
//! so far ([`crate::game::board::Board::with_scans`]), read on it by
//! [`crate::game::observations::read_scans`].

use thiserror::Error;

/// Most scans one board may carry.
pub const MAX_SCANS: usize = 64;

/// What the scan answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Exactly this many of the cells hold a ship, hit or not.
    Count(usize),
    /// Whether any of the cells holds a ship.
    Any(bool),
}

/// One scan: its cells (board indices, distinct) and what it answered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scan {
    cells: Vec<usize>,
    reading: Reading,
}

/// Why a list of scans does not fit a board. `scan` is the scan's index in the list, `cell` the
/// cell's index in the scan's cells.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ScanError {
    #[error("{count} scans; at most {MAX_SCANS} may be sent")]
    TooMany { count: usize },
    #[error("a scan needs at least one cell")]
    NoCells { scan: usize },
    #[error("{label} is off the {rows}x{cols} board")]
    OffBoard { scan: usize, cell: usize, label: String, rows: usize, cols: usize },
    #[error("{label} is listed twice")]
    Repeated { scan: usize, cell: usize, label: String },
    #[error("a count of {count} ship cells among {cells} cells")]
    CountTooLarge { scan: usize, count: usize, cells: usize },
    #[error("{detail}")]
    Contradicted { scan: usize, detail: String },
}

impl ScanError {
    /// The index of the scan at fault, where the fault is one scan's.
    pub fn scan(&self) -> Option<usize> {
        match self {
            ScanError::TooMany { .. } => None,
            ScanError::NoCells { scan }
            | ScanError::OffBoard { scan, .. }
            | ScanError::Repeated { scan, .. }
            | ScanError::CountTooLarge { scan, .. }
            | ScanError::Contradicted { scan, .. } => Some(*scan),
        }
    }
}

impl Scan {
    /// A scan of `cells` (distinct board indices on the board it is for).
    pub fn new(cells: Vec<usize>, reading: Reading) -> Scan {
        Scan { cells, reading }
    }

    /// The fewest and the most ship cells the scan allows among its cells.
    pub fn bounds(&self) -> (usize, usize) {
        match self.reading {
            Reading::Count(k) => (k, k),
            Reading::Any(true) => (1, self.cells.len()),
            Reading::Any(false) => (0, 0),
        }
    }

    /// The fewest and the most cells of ships afloat the scan allows among its cells, where
    /// `sunk` says which board cells are `#`: its bounds less those, which count as ship cells
    /// already. `None` when the sunk cells alone pass its most.
    pub fn afloat_bounds(&self, sunk: impl Fn(usize) -> bool) -> Option<(usize, usize)> {
        let (lo, hi) = self.bounds();
        let sunk = self.cells.iter().filter(|&&i| sunk(i)).count();
        (sunk <= hi).then(|| (lo.saturating_sub(sunk), hi - sunk))
    }

    /// Its cells, as board indices.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    pub fn reading(&self) -> Reading {
        self.reading
    }
}
