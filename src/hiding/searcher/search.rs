//! One past search: the shots a player fired at the computer's fleet in one game, in order, with
//! the computer's answers; checked against the board, and read into the shots that hunted (rather
//! than finished a ship already hit).

use thiserror::Error;

use crate::game::board::Pos;
use crate::game::referee::Outcome;

/// The computer's answer to a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Miss,
    Hit,
    /// The shot sank the ship of this length.
    Sunk(usize),
}

impl From<Outcome> for Answer {
    fn from(outcome: Outcome) -> Answer {
        match outcome {
            Outcome::Miss => Answer::Miss,
            Outcome::Hit => Answer::Hit,
            Outcome::Sunk(len) => Answer::Sunk(len),
        }
    }
}

/// A search that is not a search on this board. `search` and `shot` count from 0.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    #[error("searches[{search}][{shot}]: {cell} is off the {rows}x{cols} board")]
    OffBoard { search: usize, shot: usize, cell: String, rows: usize, cols: usize },
    #[error("searches[{search}][{shot}]: {cell} was already shot (searches[{search}][{first}])")]
    Twice { search: usize, shot: usize, first: usize, cell: String },
    #[error("searches[{search}]: {shots} shots, more than the board's {cells} cells")]
    TooLong { search: usize, shots: usize, cells: usize },
    #[error(
        "searches[{search}][{shot}]: {token:?} is not a shot: expected a cell and its answer, `o` (miss), `x` (hit) \
         or `#` and the length of the ship it sank, e.g. E5o, C3x, C5#3"
    )]
    Token { search: usize, shot: usize, token: String },
    #[error("searches: {count} searches, at most {max}")]
    TooMany { count: usize, max: usize },
}

impl SearchError {
    /// The search and the shot at fault (zero-based).
    pub fn at(&self) -> (Option<usize>, Option<usize>) {
        match *self {
            SearchError::OffBoard { search, shot, .. }
            | SearchError::Twice { search, shot, .. }
            | SearchError::Token { search, shot, .. } => (Some(search), Some(shot)),
            SearchError::TooLong { search, .. } => (Some(search), None),
            SearchError::TooMany { .. } => (None, None),
        }
    }
}

/// Reads a shot written as its cell's label and the answer: `E5o` (miss), `C3x` (hit), `C5#3`
/// (sank a ship of length 3).
fn read_shot(token: &str) -> Option<(Pos, Answer)> {
    let token = token.trim();
    let split = token.find(['o', 'x', '#'])?;
    let (cell, answer) = token.split_at(split);
    let answer = match answer {
        "o" => Answer::Miss,
        "x" => Answer::Hit,
        sunk => Answer::Sunk(sunk.strip_prefix('#')?.parse().ok().filter(|&n: &usize| n >= 1)?),
    };
    Some((Pos::from_label(cell)?, answer))
}

/// Reads and checks past searches written as [`read_shot`] reads each shot, at most `max`.
pub fn read_searches(texts: &[Vec<String>], rows: usize, cols: usize, max: usize) -> Result<Vec<Search>, SearchError> {
    if texts.len() > max {
        return Err(SearchError::TooMany { count: texts.len(), max });
    }
    texts
        .iter()
        .enumerate()
        .map(|(search, tokens)| {
            let shots = tokens
                .iter()
                .enumerate()
                .map(|(shot, token)| {
                    read_shot(token).ok_or_else(|| SearchError::Token { search, shot, token: token.clone() })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Search::new(rows, cols, search, shots)
        })
        .collect()
}

/// A checked search on a `rows` x `cols` board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    rows: usize,
    cols: usize,
    shots: Vec<(Pos, Answer)>,
}

impl Search {
    /// Search number `index` (for the errors), checked: every shot on the board, no cell twice, no
    /// more shots than cells.
    pub fn new(rows: usize, cols: usize, index: usize, shots: Vec<(Pos, Answer)>) -> Result<Search, SearchError> {
        let cells = rows * cols;
        if shots.len() > cells {
            return Err(SearchError::TooLong { search: index, shots: shots.len(), cells });
        }
        let mut first = vec![usize::MAX; cells];
        for (shot, &(p, _)) in shots.iter().enumerate() {
            if p.row >= rows || p.col >= cols {
                return Err(SearchError::OffBoard { search: index, shot, cell: label(p), rows, cols });
            }
            let at = &mut first[p.row * cols + p.col];
            if *at != usize::MAX {
                return Err(SearchError::Twice { search: index, shot, first: *at, cell: p.label() });
            }
            *at = shot;
        }
        Ok(Search { rows, cols, shots })
    }

    /// The search of a game the engine played on a `rows` x `cols` board (its shots are valid).
    pub fn played(rows: usize, cols: usize, shots: &[(Pos, Outcome)]) -> Search {
        Search { rows, cols, shots: shots.iter().map(|&(p, o)| (p, o.into())).collect() }
    }

    /// Each shot's cell and the computer's answer, in order.
    pub fn shots(&self) -> &[(Pos, Answer)] {
        &self.shots
    }

    /// Each shot's cell (row-major) and whether it hunted: a shot hunts when no hit is open. A
    /// `Hit` opens one; a sinking of a ship of length `n` closes the `n - 1` hits on it before.
    pub fn hunting(&self) -> Vec<(usize, bool)> {
        let mut open = 0usize;
        self.shots
            .iter()
            .map(|&(p, answer)| {
                let hunts = open == 0;
                match answer {
                    Answer::Hit => open += 1,
                    Answer::Sunk(len) => open = open.saturating_sub(len.saturating_sub(1)),
                    Answer::Miss => {}
                }
                (p.row * self.cols + p.col, hunts)
            })
            .collect()
    }
}

/// A cell's label, also off the board (where [`Pos::label`] may have no letter).
fn label(p: Pos) -> String {
    if p.row < 26 { p.label() } else { format!("row {} column {}", p.row, p.col) }
}
