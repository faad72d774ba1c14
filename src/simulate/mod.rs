//! The simulator: plays many games of the core's strategies against hidden fleets, in parallel,
//! reproducibly, and summarises their strength.
//!
//! - [`run`](mod@run): who plays, what is played, and the games themselves.
//! - [`learn`]: what the shooters are told of the opponent's habits: nothing, the true model, or
//!   one fitted from past fleets.
//! - [`shard`] and [`shard_file`]: which games a shard plays, and its output, read and merged back.
//! - [`stats`], [`report`], [`plot`]: statistics, the report (table, JSON, CSV, log) and the chart.
//! - [`corpus`](mod@corpus): the benchmark corpus of positions.
//! - [`command`]: `sonar simulate` as the binary runs it, from plain options.

mod command;
mod corpus;
mod learn;
mod plot;
mod report;
mod run;
mod shard;
mod shard_file;
mod stats;

// The entry points: `sonar simulate` (the binary), and runs and reports (the tests and examples).
pub use command::{MergeOptions, Outputs, RunOptions, ShardChoice, Simulate, SimulateError, execute};
pub use corpus::{Sample, corpus};
pub use learn::{Knowledge, LEARN_SALT, LearnError};
pub use report::{AlgorithmReport, reports};
pub use run::{AlgorithmRun, Config, GameResult, Player, SimError, run, run_shard};
pub use shard::Shard;
pub use stats::{per_move_line, percentile};
