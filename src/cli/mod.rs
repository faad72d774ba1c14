//! Command-line options of the `sonar` binary, and what they turn into: the library's
//! [`ServeConfig`] and [`Simulate`] values, which know nothing of clap.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use sonar::BoardSize;
use sonar::Fleet;
use sonar::Habit;
use sonar::Level;
use sonar::http::ApiKey;
use sonar::http::CorsOrigins;
use sonar::http::DEFAULT_BODY_TIMEOUT;
use sonar::http::DEFAULT_DEADLINE;
use sonar::http::{Clock, OverBudget};
use sonar::http::{
    DEFAULT_BIND, DEFAULT_CLIENT_DISCONNECT_TIMEOUT, DEFAULT_CLIENT_REQUEST_TIMEOUT, DEFAULT_KEEP_ALIVE,
    DEFAULT_SHUTDOWN_GRACE, ServeConfig,
};
use sonar::simulate::Shard;
use sonar::simulate::{MergeOptions, Outputs, Player, RunOptions, ShardChoice, Simulate};
use sonar::{Rules, RulesError};

mod lists;
mod series;
use lists::{algorithm_list, level_list, policy_list, trimmed};
pub use series::{SeriesArgs, SeriesMergeArgs};

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
    /// Play many games and report each algorithm's strength.
    #[command(args_conflicts_with_subcommands = true)]
    Simulate(Box<SimulateArgs>),
    /// Print the benchmark corpus as request bodies, one JSON object per line.
    Corpus {
        /// Boards of each kind (empty, early hunt, target with one and with several hit clusters, late).
        #[arg(long, default_value_t = 4)]
        per_kind: usize,
    },
    /// Print the OpenAPI document (as committed in openapi/openapi.json).
    Openapi,
}

