//! Inference: what a board says about where the ships are. The whole-fleet posterior, and the
//! opponent's habits fitted from the fleets they hid before.

pub mod opponent;
pub mod posterior;
