//! The JSON path each of a history reader's errors names: the list its turns are in, and for a
//! power-up's turn which one (its shots under `strike` or `torpedo`).

use crate::game::history::{At, HistoryError};

use crate::http::problem::ApiError;
use crate::http::routes::recommend::observations::scan_path;

/// How the request lists the turns: one shot a turn, or salvoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Shots,
    Salvoes,
}

/// The turns of a history whose shots a power-up fired, by index: `strike` or `torpedo`.
pub type Powers = Vec<Option<&'static str>>;

impl Form {
    /// The name of the list the turns are in.
    pub fn list(self) -> &'static str {
        if self == Form::Shots { "shots" } else { "salvoes" }
    }

    /// A reader's error as a problem naming the JSON path at fault; `powers` says which turns a
    /// power-up's shots are, whose paths go through it.
    pub fn problem(self, e: HistoryError, powers: &Powers) -> ApiError {
        let at = e.at();
        let field = match (e.fleet_ship(), &e, at) {
            (Some(k), _, _) => format!("history.fleet[{k}]"),
            (None, HistoryError::Fleet(_), _) => "history.fleet".to_owned(),
            (None, HistoryError::BlockedOffBoard { index, .. }, _) => format!("history.blocked[{index}]"),
            (None, HistoryError::NoRoomAroundIslands, _) => "history.blocked".to_owned(),
            (None, HistoryError::Scan { error, .. }, Some(At { turn, .. })) => {
                scan_path(&format!("history.{}[{turn}].scan", self.list()), error)
            }
            (None, HistoryError::Reveal { .. }, Some(At { turn, .. })) => {
                format!("history.{}[{turn}].reveal", self.list())
            }
            (None, _, None) => "history".to_owned(),
            (None, _, Some(At { turn, .. })) if self == Form::Shots => format!("history.shots[{turn}]"),
            (None, _, Some(At { turn, shot: Some(j) })) => format!("history.salvoes[{turn}].shots[{j}]"),
            (
                None,
                HistoryError::EmptyTurn { .. } | HistoryError::SalvoTooLarge { .. } | HistoryError::TorpedoShots { .. },
                Some(At { turn, .. }),
            ) => {
                format!("history.salvoes[{turn}].shots")
            }
            (None, HistoryError::NoFleet { .. }, Some(At { turn, .. })) => format!("history.salvoes[{turn}]"),
            (None, _, Some(At { turn, .. })) => format!("history.salvoes[{turn}].sunk"),
        };
        let field = match at.and_then(|a| Some((a, powers.get(a.turn).copied().flatten()?))) {
            Some((At { turn, shot }, power)) => {
                // Inside the power-up: its wake, one of its shots, its shots as a whole, or its
                // sinkings.
                let power = format!("history.{}[{turn}].{power}", self.list());
                match (&e, shot) {
                    (HistoryError::Reveal { .. }, _) => format!("{power}.passed"),
                    (_, Some(j)) => format!("{power}.shots[{j}]"),
                    (
                        HistoryError::EmptyTurn { .. }
                        | HistoryError::SalvoTooLarge { .. }
                        | HistoryError::TorpedoShots { .. }
                        | HistoryError::TorpedoMissed { .. },
                        None,
                    ) => format!("{power}.shots"),
                    (HistoryError::NoFleet { .. }, None) => power,
                    (_, None) => format!("{power}.sunk"),
                }
            }
            None => field,
        };
        ApiError::History { field, turn: at.map(|a| a.turn), shot: at.and_then(|a| a.shot), detail: e.to_string() }
    }
}
