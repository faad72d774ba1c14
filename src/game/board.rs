//! The board as a player sees it: which cells are untried, missed, hit or sunk, and the islands
//! that hold no ship and cannot be shot.

use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;

use thiserror::Error;

use crate::game::scan::Scan;

/// Largest number of rows or columns a board may have (row labels run A..Z).
pub const MAX_SIDE: usize = 26;

/// What a player knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// `.`: not shot yet.
    Unknown,
    /// `o`: shot, nothing there.
    Miss,
    /// `x`: shot, part of a ship that is still afloat.
    Hit,
    /// `#`: part of a ship that has been sunk.
    Sunk,
    /// `^`: an island: no ship lies on it and it cannot be shot (island maps, irregular seas).
    Island,
    /// `s`: not shot yet, and known to hold a ship (a reveal showed it). A ship lying wholly on `s`
    /// and `x` cells is not sunk.
    Ship,
}

impl Cell {
    /// The cell for a board character, if it is one of `.`, `o`, `x`, `#`, `^`, `s`.
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Unknown),
            'o' => Some(Cell::Miss),
            'x' => Some(Cell::Hit),
            '#' => Some(Cell::Sunk),
            '^' => Some(Cell::Island),
            's' => Some(Cell::Ship),
            _ => None,
        }
    }

    /// The board character of this cell.
    pub fn to_char(self) -> char {
        match self {
            Cell::Unknown => '.',
            Cell::Miss => 'o',
            Cell::Hit => 'x',
            Cell::Sunk => '#',
            Cell::Island => '^',
            Cell::Ship => 's',
        }
    }

    /// Whether a ship still afloat may lie on this cell (`.`, `x` or `s`).
    pub fn may_hold_afloat(self) -> bool {
        matches!(self, Cell::Unknown | Cell::Hit | Cell::Ship)
    }

    /// Whether some ship afloat must lie on this cell: a hit (`x`) or a cell known to hold a ship
    /// (`s`).
    pub fn holds_ship(self) -> bool {
        matches!(self, Cell::Hit | Cell::Ship)
    }

    /// Whether the cell may be shot: not shot yet, and not an island (`.` or `s`). A ship that
    /// covers one is not sunk by the shots so far.
    pub fn is_open(self) -> bool {
        matches!(self, Cell::Unknown | Cell::Ship)
    }

    /// Whether this cell has been shot (`o`, `x` or `#`): not `.`, nor an island.
    pub fn is_shot(self) -> bool {
        matches!(self, Cell::Miss | Cell::Hit | Cell::Sunk)
    }
}

/// A zero-based cell coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The classic label: row letter (A = row 0) then the one-based column, e.g. `E6`.
    pub fn label(self) -> String {
        format!("{}{}", (b'A' + self.row as u8) as char, self.col + 1)
    }

    /// Parses a label such as `E6` (row letter, one-based column).
    pub fn from_label(label: &str) -> Option<Pos> {
        let mut chars = label.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let col: usize = chars.as_str().parse().ok()?;
        (col >= 1).then(|| Pos::new((letter as u8 - b'A') as usize, col - 1))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why a board could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardError {
    #[error("board: must have between 1 and {MAX_SIDE} rows, got {0}")]
    RowCount(usize),
    #[error("board[{row}]: must have between 1 and {MAX_SIDE} columns, got {len}")]
    ColumnCount { row: usize, len: usize },
    #[error("board[{row}]: has {len} columns but board[0] has {expected}; all rows must be the same length")]
    Ragged { row: usize, len: usize, expected: usize },
    #[error(
        "board[{row}][{col}] (cell {label}): invalid character {found:?}; expected one of '.', 'o', 'x', '#', '^', 's'",
        label = Pos::new(*row, *col).label()
    )]
    BadCell { row: usize, col: usize, found: char },
}

impl BoardError {
    /// The zero-based row and column at fault, where the error is about one place.
    pub fn location(&self) -> (Option<usize>, Option<usize>) {
        match self {
            BoardError::RowCount(_) => (None, None),
            BoardError::ColumnCount { row, .. } | BoardError::Ragged { row, .. } => (Some(*row), None),
            BoardError::BadCell { row, col, .. } => (Some(*row), Some(*col)),
        }
    }
}

/// A rectangular board of at most [`MAX_SIDE`] x [`MAX_SIDE`] cells, stored row by row.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    /// What scans told of areas of the sea ([`Board::with_scans`]); none on most boards.
    scans: Vec<Scan>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board { rows: self.rows, cols: self.cols, cells: self.cells.clone(), scans: self.scans.clone() }
    }

    /// Copies into the cells already allocated (the rollouts of thinking time reset a board per
    /// candidate).
    fn clone_from(&mut self, source: &Board) {
        (self.rows, self.cols) = (source.rows, source.cols);
        self.cells.clone_from(&source.cells);
        self.scans.clone_from(&source.scans);
    }
}

impl Board {
    /// An untouched board (every cell `.`). Panics if a side is 0 or over [`MAX_SIDE`].
    pub fn empty(rows: usize, cols: usize) -> Board {
        assert!((1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols));
        Board { rows, cols, cells: vec![Cell::Unknown; rows * cols], scans: Vec::new() }
    }

