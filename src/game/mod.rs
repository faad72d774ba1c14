//! The game: the board and the fleet, the rules and what is announced, hidden layouts, a turn as a
//! strategy sees it, and a game's history. Nothing here knows how to choose a shot.

pub mod announce;
pub mod arsenal;
pub mod board;
#[cfg(test)]
mod board_tests;
pub mod deadline;
pub mod fleet;
pub mod history;
pub mod layout;
pub mod observations;
pub mod prior;
pub mod referee;
pub mod rng;
pub mod rules;
pub mod scan;
#[cfg(test)]
pub mod testdata;
pub mod text;
pub mod tie_order;
pub mod turn;
pub mod windows;
pub mod witness;
#[cfg(test)]
mod witness_tests;
