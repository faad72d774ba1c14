//! Playing a simulation: who plays ([`Player`]), what is played ([`Config`]), and the games
//! themselves, in parallel and reproducibly ([`run`], [`run_shard`]).
//!
//! Game `i` of a run seeded with `s` is played against the layout drawn from
//! [`rng::stream`]`(s, i)` by every algorithm (a paired comparison), and each algorithm's own
//! random choices in that game come from a second stream derived from `(s, i)`. Results are
//! collected in game order, so they are identical whatever the number of threads, and a
//! [`super::shard`] that plays only some of the game indices plays each of them exactly as the whole run
//! does.

use std::sync::Arc;
use std::time::Instant;

use rand::Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::board::{BoardSize, MAX_SIDE, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, LayoutError, random_islands, random_layout_under};
use crate::game::prior::Opponent;
use crate::game::referee::{Game, Outcome};
use crate::game::rng;
use crate::game::rules::Rules;
use crate::hiding::habit::{Habit, HabitError};
use crate::hiding::placement::PlacementError;
use crate::shooting::action::Policy;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::{Level, Weakened, Weakness};
use crate::shooting::play::Seat;
use crate::simulate::engine::{PlayError, play_armed};

use super::arsenal::{PowerUpSpec, power_ups};
use super::learn::{Knowledge, LearnError};
use super::shard::Shard;
use super::stats::{self, Summary};

/// Salt separating the strategies' random streams from the layouts'.
const STRATEGY_SALT: u64 = 0x5354_5241_5445_4759;
/// Salt of the per-game tie orders.
const ORDER_SALT: u64 = 0x4f52_4445_5220_5449;
/// Salt of the per-game islands.
const ISLAND_SALT: u64 = 0x4953_4c41_4e44_5321;
/// Most fleets drawn for one game before its islands are declared too many for the fleet.
const ISLAND_DRAWS: usize = 100_000;

/// Who plays: an algorithm at a strength level, or at any weakness (a calibration sweep). In JSON
/// (a shard's header): `{"algorithm":"density","level":4}`, without `level` for the algorithm
/// itself.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub algorithm: Algorithm,
    /// The level whose weakness it plays at; `None` for the algorithm itself or a sweep point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// A sweep point's weakness, which is no level's. JSON has no place for it: such players are
    /// not written to shards ([`super::shard_file::check`]).
    #[serde(skip)]
    pub sweep: Option<Weakness>,
    /// Its own compute budget a move in milliseconds (`bayes@100`), in place of the run's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<u64>,
    /// How it uses the run's arsenal ([`Config::arsenal`]); `None` in a run without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<Policy>,
}

impl Player {
    /// The algorithm itself.
    pub fn full(algorithm: Algorithm) -> Player {
        Player { algorithm, level: None, sweep: None, budget_ms: None, policy: None }
    }

    /// The algorithm at a level.
    pub fn at(algorithm: Algorithm, level: Level) -> Player {
        Player { algorithm, level: Some(level), sweep: None, budget_ms: None, policy: None }
    }

    /// The algorithm at any weakness (a point of a calibration sweep); at none, the algorithm
    /// itself.
    pub fn swept(algorithm: Algorithm, weakness: Weakness) -> Player {
        Player {
            algorithm,
            level: None,
            sweep: (!weakness.is_none()).then_some(weakness),
            budget_ms: None,
            policy: None,
        }
    }

    /// The weakness it plays at.
    pub fn weakness(&self) -> Weakness {
        match (self.level, self.sweep) {
            (Some(level), _) => level.weakness(),
            (None, sweep) => sweep.unwrap_or(Weakness::NONE),
        }
    }

    /// The same player thinking `budget_ms` a move instead of the run's budget (`None`: the run's).
    pub fn with_budget(self, budget_ms: Option<u64>) -> Player {
        Player { budget_ms, ..self }
    }

    /// The same player using the run's arsenal as `policy` says.
    pub fn with_policy(self, policy: Policy) -> Player {
        Player { policy: Some(policy), ..self }
    }

    /// Its name in tables: `bayes`, `bayes L3`, `bayes@100ms`, `bayes best`.
    pub fn label(&self) -> String {
        let name = match self.budget_ms {
            Some(ms) => format!("{}@{ms}ms", self.algorithm.name()),
            None => self.algorithm.name().to_owned(),
        };
        let name = match self.policy {
            Some(policy) => format!("{name} {}", policy.name()),
            None => name,
        };
        match (self.level, self.sweep) {
            (Some(level), _) => format!("{name} L{level}"),
            (None, None) => name,
            (None, Some(weakness)) => format!("{name} {weakness:?}"),
        }
    }
}

