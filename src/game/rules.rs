//! The rules of a game: whether ships may touch, how many shots a turn fires (salvo), and what
//! the defender announces ([`Announce`]).
//!
//! One [`Rules`] value travels with every [`crate::game::turn::Turn`]: the position checks, the
//! consistency search, every algorithm, the posterior and its samplers all read it.
//!
//! Under the no-touch rules (`touching: false`) no two ships share an edge or a corner. What a
//! shooter can conclude from that alone is applied once, by [`Rules::reveal`]: every `.` cell
//! next to a sunk ship (edge or corner) is known to be water, and so is every `.` cell diagonal
//! to a hit (a ship is straight, so that cell is not the hit ship's, and any other ship there
//! would touch it). The revealed board marks those cells `o`, so that every algorithm leaves them
//! out of its counts and never shoots them. That ships afloat may not touch one another is a
//! constraint on whole layouts, which only the whole-fleet posterior, its samplers, the
//! consistency search and the layout sampler can use.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::announce::Announce;
use crate::game::board::{Board, Cell, Pos};

/// Most shots a salvo turn may ask for.
pub const MAX_SALVO: usize = 10;

/// The rules a game is played by. In JSON (a simulation's shard file): `{"touching":true,"salvo":1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Whether ships may touch (the classic rules) or may not share an edge or a corner.
    pub touching: bool,
    /// Shots fired a turn, 1 to [`MAX_SALVO`].
    #[serde(deserialize_with = "checked_salvo")]
    pub salvo: usize,
    /// What the defender tells after a shot; `sunk-cells` (a board string's `#`) by default, and
    /// left out of JSON then.
    #[serde(default, skip_serializing_if = "is_sunk_cells")]
    pub announce: Announce,
}

fn is_sunk_cells(announce: &Announce) -> bool {
    *announce == Announce::SunkCells
}

/// A salvo read from JSON, checked as [`Rules::new`] checks it.
fn checked_salvo<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let salvo = u64::deserialize(deserializer)?;
    Rules::new(true, salvo).map(|rules| rules.salvo).map_err(serde::de::Error::custom)
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::CLASSIC
    }
}

/// Why a rules object is not one the service plays.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    #[error("rules.salvo: must be at least 1 and at most {MAX_SALVO}, got {0}")]
    Salvo(u64),
}

/// A board that breaks the no-touch rules.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RuleBreach {
    #[error(
        "board[{row}][{col}] (cell {label}): these '#' cells are two or more sunk ships that touch (they do not form one straight line), which the no-touch rules forbid",
        label = Pos::new(*row, *col).label()
    )]
    SunkShipsTouch { row: usize, col: usize },
    #[error(
        "board[{row}][{col}] (cell {label}): this '{mark}' touches a sunk ship, so its ship would touch that one, which the no-touch rules forbid",
        label = Pos::new(*row, *col).label()
    )]
    HitTouchesSunk { row: usize, col: usize, mark: char },
}

impl RuleBreach {
    /// The cell at fault.
    pub fn pos(&self) -> Pos {
        match *self {
            RuleBreach::SunkShipsTouch { row, col } | RuleBreach::HitTouchesSunk { row, col, .. } => Pos::new(row, col),
        }
    }
}

impl Rules {
    /// Ships may touch; one shot a turn.
    pub const CLASSIC: Rules = Rules { touching: true, salvo: 1, announce: Announce::SunkCells };
    /// No two ships share an edge or a corner; one shot a turn.
    pub const NO_TOUCH: Rules = Rules { touching: false, salvo: 1, announce: Announce::SunkCells };

    /// Rules from their parts, the salvo checked.
    pub fn new(touching: bool, salvo: u64) -> Result<Rules, RulesError> {
        match usize::try_from(salvo) {
            Ok(k) if (1..=MAX_SALVO).contains(&k) => Ok(Rules { touching, salvo: k, announce: Announce::SunkCells }),
            _ => Err(RulesError::Salvo(salvo)),
        }
    }

    /// The same rules with another announcement rule.
    pub fn with_announce(self, announce: Announce) -> Rules {
        Rules { announce, ..self }
    }

    /// Checks what the rules say of the cells already shot. Under the no-touch rules: every
    /// group of `#` cells that touch (edge or corner) must be one straight ship, or two sunk ships
    /// touch; and no `x` may touch a `#`, or a ship afloat would touch a sunk one.
    pub fn check(&self, board: &Board) -> Result<(), RuleBreach> {
        if self.touching {
            return Ok(());
        }
        let mut seen = vec![false; board.len()];
        for i in 0..board.len() {
            if board.cells()[i] != Cell::Sunk || seen[i] {
                continue;
            }
            // The group of `#` cells around this one, by edges and corners.
            let mut group = vec![i];
            seen[i] = true;
            let mut next = 0;
            while next < group.len() {
                let p = board.pos(group[next]);
                next += 1;
                for q in around(board, p) {
                    let j = board.index(q);
                    if board.cells()[j] == Cell::Sunk && !seen[j] {
                        seen[j] = true;
                        group.push(j);
                    }
                }
            }
            let first = board.pos(i);
            let straight = group.iter().all(|&j| board.pos(j).row == first.row)
                || group.iter().all(|&j| board.pos(j).col == first.col);
            if !straight {
                return Err(RuleBreach::SunkShipsTouch { row: first.row, col: first.col });
            }
        }
        for i in 0..board.len() {
            let p = board.pos(i);
            if board.cells()[i].holds_ship() && around(board, p).any(|q| board.get(q) == Cell::Sunk) {
                return Err(RuleBreach::HitTouchesSunk { row: p.row, col: p.col, mark: board.cells()[i].to_char() });
            }
        }
        Ok(())
    }

