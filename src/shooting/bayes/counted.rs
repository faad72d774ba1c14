//! `bayes`'s counted moves: under the classic rules, the uniform prior and one shot a turn, the
//! shot is the cell of highest `weighted-density` score (each ship's placements that avoid the
//! misses and sunk cells, a placement through `k` hits weighing `50^k`) among the cells the
//! posterior gives a chance. The posterior says where a ship can be; the count orders those cells
//! better than the posterior's own likelihood does:
//!
//! - **Hunting** (no ship hit): a hit on the likeliest cell finds a ship no sooner on average, and
//!   a miss there rules out fewer placements than one on the most-crossed cell.
//! - **Targeting** (a ship hit, not sunk): the count extends lines of hits, which sinks ships
//!   sooner than the likeliest cell, even where the posterior is exact; where it is sampled (larger
//!   boards) the cells around a hit also differ by the noise of the draws more than by their
//!   chance of a ship. Keeping the posterior's choice whenever it rated a cell well above the
//!   count's lost shots on 26 x 26.
//!
//! The grid stays the posterior: the answer says `why` when the shot is not its likeliest cell.
//!
//! The count stands for what the posterior knows only where ships are placed independently of
//! each other and of the board's cells, and where the board says all the announcements told:
//! [`super::regime`](mod@super::regime) decides where that is. The measurements behind these
//! choices are in `docs/decisions/0005-bayes-hunts-by-the-placement-count.md` and
//! `docs/decisions/0006-bayes-targets-by-the-count.md`.

use crate::game::board::{Cell, Pos};
use crate::game::turn::Turn;
use crate::shooting::strategy::weighted_density::scores;

use super::regime::Greedy;

/// Why a hunting shot is not the grid's most likely cell.
pub const HUNTING: &str = "hunting: no ship is hit yet, so the shot is the cell the most ship placements cross (a miss there rules out the most), which finds the fleet sooner than the likeliest cell (measured; see docs/algorithms.md)";

/// Why a targeting shot is not the grid's most likely cell.
pub const TARGETING: &str = "targeting: the shot is the cell the most placements through the hits cross (weighted-density's count) among those the posterior gives a chance, which sinks ships sooner than the likeliest cell (measured; see docs/algorithms.md)";

/// The counted move of a turn whose regime plays it (`greedy` is [`Greedy::Counted`], as the
/// turn's [`super::regime::regime`] decided): the open cell of highest count among those of
/// positive `marginals`, ties in the turn's order, with the reason to give when it is not the
/// likeliest cell ([`HUNTING`] without a hit, [`TARGETING`] with one); `None` in any other regime.
pub fn counted_move(turn: Turn<'_>, greedy: Greedy, marginals: &[f64]) -> Option<(Pos, &'static str)> {
    if greedy != Greedy::Counted {
        return None;
    }
    let board = turn.board;
    let mut count = vec![0.0; board.len()];
    scores(board, turn.fleet, None, &mut count);
    let shot = turn.order.best(board, &count, |i| board.cells()[i].is_open() && marginals[i] > 0.0)?;
    Some((shot, if board.has_hits() { TARGETING } else { HUNTING }))
}

/// The grid's likeliest open cell (ties in the turn's order; an `s` cell, a sure hit, first where
/// the board has one), the shot the default budget plays (the counted move where the regime plays
/// it, the likeliest cell otherwise) and the reason to give when that shot is less likely.
pub fn greedy_shot(turn: Turn<'_>, greedy: Greedy, grid: &[f64]) -> (Pos, Pos, &'static str) {
    let board = turn.board;
    let first: fn(Cell) -> bool = if board.has_reveals() { |c| c == Cell::Ship } else { Cell::is_open };
    let likeliest = turn.order.best(board, grid, |i| first(board.cells()[i]));
    let likeliest = likeliest.expect("a checked turn has an open cell");
    let (shot, why) = counted_move(turn, greedy, grid).unwrap_or((likeliest, ""));
    (likeliest, shot, why)
}

/// The counted move under the regime the turn's own [`super::regime::regime`] decides: the
/// tests' way to ask for it.
#[cfg(test)]
pub fn counted(turn: Turn<'_>, marginals: &[f64]) -> Option<(Pos, &'static str)> {
    counted_move(turn, super::regime::regime(turn).greedy, marginals)
}
