//! The whole-fleet posterior: every layout of the ships afloat that agrees with the board is
//! equally likely; the marginal of a cell is the share of those layouts that cover it.

pub mod importance;

#[cfg(test)]
mod importance_tests;
