mod cli;

use std::process::ExitCode;

use clap::Parser;
use cli::{Cli, Command};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let command = Cli::parse().command();
    // The service logs to standard output; the other commands print their results there.
    match command {
        Command::Serve(_) => sonar::init_logging()?,
        _ => sonar::init_stderr_logging()?,
    }
    match command {
        Command::Serve(args) => sonar::http::serve(&args.config())?,
        Command::Simulate(args) => {
            if !sonar::simulate::execute(&args.simulate()?)? {
                return Err("the random shooter's self-test failed".into());
            }
        }
        Command::Corpus { per_kind } => {
            for s in sonar::simulate::corpus(per_kind) {
                let body = serde_json::json!({"board": s.board.to_rows(), "ships": s.fleet.lengths(), "seed": 1});
                println!("{body}");
            }
        }
        Command::Openapi => print!("{}", sonar::http::spec_json()),
    }
    Ok(())
}
