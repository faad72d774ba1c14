//! The layouts a plan rolls out on: every agreeing layout where they are few, uniform draws from
//! the exact programme's tables where it fits the work bound, and otherwise the importance
//! sampler's weighted draws resampled in proportion to their weights.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::board::Board;
use crate::fleet::Fleet;
use crate::layout::Layout;
use crate::posterior::ExactTables;
use crate::posterior::importance::Draw;
use crate::rng::SonarRng;

use super::plan::Source;

/// Up to `most` layouts from the exact tables: all of them in a shuffled order when there are at
/// most `most` (so that a plan cut short by its work allowance still rests on a uniform subset),
/// `most` uniform draws otherwise.
pub fn from_tables(tables: &ExactTables, most: usize, rng: &mut SonarRng) -> (Vec<Layout>, Source) {
    if tables.posterior().layouts <= most as u128 {
        let mut every = tables.every_layout();
        every.shuffle(rng);
        return (every, Source::Every);
    }
    ((0..most).map(|_| tables.sample_layout(rng)).collect(), Source::Exact)
}

/// `most` layouts resampled from weighted importance draws (systematic resampling: one uniform
/// offset, then evenly spaced points along the cumulative weights), in a shuffled order.
pub fn resampled(board: &Board, fleet: &Fleet, draws: &[(Draw, f64)], most: usize, rng: &mut SonarRng) -> Vec<Layout> {
    let total: f64 = draws.iter().map(|(_, w)| w).sum();
    if draws.is_empty() || total <= 0.0 || !total.is_finite() {
        return Vec::new();
    }
    debug_assert!(draws.iter().all(|(d, _)| d.ships.len() == fleet.len()));
    let step = total / most as f64;
    let mut point = rng.random::<f64>() * step;
    let (mut cumulative, mut out) = (0.0, Vec::with_capacity(most));
    for (draw, w) in draws {
        cumulative += w;
        while point < cumulative && out.len() < most {
            out.push(Layout { rows: board.rows(), cols: board.cols(), ships: draw.ships.clone() });
            point += step;
        }
    }
    out.shuffle(rng);
    out
}

/// The variance a layout resampled from weighted `draws` carries beyond its own, per unit of it:
/// the draws' own error (1 over their effective size, Kish's squared sum of the weights over the
/// sum of their squares) less the 1/M of the resampling's, M the draws of positive weight. A
/// plan's variance over n resampled layouts is then its spread times 1/n + this
/// ([`super::improve`]). 0 when the weights are all equal or there are none.
pub fn extra_variance(draws: &[(Draw, f64)]) -> f64 {
    let (mut sum, mut squares, mut m) = (0.0, 0.0, 0usize);
    for &(_, w) in draws.iter().filter(|(_, w)| *w > 0.0) {
        (sum, squares, m) = (sum + w, squares + w * w, m + 1);
    }
    if m == 0 || !(squares > 0.0 && squares.is_finite() && sum.is_finite()) {
        return 0.0;
    }
    (squares / (sum * sum) - 1.0 / m as f64).max(0.0)
}
