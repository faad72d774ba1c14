//! How a player searches the computer's waters, and where the computer hides from them.
//!
//! - `search.rs`: one past search (each shot in order with its answer), checked against the board,
//!   and which of its shots hunted.
//! - `model.rs`: the search model: how strongly this player is drawn to each cell while hunting (a
//!   choice model of the hunting order), fitted from their past searches by maximum a posteriori
//!   through the structure search habits have (edges, centre, parity, sweeping direction), shrunk
//!   toward "no habit", and exactly "no habit" when the searches do not show one.
//! - `hide.rs`: the fleet that hides where this player looks last: a layout drawn exactly from
//!   uniform tilted by the model, each cell's weight bounded, so that it stays a random draw
//!   close to uniform.

mod hide;
mod model;
mod search;
#[cfg(test)]
mod tests;

#[allow(unused_imports)]
pub use hide::{DEFAULT_BOUND, GAIN, MAX_BOUND, hide, tilt};
#[allow(unused_imports)]
pub use model::{MAX_PULL, MAX_SEARCHES, ModelError, SearchModel, fit};
#[allow(unused_imports)]
pub use search::{Answer, Search, SearchError, read_searches};
