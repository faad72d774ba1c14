//! The opponent's habits: a log-linear prior over the layouts a player hides
//! ([`model::Opponent`]), fitted from the fleets they hid before.
//!
//! - `model.rs`: the model (a weight per cell, a weight per touching cell pair) and its checks.
//! - `fit.rs`: the model fitted from a player's past fleets.

mod fit;
mod model;

#[allow(unused_imports)]
pub use fit::{Fit, Summary, fit};
#[allow(unused_imports)]
pub use model::{MAX_TOUCHING, MIN_CELL_RATIO, ModelError, Opponent, touching_pairs};
