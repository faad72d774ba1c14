//! `bayes`'s counted moves: under the classic rules, the uniform prior and one shot a turn, the
//! shot is the cell of highest `weighted-density` score (each ship's placements that avoid the
//! misses and sunk cells, a placement through `k` hits weighing `50^k`) among the cells the
//! posterior gives a chance. The posterior says where a ship can be; the count orders those cells
//! better than the posterior's own likelihood does:
//!
//! - **Hunting** (no ship hit): a hit on the likeliest cell finds a ship no sooner on average, and
//!   a miss there rules out fewer placements than one on the most-crossed cell (measured in
//!   `docs/simulator.md`, "Board sizes").
//! - **Targeting** (a ship hit, not sunk): the count extends lines of hits, which sinks ships
//!   sooner than the likeliest cell, even where the posterior is exact; where it is sampled (larger
//!   boards) the cells around a hit also differ by the noise of the draws more than by their
//!   chance of a ship. Keeping the posterior's choice whenever it rated a cell well above the
//!   count's lost shots on 26 x 26 (measured in `docs/simulator.md`, "Board sizes").
//!
//! The grid stays the posterior: the answer says `why` when the shot is not its likeliest cell.
//!
//! The count stands for what the posterior knows only where ships are placed independently of
//! each other and of the board's cells: under the no-touch rules (ships keep apart) and under a
//! model of the opponent's habits the likeliest cell stays the shot, as measured there (the
//! no-touch ten-ship game lost 1.3 shots a game hunting by the count). Nor does the count read
//! what a history's announcements tell beyond the board (which ship sank where, which ship a hit
//! struck), nor hits under a rule that announces no sinking (`none`), where a ship may lie wholly
//! on hits: there too the likeliest cell stays the shot. Salvos keep the posterior's k likeliest
//! cells.

use crate::game::board::{Cell, Pos};
use crate::game::turn::Turn;

use crate::shooting::strategy::weighted_density::scores;

/// Why a hunting shot is not the grid's most likely cell.
pub const HUNTING: &str = "hunting: no ship is hit yet, so the shot is the cell the most ship placements cross (a miss there rules out the most), which finds the fleet sooner than the likeliest cell (measured; see docs/simulator.md)";

/// Why a targeting shot is not the grid's most likely cell.
pub const TARGETING: &str = "targeting: the shot is the cell the most placements through the hits cross (weighted-density's count) among those the posterior gives a chance, which sinks ships sooner than the likeliest cell (measured; see docs/simulator.md)";

/// The counted move of a one-shot turn under the classic touching rules and the uniform prior,
/// on a board that says all the announcements told: the open cell of highest count among those of
/// positive `marginals`, ties in the turn's order, with the reason to give when it is not the
/// likeliest cell ([`HUNTING`] without a hit, [`TARGETING`] with one); `None` under other rules or
/// priors, for a history whose announcements tell more than its board (a sinking of uncertain
/// cells, named hits), and for hits under `none`, which may be ships sunk in silence: the count
/// reads neither ([`Turn::board_tells_all`]).
pub fn counted_move(turn: Turn<'_>, marginals: &[f64]) -> Option<(Pos, &'static str)> {
    let board = turn.board;
    if turn.rules.salvo != 1 || !turn.rules.touching || !turn.uniform_prior() || !turn.board_tells_all() {
        return None;
    }
    let mut count = vec![0.0; board.len()];
    scores(board, turn.fleet, None, &mut count);
    let shot = turn.order.best(board, &count, |i| board.cells()[i] == Cell::Unknown && marginals[i] > 0.0)?;
    Some((shot, if board.has_hits() { TARGETING } else { HUNTING }))
}
