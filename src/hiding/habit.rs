//! Placement habits standing for human players, for the simulator to hide fleets with and to learn
//! from: each draws layouts, and most have a true model ([`Habit::oracle`]) to compare a fitted one
//! with.
//!
//! It sits beside [`crate::inference::opponent`] rather than in it: the `hard` habit is the computer's hard
//! style ([`crate::hiding::placement`]), which reaches the posterior, which uses the opponent model, so a
//! habit inside `opponent` would close an import circle.

use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;

use thiserror::Error;

use crate::game::board::Board;
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, random_layout_under};
use crate::game::prior::{MAX_ACROSS, Opponent};
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::hiding::placement::{MAX_HARD_CANDIDATES, PlacementError, Style, place_least_exposed, place_styled};
use crate::inference::opponent::{DrawError, MAX_ATTEMPTS, Sampler, draw};

/// Largest `|θ|` of `edge:θ` (so that every cell weight stays well within the model's range).
pub const MAX_EDGE: f64 = 3.0;
/// Smallest `p` of `across:p`, and `1 - MIN_ACROSS_P` the largest (so that `p / (1 - p)` stays
/// within the model's range; `parallel` is the habit of every ship across).
pub const MIN_ACROSS_P: f64 = 0.001;

/// How a player hides a fleet. Written as text: `uniform`, `hard`, `edge:1.5`, `apart`, `parallel`,
/// `across:0.8`.
#[derive(Clone, Copy, Debug, PartialEq, Default, SerializeDisplay, DeserializeFromStr)]
pub enum Habit {
    /// Every layout the rules allow equally likely.
    #[default]
    Uniform,
    /// The computer's hard style ([`Style::Hard`]): the least exposed of
    /// [`HARD_CANDIDATES`](crate::hiding::placement::HARD_CANDIDATES) uniform layouts.
    Hard,
    /// The least exposed of `k` uniform layouts (`hard:k`, k from 1 to [`MAX_HARD_CANDIDATES`]):
    /// the hard style's frontier between costing shooters that assume uniform layouts and being
    /// learnt.
    HardOf(usize),
    /// Each cell weighs `exp(θ x the board edges it lies on)` (a corner lies on two): `θ > 0` hugs
    /// the edges, `θ < 0` avoids them; touching as uniform (`t` 1).
    Edge(f64),
    /// Classic rules, but the player never lets ships touch, even at a corner (`t` 0).
    Apart,
    /// Every ship horizontal, uniform otherwise. Its true model is the uniform one with `across` at
    /// its bound ([`MAX_ACROSS`]), which all but excludes a ship laid down.
    Parallel,
    /// Mostly, not always, one way: each ship of 2 or more weighs `p / (1 - p)` laid across
    /// against 1 laid down (`across:p`, `p` strictly between 0 and 1), uniform otherwise, so that a
    /// ship alone on an empty square board lies across with probability `p`.
    Across(f64),
}

/// Text that names no habit.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "placement {0:?}: expected uniform, hard, hard:k (k from 1 to {MAX_HARD_CANDIDATES}), apart, parallel, edge:θ (θ a number from -{MAX_EDGE} to {MAX_EDGE}) or across:p (p a probability from {MIN_ACROSS_P} to {max})", max = 1.0 - MIN_ACROSS_P
)]
pub struct UnknownHabit(pub String);

