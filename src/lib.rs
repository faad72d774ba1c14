//! Sonar recommends the next shot in Battleship.
//!
//! # Layout
//!
//! - [`board`]: the board as a player sees it (`.`, `o`, `x`, `#`), its parsing and positions, and
//!   the size of a board (`10x10`).
//! - [`fleet`]: the lengths of the ships still afloat.
//! - [`rules`]: the rules of a game (whether ships may touch, shots a turn, what is announced),
//!   what they prove about a board, and the checks they add; one value travels with every turn.
//! - [`announce`]: the announcement rules (`sunk-cells`, `sunk`, `hit`, `none`): what the
//!   defender tells after a shot.
//! - [`turn`]: a board plus a fleet under the rules, checked for what a real game position obeys.
//! - [`history`]: a game as backends record it (the fleet, the shots in order and the answers),
//!   replayed under the announcement rule into the board it implies and what the announcements
//!   tell beyond it; every inconsistency named by its turn and shot.
//! - [`witness`]: whether any layout of the ships afloat agrees with a board, by a bounded search.
//! - [`windows`]: the straight runs a ship could occupy; the document's window scans and
//!   per-ship occupancy counts.
//! - [`strategy`]: one file per shot-choosing algorithm behind one trait, and the registry of names.
//! - [`tie_order`]: the one order (a symmetry of the board, picked by the seed) in which a strategy
//!   that plays coherently breaks ties between equally good cells.
//! - [`layout`]: hidden fleets and the uniform random layout sampler.
//! - [`level`]: strength levels 1 to 10, a layer over any strategy that makes plausible mistakes.
//! - [`opponent`]: the opponent's habits as a log-linear prior over layouts (a weight per cell, a
//!   weight per touching pair), its exact sampler, its fit from the fleets a player hid before
//!   (maximum a posteriori over edge and corner features); those fleets read from the board format
//!   of the computer's own fleet, and checked.
//! - [`habit`]: placement habits standing for human players (`uniform`, `hard`, `edge:θ`,
//!   `apart`, `parallel`), which the simulator hides fleets with, and their true models.
//! - [`placement`]: the computer's own fleet: a layout drawn exactly uniformly under the rules, or
//!   the reason none can be.
//! - [`searcher`]: how a player searches the computer's waters: their past searches (shots in
//!   order with the answers), the search model fitted from them (how early they look at each cell
//!   while hunting, shrunk toward "no habit"), whether they hunt beside the ships they found, and
//!   the fleet drawn where they look last, its ships leaning apart against a player who does not
//!   avoid those cells.
//! - [`posterior`]: the whole-fleet posterior: exact counts of the layouts that agree with a
//!   board, per-cell marginals, uniform sampling of those layouts, the exact prior of the classic
//!   board, and importance sampling where counting is over budget.
//! - [`recommendation`]: the domain work of one recommendation, whoever asks (the HTTP edge, the
//!   engine, the simulator): the board read under the rules, the position checked, the tie order
//!   the seed picks, the level, the salvo and the candidates.
//! - [`engine`]: the referee (miss, hit, sunk) and whole games played by a strategy.
//! - [`optimal`]: exact play on small boards: the optimal expected shots, any strategy's exact
//!   expected shots over every layout, and where one strategy gains on another (the
//!   performance-difference identity, by number of open hits).
//! - [`thinking`]: what `bayes` does with a budget above the default: one step of policy
//!   improvement by rollouts of `weighted-density` on layouts drawn from the posterior (every
//!   agreeing layout, exact draws, or resampled importance draws), with its own small referee, and
//!   the plan it reports.
//! - [`simulate`]: many games in parallel, reproducibly, whole or in shards merged afterwards;
//!   statistics, CSV, log and chart.
//! - [`strength`]: the committed table of each algorithm's measured mean shots on the classic board.
//! - [`rng`]: the seeded generator every random choice draws from.
//! - [`http`]: the HTTP edge (actix-web routes, request and response types, OpenAPI and its
//!   examples, errors, metrics, CORS, HEAD, and the web page whose files live in `web/` and are
//!   embedded at build time). Nothing outside it knows about HTTP.
//! - [`logging`]: the log subscriber (text or JSON).
//! - `text`: serde for the values files carry as their text (`density`, `hard`, `10x10`),
//!   through each type's own `FromStr` and `Display`.
//! - `testdata` (tests only): the reader of the known-answer tables under `data/`.
//!
//! Only [`http`] and [`simulate`] are public modules, each a facade over files of its own; every
//! other module is the crate's, and the `pub use` lines below are the entry points the binary, the
//! tests, the benchmarks and the examples use. The core never imports [`http`], and no two source
//! files import each other, directly or in a circle (`tests/architecture.rs`).
//!
//! The `sonar` binary (`src/main.rs`, its command-line options in `src/cli.rs`) turns its clap
//! arguments into the library's plain values, [`http::ServeConfig`] and [`simulate::Simulate`];
//! nothing in the library knows about clap.

// The Layout above is for contributors, who read it with `cargo doc --document-private-items`:
// its links lead to the private modules.
#![allow(rustdoc::private_intra_doc_links)]

mod announce;
mod board;
mod engine;
mod fleet;
mod habit;
mod history;
pub mod http;
mod layout;
mod level;
mod logging;
mod opponent;
mod optimal;
mod placement;
mod posterior;
mod recommendation;
mod rng;
mod rules;
mod searcher;
pub mod simulate;
mod strategy;
mod strength;
#[cfg(test)]
mod testdata;
mod text;
mod thinking;
mod tie_order;
mod turn;
mod windows;
mod witness;

// The entry points: what the binary, the tests, the benchmarks and the examples use. Everything
// else is the crate's own.

pub use announce::{Announce, UnknownAnnounce};
/// A position: the board, the ships afloat and the rules it is played by.
pub use board::{Board, BoardSize, Cell, MAX_SIDE, Pos};
pub use fleet::{Fleet, MAX_SHIPS};
pub use rules::{MAX_SALVO, Rules, RulesError};
pub use tie_order::TieOrder;
pub use turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Turn};

/// The algorithms, their strength levels and a recommendation.
pub use level::{CALIBRATED, Level, LevelParseError, Noise, Weakness, possible_cells};
pub use recommendation::{Ask, Checked, Recommendation, Seat, recommend};
pub use strategy::bayes::{exact_work, sample_draws};
pub use strategy::{Algorithm, UnknownAlgorithm};
pub use strength::{LEVELS_COMMAND, classic, levels};
pub use thinking::{Line, Plan, Source};

/// Hidden fleets, the computer's own fleet, and whole games.
pub use engine::{Game, Outcome, play};
pub use layout::{Layout, Placement, random_layout, random_layout_under};
pub use placement::{Style, place_hidden};
pub use searcher::{DEFAULT_BOUND, Hiding, Search, SearchModel, fit as fit_searches};

/// The opponent's habits.
pub use habit::{Habit, UnknownHabit};
pub use history::{At, History, HistoryError, NamedShip, Reading, Shot, Sinking, Told, Volley};
pub use opponent::{Fit, ModelError, Opponent, Summary as FitSummary, fit};

/// The whole-fleet posterior and exact play on small boards, for research and tests.
pub use optimal::advantage::{Advantage, Phase, advantage};
pub use optimal::{Layouts, optimal_value, policy_value};
pub use posterior::importance::Sampler;
pub use posterior::{ExactError, ExactTables, count_exact_under, estimate_work};

/// The seeded generators every random choice draws from.
pub use rng::{SonarRng, seeded, stream};

/// Logging, for the binary.
pub use logging::{init as init_logging, init_stderr as init_stderr_logging};
