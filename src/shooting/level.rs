//! Strength levels: a layer over any strategy that weakens it the way good game programs do, with
//! plausible mistakes rather than absurd ones.
//!
//! Level 10 is the strategy itself. Below it the strategy computes its grid as usual, and each turn
//! is a mistake with a chance that grows as the level falls (the other turns are the strategy's own
//! shot). A mistake picks its cell from the grid the way Stockfish's skill levels pick a weaker
//! move: every candidate cell gets its value (scaled so the best is 1) plus a push that grows with
//! how much worse it is, plus a random bonus ([`Noise`]), and the highest total is shot. The
//! mistakes are the kind a person makes (Mick West's "intelligent mistakes"):
//!
//! - a hunt that strays: a cell a ship can be in but a careful player would leave for later (an
//!   edge, a corner, a cell beside misses);
//! - a slower finish of a wounded ship: while a ship is hit and afloat the shot is next to a hit,
//!   but maybe across the line the hits make rather than along it;
//! - only at levels 1 to 3, a turn that forgets the wounded ship and hunts elsewhere (a child's
//!   mistake); each turn decides afresh, so no level ignores a hit for many turns in a row.
//!
//! The shot is never absurd: always a `.` cell some ship afloat fits over (past misses and sunk
//! ships) and, for a posterior grid, one of positive probability.
//!
//! One number per level, the weakness `x` in [0, 1], sets the knobs ([`Weakness::at`]); the mean
//! shots grow almost linearly with it. The table [`CALIBRATED`] holds each level's `x`, read off
//! the measured curve of the default algorithm's mean shots against `x` (`cargo run --release -p
//! sonar-research --bin level_sweep`), so that the levels run in roughly even steps from one a
//! child can beat at level 1 to the algorithm's own at level 10; the sweep and each level's
//! strength are in `docs/computer-player.md`, "Strength levels". Every random draw comes from the
//! turn's seeded generator.

use rand::RngExt;
use thiserror::Error;

use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::game::windows;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::strategy::{Decision, GridKind, StrategyError, ranked};

/// A strength level, [`Level::WEAKEST`] to [`Level::STRONGEST`] (the strategy itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(into = "u8", try_from = "u64")]
pub struct Level(u8);

/// A level out of range.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "level: {0} is out of range; levels go from {weakest} (weakest) to {strongest} (strongest)",
    weakest = Level::WEAKEST.0,
    strongest = Level::STRONGEST.0
)]
pub struct LevelError(pub u64);

/// The weakness `x` of each level, level 1 first: measured, not guessed (see the module's notes).
pub const CALIBRATED: [f64; 10] = [0.97, 0.91, 0.83, 0.76, 0.66, 0.55, 0.43, 0.31, 0.17, 0.0];

impl Level {
    pub const WEAKEST: Level = Level(1);
    pub const STRONGEST: Level = Level(10);

