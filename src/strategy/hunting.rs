//! `bayes`'s hunting move: on a board without a hit, under the classic rules and the uniform prior,
//! the shot is the cell the most ship placements cross (each ship's placements that avoid the
//! misses and sunk cells, counted as `weighted-density` counts them), among the cells the
//! posterior gives a chance. The cell most likely to hold a ship is not the best hunting move: a
//! hit there finds a ship no sooner on average, and a miss rules out fewer placements (measured in
//! `docs/simulator.md`, "Board sizes"). Once a ship is hit the posterior's likeliest cell is the
//! shot again.
//!
//! The count stands for what the posterior knows only where ships are placed independently of
//! each other and of the board's cells: under the no-touch rules (ships keep apart) and under a
//! model of the opponent's habits the likeliest cell stays the hunting move, as measured there
//! (the no-touch ten-ship game lost 1.3 shots a game hunting by the count). Salvos keep the
//! posterior's k likeliest cells.

use crate::board::{Cell, Pos};
use crate::turn::Turn;

use super::weighted_density::scores;

/// Why a hunting shot is not the grid's most likely cell.
pub const HUNTING: &str = "hunting: no ship is hit yet, so the shot is the cell the most ship placements cross (a miss there rules out the most), which finds the fleet sooner than the likeliest cell (measured; see docs/simulator.md)";

/// The hunting cell of a one-shot turn on a board without a hit, under the classic touching
/// rules and the uniform prior; `None` otherwise: the open cell of highest placement count among
/// those of positive `marginals`, ties in the turn's order.
pub fn hunting_cell(turn: Turn<'_>, marginals: &[f64]) -> Option<Pos> {
    let board = turn.board;
    let uniform = turn.opponent.is_none_or(|m| m.is_uniform());
    if turn.rules.salvo != 1 || !turn.rules.touching || !uniform || board.has_hits() {
        return None;
    }
    let mut count = vec![0.0; board.len()];
    scores(board, turn.fleet, None, &mut count);
    let open = |i: usize| board.cells()[i] == Cell::Unknown && marginals[i] > 0.0;
    turn.order.best(board, &count, open)
}
