//! The simulator's outputs: the human table, JSON lines, the per-game CSV and the markdown log.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde::Serialize;

use super::run::{AlgorithmRun, Config, Player};
use super::stats::{Summary, paired_difference, random_expectation};
use crate::game::board::BoardSize;
use crate::game::referee::Outcome;
use crate::hiding::habit::Habit;

/// One algorithm's figures, as printed by `--json`.
#[derive(Debug, Serialize)]
pub struct AlgorithmReport {
    pub algorithm: &'static str,
    /// The strength level it played at, when the run had levels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// How it used the run's arsenal (`best`, `never`, `eager`), when the run had one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<&'static str>,
    /// Its name in the table (`bayes L3`).
    #[serde(skip)]
    pub label: String,
    pub games: usize,
    pub mean: f64,
    /// Half-width of the 95% confidence interval of the mean.
    pub ci95: f64,
    pub sd: f64,
    pub median: f64,
    pub p95: f64,
    pub min: f64,
    pub max: f64,
    pub hit_rate: f64,
    /// Mean turns to win and the half-width of its 95% interval (equal to the shots without salvos).
    pub mean_turns: f64,
    pub turns_ci95: f64,
    /// Mean shot number at which a ship of each length sank, longest first.
    pub sink_turns: Vec<SinkTurn>,
    pub us_per_game: f64,
    pub games_per_second_per_core: f64,
    /// Time one move took (decision and answer), median, 99th percentile and maximum, in µs.
    pub move_us_p50: f64,
    pub move_us_p99: f64,
    pub move_us_max: f64,
    /// Paired difference of this algorithm's shots (turns, in a run with an arsenal) minus the first
    /// algorithm's, over the same games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired_vs_first: Option<PairedDiff>,
    /// Paired difference of this row's shots minus the row above's (levels: this level minus the
    /// one below it), over the same games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired_vs_previous: Option<PairedDiff>,
}

/// A line of `--json`: a player's figures, and how the hidden fleets were placed and what the
/// shooters knew of it.
#[derive(Debug, Serialize)]
pub struct JsonLine<'a> {
    #[serde(flatten)]
    pub report: &'a AlgorithmReport,
    /// The seed of the hidden fleets, the board and the fleet, so that a line says what it measured.
    pub seed: u64,
    pub size: BoardSize,
    pub ships: &'a [usize],
    pub placement: Habit,
    /// Past fleets the shooters learnt from before each game.
    pub learn: usize,
    /// Whether the shooters were told the habit's true model.
    pub oracle: bool,
}

