//! Shard files: shard `K/N` of a simulation plays the games whose index is K modulo N, each exactly
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
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::run::{AlgorithmRun, Config, GameResult};
use super::shard::{Shard, ShardNameError};

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
    #[error(transparent)]
    Name(#[from] ShardNameError),
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
mod tests;