/// Why a habit drew no layout.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum HabitError {
    #[error(transparent)]
    Placement(#[from] PlacementError),
    #[error("ships: {0}")]
    Draw(#[from] DrawError),
}

impl Habit {
    /// The true model of the habit on a `rows` x `cols` board, where one exists (not for `hard`,
    /// whose layouts depend on the whole fleet's exposure).
    pub fn oracle(self, rows: usize, cols: usize) -> Option<Opponent> {
        match self {
            Habit::Uniform => Some(Opponent::uniform(rows, cols)),
            Habit::Edge(theta) => {
                let edges = |r: usize, c: usize| {
                    [r == 0, r + 1 == rows, c == 0, c + 1 == cols].into_iter().filter(|&e| e).count() as f64
                };
                let log: Vec<f64> = (0..rows * cols).map(|i| theta * edges(i / cols, i % cols)).collect();
                Some(Opponent::from_log(rows, cols, &log, 1.0))
            }
            Habit::Apart => Some(Opponent::new(rows, cols, &vec![vec![1.0; cols]; rows], 0.0).expect("a valid model")),
            Habit::Parallel => Some(Opponent::uniform(rows, cols).with_across(MAX_ACROSS).expect("the bound is valid")),
            Habit::Across(p) => Some(Opponent::uniform(rows, cols).with_across(p / (1.0 - p)).expect("p within range")),
            Habit::Hard | Habit::HardOf(_) => None,
        }
    }

    /// A layout of `fleet` hidden with this habit under `rules`.
    pub fn draw(
        self,
        rows: usize,
        cols: usize,
        fleet: &Fleet,
        rules: Rules,
        rng: &mut SonarRng,
    ) -> Result<Layout, HabitError> {
        let model = |m: Option<Opponent>| m.unwrap_or_else(|| Opponent::uniform(rows, cols));
        Ok(match self {
            Habit::Uniform => {
                random_layout_under(rows, cols, fleet.lengths(), rules, rng).map_err(PlacementError::from)?
            }
            Habit::Hard => place_styled(&Board::empty(rows, cols), fleet, rules, Style::Hard, rng)?,
            Habit::HardOf(k) => place_least_exposed(&Board::empty(rows, cols), fleet, rules, k, rng)?,
            Habit::Edge(_) | Habit::Apart | Habit::Across(_) => {
                draw(&model(self.oracle(rows, cols)), fleet.lengths(), rules, rng)?
            }
            Habit::Parallel => {
                let mut attempts = MAX_ATTEMPTS;
                Sampler::new(&model(None), fleet.lengths(), rules, true)?.draw(&mut attempts, rng)?
            }
        })
    }
}

impl std::str::FromStr for Habit {
    type Err = UnknownHabit;

    fn from_str(text: &str) -> Result<Habit, UnknownHabit> {
        match text {
            "uniform" => Ok(Habit::Uniform),
            "hard" => Ok(Habit::Hard),
            "apart" => Ok(Habit::Apart),
            "parallel" => Ok(Habit::Parallel),
            other if other.starts_with("hard:") => other["hard:".len()..]
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|k| (1..=MAX_HARD_CANDIDATES).contains(k))
                .map(Habit::HardOf)
                .ok_or_else(|| UnknownHabit(other.to_owned())),
            other if other.starts_with("across:") => other["across:".len()..]
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|p| (MIN_ACROSS_P..=1.0 - MIN_ACROSS_P).contains(p))
                .map(Habit::Across)
                .ok_or_else(|| UnknownHabit(other.to_owned())),
            other => other
                .strip_prefix("edge:")
                .and_then(|theta| theta.trim().parse::<f64>().ok())
                .filter(|theta| theta.is_finite() && theta.abs() <= MAX_EDGE)
                .map(Habit::Edge)
                .ok_or_else(|| UnknownHabit(other.to_owned())),
        }
    }
}

