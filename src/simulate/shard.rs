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
//! {"format":"sonar-simulate-shard","version":2,"sonar":"0.1.0","shard":"1/4","config":{...}}
//! ```
//!
//! with the run's [`Config`] as serde writes it (players, games of the whole run, seed, board
//! size, fleet, budget, rules, placement), then one record per game and player (the player's
//! index in `config.players` and the [`GameResult`] without its shots; players in run order, games
//! in index order within each), then `{"end":{"records":R}}`, which proves the output complete.
//! Version 1 spelled the configuration out field by field (`rows`, `cols`, `no_touch`, `salvo`);
//! this build refuses it by its version.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::num::ParseIntError;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{AlgorithmRun, Config, GameResult};

/// The `format` of a shard's header.
pub const FORMAT: &str = "sonar-simulate-shard";
/// The `version` of the format this build reads and writes.
pub const VERSION: u32 = 2;

/// What the command says when a file is not a shard's output.
const NOT_A_SHARD: &str = "expected the output of `sonar simulate --shard K/N`";

/// Why a shard could not be named, written, read or merged. Messages about a file start with its
/// name, and with the line number where one line is at fault (`shard-0.jsonl:7: ...`).
#[derive(Debug, Error)]
pub enum ShardError {
    #[error("shard {index}/{count}: the count N must be at least 1")]
    NoCount { index: usize, count: usize },
    #[error("shard {index}/{count}: the index K must be below N (0 to {last})", last = count - 1)]
    IndexTooLarge { index: usize, count: usize },
    #[error("shard {0:?}: expected K/N, e.g. 0/4")]
    Syntax(String),
    #[error("shard {text:?}: {part:?}: {source}")]
    Number { text: String, part: String, source: ParseIntError },
    #[error("{player}: only levels can be sharded")]
    NotShardable { player: String },
    #[error("cannot write the shard's records: {0}")]
    Write(#[source] io::Error),
    #[error("{at}: {source}")]
    Io { at: String, source: io::Error },
    #[error("{file}: empty; {NOT_A_SHARD}")]
    Empty { file: String },
    #[error("{file}:1: not a shard's header ({source}); {NOT_A_SHARD}")]
    NotHeader { file: String, source: serde_json::Error },
    #[error("{file}: format {format} version {version}; this sonar reads {FORMAT} version {VERSION}")]
    OtherFormat { file: String, format: String, version: u32 },
    #[error("{file}:1: {source}")]
    BadHeader { file: String, source: serde_json::Error },
    #[error("{file}:{line}: a line after the end line (line {end})")]
    AfterEnd { file: String, line: usize, end: usize },
    #[error("{file}:{line}: the end line counts {counted} records, but {records} precede it")]
    EndCount { file: String, line: usize, counted: usize, records: usize },
    #[error("{file}:{line}: not a game record: {source}")]
    NotRecord { file: String, line: usize, source: serde_json::Error },
    #[error("{file}:{line}: player {player} of a run of {players}")]
    NoSuchPlayer { file: String, line: usize, player: usize, players: usize },
    #[error("{file}:{line}: game {game} is not one of shard {shard} of {games} games")]
    OtherGame { file: String, line: usize, game: usize, shard: Shard, games: usize },
    #[error("{file}: no end line after {records} records: the shard did not finish, or its output was cut short")]
    NoEnd { file: String, records: usize },
    #[error("{file}: game {game} of {player} appears twice")]
    Repeated { file: String, game: usize, player: String },
    #[error("{file}: game {game} of {player} is missing")]
    MissingGame { file: String, game: usize, player: String },
    #[error("no shard to merge")]
    NothingToMerge,
    #[error(
        "{file} was written by sonar {version} but {first} by sonar {first_version}: shards of one run come from one build"
    )]
    OtherBuild { file: String, version: String, first: String, first_version: String },
    #[error("{file} is not from the run of {first}: its configuration differs ({differences})")]
    OtherRun { file: String, first: String, differences: String },
    #[error("{file} is shard {shard} but {first} is shard {first_shard}: the shards of one run are K/N for one N")]
    OtherCount { file: String, shard: Shard, first: String, first_shard: Shard },
    #[error("shard {shard} given twice: {first} and {file}")]
    Twice { shard: Shard, first: String, file: String },
    #[error("missing shard{s} {list} of the {count}", s = if *missing == 1 { "" } else { "s" })]
    MissingShards { missing: usize, list: String, count: usize },
}

