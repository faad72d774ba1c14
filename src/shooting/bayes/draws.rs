//! The layouts a plan rolls out on: every agreeing layout where they are few, uniform draws from
//! the exact programme's tables where it fits the work bound, and otherwise the importance
//! sampler's weighted draws resampled in proportion to their weights.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::game::board::Board;
use crate::game::deadline::Deadline;
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::rng::SonarRng;
use crate::inference::posterior::ExactTables;
use crate::inference::posterior::importance::Draw;

use crate::shooting::strategy::plan::Source;

/// Up to `most` layouts from the exact tables: all of them in a shuffled order when there are at
/// most `most` (so that a plan cut short by its work allowance still rests on a uniform subset),
/// `most` uniform draws otherwise, fewer where `deadline` passes first (then the last value says
/// so).
pub fn from_tables(
    tables: &ExactTables,
    most: usize,
    deadline: Deadline,
    rng: &mut SonarRng,
) -> (Vec<Layout>, Source, bool) {
    if tables.posterior().layouts <= most as u128 {
        let mut every = tables.every_layout();
        every.shuffle(rng);
        return (every, Source::Every, false);
    }
    let mut drawn = Vec::with_capacity(most);
    while drawn.len() < most {
        if drawn.len() % DRAWS_BETWEEN_CLOCKS == 0 && deadline.passed() {
            return (drawn, Source::Exact, true);
        }
        drawn.push(tables.sample_layout(rng));
    }
    (drawn, Source::Exact, false)
}

/// How often drawing layouts looks at the clock: every this many layouts.
const DRAWS_BETWEEN_CLOCKS: usize = 64;

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
