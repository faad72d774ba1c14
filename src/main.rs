use std::net::TcpListener;
use std::time::Duration;

use clap::Parser;
use sonar::cli::{Cli, Command};
use sonar::http::{AppState, default_max_in_flight, openapi, server};
use tracing_subscriber::EnvFilter;

fn main() -> anyhow_free::Result {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    match cli.command() {
        Command::Serve(args) => {
            let workers = args.workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let listener = TcpListener::bind(&args.bind).map_err(|e| format!("cannot bind {}: {e}", args.bind))?;
            tracing::info!(addr = %listener.local_addr()?, workers, "sonar listening");
            let max_in_flight = args.max_in_flight.unwrap_or_else(default_max_in_flight);
            let state = AppState::with_limits(max_in_flight, Duration::from_millis(args.compute_deadline_ms));
            actix_web::rt::System::new().block_on(server(listener, workers, state)?)?;
        }
        Command::Simulate(args) => {
            if !sonar::simulate::command::execute(&args)? {
                return Err("the random shooter's self-test failed".into());
            }
        }
        Command::Corpus { per_kind } => {
            for s in sonar::simulate::corpus::corpus(per_kind) {
                let body = serde_json::json!({"board": s.board.to_rows(), "ships": s.fleet.lengths(), "seed": 1});
                println!("{body}");
            }
        }
        Command::Openapi => print!("{}", openapi::spec_json()),
    }
    Ok(())
}

mod anyhow_free {
    pub type Result = std::result::Result<(), Box<dyn std::error::Error>>;
}