#[derive(Debug, Args, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SONAR_BIND", default_value = DEFAULT_BIND)]
    pub bind: String,
    /// Worker threads (default: number of cores).
    #[arg(long, env = "SONAR_WORKERS")]
    pub workers: Option<usize>,
    /// Compute-heavy requests (bayes) running or waiting at once before the service answers 503
    /// with Retry-After (default: 16 per core).
    #[arg(long, env = "SONAR_MAX_IN_FLIGHT")]
    pub max_in_flight: Option<usize>,
    /// Longest a compute-heavy request may take, queueing included, before the service answers
    /// 503 with Retry-After (milliseconds, 1 to 600000).
    #[arg(long, env = "SONAR_COMPUTE_DEADLINE_MS", default_value_t = DEFAULT_DEADLINE.as_millis() as u64, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub compute_deadline_ms: u64,
    /// What a planning request (bayes with a budget_ms above the default) gets when the work already
    /// on the compute pool would not let it answer within its promise, budget x 1.2 + 5 ms from
    /// arrival: `refuse` (503 at once, with Retry-After) or `default-budget` (served at the default
    /// budget, and the answer's `compute` says so).
    #[arg(long, env = "SONAR_OVER_BUDGET", value_name = "CHOICE", default_value_t = OverBudget::Refuse)]
    pub over_budget: OverBudget,
    /// What holds a heavy computation to its `budget_ms`: `wall` (the wall clock from its start:
    /// what still runs when the budget is spent stops, and the answer says so in `compute`) or
    /// `work` (the work bounds alone: the same request and seed always give the same answer, and a
    /// loaded machine answers later).
    #[arg(long, env = "SONAR_CLOCK", value_name = "CLOCK", default_value_t = Clock::Wall)]
    pub clock: Clock,
    /// API key: when set, POST /recommend, POST /placement and POST /opponent require
    /// `Authorization: Bearer <KEY>` and answer 401 otherwise; the page, /healthz, /algorithms,
    /// /openapi.json, /docs and /metrics stay open. An empty value means no key. Prefer the
    /// environment variable: command lines are visible to other users.
    #[arg(long, env = "SONAR_API_KEY", hide_env_values = true, value_name = "KEY")]
    pub api_key: Option<ApiKey>,
    /// Serve /metrics on this address only (the main address then answers 404 for it).
    #[arg(long, env = "SONAR_METRICS_BIND", value_name = "ADDR")]
    pub metrics_bind: Option<String>,
    /// Origins whose pages may call the service from a browser (CORS), e.g.
    /// `https://game.example,http://localhost:3000`, or `*` for any; repeat the flag or separate
    /// with commas. Unset: same-origin only (the service's own page at `/` needs none).
    #[arg(long = "cors-origin", env = "SONAR_CORS_ORIGINS", value_name = "ORIGINS")]
    pub cors_origins: Vec<CorsOrigins>,
    /// Seconds to finish the requests in flight after SIGTERM or Ctrl-C before exiting.
    #[arg(long, env = "SONAR_SHUTDOWN_GRACE", value_name = "SECONDS", default_value_t = DEFAULT_SHUTDOWN_GRACE.as_secs(), value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub shutdown_grace: u64,
    /// Milliseconds a client has to send the request head before it gets 408 (0: no limit).
    #[arg(long, env = "SONAR_CLIENT_REQUEST_TIMEOUT_MS", value_name = "MS", default_value_t = DEFAULT_CLIENT_REQUEST_TIMEOUT.as_millis() as u64, value_parser = clap::value_parser!(u64).range(0..=86_400_000))]
    pub client_request_timeout_ms: u64,
    /// Milliseconds a client has to send a request body once its head has arrived, before it gets
    /// 408 and the connection is closed.
    #[arg(long, env = "SONAR_CLIENT_BODY_TIMEOUT_MS", value_name = "MS", default_value_t = DEFAULT_BODY_TIMEOUT.as_millis() as u64, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub client_body_timeout_ms: u64,
    /// Seconds an idle keep-alive connection stays open (0: no keep-alive).
    #[arg(long, env = "SONAR_KEEP_ALIVE_SECS", value_name = "SECONDS", default_value_t = DEFAULT_KEEP_ALIVE.as_secs(), value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub keep_alive_secs: u64,
    /// Milliseconds a client has to close its side after the server closes a connection (0: no limit).
    #[arg(long, env = "SONAR_CLIENT_DISCONNECT_TIMEOUT_MS", value_name = "MS", default_value_t = DEFAULT_CLIENT_DISCONNECT_TIMEOUT.as_millis() as u64, value_parser = clap::value_parser!(u64).range(0..=86_400_000))]
    pub client_disconnect_timeout_ms: u64,
}

impl ServeArgs {
    /// What the library's server is told.
    pub fn config(&self) -> ServeConfig {
        ServeConfig {
            bind: self.bind.clone(),
            workers: self.workers,
            max_in_flight: self.max_in_flight,
            compute_deadline: Duration::from_millis(self.compute_deadline_ms),
            over_budget: self.over_budget,
            clock: self.clock,
            api_key: self.api_key.clone(),
            metrics_bind: self.metrics_bind.clone(),
            cors_origins: CorsOrigins::concat(self.cors_origins.iter().cloned()),
            shutdown_grace: Duration::from_secs(self.shutdown_grace),
            client_request_timeout: Duration::from_millis(self.client_request_timeout_ms),
            client_body_timeout: Duration::from_millis(self.client_body_timeout_ms),
            keep_alive: Duration::from_secs(self.keep_alive_secs),
            client_disconnect_timeout: Duration::from_millis(self.client_disconnect_timeout_ms),
        }
    }
}

impl Cli {
    /// The command to run, serving with the top-level options when none is named.
    pub fn command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}

