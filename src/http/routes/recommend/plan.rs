//! `POST /recommend`'s `plan`: what `bayes` found when it planned ahead with a `budget_ms` above
//! the default ([`crate::shooting::bayes::planner`]), converted from the core's [`Plan`].

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shooting::strategy::plan::{Plan, Source};

/// Present when `bayes` planned ahead (a `budget_ms` above the default 10, one shot a turn, a board
/// string or a history under `sunk-cells`, no opponent model or the uniform one): the candidate
/// cells it played out to the end of the game, each by `weighted-density` on the same layouts
/// drawn from the posterior, and which it chose. It shoots a candidate other than the grid's most
/// likely cell only when that cell's mean shots are lower by more than
/// [`Z`](crate::shooting::bayes::planner::Z) standard errors of their paired difference, or, with
/// `layouts_from` `every`, lower at all.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, PartialEq)]
#[schema(example = json!({
    "candidates": [
        {"row": 2, "col": 1, "label": "C2", "probability": 0.7, "mean_shots": 6.4, "std_error": 0.0, "paired_std_error": 0.0},
        {"row": 2, "col": 3, "label": "C4", "probability": 0.55, "mean_shots": 6.25, "std_error": 0.0, "paired_std_error": 0.0}
    ],
    "chosen": 1, "layouts": 40, "layouts_from": "every"
}))]
pub struct PlanAnswer {
    /// The cells played out, the grid's most likely first, then in order of probability.
    pub candidates: Vec<PlanCandidate>,
    /// Index in `candidates` of the cell shot (`shot`; 0 when the most likely cell stays best).
    pub chosen: usize,
    /// How many layouts each candidate was played out on.
    pub layouts: usize,
    pub layouts_from: LayoutsFrom,
    /// Present and `true` when the clock stopped the plan before its budget's work was done: the
    /// candidates were compared on the `layouts` played by then (the answer's `compute` says
    /// what was spent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cut_short: bool,
}

/// One candidate cell and what its rollouts measured.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, PartialEq)]
pub struct PlanCandidate {
    /// Zero-based row.
    pub row: usize,
    /// Zero-based column.
    pub col: usize,
    /// Row letter (A = row 0) followed by the one-based column.
    pub label: String,
    /// The cell's posterior probability (its grid value).
    pub probability: f64,
    /// Mean shots to finish the game, this one included, when this cell is shot now and
    /// `weighted-density` plays the rest.
    pub mean_shots: f64,
    /// Standard error of `mean_shots` (0 when every agreeing layout was played).
    pub std_error: f64,
    /// Standard error of the difference between this cell's `mean_shots` and the first
    /// candidate's, on the same layouts (0 for the first, and when every layout was played).
    pub paired_std_error: f64,
}

/// Where the layouts came from: `every` agreeing layout (the means are exact expectations),
/// `exact` uniform draws from the exact posterior, or `resampled` from importance draws where
/// the posterior is sampled (the opening).
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LayoutsFrom {
    Every,
    Exact,
    Resampled,
}

impl From<&Plan> for PlanAnswer {
    fn from(plan: &Plan) -> PlanAnswer {
        let candidates = plan
            .lines
            .iter()
            .map(|l| PlanCandidate {
                row: l.cell.row,
                col: l.cell.col,
                label: l.cell.label(),
                probability: l.probability,
                mean_shots: l.mean_shots,
                std_error: l.std_error,
                paired_std_error: l.paired_std_error,
            })
            .collect();
        let layouts_from = match plan.source {
            Source::Every => LayoutsFrom::Every,
            Source::Exact => LayoutsFrom::Exact,
            Source::Resampled => LayoutsFrom::Resampled,
        };
        PlanAnswer { candidates, chosen: plan.chosen, layouts: plan.layouts, layouts_from, cut_short: plan.cut_short }
    }
}
