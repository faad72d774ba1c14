//! What the agreeing layouts hold, ship by ship, for the shooters that look past each cell's
//! marginal: every ship placement some agreeing layout holds, with the share of the layouts that
//! hold it ([`held`]).
//!
//! Exact where the programme fits the work bound: a placement's count is the sum, over the
//! programme's edges that start that ship there, of the partial layouts reaching the edge times
//! the completions after it ([`ExactTables::placements`]). Past the bound the shares come from
//! the importance sampler's weighted draws, whose self-normalised averages are consistent
//! estimates of the same shares.

use super::{ExactError, ExactTables};
use crate::board::Board;
use crate::fleet::Fleet;
use crate::layout::Placement;
use crate::posterior::importance::Sampler;
use crate::rng::SonarRng;
use crate::rules::Rules;

/// The placements the agreeing layouts hold.
#[derive(Clone, Debug)]
pub struct Held {
    /// Each placement with the weight of the layouts that hold it (a count when exact).
    pub placements: Vec<(Placement, f64)>,
    /// The weight of all the agreeing layouts (their count when exact).
    pub total: f64,
    /// Whether the weights are exact counts.
    pub exact: bool,
    /// When sampled: the draws made.
    pub samples: Option<u64>,
}

impl Held {
    /// Per cell (row-major): the posterior probability that a ship lies there (1 on hits).
    pub fn marginals(&self, board: &Board) -> Vec<f64> {
        // Weights first, one division a cell: equal counts give equal probabilities.
        let mut m = vec![0.0; board.len()];
        for (p, w) in &self.placements {
            for c in p.cells() {
                m[board.index(c)] += w;
            }
        }
        m.iter_mut().for_each(|v| *v /= self.total);
        m
    }
}

/// The placements held by the layouts that agree with `board` (revealed under `rules`): exact
/// within `work` units, else from `draws` importance draws. [`ExactError::NoLayout`] when none
/// agrees (or no draw did).
pub fn held(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    work: u64,
    draws: u64,
    rng: &mut SonarRng,
) -> Result<Held, ExactError> {
    if let Some(tables) = within(board, fleet, rules, work)? {
        let placements = tables.placements().into_iter().map(|(p, n)| (p, n as f64)).collect();
        let total = tables.posterior().layouts as f64;
        return Ok(Held { placements, total, exact: true, samples: None });
    }
    let layouts = sampled(board, fleet, rules, draws, rng)?;
    let total = layouts.iter().map(|(_, w)| w).sum();
    let placements = layouts.into_iter().flat_map(|(ships, w)| ships.into_iter().map(move |p| (p, w))).collect();
    Ok(Held { placements, total, exact: false, samples: Some(draws) })
}

/// The programme's tables when they fit `work` units, `None` when they do not (the sampler's
/// turn), or why no layout agrees.
fn within(board: &Board, fleet: &Fleet, rules: Rules, work: u64) -> Result<Option<ExactTables>, ExactError> {
    match ExactTables::build(board, fleet, rules, work) {
        Ok(tables) => Ok(Some(tables)),
        Err(ExactError::OverBudget) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `n` importance draws with a positive weight, scaled so that the largest weighs 1.
fn sampled(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    n: u64,
    rng: &mut SonarRng,
) -> Result<Vec<(Vec<Placement>, f64)>, ExactError> {
    let sampler = Sampler::with_rules(board, fleet, rules);
    let mut draws: Vec<(Vec<Placement>, f64)> =
        (0..n.max(1)).map(|_| sampler.draw(rng)).filter(|d| d.weight > 0.0).map(|d| (d.ships, d.weight.ln())).collect();
    let top = draws.iter().map(|d| d.1).fold(f64::NEG_INFINITY, f64::max);
    if draws.is_empty() {
        return Err(ExactError::NoLayout);
    }
    draws.iter_mut().for_each(|d| d.1 = (d.1 - top).exp());
    Ok(draws)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::posterior::brute::for_each_layout;
    use crate::rng::seeded;

    /// A placement's exact count is the number of brute-force layouts that hold it, and the
    /// placements through a cell add up to its occupancy.
    #[test]
    fn placement_counts_are_the_layouts_that_hold_them() {
        let boards: [(&[&str], &[usize], Rules); 4] = [
            (&["......", "..x...", "......", "...o..", "......"], &[3, 2, 2], Rules::CLASSIC),
            (&[".....", ".xx..", ".....", "o....", "....."], &[3, 2], Rules::CLASSIC),
            (&["......", ".#....", ".#..x.", "......", "..o..."], &[3, 2], Rules::CLASSIC),
            (&["......", "......", "..x...", "......", "......"], &[3, 2, 1], Rules::NO_TOUCH),
        ];
        for (rows, ships, rules) in boards {
            let board = Board::parse(rows).unwrap();
            let fleet = Fleet::new(ships, 10).unwrap();
            let got = held(&board, &fleet, rules, 1 << 30, 0, &mut seeded(1)).unwrap();
            assert!(got.exact);
            let mut layouts: Vec<Vec<Placement>> = Vec::new();
            for_each_layout(&rules.reveal(&board), &fleet, rules, |ships, _| layouts.push(ships.to_vec()));
            assert_eq!(got.total, layouts.len() as f64, "{rows:?}");
            for (p, n) in &got.placements {
                let holding = layouts.iter().filter(|l| l.contains(p)).count();
                assert_eq!(*n, holding as f64, "{rows:?} {p:?}");
            }
            let distinct: std::collections::HashSet<_> = layouts.iter().flatten().collect();
            assert_eq!(distinct.len(), got.placements.len(), "{rows:?}");
            let m = got.marginals(&board);
            for (i, &c) in board.cells().iter().enumerate() {
                let covered = layouts.iter().filter(|l| l.iter().any(|p| p.cells().any(|q| board.index(q) == i)));
                let want = covered.count() as f64 / layouts.len() as f64;
                assert!((m[i] - want).abs() < 1e-12, "{rows:?} cell {i} {c:?}");
            }
        }
    }

    /// Past the work bound the sampled shares converge to the exact ones.
    #[test]
    fn sampled_shares_converge() {
        let board = Board::parse(&["......", "..x...", "......", "...o..", "......"]).unwrap();
        let fleet = Fleet::new(&[3, 2, 2], 10).unwrap();
        let exact = held(&board, &fleet, Rules::CLASSIC, 1 << 30, 0, &mut seeded(1)).unwrap();
        let est = held(&board, &fleet, Rules::CLASSIC, 1, 40_000, &mut seeded(2)).unwrap();
        assert!(!est.exact && est.samples == Some(40_000));
        let (a, b) = (exact.marginals(&board), est.marginals(&board));
        assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 0.02), "{a:?} {b:?}");
        assert!(board.cells().iter().zip(&b).all(|(&c, &v)| c != Cell::Miss || v == 0.0));
    }
}
