//! `POST /recommend`'s answer: the shot, the salvo and the hint, the grid and what it is, how the
//! posterior was had, the plan, and what the computation spent where it was not the budget's
//! whole work.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::game::turn::Mode;
use crate::shooting::level::Level;
use crate::shooting::play::Recommendation;
use crate::shooting::strategy::{Cut, GridKind};

use crate::game::arsenal::PowerUp;
use crate::shooting::action::Choice;

use crate::http::routes::recommend::arsenal::{ActionAnswer, answers};
use crate::http::routes::recommend::opponent::OpponentEcho;
use crate::http::routes::recommend::plan::PlanAnswer;
use crate::http::wire::{Shot, seed_schema};

/// A cell offered as a hint, with its grid value.
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[schema(example = json!({"row": 2, "col": 4, "label": "C5", "value": 0.41}))]
pub struct Candidate {
    /// Zero-based row.
    pub row: usize,
    /// Zero-based column.
    pub col: usize,
    /// Row letter (A = row 0) followed by the one-based column.
    pub label: String,
    /// The cell's grid value (a probability or a score, as `grid_kind` says).
    pub value: f64,
}

/// The recommended shot and the grid the algorithm computed.
#[serde_with::skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::RECOMMEND_ANSWER.value()))]
pub struct RecommendResponse {
    /// The cell to shoot: always a `.` cell of the input.
    pub shot: Shot,
    /// The turn's shots, best first: `rules.salvo` distinct `.` cells (fewer only when fewer are
    /// left), the first of them `shot`. One cell under the default rules.
    pub shots: Vec<Shot>,
    /// When the request asked for `candidates`: that many best `.` cells (fewer only when fewer
    /// are left) with their grid values, best first: the algorithm's own view, `shot` first at
    /// level 10; below it `shot` is the level's pick and may lie elsewhere.
    pub candidates: Option<Vec<Candidate>>,
    /// The algorithm that answered.
    pub algorithm: String,
    /// The strength level it played at: the request's `level`, or 10 (full strength).
    #[schema(minimum = 1, maximum = 10)]
    pub level: u8,
    /// Present when the request asked for a `level` below 10: `true` when `shot` is a deliberate
    /// mistake of the level, a cell the grid values below the algorithm's own choice (which
    /// `candidates` and the grid still show), or, where `bayes` chose below the grid's top for
    /// the reason its `why` gives, differently from that choice; `false` when it is as good as
    /// the algorithm's own shot. Levels below 10 err on purpose.
    pub mistake: Option<bool>,
    pub mode: Mode,
    /// Same shape as the board; finite values in [0, 1], exactly 0 on every cell that is not `.` or `s`.
    #[schema(value_type = Vec<Vec<f64>>)]
    pub grid: Grid,
    pub grid_kind: GridKind,
    /// The seed every random choice was drawn from (the request's, or a fresh one).
    #[schema(schema_with = seed_schema)]
    pub seed: u64,
    /// Algorithms that compute a posterior (`bayes`): whether the grid is the exact posterior.
    pub exact: Option<bool>,
    /// When exact and every layout counted alike: the number of layouts of the ships afloat that
    /// agree with the board, as a decimal string (it can exceed 2^53). Left out of an exact answer
    /// under an `opponent` model (its layouts weigh differently) and for a `history` whose
    /// announcements say more than its board (a sinking the hits explain in several ways).
    pub layouts: Option<String>,
    /// When estimated: how many sampled layouts the estimate rests on.
    pub samples: Option<u64>,
    /// Present when `shot` is the algorithm's own choice and not a cell of the grid's highest
    /// value: why it chose otherwise (`bayes` hunting or targeting by the placement count in a
    /// classic game, or when its `plan` found a better cell).
    pub why: Option<String>,
    pub plan: Option<PlanAnswer>,
    /// When the request sent `opponent`: the model used (fitted from the fleets, or the one sent,
    /// scaled) and, for fleets, how many were fitted.
    pub opponent: Option<OpponentEcho>,
    /// Present when the answer is not the whole work of the budget asked for: the computation was
    /// stopped by the clock (`cut_short`), or the service was too busy to keep a planning budget's
    /// promise and served the default budget, or planned less work for the CPU it really gets
    /// (`budget_ms` below `asked_ms`).
    pub compute: Option<ComputeAnswer>,
    /// When the request sent an `arsenal`: the best thing to do this turn, a plain shot (`kind`
    /// `shot`, at `shot`) or one power-up aimed, by the one-step rule of `docs/power-ups.md`.
    pub action: Option<ActionAnswer>,
    /// When the request sent an `arsenal`: the best aim of each power-up with uses left, in the
    /// arsenal's order, with its value.
    pub actions: Option<Vec<ActionAnswer>>,
}

