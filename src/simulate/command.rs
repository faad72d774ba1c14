//! `sonar simulate`: from the command's options to printed figures and files.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::num::ParseIntError;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plotters::drawing::DrawingAreaErrorKind;
use thiserror::Error;

use super::arsenal::PowerUpSpec;
use super::run::{AlgorithmRun, Config, Player, SimError, run_shard};
use super::series::{SeriesConfig, SeriesError, run_series};
use super::series_report::{CsvError, read_csv, table as series_table, write_csv as write_series_csv};
use super::shard::Shard;
use super::shard_file::{self, ShardError};
use super::{plot, report};
use crate::game::board::BoardSize;
use crate::game::rules::Rules;
use crate::hiding::habit::Habit;
use crate::shooting::action::Policy;
use crate::shooting::level::Level;

/// The environment variable in which a Kubernetes Indexed Job gives each pod its index.
pub const JOB_INDEX_VAR: &str = "JOB_COMPLETION_INDEX";

/// What `sonar simulate` is asked to do.
#[derive(Clone, Debug)]
pub enum Simulate {
    /// Play a run, or one shard of it.
    Run(RunOptions),
    /// Print the report of a run from the outputs of its shards.
    Merge(MergeOptions),
    /// Play the repeated game, or one shard of it.
    Series(SeriesOptions),
    /// Print the repeated game's report from its shards' CSV files.
    SeriesMerge { files: Vec<PathBuf>, warmup: usize },
}

/// A repeated-game run: what is played, on how many threads, and where its games go.
#[derive(Clone, Debug)]
pub struct SeriesOptions {
    pub config: SeriesConfig,
    pub threads: Option<usize>,
    /// One CSV row per game.
    pub csv: Option<PathBuf>,
    /// Play only these series and print their games as CSV.
    pub shard: Option<Shard>,
}

/// A run to play: who plays, on what, and where its report goes.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The algorithms, in report order; the first is the baseline of the paired differences.
    /// Each with its own budget a move or the run's (`bayes@100`).
    pub algorithms: Vec<Player>,
    /// The levels to play each algorithm at; `None` for the algorithms themselves.
    pub levels: Option<Vec<Level>>,
    /// Games per player (every player plays the same hidden fleets).
    pub games: usize,
    /// Seed of the hidden fleets and of every random choice.
    pub seed: u64,
    pub size: BoardSize,
    /// Ship lengths.
    pub ships: Vec<usize>,
    /// Compute budget of every move, in milliseconds.
    pub budget_ms: u64,
    pub rules: Rules,
    /// How the hidden fleets are placed.
    pub placement: Habit,
    /// Past fleets of the same habit the shooters learn from before each game (0: none).
    pub learn: usize,
    /// The shooters are told the habit's true model.
    pub oracle: bool,
    /// Island cells on each game's sea, drawn from its seed.
    pub islands: usize,
    /// Every move held to the wall clock, as the service holds it (the games then depend on the
    /// machine).
    pub clock: bool,
    /// The power-ups each shooter holds at the start of every game (none: a plain game).
    pub arsenal: Vec<PowerUpSpec>,
    /// With an arsenal, how each algorithm uses it: every algorithm plays once per policy.
    pub policies: Vec<Policy>,
    /// Worker threads; `None` for every core. Results do not depend on it.
    pub threads: Option<usize>,
    /// Play only one shard and print its records instead of the report.
    pub shard: Option<ShardChoice>,
    pub outputs: Outputs,
}

/// Which shard a run plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardChoice {
    /// This one.
    Given(Shard),
    /// One of `count`, its index read from [`JOB_INDEX_VAR`].
    FromJobIndex { count: u64 },
}

/// The shards' outputs to merge, and where the report goes (`log` is not kept in shards).
#[derive(Clone, Debug)]
pub struct MergeOptions {
    /// The output of every shard of the run, once each, in any order.
    pub files: Vec<PathBuf>,
    pub outputs: Outputs,
}

/// Where a run's report goes.
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    /// One JSON object per player instead of the table.
    pub json: bool,
    /// One CSV row per game.
    pub csv: Option<PathBuf>,
    /// Every shot of every game, in markdown.
    pub log: Option<PathBuf>,
    /// The distribution of shots per player, as SVG.
    pub plot: Option<PathBuf>,
}

