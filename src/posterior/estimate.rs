//! A cheap bound on the programme's work, to turn away boards far over budget before any sweep.

use super::frame::Frame;

/// How far the bound may exceed the budget before a board is turned away unseen.
pub const SLACK: u64 = 1;

/// An estimate of the forward sweep's work on `frame`.
pub fn forward_work(_frame: &Frame) -> u64 {
    0
}
