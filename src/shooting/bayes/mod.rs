//! `bayes`: the whole-fleet posterior. Every layout of the ships afloat that agrees with the
//! board is equally likely (ships inside the board, not overlapping, covering no `o` or `#`,
//! covering every `x`, none wholly on `x`), or weighs its prior weight under a model of the
//! opponent's habits ([`crate::game::prior::Opponent`]); the grid is each `.` cell's posterior
//! probability of holding a ship ([`posterior`](mod@posterior)).
//!
//! [`regime`](mod@regime) decides how a turn is played: the counted move ([`counted`]: among the
//! cells of positive probability, the one the most ship placements cross) in a classic game, the
//! likeliest cell otherwise, ties in the turn's [`crate::game::tie_order::TieOrder`]; with a budget
//! above the default, a plan by rollouts ([`planner`], on layouts from [`draws`], played out by
//! `rollout.rs`, whose counts `tally.rs` keeps up to date shot by shot).
//! The answer says `why` when the shot is not a likeliest cell.

pub mod counted;
#[cfg(test)]
mod counted_tests;
#[cfg(test)]
mod deadline_tests;
pub mod draws;
pub mod meter;
pub mod planner;
#[cfg(test)]
mod planner_tests;
pub mod posterior;
pub mod regime;
pub(crate) mod rollout;
pub(crate) mod tally;

use std::borrow::Cow;

use crate::game::history::MAX_ASSIGNMENTS;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::shooting::strategy::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};

use counted::greedy_shot;
use meter::LAYOUTS_PER_MS;
use planner::{CANDIDATES, POOL_SHARE, Z};
use posterior::posterior;
use regime::regime;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes",
    summary: "Shoots, in a classic game, the cell the most ship placements cross among those its whole-fleet posterior allows, and elsewhere (the no-touch rules, salvos, an opponent model, announcements that tell more than the board, hits under `none`) the posterior's likeliest cell, ties in one order the seed picks; its grid is each cell's probability of holding a ship over every layout that agrees with the board, exact where counting fits the budget and sampled beyond",
    source: "whole-fleet posterior (exact counting as in public exact-inference work; importance sampling beyond the budget)",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

pub struct Bayes;

impl Strategy for Bayes {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn is_heavy(&self) -> bool {
        true
    }

    fn no_touch_note(&self) -> &'static str {
        "Counts only the layouts whose ships keep apart (no shared edge or corner) and stay off the cells around sunk ships: exactly 0 wherever no such layout puts a ship"
    }

    fn opponent_note(&self) -> Option<&'static str> {
        Some(
            "The posterior under the model as the prior over layouts: each layout weighs the product of its ship cells' weights times `touching` per touching pair and `across` per ship laid across, exactly (the weighted programme) when within the budget, by importance sampling with ships proposed in proportion to their weights otherwise; a model with `touching` 0 counts only the layouts whose ships keep apart. The committed opening tables serve only the uniform model",
        )
    }

    fn observations_note(&self) -> Option<&'static str> {
        Some(
            "Conditions on every `s` cell (a reveal showed a ship there) and every scan in `observations`: only the layouts that cover each `s` cell (a ship lying wholly on `s` and `x` cells is not sunk) and that put as many ship cells in each scanned area as the scan found (sunk cells count) count, exactly within the budget and sampled beyond (draws that a scan disagrees with are rejected); each `s` cell has probability 1, and it shoots them first, sure hits that it must fire anyway and that tell sinkings sooner. With observations it shoots the likeliest cell and does not plan ahead",
        )
    }

    fn history_note(&self) -> Cow<'static, str> {
        Cow::Owned(format!(
            "Conditions on every announcement in order, exactly: the posterior over the layouts that give every answer of the history (which ship sank on which turn, which ship each hit struck), counted within the budget and sampled past it; past {MAX_ASSIGNMENTS} assignments of the ships the announcements place, it reads the implied board as the other algorithms do"
        ))
    }

    fn thinking_note(&self) -> Option<String> {
        Some(format!(
            "Plans ahead: its own shot at the default budget (the counted hunting or targeting move under the classic rules, the most likely cell otherwise) and the next {} most likely cells are each played out to the end of the game by weighted-density on the same layouts drawn from the posterior (every agreeing layout where they are few, exact draws where counting fits the budget, resampled importance draws otherwise), up to {LAYOUTS_PER_MS} layouts per millisecond and as many as the budget's work allows (a resampled plan at most {:.0}% of its draws, past which they are mostly repeats); it shoots another candidate only when its mean shots are lower by more than {Z} paired standard errors (or lower at all over every layout), and says so in `plan` and `why`. Plans with one shot a turn, `sunk-cells` announcements and no opponent model (or the uniform one), under either touching rule; with salvos, other announcement rules, an opponent model or `s` cells on the board (which it shoots first) it plays its greedy shot at every budget",
            CANDIDATES - 1,
            POOL_SHARE * 100.0,
        ))
    }

    fn salvo_note(&self) -> &'static str {
        "The k cells of highest posterior probability, which maximise the expected number of hits (expectation is additive); ties in the turn's order"
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        // Decided once a turn, and passed down.
        let regime = regime(turn);
        if regime.plans {
            return planner::think(turn, regime.greedy, rng, grid);
        }
        let post = posterior(turn, rng)?;
        grid.copy_from_slice(&post.marginals);
        let board = turn.board;
        let (likeliest, shot, counted) = greedy_shot(turn, regime.greedy, grid);
        let why = (grid[board.index(shot)] < grid[board.index(likeliest)]).then_some(Cow::Borrowed(counted));
        Ok(Decision { shot, posterior: Some(post.facts), why, plan: None, cut: post.cut })
    }

    fn keeps_one_order(&self) -> bool {
        true
    }
}
