//! `bayes`'s counted moves: under the classic rules, the uniform prior and one shot a turn, the
//! shot is the cell of highest `weighted-density` score (each ship's placements that avoid the
//! misses and sunk cells, a placement through `k` hits weighing `50^k`) among the cells the
//! posterior ranks high enough. The posterior's likeliest cell is not always the best shot:
//!
//! - **Hunting** (no ship hit): among the cells the posterior gives any chance. A hit on the
//!   likeliest cell finds a ship no sooner on average, and a miss there rules out fewer placements
//!   (measured in `docs/simulator.md`, "Board sizes").
//! - **Targeting** (a ship hit, not sunk): among the cells at least [`TARGET_SHARE`] as likely as
//!   the likeliest. Where the posterior is sampled (larger boards) cells around a hit differ by
//!   noise more than by chance of a ship; the count keeps one order along the hit line and sinks
//!   ships sooner (measured in `docs/simulator.md`, "Board sizes").
//!
//! The grid stays the posterior: the answer says `why` when the shot is not its likeliest cell.
//!
//! The count stands for what the posterior knows only where ships are placed independently of
//! each other and of the board's cells: under the no-touch rules (ships keep apart) and under a
//! model of the opponent's habits the likeliest cell stays the shot, as measured there (the
//! no-touch ten-ship game lost 1.3 shots a game hunting by the count). Salvos keep the posterior's
//! k likeliest cells.

use crate::board::{Cell, Pos};
use crate::turn::Turn;

use super::weighted_density::scores;

/// Why a hunting shot is not the grid's most likely cell.
pub const HUNTING: &str = "hunting: no ship is hit yet, so the shot is the cell the most ship placements cross (a miss there rules out the most), which finds the fleet sooner than the likeliest cell (measured; see docs/simulator.md)";

/// Why a targeting shot is not the grid's most likely cell.
pub const TARGETING: &str = "targeting: among the cells at least 80% as likely as the likeliest, the shot is the one the most placements through the hits cross (weighted-density's count), which sinks ships sooner where the posterior is sampled (measured; see docs/simulator.md)";

/// Targeting considers the cells whose probability is at least this share of the best.
pub const TARGET_SHARE: f64 = 0.8;

/// The counted move of a one-shot turn under the classic touching rules and the uniform prior,
/// with the reason to give when it is not the likeliest cell; `None` otherwise. Without a hit: the
/// open cell of highest count among those of positive `marginals` ([`HUNTING`]); with hits: among
/// those of at least [`TARGET_SHARE`] of the highest marginal ([`TARGETING`]). Ties in the turn's
/// order.
pub fn counted_move(turn: Turn<'_>, marginals: &[f64]) -> Option<(Pos, &'static str)> {
    let board = turn.board;
    let uniform = turn.opponent.is_none_or(|m| m.is_uniform());
    if turn.rules.salvo != 1 || !turn.rules.touching || !uniform {
        return None;
    }
    let unknown = |i: usize| board.cells()[i] == Cell::Unknown;
    let (floor, why) = if board.has_hits() {
        let best = (0..board.len()).filter(|&i| unknown(i)).map(|i| marginals[i]).fold(0.0, f64::max);
        (best * TARGET_SHARE, TARGETING)
    } else {
        (0.0, HUNTING)
    };
    let mut count = vec![0.0; board.len()];
    scores(board, turn.fleet, None, &mut count);
    let shot = turn.order.best(board, &count, |i| unknown(i) && marginals[i] > 0.0 && marginals[i] >= floor)?;
    Some((shot, why))
}