/// What to simulate. In JSON (a shard's header), every field but `keep_shots`:
/// `{"players":[...],"games":1000,"seed":1,"size":"10x10","ships":[5,4,3,3,2],"budget_ms":10,
/// "rules":{"touching":true,"salvo":1},"placement":"uniform"}`, with `"learn":N` and `"oracle":true`
/// when the shooters learn or are told the habit (absent otherwise, so a run of version 2 reads
/// the same).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Who plays, in report order (the first is the baseline of the paired differences).
    pub players: Vec<Player>,
    pub games: usize,
    pub seed: u64,
    pub size: BoardSize,
    pub ships: Vec<usize>,
    /// Keep every shot of every game (for `--log`).
    #[serde(skip)]
    pub keep_shots: bool,
    /// Compute budget of every move, in milliseconds (only `bayes` looks at it).
    pub budget_ms: u64,
    /// The rules: hidden fleets are drawn over the layouts they allow, and the shooters are told
    /// them.
    pub rules: Rules,
    /// How the hidden fleets are placed: uniformly, the computer's hard style, or a habit.
    pub placement: Habit,
    /// Past fleets of the same habit the shooters fit a model from before each game
    /// ([`super::learn`]); 0 for none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub learn: usize,
    /// The shooters are told the habit's true model.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub oracle: bool,
    /// Island cells on each game's sea, drawn from the game's seed apart from its fleet, the same
    /// for every player; the fleet is drawn as `placement` draws it, again until it avoids them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub islands: usize,
    /// Every move is held to the wall clock, its budget from its start, as the service holds it:
    /// what strength a loaded machine keeps. The games then depend on the machine, not on the
    /// seed alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock: bool,
    /// The power-ups each shooter holds at the start of every game, as a request's `arsenal`;
    /// each player uses them as its `policy` says. Played with one shot a turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arsenal: Vec<PowerUpSpec>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Why a simulation could not run.