/// What the computation spent, where it was not the whole work of the budget asked for.
#[serde_with::skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[schema(example = json!({"asked_ms": 100, "budget_ms": 100, "spent_ms": 100.4, "cut_short": true, "stage": "rollouts"}))]
pub struct ComputeAnswer {
    /// The request's `budget_ms` (or the default).
    pub asked_ms: u64,
    /// The budget the answer was computed with: `asked_ms`, the default where the planning
    /// budget could not be kept, or the part of `asked_ms` whose work the CPU the service gets
    /// could finish in time.
    pub budget_ms: u64,
    /// Time the computation took, from its start on the compute pool, in milliseconds.
    pub spent_ms: f64,
    /// Whether the clock stopped the computation before the budget's work was done: the answer
    /// rests on what was done by then.
    pub cut_short: bool,
    /// Where it was stopped: `sampling` (the posterior rests on fewer draws), `counting` (no
    /// posterior in time: the grid is the placement count, `grid_kind` `score`), `rollouts`
    /// (the plan drew and played out fewer layouts) or `arsenal` (the choice among the arsenal
    /// weighed only the power-ups `actions` lists).
    pub stage: Option<String>,
}

impl ComputeAnswer {
    /// The answer's `compute`, or `None` when the whole budget asked for was computed.
    pub fn new(asked_ms: u64, budget_ms: u64, spent: Duration, cut: Option<Cut>) -> Option<ComputeAnswer> {
        (cut.is_some() || budget_ms != asked_ms).then(|| ComputeAnswer {
            asked_ms,
            budget_ms,
            spent_ms: (spent.as_secs_f64() * 1e4).round() / 10.0,
            cut_short: cut.is_some(),
            stage: cut.map(|c| c.as_str().to_owned()),
        })
    }
}

impl RecommendResponse {
    pub fn new(rec: Recommendation, level: Level, cols: usize, seed: u64) -> RecommendResponse {
        RecommendResponse {
            shot: rec.shot.into(),
            shots: rec.shots.iter().map(|&p| p.into()).collect(),
            candidates: (!rec.candidates.is_empty()).then(|| {
                rec.candidates
                    .iter()
                    .map(|&(p, value)| Candidate { row: p.row, col: p.col, label: p.label(), value })
                    .collect()
            }),
            algorithm: rec.algorithm.name().to_owned(),
            level: level.get(),
            mistake: (level != Level::STRONGEST).then_some(rec.mistake),
            mode: rec.mode,
            grid: Grid { cols, values: rec.grid },
            grid_kind: rec.grid_kind,
            seed,
            exact: rec.posterior.map(|p| p.exact),
            layouts: rec.posterior.and_then(|p| p.layouts).map(|n| n.to_string()),
            samples: rec.posterior.and_then(|p| p.samples),
            why: rec.why,
            plan: rec.plan.as_ref().map(PlanAnswer::from),
            opponent: None,
            compute: None,
            action: None,
            actions: None,
        }
    }

    /// The answer with the turn's choice among the arsenal's power-ups, where one was made.
    pub fn with_choice(self, choice: Option<&Choice>, arsenal: &[PowerUp], cols: usize) -> RecommendResponse {
        match choice {
            None => self,
            Some(choice) => {
                let (action, actions) = answers(choice, arsenal, cols);
                RecommendResponse { action: Some(action), actions: Some(actions), ..self }
            }
        }
    }

    /// The JSON body, written into a buffer sized for the grid up front (no regrowth).
    pub fn to_json(&self) -> Vec<u8> {
        let mut buf = Vec::with_capacity(256 + 24 * self.grid.values.len());
        serde_json::to_writer(&mut buf, self).expect("a response always serializes");
        buf
    }
}

/// A row-major grid that serializes as one array per row, without copying it into rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub cols: usize,
    pub values: Vec<f64>,
}

impl Grid {
    /// The rows.
    pub fn rows(&self) -> std::slice::Chunks<'_, f64> {
        self.values.chunks(self.cols.max(1))
    }
}

impl Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.rows())
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let rows = Vec::<Vec<f64>>::deserialize(d)?;
        let cols = rows.first().map_or(0, Vec::len);
        Ok(Grid { cols, values: rows.into_iter().flatten().collect() })
    }
}
