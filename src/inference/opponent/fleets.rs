//! A player's past fleets, read from the board format of the computer's own fleet (one string per
//! row, `.` water, each ship's cells its own letter: `A`-`Z`, `a`-`z`, `0`-`9`, `!`, `$`), each
//! into a [`Layout`], checked against the board size, the starting fleet and the rules.

use thiserror::Error;

use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, Placement};

/// Most past fleets one request may carry.
pub const MAX_FLEETS: usize = 200;

/// Why past fleets cannot be read. Each names its fleet (`fleets[i]`), and the zero-based row and
/// column where one cell is at fault.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FleetsError {
    #[error("fleets: at most {MAX_FLEETS} past fleets are allowed, got {0}")]
    TooMany(usize),
    #[error("fleets[{fleet}]: {found} rows, expected {expected} (the board's rows)")]
    Rows { fleet: usize, found: usize, expected: usize },
    #[error("fleets[{fleet}][{row}]: {found} cells, expected {expected} (the board's columns)")]
    RowLength { fleet: usize, row: usize, found: usize, expected: usize },
    #[error("fleets[{fleet}][{row}][{col}]: {found:?} is neither water `.` nor a ship's letter (A-Z, a-z, 0-9, !, $)")]
    Character { fleet: usize, row: usize, col: usize, found: char },
    #[error(
        "fleets[{fleet}][{row}][{col}]: ship {letter:?} bends here; a ship is one straight run of cells (two ships need two letters)"
    )]
    Bent { fleet: usize, row: usize, col: usize, letter: char },
    #[error(
        "fleets[{fleet}][{row}][{col}]: ship {letter:?} is split, a gap before this cell; a ship is one contiguous run (two ships need two letters)"
    )]
    Split { fleet: usize, row: usize, col: usize, letter: char },
    #[error(
        "fleets[{fleet}]: its ships are not the starting fleet ({expected}): missing {missing}, extra {extra}",
        expected = lengths(expected), missing = lengths(missing), extra = lengths(extra)
    )]
    Lengths { fleet: usize, expected: Vec<usize>, missing: Vec<usize>, extra: Vec<usize> },
    #[error(
        "fleets[{fleet}][{row}][{col}]: ships {a:?} and {b:?} touch here, which the no-touch rules forbid (no two ships share an edge or a corner)"
    )]
    Touching { fleet: usize, row: usize, col: usize, a: char, b: char },
    #[error(
        "fleets: the starting fleet ({start}) does not hold the ships afloat ({afloat}): missing {missing}",
        start = lengths(start), afloat = lengths(afloat), missing = lengths(missing)
    )]
    Afloat { start: Vec<usize>, afloat: Vec<usize>, missing: Vec<usize> },
    #[error(
        "fleets: the starting fleet covers {start} cells, but the ships afloat cover {afloat} and the board has {sunk} sunk cells (`#`); the fleets are of another game's fleet"
    )]
    SunkCells { start: usize, afloat: usize, sunk: usize },
}

/// Lengths as a list for a message: `5, 4, 3` or `none`.
fn lengths(list: &[usize]) -> String {
    match list.is_empty() {
        true => "none".to_owned(),
        false => list.iter().map(usize::to_string).collect::<Vec<_>>().join(", "),
    }
}

impl FleetsError {
    /// The past fleet at fault, when the error is about one.
    pub fn fleet(&self) -> Option<usize> {
        use FleetsError as E;
        match *self {
            E::Rows { fleet, .. }
            | E::RowLength { fleet, .. }
            | E::Character { fleet, .. }
            | E::Bent { fleet, .. }
            | E::Split { fleet, .. }
            | E::Lengths { fleet, .. }
            | E::Touching { fleet, .. } => Some(fleet),
            E::TooMany(_) | E::Afloat { .. } | E::SunkCells { .. } => None,
        }
    }

    /// Zero-based row and column at fault, where the error is about one row or cell.
    pub fn location(&self) -> (Option<usize>, Option<usize>) {
        use FleetsError as E;
        match *self {
            E::RowLength { row, .. } => (Some(row), None),
            E::Character { row, col, .. }
            | E::Bent { row, col, .. }
            | E::Split { row, col, .. }
            | E::Touching { row, col, .. } => (Some(row), Some(col)),
            _ => (None, None),
        }
    }
}

/// Whether a byte is a ship's letter on a fleet board.
fn is_letter(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'!' || b == b'$'
}

