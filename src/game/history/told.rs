//! What a history's announcements tell beyond the board it implies: the ships whose cells the
//! board does not show, each with the placements left to it, and the rest of the fleet.

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::rules::{Rules, around};

/// Most assignments of the unseen ships the consistency search and `bayes`'s sum look at: past
/// them, the search lets the history through and `bayes` reads the board alone.
pub const MAX_ASSIGNMENTS: usize = 1024;

/// What the announcements tell beyond the implied board. Empty under `sunk-cells` and `none`,
/// whose answers the board says in full.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// Ships placed by announcements but not shown on the board: under `sunk`, each ship
    /// announced sunk whose cells are uncertain; under `hit`, each ship afloat with hits named.
    pub unseen: Vec<Unseen>,
    /// Lengths of the ships afloat that no announcement places (longest first).
    pub rest: Vec<usize>,
}

/// A ship placed by announcements, and where it may lie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unseen {
    /// Index in the history's starting fleet.
    pub ship: usize,
    pub len: usize,
    /// The turn it was announced sunk (under `sunk`), or `None` (afloat, under `hit`).
    pub sunk_turn: Option<usize>,
    /// Every placement the announcements allow it, each alone: under `sunk`, on cells hit by its
    /// sinking turn, one of them on that turn; under `hit`, covering every hit named for it and
    /// otherwise only `.` cells. Under the no-touch rules, none touches an `x` or `#` of another.
    pub candidates: Vec<Placement>,
}

/// One placement for every unseen ship, and the board with their cells marked `#`, read under
/// the rules ([`crate::game::rules::Rules::reveal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub ships: Vec<Placement>,
    pub board: Board,
}

/// Most partial assignments [`Told::assignments`] tries before it gives up, whatever the limit on
/// whole ones: a history of many sunk ships on a cluster of hits must not cost more than this.
pub const MAX_TRIES: usize = 200_000;

/// More assignments than the caller's limit, or more than [`MAX_TRIES`] partial ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyAssignments;

impl Told {
    /// Whether the announcements tell nothing beyond the board.
    pub fn is_empty(&self) -> bool {
        self.unseen.is_empty()
    }

    /// The ships afloat that no announcement places, as a fleet on `board`; `None` when there are
    /// none.
    pub fn rest_fleet(&self, board: &Board) -> Option<Fleet> {
        (!self.rest.is_empty())
            .then(|| Fleet::new(&self.rest, board.longer_side()).expect("the rest of a checked fleet"))
    }

    /// Every assignment of the unseen ships on `board`: one candidate each, no two overlapping,
    /// and under the no-touch rules none touching another, a `#` or an `x` left to the rest of the
    /// fleet. Each one's board passes the checks of `rules` ([`Rules::check`]) and is read under
    /// them, and leaves no `x` when no ship is left to cover it. At most `limit` assignments
    /// (counted before those checks), after at most [`MAX_TRIES`] partial ones, or
    /// [`TooManyAssignments`].
    pub fn assignments(
        &self,
        board: &Board,
        rules: Rules,
        limit: usize,
    ) -> Result<Vec<Assignment>, TooManyAssignments> {
        let mut search = Search {
            told: self,
            board,
            rules,
            limit,
            owner: vec![usize::MAX; board.len()],
            chosen: Vec::with_capacity(self.unseen.len()),
            out: Vec::new(),
            whole: 0,
            tries: 0,
        };
        search.extend(0)?;
        Ok(search.out)
    }
}

/// The depth-first search of [`Told::assignments`].
struct Search<'a> {
    told: &'a Told,
    board: &'a Board,
    rules: Rules,
    limit: usize,
    /// Per cell, the unseen ship placed on it, or `usize::MAX`.
    owner: Vec<usize>,
    chosen: Vec<Placement>,
    out: Vec<Assignment>,
    /// Whole assignments met so far, checked or not.
    whole: usize,
    /// Partial assignments tried so far.
    tries: usize,
}

