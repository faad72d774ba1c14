//! `POST /recommend`: its request and response bodies, their conversion into a core
//! [`Ask`], the handler and its documented errors.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, ToSchema};

use crate::game::rng::fresh_seed;
use crate::game::tie_order::TieOrder;
use crate::game::turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, TurnError};
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Level;
use crate::shooting::play::{Ask, Recommendation};

use crate::http::body::{BodyTimeout, read_json, read_object};
use crate::http::compute::admission::Admission;
use crate::http::compute::pool::ComputePool;
use crate::http::examples;
use crate::http::middleware::metrics::Metrics;
use crate::http::problem::ApiError;
use crate::http::problem_docs::{PostProblems, by_status, overloaded, problems};
use crate::http::routes::recommend::history::HistoryRequest;
use crate::http::routes::recommend::opponent::{OpponentEcho, OpponentPrior, Prior};
use crate::http::routes::recommend::plan::PlanAnswer;
use crate::http::routes::recommend::position::Position;
use crate::http::whole_number;
use crate::http::wire::{
    JsonObject, RulesRequest, Shot, board_schema, object_or_null, optional_algorithm_schema, optional_seed_schema,
    present, rules_object, seed_schema, ships_schema,
};

/// Most cells `candidates` may ask for.
pub const MAX_CANDIDATES: u64 = 10;

/// A position, as board strings and the ships still afloat or as a game's history; which
/// algorithm to ask, with an optional seed. Exactly one of the two positions (`board` with
/// `ships`, or `history`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!(crate::http::examples::RECOMMEND_REQUEST.value()))]
pub struct RecommendRequest {
    /// The board as the shooter sees it (described by its schema).
    #[serde(default, deserialize_with = "present")]
    #[schema(schema_with = board_schema)]
    pub board: Option<Vec<String>>,
    /// Lengths of the ships not yet sunk (described by its schema).
    #[serde(default, deserialize_with = "ships")]
    #[schema(schema_with = ships_schema)]
    pub ships: Option<Vec<u64>>,
    /// The game's log instead of `board` and `ships`: the fleet and every shot in order with
    /// its answer, read under `rules.announce`. The service plays the position it implies.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = HistoryRequest)]
    pub history: Option<JsonObject<HistoryRequest>>,
    /// Algorithm name (described by its schema).
    #[serde(default)]
    #[schema(schema_with = optional_algorithm_schema)]
    pub algorithm: Option<String>,
    /// The seed (described by its schema).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(schema_with = optional_seed)]
    pub seed: Option<u64>,
    /// Compute budget in milliseconds for algorithms whose cost varies (`bayes`): within it the
    /// answer is exact when that is feasible and a sampled estimate otherwise. Above the default
    /// 10, `bayes` also spends it planning ahead (the answer's `plan`). Default 10, at most 1000.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 1000)]
    pub budget_ms: Option<u64>,
    /// A hint: list the k best cells (1 to 10) with their grid values, best first, in the
    /// response's `candidates`, as a chess engine's multi-PV does. None when omitted.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 10)]
    pub candidates: Option<u64>,
    /// Strength level, 1 (weakest, about 75 shots a game) to 10 (the algorithm itself, the
    /// default): below 10 the named algorithm (or the default one) makes plausible mistakes, a
    /// near-best cell or a slower finish of a wounded ship, never a cell where no ship can be.
    /// `GET /algorithms` lists each level's measured mean shots.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 10)]
    pub level: Option<u64>,
    /// The rules of the game; the classic rules (ships may touch, one shot a turn) when omitted.
    #[serde(default, deserialize_with = "rules_object")]
    pub rules: Option<RulesRequest>,
    /// What the shooter knows of the opponent's habits: past fleets to fit, or a fitted model
    /// (exactly one). The uniform prior when omitted. `GET /algorithms` says which algorithms use it.
    #[serde(default, deserialize_with = "object_or_null")]
    pub opponent: Option<OpponentPrior>,
}

/// `ships`, when present (null is not a fleet).
fn ships<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<u64>>, D::Error> {
    whole_number::vec(d).map(Some)
}

/// The request's `seed`: any `u64`, or null.
fn optional_seed() -> utoipa::openapi::Object {
    optional_seed_schema(
        "Makes every random choice, tie-breaking included, reproducible, and picks the order in \
         which bayes and weighted-density break ties (send one seed per game; each turn still \
         draws afresh, from the seed and the number of cells already shot). A random seed \
         whose tie order is row-major is drawn when omitted or null; the response reports the \
         seed used.",
    )
}