/// `sonar simulate`: play many games and report each algorithm's strength.
///
/// The lists (`--algorithm`, `--ships`, `--levels`) are one value each, parsed whole: their type is
/// written `::std::vec::Vec` so that clap does not take them for repeated flags.
#[derive(Debug, Args, Clone)]
pub struct SimulateArgs {
    #[command(subcommand)]
    pub command: Option<SimulateCommand>,
    /// Comma-separated algorithm names, or `all`. The first is the baseline of the paired differences.
    /// A name may carry its own budget a move, `bayes@100` (milliseconds, 1 to 1000), in place of
    /// `--budget-ms`: `bayes,bayes@100` plays both on the same fleets.
    #[arg(long, default_value = "all", value_parser = algorithm_list)]
    pub algorithm: ::std::vec::Vec<Player>,
    /// Games per algorithm (every algorithm plays the same hidden fleets).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    #[command(flatten)]
    pub game: GameArgs,
    /// Shots fired a turn (salvo), 1 to 10: the table adds each algorithm's mean turns.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=sonar::MAX_SALVO as u64))]
    pub salvo: u64,
    /// What the referee announces after a shot: `sunk-cells` (a sinking shows the ship's cells),
    /// `sunk` (it names the ship), `hit` (every hit names its ship) or `none` (only hit or miss).
    /// The shooters are told only that, as a history they read every move.
    #[arg(long, value_name = "RULE", default_value_t = sonar::Announce::SunkCells)]
    pub announce: sonar::Announce,
    /// Strength levels to play each algorithm at, e.g. `1-10` or `1,5,10` (default: the
    /// algorithms themselves). The table adds each level's paired difference with the row above.
    #[arg(long, value_name = "LIST", value_parser = level_list)]
    pub levels: Option<::std::vec::Vec<Level>>,
    /// How the hidden fleets are placed: `uniform` (every layout equally likely), `hard` (the
    /// computer's hard style of `POST /placement`), or a player's habit: `edge:θ` (each cell
    /// weighs e^θ per board edge it lies on; θ from -3 to 3), `apart` (ships never touch),
    /// `parallel` (every ship horizontal) or `across:p` (each ship weighs p/(1-p) across against 1
    /// down, so a ship alone on a square board lies across with probability p; p from 0.001 to
    /// 0.999).
    #[arg(long, value_name = "HABIT", default_value = "uniform", value_parser = trimmed::<Habit>)]
    pub placement: Habit,
    /// Before each game the shooters fit a model of the opponent from N past fleets of the same
    /// placement (drawn independently of the hidden fleet) and play with it.
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "oracle")]
    pub learn: usize,
    /// The shooters are told the placement's true model (all have one but hard and hard:k).
    #[arg(long)]
    pub oracle: bool,
    /// Island cells on each game's sea, drawn from the game's seed (the same for every
    /// algorithm): no ship lies on them and none is shot.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub islands: usize,
    /// The power-ups each shooter holds at the start of every game, as a request's `arsenal` (JSON:
    /// `[{"name":"missile","kind":"strike","area":["XXX","XXX","XXX"],"uses":1}]`). Played with
    /// one shot a turn, under any `--announce`; the report's paired differences are then in turns.
    #[arg(long, value_name = "JSON", value_parser = sonar::simulate::arsenal::parse)]
    pub arsenal: Option<::std::vec::Vec<sonar::simulate::arsenal::PowerUpSpec>>,
    /// With `--arsenal`, how each algorithm uses it, comma-separated: `best` (the answer's
    /// `action`), `never` (only shoots), `eager` (each power-up the first turn it can: strikes and
    /// torpedoes where they expect the most hits, scans where the answer is least certain). Every
    /// policy plays the same fleets; the first is the baseline.
    #[arg(long, value_name = "LIST", default_value = "best,never,eager", value_parser = policy_list)]
    pub arsenal_policy: ::std::vec::Vec<sonar::Policy>,
    /// Hold every move to the wall clock, its budget from its start, as the service does: what
    /// strength a loaded machine keeps. Without it the budget is a work bound and the games depend
    /// on the seed alone.
    #[arg(long)]
    pub clock: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object per algorithm instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per game to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write every shot of every game, in markdown, to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Draw the distribution of shots per algorithm to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Play only shard K of N: the games whose index is K modulo N, each as the whole run plays
    /// it. Prints their records (JSON lines) instead of the report; `sonar simulate merge` turns
    /// the N outputs into the whole run's report.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["shards", "json", "csv", "log", "plot"])]
    pub shard: Option<Shard>,
    /// As `--shard K/N`, with K read from `JOB_COMPLETION_INDEX`, which a Kubernetes Indexed Job
    /// sets in each of its pods.
    #[arg(long, value_name = "N", conflicts_with_all = ["json", "csv", "log", "plot"], value_parser = clap::value_parser!(u64).range(1..))]
    pub shards: Option<u64>,
}

