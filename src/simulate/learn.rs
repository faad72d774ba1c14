//! What the shooters are told of the opponent's habits in a game: nothing (the uniform prior), the
//! habit's true model (`--oracle`), or a model fitted from `N` past fleets of the same habit
//! (`--learn N`), as a computer player that has played this opponent `N` times before would know.
//!
//! The past fleets of game `i` of a run seeded with `s` are drawn from
//! [`rng::stream`]`(s ^ `[`LEARN_SALT`]`, i)`, a stream independent of the hidden fleet's, so the
//! hidden fleet and the past ones are independent draws of the habit, and every game is played the
//! same whatever the thread count.

use std::sync::Arc;

use thiserror::Error;

use crate::game::board::BoardSize;
use crate::game::fleet::Fleet;
use crate::game::prior::Opponent;
use crate::game::rng;
use crate::game::rules::Rules;
use crate::hiding::habit::{Habit, HabitError};
use crate::inference::opponent::fit;

/// Salt separating the past fleets' streams from the hidden fleets'.
pub const LEARN_SALT: u64 = 0x4c45_4152_4e5f_5041;

/// What the shooters are told of the opponent: [`Knowledge::model`] gives each game's model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knowledge {
    pub habit: Habit,
    /// Past fleets fitted before each game (0: none).
    pub learn: usize,
    /// The habit's true model instead.
    pub oracle: bool,
}

/// Why the shooters cannot be told what was asked.
#[derive(Debug, Error)]
pub enum LearnError {
    #[error("--oracle: placement {0} has no true model (every placement but hard and hard:k has one)")]
    NoOracle(Habit),
    #[error("--oracle and --learn: a shooter is told the true model or learns one, not both")]
    Both,
    #[error("game {game}, past fleet {past}: {source}")]
    Past { game: usize, past: usize, source: HabitError },
}

impl Knowledge {
    /// Whether the shooters can be told it on a `size` board.
    pub fn check(&self, size: BoardSize) -> Result<(), LearnError> {
        match (self.oracle, self.learn) {
            (true, 0) if self.habit.oracle(size.rows, size.cols).is_none() => Err(LearnError::NoOracle(self.habit)),
            (true, 1..) => Err(LearnError::Both),
            _ => Ok(()),
        }
    }

    /// The model the shooters of game `game` believe: `None` (uniform) when told nothing.
    pub fn model(
        &self,
        seed: u64,
        game: usize,
        size: BoardSize,
        fleet: &Fleet,
        rules: Rules,
    ) -> Result<Option<Arc<Opponent>>, LearnError> {
        let BoardSize { rows, cols } = size;
        if self.oracle {
            return Ok(self.habit.oracle(rows, cols).map(Arc::new));
        }
        if self.learn == 0 {
            return Ok(None);
        }
        let mut rng = rng::stream(seed ^ LEARN_SALT, game as u64);
        let past = (0..self.learn)
            .map(|past| {
                self.habit.draw(rows, cols, fleet, rules, &mut rng).map_err(|source| LearnError::Past {
                    game,
                    past,
                    source,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Arc::new(fit(rows, cols, fleet, &past).model)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: BoardSize = BoardSize { rows: 10, cols: 10 };

    fn knowledge(habit: Habit, learn: usize, oracle: bool) -> Knowledge {
        Knowledge { habit, learn, oracle }
    }

    #[test]
    fn learning_changes_the_model_and_is_reproducible() {
        let f = Fleet::classic();
        let model = |k: Knowledge, game| k.model(7, game, SIZE, &f, Rules::CLASSIC).unwrap();
        assert_eq!(model(knowledge(Habit::Edge(1.0), 0, false), 0), None);
        let learnt = model(knowledge(Habit::Edge(1.0), 20, false), 0).unwrap();
        // Edges weigh more than the middle after 20 fleets that hug them.
        assert!(learnt.cells()[5] > 1.2 * learnt.cells()[55], "{:?}", learnt.cells());
        assert_eq!(model(knowledge(Habit::Edge(1.0), 20, false), 0).unwrap(), learnt);
        // Another game learns from other past fleets.
        assert_ne!(model(knowledge(Habit::Edge(1.0), 20, false), 1).unwrap(), learnt);
        let apart = model(knowledge(Habit::Apart, 0, true), 3).unwrap();
        assert_eq!(apart.touching(), 0.0);
    }

    #[test]
    fn an_oracle_needs_a_true_model_and_excludes_learning() {
        assert!(knowledge(Habit::Edge(0.5), 0, true).check(SIZE).is_ok());
        assert!(knowledge(Habit::Hard, 5, false).check(SIZE).is_ok());
        let e = knowledge(Habit::Hard, 0, true).check(SIZE).unwrap_err().to_string();
        assert_eq!(e, "--oracle: placement hard has no true model (every placement but hard and hard:k has one)");
        assert!(matches!(knowledge(Habit::HardOf(8), 0, true).check(SIZE), Err(LearnError::NoOracle(_))));
        assert!(knowledge(Habit::Parallel, 0, true).check(SIZE).is_ok());
        assert!(knowledge(Habit::Across(0.8), 0, true).check(SIZE).is_ok());
        assert!(matches!(knowledge(Habit::Uniform, 3, true).check(SIZE), Err(LearnError::Both)));
    }
}
