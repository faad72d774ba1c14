//! A turn: the board plus the fleet still afloat, checked for consistency.

use thiserror::Error;

use crate::game::board::{Board, Cell, Pos};
use crate::game::deadline::Deadline;
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::prior::Opponent;
use crate::game::rules::{RuleBreach, Rules};
use crate::game::tie_order::TieOrder;
use crate::game::witness::{self, Witness};

/// Why a board and fleet cannot be a real game position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TurnError {
    #[error("ships[{index}]: length {len} is longer than the board's longer side ({max})")]
    ShipTooLong { index: usize, len: usize, max: usize },
    #[error("board: no '.' cell is left to shoot")]
    NoOpenCell,
    /// More hits and known ship cells than the ships afloat have: `which` names the kinds counted.
    #[error("board: {hits} {which} cells but the ships afloat have only {total} cells in all")]
    TooManyHits { hits: usize, total: usize, which: &'static str },
    #[error("ships: total length {total} exceeds the {open} cells ('.' or 'x') that could still hold a ship")]
    ShipsExceedOpenCells { total: usize, open: usize },
    #[error(
        "board[{row}][{col}] (cell {label}): this '{mark}' lies in no run of '.'/'x' cells long enough for any ship afloat (shortest: {shortest})",
        label = Pos::new(*row, *col).label()
    )]
    UnreachableHit { row: usize, col: usize, shortest: usize, mark: char },
    #[error("ships[{index}]: no row or column has {len} consecutive '.'/'x' cells, so this ship fits nowhere")]
    ShipFitsNowhere { index: usize, len: usize },
    #[error(
        "board: no layout of the ships afloat agrees with this board (they must cover every 'x', lie on '.'/'x' cells without overlapping, and none may lie wholly on 'x', or it would have been sunk)"
    )]
    NoLayout,
    #[error(transparent)]
    Rules(#[from] RuleBreach),
    /// The opponent model's touching weight is 0, and the board has no layout whose ships keep
    /// apart.
    #[error("opponent: the model never lets ships touch (touching 0), but under that habit {0}")]
    OpponentApart(Box<TurnError>),
}

impl TurnError {
    /// The request field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            TurnError::ShipTooLong { .. }
            | TurnError::ShipsExceedOpenCells { .. }
            | TurnError::ShipFitsNowhere { .. } => "ships",
            TurnError::OpponentApart(_) => "opponent",
            _ => "board",
        }
    }

    /// Zero-based row and column at fault, where the error is about one cell.
    pub fn location(&self) -> (Option<usize>, Option<usize>) {
        match self {
            TurnError::UnreachableHit { row, col, .. } => (Some(*row), Some(*col)),
            TurnError::Rules(breach) => (Some(breach.pos().row), Some(breach.pos().col)),
            TurnError::OpponentApart(inner) => inner.location(),
            _ => (None, None),
        }
    }
}

/// Default compute budget of a turn, in milliseconds.
pub const DEFAULT_BUDGET_MS: u64 = 10;
/// Largest compute budget a turn may ask for, in milliseconds.
pub const MAX_BUDGET_MS: u64 = 1000;

/// What a strategy sees: the board and the ships still afloat, the rules of the game, and how
/// long it may think (only the strategies whose cost varies, such as `bayes`, look at the budget).
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The board as the rules let the shooter read it ([`Rules::reveal`]): under the no-touch
    /// rules every cell they prove to be water is already `o`.
    pub board: &'a Board,
    pub fleet: &'a Fleet,
    /// Compute budget in milliseconds, between 1 and [`MAX_BUDGET_MS`].
    pub budget_ms: u64,
    /// The order in which the strategies that play one coherent order break ties.
    pub order: TieOrder,
    /// The rules the game is played by.
    pub rules: Rules,
    /// The opponent's habits, a prior over layouts ([`Opponent`]); `None` is the uniform prior.
    /// Only the algorithms that say so in [`crate::shooting::strategy::Strategy::opponent_note`] read it.
    pub opponent: Option<&'a Opponent>,
    /// What a history's announcements tell beyond the board ([`Told`]): `None` for a board string.
    /// Only `bayes` reads it; every other algorithm plays the board.
    pub told: Option<&'a Told>,
    /// When the computation must stop, if the caller holds it to the clock ([`Deadline::NONE`]: the
    /// work bounds alone decide, and the answer depends on the request and seed alone).
    pub deadline: Deadline,
}

