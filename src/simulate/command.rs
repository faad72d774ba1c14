//! `sonar simulate`: from command-line options to printed figures and files.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::shard::{self, Shard};
use super::{AlgorithmRun, Config, Player, plot, report, run_shard};
use crate::cli::{SimulateArgs, SimulateCommand};
use crate::fleet::Fleet;
use crate::level::Level;
use crate::placement::Style;
use crate::rules::Rules;
use crate::strategy::Algorithm;

/// Parses `all` or a comma-separated list of algorithm names.
pub fn parse_algorithms(list: &str) -> Result<Vec<Algorithm>, String> {
    if list.trim() == "all" {
        return Ok(Algorithm::ALL.to_vec());
    }
    list.split(',')
        .map(|name| {
            let name = name.trim();
            Algorithm::from_name(name)
                .ok_or_else(|| format!("unknown algorithm {name:?}; known: {}, or all", Algorithm::names()))
        })
        .collect()
}

/// Parses a list of levels: `1-10`, `1,5,10`, or both (`1-3,10`).
pub fn parse_levels(list: &str) -> Result<Vec<Level>, String> {
    let level = |s: &str| {
        let n = s.trim().parse::<u64>().map_err(|e| format!("level {s:?}: {e}"))?;
        Level::new(n).map_err(|e| e.to_string())
    };
    let mut levels = Vec::new();
    for part in list.split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (level(a)?, level(b)?);
                if a > b {
                    return Err(format!("levels {part:?}: the range must go up"));
                }
                levels.extend(Level::all().filter(|l| (a..=b).contains(l)));
            }
            None => levels.push(level(part)?),
        }
    }
    Ok(levels)
}

/// Parses `uniform` or `hard`.
pub fn parse_placement(style: &str) -> Result<Style, String> {
    match style.trim() {
        "uniform" => Ok(Style::Uniform),
        "hard" => Ok(Style::Hard),
        other => Err(format!("placement {other:?}: expected uniform or hard")),
    }
}

/// Parses `10x10`.
pub fn parse_size(size: &str) -> Result<(usize, usize), String> {
    let (r, c) = size.split_once(['x', 'X']).ok_or_else(|| format!("size {size:?}: expected ROWSxCOLS, e.g. 10x10"))?;
    let n = |s: &str| s.trim().parse::<usize>().map_err(|e| format!("size {size:?}: {e}"));
    Ok((n(r)?, n(c)?))
}

/// The environment variable in which a Kubernetes Indexed Job gives each pod its index.
pub const JOB_INDEX_VAR: &str = "JOB_COMPLETION_INDEX";

/// The shard `--shard K/N` or `--shards N` asks for, if any.
fn shard_of(args: &SimulateArgs) -> Result<Option<Shard>, String> {
    let Some(count) = args.shards else { return Ok(args.shard) };
    let index = std::env::var(JOB_INDEX_VAR).map_err(|_| {
        format!("--shards {count}: {JOB_INDEX_VAR} is not set (use --shard K/N outside an Indexed Job)")
    })?;
    let index = index.trim().parse::<usize>().map_err(|e| format!("{JOB_INDEX_VAR}={index:?}: {e}"))?;
    Shard::new(index, usize::try_from(count).map_err(|e| e.to_string())?).map(Some)
}

/// The run the options describe.
fn config_of(args: &SimulateArgs) -> Result<Config, String> {
    let (rows, cols) = parse_size(&args.size)?;
    let algorithms = parse_algorithms(&args.algorithm)?;
    let players = match &args.levels {
        None => algorithms.iter().map(|&a| Player::full(a)).collect(),
        Some(list) => {
            let levels = parse_levels(list)?;
            algorithms.iter().flat_map(|&a| levels.iter().map(move |&l| Player::at(a, l))).collect()
        }
    };
    Ok(Config {
        players,
        placement: parse_placement(&args.placement)?,
        games: args.games,
        seed: args.seed,
        rows,
        cols,
        ships: Fleet::parse_list(&args.ships)?,
        keep_shots: args.log.is_some(),
        budget_ms: args.budget_ms,
        rules: Rules::new(!args.no_touch, args.salvo).map_err(|e| e.to_string())?,
    })
}

/// Where a run's report goes.
struct Outputs<'a> {
    json: bool,
    csv: Option<&'a Path>,
    log: Option<&'a Path>,
    plot: Option<&'a Path>,
}

/// Runs the simulation the options describe, or merges shards with `merge`. Returns false when the
/// random self-test failed.
pub fn execute(args: &SimulateArgs) -> Result<bool, String> {
    if let Some(SimulateCommand::Merge(merge)) = &args.command {
        let (config, runs) = shard::merge_files(&merge.files)?;
        let outputs = Outputs { json: merge.json, csv: merge.csv.as_deref(), log: None, plot: merge.plot.as_deref() };
        return print_report(&config, &runs, &outputs);
    }
    let config = config_of(args)?;
    let shard = shard_of(args)?;
    if shard.is_some() {
        // Checked before the games are played rather than when their records are written.
        shard::Spec::of(&config)?;
    }
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build().map_err(|e| e.to_string())?;

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
    let runs =
        pool.install(|| run_shard(&config, shard.unwrap_or(Shard::WHOLE), &progress)).map_err(|e| e.to_string())?;
    bar.finish_and_clear();

    match shard {
        // A shard's records, and nothing else, go to standard output.
        Some(shard) => {
            shard::write(&mut BufWriter::new(std::io::stdout().lock()), &config, shard, &runs)?;
            Ok(true)
        }
        None => {
            let outputs = Outputs {
                json: args.json,
                csv: args.csv.as_deref(),
                log: args.log.as_deref(),
                plot: args.plot.as_deref(),
            };
            print_report(&config, &runs, &outputs)
        }
    }
}

/// Prints the report of a run (the table, or JSON lines) with the random self-test, and writes the
/// files asked for; the same whether the runs were just played or merged from shards. Returns false
/// when the self-test failed.
fn print_report(config: &Config, runs: &[AlgorithmRun], outputs: &Outputs) -> Result<bool, String> {
    let reports = report::reports(runs);
    let mut out = std::io::stdout().lock();
    if outputs.json {
        for r in &reports {
            writeln!(out, "{}", serde_json::to_string(r).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        }
    } else {
        write!(out, "{}", report::table(config, &reports)).map_err(|e| e.to_string())?;
    }
    let verdict = report::self_test(config, runs);
    if let Some((_, line)) = &verdict {
        if outputs.json {
            eprintln!("{line}");
        } else {
            writeln!(out, "{line}").map_err(|e| e.to_string())?;
        }
    }
    if let Some(path) = outputs.csv {
        let mut w = BufWriter::new(File::create(path).map_err(|e| format!("{}: {e}", path.display()))?);
        report::write_csv(&mut w, config, runs).and_then(|_| w.flush()).map_err(|e| e.to_string())?;
    }
    if let Some(path) = outputs.log {
        let mut w = BufWriter::new(File::create(path).map_err(|e| format!("{}: {e}", path.display()))?);
        report::write_log(&mut w, runs).and_then(|_| w.flush()).map_err(|e| e.to_string())?;
    }
    if let Some(path) = outputs.plot {
        let ships: Vec<String> = config.ships.iter().map(ToString::to_string).collect();
        let title =
            format!("Shots to win, {} games on {}x{} ({})", config.games, config.rows, config.cols, ships.join(","));
        plot::draw(path, runs, &title)?;
    }
    Ok(verdict.is_none_or(|(ok, _)| ok))
}