    pub fn new(n: u64) -> Result<Level, LevelError> {
        match n {
            1..=10 => Ok(Level(n as u8)),
            _ => Err(LevelError(n)),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    /// How this level errs.
    pub fn weakness(self) -> Weakness {
        Weakness::at(CALIBRATED[usize::from(self.0) - 1])
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a text is not a level.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LevelParseError {
    #[error("level {text:?}: {source}")]
    NotANumber { text: String, source: std::num::ParseIntError },
    #[error(transparent)]
    OutOfRange(#[from] LevelError),
}

/// A level is written as its number, `1` to `10`.
impl std::str::FromStr for Level {
    type Err = LevelParseError;

    fn from_str(text: &str) -> Result<Level, LevelParseError> {
        let n = text.parse::<u64>().map_err(|source| LevelParseError::NotANumber { text: text.to_owned(), source })?;
        Ok(Level::new(n)?)
    }
}

/// In JSON a level is its number, as a request's `level` is (serde's `into` and `try_from`).
impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl TryFrom<u64> for Level {
    type Error = LevelError;

    fn try_from(n: u64) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

/// How a level picks among candidate cells: each gets its value `v` (scaled so the best is 1)
/// plus `bias x (1 - v) + spread x U`, `U` uniform on [0, 1), and the highest total wins. This is
/// Stockfish's skill push (a bonus growing with how much worse a move is, plus a random one):
/// `bias` 0 keeps the order of the values, 1 makes them all alike, above 1 prefers the worse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    pub bias: f64,
    pub spread: f64,
}

impl Noise {
    pub const NONE: Noise = Noise { bias: 0.0, spread: 0.0 };

    fn key(self, value: f64, u: f64) -> f64 {
        value + self.bias * (1.0 - value) + self.spread * u
    }
}

/// The knobs of the mistakes a level makes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weakness {
    /// Chance that a turn is a mistake; the other turns are the strategy's own shot.
    pub mistakes: f64,
    /// How it picks while hunting (no hit afloat), and on a straying turn.
    pub hunt: Noise,
    /// How it picks among the cells next to a hit.
    pub target: Noise,
    /// Chance that a turn with a hit afloat hunts elsewhere instead.
    pub stray: f64,
}

impl Weakness {
    /// No mistakes: the strategy itself.
    pub const NONE: Weakness = Weakness { mistakes: 0.0, hunt: Noise::NONE, target: Noise::NONE, stray: 0.0 };

    /// The knobs for a weakness `x` in [0, 1] (clamped): a turn errs with chance `x`, and only the
    /// weakest settings (x above 0.78, levels 1 to 3) ever leave a wounded ship for a turn.
    pub fn at(x: f64) -> Weakness {
        let x = if x.is_finite() { x.clamp(0.0, 1.0) } else { 0.0 };
        if x == 0.0 {
            return Weakness::NONE;
        }
        Weakness {
            mistakes: x,
            hunt: Noise { bias: 1.3, spread: 0.4 },
            target: Noise { bias: 1.5, spread: 0.4 },
            stray: (0.3 * (x - 0.78) / 0.22).max(0.0),
        }
    }

    pub fn is_none(self) -> bool {
        self.mistakes <= 0.0
    }

    /// Whether this turn errs (draws one number, none at full strength).
    fn errs(self, rng: &mut SonarRng) -> bool {
        !self.is_none() && rng.random::<f64>() < self.mistakes
    }
}

/// An algorithm played at a weakness: level 10 (or [`Weakness::NONE`]) is the algorithm itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weakened {
    pub algorithm: Algorithm,
    pub weakness: Weakness,
}

impl Weakened {
    pub fn new(algorithm: Algorithm, level: Level) -> Weakened {
        Weakened { algorithm, weakness: level.weakness() }
    }

    /// The algorithm itself.
    pub fn full(algorithm: Algorithm) -> Weakened {
        Weakened { algorithm, weakness: Weakness::NONE }
    }

    /// The turn's decision at this weakness, and the algorithm's own shot (they differ when the
    /// turn errs): the algorithm's decision, then one draw for whether the turn errs (none at full
    /// strength) and the mistake's own.
    pub fn decide_with_own(
        &self,
        turn: Turn<'_>,
        rng: &mut SonarRng,
        grid: &mut [f64],
    ) -> Result<(Decision, Pos), StrategyError> {
        let decision = self.algorithm.strategy().decide(turn, rng, grid)?;
        let own = decision.shot;
        if !self.weakness.errs(rng) {
            return Ok((decision, own));
        }
        let shot = self.choose(turn, grid, rng, 1, None).first().copied().unwrap_or(own);
        Ok((Decision { shot, ..decision }, own))
    }

    /// `k` distinct `.` cells in the order this weakness shoots them, leaving out `skip`: first the
    /// cells of the tier it aims at, by value plus bonus, then the other cells where a ship can be,
    /// then (only to fill a salvo) the cells a ship fits over that the grid rules out, then the
    /// rest.
    fn choose(&self, turn: Turn<'_>, grid: &[f64], rng: &mut SonarRng, k: usize, skip: Option<Pos>) -> Vec<Pos> {
        let board = turn.board;
        let w = self.weakness;
        let possible = possible_cells(board, turn.fleet.lengths());
        let probability = self.algorithm.info().grid_kind == GridKind::Probability;
        let value = |i: usize| if grid[i].is_finite() && grid[i] > 0.0 { grid[i] } else { 0.0 };
        let skip = skip.map(|p| board.index(p));
        let open = |i: usize| board.cells()[i].is_open() && Some(i) != skip;
        let eligible = |i: usize| open(i) && possible[i] && (value(i) > 0.0 || !probability);
        let target = board.has_hits();
        let stray = target && w.stray > 0.0 && rng.random::<f64>() < w.stray;
        // Tier 0 is what this turn aims at: next to a hit while a ship is wounded (away from hits
        // on a straying turn), anywhere a ship can be while hunting.
        let tier = |i: usize| -> u8 {
            if !eligible(i) {
                // Only to fill a salvo: cells a ship fits over first, then the rest.
                if possible[i] { 2 } else { 3 }
            } else if !target || next_to_hit(board, i) != stray {
                0
            } else {
                1
            }
        };
        let tiers: Vec<u8> = (0..board.len()).map(tier).collect();
        let noise = if target && !stray { w.target } else { w.hunt };
        let mut best = [0.0f64; 2];
        for i in (0..board.len()).filter(|&i| tiers[i] < 2) {
            let t = usize::from(tiers[i]);
            best[t] = best[t].max(value(i));
        }
        let mut keyed: Vec<(u8, f64, usize)> = Vec::new();
        for i in (0..board.len()).filter(|&i| open(i)) {
            let t = tiers[i];
            let key = match t {
                2 | 3 => value(i),
                _ => {
                    let top = best[usize::from(t)];
                    let scaled = if top > 0.0 { value(i) / top } else { 1.0 };
                    noise.key(scaled, rng.random::<f64>())
                }
            };
            keyed.push((t, key, i));
        }
        keyed.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(&b.2)));
        keyed.into_iter().take(k).map(|(_, _, i)| board.pos(i)).collect()
    }
}

impl Weakened {
    /// The turn's `k` shots, best first, starting with its own shot `first` (a salvo): the
    /// algorithm's ranking ([`ranked`]), or on a turn that errs, after `first` the cells in the
    /// order this weakness shoots them, with fresh bonuses. Draws nothing when `k` is 1.
    pub fn rank(&self, turn: Turn<'_>, first: Pos, grid: &[f64], rng: &mut SonarRng, k: usize) -> Vec<Pos> {
        if k <= 1 || !self.weakness.errs(rng) {
            return ranked(self.algorithm.keeps_one_order(), turn, first, grid, rng, k);
        }
        std::iter::once(first).chain(self.choose(turn, grid, rng, k - 1, Some(first))).collect()
    }
}

/// Whether a cell has a hit (`x`) beside it, sharing an edge.
fn next_to_hit(board: &Board, i: usize) -> bool {
    board.neighbours(board.pos(i)).any(|n| board.get(n) == Cell::Hit)
}

/// Per cell: whether some ship afloat fits over it along a row or column without crossing a miss
/// or a sunk ship.
pub fn possible_cells(board: &Board, ships: &[usize]) -> Vec<bool> {
    let mut possible = vec![false; board.len()];
    let mut lengths = ships.to_vec();
    lengths.sort_unstable();
    lengths.dedup();
    for len in lengths {
        let cover = windows::occupancy(board, len, |c| !c.may_hold_afloat());
        for (p, n) in possible.iter_mut().zip(cover) {
            *p |= n > 0;
        }
    }
    possible
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fleet::Fleet;
    use crate::game::rng::seeded;
    use crate::game::text::round_trips;

    #[test]
    fn levels_are_written_as_their_number() {
        // A level is its number in JSON too, as in requests.
        for level in Level::all() {
            round_trips(level, &level.get().to_string(), &level.get().to_string());
        }
        let e = "0".parse::<Level>().unwrap_err().to_string();
        assert_eq!(e, "level: 0 is out of range; levels go from 1 (weakest) to 10 (strongest)");
        assert_eq!("x".parse::<Level>().unwrap_err().to_string(), r#"level "x": invalid digit found in string"#);
        // Through serde, the same message.
        let e = serde_json::from_str::<Level>("11").unwrap_err().to_string();
        assert!(e.starts_with("level: 11 is out of range"), "{e}");
    }

    #[test]
    fn levels_out_of_range_are_refused() {
        assert_eq!(Level::new(0), Err(LevelError(0)));
        assert_eq!(Level::new(11), Err(LevelError(11)));
        assert_eq!(Level::all().map(Level::get).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
        assert!(Level::STRONGEST.weakness().is_none());
        // Weaker levels err more often, and only levels 1 to 3 ever leave a wounded ship.
        let w: Vec<Weakness> = Level::all().map(Level::weakness).collect();
        for pair in w.windows(2) {
            assert!(pair[0].mistakes > pair[1].mistakes && pair[0].stray >= pair[1].stray, "{pair:?}");
        }
        assert!(w[..3].iter().all(|w| w.stray > 0.0) && w[3..].iter().all(|w| w.stray == 0.0), "{w:?}");
    }

    #[test]
    fn cells_no_ship_fits_are_never_shot() {
        // The 2 fits nowhere among the misses of the top rows except down from row 2.
        let b = Board::parse(&[".o.o.", "o.o.o", ".o.o.", ".....", "....."]).unwrap();
        let f = Fleet::new(&[2], 5).unwrap();
        let possible = possible_cells(&b, f.lengths());
        let dead = [(0, 0), (0, 2), (0, 4), (1, 1), (1, 3)];
        for (i, &fits) in possible.iter().enumerate() {
            let p = b.pos(i);
            let expect = b.get(p) == Cell::Unknown && !dead.contains(&(p.row, p.col));
            assert_eq!(fits, expect, "{p:?}");
        }
        let weakest = Weakened::new(Algorithm::Density, Level::WEAKEST);
        for seed in 0..300 {
            let mut grid = vec![0.0; b.len()];
            let d = weakest.decide_with_own(Turn::new(&b, &f), &mut seeded(seed), &mut grid).unwrap().0;
            assert!(possible[b.index(d.shot)], "seed {seed}: {:?}", d.shot);
        }
    }

    #[test]
    fn middle_levels_shoot_next_to_a_hit_and_the_weakest_sometimes_stray() {
        let b = Board::parse(&["..........", "..........", "....x.....", "..........", ".........."]).unwrap();
        let f = Fleet::classic();
        let near = |p: Pos| b.neighbours(p).any(|n| b.get(n) == Cell::Hit);
        let strays = |level: u64| {
            let player = Weakened::new(Algorithm::Density, Level::new(level).unwrap());
            (0..400)
                .filter(|&seed| {
                    let mut grid = vec![0.0; b.len()];
                    !near(player.decide_with_own(Turn::new(&b, &f), &mut seeded(seed), &mut grid).unwrap().0.shot)
                })
                .count()
        };
        for level in 4..=10 {
            assert_eq!(strays(level), 0, "level {level}");
        }
        let weakest = strays(1);
        assert!((60..=180).contains(&weakest), "level 1 strayed {weakest} times in 400");
    }

    #[test]
    fn weaker_levels_leave_the_best_cells_more_often_and_the_same_seed_gives_the_same_shot() {
        let b = Board::parse(&["..........", "...o......", "..........", "......o...", ".........."]).unwrap();
        let f = Fleet::classic();
        let off_best = |level: u64| {
            let player = Weakened::new(Algorithm::Density, Level::new(level).unwrap());
            (0..400)
                .filter(|&seed| {
                    let mut grid = vec![0.0; b.len()];
                    let shot = player.decide_with_own(Turn::new(&b, &f), &mut seeded(seed), &mut grid).unwrap().0.shot;
                    let again = player.decide_with_own(Turn::new(&b, &f), &mut seeded(seed), &mut grid).unwrap().0.shot;
                    assert_eq!(shot, again);
                    let best = grid.iter().copied().fold(0.0, f64::max);
                    grid[b.index(shot)] < best
                })
                .count()
        };
        let counts: Vec<usize> = [10, 9, 6, 3, 1].iter().map(|&l| off_best(l)).collect();
        assert_eq!(counts[0], 0, "level 10 is density itself");
        assert!(counts.windows(2).all(|c| c[0] < c[1]), "{counts:?}");
    }
}
