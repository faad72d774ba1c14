//! The posterior of a history whose announcements say more than its board ([`Told`]): a sum over
//! the assignments of the unseen ships (one placement each, [`Told::assignments`], found once for
//! a [`Mixture`]), each weighing
//! its own ships' prior weight times the exact count (or weight) of the rest of the fleet on the
//! board that assignment leaves. Under `sunk` the unseen ships are the ships announced sunk whose
//! cells are uncertain; under `hit` they are the ships afloat whose hits were named.
//!
//! Ships are labelled by the history's fleet, so two assignments that swap two sunk ships of one
//! length are two layouts, as they are for the brute-force enumerator; the rest of the fleet is
//! counted unlabelled, which multiplies every assignment's count by the same factor.

use super::importance::Sampler;
use super::sweep::ExactError;
use super::{count_exact_under, count_weighted};
use crate::game::board::{Board, Cell};
use crate::game::deadline::Work;
use crate::game::fleet::Fleet;
use crate::game::history::{Assignment, MAX_ASSIGNMENTS, Told};
use crate::game::layout::Placement;
use crate::game::observations::scans_agree;
use crate::game::prior::Opponent;
use crate::game::rng::SonarRng;
use crate::game::rules::{Rules, around};

/// The marginals of a history's posterior and how they were obtained.
#[derive(Clone, Debug, PartialEq)]
pub struct Announced {
    /// Per cell (row-major): the probability that a ship lies there; 0 off the board's `.` cells.
    pub marginals: Vec<f64>,
    /// Assignments of the unseen ships with at least one agreeing layout.
    pub assignments: usize,
    /// Draws made, when the rest of the fleet was sampled rather than counted.
    pub samples: Option<u64>,
}

/// One assignment's share: its weight and, per cell, the weight of its layouts with a ship there.
struct Part {
    weight: f64,
    occupancy: Vec<f64>,
}

/// A history's posterior, prepared: the assignments of its unseen ships (found once), each with
/// the board it leaves, and the rest of the fleet, ready to be counted or sampled.
pub struct Mixture<'a> {
    /// The history's implied board, read under `rules`.
    board: &'a Board,
    rules: Rules,
    /// A prior over layouts (touching above 0), or `None` for the uniform prior.
    prior: Option<&'a Opponent>,
    assignments: Vec<Assignment>,
    /// The rest of the fleet; `None` when the unseen ships are all there is.
    rest: Option<Fleet>,
}

impl<'a> Mixture<'a> {
    /// The assignments of `told`'s unseen ships on `board` under `rules`, or
    /// [`ExactError::OverBudget`] past [`MAX_ASSIGNMENTS`].
    pub fn new(board: &'a Board, told: &Told, rules: Rules, prior: Option<&'a Opponent>) -> Result<Self, ExactError> {
        let assignments = told.assignments(board, rules, MAX_ASSIGNMENTS).map_err(|_| ExactError::OverBudget)?;
        Ok(Mixture { board, rules, prior, assignments, rest: told.rest_fleet(board) })
    }

    /// The exact posterior, spending at most `budget` units of counting work, shared evenly by
    /// the assignments; [`ExactError::OverBudget`] when an assignment needs more than its share.
    pub fn count(&self, budget: impl Into<Work>) -> Result<Announced, ExactError> {
        let budget = budget.into().share(self.assignments.len());
        let (rules, prior) = (self.rules, self.prior);
        self.combine(|seen, rest| match prior {
            None => count_exact_under(seen, rest, rules, budget)
                .map(|e| Part { weight: e.layouts as f64, occupancy: e.occupancy.iter().map(|&o| o as f64).collect() }),
            Some(m) => {
                count_weighted(seen, rest, rules, m, budget).map(|e| Part { weight: e.weight, occupancy: e.occupancy })
            }
        })
        .map(|(marginals, assignments)| Announced { marginals, assignments, samples: None })
    }

