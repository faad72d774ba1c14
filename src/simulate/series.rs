//! The repeated game: the same hider and shooter play a series of games. Before each game the
//! hider may read the shooter's earlier searches of the series (the adaptive hider fits a search
//! model from them and hides where it looks last), and the shooter may fit a model of the hider
//! from its earlier fleets of the series (`learn`). What counts is the steady state: the games
//! after the first `warmup` of each series.
//!
//! Game `t` of series `s` draws its fleet from [`rng::stream`]`(seed ^ `[`HIDE_SALT`]`, s x
//! length + t)` and the shooter's choices from streams derived from the same index, whoever
//! plays, so a hider is paired with `uniform` hiding on the same seeds (and the adaptive hider,
//! while it sees no habit, hides exactly the uniform hider's fleet). Series are independent and
//! played in parallel, each in order; a [`Shard`] plays the series whose index is K modulo N.

use std::fmt;
use std::sync::Arc;

use rand::Rng;
use rayon::prelude::*;
use thiserror::Error;

use crate::game::board::{Board, BoardSize};
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, random_layout_under};
use crate::game::referee::Game;
use crate::game::rng;
use crate::game::rules::Rules;
use crate::hiding::habit::{Habit, UnknownHabit};
use crate::hiding::placement::place_hidden;
use crate::hiding::searcher::{Hiding, MAX_BOUND, Search, fit as fit_searches};
use crate::inference::opponent::fit as fit_fleets;
use crate::shooting::level::Weakened;
use crate::shooting::play::Seat;
use crate::simulate::engine::play;

use super::run::{Player, SimError};
use super::shard::Shard;

/// Salt of the hidden fleets' streams.
pub const HIDE_SALT: u64 = 0x4849_4445_5f53_4552;
const STRATEGY_SALT: u64 = 0x5345_5249_4553_5354;
const ORDER_SALT: u64 = 0x5345_5249_4553_4f52;

/// Who hides in a series: a placement habit (`uniform`, `hard`, `edge:θ`, ...), or the adaptive
/// hider (`adaptive`, the service's; `adaptive:B` with its bound `B` on a cell's log weight;
/// `adaptive:B:T` also with the weight `T` of each touching cell pair, 1 for no lean apart).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hider {
    Habit(Habit),
    Adaptive(Hiding),
}

/// Text that names no hider.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum UnknownHider {
    #[error(
        "hider {0:?}: expected adaptive, adaptive:B or adaptive:B:T (B from 0 to {MAX_BOUND}, T above 0 and at most 1), or a placement"
    )]
    Adaptive(String),
    #[error(transparent)]
    Habit(#[from] UnknownHabit),
}

impl std::str::FromStr for Hider {
    type Err = UnknownHider;

    fn from_str(text: &str) -> Result<Hider, UnknownHider> {
        let text = text.trim();
        if text == "adaptive" {
            return Ok(Hider::Adaptive(Hiding::SERVICE));
        }
        if let Some(spec) = text.strip_prefix("adaptive:") {
            let number = |t: Option<&str>| t.and_then(|t| t.trim().parse::<f64>().ok());
            let mut parts = spec.splitn(2, ':');
            let bound = number(parts.next()).filter(|b| *b > 0.0 && *b <= MAX_BOUND);
            let touching = match parts.next() {
                None => Some(Hiding::SERVICE.touching),
                t => number(t).filter(|t| *t > 0.0 && *t <= 1.0),
            };
            return match (bound, touching) {
                (Some(bound), Some(touching)) => Ok(Hider::Adaptive(Hiding { bound, touching })),
                _ => Err(UnknownHider::Adaptive(text.to_owned())),
            };
        }
        Ok(Hider::Habit(text.parse()?))
    }
}

impl fmt::Display for Hider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hider::Habit(habit) => write!(f, "{habit}"),
            // Always in full, so that tables stay readable whatever the default.
            Hider::Adaptive(Hiding { bound, touching }) => write!(f, "adaptive:{bound}:{touching}"),
        }
    }
}

/// What to play: every shooter against every hider, `series` series of `length` games each.
#[derive(Clone, Debug)]
pub struct SeriesConfig {
    pub shooters: Vec<Player>,
    /// The first is the baseline of the paired differences (normally `uniform`).
    pub hiders: Vec<Hider>,
    pub series: usize,
    pub length: usize,
    /// Games of each series not counted (the steady state starts after them).
    pub warmup: usize,
    pub seed: u64,
    pub size: BoardSize,
    pub ships: Vec<usize>,
    pub rules: Rules,
    pub budget_ms: u64,
    /// The shooter fits a model of the hider from at most this many earlier fleets of the series
    /// (0: it does not learn).
    pub learn: usize,
}

/// One game of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesGame {
    pub shooter: String,
    pub hider: String,
    pub series: usize,
    pub game: usize,
    pub shots: usize,
}

