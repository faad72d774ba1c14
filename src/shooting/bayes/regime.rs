//! How `bayes` plays a turn: the one place that decides it. The strategy, its counted moves and its
//! planner all ask here.
//!
//! - The shot at the default budget ([`Greedy`]): the counted move ([`super::counted`]) where the
//!   count stands for what the posterior knows (the classic touching rules, the uniform prior, one
//!   shot a turn, and a board that says all the announcements told), the posterior's likeliest
//!   cell elsewhere.
//! - Whether it plans ahead ([`Regime::plans`]): with a budget above the default, where the
//!   rollouts can play the game the shooter is in (one shot a turn, the `sunk-cells` announcements
//!   or a board string, the uniform prior). Under either touching rule.
//! - How the posterior reads the board ([`read`]): a model of the opponent that never lets ships
//!   touch is the no-touch rules with its cell weights.

use std::borrow::Cow;

use crate::game::announce::Announce;
use crate::game::board::Board;
use crate::game::prior::Opponent;
use crate::game::rules::Rules;
use crate::game::turn::{DEFAULT_BUDGET_MS, Turn};

/// The shot `bayes` plays at the default budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Greedy {
    /// The cell the most ship placements cross among those the posterior gives a chance.
    Counted,
    /// The posterior's likeliest cell.
    Likeliest,
}

/// How `bayes` plays one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regime {
    /// Its shot at the default budget, and the first candidate of a plan.
    pub greedy: Greedy,
    /// Whether it plans ahead by rollouts ([`super::planner`]).
    pub plans: bool,
}

/// How `bayes` plays `turn`.
pub fn regime(turn: Turn<'_>) -> Regime {
    // The board means what a board string means and every layout weighs the same: the count and
    // the rollouts both play the game the shooter is in.
    // A board with `s` cells or scans is played by the posterior's likeliest cell: each `s` has
    // probability 1, a sure hit to take first, and neither the counted move nor the rollouts read
    // scans.
    let plain =
        turn.rules.salvo == 1 && turn.uniform_prior() && turn.board_tells_all() && !turn.board.has_observations();
    Regime {
        greedy: if plain && turn.rules.touching { Greedy::Counted } else { Greedy::Likeliest },
        plans: plain && turn.budget_ms > DEFAULT_BUDGET_MS && turn.rules.announce == Announce::SunkCells,
    }
}

/// The board, rules and prior the posterior reads: under a model that never lets ships touch
/// ([`Opponent::apart_rules`]), the board read under the no-touch rules, those rules, and the
/// model's cell weights with ships free to touch (the rules now keep them apart); otherwise the
/// turn's own.
pub fn read<'a>(turn: Turn<'a>) -> (Cow<'a, Board>, Rules, Option<Cow<'a, Opponent>>) {
    let model = turn.opponent;
    match model.and_then(|m| m.apart_rules(turn.rules).map(|rules| (m, rules))) {
        Some((m, rules)) => (rules.reveal(turn.board), rules, Some(Cow::Owned(m.with_touching(1.0)))),
        None => (Cow::Borrowed(turn.board), turn.rules, model.map(Cow::Borrowed)),
    }
}
