//! The simulator: plays many games of the core's strategies against hidden fleets, in parallel,
//! reproducibly, and summarises their strength.
//!
//! - [`run`]: who plays, what is played, and the games themselves.
//! - [`shard`] and [`shard_file`]: which games a shard plays, and its output, read and merged back.
//! - [`stats`], [`report`], [`plot`]: statistics, the report (table, JSON, CSV, log) and the chart.
//! - [`corpus`]: the benchmark corpus of positions.
//! - [`command`]: `sonar simulate` as the binary runs it, from plain options.

pub mod command;
pub mod corpus;
pub mod plot;
pub mod report;
pub mod run;
pub mod shard;
pub mod shard_file;
pub mod stats;

pub use run::{AlgorithmRun, Config, GameResult, Player, SimError, run, run_shard};
pub use shard::Shard;
