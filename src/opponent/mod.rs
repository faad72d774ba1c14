//! The opponent's habits: a log-linear prior over the layouts a player hides
//! ([`model::Opponent`]), fitted from the fleets they hid before.
//!
//! - `model.rs`: the model (a weight per cell, a weight per touching cell pair) and its checks.
//! - `fit.rs`: the model fitted from a player's past fleets.
//! - `fleets.rs`: a player's past fleets read from the board format of the computer's own fleet,
//!   checked against the board size, the starting fleet and the rules.

mod fit;
mod fleets;
mod model;

#[allow(unused_imports)]
pub use fit::{Fit, Summary, fit};
pub use fleets::{FleetsError, MAX_FLEETS, check_start, read_fleets};
#[allow(unused_imports)]
pub use model::{MAX_TOUCHING, MIN_CELL_RATIO, ModelError, Opponent, touching_pairs};