impl fmt::Display for Habit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Habit::Uniform => f.write_str("uniform"),
            Habit::Hard => f.write_str("hard"),
            Habit::HardOf(k) => write!(f, "hard:{k}"),
            Habit::Edge(theta) => write!(f, "edge:{theta}"),
            Habit::Apart => f.write_str("apart"),
            Habit::Parallel => f.write_str("parallel"),
            Habit::Across(p) => write!(f, "across:{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prior::touching_pairs;
    use crate::game::rng::seeded;
    use crate::game::text::round_trips;

    #[test]
    fn habits_are_written_as_text() {
        round_trips(Habit::Uniform, "uniform", r#""uniform""#);
        round_trips(Habit::Hard, "hard", r#""hard""#);
        round_trips(Habit::Edge(1.0), "edge:1", r#""edge:1""#);
        round_trips(Habit::Edge(-0.5), "edge:-0.5", r#""edge:-0.5""#);
        round_trips(Habit::Apart, "apart", r#""apart""#);
        round_trips(Habit::Parallel, "parallel", r#""parallel""#);
        round_trips(Habit::HardOf(4), "hard:4", r#""hard:4""#);
        round_trips(Habit::Across(0.8), "across:0.8", r#""across:0.8""#);
        for bad in ["hard:0", "hard:65", "hard:x", "across:0", "across:1", "across:1.5", "across:NaN", "across:"] {
            assert!(bad.parse::<Habit>().is_err(), "{bad}");
        }
        for bad in ["sneaky", "edge:", "edge:x", "edge:4", "edge:NaN", "edge:inf"] {
            assert_eq!(bad.parse::<Habit>(), Err(UnknownHabit(bad.to_owned())), "{bad}");
        }
        let e = "edge:9".parse::<Habit>().unwrap_err().to_string();
        assert_eq!(
            e,
            r#"placement "edge:9": expected uniform, hard, hard:k (k from 1 to 64), apart, parallel, edge:θ (θ a number from -3 to 3) or across:p (p a probability from 0.001 to 0.999)"#
        );
    }

    #[test]
    fn oracles_are_the_true_models() {
        assert!(Habit::Uniform.oracle(10, 10).unwrap().is_uniform());
        assert_eq!(Habit::Hard.oracle(10, 10), None);
        let parallel = Habit::Parallel.oracle(10, 10).unwrap();
        assert!(parallel.flat_cells() && parallel.touching() == 1.0 && parallel.across() == MAX_ACROSS);
        let across = Habit::Across(0.8).oracle(10, 10).unwrap();
        assert!(across.flat_cells() && (across.across() - 4.0).abs() < 1e-12);
        let apart = Habit::Apart.oracle(10, 10).unwrap();
        assert!(apart.flat_cells() && apart.touching() == 0.0);
        let edge = Habit::Edge(1.0).oracle(4, 5).unwrap();
        let w = |r: usize, c: usize| edge.cells()[r * 5 + c];
        assert_eq!(w(0, 0), 1.0); // two edges: the largest
        assert!((w(0, 2) - (-1.0f64).exp()).abs() < 1e-12);
        assert!((w(1, 2) - (-2.0f64).exp()).abs() < 1e-12);
        assert_eq!(edge.touching(), 1.0);
    }

    #[test]
    fn each_habit_draws_its_kind_of_layout() {
        let f = Fleet::classic();
        let mut rng = seeded(4);
        let draws = 300;
        let border = |habit: Habit, rng: &mut SonarRng| {
            let (mut edge, mut touching) = (0usize, 0usize);
            for _ in 0..draws {
                let l = habit.draw(10, 10, &f, Rules::CLASSIC, rng).unwrap();
                if habit == Habit::Parallel {
                    assert!(l.ships.iter().all(|p| p.horizontal));
                }
                edge += l
                    .ships
                    .iter()
                    .flat_map(|p| p.cells())
                    .filter(|c| [c.row, c.col].iter().any(|&x| x == 0 || x == 9))
                    .count();
                touching += usize::from(touching_pairs(&l) > 0);
            }
            (edge as f64 / (17 * draws) as f64, touching)
        };
        let (uniform, touched) = border(Habit::Uniform, &mut rng);
        assert!(touched > 0);
        // Uniform layouts put about 30% of their cells on the border; edge:1 and hard:64 far more,
        // hard (3 candidates) a little more.
        assert!((0.25..0.35).contains(&uniform), "{uniform}");
        assert!(border(Habit::Edge(1.0), &mut rng).0 > uniform + 0.15);
        assert!(border(Habit::Edge(-1.0), &mut rng).0 < uniform - 0.1);
        assert!(border(Habit::HardOf(64), &mut rng).0 > uniform + 0.15);
        let hard = border(Habit::Hard, &mut rng).0;
        assert!(hard > uniform + 0.04 && hard < uniform + 0.15, "{hard}");
        assert_eq!(border(Habit::Apart, &mut rng).1, 0);
        border(Habit::Parallel, &mut rng);
        // across:0.8 lays about 4 ships of 5 across (overlaps move it a little), across:0.2 one.
        let share = |p: f64, rng: &mut SonarRng| {
            let across: usize = (0..draws)
                .map(|_| Habit::Across(p).draw(10, 10, &f, Rules::CLASSIC, rng).unwrap())
                .map(|l| l.ships.iter().filter(|s| s.horizontal).count())
                .sum();
            across as f64 / (5 * draws) as f64
        };
        let (most, few) = (share(0.8, &mut rng), share(0.2, &mut rng));
        assert!((0.75..0.85).contains(&most) && (0.15..0.25).contains(&few), "{most} {few}");
        // The same generator state gives the same layout.
        for habit in [Habit::Uniform, Habit::Hard, Habit::Edge(0.5), Habit::Apart, Habit::Parallel, Habit::Across(0.7)]
        {
            let draw = |seed| habit.draw(10, 10, &f, Rules::CLASSIC, &mut seeded(seed)).unwrap();
            assert_eq!(draw(7), draw(7));
        }
    }
}