/// Why `sonar simulate` failed.
#[derive(Debug, Error)]
pub enum SimulateError {
    #[error("--shards {count}: {JOB_INDEX_VAR} is not set (use --shard K/N outside an Indexed Job)")]
    NoJobIndex { count: u64 },
    #[error("{JOB_INDEX_VAR}={value:?}: {source}")]
    BadJobIndex { value: String, source: ParseIntError },
    #[error("--shards {0}: more shards than this machine can number")]
    TooManyShards(u64),
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error(transparent)]
    Run(#[from] SimError),
    #[error(transparent)]
    Series(#[from] SeriesError),
    #[error("{}: {source}", path.display())]
    SeriesCsv { path: PathBuf, source: CsvError },
    #[error("cannot start {threads} worker threads: {source}")]
    Threads { threads: usize, source: rayon::ThreadPoolBuildError },
    #[error("cannot print the report: {0}")]
    Print(#[source] io::Error),
    #[error("{}: {source}", path.display())]
    File { path: PathBuf, source: io::Error },
    #[error("{}: cannot draw the chart: {source}", path.display())]
    Plot { path: PathBuf, source: DrawingAreaErrorKind<io::Error> },
}

impl ShardChoice {
    /// The shard it names, reading the job index from the environment if need be.
    fn resolve(self) -> Result<Shard, SimulateError> {
        let count = match self {
            ShardChoice::Given(shard) => return Ok(shard),
            ShardChoice::FromJobIndex { count } => count,
        };
        let value = std::env::var(JOB_INDEX_VAR).map_err(|_| SimulateError::NoJobIndex { count })?;
        let index = value.trim().parse::<usize>().map_err(|source| SimulateError::BadJobIndex { value, source })?;
        let count = usize::try_from(count).map_err(|_| SimulateError::TooManyShards(count))?;
        Ok(Shard::new(index, count).map_err(ShardError::from)?)
    }
}

impl RunOptions {
    /// The run they describe.
    pub fn config(&self) -> Config {
        let players = match &self.levels {
            None => self.algorithms.clone(),
            Some(levels) => self
                .algorithms
                .iter()
                .flat_map(|&p| levels.iter().map(move |&l| Player::at(p.algorithm, l).with_budget(p.budget_ms)))
                .collect(),
        };
        // With an arsenal, each player once per policy, on the same fleets.
        let players = match self.arsenal.is_empty() {
            true => players,
            false => players.iter().flat_map(|&p| self.policies.iter().map(move |&k| p.with_policy(k))).collect(),
        };
        Config {
            players,
            games: self.games,
            seed: self.seed,
            size: self.size,
            ships: self.ships.clone(),
            keep_shots: self.outputs.log.is_some(),
            budget_ms: self.budget_ms,
            rules: self.rules,
            placement: self.placement,
            learn: self.learn,
            oracle: self.oracle,
            islands: self.islands,
            clock: self.clock,
            arsenal: self.arsenal.clone(),
        }
    }
}

/// Runs the simulation, or merges shards. Returns false when the random self-test failed.
pub fn execute(simulate: &Simulate) -> Result<bool, SimulateError> {
    match simulate {
        Simulate::Run(options) => play(options),
        Simulate::Merge(merge) => {
            let (config, runs) = shard_file::merge_files(&merge.files)?;
            let outputs = Outputs { log: None, ..merge.outputs.clone() };
            print_report(&config, &runs, &outputs)
        }
        Simulate::Series(options) => play_series(options).map(|()| true),
        Simulate::SeriesMerge { files, warmup } => {
            let mut games = Vec::new();
            for path in files {
                let text = std::fs::read_to_string(path)
                    .map_err(|source| SimulateError::File { path: path.clone(), source })?;
                games
                    .extend(read_csv(&text).map_err(|source| SimulateError::SeriesCsv { path: path.clone(), source })?);
            }
            print!("{}", series_table(&games, *warmup));
            Ok(true)
        }
    }
}

/// Plays the repeated game and prints its report, or one shard's games as CSV.
fn play_series(options: &SeriesOptions) -> Result<(), SimulateError> {
    let threads = options.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| SimulateError::Threads { threads, source })?;
    let games = pool.install(|| run_series(&options.config, options.shard.unwrap_or(Shard::WHOLE), &|_| {}))?;
    let mut out = std::io::stdout().lock();
    if options.shard.is_some() {
        return write_series_csv(&mut out, &games).map_err(SimulateError::Print);
    }
    write!(out, "{}", series_table(&games, options.config.warmup)).map_err(SimulateError::Print)?;
    if let Some(path) = &options.csv {
        write_file(path, |w| write_series_csv(w, &games))?;
    }
    Ok(())
}

/// Plays the run the options describe and prints its report, or one shard's records.
fn play(options: &RunOptions) -> Result<bool, SimulateError> {
    let config = options.config();
    let shard = options.shard.map(ShardChoice::resolve).transpose()?;
    if shard.is_some() {
        // Checked before the games are played rather than when their records are written.
        shard_file::check(&config)?;
    }
    let threads = options.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| SimulateError::Threads { threads, source })?;

    let total = (shard.unwrap_or(Shard::WHOLE).games(config.games).count() * config.players.len()) as u64;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template"),
    );
    let started = Instant::now();
    let shown = Mutex::new(false);
    let progress = |n: u64| {
        bar.inc(n);
        // Only runs longer than a second, and only on a terminal, get a bar.
        if started.elapsed() > Duration::from_secs(1) && std::io::stderr().is_terminal() {
            let mut shown = shown.lock().expect("progress lock");
            if !*shown {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                *shown = true;
            }
        }
    };
    let runs = pool.install(|| run_shard(&config, shard.unwrap_or(Shard::WHOLE), &progress))?;
    bar.finish_and_clear();

    match shard {
        // A shard's records, and nothing else, go to standard output.
        Some(shard) => {
            shard_file::write(&mut BufWriter::new(std::io::stdout().lock()), &config, shard, &runs)?;
            Ok(true)
        }
        None => print_report(&config, &runs, &options.outputs),
    }
}

