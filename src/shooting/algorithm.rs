//! The registry of the algorithms the service offers: one [`Algorithm`] per strategy file, in
//! order of strength. Adding an algorithm is a file implementing [`Strategy`], a variant here and
//! its arm in [`Algorithm::strategy`].

use serde_with::{DeserializeFromStr, SerializeDisplay};
use thiserror::Error;

use super::bayes;
use super::strategy::{
    AlgorithmInfo, Strategy, checkerboard, density, flood, longest_run, middlemost, random, strafing, weighted_density,
};

/// Every algorithm the service offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub enum Algorithm {
    Bayes,
    WeightedDensity,
    Density,
    Middlemost,
    Strafing,
    LongestRun,
    Checkerboard,
    DensityFlood,
    RandomFlood,
    Random,
}

impl Algorithm {
    /// All algorithms: the default first, then the others from strongest to weakest by their
    /// measured mean shots on the classic board (`data/strength.jsonl`; `weighted-density` is level
    /// with `bayes` there, `bayes` leads under no-touch and salvo). The study variants of `bayes`
    /// that were tried left the product; `docs/decisions/0001-greedy-posterior-policy-variants.md`
    /// keeps their record.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Bayes,
        Algorithm::WeightedDensity,
        Algorithm::Density,
        Algorithm::Middlemost,
        Algorithm::Strafing,
        Algorithm::LongestRun,
        Algorithm::Checkerboard,
        Algorithm::DensityFlood,
        Algorithm::RandomFlood,
        Algorithm::Random,
    ];

    /// The algorithm used when a request names none: the whole-fleet posterior, the strongest
    /// under the no-touch rules and with salvos, level with `weighted-density` on the classic rules
    /// (`docs/algorithms.md`, "The default, and where it is the strongest").
    pub const DEFAULT: Algorithm = Algorithm::Bayes;

    pub fn info(self) -> AlgorithmInfo {
        self.strategy().info()
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The known names, comma-separated, for error messages.
    pub fn names() -> String {
        Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
    }

    /// Whether its compute time grows with the budget, so that a server should run it off its
    /// request-handling threads ([`Strategy::is_heavy`]).
    pub fn is_heavy(self) -> bool {
        self.strategy().is_heavy()
    }

    /// Whether it breaks ties between equally good cells in the turn's one order
    /// ([`crate::game::tie_order::TieOrder`]) rather than at random.
    pub fn keeps_one_order(self) -> bool {
        self.strategy().keeps_one_order()
    }

    /// How the algorithm plays the no-touch rules (`rules.touching: false`).
    pub fn no_touch_note(self) -> &'static str {
        self.strategy().no_touch_note()
    }

    /// How the algorithm uses a model of the opponent's habits, or `None` when it ignores it.
    pub fn opponent_note(self) -> Option<&'static str> {
        self.strategy().opponent_note()
    }

    /// What the algorithm reads of observations (a reveal's `s` cells, scans), or `None` when it
    /// reads none ([`Strategy::observations_note`]).
    pub fn observations_note(self) -> Option<&'static str> {
        self.strategy().observations_note()
    }

    /// Whether it reads observations; the others are shown the board with each `s` as a `.` and
    /// no scans.
    pub fn reads_observations(self) -> bool {
        self.observations_note().is_some()
    }

    /// How the algorithm reads a game sent as a history ([`Strategy::history_note`]).
    pub fn history_note(self) -> std::borrow::Cow<'static, str> {
        self.strategy().history_note()
    }

    /// What the algorithm does with a budget above the default ([`Strategy::thinking_note`]).
    pub fn thinking_note(self) -> Option<String> {
        self.strategy().thinking_note()
    }

    /// How the algorithm fills a salvo of k shots (`rules.salvo`).
    pub fn salvo_note(self) -> &'static str {
        self.strategy().salvo_note()
    }

    /// The algorithm itself: every fact above is its own ([`Strategy`]).
    pub fn strategy(self) -> &'static dyn Strategy {
        match self {
            Algorithm::Bayes => &bayes::Bayes,
            Algorithm::WeightedDensity => &weighted_density::WeightedDensity,
            Algorithm::Density => &density::Density,
            Algorithm::Middlemost => &middlemost::Middlemost,
            Algorithm::LongestRun => &longest_run::LongestRun,
            Algorithm::Strafing => &strafing::Strafing,
            Algorithm::Checkerboard => &checkerboard::Checkerboard,
            Algorithm::DensityFlood => &flood::DensityFlood,
            Algorithm::RandomFlood => &flood::RandomFlood,
            Algorithm::Random => &random::Random,
        }
    }
}

/// A name that is none of [`Algorithm::ALL`]'s.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown algorithm {0:?}; known: {names}", names = Algorithm::names())]
pub struct UnknownAlgorithm(pub String);

/// An algorithm is written as its name ([`Algorithm::name`]): `bayes`, `weighted-density`, ...
impl std::str::FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(name: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::from_name(name).ok_or_else(|| UnknownAlgorithm(name.to_owned()))
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::text::round_trips;

    #[test]
    fn algorithms_are_written_by_name() {
        for &a in Algorithm::ALL {
            round_trips(a, a.name(), &format!("\"{}\"", a.name()));
        }
        round_trips(Algorithm::WeightedDensity, "weighted-density", r#""weighted-density""#);
        let e = "nope".parse::<Algorithm>().unwrap_err().to_string();
        assert!(e.starts_with(r#"unknown algorithm "nope"; known: bayes, weighted-density, "#), "{e}");
        assert!(serde_json::from_str::<Algorithm>("3").is_err());
    }
}