    /// The posterior with the rest of the fleet sampled by importance sampling, `draws` split
    /// evenly over the assignments, while `keep_going` (asked with the draws so far of each
    /// assignment) allows: where it stops one, the answer is [`ExactError::TimedOut`], since an
    /// assignment whose draws were cut short may seem to agree with nothing.
    pub fn sample(
        &self,
        draws: u64,
        mut keep_going: impl FnMut(u64) -> bool,
        rng: &mut SonarRng,
    ) -> Result<Announced, ExactError> {
        let each = (draws / self.assignments.len().max(1) as u64).max(16);
        let (rules, prior) = (self.rules, self.prior);
        let (mut made, mut stopped) = (0, false);
        let answer = self.combine(|seen, rest| {
            made += each;
            let sampler = Sampler::with_rules(seen, rest, rules).with_prior(prior);
            let go = |drawn| {
                let go = !stopped && keep_going(drawn);
                stopped |= !go;
                go
            };
            match sampler.estimate(each, rng, go) {
                Some(est) => {
                    let occupancy = est.marginals.iter().map(|&p| p * est.layouts).collect();
                    Ok(Part { weight: est.layouts, occupancy })
                }
                None => Err(ExactError::NoLayout),
            }
        });
        if stopped {
            return Err(ExactError::TimedOut);
        }
        answer.map(|(marginals, assignments)| Announced { marginals, assignments, samples: Some(made) })
    }

    /// Sums every assignment's part (from `part`, given the board it leaves and the rest of the
    /// fleet), weighted by its own ships' prior weight, into marginals on the board's `.` cells.
    fn combine(
        &self,
        mut part: impl FnMut(&Board, &Fleet) -> Result<Part, ExactError>,
    ) -> Result<(Vec<f64>, usize), ExactError> {
        let board = self.board;
        let mut total = 0.0;
        let mut occupancy = vec![0.0; board.len()];
        let mut agreeing = 0;
        for a in &self.assignments {
            let p = match &self.rest {
                // The assigned ships are the whole fleet afloat: one layout, if the scans agree.
                None if !scans_agree(&a.board, |_| false) => continue,
                None => Part { weight: 1.0, occupancy: vec![0.0; board.len()] },
                Some(rest) => match part(&a.board, rest) {
                    Ok(p) => p,
                    Err(ExactError::NoLayout) => continue,
                    Err(e) => return Err(e),
                },
            };
            if p.weight <= 0.0 {
                continue;
            }
            agreeing += 1;
            let own = self.prior.map_or(1.0, |m| own_weight(board, &a.ships, m));
            total += own * p.weight;
            for (o, q) in occupancy.iter_mut().zip(&p.occupancy) {
                *o += own * q;
            }
            for c in a.ships.iter().flat_map(|s| s.cells()) {
                occupancy[board.index(c)] += own * p.weight;
            }
        }
        if total <= 0.0 {
            return Err(ExactError::NoLayout);
        }
        let marginals = occupancy
            .iter()
            .zip(board.cells())
            .map(|(&o, &c)| if c.is_open() { (o / total).min(1.0) } else { 0.0 })
            .collect();
        Ok((marginals, agreeing))
    }
}

/// The prior weight the assigned ships add to a layout: their cells' and directions' weights, times
/// `touching` for every pair of neighbouring cells (edge or corner) of two of them or of one of
/// them and a `#` of `board`.
fn own_weight(board: &Board, ships: &[Placement], prior: &Opponent) -> f64 {
    let mut owner = vec![usize::MAX; board.len()];
    for (k, p) in ships.iter().enumerate() {
        p.cells().for_each(|c| owner[board.index(c)] = k);
    }
    let mut cells: f64 = ships.iter().map(|p| prior.direction(p.len, p.horizontal)).product();
    let mut pairs = 0usize;
    for (i, &k) in owner.iter().enumerate().filter(|(_, k)| **k != usize::MAX) {
        cells *= prior.cells()[i];
        for q in around(board, board.pos(i)) {
            let j = board.index(q);
            match owner[j] {
                // Each pair of two assigned ships is met from both sides.
                other if other != usize::MAX && other != k && j > i => pairs += 1,
                usize::MAX if board.cells()[j] == Cell::Sunk => pairs += 1,
                _ => {}
            }
        }
    }
    cells * prior.touching().powi(pairs as i32)
}
