//! What a plan found, as the strategies report it: the candidate lines, the one chosen, and where
//! the layouts came from. Its own file, so that a strategy's [`crate::shooting::strategy::Decision`] can
//! carry a plan without importing the planner (which plays `weighted-density`, a strategy).

use crate::game::board::Pos;

/// What a plan found: the candidates, greedy first, and the one chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub lines: Vec<Line>,
    /// Index in `lines` of the cell shot.
    pub chosen: usize,
    /// Layouts every candidate was played out on.
    pub layouts: usize,
    pub source: Source,
    /// Whether the turn's deadline stopped the rollouts before the budget's work was done: the
    /// candidates were compared on the layouts played by then.
    pub cut_short: bool,
}

/// One candidate cell and what its rollouts measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub cell: Pos,
    /// Its posterior probability (the grid's value).
    pub probability: f64,
    /// Mean shots to finish the game, this one included, when it is shot now.
    pub mean_shots: f64,
    /// Standard error of that mean (0 when every layout was played).
    pub std_error: f64,
    /// Standard error of its mean's difference from the greedy cell's (0 for the greedy cell and
    /// where every layout was played).
    pub paired_std_error: f64,
}

/// Where a plan's layouts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Every agreeing layout, each once: the means are the exact expectations.
    Every,
    /// Drawn exactly uniformly from the agreeing layouts (the exact programme's tables).
    Exact,
    /// Importance draws resampled in proportion to their weights (the posterior is sampled).
    Resampled,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Every => "every",
            Source::Exact => "exact",
            Source::Resampled => "resampled",
        }
    }
}
