//! The simulator: plays many games of the core's strategies against hidden fleets, in parallel,
//! reproducibly, and summarises their strength.
//!
//! - [`run`](mod@run): who plays, what is played, and the games themselves.
//! - [`arsenal`]: the power-ups each shooter holds, as JSON writes them.
//! - [`learn`]: what the shooters are told of the opponent's habits: nothing, the true model, or
//!   one fitted from past fleets.
//! - [`shard`] and [`shard_file`]: which games a shard plays, and its output, read and merged back.
//! - [`stats`], [`report`], [`plot`]: statistics, the report (table, JSON, CSV, log) and the chart.
//! - [`series`] and [`series_report`]: the repeated game (the same hider and shooter, game after
//!   game, each learning from the other's past), its report and its CSV.
//! - [`corpus`](mod@corpus): the benchmark corpus of positions.
//! - [`command`]: `sonar simulate` as the binary runs it, from plain options.

pub mod arsenal;
mod command;
mod corpus;
pub(crate) mod engine;
#[cfg(test)]
mod every_algorithm_tests;
mod learn;
#[cfg(any(test, feature = "research"))]
pub(crate) mod optimal;
mod plot;
mod report;
mod run;
mod series;
mod series_report;
mod shard;
mod shard_file;
mod stats;

// The entry points: `sonar simulate` (the binary), and runs and reports (the tests and examples).
pub use command::{MergeOptions, Outputs, RunOptions, SeriesOptions, ShardChoice, Simulate, SimulateError, execute};
pub use corpus::{Sample, corpus};
pub use learn::{Knowledge, LEARN_SALT, LearnError};
pub use report::{AlgorithmReport, reports};
pub use run::{AlgorithmRun, Config, GameResult, Player, SimError, run, run_shard};
pub use series::{HIDE_SALT, Hider, SeriesConfig, SeriesError, SeriesGame, UnknownHider, run_series};
pub use series_report::{CsvError, read_csv, table as series_table, write_csv as write_series_csv};
pub use shard::Shard;
pub use stats::{per_move_line, percentile};