impl Search<'_> {
    /// Places the unseen ships from the `k`-th on.
    fn extend(&mut self, k: usize) -> Result<(), TooManyAssignments> {
        self.tries += 1;
        if self.tries > MAX_TRIES {
            return Err(TooManyAssignments);
        }
        if k == self.told.unseen.len() {
            return self.finish();
        }
        for &p in &self.told.unseen[k].candidates {
            if p.cells().any(|c| self.owner[self.board.index(c)] != usize::MAX) {
                continue;
            }
            p.cells().for_each(|c| self.owner[self.board.index(c)] = k);
            self.chosen.push(p);
            let result = self.extend(k + 1);
            self.chosen.pop();
            p.cells().for_each(|c| self.owner[self.board.index(c)] = usize::MAX);
            result?;
        }
        Ok(())
    }

    /// Every unseen ship is placed: keeps the assignment if the rules allow it.
    fn finish(&mut self) -> Result<(), TooManyAssignments> {
        let mut marked = self.board.clone();
        self.chosen.iter().flat_map(|p| p.cells()).for_each(|c| marked.set(c, Cell::Sunk));
        if !self.rules.touching && !apart(self.board, &marked, &self.owner) {
            return Ok(());
        }
        if self.whole == self.limit {
            return Err(TooManyAssignments);
        }
        self.whole += 1;
        if self.rules.check(&marked).is_err() {
            return Ok(());
        }
        let seen = self.rules.reveal(&marked).into_owned();
        if self.told.rest.is_empty() && seen.count(Cell::Hit) > 0 {
            return Ok(());
        }
        self.out.push(Assignment { ships: self.chosen.clone(), board: seen });
        Ok(())
    }
}

/// Under the no-touch rules: whether no assigned cell has, around it, a cell of another assigned
/// ship, a `#` of the original board, or an `x` the assignment left uncovered.
fn apart(board: &Board, marked: &Board, owner: &[usize]) -> bool {
    (0..board.len()).filter(|&i| owner[i] != usize::MAX).all(|i| {
        around(board, board.pos(i)).all(|q| {
            let j = board.index(q);
            let other_ship = owner[j] != usize::MAX && owner[j] != owner[i];
            let sunk_before = owner[j] == usize::MAX && board.cells()[j] == Cell::Sunk;
            !other_ship && !sunk_before && marked.cells()[j] != Cell::Hit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::parse(rows).unwrap()
    }

    fn h(len: usize, row: usize, col: usize) -> Placement {
        Placement { len, row, col, horizontal: true }
    }

    #[test]
    fn assignments_do_not_overlap_and_keep_apart_under_no_touch() {
        // Two ships of length 2 announced sunk on a run of three hits and one more below.
        let b = board(&["xxx.", "....", "...."]);
        let told = Told {
            unseen: vec![
                Unseen { ship: 0, len: 2, sunk_turn: Some(2), candidates: vec![h(2, 0, 0), h(2, 0, 1)] },
                Unseen { ship: 1, len: 1, sunk_turn: Some(2), candidates: vec![h(1, 0, 0), h(1, 0, 1), h(1, 0, 2)] },
            ],
            rest: vec![],
        };
        let classic = told.assignments(&b, Rules::CLASSIC, 100).unwrap();
        let ships: Vec<_> = classic.iter().map(|a| a.ships.clone()).collect();
        assert_eq!(ships, vec![vec![h(2, 0, 0), h(1, 0, 2)], vec![h(2, 0, 1), h(1, 0, 0)]]);
        assert_eq!(classic[0].board.to_rows(), vec!["###.", "....", "...."]);
        // Under no-touch the two ships would touch: nothing is left.
        assert!(told.assignments(&b, Rules::NO_TOUCH, 100).unwrap().is_empty());
        // The limit is reported, not exceeded.
        assert_eq!(told.assignments(&b, Rules::CLASSIC, 1), Err(TooManyAssignments));
    }

    #[test]
    fn no_touch_assignment_leaves_no_hit_beside_it() {
        let b = board(&["xx..", "..x.", "...."]);
        let told = Told {
            unseen: vec![Unseen { ship: 0, len: 2, sunk_turn: Some(1), candidates: vec![h(2, 0, 0)] }],
            rest: vec![2],
        };
        assert_eq!(told.assignments(&b, Rules::CLASSIC, 10).unwrap().len(), 1);
        assert!(told.assignments(&b, Rules::NO_TOUCH, 10).unwrap().is_empty());
    }
}