impl<'a> Turn<'a> {
    /// A turn the caller vouches for (the game engine); see [`Turn::checked`] for untrusted input.
    pub fn new(board: &'a Board, fleet: &'a Fleet) -> Turn<'a> {
        Turn {
            board,
            fleet,
            budget_ms: DEFAULT_BUDGET_MS,
            order: TieOrder::ROW_MAJOR,
            rules: Rules::CLASSIC,
            opponent: None,
            told: None,
            deadline: Deadline::NONE,
        }
    }

    /// The same turn under other rules. The board must already be read under them
    /// ([`Rules::reveal`]).
    pub fn with_rules(self, rules: Rules) -> Turn<'a> {
        debug_assert!(!rules.known_water(self.board).contains(&true), "the board is not revealed under {rules:?}");
        Turn { rules, ..self }
    }

    /// The same turn with another compute budget, clamped to 1..=[`MAX_BUDGET_MS`].
    pub fn with_budget(self, budget_ms: u64) -> Turn<'a> {
        Turn { budget_ms: budget_ms.clamp(1, MAX_BUDGET_MS), ..self }
    }

    /// The same turn with a prior over the opponent's layouts (a uniform model counts as none).
    pub fn with_opponent(self, opponent: Option<&'a Opponent>) -> Turn<'a> {
        Turn { opponent: opponent.filter(|m| !m.is_uniform()), ..self }
    }

    /// The same turn with what a history's announcements tell beyond the board (nothing counts as
    /// none).
    pub fn with_told(self, told: Option<&'a Told>) -> Turn<'a> {
        Turn { told: told.filter(|t| !t.is_empty()), ..self }
    }

    /// The same turn held to a deadline.
    pub fn with_deadline(self, deadline: Deadline) -> Turn<'a> {
        Turn { deadline, ..self }
    }

    /// The same turn with another tie order.
    pub fn with_order(self, order: TieOrder) -> Turn<'a> {
        Turn { order, ..self }
    }

    /// A turn from untrusted input: every rule a real position obeys is checked, and a bounded
    /// search looks for one layout of the ships that agrees with the board. A position the search
    /// proves impossible is refused; one it cannot settle within [`witness::STEP_BUDGET`] steps
    /// is let through (the strategies still cope: `bayes` reports it if its count is zero).
    ///
    /// `board` is the board as the shooter sees it under `rules`: pass it through
    /// [`Rules::reveal`] first (a board read under the wrong rules is a bug of the caller).
    pub fn checked(board: &'a Board, fleet: &'a Fleet, rules: Rules) -> Result<Turn<'a>, TurnError> {
        rules.check(board)?;
        let turn = Turn::new(board, fleet).with_rules(rules);
        turn.validate()?;
        Ok(turn)
    }

    /// Whether every layout weighs the same: no model of the opponent, or a uniform one.
    pub fn uniform_prior(&self) -> bool {
        self.opponent.is_none_or(|m| m.is_uniform())
    }

    /// Whether the board means what a board string means: every `x` a hit on a ship afloat, and
    /// nothing told beyond it. A board string, or a history whose announcements tell nothing
    /// beyond its board ([`Told::is_empty`]); but not a board with hits under a rule that does not
    /// announce sinkings (`none`), whose hits may be those of ships sunk unannounced.
    pub fn board_tells_all(&self) -> bool {
        self.told.is_none_or(Told::is_empty) && (self.rules.announce.tells_sinkings() || !self.board.has_hits())
    }

    /// Whether the board has hits on ships still afloat (target mode) or not (hunt mode).
    pub fn mode(&self) -> Mode {
        if self.board.has_hits() { Mode::Target } else { Mode::Hunt }
    }

    fn validate(&self) -> Result<(), TurnError> {
        let b = self.board;
        let max = b.longer_side();
        for (index, &len) in self.fleet.lengths().iter().enumerate() {
            if len > max {
                return Err(TurnError::ShipTooLong { index, len, max });
            }
        }
        if !b.cells().iter().any(|c| c.is_open()) {
            return Err(TurnError::NoOpenCell);
        }
        // Known ship cells (`s`) count with the hits: ship cells the fleet must have.
        let hits = b.count(Cell::Hit) + b.count(Cell::Ship);
        let total = self.fleet.total_cells();
        if hits > total {
            let which = if b.has_reveals() { "'x' and 's'" } else { "'x'" };
            return Err(TurnError::TooManyHits { hits, total, which });
        }
        let open = hits + b.count(Cell::Unknown);
        if total > open {
            return Err(TurnError::ShipsExceedOpenCells { total, open });
        }
        let (h, v) = open_runs(b);
        let shortest = self.fleet.shortest().unwrap_or(1);
        for i in 0..b.len() {
            if b.cells()[i].holds_ship() && h[i].max(v[i]) < shortest {
                let p = b.pos(i);
                let mark = b.cells()[i].to_char();
                return Err(TurnError::UnreachableHit { row: p.row, col: p.col, shortest, mark });
            }
        }
        let longest_run = h.iter().chain(v.iter()).copied().max().unwrap_or(0);
        // Lengths are sorted longest first, so the first that does not fit is reported.
        for (index, &len) in self.fleet.lengths().iter().enumerate() {
            if len > longest_run {
                return Err(TurnError::ShipFitsNowhere { index, len });
            }
        }
        match witness::find(b, self.fleet, self.rules, witness::STEP_BUDGET) {
            Witness::Impossible => Err(TurnError::NoLayout),
            Witness::Found(_) | Witness::GaveUp => Ok(()),
        }
    }
}

