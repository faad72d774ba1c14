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
            (None, _, None) => "history".to_owned(),
            (None, _, Some(At { turn, shot })) => {
                let list = format!("history.{}[{turn}]", self.list());
                // A power-up's shots are read as a salvo's, inside it.
                let power = powers.get(turn).copied().flatten();
                match (power, &e) {
                    (None, HistoryError::Scan { error, .. }) => scan_path(&format!("{list}.scan"), error),
                    (None, HistoryError::Reveal { .. }) => format!("{list}.reveal"),
                    (Some(power), HistoryError::Reveal { .. }) => format!("{list}.{power}.passed"),
                    (None, _) if self == Form::Shots => list,
                    (power, e) => {
                        let volley = power.map_or_else(|| list.clone(), |power| format!("{list}.{power}"));
                        match (e, shot) {
                            (_, Some(j)) => format!("{volley}.shots[{j}]"),
                            (
                                HistoryError::EmptyTurn { .. }
                                | HistoryError::SalvoTooLarge { .. }
                                | HistoryError::TorpedoShots { .. }
                                | HistoryError::TorpedoMissed { .. },
                                None,
                            ) => format!("{volley}.shots"),
                            (HistoryError::NoFleet { .. }, None) => volley,
                            (_, None) => format!("{volley}.sunk"),
                        }
                    }
                }
            }
        };
        ApiError::History { field, turn: at.map(|a| a.turn), shot: at.and_then(|a| a.shot), detail: e.to_string() }
    }
}
