//! The layouts a plan rolls out on: every agreeing layout where they are few, uniform draws from
//! the exact programme's tables (made as the plan plays them) where it fits the work bound, and
//! otherwise the importance sampler's weighted draws resampled in proportion to their weights.

use std::borrow::Cow;

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::game::board::Board;
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::rng::SonarRng;
use crate::inference::posterior::ExactTables;
use crate::inference::posterior::importance::Draw;

/// The layouts a plan plays out on, in order: a list, or uniform draws from the exact
/// programme's tables made as the rollouts need them (so that a plan cut short by its allowance or
/// its deadline has drawn no more than it played, and pays for what it drew).
pub enum Layouts<'a> {
    Listed(&'a [Layout]),
    Drawn { tables: &'a ExactTables, most: usize, rng: &'a mut SonarRng },
}

impl<'a> From<&'a [Layout]> for Layouts<'a> {
    fn from(list: &'a [Layout]) -> Layouts<'a> {
        Layouts::Listed(list)
    }
}

impl<'a> From<&'a Vec<Layout>> for Layouts<'a> {
    fn from(list: &'a Vec<Layout>) -> Layouts<'a> {
        Layouts::Listed(list)
    }
}

impl Layouts<'_> {
    /// How many layouts there are to play at most.
    pub fn len(&self) -> usize {
        match self {
            Layouts::Listed(list) => list.len(),
            Layouts::Drawn { most, .. } => *most,
        }
    }

    /// The `k`-th layout (drawn in order, `k` counting up from 0), adding the work of drawing it
    /// to `work`.
    pub fn get(&mut self, k: usize, work: &mut u64) -> Option<Cow<'_, Layout>> {
        match self {
            Layouts::Listed(list) => list.get(k).map(Cow::Borrowed),
            Layouts::Drawn { most, .. } if k >= *most => None,
            Layouts::Drawn { tables, rng, .. } => {
                *work += draw_units(tables);
                Some(Cow::Owned(tables.sample_layout(rng)))
            }
        }
    }
}

/// Units of rollout work one draw from the tables costs: a step down each of the programme's
/// frontiers, each about as dear as [`DRAW_CELLS_PER_FRONTIER`] cells of a rollout's scan (a
/// uniform pick among counts that may pass 64 bits, then a walk along the state's edges).
pub fn draw_units(tables: &ExactTables) -> u64 {
    tables.frontiers() as u64 * DRAW_CELLS_PER_FRONTIER
}

/// What a draw's step down one frontier costs, in cells of a rollout's scan.
pub const DRAW_CELLS_PER_FRONTIER: u64 = 64;

/// Units of rollout work listing `layouts` layouts of the tables costs ([`every_shuffled`]): a
/// walk that shares the steps layouts have in common, about a quarter of a draw's per layout.
pub fn listing_units(tables: &ExactTables, layouts: usize) -> u64 {
    layouts as u64 * draw_units(tables) / 4
}

/// Every layout of the exact tables in a shuffled order, when there are at most `most` (so that a
/// plan cut short by its work allowance still rests on a uniform subset); `None` when there are
/// more, for the plan to draw ([`Layouts::Drawn`]).
pub fn every_shuffled(tables: &ExactTables, most: usize, rng: &mut SonarRng) -> Option<Vec<Layout>> {
    (tables.posterior().layouts <= most as u128).then(|| {
        let mut every = tables.every_layout();
        every.shuffle(rng);
        every
    })
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
