//! Fitting a model from the fleets a player hid before.
//!
//! PLACEHOLDER while the fit is being built (issue 24): the signature is final, the body is not.

use super::model::Opponent;
use crate::fleet::Fleet;
use crate::layout::Layout;

/// A fitted model and what the fleets showed.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub model: Opponent,
    /// Fleets it was fitted from.
    pub games: usize,
    pub summary: Summary,
}

/// What the fleets showed, against what uniform layouts would show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Share of the fleets' ship cells on the board's border (row or column 0 or last).
    pub edge_share: f64,
    /// Share of the fleets with at least one touching cell pair.
    pub touching_share: f64,
    /// `edge_share` expected of uniform layouts of the same fleet.
    pub uniform_edge_share: f64,
    /// `touching_share` expected of uniform layouts of the same fleet.
    pub uniform_touching_share: f64,
}

/// The model fitted from `fleets` (each a whole layout of `fleet` on a `rows` x `cols` board),
/// deterministic: the same fleets give the same model. No fleets give the uniform model.
pub fn fit(rows: usize, cols: usize, fleet: &Fleet, fleets: &[Layout]) -> Fit {
    let _ = fleet;
    Fit {
        model: Opponent::uniform(rows, cols),
        games: fleets.len(),
        summary: Summary { edge_share: 0.0, touching_share: 0.0, uniform_edge_share: 0.0, uniform_touching_share: 0.0 },
    }
}
