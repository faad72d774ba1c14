//! A game as a backend records it: the starting fleet and the shots in order, each with what the
//! defender answered under the game's announcement rule ([`Announce`]).
//!
//! [`History::read`] replays the log and returns a [`Reading`]:
//!
//! - the board the history implies: `o` for misses, `x` for hits, `#` only for cells the
//!   announcements prove to be a sunk ship's (shown under `sunk-cells`, named hit by hit under
//!   `hit`, or the one placement left to a ship announced sunk under `sunk`);
//! - the fleet that board leaves afloat: every ship not shown `#`, so a ship announced sunk whose
//!   cells are uncertain counts as afloat to an algorithm that reads only the board;
//! - [`Told`], what the announcements say beyond that board, for the algorithms that read them
//!   (`bayes`): the ships whose cells the board does not show, each with the placements the
//!   announcements leave it, and the rest of the fleet.
//!
//! A turn may use a power-up that observes instead of shooting ([`Observed`]): a scan, read on
//! the board at the end ([`crate::game::observations::read_scans`]) as a board request's
//! `observations` are, or a reveal, whose ship cells not shot become `s` and its water `o`.
//!
//! Every inconsistency the replay meets is a [`HistoryError`] naming the turn (and shot) at fault;
//! one that only a whole fleet can reveal is found by [`History::read_possible`], at the first turn
//! after which no fleet could have given the answers.

mod possible;
mod read;
#[cfg(test)]
pub(crate) mod tests;
mod told;

use thiserror::Error;

use crate::game::announce::Announce;
use crate::game::board::{Board, BoardSize, Pos};
use crate::game::fleet::{Fleet, FleetError};
use crate::game::scan::{Reading as Found, ScanError};

pub use told::{Assignment, MAX_ASSIGNMENTS, Told, Unseen};

/// A ship of the starting fleet: its length, and its name where the rules announce names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedShip {
    pub name: Option<String>,
    pub len: usize,
}

/// One shot and the answer to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub pos: Pos,
    pub hit: bool,
    /// The ship the defender named on a hit (under [`Announce::Hit`] only).
    pub ship: Option<String>,
}

/// A sinking the defender announced after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sinking {
    /// The ship's name (required where the rules name ships).
    pub ship: Option<String>,
    /// Its cells (under [`Announce::SunkCells`] only, where they are required).
    pub cells: Option<Vec<Pos>>,
}

/// One turn: its shots (one, or a salvo's), then the sinkings announced after them; or what a
/// power-up did: observed with no shot (a scan, a reveal), or shot (a strike's shots, beyond the
/// salvo; a torpedo's wake of water and the one shot that stopped it, if one did).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Volley {
    pub shots: Vec<Shot>,
    pub sunk: Vec<Sinking>,
    /// A turn spent on a power-up.
    pub observed: Option<Observed>,
}

/// What a turn spent on a power-up did besides its shots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Observed {
    /// A scan: the cells scanned and what it found.
    Scan(Vec<Pos>, Found),
    /// A reveal: the cells it showed and, among them, those that hold a ship (the rest are water).
    Reveal { cells: Vec<Pos>, ships: Vec<Pos> },
    /// An area strike: the turn's shots are every open cell of its area, as many as it had.
    Strike,
    /// A torpedo: the cells of water it passed, then at most one shot, the ship cell it met.
    Torpedo { wake: Vec<Pos> },
}

/// A game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    pub size: BoardSize,
    /// The whole starting fleet, sunk ships included.
    pub fleet: Vec<NamedShip>,
    pub turns: Vec<Volley>,
    /// The islands: cells of the sea that hold no ship and cannot be shot (`^` on the board).
    pub blocked: Vec<Pos>,
}

/// What a history tells the shooter.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The board the history implies (see the module's documentation).
    pub board: Board,
    /// The ships that board leaves afloat (see the module's documentation).
    pub fleet: Fleet,
    /// What the announcements tell beyond the board.
    pub told: Told,
}

/// Where in a history: a turn, and a shot within it when the fault is one shot's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub turn: usize,
    pub shot: Option<usize>,
}

impl At {
    fn turn(turn: usize) -> At {
        At { turn, shot: None }
    }

    fn shot(turn: usize, shot: usize) -> At {
        At { turn, shot: Some(shot) }
    }
}

