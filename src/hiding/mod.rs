//! Hiding: the computer's own fleet, the placement habits that stand for players, and the search
//! model of a player whose fleet is hidden where they look last.

pub mod habit;
pub mod placement;
pub mod searcher;
