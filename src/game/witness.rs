//! Is a position possible at all? A depth-first search for one layout of the ships afloat that
//! agrees with the board (a witness): every ship on `.`/`x` cells, no two overlapping, every `x`
//! covered, and no ship lying wholly on `x` cells (it would have been sunk). The search is bounded
//! by a step budget, so it answers "possible", "impossible" or "gave up" and never runs long.
//!
//! Under the no-touch rules a ship may also not touch (by an edge or a corner) a `#` cell or a
//! ship placed before it. A whole layout is a witness only when the board's scans agree with it
//! (checked on the whole layout, so scans make the search longer, never wrong).

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::observations::scans_agree;
use crate::game::rules::{Rules, around};

/// Placements the search may examine before it gives up: a bound on its time, small next to a
/// request's budget (measured on the hardest boards tried in `docs/api.md`, "Limits").
pub const STEP_BUDGET: u64 = 200_000;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// A layout that agrees with the board, one placement per ship afloat.
    Found(Vec<Placement>),
    /// Proof that no layout agrees with the board.
    Impossible,
    /// The step budget ran out first: the position may or may not be possible.
    GaveUp,
}

/// Searches for a witness under `rules` with the given step budget.
pub fn find(board: &Board, fleet: &Fleet, rules: Rules, budget: u64) -> Witness {
    let lengths: Vec<(usize, usize)> = fleet.groups().collect(); // (length, count), longest first
    let mut near = vec![0u16; board.len()];
    if !rules.touching {
        for i in (0..board.len()).filter(|&i| board.cells()[i] == Cell::Sunk) {
            around(board, board.pos(i)).for_each(|q| near[board.index(q)] += 1);
        }
    }
    let mut s = Search {
        board,
        touching: rules.touching,
        lies_on_hits: !rules.announce.tells_sinkings(),
        near,
        cols: board.cols(),
        rows: board.rows(),
        taken: vec![false; board.len()],
        left: lengths,
        placed: Vec::with_capacity(fleet.len()),
        free: board.count(Cell::Unknown),
        steps: 0,
        budget,
    };
    match s.cover_hits(0) {
        Outcome::Found => Witness::Found(s.placed),
        Outcome::Impossible => Witness::Impossible,
        Outcome::GaveUp => Witness::GaveUp,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Found,
    Impossible,
    GaveUp,
}

struct Search<'a> {
    board: &'a Board,
    /// Whether ships may touch.
    touching: bool,
    /// Whether a ship may lie wholly on `x` cells (sinkings are not announced).
    lies_on_hits: bool,
    /// Under the no-touch rules: per cell, how many `#` cells and placed ship cells touch it (a
    /// ship may not lie on a cell with a positive count).
    near: Vec<u16>,
    rows: usize,
    cols: usize,
    /// Cells covered by the ships placed so far.
    taken: Vec<bool>,
    /// Ships still to place: (length, how many), longest first.
    left: Vec<(usize, usize)>,
    placed: Vec<Placement>,
    /// `.` cells no placed ship covers.
    free: usize,
    steps: u64,
    budget: u64,
}