/// What every simulated game is played on, `sonar simulate` and `sonar simulate series` alike.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// Seed of the hidden fleets and of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Board size, ROWSxCOLS.
    #[arg(long, default_value = "10x10")]
    pub size: BoardSize,
    /// Ship lengths, comma-separated.
    #[arg(long, default_value = "5,4,3,3,2", value_parser = Fleet::parse_list)]
    pub ships: ::std::vec::Vec<usize>,
    /// Compute budget of every move in milliseconds, as a request's `budget_ms` (only `bayes`
    /// looks at it): a larger one measures stronger, slower settings.
    #[arg(long, value_name = "MS", default_value_t = sonar::DEFAULT_BUDGET_MS, value_parser = clap::value_parser!(u64).range(1..=sonar::MAX_BUDGET_MS))]
    pub budget_ms: u64,
    /// Play by the no-touch rules: hidden fleets are drawn uniformly over the layouts in which no
    /// two ships share an edge or a corner, and the shooters are told the rule.
    #[arg(long)]
    pub no_touch: bool,
}

/// What `sonar simulate` does besides playing games.
#[derive(Debug, Subcommand, Clone)]
pub enum SimulateCommand {
    /// Merge the outputs of the shards of one run (`sonar simulate --shard K/N`) into the report the
    /// unsharded run prints.
    Merge(MergeArgs),
    /// The repeated game: every shooter against every hider in series of games, each side free
    /// to learn from the other's earlier games of the series (the adaptive hider from the
    /// shooter's searches, a shooter with `--learn` from the hider's fleets).
    Series(Box<SeriesArgs>),
    /// The report of a repeated-game run from the CSV files of its shards (`series --shard K/N`).
    SeriesMerge(SeriesMergeArgs),
}

