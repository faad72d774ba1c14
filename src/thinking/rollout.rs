//! A rollout: the rest of a game played by `weighted-density` against one hidden layout of the
//! ships afloat, from the position on the board, with a referee of its own (the engine's referee
//! would import the strategies, and through them this module: an import circle).

use crate::board::{Board, Cell};
use crate::fleet::Fleet;
use crate::layout::Layout;
use crate::strategy::weighted_density::{HIT_BONUS, weighted_density};
use crate::turn::Turn;

const NO_SHIP: u8 = u8::MAX;

/// The sea behind a position: which ship of the layout lies on each cell, and how many of its
/// cells are still unhit.
#[derive(Clone)]
pub struct Sea {
    board: Board,
    fleet: Fleet,
    owner: Vec<u8>,
    unhit: Vec<usize>,
    layout: Layout,
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
    /// end of the game, adding each shot's work (the cells its scan covers, twice under the no-touch
    /// rules, whose reading of the board costs as much again) to `work`. Returns the shots fired.
    pub fn finish(mut self, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
        let mut shots = 0;
        let per_cell = if turn.rules.touching { 1 } else { 2 };
        while !self.is_over() {
            let seen = turn.rules.reveal(&self.board);
            grid.clear();
            grid.resize(seen.len(), 0.0);
            weighted_density(&seen, &self.fleet, HIT_BONUS, grid);
            let shot = turn.order.best(&seen, grid, |i| seen.cells()[i] == Cell::Unknown);
            let i = seen.index(shot.expect("a game not over has an open cell"));
            *work += seen.len() as u64 * per_cell;
            drop(seen);
            self.fire(i);
            shots += 1;
        }
        shots
    }
}
