//! What the defender tells the shooter after a shot: the announcement rule of a game.
//!
//! Board strings can only say `sunk-cells` (a `#` is a cell of a sunk ship). Real games tell less:
//! Hasbro's and Milton Bradley's rules announce "you sank my cruiser" (the ship's name, not its
//! cells), the 2002 Hasbro edition names the ship on every hit, and some games only answer hit or
//! miss. [`Announce`] travels inside [`crate::game::rules::Rules`] with every turn; a shot history
//! ([`crate::game::history`]) is read under it.

use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What the defender announces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub enum Announce {
    /// A sinking reveals the ship's cells (a board string's `#`).
    #[default]
    SunkCells,
    /// A sinking names the ship, not its cells (the classic rules).
    Sunk,
    /// Every hit names the ship it hit, and sinkings are announced (Hasbro, 2002).
    Hit,
    /// Only hit or miss: nothing says a ship has sunk; the game ends when every ship cell is hit.
    None,
}

/// A name that is not an announcement rule.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown announcement rule {0:?}: expected one of sunk-cells, sunk, hit, none")]
pub struct UnknownAnnounce(pub String);

impl Announce {
    /// Every rule, in the order of the docs.
    pub const ALL: [Announce; 4] = [Announce::SunkCells, Announce::Sunk, Announce::Hit, Announce::None];

    /// The rule's name in requests and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Announce::SunkCells => "sunk-cells",
            Announce::Sunk => "sunk",
            Announce::Hit => "hit",
            Announce::None => "none",
        }
    }

    /// Whether sinkings are announced: when not, a ship may lie wholly on hit cells.
    pub fn tells_sinkings(self) -> bool {
        self != Announce::None
    }

    /// Whether a sinking shows the sunk ship's cells.
    pub fn shows_sunk_cells(self) -> bool {
        self == Announce::SunkCells
    }

    /// Whether the defender names ships (the history's fleet must then name them).
    pub fn names_ships(self) -> bool {
        matches!(self, Announce::Sunk | Announce::Hit)
    }
}

impl fmt::Display for Announce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Announce {
    type Err = UnknownAnnounce;

    fn from_str(s: &str) -> Result<Announce, UnknownAnnounce> {
        Announce::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| UnknownAnnounce(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::text::round_trips;

    #[test]
    fn names_round_trip() {
        round_trips(Announce::SunkCells, "sunk-cells", "\"sunk-cells\"");
        round_trips(Announce::Sunk, "sunk", "\"sunk\"");
        round_trips(Announce::Hit, "hit", "\"hit\"");
        round_trips(Announce::None, "none", "\"none\"");
        assert_eq!("sunk_cells".parse::<Announce>(), Err(UnknownAnnounce("sunk_cells".into())));
    }

    #[test]
    fn what_each_rule_tells() {
        let tells: Vec<_> =
            Announce::ALL.iter().map(|a| (a.tells_sinkings(), a.shows_sunk_cells(), a.names_ships())).collect();
        assert_eq!(tells, [(true, true, false), (true, false, true), (true, false, true), (false, false, false)]);
    }
}
