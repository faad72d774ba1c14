//! Log output: text (the default) or one JSON object per line with `SONAR_LOG_FORMAT=json`;
//! the level filter comes from `RUST_LOG` (default `info`).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber, or says why `SONAR_LOG_FORMAT` is not understood.
pub fn init() -> Result<(), String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let format = std::env::var("SONAR_LOG_FORMAT").unwrap_or_default();
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format.to_ascii_lowercase().as_str() {
        "" | "text" => builder.with_ansi(std::io::stdout().is_terminal()).init(),
        "json" => builder.json().init(),
        other => return Err(format!("SONAR_LOG_FORMAT must be `text` or `json`, not {other:?}")),
    }
    Ok(())
}