    /// The `.` cells these rules prove to be water: none under the classic rules; under the
    /// no-touch rules those next to a `#` (edge or corner) and those diagonal to an `x` or an `s`.
    pub fn known_water(&self, board: &Board) -> Vec<bool> {
        let mut water = vec![false; board.len()];
        if self.touching {
            return water;
        }
        for i in 0..board.len() {
            let p = board.pos(i);
            let near: &dyn Fn(Pos) -> bool = match board.cells()[i] {
                Cell::Sunk => &|_| true,
                Cell::Hit | Cell::Ship => &|q: Pos| q.row != p.row && q.col != p.col,
                _ => continue,
            };
            for q in around(board, p).filter(|&q| near(q)) {
                if board.get(q) == Cell::Unknown {
                    water[board.index(q)] = true;
                }
            }
        }
        water
    }

    /// The board as a shooter who knows these rules reads it: every cell
    /// [`known_water`](Rules::known_water) finds is marked `o`. Borrowed when nothing changes.
    pub fn reveal<'b>(&self, board: &'b Board) -> Cow<'b, Board> {
        if self.touching {
            return Cow::Borrowed(board);
        }
        let water = self.known_water(board);
        if !water.contains(&true) {
            return Cow::Borrowed(board);
        }
        let mut out = board.clone();
        for (i, _) in water.iter().enumerate().filter(|(_, w)| **w) {
            out.set(board.pos(i), Cell::Miss);
        }
        Cow::Owned(out)
    }
}

/// The up-to-eight cells around `p` (edges and corners).
pub fn around(board: &Board, p: Pos) -> impl Iterator<Item = Pos> + '_ {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    (-1isize..=1).flat_map(move |dr| (-1isize..=1).map(move |dc| (dr, dc))).filter_map(move |(dr, dc)| {
        let (r, c) = (p.row as isize + dr, p.col as isize + dc);
        ((dr, dc) != (0, 0) && (0..rows).contains(&r) && (0..cols).contains(&c))
            .then(|| Pos::new(r as usize, c as usize))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::parse(rows).unwrap()
    }

    #[test]
    fn salvo_is_bounded() {
        assert_eq!(Rules::new(true, 1), Ok(Rules::CLASSIC));
        assert_eq!(Rules::new(false, 10), Ok(Rules { touching: false, salvo: 10, announce: Announce::SunkCells }));
        assert_eq!(Rules::new(true, 0), Err(RulesError::Salvo(0)));
        assert_eq!(Rules::new(true, 11), Err(RulesError::Salvo(11)));
        assert_eq!(Rules::new(true, u64::MAX), Err(RulesError::Salvo(u64::MAX)));
    }

    #[test]
    fn json_leaves_out_the_default_announcement() {
        assert_eq!(serde_json::to_string(&Rules::CLASSIC).unwrap(), r#"{"touching":true,"salvo":1}"#);
        let sunk = Rules::CLASSIC.with_announce(Announce::Sunk);
        assert_eq!(serde_json::to_string(&sunk).unwrap(), r#"{"touching":true,"salvo":1,"announce":"sunk"}"#);
        assert_eq!(serde_json::from_str::<Rules>(r#"{"touching":true,"salvo":1,"announce":"sunk"}"#).unwrap(), sunk);
        assert_eq!(serde_json::from_str::<Rules>(r#"{"touching":false,"salvo":1}"#).unwrap(), Rules::NO_TOUCH);
    }

    #[test]
    fn classic_rules_reveal_nothing() {
        let b = board(&["...", ".#.", "..x"]);
        assert!(matches!(Rules::CLASSIC.reveal(&b), Cow::Borrowed(_)));
        assert_eq!(Rules::CLASSIC.check(&board(&["##", "#."])), Ok(()));
    }

    #[test]
    fn no_touch_reveals_the_halo_of_sunk_ships_and_the_corners_of_hits() {
        let b = board(&[".....", ".##..", ".....", "...x.", "....."]);
        let seen = Rules::NO_TOUCH.reveal(&b).into_owned();
        assert_eq!(seen.to_rows(), vec!["oooo.", "o##o.", "ooooo", "...x.", "..o.o"]);
        // Revealing twice changes nothing more.
        assert_eq!(Rules::NO_TOUCH.reveal(&seen).into_owned(), seen);
    }

    #[test]
    fn no_touch_refuses_touching_sunk_ships_and_hits_beside_them() {
        assert_eq!(
            Rules::NO_TOUCH.check(&board(&["##.", ".#.", "..."])),
            Err(RuleBreach::SunkShipsTouch { row: 0, col: 0 })
        );
        assert_eq!(
            Rules::NO_TOUCH.check(&board(&["#..", ".#.", "..."])),
            Err(RuleBreach::SunkShipsTouch { row: 0, col: 0 })
        );
        assert_eq!(
            Rules::NO_TOUCH.check(&board(&["...", "###", "..x"])),
            Err(RuleBreach::HitTouchesSunk { row: 2, col: 2, mark: 'x' })
        );
        assert_eq!(Rules::NO_TOUCH.check(&board(&["#.#", "#.#", "..."])), Ok(()));
        assert_eq!(Rules::NO_TOUCH.check(&board(&["###", "...", ".x."])), Ok(()));
    }
}