/// One of `count` shards of a run: the games whose index is `index` modulo `count`. Written `K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run, as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        if count == 0 {
            return Err(ShardError::NoCount { index, count });
        }
        if index >= count {
            return Err(ShardError::IndexTooLarge { index, count });
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
    type Err = ShardError;

    /// Parses `K/N`.
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let (k, n) = s.split_once('/').ok_or_else(|| ShardError::Syntax(s.to_owned()))?;
        let number = |part: &str| {
            part.trim().parse::<usize>().map_err(|source| ShardError::Number {
                text: s.to_owned(),
                part: part.to_owned(),
                source,
            })
        };
        Shard::new(number(k)?, number(n)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

crate::text::serde_as_text!(Shard);

/// Checks that a shard's header can say who plays in `config`: players at an arbitrary weakness
/// (calibration sweeps) have no name in it.
pub fn check(config: &Config) -> Result<(), ShardError> {
    match config.players.iter().find(|p| p.sweep.is_some()) {
        Some(p) => Err(ShardError::NotShardable { player: p.label() }),
        None => Ok(()),
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
    pub shard: Shard,
    /// Everything that decides the run's games: two shards merge only when theirs are equal.
    pub config: Config,
}

/// The part of a header every version has, read first so that another version is refused by its
/// number rather than by the fields it spells differently.
#[derive(Deserialize)]
struct Version {
    format: String,
    version: u32,
}

/// One game as one player played it: the index of the player in the header's `config.players`,
/// and the game's fields beside it (a [`GameResult`] without its shots).
#[derive(Serialize, Deserialize)]
struct Record<G> {
    player: usize,
    #[serde(flatten)]
    result: G,
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
pub fn write(w: &mut impl Write, config: &Config, shard: Shard, runs: &[AlgorithmRun]) -> Result<(), ShardError> {
    check(config)?;
    let header = Header {
        format: FORMAT.to_owned(),
        version: VERSION,
        sonar: env!("CARGO_PKG_VERSION").to_owned(),
        shard,
        config: config.clone(),
    };
    line(w, &header)?;
    let mut records = 0;
    for (player, run) in runs.iter().enumerate() {
        for result in &run.games {
            line(w, &Record { player, result })?;
            records += 1;
        }
    }
    line(w, &EndLine { end: End { records } })?;
    w.flush().map_err(ShardError::Write)
}

/// Writes `value` as one JSON line.
fn line(w: &mut impl Write, value: &impl Serialize) -> Result<(), ShardError> {
    serde_json::to_writer(&mut *w, value).map_err(|e| ShardError::Write(e.into()))?;
    writeln!(w).map_err(ShardError::Write)
}

/// One shard's output, read and checked.
#[derive(Debug)]
pub struct ShardFile {
    /// Where it came from, for messages.
    pub name: String,
    pub header: Header,
    /// Per player of the header, its games in index order: exactly the shard's games.
    pub games: Vec<Vec<GameResult>>,
}

/// Reads the output of one shard, named `name` in messages, and checks that it is whole: a header,
/// every game of the shard once for every player, and the end line.
pub fn read(name: &str, input: impl BufRead) -> Result<ShardFile, ShardError> {
    let file = || name.to_owned();
    let mut lines = input.lines().enumerate().map(|(i, line)| (i + 1, line));
    let (_, first) = lines.next().ok_or_else(|| ShardError::Empty { file: file() })?;
    let first = first.map_err(|source| ShardError::Io { at: file(), source })?;
    let version: Version =
        serde_json::from_str(&first).map_err(|source| ShardError::NotHeader { file: file(), source })?;
    if version.format != FORMAT || version.version != VERSION {
        return Err(ShardError::OtherFormat { file: file(), format: version.format, version: version.version });
    }
    let header: Header =
        serde_json::from_str(&first).map_err(|source| ShardError::BadHeader { file: file(), source })?;
    let (shard, config) = (header.shard, &header.config);
    let (games, players) = (config.games, config.players.len());
    let label = |p: usize| config.players[p].label();
    let mut per_player: Vec<Vec<GameResult>> = vec![Vec::new(); players];
    let mut records = 0;
    let mut end = None;
    for (line, text) in lines {
        let text = text.map_err(|source| ShardError::Io { at: format!("{name}:{line}"), source })?;
        if text.trim().is_empty() {
            continue;
        }
        if let Some(end) = end {
            return Err(ShardError::AfterEnd { file: file(), line, end });
        }
        if let Ok(EndLine { end: End { records: counted } }) = serde_json::from_str(&text) {
            if counted != records {
                return Err(ShardError::EndCount { file: file(), line, counted, records });
            }
            end = Some(line);
            continue;
        }
        let Record { player, result } = serde_json::from_str::<Record<GameResult>>(&text)
            .map_err(|source| ShardError::NotRecord { file: file(), line, source })?;
        if player >= players {
            return Err(ShardError::NoSuchPlayer { file: file(), line, player, players });
        }
        if result.game >= games || !shard.contains(result.game) {
            return Err(ShardError::OtherGame { file: file(), line, game: result.game, shard, games });
        }
        per_player[player].push(result);
        records += 1;
    }
    if end.is_none() {
        return Err(ShardError::NoEnd { file: file(), records });
    }
    for (p, list) in per_player.iter_mut().enumerate() {
        list.sort_by_key(|g| g.game);
        let mut expected = shard.games(games);
        for pair in list.windows(2) {
            if pair[0].game == pair[1].game {
                return Err(ShardError::Repeated { file: file(), game: pair[0].game, player: label(p) });
            }
        }
        for g in list.iter() {
            let want = expected.next();
            if want != Some(g.game) {
                return Err(ShardError::MissingGame { file: file(), game: want.unwrap_or(g.game), player: label(p) });
            }
        }
        if let Some(want) = expected.next() {
            return Err(ShardError::MissingGame { file: file(), game: want, player: label(p) });
        }
    }
    Ok(ShardFile { name: file(), header, games: per_player })
}

/// The fields in which two configurations differ, as `name: this vs that` (their JSON).
fn differences(this: &Config, that: &Config) -> Vec<String> {
    let (a, b) = (serde_json::to_value(this).unwrap_or_default(), serde_json::to_value(that).unwrap_or_default());
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else { return Vec::new() };
    a.keys()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| {
            let show = |v: Option<&serde_json::Value>| v.map_or("nothing".to_owned(), ToString::to_string);
            format!("{k}: {} vs {}", show(a.get(k)), show(b.get(k)))
        })
        .collect()
}

/// Puts the shards of one run back together: they must come from the same configuration and the
/// same `sonar`, be shards K/N of one N, each K once. Returns the run's configuration and every
/// player's games in index order, as the unsharded run has them.
pub fn merge(files: Vec<ShardFile>) -> Result<(Config, Vec<AlgorithmRun>), ShardError> {
    let first = files.first().ok_or(ShardError::NothingToMerge)?;
    let (config, first_shard) = (first.header.config.clone(), first.header.shard);
    let count = first_shard.count;
    // Not a vector of N: N comes from the files.
    let mut by_index: BTreeMap<usize, &str> = BTreeMap::new();
    for f in &files {
        if f.header.sonar != first.header.sonar {
            return Err(ShardError::OtherBuild {
                file: f.name.clone(),
                version: f.header.sonar.clone(),
                first: first.name.clone(),
                first_version: first.header.sonar.clone(),
            });
        }
        if f.header.config != config {
            return Err(ShardError::OtherRun {
                file: f.name.clone(),
                first: first.name.clone(),
                differences: differences(&f.header.config, &config).join(", "),
            });
        }
        if f.header.shard.count != count {
            return Err(ShardError::OtherCount {
                file: f.name.clone(),
                shard: f.header.shard,
                first: first.name.clone(),
                first_shard,
            });
        }
        if let Some(other) = by_index.insert(f.header.shard.index, &f.name) {
            return Err(ShardError::Twice { shard: f.header.shard, first: other.to_owned(), file: f.name.clone() });
        }
    }
    if by_index.len() < count {
        const SHOWN: usize = 10;
        let absent = (0..count).filter(|k| !by_index.contains_key(k));
        let mut list: Vec<String> = absent.take(SHOWN).map(|k| Shard { index: k, count }.to_string()).collect();
        let missing = count - by_index.len();
        if missing > SHOWN {
            list.push(format!("and {} more", missing - SHOWN));
        }
        return Err(ShardError::MissingShards { missing, list: list.join(", "), count });
    }
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
pub fn merge_files(paths: &[PathBuf]) -> Result<(Config, Vec<AlgorithmRun>), ShardError> {
    let files = paths.iter().map(|path| read_file(path)).collect::<Result<Vec<_>, _>>()?;
    merge(files)
}

/// Reads the shard output at `path`.
fn read_file(path: &Path) -> Result<ShardFile, ShardError> {
    let name = path.display().to_string();
    match std::fs::File::open(path) {
        Ok(file) => read(&name, io::BufReader::new(file)),
        Err(source) => Err(ShardError::Io { at: name, source }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::level::Level;
    use crate::placement::Style;
    use crate::rules::Rules;
    use crate::simulate::Player;
    use crate::simulate::report::{self, AlgorithmReport};
    use crate::simulate::{run, run_shard};
    use crate::strategy::Algorithm;

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
            size: BoardSize { rows: 7, cols: 8 },
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
                assert_eq!(merged_config, Config { keep_shots: false, ..config.clone() });
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
            size: BoardSize { rows: 6, cols: 6 },
            ships: vec![3, 2],
            ..Config::classic(vec![Player::full(Algorithm::Density), Player::full(Algorithm::Random)])
        }
    }

    fn error(files: Vec<ShardFile>) -> String {
        merge(files).map(|_| ()).unwrap_err().to_string()
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
        files[0].header.shard = Shard::new(0, 1 << 40).unwrap();
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
        read("f", text.as_bytes()).map(|_| ()).unwrap_err().to_string()
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
        let newer = good.replacen(r#""version":2"#, r#""version":3"#, 1);
        assert!(read_error(&newer).contains("version 3; this sonar reads sonar-simulate-shard version 2"));
    }

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!("2/5".parse::<Shard>().unwrap(), Shard { index: 2, count: 5 });
        assert!("0/0".parse::<Shard>().unwrap_err().to_string().contains("at least 1"));
        assert!("3/3".parse::<Shard>().unwrap_err().to_string().contains("below N (0 to 2)"));
        assert!("2/x".parse::<Shard>().unwrap_err().to_string().contains("invalid digit"));
        assert!("2".parse::<Shard>().unwrap_err().to_string().contains("expected K/N"));
        let mut seen: Vec<usize> = (0..4).flat_map(|k| Shard::new(k, 4).unwrap().games(11)).collect();
        seen.sort();
        assert_eq!(seen, (0..11).collect::<Vec<_>>());
        assert_eq!(Shard::new(5, 7).unwrap().games(5).count(), 0);
        assert!(Shard::new(1, 3).unwrap().contains(7));
    }

    #[test]
    fn calibration_players_cannot_be_sharded() {
        let weak = Player::swept(Algorithm::Density, Level::new(3).unwrap().weakness());
        let e = check(&Config::classic(vec![weak])).unwrap_err().to_string();
        assert!(e.contains("only levels can be sharded"), "{e}");
        let mut out = Vec::new();
        assert!(write(&mut out, &Config::classic(vec![weak]), Shard::WHOLE, &[]).is_err());
        assert!(out.is_empty());
    }
}
