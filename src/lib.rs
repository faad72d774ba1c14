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

// The entry points: what the binary, the tests, the benchmarks and the examples use. Everything
// else is the crate's own.

pub use game::announce::{Announce, UnknownAnnounce};
/// A position: the board, the ships afloat and the rules it is played by.
pub use game::board::{Board, BoardSize, Cell, MAX_SIDE, Pos};
pub use game::fleet::{Fleet, MAX_SHIPS};
pub use game::rules::{MAX_SALVO, Rules, RulesError};
pub use game::tie_order::TieOrder;
pub use game::turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Turn};

pub use shooting::algorithm::{Algorithm, UnknownAlgorithm};
pub use shooting::bayes::{exact_work, sample_draws};
/// The algorithms, their strength levels and a recommendation.
pub use shooting::level::{CALIBRATED, Level, LevelParseError, Noise, Weakness, possible_cells};
pub use shooting::recommendation::{Ask, Checked, Recommendation, Seat, recommend};
pub use shooting::strategy::plan::{Line, Plan, Source};
pub use shooting::strength::{LEVELS_COMMAND, classic, levels};

pub use game::layout::{Layout, Placement, random_layout, random_layout_under};
/// Hidden fleets, the computer's own fleet, and whole games.
pub use game::referee::{Game, Outcome};
pub use hiding::placement::{Style, place_hidden};
pub use hiding::searcher::{DEFAULT_BOUND, Hiding, Search, SearchModel, fit as fit_searches};
pub use simulate::engine::play;

pub use game::history::{At, History, HistoryError, NamedShip, Reading, Shot, Sinking, Told, Volley};
pub use game::prior::{ModelError, Opponent};
/// The opponent's habits.
pub use hiding::habit::{Habit, UnknownHabit};
pub use inference::opponent::{Fit, Summary as FitSummary, fit};

pub use inference::posterior::importance::Sampler;
pub use inference::posterior::{ExactError, ExactTables, count_exact_under, estimate_work};
/// The whole-fleet posterior and exact play on small boards, for research and tests.
pub use simulate::optimal::advantage::{Advantage, Phase, advantage};
pub use simulate::optimal::{Layouts, optimal_value, policy_value};

/// The seeded generators every random choice draws from.
pub use game::rng::{SonarRng, seeded, stream};

/// Logging, for the binary.
pub use http::logging::{init as init_logging, init_stderr as init_stderr_logging};
