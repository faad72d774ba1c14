//! Whether any fleet could have given a history's answers: the consistency search
//! ([`crate::game::witness`]) run on every assignment of the ships the announcements place.

use super::told::MAX_ASSIGNMENTS;
use super::{At, History, HistoryError, Reading};
use crate::game::observations::scans_agree;
use crate::game::rules::Rules;
use crate::game::witness::{self, Witness};

impl Reading {
    /// Whether some layout of the whole fleet gives the history's answers: `Some(true)` with a
    /// witness found, `Some(false)` when none can, `None` when `steps` (shared by the
    /// assignments) or [`MAX_ASSIGNMENTS`] ran out first.
    pub fn possible(&self, rules: Rules, steps: u64) -> Option<bool> {
        let assignments = self.told.assignments(&self.board, rules, MAX_ASSIGNMENTS).ok()?;
        let steps = (steps / assignments.len().max(1) as u64).max(1_000);
        let Some(rest) = self.told.rest_fleet(&self.board) else {
            // Nothing left to place: an assignment is a whole fleet (its ships `#` on its board).
            return Some(assignments.iter().any(|a| scans_agree(&a.board, |_| false)));
        };
        let mut settled = true;
        for a in assignments {
            match witness::find(&a.board, &rest, rules, steps) {
                Witness::Found(_) => return Some(true),
                Witness::GaveUp => settled = false,
                Witness::Impossible => {}
            }
        }
        settled.then_some(false)
    }
}

impl History {
    /// [`History::read`], and the consistency search: a history no fleet could have produced is
    /// refused at the first turn after which none could ([`HistoryError::NoFleet`]). A search that
    /// cannot settle within its steps lets the history through.
    pub fn read_possible(&self, rules: Rules, steps: u64) -> Result<Reading, HistoryError> {
        let reading = self.read(rules)?;
        if reading.possible(rules, steps) != Some(false) {
            return Ok(reading);
        }
        // The shortest impossible prefix: a prefix of a possible history is possible.
        let impossible = |turns: usize| {
            let prefix = History { turns: self.turns[..turns].to_vec(), ..self.clone() };
            match prefix.read(rules) {
                Ok(r) => r.possible(rules, steps) == Some(false),
                Err(HistoryError::GameOver | HistoryError::NoOpenCell) => false,
                Err(_) => true,
            }
        };
        // Before the first shot only the islands can leave no room for the fleet.
        if !self.blocked.is_empty() && impossible(0) {
            return Err(HistoryError::NoRoomAroundIslands);
        }
        let (mut lo, mut hi) = (0, self.turns.len());
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            if impossible(mid) { hi = mid } else { lo = mid }
        }
        Err(HistoryError::NoFleet { at: At::turn(hi.saturating_sub(1)) })
    }
}
