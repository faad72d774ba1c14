//! A rollout: the rest of a game played by `weighted-density` against one hidden layout of the
//! ships afloat, from the position on the board, through the game's own referee
//! ([`crate::game::referee::Game`]), recounting the board at every shot; `tally.rs` keeps the
//! counts up to date instead where it can.

use crate::game::board::Cell;
use crate::game::fleet::Fleet;
use crate::game::referee::Game;
use crate::game::turn::Turn;
use crate::shooting::strategy::weighted_density::{HIT_BONUS, weighted_density};

/// Plays `weighted-density` (in `turn`'s tie order, reading the board under its rules) to the end
/// of the game, adding each shot's work to `work` ([`step`]). Returns the shots fired. The plans
/// stop their rollouts where they meet ([`Path`]); the tests play them out whole.
#[cfg(test)]
pub fn finish(mut game: Game, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
    let mut shots = 0;
    while !game.is_over() {
        step(&mut game, turn, grid, work);
        shots += 1;
    }
    shots
}

/// One shot of `weighted-density` (in `turn`'s tie order, reading the board under its rules) in a
/// game not over, adding its work ([`step_units`]) to `work`. Returns the cell fired.
pub fn step(game: &mut Game, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
    let seen = turn.rules.reveal(game.board());
    grid.clear();
    grid.resize(seen.len(), 0.0);
    weighted_density(&seen, game.fleet(), HIT_BONUS, grid);
    let shot = turn.order.best(&seen, grid, |i| seen.cells()[i] == Cell::Unknown);
    let shot = shot.expect("a game not over has an open cell");
    *work += step_units(turn, game.fleet());
    drop(seen);
    game.fire(shot).expect("the base policy shoots an open cell of a game not over");
    game.board().index(shot)
}

/// The work of one rollout shot with `afloat` left to sink: a scan of the board for each length of
/// ship afloat and one more to choose, every scan [`NO_TOUCH_SCAN_COST`] times dearer under the
/// no-touch rules, whose reading of the board (the water around sunk ships) and fleets of
/// single-cell ships cost more.
pub fn step_units(turn: Turn<'_>, afloat: &Fleet) -> u64 {
    let scans = 1 + afloat.groups().count() as u64;
    turn.board.len() as u64 * scans * if turn.rules.touching { 1 } else { NO_TOUCH_SCAN_COST }
}

/// The work of one rollout shot whose counts a tally keeps up to date rather than
/// recounted: a [`TALLIED_STEP_SHARE`] of [`step_units`]
/// (`docs/decisions/0047-planning-calibration.md#rollouts-keep-their-counts`).
pub fn tallied_step_units(turn: Turn<'_>, afloat: &Fleet) -> u64 {
    step_units(turn, afloat) / TALLIED_STEP_SHARE
}

/// A tallied shot is charged one part in this many of a recounted one.
pub const TALLIED_STEP_SHARE: u64 = 2;

/// How much dearer a rollout's scan is under the no-touch rules.
pub const NO_TOUCH_SCAN_COST: u64 = 4;

/// The work of starting one rollout (setting up the referee's game from a layout), in scans of one
/// cell: about [`START_SCANS`] scans of the board.
pub fn start_units(turn: Turn<'_>) -> u64 {
    turn.board.len() as u64 * START_SCANS
}

/// Board scans a rollout's start costs.
pub const START_SCANS: u64 = 18;

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