/// `sonar simulate merge`: the report of a run from its shards' outputs.
#[derive(Debug, Args, Clone)]
pub struct MergeArgs {
    /// The output of every shard of the run, once each, in any order.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per algorithm instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per game to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Draw the distribution of shots per algorithm to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

impl SimulateArgs {
    /// What the library's simulator is asked to do.
    pub fn simulate(self) -> Result<Simulate, RulesError> {
        match self.command {
            Some(SimulateCommand::Merge(merge)) => {
                let outputs = Outputs { json: merge.json, csv: merge.csv, log: None, plot: merge.plot };
                return Ok(Simulate::Merge(MergeOptions { files: merge.files, outputs }));
            }
            Some(SimulateCommand::Series(series)) => return series.simulate(),
            Some(SimulateCommand::SeriesMerge(m)) => {
                return Ok(Simulate::SeriesMerge { files: m.files, warmup: m.warmup });
            }
            None => {}
        }
        let shard = match (self.shard, self.shards) {
            (_, Some(count)) => Some(ShardChoice::FromJobIndex { count }),
            (shard, None) => shard.map(ShardChoice::Given),
        };
        Ok(Simulate::Run(RunOptions {
            algorithms: self.algorithm,
            levels: self.levels,
            games: self.games,
            seed: self.game.seed,
            size: self.game.size,
            ships: self.game.ships,
            budget_ms: self.game.budget_ms,
            rules: Rules::new(!self.game.no_touch, self.salvo)?.with_announce(self.announce),
            placement: self.placement,
            learn: self.learn,
            oracle: self.oracle,
            islands: self.islands,
            clock: self.clock,
            arsenal: self.arsenal.unwrap_or_default(),
            policies: self.arsenal_policy,
            threads: self.threads,
            shard,
            outputs: Outputs { json: self.json, csv: self.csv, log: self.log, plot: self.plot },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sonar::{Algorithm, Policy};

    #[test]
    fn policies_are_read_once_each() {
        assert_eq!(policy_list("best, eager").unwrap(), vec![Policy::Best, Policy::Eager]);
        assert!(policy_list("best,best").unwrap_err().contains("twice"));
        assert!(policy_list("greedy").unwrap_err().contains("one of best, never, eager"));
    }

    #[test]
    fn lists_parse() {
        let all: Vec<Player> = Algorithm::ALL.iter().map(|&a| Player::full(a)).collect();
        assert_eq!(algorithm_list("all").unwrap(), all);
        assert_eq!(
            algorithm_list("density, random").unwrap(),
            [Player::full(Algorithm::Density), Player::full(Algorithm::Random)]
        );
        let thinking = algorithm_list("bayes,bayes@100").unwrap();
        assert_eq!(thinking[1], Player::full(Algorithm::Bayes).with_budget(Some(100)));
        assert_eq!(thinking[1].label(), "bayes@100ms");
        for bad in ["bayes@0", "bayes@1001", "bayes@x", "bayes@"] {
            let e = algorithm_list(bad).unwrap_err().to_string();
            assert!(e.contains("whole number of milliseconds from 1 to 1000"), "{bad}: {e}");
        }
        let e = algorithm_list("density,nope").unwrap_err().to_string();
        assert!(e.starts_with(r#"unknown algorithm "nope"; known: bayes, "#) && e.ends_with(", or all"), "{e}");
        let levels = |list| level_list(list).map(|l| l.iter().map(|l| l.get()).collect::<Vec<_>>());
        assert_eq!(levels("1-3,10").unwrap(), [1, 2, 3, 10]);
        assert_eq!(levels(" 5 ").unwrap(), [5]);
        assert!(levels("0-3").unwrap_err().to_string().contains("out of range"));
        assert_eq!(levels("5-2").unwrap_err().to_string(), r#"levels "5-2": the range must go up"#);
        assert_eq!(levels("x").unwrap_err().to_string(), r#"level "x": invalid digit found in string"#);
    }

    /// The run options `sonar simulate ARGS` gives, or clap's error.
    fn run_options(args: &[&str]) -> Result<RunOptions, String> {
        let cli = Cli::try_parse_from(["sonar", "simulate"].iter().chain(args)).map_err(|e| e.to_string())?;
        match cli.command {
            Some(Command::Simulate(simulate)) => match simulate.simulate().map_err(|e| e.to_string())? {
                Simulate::Run(options) => Ok(options),
                Simulate::Merge(_) | Simulate::SeriesMerge { .. } => Err("a merge".into()),
                Simulate::Series(_) => Err("a series".into()),
            },
            _ => Err("not simulate".into()),
        }
    }

    #[test]
    fn placement_habits_learning_and_the_oracle_parse() {
        let o = run_options(&[]).unwrap();
        assert_eq!((o.placement, o.learn, o.oracle), (Habit::Uniform, 0, false));
        let o = run_options(&["--placement", " edge:1.5 ", "--learn", "20"]).unwrap();
        assert_eq!((o.placement, o.learn, o.oracle), (Habit::Edge(1.5), 20, false));
        assert_eq!((o.config().placement, o.config().learn), (Habit::Edge(1.5), 20));
        let o = run_options(&["--placement", "apart", "--oracle"]).unwrap();
        assert_eq!((o.placement, o.learn, o.oracle), (Habit::Apart, 0, true));
        assert!(o.config().oracle);
        for habit in ["hard", "parallel", "edge:-2", "across:0.8"] {
            assert_eq!(run_options(&["--placement", habit]).unwrap().placement.to_string(), habit);
        }
        let both = run_options(&["--learn", "5", "--oracle"]).unwrap_err();
        assert!(both.contains("cannot be used with"), "{both}");
        assert!(run_options(&["--learn", "-1"]).is_err());
        let bad = run_options(&["--placement", "edge:4"]).unwrap_err();
        assert!(bad.contains("expected uniform, hard, hard:k (k from 1 to 64), apart, parallel, edge:θ"), "{bad}");
    }

    #[test]
    fn options_are_consistent() {
        <Cli as clap::CommandFactory>::command().debug_assert();
    }
}