impl Search<'_> {
    /// Places ships over the first uncovered hit (none is before `from`) until every hit is
    /// covered, then the rest.
    fn cover_hits(&mut self, from: usize) -> Outcome {
        let Some(hit) = (from..self.board.len()).find(|&i| self.board.cells()[i].holds_ship() && !self.taken[i]) else {
            return self.place_rest(0, 0);
        };
        let (hr, hc) = (hit / self.cols, hit % self.cols);
        for g in 0..self.left.len() {
            let (len, count) = self.left[g];
            if count == 0 {
                continue;
            }
            // Every placement of this length through the hit: k cells of it before the hit.
            let through = [true, false].into_iter().filter(move |&h| h || len > 1).flat_map(move |horizontal| {
                (0..len).map_while(move |k| {
                    let start = if horizontal {
                        hc.checked_sub(k).map(|c| (hr, c))
                    } else {
                        hr.checked_sub(k).map(|r| (r, hc))
                    };
                    start.map(|(row, col)| (Placement { len, row, col, horizontal }, hit + 1))
                })
            });
            match self.first_found(g, through, Search::cover_hits) {
                Outcome::Impossible => {}
                found_or_gave_up => return found_or_gave_up,
            }
        }
        Outcome::Impossible
    }

    /// Every hit is covered: places the remaining ships on free `.` cells, longest first. Ships
    /// of one length take placements in increasing order, so that no arrangement is tried twice.
    fn place_rest(&mut self, group: usize, from: usize) -> Outcome {
        let Some(g) = (group..self.left.len()).find(|&g| self.left[g].1 > 0) else {
            // A whole layout: a witness when the board's scans agree with it, else search on.
            let agrees = scans_agree(self.board, |i| self.taken[i]);
            return if agrees { Outcome::Found } else { Outcome::Impossible };
        };
        let from = if g == group { from } else { 0 };
        let needed: usize = self.left.iter().map(|&(len, n)| len * n).sum();
        if needed > self.free {
            return Outcome::Impossible;
        }
        let (len, cols) = (self.left[g].0, self.cols);
        // Placement index = 2 * first cell + (0 for horizontal, 1 for vertical).
        let placements = (from..self.rows * cols * 2).filter(move |&i| i % 2 == 0 || len > 1).map(move |i| {
            let cell = i / 2;
            (Placement { len, row: cell / cols, col: cell % cols, horizontal: i % 2 == 0 }, i + 1)
        });
        self.first_found(g, placements, move |s, next| s.place_rest(g, next))
    }

    /// Tries each candidate placement for a ship of group `g` in turn, going on with `then` from
    /// the index paired with it: the first witness found ends the search, and so does the budget.
    fn first_found(
        &mut self,
        g: usize,
        candidates: impl Iterator<Item = (Placement, usize)>,
        then: impl Fn(&mut Self, usize) -> Outcome,
    ) -> Outcome {
        for (p, next) in candidates {
            match self.try_place(p, g, |s| then(s, next)) {
                Outcome::Impossible => {}
                found_or_gave_up => return found_or_gave_up,
            }
            if self.steps > self.budget {
                return Outcome::GaveUp;
            }
        }
        Outcome::Impossible
    }

    /// Places `p` (a ship of group `g`) if it is legal, runs `then`, and takes it back unless
    /// `then` found a witness.
    fn try_place(&mut self, p: Placement, g: usize, then: impl FnOnce(&mut Self) -> Outcome) -> Outcome {
        self.steps += 1;
        let Some((start, step)) = self.legal(p) else {
            return Outcome::Impossible;
        };
        let cells = (0..p.len).map(move |k| start + k * step);
        cells.clone().for_each(|i| self.taken[i] = true);
        self.mark_near(p, 1);
        let unknown = cells.clone().filter(|&i| self.board.cells()[i] == Cell::Unknown).count();
        self.free -= unknown;
        self.left[g].1 -= 1;
        self.placed.push(p);
        let outcome = then(self);
        if outcome != Outcome::Found {
            self.placed.pop();
            self.left[g].1 += 1;
            cells.for_each(|i| self.taken[i] = false);
            self.mark_near(p, -1);
            self.free += unknown;
        }
        outcome
    }

    /// Under the no-touch rules, counts (`by` 1) or uncounts (-1) the cells around `p`.
    fn mark_near(&mut self, p: Placement, by: i16) {
        if self.touching {
            return;
        }
        for c in p.cells() {
            for q in around(self.board, c) {
                let i = self.board.index(q);
                self.near[i] = self.near[i].wrapping_add_signed(by);
            }
        }
    }

    /// The first cell and the index step of `p` if it lies on the board, on free `.`/`x` cells,
    /// and not wholly on `x` (unless sinkings go unannounced).
    fn legal(&self, p: Placement) -> Option<(usize, usize)> {
        let fits = if p.horizontal {
            p.row < self.rows && p.col + p.len <= self.cols
        } else {
            p.col < self.cols && p.row + p.len <= self.rows
        };
        if !fits {
            return None;
        }
        let step = if p.horizontal { 1 } else { self.cols };
        let start = p.row * self.cols + p.col;
        let mut cells = (0..p.len).map(|k| (start + k * step, self.board.cells()[start + k * step]));
        let legal = cells.clone().all(|(i, c)| !self.taken[i] && c.may_hold_afloat() && self.near[i] == 0)
            && (self.lies_on_hits || cells.any(|(_, c)| c.is_open()));
        legal.then_some((start, step))
    }
}