    /// Reads a board given as one string per row of `.`, `o`, `x`, `#`, `^`.
    pub fn parse<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        if rows.is_empty() || rows.len() > MAX_SIDE {
            return Err(BoardError::RowCount(rows.len()));
        }
        let mut cells = Vec::with_capacity(rows.len() * MAX_SIDE);
        let mut cols = 0;
        for (r, line) in rows.iter().enumerate() {
            let line = line.as_ref();
            let len = line.chars().count();
            if len == 0 || len > MAX_SIDE {
                return Err(BoardError::ColumnCount { row: r, len });
            }
            if r == 0 {
                cols = len;
            } else if len != cols {
                return Err(BoardError::Ragged { row: r, len, expected: cols });
            }
            for (c, ch) in line.chars().enumerate() {
                let cell = Cell::from_char(ch).ok_or(BoardError::BadCell { row: r, col: c, found: ch })?;
                cells.push(cell);
            }
        }
        Ok(Board { rows: rows.len(), cols, cells, scans: Vec::new() })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The longer side, which bounds a ship's length.
    pub fn longer_side(&self) -> usize {
        self.rows.max(self.cols)
    }

    /// Row-major index of a position.
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        p.row * self.cols + p.col
    }

    /// Position of a row-major index.
    #[inline]
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    #[inline]
    pub fn get(&self, p: Pos) -> Cell {
        self.cells[self.index(p)]
    }

    #[inline]
    pub fn set(&mut self, p: Pos, cell: Cell) {
        let i = self.index(p);
        self.cells[i] = cell;
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether a position lies on the board.
    pub fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// Number of cells in the given state.
    pub fn count(&self, cell: Cell) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }

    /// Cells shot so far (`o`, `x`, `#`).
    pub fn shots(&self) -> usize {
        self.cells.iter().filter(|c| c.is_shot()).count()
    }

    /// The island cells (`^`), in row-major order.
    pub fn islands(&self) -> Vec<Pos> {
        (0..self.len()).filter(|&i| self.cells[i] == Cell::Island).map(|i| self.pos(i)).collect()
    }

    /// Whether any cell is an `s` (known to hold a ship, not shot yet).
    pub fn has_reveals(&self) -> bool {
        self.cells.contains(&Cell::Ship)
    }

    /// The board with every `s` read as `.` and no scans: what a shooter that reads no
    /// observation sees.
    pub fn without_observations(&self) -> Board {
        let mut b = self.without_scans();
        b.cells.iter_mut().filter(|c| **c == Cell::Ship).for_each(|c| *c = Cell::Unknown);
        b
    }

    /// The board with `scans`, read on it by [`crate::game::observations::read_scans`], in place
    /// of any it had.
    pub fn with_scans(mut self, scans: Vec<Scan>) -> Board {
        self.scans = scans;
        self
    }

    /// The board with one more scan (read on it, as [`Board::with_scans`]'s are).
    pub fn add_scan(&mut self, scan: Scan) {
        self.scans.push(scan);
    }

    /// What scans told of areas of the sea.
    pub fn scans(&self) -> &[Scan] {
        &self.scans
    }

    /// The board without its scans: what a shooter that reads none sees.
    pub fn without_scans(&self) -> Board {
        Board { rows: self.rows, cols: self.cols, cells: self.cells.clone(), scans: Vec::new() }
    }

    /// Whether the board tells more than its cells' shots: an `s` or a scan.
    pub fn has_observations(&self) -> bool {
        self.has_reveals() || !self.scans.is_empty()
    }

    /// Whether any cell is an `x` (a hit on a ship still afloat).
    pub fn has_hits(&self) -> bool {
        self.cells.contains(&Cell::Hit)
    }

    /// The up-to-four orthogonal neighbours of `p`, in the order left, up, right, down.
    pub fn neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        let cand = [
            (p.col > 0).then(|| Pos::new(p.row, p.col.wrapping_sub(1))),
            (p.row > 0).then(|| Pos::new(p.row.wrapping_sub(1), p.col)),
            (p.col + 1 < self.cols).then(|| Pos::new(p.row, p.col + 1)),
            (p.row + 1 < self.rows).then(|| Pos::new(p.row + 1, p.col)),
        ];
        cand.into_iter().flatten()
    }

    /// The board as one string per row.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(self.cols).map(|row| row.iter().map(|c| c.to_char()).collect()).collect()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// The size of a board, each side 1 to [`MAX_SIDE`]; written `ROWSxCOLS`, e.g. `10x10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub struct BoardSize {
    pub rows: usize,
    pub cols: usize,
}

/// Why a text is not a board size.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardSizeError {
    #[error("size {0:?}: expected ROWSxCOLS, e.g. 10x10")]
    Syntax(String),
    #[error("size {text:?}: {source}")]
    Number { text: String, source: std::num::ParseIntError },
    #[error("size {rows}x{cols}: each side must be between 1 and {MAX_SIDE}")]
    Side { rows: usize, cols: usize },
}

impl BoardSize {
    /// The classic board, 10 by 10.
    pub const CLASSIC: BoardSize = BoardSize { rows: 10, cols: 10 };

    /// A size whose sides are both between 1 and [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize) -> Result<BoardSize, BoardSizeError> {
        let side = 1..=MAX_SIDE;
        if side.contains(&rows) && side.contains(&cols) {
            Ok(BoardSize { rows, cols })
        } else {
            Err(BoardSizeError::Side { rows, cols })
        }
    }

    /// Its number of cells.
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }
}

/// Parses `ROWSxCOLS` (`x` or `X`, spaces around the numbers allowed).
impl std::str::FromStr for BoardSize {
    type Err = BoardSizeError;

    fn from_str(text: &str) -> Result<BoardSize, BoardSizeError> {
        let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(|| BoardSizeError::Syntax(text.to_owned()))?;
        let side = |s: &str| {
            s.trim().parse::<usize>().map_err(|source| BoardSizeError::Number { text: text.to_owned(), source })
        };
        BoardSize::new(side(rows)?, side(cols)?)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}