impl RecommendRequest {
    /// A request from its JSON text (already known to be one JSON value): the shape, then the
    /// rules of each field. Errors name the JSON path or the field at fault. Past fleets in
    /// `opponent` are fitted here, on the caller's thread.
    pub fn ask_from_json(json: &str) -> Result<Ask, ApiError> {
        let (mut ask, prior) = RecommendRequest::from_json(json)?;
        ask.opponent = prior.map(|p| Arc::new(p.model().0));
        Ok(ask)
    }

    /// [`RecommendRequest::ask`] from the JSON text.
    pub fn from_json(json: &str) -> Result<(Ask, Option<Prior>), ApiError> {
        read_object::<RecommendRequest>(json)?.ask()
    }

    /// The core's question, every field checked and converted, its `opponent` still to set from
    /// the checked [`Prior`] (whose fleets may need fitting).
    pub fn ask(self) -> Result<(Ask, Option<Prior>), ApiError> {
        let position = Position::new(self.board, self.ships, self.history)?;
        let algorithm = match self.algorithm.as_deref() {
            None => Algorithm::DEFAULT,
            Some(name) => Algorithm::from_name(name).ok_or_else(|| ApiError::UnknownAlgorithm(name.to_owned()))?,
        };
        let budget_ms = match self.budget_ms {
            None => DEFAULT_BUDGET_MS,
            Some(ms) if (1..=MAX_BUDGET_MS).contains(&ms) => ms,
            Some(ms) => return Err(ApiError::Budget { value: ms, max: MAX_BUDGET_MS }),
        };
        let rules = RulesRequest::rules(self.rules)?;
        let candidates = match self.candidates {
            None => 0,
            Some(k) if (1..=MAX_CANDIDATES).contains(&k) => k as usize,
            Some(k) => return Err(ApiError::Candidates { value: k, max: MAX_CANDIDATES }),
        };
        let level = self.level.map_or(Ok(Level::STRONGEST), Level::new)?;
        // Last: a history's consistency search is the costliest check.
        let (board, fleet, told) = position.read(rules)?;
        let prior = self.opponent.map(|o| o.prior(&board, &fleet, rules)).transpose()?;
        // A request without a seed gets a drawn one whose tie order is row-major, so that a client
        // that sends no seed still plays one coherent order through its game, and the reported
        // seed replays it.
        let seed = self.seed.unwrap_or_else(|| TieOrder::row_major_seed(fresh_seed));
        let ask = Ask { board, fleet, told, rules, algorithm, level, seed, budget_ms, candidates, opponent: None };
        Ok((ask, prior))
    }
}

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

/// `hunt` when the board has no `x`, else `target`.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Hunt,
    Target,
}

impl From<crate::game::turn::Mode> for Mode {
    fn from(m: crate::game::turn::Mode) -> Mode {
        match m {
            crate::game::turn::Mode::Hunt => Mode::Hunt,
            crate::game::turn::Mode::Target => Mode::Target,
        }
    }
}

/// `probability`: each value is the algorithm's estimate of the chance the cell holds a ship.
/// `score`: the algorithm's own preference, scaled so that the best cell is 1.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GridKind {
    Probability,
    Score,
}

impl From<crate::shooting::strategy::GridKind> for GridKind {
    fn from(k: crate::shooting::strategy::GridKind) -> GridKind {
        match k {
            crate::shooting::strategy::GridKind::Probability => GridKind::Probability,
            crate::shooting::strategy::GridKind::Score => GridKind::Score,
        }
    }
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
    /// Same shape as the board; finite values in [0, 1], exactly 0 on every cell that is not `.`.
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
            mode: rec.mode.into(),
            grid: Grid { cols, values: rec.grid },
            grid_kind: rec.grid_kind.into(),
            seed,
            exact: rec.posterior.map(|p| p.exact),
            layouts: rec.posterior.and_then(|p| p.layouts).map(|n| n.to_string()),
            samples: rec.posterior.and_then(|p| p.samples),
            why: rec.why,
            plan: rec.plan.as_ref().map(PlanAnswer::from),
            opponent: None,
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

/// The problem answers of `POST /recommend` alone.
pub struct RecommendProblems;

impl IntoResponses for RecommendProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        by_status([
            (
                422,
                problems(
                    "A board or fleet that breaks the rules (under the no-touch rules also sunk ships that touch, or \
                     a hit beside a sunk ship), or that no placement of the ships afloat can explain under the \
                     request's rules; an unknown algorithm; a budget, salvo, candidates count or level out of range; \
                     board strings with an announcement rule other than `sunk-cells` (`invalid-rules`); an \
                     `opponent` with both or neither of `fleets` and `model`, a past fleet that cannot be read \
                     (the field names it, `row` and `col` the cell), or a model of another shape or with a weight \
                     out of range (type `invalid-opponent`); a `history` that cannot be read or that no game under \
                     its rules could have produced (type `invalid-history`: `field` is the JSON path at fault, \
                     `turn` and `shot` the zero-based turn and shot within it where the fault is theirs)",
                    &[examples::INVALID_BOARD, examples::INVALID_HISTORY],
                ),
            ),
            overloaded(),
        ])
    }
}