impl<'a> JsonLine<'a> {
    pub fn new(config: &'a Config, report: &'a AlgorithmReport) -> JsonLine<'a> {
        JsonLine {
            report,
            seed: config.seed,
            size: config.size,
            ships: &config.ships,
            placement: config.placement,
            learn: config.learn,
            oracle: config.oracle,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct SinkTurn {
    pub length: usize,
    pub mean_turn: f64,
}

#[derive(Debug, Serialize)]
pub struct PairedDiff {
    pub against: String,
    pub mean: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
}

/// The figures of every algorithm of a run, in run order. The paired differences are of shots,
/// or of turns where the players hold an arsenal (a strike fires many shots in one turn).
pub fn reports(runs: &[AlgorithmRun]) -> Vec<AlgorithmReport> {
    let armed = runs.iter().any(|r| r.player.policy.is_some());
    let measure = |run: &AlgorithmRun| if armed { run.turns() } else { run.shots() };
    let paired = |base: &AlgorithmRun, run: &AlgorithmRun| {
        let d = paired_difference(&measure(base), &measure(run));
        PairedDiff { against: base.player.label(), mean: d.mean, ci95_low: d.mean - d.ci95, ci95_high: d.mean + d.ci95 }
    };
    runs.iter()
        .enumerate()
        .map(|(i, run)| {
            let s = run.summary();
            let turns = Summary::of(&run.turns());
            let us = run.micros_per_game();
            let (move_us_p50, move_us_p99, move_us_max) = run.move_micros();
            let paired_vs_first = (i > 0).then(|| paired(&runs[0], run));
            let paired_vs_previous = (i > 0).then(|| paired(&runs[i - 1], run));
            AlgorithmReport {
                algorithm: run.player.algorithm.name(),
                level: run.player.level.map(|l| l.get()),
                policy: run.player.policy.map(|p| p.name()),
                label: run.player.label(),
                games: s.n,
                mean: s.mean,
                ci95: s.ci95,
                sd: s.sd,
                median: s.median,
                p95: s.p95,
                min: s.min,
                max: s.max,
                hit_rate: run.hit_rate(),
                mean_turns: turns.mean,
                turns_ci95: turns.ci95,
                sink_turns: run
                    .mean_sink_turns()
                    .into_iter()
                    .map(|(length, mean_turn)| SinkTurn { length, mean_turn })
                    .collect(),
                us_per_game: us,
                games_per_second_per_core: if us > 0.0 { 1e6 / us } else { 0.0 },
                move_us_p50,
                move_us_p99,
                move_us_max,
                paired_vs_first,
                paired_vs_previous,
            }
        })
        .collect()
}

/// The human-readable table.
pub fn table(config: &Config, reports: &[AlgorithmReport]) -> String {
    let mut out = String::new();
    let ships: Vec<String> = config.ships.iter().map(ToString::to_string).collect();
    let rules = match (config.rules.touching, config.rules.salvo) {
        (true, 1) => String::new(),
        (touching, k) => {
            format!(", rules: {}, salvo {k}", if touching { "ships may touch" } else { "no-touch" })
        }
    };
    let placement = match (config.placement, config.learn, config.oracle) {
        (Habit::Uniform, 0, false) => String::new(),
        (habit, 0, false) => format!(", placement {habit}"),
        (habit, 0, true) => format!(", placement {habit}, shooters told its true model"),
        (habit, n, _) => format!(", placement {habit}, shooters learn it from {n} past fleets a game"),
    };
    let islands = match config.islands {
        0 => String::new(),
        n => format!(", {n} islands a game"),
    };
    let _ = writeln!(
        out,
        "{} games on {}, fleet {}, seed {}{islands}{rules}{placement}",
        config.games,
        config.size,
        ships.join(","),
        config.seed
    );
    let _ = writeln!(
        out,
        "{:<14} {:>8} {:>7} {:>6} {:>6} {:>5} {:>4} {:>4} {:>6} {:>9} {:>9} {:>19}  sank at (len:turn)",
        "algorithm",
        "mean",
        "±95%",
        "sd",
        "median",
        "p95",
        "min",
        "max",
        "hit%",
        "µs/game",
        "games/s",
        "µs/move p50/p99",
    );
    for r in reports {
        let sinks: Vec<String> = r.sink_turns.iter().map(|s| format!("{}:{:.1}", s.length, s.mean_turn)).collect();
        let _ = writeln!(
            out,
            "{:<14} {:>8.2} {:>7.2} {:>6.2} {:>6.1} {:>5.0} {:>4.0} {:>4.0} {:>6.1} {:>9.1} {:>9.0} {:>19}  {}",
            r.label,
            r.mean,
            r.ci95,
            r.sd,
            r.median,
            r.p95,
            r.min,
            r.max,
            100.0 * r.hit_rate,
            r.us_per_game,
            r.games_per_second_per_core,
            format!("{:.1}/{:.1}", r.move_us_p50, r.move_us_p99),
            sinks.join(" ")
        );
    }
    if !config.arsenal.is_empty() {
        let names: Vec<&str> = config.arsenal.iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "\nturns to win holding {}:", names.join(", "));
        for r in reports {
            let _ = writeln!(out, "  {:<14} {:7.2} ± {:.2}", r.label, r.mean_turns, r.turns_ci95);
        }
    }
    if config.rules.salvo > 1 {
        let _ = writeln!(out, "\nturns to win with a salvo of {} shots a turn:", config.rules.salvo);
        for r in reports {
            let _ = writeln!(out, "  {:<14} {:7.2} ± {:.2}", r.label, r.mean_turns, r.turns_ci95);
        }
    }
    let paired: Vec<&AlgorithmReport> = reports.iter().filter(|r| r.paired_vs_first.is_some()).collect();
    let unit = if config.arsenal.is_empty() { "shots" } else { "turns" };
    if !paired.is_empty() {
        let _ = writeln!(out, "\npaired difference against {} (same hidden fleets):", reports[0].label);
        for r in paired {
            let d = r.paired_vs_first.as_ref().expect("filtered");
            let _ = writeln!(
                out,
                "  {:<14} {:+7.2} {unit}  (95% interval {:+.2} to {:+.2})",
                r.label, d.mean, d.ci95_low, d.ci95_high
            );
        }
    }
    let stepped: Vec<&AlgorithmReport> = reports.iter().filter(|r| r.paired_vs_previous.is_some()).collect();
    if reports.iter().any(|r| r.level.is_some()) && !stepped.is_empty() {
        let _ = writeln!(out, "\npaired difference against the row above (same hidden fleets):");
        for r in stepped {
            let d = r.paired_vs_previous.as_ref().expect("filtered");
            let _ = writeln!(
                out,
                "  {:<14} {:+7.2} shots against {:<14} (95% interval {:+.2} to {:+.2})",
                r.label, d.mean, d.against, d.ci95_low, d.ci95_high
            );
        }
    }
    out
}

/// The random shooter's self-test: its mean must fall within its interval of k(n+1)/(k+1), n the
/// cells that are not islands. Only under the classic rules with one shot a turn: under the
/// no-touch rules it never shoots the cells the rule proves empty, and a salvo fires its other
/// cells in the tie order.
pub fn self_test(config: &Config, runs: &[AlgorithmRun]) -> Option<(bool, String)> {
    if config.rules != crate::game::rules::Rules::CLASSIC || config.placement != Habit::Uniform {
        return None;
    }
    let run = runs.iter().find(|r| r.player == Player::full(crate::shooting::algorithm::Algorithm::Random))?;
    let s: Summary = run.summary();
    let expected = random_expectation(config.size.cells() - config.islands, config.ships.iter().sum());
    let ok = s.interval_contains(expected);
    let verdict = if ok { "PASS" } else { "FAIL" };
    Some((
        ok,
        format!(
            "self-test {verdict}: random mean {:.2} ± {:.2} against the exact {:.2} = k(n+1)/(k+1)",
            s.mean, s.ci95, expected
        ),
    ))
}

/// One CSV row per game: algorithm, game index, total shots, then the shot that sank each ship
/// of the layout (named by length, in fleet order), so that games can be paired and ships compared
/// outside the simulator.
pub fn write_csv(w: &mut impl Write, config: &Config, runs: &[AlgorithmRun]) -> io::Result<()> {
    write!(w, "algorithm,game,shots")?;
    for (i, len) in config.ships.iter().enumerate() {
        write!(w, ",ship{}_len{}_sunk_at", i + 1, len)?;
    }
    writeln!(w)?;
    for run in runs {
        for game in &run.games {
            write!(w, "{},{},{}", run.player.label(), game.game, game.shots)?;
            for (_, turn) in &game.sunk_at {
                write!(w, ",{turn}")?;
            }
            writeln!(w)?;
        }
    }
    Ok(())
}

/// Every shot of every game, in markdown.
pub fn write_log(w: &mut impl Write, runs: &[AlgorithmRun]) -> io::Result<()> {
    for run in runs {
        writeln!(w, "# {}\n", run.player.label())?;
        for game in &run.games {
            writeln!(w, "## Game {}: {} shots\n", game.game, game.shots)?;
            writeln!(w, "| turn | cell | result |\n| ---: | :--- | :--- |")?;
            for (t, (p, o)) in game.log.iter().enumerate() {
                let result = match o {
                    Outcome::Miss => "miss".to_owned(),
                    Outcome::Hit => "hit".to_owned(),
                    Outcome::Sunk(len) => format!("hit, sank the {len}"),
                };
                writeln!(w, "| {} | {} | {} |", t + 1, p.label(), result)?;
            }
            writeln!(w)?;
        }
    }
    Ok(())
}
