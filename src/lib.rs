//! Sonar recommends the next shot in Battleship.
//!
//! # Layout
//!
//! - [`board`]: the board as a player sees it (`.`, `o`, `x`, `#`), its parsing and positions, and
//!   the size of a board (`10x10`).
//! - [`fleet`]: the lengths of the ships still afloat.
//! - [`rules`]: the rules of a game (whether ships may touch, shots a turn), what they prove about
//!   a board, and the checks they add; one value travels with every turn.
//! - [`turn`]: a board plus a fleet under the rules, checked for what a real game position obeys.
//! - [`witness`]: whether any layout of the ships afloat agrees with a board, by a bounded search.
//! - [`windows`]: the straight runs a ship could occupy; the document's window scans and
//!   per-ship occupancy counts.
//! - [`strategy`]: one file per shot-choosing algorithm behind one trait, and the registry of names.
//! - [`tie_order`]: the one order (a symmetry of the board, picked by the seed) in which a strategy
//!   that plays coherently breaks ties between equally good cells.
//! - [`layout`]: hidden fleets and the uniform random layout sampler.
//! - [`level`]: strength levels 1 to 10, a layer over any strategy that makes plausible mistakes.
//! - [`placement`]: the computer's own fleet: a layout drawn exactly uniformly under the rules, or
//!   the reason none can be.
//! - [`posterior`]: the whole-fleet posterior: exact counts of the layouts that agree with a
//!   board, per-cell marginals, uniform sampling of those layouts, the exact prior of the classic
//!   board, and importance sampling where counting is over budget.
//! - [`recommendation`]: the domain work of one recommendation, whoever asks (the HTTP edge, the
//!   engine, the simulator): the board read under the rules, the position checked, the tie order
//!   the seed picks, the level, the salvo and the candidates.
//! - [`engine`]: the referee (miss, hit, sunk) and whole games played by a strategy.
//! - [`optimal`]: exact play on small boards: the optimal expected shots, and any strategy's exact
//!   expected shots, over every layout.
//! - [`planner`]: one step of policy improvement by rollouts of a base policy on layouts drawn
//!   from the posterior.
//! - [`simulate`]: many games in parallel, reproducibly, whole or in shards merged afterwards;
//!   statistics, CSV, log and chart.
//! - [`strength`]: the committed table of each algorithm's measured mean shots on the classic board.
//! - [`rng`]: the seeded generator every random choice draws from.
//! - [`http`]: the HTTP edge (actix-web routes, request and response types, OpenAPI and its
//!   examples, errors, metrics, CORS, HEAD, and the web page whose files live in `web/` and are
//!   embedded at build time). Nothing outside it knows about HTTP.
//! - [`logging`]: the log subscriber (text or JSON).
//! - `text` (private): serde for the values files carry as their text (`density`, `hard`, `10x10`),
//!   through each type's own `FromStr` and `Display`.
//!
//! The `sonar` binary (`src/main.rs`, its command-line options in `src/cli.rs`) turns its clap
//! arguments into the library's plain values, [`http::serve::ServeConfig`] and
//! [`simulate::command::Simulate`]; nothing in the library knows about clap.

pub mod board;
pub mod engine;
pub mod fleet;
pub mod http;
pub mod layout;
pub mod level;
pub mod logging;
pub mod optimal;
pub mod placement;
pub mod planner;
pub mod posterior;
pub mod recommendation;
pub mod rng;
pub mod rules;
pub mod simulate;
pub mod strategy;
pub mod strength;
#[cfg(test)]
mod testdata;
mod text;
pub mod tie_order;
pub mod turn;
pub mod windows;
pub mod witness;