/// Why a history is not one a real game under its rules could have produced.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HistoryError {
    #[error("fleet: {0}")]
    Fleet(FleetError),
    #[error("fleet[{ship}]: the rule {announce} names ships, so every ship needs a name")]
    NameMissing { ship: usize, announce: Announce },
    #[error("fleet[{ship}]: the name {name:?} is given to two ships")]
    NameTwice { ship: usize, name: String },
    #[error("turn {}: has no shot", .at.turn + 1)]
    EmptyTurn { at: At },
    #[error("turn {}: {shots} shots, more than the salvo of {salvo}", .at.turn + 1)]
    SalvoTooLarge { at: At, shots: usize, salvo: usize },
    #[error("turn {}: a torpedo fires at most one shot, at the ship cell that stops it ({shots} given)", .at.turn + 1)]
    TorpedoShots { at: At, shots: usize },
    #[error("turn {}: a torpedo stops only at a ship cell, which it hits; its shot cannot be a miss", .at.turn + 1)]
    TorpedoMissed { at: At },
    #[error("{}: cell ({row}, {col}) is off the {size} board", where_(.at))]
    OffBoard { at: At, row: usize, col: usize, size: String },
    #[error("{}: {cell} was already shot on turn {}", where_(.at), .first_turn + 1)]
    ShotTwice { at: At, cell: String, first_turn: usize },
    #[error("{}: under the rule hit every hit names its ship", where_(.at))]
    HitUnnamed { at: At },
    #[error("{}: the rule {announce} does not name the ship on a hit (only hit does)", where_(.at))]
    HitNamed { at: At, announce: Announce },
    #[error("{}: no ship named {name:?} is in the fleet", where_(.at))]
    UnknownShip { at: At, name: String },
    #[error("{}: a miss names no ship", where_(.at))]
    MissNamed { at: At },
    #[error("{}: {name} was already sunk on turn {}", where_(.at), .sunk_turn + 1)]
    AlreadySunk { at: At, name: String, sunk_turn: usize },
    #[error("{}: no straight run of {len} cells holds every hit named {name} and otherwise only unshot cells", where_(.at))]
    HitCannotReach { at: At, name: String, len: usize },
    #[error("turn {}: the rule none announces no sinking", .at.turn + 1)]
    SinkingNotTold { at: At },
    #[error("turn {}: the rule {announce} names the sunk ship", .at.turn + 1)]
    SinkingUnnamed { at: At, announce: Announce },
    #[error("turn {}: a sinking must follow a hit of its own turn, and this turn hit nothing", .at.turn + 1)]
    SinkingWithoutHit { at: At },
    #[error("turn {}: under sunk-cells a sinking shows the ship's cells; give them", .at.turn + 1)]
    CellsRequired { at: At },
    #[error("turn {}: the rule {announce} does not show a sunk ship's cells (only sunk-cells does)", .at.turn + 1)]
    CellsNotTold { at: At, announce: Announce },
    #[error("turn {}: the sunk ship's cells {reason}", .at.turn + 1)]
    SunkCellsWrong { at: At, reason: String },
    #[error("turn {}: no ship of length {len} is afloat to sink", .at.turn + 1)]
    NoShipOfLength { at: At, len: usize },
    #[error("turn {}: {name} ({len} cells) is announced sunk after {hits} hits named it", .at.turn + 1)]
    SunkLength { at: At, name: String, len: usize, hits: usize },
    #[error("turn {}: {name} ({len} cells) is announced sunk, but no straight run of {len} cells hit by then, one of them this turn, is free for it", .at.turn + 1)]
    SunkUnexplained { at: At, name: String, len: usize },
    #[error("turn {}: every hit cell of {name} is hit, but its sinking was not announced", .at.turn + 1)]
    NotAnnounced { at: At, name: String },
    #[error("turn {}: no fleet of these ships could have given these answers", .at.turn + 1)]
    NoFleet { at: At },
    #[error("blocked[{index}]: cell ({row}, {col}) is off the {size} board")]
    BlockedOffBoard { index: usize, row: usize, col: usize, size: String },
    #[error("{}: {cell} is an island (blocked), which cannot be shot", where_(.at))]
    ShotAtIsland { at: At, cell: String },
    #[error("blocked: no fleet of these ships fits the sea around these islands")]
    NoRoomAroundIslands,
    #[error("the game is over: every ship is sunk")]
    GameOver,
    #[error("no cell is left to shoot")]
    NoOpenCell,
    #[error("turn {}: {error}", .at.turn + 1)]
    Scan { at: At, error: ScanError },
    #[error("turn {}: a turn has shots or a power-up, not both", .at.turn + 1)]
    ShotsAndScan { at: At },
    #[error("turn {}: {detail}", .at.turn + 1)]
    Reveal { at: At, detail: String },
}

fn where_(at: &At) -> String {
    match at.shot {
        Some(s) => format!("turn {}, shot {}", at.turn + 1, s + 1),
        None => format!("turn {}", at.turn + 1),
    }
}

impl HistoryError {
    /// The turn and shot at fault, where the fault is in the shots.
    pub fn at(&self) -> Option<At> {
        use HistoryError::*;
        match self {
            Fleet(_)
            | NameMissing { .. }
            | NameTwice { .. }
            | BlockedOffBoard { .. }
            | NoRoomAroundIslands
            | GameOver
            | NoOpenCell => None,
            EmptyTurn { at }
            | TorpedoShots { at, .. }
            | TorpedoMissed { at }
            | SalvoTooLarge { at, .. }
            | OffBoard { at, .. }
            | ShotAtIsland { at, .. }
            | ShotTwice { at, .. }
            | HitUnnamed { at }
            | HitNamed { at, .. }
            | UnknownShip { at, .. }
            | MissNamed { at }
            | AlreadySunk { at, .. }
            | HitCannotReach { at, .. }
            | SinkingNotTold { at }
            | SinkingUnnamed { at, .. }
            | SinkingWithoutHit { at }
            | CellsRequired { at }
            | CellsNotTold { at, .. }
            | SunkCellsWrong { at, .. }
            | NoShipOfLength { at, .. }
            | SunkLength { at, .. }
            | SunkUnexplained { at, .. }
            | NotAnnounced { at, .. }
            | Scan { at, .. }
            | ShotsAndScan { at }
            | Reveal { at, .. }
            | NoFleet { at } => Some(*at),
        }
    }

    /// The ship of the starting fleet at fault, where the fault is in the fleet.
    pub fn fleet_ship(&self) -> Option<usize> {
        match self {
            HistoryError::Fleet(FleetError::TooShort { index, .. } | FleetError::TooLong { index, .. }) => Some(*index),
            HistoryError::NameMissing { ship, .. } | HistoryError::NameTwice { ship, .. } => Some(*ship),
            _ => None,
        }
    }
}
