//! Sharded runs: shard `K/N` of a simulation plays the games whose index is K modulo N, each exactly
//! as the whole run plays it (game `i` depends only on the seed and `i`), and writes their records
//! as JSON lines; [`merge`] puts the shards of one run back together into the records the whole
//! run has, from which the reports are built as for any run.
//!
//! # Format
//!
//! One JSON object a line: first a header,
//!
//! ```json
//! {"format":"sonar-simulate-shard","version":1,"sonar":"0.1.0","shard":"1/4","config":{...}}
//! ```
//!
//! with the run's configuration ([`Spec`]: players, games of the whole run, seed, board, fleet,
//! budget, rules, placement), then one [`Record`] per game and player (players in run order, games
//! in index order within each), then `{"end":{"records":R}}`, which proves the output complete.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{AlgorithmRun, Config, GameResult, Player};
use crate::level::Level;
use crate::placement::Style;
use crate::rules::Rules;
use crate::strategy::Algorithm;

/// The `format` of a shard's header.
pub const FORMAT: &str = "sonar-simulate-shard";
/// The `version` of the format this build reads and writes.
pub const VERSION: u32 = 1;

/// One of `count` shards of a run: the games whose index is `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run, as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 {
            return Err(format!("shard {index}/{count}: the count N must be at least 1"));
        }
        if index >= count {
            return Err(format!("shard {index}/{count}: the index K must be below N (0 to {})", count - 1));
        }
        Ok(Shard { index, count })
    }

    /// The indices of its games in a run of `total`, in order.
    pub fn games(self, total: usize) -> impl Iterator<Item = usize> {
        (self.index..total).step_by(self.count)
    }

    /// Whether game `game` is one of its games.
    pub fn contains(self, game: usize) -> bool {
        game % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `K/N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s.split_once('/').ok_or_else(|| format!("shard {s:?}: expected K/N, e.g. 0/4"))?;
        let number = |part: &str| part.trim().parse::<usize>().map_err(|e| format!("shard {s:?}: {part:?}: {e}"));
        Shard::new(number(k)?, number(n)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Everything that decides a run's games, as a shard's header records it: two shards merge only
/// when theirs are equal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    pub players: Vec<PlayerSpec>,
    /// Games of the whole run.
    pub games: usize,
    pub seed: u64,
    pub rows: usize,
    pub cols: usize,
    pub ships: Vec<usize>,
    pub budget_ms: u64,
    pub no_touch: bool,
    pub salvo: usize,
    /// `uniform` or `hard`.
    pub placement: String,
}

/// A player: an algorithm, at a level or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub algorithm: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

impl Spec {
    /// The specification of `config`; players at an arbitrary weakness (calibration sweeps) have
    /// none.
    pub fn of(config: &Config) -> Result<Spec, String> {
        let players = config
            .players
            .iter()
            .map(|p| match p.level {
                None if !p.weakness.is_none() => Err(format!("{}: only levels can be sharded", p.label())),
                level => Ok(PlayerSpec { algorithm: p.algorithm.name().to_owned(), level: level.map(Level::get) }),
            })
            .collect::<Result<_, _>>()?;
        Ok(Spec {
            players,
            games: config.games,
            seed: config.seed,
            rows: config.rows,
            cols: config.cols,
            ships: config.ships.clone(),
            budget_ms: config.budget_ms,
            no_touch: !config.rules.touching,
            salvo: config.rules.salvo,
            placement: match config.placement {
                Style::Uniform => "uniform",
                Style::Hard => "hard",
            }
            .to_owned(),
        })
    }

    /// The configuration it describes (shots not kept).
    pub fn config(&self) -> Result<Config, String> {
        let players = self
            .players
            .iter()
            .map(|p| {
                let algorithm =
                    Algorithm::from_name(&p.algorithm).ok_or_else(|| format!("unknown algorithm {:?}", p.algorithm))?;
                Ok(match p.level {
                    None => Player::full(algorithm),
                    Some(level) => Player::at(algorithm, Level::new(level.into()).map_err(|e| e.to_string())?),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Config {
            players,
            games: self.games,
            seed: self.seed,
            rows: self.rows,
            cols: self.cols,
            ships: self.ships.clone(),
            keep_shots: false,
            budget_ms: self.budget_ms,
            rules: Rules::new(!self.no_touch, self.salvo as u64).map_err(|e| e.to_string())?,
            placement: super::command::parse_placement(&self.placement)?,
        })
    }

    /// The fields in which it differs from `other`, as `name: this vs that`.
    fn differences(&self, other: &Spec) -> Vec<String> {
        let (a, b) = (serde_json::to_value(self).unwrap_or_default(), serde_json::to_value(other).unwrap_or_default());
        let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else { return Vec::new() };
        a.keys()
            .filter(|k| a.get(*k) != b.get(*k))
            .map(|k| {
                let show = |v: Option<&serde_json::Value>| v.map_or("nothing".to_owned(), ToString::to_string);
                format!("{k}: {} vs {}", show(a.get(k)), show(b.get(k)))
            })
            .collect()
    }
}

/// A shard's first line.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub format: String,
    pub version: u32,
    /// The version of the `sonar` that played the games.
    pub sonar: String,
    /// `K/N`.
    pub shard: String,
    pub config: Spec,
}

/// One game as one player played it: a [`GameResult`] without its shots.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Index of the player in the header's `config.players`.
    pub player: usize,
    pub game: usize,
    pub shots: usize,
    pub turns: usize,
    pub hits: usize,
    /// Per ship of the layout, in layout order: `[length, shot that sank it]`.
    pub sunk_at: Vec<(usize, usize)>,
    /// Time the game took, in nanoseconds.
    pub nanos: u64,
    /// Time each move took, in nanoseconds.
    pub move_nanos: Vec<u32>,
}

/// A shard's last line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndLine {
    end: End,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct End {
    /// Game records above it.
    records: usize,
}

/// Writes shard `shard` of the run of `config` whose players played `runs`.
pub fn write(w: &mut impl Write, config: &Config, shard: Shard, runs: &[AlgorithmRun]) -> Result<(), String> {
    let header = Header {
        format: FORMAT.to_owned(),
        version: VERSION,
        sonar: env!("CARGO_PKG_VERSION").to_owned(),
        shard: shard.to_string(),
        config: Spec::of(config)?,
    };
    line(w, &header)?;
    let mut records = 0;
    for (player, run) in runs.iter().enumerate() {
        for g in &run.games {
            let record = Record {
                player,
                game: g.game,
                shots: g.shots,
                turns: g.turns,
                hits: g.hits,
                sunk_at: g.sunk_at.clone(),
                nanos: g.nanos,
                move_nanos: g.move_nanos.clone(),
            };
            line(w, &record)?;
            records += 1;
        }
    }
    line(w, &EndLine { end: End { records } })?;
    w.flush().map_err(|e| e.to_string())
}

/// Writes `value` as one JSON line.
fn line(w: &mut impl Write, value: &impl Serialize) -> Result<(), String> {
    serde_json::to_writer(&mut *w, value).map_err(|e| e.to_string())?;
    writeln!(w).map_err(|e| e.to_string())
}

/// One shard's output, read and checked.
#[derive(Debug)]
pub struct ShardFile {
    /// Where it came from, for messages.
    pub name: String,
    pub header: Header,
    pub shard: Shard,
    /// Per player of the header, its games in index order: exactly the shard's games.
    pub games: Vec<Vec<GameResult>>,
}

/// Reads the output of one shard, named `name` in messages, and checks that it is whole: a header,
/// every game of the shard once for every player, and the end line.
pub fn read(name: &str, input: impl BufRead) -> Result<ShardFile, String> {
    let mut lines = input.lines().enumerate().map(|(i, line)| (i + 1, line));
    let not_a_shard = "expected the output of `sonar simulate --shard K/N`";
    let (_, first) = lines.next().ok_or_else(|| format!("{name}: empty; {not_a_shard}"))?;
    let first = first.map_err(|e| format!("{name}: {e}"))?;
    let header: Header =
        serde_json::from_str(&first).map_err(|e| format!("{name}:1: not a shard's header ({e}); {not_a_shard}"))?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(format!(
            "{name}: format {} version {}; this sonar reads {FORMAT} version {VERSION}",
            header.format, header.version
        ));
    }
    let shard: Shard = header.shard.parse().map_err(|e| format!("{name}:1: {e}"))?;
    let config = header.config.config().map_err(|e| format!("{name}:1: {e}"))?;
    let (games, players) = (config.games, config.players.len());
    let label = |p: usize| config.players[p].label();
    let mut per_player: Vec<Vec<GameResult>> = vec![Vec::new(); players];
    let mut records = 0;
    let mut end = None;
    for (n, line) in lines {
        let line = line.map_err(|e| format!("{name}:{n}: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(at) = end {
            return Err(format!("{name}:{n}: a line after the end line (line {at})"));
        }
        if let Ok(EndLine { end: End { records: expected } }) = serde_json::from_str(&line) {
            if expected != records {
                return Err(format!("{name}:{n}: the end line counts {expected} records, but {records} precede it"));
            }
            end = Some(n);
            continue;
        }
        let r: Record = serde_json::from_str(&line).map_err(|e| format!("{name}:{n}: not a game record: {e}"))?;
        if r.player >= players {
            return Err(format!("{name}:{n}: player {} of a run of {players}", r.player));
        }
        if r.game >= games || !shard.contains(r.game) {
            return Err(format!("{name}:{n}: game {} is not one of shard {shard} of {games} games", r.game));
        }
        per_player[r.player].push(GameResult {
            game: r.game,
            shots: r.shots,
            turns: r.turns,
            hits: r.hits,
            sunk_at: r.sunk_at,
            nanos: r.nanos,
            move_nanos: r.move_nanos,
            log: Vec::new(),
        });
        records += 1;
    }
    if end.is_none() {
        return Err(format!(
            "{name}: no end line after {records} records: the shard did not finish, or its output was cut short"
        ));
    }
    for (p, list) in per_player.iter_mut().enumerate() {
        list.sort_by_key(|g| g.game);
        let mut expected = shard.games(games);
        for pair in list.windows(2) {
            if pair[0].game == pair[1].game {
                return Err(format!("{name}: game {} of {} appears twice", pair[0].game, label(p)));
            }
        }
        for g in list.iter() {
            let want = expected.next();
            if want != Some(g.game) {
                return Err(format!("{name}: game {} of {} is missing", want.unwrap_or(g.game), label(p)));
            }
        }
        if let Some(want) = expected.next() {
            return Err(format!("{name}: game {want} of {} is missing", label(p)));
        }
    }
    Ok(ShardFile { name: name.to_owned(), header, shard, games: per_player })
}

/// Puts the shards of one run back together: they must come from the same configuration and the
/// same `sonar`, be shards K/N of one N, each K once. Returns the run's configuration and every
/// player's games in index order, as the unsharded run has them.
pub fn merge(files: Vec<ShardFile>) -> Result<(Config, Vec<AlgorithmRun>), String> {
    let first = files.first().ok_or("no shard to merge")?;
    let (spec, count) = (first.header.config.clone(), first.shard.count);
    // Not a vector of N: N comes from the files.
    let mut by_index: BTreeMap<usize, &str> = BTreeMap::new();
    for f in &files {
        if f.header.sonar != first.header.sonar {
            return Err(format!(
                "{} was written by sonar {} but {} by sonar {}: shards of one run come from one build",
                f.name, f.header.sonar, first.name, first.header.sonar
            ));
        }
        if f.header.config != spec {
            return Err(format!(
                "{} is not from the run of {}: its configuration differs ({})",
                f.name,
                first.name,
                f.header.config.differences(&spec).join(", ")
            ));
        }
        if f.shard.count != count {
            return Err(format!(
                "{} is shard {} but {} is shard {}: the shards of one run are K/N for one N",
                f.name, f.shard, first.name, first.shard
            ));
        }
        if let Some(other) = by_index.insert(f.shard.index, &f.name) {
            return Err(format!("shard {} given twice: {other} and {}", f.shard, f.name));
        }
    }
    if by_index.len() < count {
        const SHOWN: usize = 10;
        let absent = (0..count).filter(|k| !by_index.contains_key(k));
        let mut missing: Vec<String> = absent.take(SHOWN).map(|k| Shard { index: k, count }.to_string()).collect();
        let number = count - by_index.len();
        if number > SHOWN {
            missing.push(format!("and {} more", number - SHOWN));
        }
        let s = if number == 1 { "" } else { "s" };
        return Err(format!("missing shard{s} {} of the {count}", missing.join(", ")));
    }
    let config = spec.config().map_err(|e| format!("{}: {e}", first.name))?;
    let mut games: Vec<Vec<GameResult>> =
        (0..config.players.len()).map(|p| Vec::with_capacity(files.iter().map(|f| f.games[p].len()).sum())).collect();
    for f in files {
        for (p, list) in f.games.into_iter().enumerate() {
            games[p].extend(list);
        }
    }
    let runs = config
        .players
        .iter()
        .zip(games)
        .map(|(&player, mut games)| {
            games.sort_by_key(|g| g.game);
            debug_assert!(games.iter().enumerate().all(|(i, g)| g.game == i), "every game once");
            AlgorithmRun { player, games }
        })
        .collect();
    Ok((config, runs))
}

/// Reads and merges the shard outputs at `paths`.
pub fn merge_files(paths: &[std::path::PathBuf]) -> Result<(Config, Vec<AlgorithmRun>), String> {
    let files = paths
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
            read(&name, io::BufReader::new(file))
        })
        .collect::<Result<Vec<_>, String>>()?;
    merge(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::report::{self, AlgorithmReport};
    use crate::simulate::{run, run_shard};

    /// The classic game with three light algorithms, and a smaller board with levels, the hard
    /// placement, the no-touch rules and salvos of 2; game counts that no shard count divides.
    fn configs() -> Vec<Config> {
        let classic = Config {
            games: 61,
            seed: 7,
            ..Config::classic(vec![
                Player::full(Algorithm::Density),
                Player::full(Algorithm::Checkerboard),
                Player::full(Algorithm::Random),
            ])
        };
        let small = Config {
            players: vec![
                Player::at(Algorithm::Density, Level::new(2).unwrap()),
                Player::at(Algorithm::Density, Level::new(9).unwrap()),
                Player::full(Algorithm::RandomFlood),
            ],
            games: 47,
            seed: 3,
            rows: 7,
            cols: 8,
            ships: vec![4, 3, 2],
            keep_shots: false,
            budget_ms: 3,
            rules: Rules::new(false, 2).unwrap(),
            placement: Style::Hard,
        };
        vec![classic, small]
    }

    /// Plays every shard of `count`, writes each as the command does, and reads it back.
    fn shards(config: &Config, count: usize) -> Vec<ShardFile> {
        (0..count)
            .map(|k| {
                let shard = Shard::new(k, count).unwrap();
                let runs = run_shard(config, shard, &|_| {}).unwrap();
                let mut out = Vec::new();
                write(&mut out, config, shard, &runs).unwrap();
                read(&format!("shard-{k}"), &out[..]).unwrap()
            })
            .collect()
    }

    /// The report with its clock readings zeroed: what must not depend on how a run was split.
    fn without_timing(mut r: AlgorithmReport) -> AlgorithmReport {
        r.us_per_game = 0.0;
        r.games_per_second_per_core = 0.0;
        (r.move_us_p50, r.move_us_p99, r.move_us_max) = (0.0, 0.0, 0.0);
        r
    }

    /// Every output of a run but its timings: the JSON lines, the table, the self-test, the CSV.
    fn outputs(config: &Config, runs: &[AlgorithmRun]) -> (Vec<String>, String, Option<(bool, String)>, String) {
        let reports: Vec<AlgorithmReport> = report::reports(runs).into_iter().map(without_timing).collect();
        let json = reports.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
        let mut csv = Vec::new();
        report::write_csv(&mut csv, config, runs).unwrap();
        (json, report::table(config, &reports), report::self_test(config, runs), String::from_utf8(csv).unwrap())
    }

    /// A game's index, shots, turns, hits and sink turns.
    type Game = (usize, usize, usize, usize, Vec<(usize, usize)>);

    /// The games themselves, timings aside.
    fn games(runs: &[AlgorithmRun]) -> Vec<Vec<Game>> {
        runs.iter()
            .map(|r| r.games.iter().map(|g| (g.game, g.shots, g.turns, g.hits, g.sunk_at.clone())).collect())
            .collect()
    }

    #[test]
    fn merged_shards_give_the_unsharded_report() {
        for config in configs() {
            let whole = run(&config, &|_| {}).unwrap();
            let expected = outputs(&config, &whole);
            // More shards than games: the last ones have no game.
            for count in [1, 2, 3, 7, config.games + 3] {
                let mut files = shards(&config, count);
                files.reverse();
                let (merged_config, merged) = merge(files).unwrap();
                assert_eq!(Spec::of(&merged_config).unwrap(), Spec::of(&config).unwrap());
                assert_eq!(games(&merged), games(&whole), "{count} shards");
                assert_eq!(outputs(&merged_config, &merged), expected, "{count} shards");
            }
        }
    }

    #[test]
    fn a_shard_plays_its_games_as_the_whole_run_does() {
        let config = &configs()[1];
        let whole = run(config, &|_| {}).unwrap();
        let shard = Shard::new(2, 5).unwrap();
        let part = run_shard(config, shard, &|_| {}).unwrap();
        for (w, p) in whole.iter().zip(&part) {
            let indices: Vec<usize> = p.games.iter().map(|g| g.game).collect();
            assert_eq!(indices, (2..config.games).step_by(5).collect::<Vec<_>>());
            for g in &p.games {
                let same = &w.games[g.game];
                assert_eq!((g.shots, g.turns, g.hits, &g.sunk_at), (same.shots, same.turns, same.hits, &same.sunk_at));
            }
        }
    }

    /// Records carry every figure, timings included, exactly: the whole run written as shard 0/1
    /// and merged gives its report to the last digit.
    #[test]
    fn records_round_trip_exactly() {
        let config = &configs()[0];
        let whole = run(config, &|_| {}).unwrap();
        let mut out = Vec::new();
        write(&mut out, config, Shard::WHOLE, &whole).unwrap();
        let (_, merged) = merge(vec![read("whole", &out[..]).unwrap()]).unwrap();
        let json = |runs: &[AlgorithmRun]| {
            report::reports(runs).iter().map(|r| serde_json::to_string(r).unwrap()).collect::<Vec<_>>()
        };
        assert_eq!(json(&merged), json(&whole));
    }

    fn small() -> Config {
        Config {
            games: 10,
            seed: 4,
            rows: 6,
            cols: 6,
            ships: vec![3, 2],
            ..Config::classic(vec![Player::full(Algorithm::Density), Player::full(Algorithm::Random)])
        }
    }

    fn error(files: Vec<ShardFile>) -> String {
        merge(files).map(|_| ()).unwrap_err()
    }

    #[test]
    fn merge_refuses_a_missing_or_repeated_shard() {
        let config = small();
        let mut files = shards(&config, 4);
        files.remove(2);
        assert_eq!(error(files), "missing shard 2/4 of the 4");
        let mut files = shards(&config, 4);
        files.truncate(1);
        assert_eq!(error(files), "missing shards 1/4, 2/4, 3/4 of the 4");
        let mut files = shards(&config, 3);
        files.extend(shards(&config, 3).into_iter().skip(1).take(1));
        assert_eq!(error(files), "shard 1/3 given twice: shard-1 and shard-1");
        assert_eq!(error(Vec::new()), "no shard to merge");
        let mut files = shards(&config, 1);
        files[0].shard = Shard::new(0, 1 << 40).unwrap();
        files[0].header.shard = files[0].shard.to_string();
        let e = error(files);
        assert!(
            e.starts_with("missing shards 1/1099511627776, 2/1099511627776,")
                && e.ends_with("and 1099511627765 more of the 1099511627776"),
            "{e}"
        );
    }

    #[test]
    fn merge_refuses_shards_of_other_runs() {
        let config = small();
        let mut files = shards(&config, 2);
        files.extend(shards(&Config { seed: 5, ..small() }, 2).into_iter().skip(1));
        let e = error(files);
        assert!(e.contains("shard-1 is not from the run of shard-0") && e.contains("seed: 5 vs 4"), "{e}");
        let mut files = shards(&config, 2);
        files.extend(shards(&config, 3).into_iter().skip(1));
        let e = error(files);
        assert!(e.contains("shard-1 is shard 1/3 but shard-0 is shard 0/2"), "{e}");
        let mut files = shards(&config, 2);
        files[1].header.sonar = "0.0.1".into();
        let e = error(files);
        assert!(e.contains("written by sonar 0.0.1"), "{e}");
        let levels = Config { players: vec![Player::at(Algorithm::Density, Level::new(4).unwrap())], ..small() };
        let mut files = shards(&config, 2);
        files.extend(shards(&levels, 2).into_iter().skip(1));
        let e = error(files);
        assert!(e.contains(r#"players: [{"algorithm":"density","level":4}] vs [{"algorithm":"density"},"#), "{e}");
    }

    /// The text of shard `k` of `n` of the small run.
    fn text(k: usize, n: usize) -> String {
        let config = small();
        let shard = Shard::new(k, n).unwrap();
        let mut out = Vec::new();
        write(&mut out, &config, shard, &run_shard(&config, shard, &|_| {}).unwrap()).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn read_error(text: &str) -> String {
        read("f", text.as_bytes()).map(|_| ()).unwrap_err()
    }

    #[test]
    fn read_refuses_what_is_not_a_whole_shard() {
        let good = text(1, 3);
        let lines: Vec<&str> = good.lines().collect();
        // 10 games, shard 1/3 has 1, 4, 7 for each of two players, and a header and an end line.
        assert_eq!(lines.len(), 8);
        assert!(read("f", good.as_bytes()).is_ok());
        assert!(read_error("").contains("f: empty"));
        assert!(read_error("30 games on 10x10\n").contains("f:1: not a shard's header"));
        let cut = lines[..5].join("\n");
        assert!(read_error(&cut).contains("f: no end line after 4 records"), "{}", read_error(&cut));
        let cut_mid_line = &good[..good.len() - 30];
        assert!(read_error(cut_mid_line).contains("f:7: not a game record"));
        let mut dropped = lines.clone();
        dropped.remove(2);
        let e = read_error(&dropped.join("\n"));
        assert!(e.contains("the end line counts 6 records, but 5 precede it"), "{e}");
        let repeated = [&lines[..3], &lines[2..6], &[r#"{"end":{"records":6}}"#]].concat().join("\n");
        assert!(read_error(&repeated).contains("f: game 4 of density appears twice"), "{}", read_error(&repeated));
        let missing = [&lines[..3], &lines[4..7], &[r#"{"end":{"records":5}}"#]].concat().join("\n");
        assert!(read_error(&missing).contains("f: game 7 of density is missing"), "{}", read_error(&missing));
        let foreign = good.replacen(r#""game":4,"#, r#""game":5,"#, 1);
        assert!(read_error(&foreign).contains("f:3: game 5 is not one of shard 1/3 of 10 games"));
        let after = format!("{good}{}\n", lines[1]);
        assert!(read_error(&after).contains("f:9: a line after the end line"));
        let logged = format!("{}\nWARN something\n{}", lines[0], lines[1..].join("\n"));
        assert!(read_error(&logged).contains("f:2: not a game record"));
        let unknown = good.replacen(r#""algorithm":"density""#, r#""algorithm":"nope""#, 1);
        assert!(read_error(&unknown).contains(r#"f:1: unknown algorithm "nope""#), "{}", read_error(&unknown));
        let newer = good.replacen(r#""version":1"#, r#""version":2"#, 1);
        assert!(read_error(&newer).contains("version 2; this sonar reads sonar-simulate-shard version 1"));
    }

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!("2/5".parse::<Shard>(), Ok(Shard { index: 2, count: 5 }));
        assert!("0/0".parse::<Shard>().unwrap_err().contains("at least 1"));
        assert!("3/3".parse::<Shard>().unwrap_err().contains("below N (0 to 2)"));
        assert!("2/x".parse::<Shard>().unwrap_err().contains("invalid digit"));
        assert!("2".parse::<Shard>().unwrap_err().contains("expected K/N"));
        let mut seen: Vec<usize> = (0..4).flat_map(|k| Shard::new(k, 4).unwrap().games(11)).collect();
        seen.sort();
        assert_eq!(seen, (0..11).collect::<Vec<_>>());
        assert_eq!(Shard::new(5, 7).unwrap().games(5).count(), 0);
        assert!(Shard::new(1, 3).unwrap().contains(7));
    }

    #[test]
    fn calibration_players_cannot_be_sharded() {
        let weak = Player { weakness: Level::new(3).unwrap().weakness(), ..Player::full(Algorithm::Density) };
        assert!(Spec::of(&Config::classic(vec![weak])).unwrap_err().contains("only levels can be sharded"));
    }
}