/// Recommend the next shot.
///
/// Takes the board as the shooter sees it and the ships still afloat, or the game's history
/// instead (the fleet and every shot with its answer), and optionally the rules
/// (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
/// of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
/// the full per-cell grid behind them. Stateless: the same request with the same seed always gets
/// the same answer.
#[utoipa::path(
    post,
    path = "/recommend",
    tag = "recommend",
    request_body(content = RecommendRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The recommended shot and the algorithm's grid", body = RecommendResponse),
        PostProblems,
        RecommendProblems,
    )
)]
pub async fn recommend(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
    metrics: web::Data<Metrics>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, **timeout).await?;
    Ok(answer(body.get(), metrics, admission, pool).await?)
}

/// The answer to a request body that is well-formed JSON.
async fn answer(
    body: &str,
    metrics: web::Data<Metrics>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, ApiError> {
    // The shape is checked here, so that the error can name the field at fault.
    let request = read_object::<RecommendRequest>(body)?;
    let admission = admission.into_inner();
    // A heavy request past the bound is shed before its position is read or checked, so that an
    // overload costs as little as possible per refusal. A history is heavy whatever the algorithm:
    // reading it replays every answer and searches for a fleet that gives them all.
    let (mut ask, prior, slot) = if request.history.is_some() {
        let slot = admission.try_enter().ok_or(ApiError::Overloaded)?;
        let (slot, asked) = pool.run(move || (slot, request.ask())).await.map_err(ApiError::from)?;
        let (ask, prior) = asked?;
        (ask, prior, Some(slot))
    } else {
        let (ask, prior) = request.ask()?;
        // A heavy algorithm, or past fleets to fit.
        let slot = match ask.algorithm.is_heavy() || matches!(prior, Some(Prior::Fleets(_))) {
            true => Some(admission.try_enter().ok_or(ApiError::Overloaded)?),
            false => None,
        };
        (ask, prior, slot)
    };
    let (slot, echo) = match prior {
        None => (slot, None),
        Some(Prior::Model(model)) => (slot, Some((model, None))),
        // Fitting runs on the compute pool; the slot travels with the job and comes back.
        Some(Prior::Fleets(to_fit)) => {
            let (slot, fitted) = pool.run(move || (slot, to_fit.fit())).await.map_err(ApiError::from)?;
            (slot, Some((fitted.model, Some(fitted.games))))
        }
    };
    let echo = echo.map(|(model, games)| {
        let echo = OpponentEcho::new(&model, games);
        ask.opponent = Some(Arc::new(model));
        echo
    });
    let (algorithm, level, cols, seed) = (ask.algorithm, ask.level, ask.board.cols(), ask.seed);
    // The position is checked where it is computed: a heavy request's check (a history's with a
    // model that keeps ships apart searches again) runs on the pool too.
    let compute = move || {
        let mut ask = ask;
        let seat = ask.check()?;
        let start = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| ask.play(&seat, crate::game::deadline::Deadline::NONE)));
        Ok::<_, TurnError>((outcome, start.elapsed().as_secs_f64()))
    };
    // Algorithms that think for milliseconds run on the low-priority compute pool, so that they
    // never hold up the threads answering other requests.
    let (outcome, elapsed) = if let Some(slot) = slot {
        // The slot lives with the job: a client that goes away does not free it before the
        // computation it started has finished.
        let job = move || {
            let _slot = slot;
            compute()
        };
        pool.run(job).await.map_err(ApiError::from)??
    } else {
        compute()?
    };
    let rec = outcome.map_err(|_| ApiError::Internal(format!("algorithm {} failed", algorithm.name())))??;
    metrics.recommend_duration.with_label_values(&[algorithm.name()]).observe(elapsed);
    let body = RecommendResponse { opponent: echo, ..RecommendResponse::new(rec, level, cols, seed) }.to_json();
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}