/// Reads past fleet number `index` on a `rows` x `cols` board: one straight contiguous run of
/// cells per letter, under the no-touch rules apart from each other (`touching: false`).
pub fn read_fleet(
    index: usize,
    board: &[impl AsRef<str>],
    rows: usize,
    cols: usize,
    touching: bool,
) -> Result<Layout, FleetsError> {
    if board.len() != rows {
        return Err(FleetsError::Rows { fleet: index, found: board.len(), expected: rows });
    }
    // The cells of each letter, in row-major order.
    let mut cells: Vec<(u8, Vec<(usize, usize)>)> = Vec::new();
    for (row, line) in board.iter().enumerate() {
        let line = line.as_ref();
        if line.chars().count() != cols {
            return Err(FleetsError::RowLength { fleet: index, row, found: line.chars().count(), expected: cols });
        }
        for (col, ch) in line.chars().enumerate() {
            match ch {
                '.' => {}
                c if c.is_ascii() && is_letter(c as u8) => match cells.iter_mut().find(|(l, _)| *l == c as u8) {
                    Some((_, list)) => list.push((row, col)),
                    None => cells.push((c as u8, vec![(row, col)])),
                },
                found => return Err(FleetsError::Character { fleet: index, row, col, found }),
            }
        }
    }
    let mut ships = Vec::with_capacity(cells.len());
    for (letter, list) in &cells {
        let (r0, c0) = list[0];
        let horizontal = list.get(1).is_none_or(|&(r, _)| r == r0);
        for (k, &(r, c)) in list.iter().enumerate().skip(1) {
            let expected = if horizontal { (r0, c0 + k) } else { (r0 + k, c0) };
            if (r, c) != expected {
                let in_line = if horizontal { r == r0 } else { c == c0 };
                let letter = *letter as char;
                return Err(match in_line {
                    true => FleetsError::Split { fleet: index, row: r, col: c, letter },
                    false => FleetsError::Bent { fleet: index, row: r, col: c, letter },
                });
            }
        }
        ships.push(Placement { len: list.len(), row: r0, col: c0, horizontal });
    }
    if !touching {
        let owner = |r: usize, c: usize| board[r].as_ref().as_bytes()[c];
        for r in 0..rows {
            for c in 0..cols {
                let a = owner(r, c);
                if a == b'.' {
                    continue;
                }
                for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 < 0 || c2 < 0 || r2 >= rows as isize || c2 >= cols as isize {
                        continue;
                    }
                    let b = owner(r2 as usize, c2 as usize);
                    if b != b'.' && b != a {
                        return Err(FleetsError::Touching { fleet: index, row: r, col: c, a: a as char, b: b as char });
                    }
                }
            }
        }
    }
    Ok(Layout { rows, cols, ships })
}

/// Reads every past fleet (at most [`MAX_FLEETS`]), each of exactly the ships `start` (longest
/// first), or when `start` is `None` of the first fleet's ships. Returns the layouts and the
/// starting fleet's lengths, longest first (empty when there are no fleets and no `start`).
pub fn read_fleets(
    fleets: &[Vec<String>],
    rows: usize,
    cols: usize,
    start: Option<&[usize]>,
    touching: bool,
) -> Result<(Vec<Layout>, Vec<usize>), FleetsError> {
    if fleets.len() > MAX_FLEETS {
        return Err(FleetsError::TooMany(fleets.len()));
    }
    let mut expected: Option<Vec<usize>> = start.map(<[usize]>::to_vec);
    let mut layouts = Vec::with_capacity(fleets.len());
    for (index, board) in fleets.iter().enumerate() {
        let layout = read_fleet(index, board, rows, cols, touching)?;
        let mut found: Vec<usize> = layout.ships.iter().map(|p| p.len).collect();
        found.sort_unstable_by(|a, b| b.cmp(a));
        match &expected {
            None => expected = Some(found),
            Some(want) if *want != found => {
                let (missing, extra) = difference(want, &found);
                return Err(FleetsError::Lengths { fleet: index, expected: want.clone(), missing, extra });
            }
            Some(_) => {}
        }
        layouts.push(layout);
    }
    Ok((layouts, expected.unwrap_or_default()))
}

/// What `want` has that `found` lacks, and what `found` has beyond `want` (both longest first).
fn difference(want: &[usize], found: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut extra = found.to_vec();
    let mut missing = Vec::new();
    for &len in want {
        match extra.iter().position(|&l| l == len) {
            Some(i) => {
                extra.remove(i);
            }
            None => missing.push(len),
        }
    }
    (missing, extra)
}

/// Checks that a starting fleet (longest first) can be the one of a position: it holds the ships
/// afloat, and its cells are theirs plus the board's `sunk` cells.
pub fn check_start(start: &[usize], afloat: &Fleet, sunk: usize) -> Result<(), FleetsError> {
    let (missing, _) = difference(afloat.lengths(), start);
    if !missing.is_empty() {
        return Err(FleetsError::Afloat { start: start.to_vec(), afloat: afloat.lengths().to_vec(), missing });
    }
    let (start_cells, afloat_cells) = (start.iter().sum::<usize>(), afloat.lengths().iter().sum::<usize>());
    if start_cells != afloat_cells + sunk {
        return Err(FleetsError::SunkCells { start: start_cells, afloat: afloat_cells, sunk });
    }
    Ok(())
}

#[cfg(test)]
#[path = "fleets_tests.rs"]
mod tests;
