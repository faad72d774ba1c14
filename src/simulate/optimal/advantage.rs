//! Where one policy gains on another, exactly, on a small board: the performance-difference
//! identity. Walk every board `other` reaches, each with the share of the layouts that reach it;
//! where `other` shoots a cell `base` would not, its advantage there is the expected shots of
//! taking `other`'s cell and then playing `base`, less `base`'s own value from that board. The
//! advantages, weighted by reach, add up to exactly `other`'s expected shots less `base`'s, so
//! they say which positions a policy's lead comes from, with no sampling error.

use std::collections::HashMap;

use super::{Layouts, Seen, SolveError, answers, decision, over};
use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::rng::seeded;
use crate::shooting::strategy::Strategy;

/// The positions where `other` shoots elsewhere than `base`, grouped by the number of hits not
/// yet sunk on the board (0 is hunt mode).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Phase {
    /// Boards where the two choose differently.
    pub states: usize,
    /// The reach-weighted advantages where `other`'s cell is better (at most 0: fewer shots).
    pub gained: f64,
    /// Those where it is worse (at least 0).
    pub lost: f64,
}

/// The decomposition of `other`'s expected shots less `base`'s.
#[derive(Clone, Debug)]
pub struct Advantage {
    /// Expected shots of each policy from the empty board.
    pub base: f64,
    pub other: f64,
    /// Index k: the boards with k open hits.
    pub phases: Vec<Phase>,
    /// The boards of largest reach-weighted gain for `other`, most first: the weighted advantage,
    /// the board (with the ships afloat) and the two cells, row-major indices.
    pub best: Vec<(f64, Board, Vec<usize>, usize, usize)>,
}

impl Advantage {
    /// The sum of every phase's advantages: `other`'s value less `base`'s.
    pub fn total(&self) -> f64 {
        self.phases.iter().map(|p| p.gained + p.lost).sum()
    }
}

/// How many of the largest gains [`Advantage::best`] keeps.
const KEPT: usize = 8;

/// The exact decomposition of `other`'s expected shots less `base`'s over every layout of
/// `layouts`, both thinking `budget_ms` a move with a fresh seed at each board (as [`super::policy_value`]
/// plays them when their choices do not hang on the generator's history: exact counting, no
/// random ties).
pub fn advantage(
    layouts: &Layouts,
    base: &dyn Strategy,
    other: &dyn Strategy,
    budget_ms: u64,
) -> Result<Advantage, SolveError> {
    let all: Vec<u32> = (0..layouts.len() as u32).collect();
    let start = Seen { shot: 0, hit: 0, sunk: 0 };
    let mut walk = Walk { layouts, budget_ms, base, memo: HashMap::new(), phases: Vec::new(), best: Vec::new() };
    let base_value = walk.value(start, &all)?;
    let other_value = walk.other(other, start, &all)?;
    walk.best.sort_by(|a, b| a.0.total_cmp(&b.0));
    walk.best.truncate(KEPT);
    Ok(Advantage { base: base_value, other: other_value, phases: walk.phases, best: walk.best })
}

struct Walk<'a> {
    layouts: &'a Layouts,
    budget_ms: u64,
    base: &'a dyn Strategy,
    memo: HashMap<Seen, f64>,
    phases: Vec<Phase>,
    best: Vec<(f64, Board, Vec<usize>, usize, usize)>,
}

impl Walk<'_> {
    /// The board `seen` shows and the lengths of the ships afloat (those of any agreeing layout
    /// not wholly sunk).
    fn position(&self, seen: Seen, agree: &[u32]) -> (Board, Vec<usize>) {
        let l = self.layouts;
        let mut board = Board::empty(l.rows, l.cols);
        for i in 0..l.rows * l.cols {
            let bit = 1u64 << i;
            let cell = if seen.sunk & bit != 0 {
                Cell::Sunk
            } else if seen.hit & bit != 0 {
                Cell::Hit
            } else if seen.shot & bit != 0 {
                Cell::Miss
            } else {
                continue;
            };
            board.set(board.pos(i), cell);
        }
        let ships = &l.masks[agree[0] as usize];
        let afloat = ships.iter().filter(|&&m| m & seen.sunk != m).map(|m| m.count_ones() as usize).collect();
        (board, afloat)
    }

    fn choice(&self, strategy: &dyn Strategy, seen: Seen, agree: &[u32]) -> Result<usize, SolveError> {
        let (board, afloat) = self.position(seen, agree);
        let fleet = Fleet::new(&afloat, board.longer_side()).map_err(|_| SolveError::NoLayout)?;
        let shot = decision(strategy, &board, &fleet, self.budget_ms, &mut seeded(0), &mut Vec::new())?;
        Ok(board.index(shot))
    }

    /// `base`'s expected shots from `seen`.
    fn value(&mut self, seen: Seen, agree: &[u32]) -> Result<f64, SolveError> {
        if over(self.layouts, seen, agree) {
            return Ok(0.0);
        }
        if let Some(&v) = self.memo.get(&seen) {
            return Ok(v);
        }
        let cell = self.choice(self.base, seen, agree)?;
        let v = self.shoot(seen, agree, cell)?;
        self.memo.insert(seen, v);
        Ok(v)
    }

    /// One shot at `cell`, then `base`.
    fn shoot(&mut self, seen: Seen, agree: &[u32], cell: usize) -> Result<f64, SolveError> {
        let n = agree.len() as f64;
        let mut v = 1.0;
        for (s, group) in answers(self.layouts, seen, agree, cell) {
            v += group.len() as f64 / n * self.value(s, &group)?;
        }
        Ok(v)
    }

    /// `other`'s expected shots from `seen`, recording its advantage at every board it reaches.
    fn other(&mut self, other: &dyn Strategy, seen: Seen, agree: &[u32]) -> Result<f64, SolveError> {
        if over(self.layouts, seen, agree) {
            return Ok(0.0);
        }
        let ours = self.choice(other, seen, agree)?;
        let theirs = self.choice(self.base, seen, agree)?;
        if ours != theirs {
            let adv = self.shoot(seen, agree, ours)? - self.value(seen, agree)?;
            let weighted = adv * agree.len() as f64 / self.layouts.len() as f64;
            let open_hits = (seen.hit & !seen.sunk).count_ones() as usize;
            if self.phases.len() <= open_hits {
                self.phases.resize(open_hits + 1, Phase::default());
            }
            let phase = &mut self.phases[open_hits];
            phase.states += 1;
            if weighted < 0.0 {
                phase.gained += weighted;
                let (board, afloat) = self.position(seen, agree);
                self.best.push((weighted, board, afloat, ours, theirs));
            } else {
                phase.lost += weighted;
            }
        }
        let n = agree.len() as f64;
        let mut v = 1.0;
        for (s, group) in answers(self.layouts, seen, agree, ours) {
            v += group.len() as f64 / n * self.other(other, s, &group)?;
        }
        Ok(v)
    }
}
