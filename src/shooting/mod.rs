//! Shooting: the algorithms that choose a shot, `bayes` with its planner, strength levels, and the
//! one way a move is played.

pub mod action;
#[cfg(test)]
mod action_tests;
pub mod algorithm;
pub mod bayes;
pub mod level;
pub mod play;
pub mod strategy;
pub mod strength;