/// For each cell, the length of the horizontal and of the vertical run of `.`/`x` cells it lies
/// in (0 on cells that are neither).
pub fn open_runs(b: &Board) -> (Vec<usize>, Vec<usize>) {
    let (rows, cols) = (b.rows(), b.cols());
    let mut h = vec![0; b.len()];
    let mut v = vec![0; b.len()];
    let cells = b.cells();
    let fill = |out: &mut Vec<usize>, idx: &dyn Fn(usize) -> usize, n: usize| {
        let mut start = 0;
        while start < n {
            if !cells[idx(start)].may_hold_afloat() {
                start += 1;
                continue;
            }
            let mut end = start;
            while end < n && cells[idx(end)].may_hold_afloat() {
                end += 1;
            }
            for k in start..end {
                out[idx(k)] = end - start;
            }
            start = end;
        }
    };
    for r in 0..rows {
        fill(&mut h, &|k| r * cols + k, cols);
    }
    for c in 0..cols {
        fill(&mut v, &|k| k * cols + c, rows);
    }
    (h, v)
}

/// `hunt` when the board has no `x`, else `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Hunt,
    Target,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rows: &[&str], ships: &[usize]) -> Result<(), TurnError> {
        let b = Board::parse(rows).unwrap();
        let f = Fleet::new(ships, 26).unwrap();
        Turn::checked(&b, &f, Rules::CLASSIC).map(|_| ())
    }

    #[test]
    fn accepts_real_positions() {
        assert_eq!(check(&[".....", ".....", "....."], &[3, 2]), Ok(()));
        assert_eq!(check(&["ox...", "#####"], &[2]), Ok(()));
    }

    #[test]
    fn rejects_each_inconsistency() {
        assert_eq!(check(&["oo", "#o"], &[1]), Err(TurnError::NoOpenCell));
        assert_eq!(check(&["xxx.", "...."], &[2]), Err(TurnError::TooManyHits { hits: 3, total: 2, which: "'x'" }));
        assert_eq!(check(&["..oo", "oooo"], &[2, 1]), Err(TurnError::ShipsExceedOpenCells { total: 3, open: 2 }));
        assert_eq!(
            check(&["oxo..", "ooo.."], &[2]),
            Err(TurnError::UnreachableHit { row: 0, col: 1, shortest: 2, mark: 'x' })
        );
        assert_eq!(
            check(&["oso..", "ooo.."], &[2]),
            Err(TurnError::UnreachableHit { row: 0, col: 1, shortest: 2, mark: 's' })
        );
        let too_many = TurnError::TooManyHits { hits: 3, total: 2, which: "'x' and 's'" };
        assert_eq!(check(&["xs..", "s..."], &[2]), Err(too_many));
        assert_eq!(check(&["..o..", "ooooo", "..o.."], &[3]), Err(TurnError::ShipFitsNowhere { index: 0, len: 3 }));
        assert_eq!(check(&["...."], &[5]), Err(TurnError::ShipTooLong { index: 0, len: 5, max: 4 }));
        // Each cheap check passes, but no layout exists: the only ship would lie wholly on hits,
        // or one ship would have to cover two hits that a '.' separates.
        assert_eq!(check(&["oxxo", "...."], &[2]), Err(TurnError::NoLayout));
        assert_eq!(check(&["x.x", "ooo"], &[2]), Err(TurnError::NoLayout));
    }

    #[test]
    fn runs_are_measured_both_ways() {
        let b = Board::parse(&["..o", "x..", "..."]).unwrap();
        let (h, v) = open_runs(&b);
        assert_eq!(h, vec![2, 2, 0, 3, 3, 3, 3, 3, 3]);
        assert_eq!(v, vec![3, 3, 0, 3, 3, 2, 3, 3, 2]);
    }
}