/// Prints the report of a run (the table, or JSON lines) with the random self-test, and writes the
/// files asked for; the same whether the runs were just played or merged from shards. Returns false
/// when the self-test failed.
fn print_report(config: &Config, runs: &[AlgorithmRun], outputs: &Outputs) -> Result<bool, SimulateError> {
    let reports = report::reports(runs);
    let mut out = std::io::stdout().lock();
    if outputs.json {
        for r in &reports {
            serde_json::to_writer(&mut out, &report::JsonLine::new(config, r))
                .map_err(|e| SimulateError::Print(e.into()))?;
            writeln!(out).map_err(SimulateError::Print)?;
        }
    } else {
        write!(out, "{}", report::table(config, &reports)).map_err(SimulateError::Print)?;
    }
    let verdict = report::self_test(config, runs);
    if let Some((_, line)) = &verdict {
        if outputs.json {
            eprintln!("{line}");
        } else {
            writeln!(out, "{line}").map_err(SimulateError::Print)?;
        }
    }
    if let Some(path) = &outputs.csv {
        write_file(path, |w| report::write_csv(w, config, runs))?;
    }
    if let Some(path) = &outputs.log {
        write_file(path, |w| report::write_log(w, runs))?;
    }
    if let Some(path) = &outputs.plot {
        let ships: Vec<String> = config.ships.iter().map(ToString::to_string).collect();
        let title = format!("Shots to win, {} games on {} ({})", config.games, config.size, ships.join(","));
        plot::draw(path, runs, &title).map_err(|source| SimulateError::Plot { path: path.clone(), source })?;
    }
    Ok(verdict.is_none_or(|(ok, _)| ok))
}

/// Creates the file at `path` and writes it with `write`.
fn write_file(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) -> Result<(), SimulateError> {
    let file = |source| SimulateError::File { path: path.to_owned(), source };
    let mut w = BufWriter::new(File::create(path).map_err(file)?);
    write(&mut w).and_then(|()| w.flush()).map_err(file)
}
