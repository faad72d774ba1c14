//! A rollout: the rest of a game played by `weighted-density` against one hidden layout of the
//! ships afloat, from the position on the board, with a referee of its own (the engine's referee
//! would import the strategies, and through them this module: an import circle).

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::turn::Turn;
use crate::shooting::strategy::weighted_density::{HIT_BONUS, weighted_density};

const NO_SHIP: u8 = u8::MAX;

/// The sea behind a position: which ship of the layout lies on each cell, and how many of its
/// cells are still unhit.
pub struct Sea {
    board: Board,
    fleet: Fleet,
    owner: Vec<u8>,
    unhit: Vec<usize>,
    layout: Layout,
}

impl Clone for Sea {
    fn clone(&self) -> Sea {
        let (board, fleet, owner) = (self.board.clone(), self.fleet.clone(), self.owner.clone());
        Sea { board, fleet, owner, unhit: self.unhit.clone(), layout: self.layout.clone() }
    }

    /// Copies into the memory already allocated: a plan resets a sea per candidate.
    fn clone_from(&mut self, source: &Sea) {
        self.board.clone_from(&source.board);
        self.fleet.clone_from(&source.fleet);
        self.owner.clone_from(&source.owner);
        self.unhit.clone_from(&source.unhit);
        (self.layout.rows, self.layout.cols) = (source.layout.rows, source.layout.cols);
        self.layout.ships.clone_from(&source.layout.ships);
    }
}

impl Sea {
    /// The position `board` (ships afloat `fleet`) with `layout` (of the ships afloat, covering
    /// every `x`) hidden under it.
    pub fn new(board: &Board, fleet: &Fleet, layout: &Layout) -> Sea {
        let mut owner = vec![NO_SHIP; board.len()];
        let mut unhit = Vec::with_capacity(layout.ships.len());
        for (k, ship) in layout.ships.iter().enumerate() {
            let mut left = ship.len;
            for c in ship.cells() {
                let i = board.index(c);
                owner[i] = k as u8;
                left -= usize::from(board.cells()[i] == Cell::Hit);
            }
            unhit.push(left);
        }
        debug_assert!(
            board.cells().iter().zip(&owner).all(|(&c, &o)| (c == Cell::Hit) <= (o != NO_SHIP)),
            "the layout covers every hit"
        );
        Sea { board: board.clone(), fleet: fleet.clone(), owner, unhit, layout: layout.clone() }
    }

    pub fn is_over(&self) -> bool {
        self.fleet.is_empty()
    }

    /// Fires at open cell `i`: a miss, a hit, or the ship's sinking (its cells become `#`).
    pub fn fire(&mut self, i: usize) {
        debug_assert_eq!(self.board.cells()[i], Cell::Unknown);
        let p = self.board.pos(i);
        let Some(k) = Some(self.owner[i] as usize).filter(|&k| k != NO_SHIP as usize) else {
            return self.board.set(p, Cell::Miss);
        };
        self.unhit[k] -= 1;
        if self.unhit[k] > 0 {
            return self.board.set(p, Cell::Hit);
        }
        let ship = self.layout.ships[k];
        ship.cells().for_each(|c| self.board.set(c, Cell::Sunk));
        self.fleet.remove(ship.len);
    }

    /// Plays `weighted-density` (in `turn`'s tie order, reading the board under its rules) to the
    /// end of the game, adding each shot's work to `work` ([`Sea::step`]). Returns the shots fired.
    /// The plans stop their rollouts where they meet ([`Path`]); the tests play them out whole.
    #[cfg(test)]
    pub fn finish(mut self, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
        let mut shots = 0;
        while !self.is_over() {
            self.step(turn, grid, work);
            shots += 1;
        }
        shots
    }

    /// One shot of `weighted-density` (in `turn`'s tie order, reading the board under its rules)
    /// in a game not over, adding its work ([`scan_units`]) to `work`. Returns the cell fired.
    pub fn step(&mut self, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
        let seen = turn.rules.reveal(&self.board);
        grid.clear();
        grid.resize(seen.len(), 0.0);
        weighted_density(&seen, &self.fleet, HIT_BONUS, grid);
        let shot = turn.order.best(&seen, grid, |i| seen.cells()[i] == Cell::Unknown);
        let i = seen.index(shot.expect("a game not over has an open cell"));
        *work += scan_units(turn);
        drop(seen);
        self.fire(i);
        i
    }
}

/// The work of one rollout shot: the cells its scan covers, three times under the no-touch rules,
/// whose reading of the board (the water around sunk ships) costs twice as much again.
pub fn scan_units(turn: Turn<'_>) -> u64 {
    turn.board.len() as u64 * if turn.rules.touching { 1 } else { 3 }
}

/// The cells one rollout fired, in order, with a hash of the set fired after each shot. The base
/// policy is deterministic, so two rollouts on one layout that have fired the same set of cells
/// (their boards agree) play the same rest of the game: a rollout that reaches a set another
/// has passed through after as many shots can stop there and take the other's total.
#[derive(Default)]
pub struct Path {
    fired: Vec<usize>,
    hashes: Vec<u64>,
    /// Shots to the end of the game, once known.
    pub total: usize,
}

impl Path {
    /// Empties the path, keeping its memory, for the next rollout.
    pub fn clear(&mut self) {
        self.fired.clear();
        self.hashes.clear();
        self.total = 0;
    }

    pub fn push(&mut self, cell: usize) {
        let before = self.hashes.last().copied().unwrap_or(0);
        self.fired.push(cell);
        self.hashes.push(before ^ cell_key(cell));
    }

    pub fn len(&self) -> usize {
        self.fired.len()
    }

    /// `other`'s total when `other` has fired, in its first `self.len()` shots, the very cells
    /// `self` has fired (the hashes first, then the sets).
    pub fn meets(&self, other: &Path) -> Option<usize> {
        let t = self.fired.len();
        if t == 0 || other.hashes.len() < t || other.hashes[t - 1] != self.hashes[t - 1] {
            return None;
        }
        let (mut a, mut b) = (self.fired.clone(), other.fired[..t].to_vec());
        a.sort_unstable();
        b.sort_unstable();
        (a == b).then_some(other.total)
    }
}

/// A fixed pseudo-random key per cell (splitmix64's finaliser), XORed into a path's hash.
fn cell_key(cell: usize) -> u64 {
    let mut z = (cell as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
