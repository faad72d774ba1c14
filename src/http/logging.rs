//! Log output: text (the default) or one JSON object per line with `SONAR_LOG_FORMAT=json`;
//! the level filter comes from `RUST_LOG` (default `info`).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::writer::BoxMakeWriter;

/// Installs the global subscriber writing to standard output (the service), or says why
/// `SONAR_LOG_FORMAT` is not understood.
pub fn init() -> Result<(), String> {
    init_to(false)
}

/// The same, writing to standard error: for the commands whose standard output is their result
/// (`simulate`, whose shards' records are collected from it).
pub fn init_stderr() -> Result<(), String> {
    init_to(true)
}

fn init_to(stderr: bool) -> Result<(), String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let format = std::env::var("SONAR_LOG_FORMAT").unwrap_or_default();
    let (writer, terminal) = if stderr {
        (BoxMakeWriter::new(std::io::stderr), std::io::stderr().is_terminal())
    } else {
        (BoxMakeWriter::new(std::io::stdout), std::io::stdout().is_terminal())
    };
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match format.to_ascii_lowercase().as_str() {
        "" | "text" => builder.with_ansi(terminal).init(),
        "json" => builder.json().init(),
        other => return Err(format!("SONAR_LOG_FORMAT must be `text` or `json`, not {other:?}")),
    }
    Ok(())
}
