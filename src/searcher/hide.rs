//! The fleet that hides where a player looks last: a layout drawn exactly from uniform tilted by
//! the player's search model. Each cell's log weight is `-GAIN x` its pull (centred), bounded to
//! `±bound`: cells the player is drawn to weigh less, and no cell weighs more than `e^(2 bound)`
//! times another, so it stays a random draw never far from uniform, and a model without a habit
//! gives exactly uniform layouts.

use crate::fleet::Fleet;
use crate::layout::Layout;
use crate::opponent::{DrawError, Opponent, Sampler};
use crate::rng::SonarRng;
use crate::rules::Rules;

use super::model::SearchModel;

/// How strongly a cell's log weight follows its pull before the bound.
pub const GAIN: f64 = 1.5;
/// The bound of a cell's log weight the service uses.
pub const DEFAULT_BOUND: f64 = 3.0;
/// The largest bound the simulator accepts.
pub const MAX_BOUND: f64 = 4.0;

/// The log-linear model of the layouts drawn against `model`, cell log weights within `bound`.
pub fn tilt(model: &SearchModel, bound: f64) -> Opponent {
    let pull = model.pull();
    let mean = pull.iter().sum::<f64>() / pull.len() as f64;
    let log: Vec<f64> = pull.iter().map(|p| (-GAIN * (p - mean)).clamp(-bound, bound)).collect();
    Opponent::from_log(model.rows(), model.cols(), &log, 1.0)
}

/// A layout of `fleet` hidden from the player of `model` under `rules`, spending at most
/// `attempts` whole-fleet attempts (a tilted no-touch fleet is rejected more often than a uniform
/// one); an error when they run out.
pub fn hide(
    model: &SearchModel,
    bound: f64,
    fleet: &Fleet,
    rules: Rules,
    attempts: &mut u64,
    rng: &mut SonarRng,
) -> Result<Layout, DrawError> {
    Sampler::new(&tilt(model, bound), fleet.lengths(), rules, false)?.draw(attempts, rng)
}
