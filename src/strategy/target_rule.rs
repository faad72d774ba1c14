//! The frame the `bayes` variants share: in hunt mode they play `bayes`; once there are hits they
//! keep `bayes`'s posterior as their grid but choose the shot by a rule of their own (issue 26's
//! hypotheses on why the greedy posterior trails `weighted-density`), and say so when the shot is
//! not the grid's highest cell. Given a history whose announcements tell more than its board, or a
//! model of the opponent, they play `bayes` throughout: their rules read the board alone under the
//! uniform prior.

use super::bayes::{Bayes, exact_work, sample_draws};
use super::contract::{AlgorithmInfo, Decision, PosteriorFacts, Strategy, StrategyError};
use crate::board::{Board, Cell};
use crate::layout::Placement;
use crate::posterior::ExactError;
use crate::posterior::held::held;
use crate::rng::SonarRng;
use crate::turn::Turn;

/// What a variant computes for a target-mode turn: the posterior marginals (the grid), its own
/// score per cell (the shot is the open cell of highest score), and how the posterior was had.
pub struct Scored {
    pub marginals: Vec<f64>,
    pub score: Vec<f64>,
    pub facts: PosteriorFacts,
}

/// The compute a variant may spend on a turn: `bayes`'s exact-counting work bound and draw count.
#[derive(Clone, Copy, Debug)]
pub struct Spend {
    pub work: u64,
    pub draws: u64,
}

/// A rule over the placements the agreeing layouts hold ([`held`]): each placement's weight is
/// credited to the cells `credit` lists for it, summed before one division a cell (so that equal
/// counts give equal scores and ties go to the turn's order), and `mix` turns a cell's marginal
/// and credited share into its score.
pub fn placement_rule(
    turn: Turn<'_>,
    spend: Spend,
    rng: &mut SonarRng,
    credit: impl Fn(&Board, &Placement, &mut dyn FnMut(usize)),
    mix: impl Fn(f64, f64) -> f64,
) -> Result<Scored, ExactError> {
    let board = turn.board;
    let h = held(board, turn.fleet, turn.rules, spend.work, spend.draws, rng)?;
    let marginals = h.marginals(board);
    let mut credited = vec![0.0; board.len()];
    for (p, w) in &h.placements {
        credit(board, p, &mut |i| credited[i] += w);
    }
    let score = marginals.iter().zip(&credited).map(|(&m, &c)| mix(m, c / h.total)).collect();
    let facts = PosteriorFacts { exact: h.exact, layouts: None, samples: h.samples };
    Ok(Scored { marginals, score, facts })
}

/// A target-mode rule of its own for computing a turn's [`Scored`] within a [`Spend`].
pub type Rule = fn(Turn<'_>, Spend, &mut SonarRng) -> Result<Scored, ExactError>;

/// One `bayes` variant: its facts, the reason it gives when its shot is not the grid's highest
/// cell, and its rule. Every variant is a [`Strategy`] through this one implementation.
pub struct Variant {
    pub info: AlgorithmInfo,
    pub why: &'static str,
    pub rule: Rule,
}

impl Strategy for Variant {
    fn info(&self) -> AlgorithmInfo {
        self.info
    }

    fn is_heavy(&self) -> bool {
        true
    }

    fn keeps_one_order(&self) -> bool {
        true
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        decide(turn, rng, grid, self.why, self.rule)
    }

    fn no_touch_note(&self) -> &'static str {
        "As bayes: counts only the layouts whose ships keep apart, in hunt mode and in its own target-mode rule"
    }

    fn opponent_note(&self) -> Option<&'static str> {
        Some(
            "Plays as bayes throughout given a model (the posterior under it, the most likely cell): its own target-mode rule reads the uniform prior only",
        )
    }

    fn history_note(&self) -> &'static str {
        "Plays as bayes throughout where the announcements tell more than the board (conditioning on each of them); otherwise its own target-mode rule reads the board the history implies"
    }
}