/// Why a series could not be played.
#[derive(Debug, Error)]
pub enum SeriesError {
    #[error("--warmup {warmup} leaves no game of a series of {length} to measure")]
    NoSteadyState { warmup: usize, length: usize },
    #[error("no shooter or no hider")]
    Nobody,
    #[error("--series must be at least 1")]
    NoSeries,
    #[error(transparent)]
    Sim(#[from] SimError),
}

impl SeriesConfig {
    fn check(&self) -> Result<Fleet, SeriesError> {
        if self.warmup >= self.length {
            return Err(SeriesError::NoSteadyState { warmup: self.warmup, length: self.length });
        }
        if self.shooters.is_empty() || self.hiders.is_empty() {
            return Err(SeriesError::Nobody);
        }
        if self.series == 0 {
            return Err(SeriesError::NoSeries);
        }
        let BoardSize { rows, cols } = self.size;
        if BoardSize::new(rows, cols).is_err() {
            return Err(SimError::BadSize { rows, cols }.into());
        }
        let fleet = Fleet::new(&self.ships, rows.max(cols)).map_err(SimError::from)?;
        random_layout_under(rows, cols, &self.ships, self.rules, &mut rng::stream(self.seed, 0))
            .map_err(SimError::from)?;
        Ok(fleet)
    }

