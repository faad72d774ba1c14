//! The opponent's habits fitted from the fleets they hid before: the model itself, a log-linear
//! prior over layouts, is the game's ([`crate::game::prior::Opponent`]).
//!
//! - `features.rs`: the features the fit ties cell weights through (edge distances, corners).
//! - `draw.rs`: layouts drawn exactly from a model whose touching weight is at most 1.
//! - `fit.rs`: the model fitted from a player's past fleets (maximum a posteriori, shrunk toward
//!   uniform); its tests are in `fit_tests.rs`.
//! - `fleets.rs`: a player's past fleets read from the board format of the computer's own fleet,
//!   checked against the board size, the starting fleet and the rules.
//!
//! The placement habits the simulator draws fleets with are [`crate::hiding::habit`]'s.

mod draw;
mod features;
mod fit;
#[cfg(test)]
mod fit_tests;
mod fleets;

#[allow(unused_imports)]
pub use draw::{DrawError, MAX_ATTEMPTS, Sampler, draw};
#[allow(unused_imports)]
pub use fit::{Fit, Summary, fit};
pub use fleets::{FleetsError, MAX_FLEETS, check_start, read_fleets};