/// Plays the turn as `bayes` in hunt mode (and with a history's announcements or an opponent
/// model); in target mode, as `rule` scores it, with `why` as the reason when its shot is not
/// the grid's highest cell.
pub fn decide(
    turn: Turn<'_>,
    rng: &mut SonarRng,
    grid: &mut [f64],
    why: &'static str,
    rule: impl FnOnce(Turn<'_>, Spend, &mut SonarRng) -> Result<Scored, ExactError>,
) -> Result<Decision, StrategyError> {
    let board = turn.board;
    let plain = turn.told.is_none() && turn.opponent.is_none_or(|m| m.is_uniform());
    if !board.has_hits() || !plain {
        return Bayes.decide(turn, rng, grid);
    }
    let spend =
        Spend { work: exact_work(turn.budget_ms, turn.rules), draws: sample_draws(board, turn.fleet, turn.budget_ms) };
    let scored = match rule(turn, spend, rng) {
        Ok(scored) => scored,
        Err(ExactError::NoLayout) => return Err(StrategyError::NoLayout),
        // Counts past u128: the plain posterior's own fallbacks.
        Err(_) => return Bayes.decide(turn, rng, grid),
    };
    let open = |i: usize| board.cells()[i] == Cell::Unknown;
    grid.iter_mut().zip(&scored.marginals).enumerate().for_each(|(i, (g, &m))| *g = if open(i) { m } else { 0.0 });
    let shot = turn.order.best(board, &scored.score, open).expect("a checked turn has a '.' cell");
    // A cell within a relative 1e-9 of the best is one of the best (sampled sums of equal shares
    // may differ in their last bits).
    let top = best_value(board, grid);
    let why = (grid[board.index(shot)] < top * (1.0 - TIE)).then_some(why);
    Ok(Decision { shot, posterior: Some(scored.facts), why, plan: None })
}

/// How far below the grid's best, relatively, a shot must be to say why.
pub const TIE: f64 = 1e-9;

/// The highest grid value over the `.` cells.
fn best_value(board: &Board, grid: &[f64]) -> f64 {
    grid.iter().zip(board.cells()).filter(|(_, c)| **c == Cell::Unknown).map(|(v, _)| *v).fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::Fleet;
    use crate::rng::seeded;

    /// In hunt mode a variant is `bayes`, move for move.
    #[test]
    fn hunt_mode_is_bayes() {
        let board = Board::parse(&["......", "..o...", "......", "....o.", "......"]).unwrap();
        let fleet = Fleet::new(&[3, 2], 6).unwrap();
        let turn = Turn::new(&board, &fleet);
        let (mut a, mut b) = (vec![0.0; 30], vec![0.0; 30]);
        let ours = decide(turn, &mut seeded(4), &mut a, "never", |_, _, _| unreachable!()).unwrap();
        let plain = Bayes.decide(turn, &mut seeded(4), &mut b).unwrap();
        assert_eq!((ours, a), (plain, b));
    }

    /// The grid is the posterior; a shot below its best says why, one at its best does not.
    #[test]
    fn a_shot_below_the_grid_maximum_says_why() {
        let board = Board::parse(&["....", ".x..", "...."]).unwrap();
        let fleet = Fleet::new(&[2], 4).unwrap();
        let turn = Turn::new(&board, &fleet);
        let facts = PosteriorFacts { exact: true, layouts: Some(3), samples: None };
        let marginals = vec![0.0, 0.3, 0.0, 0.0, 0.2, 1.0, 0.4, 0.0, 0.0, 0.1, 0.0, 0.0];
        let run = |score: Vec<f64>| {
            let mut grid = vec![0.0; 12];
            let scored = Scored { marginals: marginals.clone(), score, facts };
            let d = decide(turn, &mut seeded(1), &mut grid, "because", |_, _, _| Ok(scored)).unwrap();
            (d, grid)
        };
        let (d, grid) = run(vec![0.0, 9.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!((board.index(d.shot), d.why), (1, Some("because")));
        assert_eq!(grid[5], 0.0, "the hit is not open");
        assert_eq!(grid[6], 0.4);
        let (d, _) = run(vec![0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 9.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!((board.index(d.shot), d.why), (6, None));
    }
}