    /// Plays one series of `shooter` against `hider`.
    fn play_series(&self, fleet: &Fleet, shooter: Player, hider: Hider, s: usize) -> Result<Vec<SeriesGame>, SimError> {
        let BoardSize { rows, cols } = self.size;
        let player = Weakened { algorithm: shooter.algorithm, weakness: shooter.weakness() };
        let (mut fleets, mut searches): (Vec<Layout>, Vec<Search>) = (Vec::new(), Vec::new());
        let mut out = Vec::with_capacity(self.length);
        let (shooter_label, hider_label) = (shooter.label(), hider.to_string());
        for t in 0..self.length {
            let index = (s * self.length + t) as u64;
            let mut hide_rng = rng::stream(self.seed ^ HIDE_SALT, index);
            let layout = match hider {
                Hider::Habit(habit) => habit.draw(rows, cols, fleet, self.rules, &mut hide_rng)?,
                // The service's adaptive placement: while the searches show no habit, the uniform
                // draw, the uniform hider's fleet.
                Hider::Adaptive(hiding) => place_hidden(
                    &Board::empty(rows, cols),
                    fleet,
                    self.rules,
                    &fit_searches(rows, cols, &searches),
                    hiding,
                    &mut hide_rng,
                )?,
            };
            let model = (self.learn > 0 && !fleets.is_empty()).then(|| {
                let past = &fleets[fleets.len().saturating_sub(self.learn)..];
                Arc::new(fit_fleets(rows, cols, fleet, past).model)
            });
            let mut rng = rng::stream(self.seed ^ STRATEGY_SALT, index);
            let game_seed = rng::stream(self.seed ^ ORDER_SALT, index).next_u64();
            let budget_ms = shooter.budget_ms.unwrap_or(self.budget_ms);
            let seat = Seat::from_seed(player, game_seed, budget_ms, self.rules).with_opponent(model);
            let mut shots = Vec::new();
            let record = play(&seat, Game::new(layout.clone()), &mut rng, |_, p, o| {
                shots.push((p, o));
            })
            .map_err(|source| SimError::Play {
                player: shooter_label.clone(),
                game: index as usize,
                source,
            })?;
            searches.push(Search::played(rows, cols, &shots));
            fleets.push(layout);
            out.push(SeriesGame {
                shooter: shooter_label.clone(),
                hider: hider_label.clone(),
                series: s,
                game: t,
                shots: record.shots,
            });
        }
        Ok(out)
    }
}

/// Plays the series of `shard` (every shooter against every hider), calling `progress(n)` as
/// series finish; the games in order of shooter, hider, series and game.
pub fn run_series(
    config: &SeriesConfig,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<SeriesGame>, SeriesError> {
    let fleet = config.check()?;
    let jobs: Vec<(Player, Hider, usize)> = config
        .shooters
        .iter()
        .flat_map(|&p| config.hiders.iter().flat_map(move |&h| shard.games(config.series).map(move |s| (p, h, s))))
        .collect();
    let games = jobs
        .par_iter()
        .map(|&(p, h, s)| {
            let games = config.play_series(&fleet, p, h, s);
            progress(1);
            games
        })
        .collect::<Result<Vec<_>, SimError>>()?;
    Ok(games.into_iter().flatten().collect())
}

/// A small run for the tests: 4 series of 8 games on 6x6 with ships 3 and 2, 3 games of warmup.
#[cfg(test)]
pub fn small_config(shooters: &[crate::shooting::algorithm::Algorithm], hiders: &[Hider]) -> SeriesConfig {
    SeriesConfig {
        shooters: shooters.iter().map(|&a| Player::full(a)).collect(),
        hiders: hiders.to_vec(),
        series: 4,
        length: 8,
        warmup: 3,
        seed: 5,
        size: BoardSize { rows: 6, cols: 6 },
        ships: vec![3, 2],
        rules: Rules::CLASSIC,
        budget_ms: crate::game::turn::DEFAULT_BUDGET_MS,
        learn: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shooting::algorithm::Algorithm;

    use super::small_config as config;

    const UNIFORM: Hider = Hider::Habit(Habit::Uniform);

    #[test]
    fn series_are_the_same_whatever_the_thread_count_and_shard() {
        // Three series (shards of unequal size) of six games: the order of the work is what varies.
        let c = SeriesConfig {
            learn: 4,
            series: 3,
            length: 6,
            ..config(
                &[Algorithm::Middlemost, Algorithm::WeightedDensity],
                &[UNIFORM, Hider::Adaptive(Hiding::SERVICE.with_bound(2.0))],
            )
        };
        let with = |threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| run_series(&c, Shard::WHOLE, &|_| {}).unwrap())
        };
        let whole = with(1);
        assert_eq!(whole.len(), 2 * 2 * 3 * 6);
        assert_eq!(whole, with(3));
        let mut halves: Vec<SeriesGame> =
            (0..2).flat_map(|k| run_series(&c, Shard::new(k, 2).unwrap(), &|_| {}).unwrap()).collect();
        let key = |g: &SeriesGame| (g.shooter.clone(), g.hider.clone(), g.series, g.game);
        halves.sort_by_key(key);
        let mut sorted = whole.clone();
        sorted.sort_by_key(key);
        assert_eq!(halves, sorted);
    }

    #[test]
    fn without_a_habit_the_adaptive_hider_hides_the_uniform_fleets() {
        // A shooter in uniformly random order shows no habit: the same fleets, the same games.
        let c = config(&[Algorithm::Random], &[UNIFORM, Hider::Adaptive(Hiding::SERVICE.with_bound(2.0))]);
        let games = run_series(&c, Shard::WHOLE, &|_| {}).unwrap();
        let shots = |hider: &str| games.iter().filter(|g| g.hider == hider).map(|g| g.shots).collect::<Vec<_>>();
        assert_eq!(shots("uniform"), shots("adaptive:2:0.5"));
        // A fixed-order shooter on the classic board is found out, and its later games get
        // longer on average (by about 10 shots).
        let c = SeriesConfig {
            series: 4,
            length: 12,
            size: BoardSize::CLASSIC,
            ships: vec![5, 4, 3, 3, 2],
            ..config(&[Algorithm::Strafing], &[UNIFORM, Hider::Adaptive(Hiding::SERVICE.with_bound(2.0))])
        };
        let games = run_series(&c, Shard::WHOLE, &|_| {}).unwrap();
        let late = |hider: &str| {
            let v: Vec<f64> =
                games.iter().filter(|g| g.hider == hider && g.game >= 6).map(|g| g.shots as f64).collect();
            v.iter().sum::<f64>() / v.len() as f64
        };
        assert!(late("adaptive:2:0.5") > late("uniform") + 3.0, "{} vs {}", late("adaptive:2:0.5"), late("uniform"));
    }

    #[test]
    fn hiders_are_written_as_text_and_bad_series_are_refused() {
        assert_eq!("adaptive".parse::<Hider>().unwrap(), Hider::Adaptive(Hiding::SERVICE));
        assert_eq!("adaptive".parse::<Hider>().unwrap().to_string(), "adaptive:3:0.5");
        assert_eq!("adaptive:0.5".parse::<Hider>().unwrap().to_string(), "adaptive:0.5:0.5");
        assert_eq!("adaptive:2:1".parse::<Hider>().unwrap(), Hider::Adaptive(Hiding { bound: 2.0, touching: 1.0 }));
        for bad in ["adaptive:2:0", "adaptive:2:1.5", "adaptive:2:x", "adaptive::0.5", "adaptive:2:0.5:1"] {
            assert!(matches!(bad.parse::<Hider>(), Err(UnknownHider::Adaptive(_))), "{bad}");
        }
        assert_eq!(" hard:4 ".parse::<Hider>().unwrap(), Hider::Habit(Habit::HardOf(4)));
        assert!(matches!("adaptive:9".parse::<Hider>(), Err(UnknownHider::Adaptive(_))));
        assert!(matches!("sly".parse::<Hider>(), Err(UnknownHider::Habit(_))));
        let c = config(&[Algorithm::Random], &[UNIFORM]);
        let run = |c: SeriesConfig| run_series(&c, Shard::WHOLE, &|_| {}).unwrap_err().to_string();
        assert_eq!(
            run(SeriesConfig { warmup: 8, ..c.clone() }),
            "--warmup 8 leaves no game of a series of 8 to measure"
        );
        assert_eq!(run(SeriesConfig { series: 0, ..c.clone() }), "--series must be at least 1");
        assert_eq!(run(SeriesConfig { hiders: vec![], ..c.clone() }), "no shooter or no hider");
        assert!(run(SeriesConfig { ships: vec![7], ..c }).starts_with("fleet:"));
    }
}
