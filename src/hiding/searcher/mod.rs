//! How a player searches the computer's waters, and where the computer hides from them.
//!
//! - `search.rs`: one past search (each shot in order with its answer), checked against the board,
//!   and which of its shots hunted.
//! - `model.rs`: the search model: how strongly this player is drawn to each cell while hunting (a
//!   choice model of the hunting order), fitted from their past searches by maximum a posteriori
//!   through the structure search habits have (edges, centre, parity, sweeping direction), shrunk
//!   toward "no habit", and exactly "no habit" when the searches do not show one.
//! - `beside.rs`: whether the player looks beside the ships they have found while hunting, against
//!   a uniform choice (floods around them, pays them no regard, or avoids them as a shooter who
//!   reasons about where ships fit does).
//! - `hide.rs`: the fleet that hides where this player looks last: a layout drawn exactly from
//!   uniform tilted by the model, each cell's weight bounded, the ships leaning apart against a
//!   player with a habit, so that it stays a random draw close to uniform.

mod beside;
mod hide;
mod model;
mod search;
#[cfg(test)]
mod tests;

#[allow(unused_imports)]
pub use beside::beside_ratio;
#[allow(unused_imports)]
pub use hide::{DEFAULT_BOUND, GAIN, Hiding, LEAN_FROM, MAX_BOUND, TOUCHING, hide, tilt};
#[allow(unused_imports)]
pub use model::{MAX_BESIDE, MAX_PULL, MAX_SEARCHES, ModelError, SearchModel, fit};
#[allow(unused_imports)]
pub use search::{Answer, Search, SearchError, read_searches};
