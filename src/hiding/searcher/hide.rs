//! The fleet that hides where a player looks last: a layout drawn exactly from uniform tilted by
//! the player's search model. Each cell's log weight is `-GAIN x` its pull (centred), bounded to
//! `±bound`: cells the player is drawn to weigh less, and no cell weighs more than `e^(2 bound)`
//! times another, so it stays a random draw never far from uniform, and a model without a habit
//! gives exactly uniform layouts. Against a player with a habit who does not avoid the cells beside
//! the ships they found ([`SearchModel::beside`] at least [`LEAN_FROM`]) the ships also lean apart:
//! each touching cell pair (two cells of different ships sharing an edge or a corner) weighs
//! [`Hiding::touching`] (the service's: [`TOUCHING`]). Such a player finds a ship touching the one
//! just hit for free; a player who avoids those cells reasons about where ships fit, and could
//! learn the lean, so against them the ships do not lean.

use crate::game::board::Pos;
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::prior::Opponent;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::inference::opponent::{DrawError, Sampler};

use super::model::SearchModel;

/// How strongly a cell's log weight follows its pull before the bound.
pub const GAIN: f64 = 1.5;
/// The bound of a cell's log weight the service uses: a larger one hides better from a player with
/// a fixed habit and strays further from uniform
/// (`docs/decisions/0049-hiding-calibration.md#the-adaptive-hiders-tilt-is-bounded-at-3`).
pub const DEFAULT_BOUND: f64 = 3.0;
/// The largest bound the simulator accepts.
pub const MAX_BOUND: f64 = 4.0;
/// The weight of each touching cell pair in the service's adaptive fleets: it costs the flooding
/// and parity shooters shots that fleets without the lean do not, and a learner no more than those
/// fleets do (measured in `docs/decisions/0021-adaptive-hider-leans-apart.md`).
pub const TOUCHING: f64 = 0.5;
/// The ratio of hunting shots beside found ships from which the ships lean apart: between a player
/// who hunts with no regard to found ships (about 1) and one who reasons about them (well below 1;
/// `docs/hiding.md`, "Beside the ships found").
pub const LEAN_FROM: f64 = 0.85;

/// How far an adaptive fleet strays from uniform against a player with a habit: the bound of a
/// cell's log weight, and the weight of each touching cell pair (1: no lean apart).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hiding {
    pub bound: f64,
    pub touching: f64,
}

impl Hiding {
    /// The service's adaptive placement.
    pub const SERVICE: Hiding = Hiding { bound: DEFAULT_BOUND, touching: TOUCHING };

    /// The same lean apart with another bound.
    pub fn with_bound(self, bound: f64) -> Hiding {
        Hiding { bound, ..self }
    }
}

/// The log-linear model of the layouts drawn against `model`: cell log weights within the bound,
/// and the touching weight where the model shows a habit and no avoiding of the cells beside found
/// ships (exactly uniform where it shows no habit).
pub fn tilt(model: &SearchModel, hiding: Hiding) -> Opponent {
    let pull = model.pull();
    let mean = pull.iter().sum::<f64>() / pull.len() as f64;
    let log: Vec<f64> = pull.iter().map(|p| (-GAIN * (p - mean)).clamp(-hiding.bound, hiding.bound)).collect();
    let leans = !model.is_none() && model.beside().is_some_and(|b| b >= LEAN_FROM);
    let touching = if leans { hiding.touching } else { 1.0 };
    Opponent::from_log(model.rows(), model.cols(), &log, touching)
}

/// A layout of `fleet` hidden from the player of `model` under `rules`, clear of `islands`,
/// spending at most `attempts` whole-fleet attempts (a tilted no-touch fleet is rejected more
/// often than a uniform one); an error when they run out.
pub fn hide(
    model: &SearchModel,
    hiding: Hiding,
    fleet: &Fleet,
    rules: Rules,
    islands: &[Pos],
    attempts: &mut u64,
    rng: &mut SonarRng,
) -> Result<Layout, DrawError> {
    Sampler::around(&tilt(model, hiding), fleet.lengths(), rules, islands)?.draw(attempts, rng)
}
