//! Command-line options of the `sonar` binary.

use clap::{Args, Parser, Subcommand};

/// Sonar: recommends the next shot in Battleship over HTTP.
#[derive(Debug, Parser)]
#[command(name = "sonar", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options for serving when no subcommand is given.
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the HTTP API (the default).
    Serve(ServeArgs),
    /// Print the OpenAPI document (as committed in openapi/openapi.json).
    Openapi,
}

#[derive(Debug, Args, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SONAR_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Worker threads (default: number of cores).
    #[arg(long, env = "SONAR_WORKERS")]
    pub workers: Option<usize>,
}

impl Cli {
    /// The command to run, serving with the top-level options when none is named.
    pub fn command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}