#[derive(Debug, Error)]
pub enum SimError {
    #[error("--games must be at least 1")]
    NoGames,
    #[error("no algorithm to simulate")]
    NoAlgorithm,
    #[error("board {rows}x{cols}: each side must be between 1 and {MAX_SIDE}")]
    BadSize { rows: usize, cols: usize },
    #[error("fleet: {0}")]
    Layout(#[from] LayoutError),
    #[error("fleet: {0}")]
    Fleet(#[from] crate::game::fleet::FleetError),
    #[error("{0}")]
    Placement(#[from] PlacementError),
    #[error("{0}")]
    Habit(#[from] HabitError),
    #[error(transparent)]
    Learn(#[from] LearnError),
    #[error("{player}, game {game}: {source}")]
    Play { player: String, game: usize, source: PlayError },
    #[error("--islands {islands}: the fleet's {ships} cells do not fit the {free} cells left of the sea")]
    Islands { islands: usize, ships: usize, free: usize },
    #[error("--islands {islands}, game {game}: no fleet avoiding the islands found in {ISLAND_DRAWS} draws")]
    IslandsCrowd { islands: usize, game: usize },
    #[error("--arsenal: {0}")]
    Arsenal(String),
}

/// One game as one algorithm played it. In JSON (a shard's record), every field but `log`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's index in the run: its hidden fleet and every random choice depend only on it and
    /// the seed.
    pub game: usize,
    pub shots: usize,
    /// Turns to win: the shots, or fewer with salvos.
    pub turns: usize,
    pub hits: usize,
    /// Per ship of the layout, in layout order: (length, shot that sank it).
    pub sunk_at: Vec<(usize, usize)>,
    /// Time the game took, in nanoseconds.
    pub nanos: u64,
    /// Time each move took (the strategy's decision and the referee's answer), in nanoseconds
    /// (at most `u32::MAX`, over four seconds).
    pub move_nanos: Vec<u32>,
    /// Every shot, when the run keeps them.
    #[serde(skip)]
    pub log: Vec<(Pos, Outcome)>,
}

/// Everything one player did in a run.
#[derive(Clone, Debug)]
pub struct AlgorithmRun {
    pub player: Player,
    pub games: Vec<GameResult>,
}

impl AlgorithmRun {
    pub fn shots(&self) -> Vec<f64> {
        self.games.iter().map(|g| g.shots as f64).collect()
    }

    pub fn summary(&self) -> Summary {
        Summary::of(&self.shots())
    }

    /// The turns each game took, in game order.
    pub fn turns(&self) -> Vec<f64> {
        self.games.iter().map(|g| g.turns as f64).collect()
    }

    /// Hits over shots, across all games.
    pub fn hit_rate(&self) -> f64 {
        let hits: usize = self.games.iter().map(|g| g.hits).sum();
        let shots: usize = self.games.iter().map(|g| g.shots).sum();
        hits as f64 / shots as f64
    }

    /// Mean compute-and-play time per game on one core, in microseconds.
    pub fn micros_per_game(&self) -> f64 {
        self.games.iter().map(|g| g.nanos as f64 / 1e3).sum::<f64>() / self.games.len() as f64
    }

    /// Median, 99th percentile and maximum of the time one move took, in microseconds.
    pub fn move_micros(&self) -> (f64, f64, f64) {
        let mut sorted: Vec<f64> =
            self.games.iter().flat_map(|g| g.move_nanos.iter().map(|&t| f64::from(t) / 1e3)).collect();
        sorted.sort_by(f64::total_cmp);
        (stats::median(&sorted), stats::percentile(&sorted, 0.99), sorted[sorted.len() - 1])
    }

    /// For each distinct ship length, longest first: the mean shot number at which it sank.
    pub fn mean_sink_turns(&self) -> Vec<(usize, f64)> {
        let mut acc: Vec<(usize, f64, usize)> = Vec::new();
        for g in &self.games {
            for &(len, turn) in &g.sunk_at {
                match acc.iter_mut().find(|(l, _, _)| *l == len) {
                    Some(e) => {
                        e.1 += turn as f64;
                        e.2 += 1;
                    }
                    None => acc.push((len, turn as f64, 1)),
                }
            }
        }
        acc.sort_by_key(|e| std::cmp::Reverse(e.0));
        acc.into_iter().map(|(l, sum, n)| (l, sum / n as f64)).collect()
    }
}

impl Config {
    /// The classic game (10x10, fleet 5,4,3,3,2, classic rules, uniform fleets, the default
    /// budget) for these players: 1,000 games from seed 1, shots not kept.
    pub fn classic(players: Vec<Player>) -> Config {
        Config {
            players,
            games: 1000,
            seed: 1,
            size: BoardSize::CLASSIC,
            ships: vec![5, 4, 3, 3, 2],
            keep_shots: false,
            budget_ms: crate::game::turn::DEFAULT_BUDGET_MS,
            rules: Rules::CLASSIC,
            placement: Habit::Uniform,
            learn: 0,
            oracle: false,
            islands: 0,
            clock: false,
            arsenal: Vec::new(),
        }
    }

    /// What the shooters are told of the opponent.
    pub fn knowledge(&self) -> Knowledge {
        Knowledge { habit: self.placement, learn: self.learn, oracle: self.oracle }
    }

    fn check(&self) -> Result<(), SimError> {
        if self.games == 0 {
            return Err(SimError::NoGames);
        }
        if self.players.is_empty() {
            return Err(SimError::NoAlgorithm);
        }
        let BoardSize { rows, cols } = self.size;
        if BoardSize::new(rows, cols).is_err() {
            return Err(SimError::BadSize { rows, cols });
        }
        crate::game::fleet::Fleet::new(&self.ships, rows.max(cols))?;
        // One draw proves the fleet fits (or fails fast with the sampler's own bound).
        random_layout_under(rows, cols, &self.ships, self.rules, &mut rng::stream(self.seed, 0))?;
        let ships = self.ships.iter().sum();
        if self.islands + ships > rows * cols {
            return Err(SimError::Islands {
                islands: self.islands,
                ships,
                free: (rows * cols).saturating_sub(self.islands),
            });
        }
        self.knowledge().check(self.size)?;
        let arsenal = power_ups(&self.arsenal).map_err(SimError::Arsenal)?;
        let unarmed = self.players.iter().any(|p| p.policy.is_none());
        if !arsenal.is_empty() && (self.rules.salvo > 1 || unarmed) {
            return Err(SimError::Arsenal(
                "an arsenal is played with one shot a turn, by players with a policy".to_owned(),
            ));
        }
        Ok(())
    }

    /// The sea of game `i` (its hidden fleet and its islands), and the model its shooters believe.
    /// The fleet is drawn as the placement draws it, again until it avoids the islands: the
    /// placement's own distribution given that no ship lies on one. Without islands the first
    /// draw is the fleet.
    fn layout(&self, i: usize) -> Result<(Sea, Option<Arc<Opponent>>), SimError> {
        let BoardSize { rows, cols } = self.size;
        let fleet = Fleet::new(&self.ships, rows.max(cols))?;
        let islands = random_islands(rows, cols, self.islands, &mut rng::stream(self.seed ^ ISLAND_SALT, i as u64));
        let mut draws = rng::stream(self.seed, i as u64);
        for _ in 0..ISLAND_DRAWS {
            let layout = self.placement.draw(rows, cols, &fleet, self.rules, &mut draws)?;
            if layout.ships.iter().flat_map(|s| s.cells()).all(|c| !islands.contains(&c)) {
                let model = self.knowledge().model(self.seed, i, self.size, &fleet, self.rules)?;
                return Ok((Sea { layout, islands }, model));
            }
        }
        Err(SimError::IslandsCrowd { islands: self.islands, game: i })
    }
}

/// One game's hidden fleet and the islands of its sea.
#[derive(Debug, PartialEq)]
struct Sea {
    layout: Layout,
    islands: Vec<Pos>,
}

/// Plays `config.games` games with every algorithm on the current rayon pool, calling
/// `progress(n)` as games finish.
pub fn run(config: &Config, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<AlgorithmRun>, SimError> {
    run_shard(config, Shard::WHOLE, progress)
}

/// Plays the games of `config` whose index is in `shard` (all of them for [`Shard::WHOLE`]), each
/// exactly as the whole run plays it, in game order, with every algorithm on the current rayon
/// pool, calling `progress(n)` as games finish. A shard may have no game.
pub fn run_shard(
    config: &Config,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<AlgorithmRun>, SimError> {
    config.check()?;
    let arsenal = power_ups(&config.arsenal).map_err(SimError::Arsenal)?;
    let games: Vec<usize> = shard.games(config.games).collect();
    let layouts = games
        .par_iter()
        .map(|&i| config.layout(i).map(|(sea, model)| (i, sea, model)))
        .collect::<Result<Vec<_>, SimError>>()?;
    let mut runs = Vec::with_capacity(config.players.len());
    for &player in &config.players {
        let shooter = Weakened { algorithm: player.algorithm, weakness: player.weakness() };
        let games = layouts
            .par_iter()
            .map(|&(i, ref sea, ref model)| {
                let mut rng = rng::stream(config.seed ^ STRATEGY_SALT, i as u64);
                // One tie order per game, as a client that sends one seed per game gets.
                let game_seed = rng::stream(config.seed ^ ORDER_SALT, i as u64).next_u64();
                let budget_ms = player.budget_ms.unwrap_or(config.budget_ms);
                let seat = Seat::from_seed(shooter, game_seed, budget_ms, config.rules).with_opponent(model.clone());
                let seat = Seat { clock: config.clock, ..seat };
                let mut log = Vec::new();
                let mut move_nanos = Vec::with_capacity(64);
                let start = Instant::now();
                let mut last = start;
                let game = Game::with_islands(sea.layout.clone(), &sea.islands);
                let (held, policy) = (arsenal.clone(), player.policy.unwrap_or(Policy::Never));
                let record = play_armed(&seat, game, held, policy, &mut rng, |_, p, o| {
                    let now = Instant::now();
                    move_nanos.push(u32::try_from((now - last).as_nanos()).unwrap_or(u32::MAX));
                    last = now;
                    if config.keep_shots {
                        log.push((p, o));
                    }
                })
                .map_err(|source| SimError::Play { player: player.label(), game: i, source })?;
                let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                progress(1);
                Ok(GameResult {
                    game: i,
                    shots: record.shots,
                    turns: record.turns,
                    hits: record.hits,
                    sunk_at: record.sunk_at,
                    nanos,
                    move_nanos,
                    log,
                })
            })
            .collect::<Result<Vec<_>, SimError>>()?;
        runs.push(AlgorithmRun { player, games });
    }
    Ok(runs)
}

#[cfg(test)]
mod tests;
