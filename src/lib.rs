//! Sonar recommends the next shot in Battleship.
//!
//! # Layout
//!
//! - `game/`: the board, the fleet, the rules and announcements, hidden layouts and the referee,
//!   a turn as a strategy sees it, a game's history, and the opponent's habits as a prior.
//! - `inference/`: the whole-fleet posterior (counted, sampled), and the opponent's habits fitted
//!   from the fleets they hid before.
//! - `shooting/`: the algorithms behind the `Strategy` trait, `bayes` with its planner, strength
//!   levels, and the one way a move is played.
//! - `hiding/`: the computer's own fleet, the placement habits that stand for players, and the
//!   search model of a player whose fleet is hidden where they look last.
//! - `simulate/`: whole games, many of them in parallel and reproducibly, their statistics and
//!   reports, the repeated game, and exact play on small boards.
//! - `http/`: the service: one folder or file per endpoint, the middleware apart, the OpenAPI
//!   document, the one error type, serving and logging. Nothing below it knows about HTTP.
//!
//! Each folder imports only the folders listed before it, and inside every folder no two parts
//! import each other, directly or in a circle (`tests/architecture/`). Only [`http`] and
//! [`simulate`] are public modules; the `pub use` lines below are the entry points the binary,
//! the tests and the benchmarks use.
//!
//! The `sonar` binary (`src/main.rs`, its command line in `src/cli/`) turns its clap arguments
//! into the library's plain values, [`http::ServeConfig`] and [`simulate::Simulate`]; nothing in
//! the library knows about clap.

// The Layout above is for contributors, who read it with `cargo doc --document-private-items`:
// its links lead to the private modules.
#![allow(rustdoc::private_intra_doc_links)]

mod game;
mod hiding;
pub mod http;
mod inference;
mod shooting;
pub mod simulate;

// The entry points: what the binary, the tests and the benchmarks use. Everything else is the
// crate's own.

/// A position, hidden fleets and the referee.
pub use game::announce::Announce;
pub use game::arsenal::{Kind as PowerUpKind, MAX_POWER_UPS, PowerUp};
pub use game::board::{Board, BoardSize, Cell, MAX_SIDE, Pos};
pub use game::deadline::Deadline;
pub use game::fleet::{Fleet, MAX_SHIPS};
pub use game::layout::{Layout, Placement, random_layout, random_layout_under};
pub use game::observations::read_scans;
pub use game::referee::{Game, Outcome};
pub use game::rules::{MAX_SALVO, Rules, RulesError};
pub use game::scan::{MAX_SCANS, Reading, Scan, ScanError};
pub use game::tie_order::TieOrder;
pub use game::turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Turn};

/// The seeded generators every random choice draws from.
pub use game::rng::{SonarRng, seeded, stream};

/// The algorithms, their strength levels, a move and whole games.
pub use shooting::action::Policy;
pub use shooting::algorithm::{Algorithm, UnknownAlgorithm};
pub use shooting::level::{Level, LevelParseError, Weakened, possible_cells};
pub use shooting::play::Seat;
pub use shooting::strength::{LEVELS_COMMAND, classic, levels};
pub use simulate::engine::play;

/// The placement habits the simulator hides fleets with, and the computer's hiding style.
pub use hiding::habit::Habit;
pub use hiding::searcher::Hiding;

/// Exact counting of the layouts that agree with a board, the known answers' reference.
pub use inference::posterior::count_exact_under;

/// Logging, for the binary.
pub use http::logging::{init as init_logging, init_stderr as init_stderr_logging};

/// What the research programs of the workspace (`research/`) measure the product with: the
/// posterior's work bounds and sampler, exact play on small boards, the level knobs, the pieces of
/// a game told by its history, the opponent's and the searcher's fits, the rollouts' two readings
/// of a board. Built only with the `research` feature; the service, the binary and the tests do
/// not use it.
#[cfg(feature = "research")]
pub mod research {
    pub use crate::game::history::{History, Volley};
    pub use crate::game::prior::Opponent;
    pub use crate::hiding::placement::place_hidden;
    pub use crate::hiding::searcher::{Search, fit as fit_searches};
    pub use crate::inference::opponent::fit;
    pub use crate::inference::posterior::importance::Sampler;
    pub use crate::inference::posterior::{ExactError, ExactTables, estimate_work};
    pub use crate::shooting::bayes::meter::{exact_work, sample_draws};
    pub use crate::shooting::bayes::rollout::{step as rollout_step, step_units, tallied_step_units};
    pub use crate::shooting::bayes::tally::Tally;
    pub use crate::shooting::level::{CALIBRATED, Noise, Weakness};
    pub use crate::shooting::play::{Ask, Recommendation};
    pub use crate::simulate::optimal::advantage::{Advantage, Phase, advantage};
    pub use crate::simulate::optimal::{Layouts, optimal_value, policy_value};
}
