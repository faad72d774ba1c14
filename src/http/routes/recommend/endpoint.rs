//! `POST /recommend`: its request and response bodies, their conversion into a core
//! [`Ask`], the handler and its documented errors.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, ToSchema};

use crate::game::rng::fresh_seed;
use crate::game::tie_order::TieOrder;
use crate::game::turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS};
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::{Level, Weakened};
use crate::shooting::play::{Ask, Seat};

use crate::http::body::read_object;
use crate::http::examples;
use crate::http::problem::ApiError;
use crate::http::problem_docs::{by_status, overloaded_or_budget_unavailable, problems};
use crate::http::routes::recommend::arsenal::{PowerUpRequest, check_rules, read_arsenal};
use crate::http::routes::recommend::history::HistoryRequest;
use crate::http::routes::recommend::observations::ObservationRequest;
use crate::http::routes::recommend::opponent::{OpponentPrior, Prior};
use crate::http::routes::recommend::position::Position;
use crate::http::whole_number;
use crate::http::wire::{
    JsonObject, RulesRequest, board_schema, object_or_null, optional_algorithm_schema, optional_seed_schema, present,
    ships_schema,
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
    /// With `board`: what scans told of areas of the sea, at most 64. Algorithms that read
    /// observations (`GET /algorithms`, `observations`) condition on them; the others ignore them.
    /// None when omitted or null.
    #[serde(default)]
    #[schema(value_type = Option<Vec<ObservationRequest>>, max_items = 64)]
    pub observations: Option<Vec<ObservationRequest>>,
    /// The power-ups the shooter still holds, at most 16: the answer then says what to do this
    /// turn (`action`: a plain shot or one power-up aimed) and each power-up's best aim
    /// (`actions`). One shot a turn (`rules.salvo` 1). None when omitted or null.
    #[serde(default)]
    #[schema(value_type = Option<Vec<PowerUpRequest>>, max_items = 16)]
    pub arsenal: Option<Vec<PowerUpRequest>>,
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
    #[serde(default, deserialize_with = "object_or_null")]
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
    pub fn ask_from_json(json: impl AsRef<[u8]>) -> Result<Ask, ApiError> {
        let (mut ask, prior) = RecommendRequest::from_json(json)?;
        ask.seat.opponent = prior.map(|p| Arc::new(p.model().0));
        Ok(ask)
    }

    /// [`RecommendRequest::ask`] from the JSON text, at the budget it asks for.
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<(Ask, Option<Prior>), ApiError> {
        let request = read_object::<RecommendRequest>(json)?;
        let terms = request.terms()?;
        request.ask(terms)
    }

    /// What the service reads before the rest: the budget asked for (checked first, so that a
    /// budget out of range is the error whatever else is wrong) and the algorithm named, each
    /// read once.
    pub fn terms(&self) -> Result<Terms, ApiError> {
        let budget_ms = match self.budget_ms {
            None => DEFAULT_BUDGET_MS,
            Some(ms) if (1..=MAX_BUDGET_MS).contains(&ms) => ms,
            Some(ms) => return Err(ApiError::Budget { value: ms, max: MAX_BUDGET_MS }),
        };
        let algorithm = self.algorithm.as_deref().map_or(Some(Algorithm::DEFAULT), Algorithm::from_name);
        Ok(Terms { budget_ms, algorithm })
    }

    /// Whether the request is compute work for the pool: an algorithm that thinks for
    /// milliseconds, past fleets to fit, or a history (reading it replays every answer and searches
    /// for a fleet that gives them all).
    pub fn is_heavy(&self, terms: Terms) -> bool {
        self.history.is_some()
            || self.arsenal.is_some()
            || terms.algorithm.is_some_and(Algorithm::is_heavy)
            || self.opponent.as_ref().is_some_and(|o| o.fleets.is_some())
    }

    /// The core's question, every field checked and converted, its `opponent` still to set from
    /// the checked [`Prior`] (whose fleets may need fitting).
    pub fn ask(self, terms: Terms) -> Result<(Ask, Option<Prior>), ApiError> {
        let Terms { budget_ms, algorithm } = terms;
        let position = Position::new(self.board, self.ships, self.history, self.observations)?;
        let algorithm = match (algorithm, self.algorithm) {
            (Some(algorithm), _) => algorithm,
            (None, name) => return Err(ApiError::UnknownAlgorithm(name.unwrap_or_default())),
        };
        let rules = RulesRequest::rules(self.rules)?;
        let arsenal = self.arsenal.map(read_arsenal).transpose()?;
        check_rules(arsenal.as_deref().unwrap_or_default(), rules.salvo)?;
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
        let seat = Seat::from_seed(Weakened::new(algorithm, level), seed, budget_ms, rules);
        let ask = Ask { board, fleet, told, seat, level, seed, candidates, arsenal, observed: None };
        Ok((ask, prior))
    }
}

/// A request's budget and algorithm, read once ([`RecommendRequest::terms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The budget the answer is computed with: the one asked for, or the default where a planning
    /// request is served at the default budget.
    pub budget_ms: u64,
    /// The algorithm named (the default when none is); `None` for an unknown name, which
    /// [`RecommendRequest::ask`] refuses once the position has been read.
    pub algorithm: Option<Algorithm>,
}

impl Terms {
    /// Whether the request plans ahead: an algorithm that thinks, with a budget above the default.
    pub fn plans(self) -> bool {
        self.budget_ms > DEFAULT_BUDGET_MS && self.algorithm.is_some_and(Algorithm::is_heavy)
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
                     `turn` and `shot` the zero-based turn and shot within it where the fault is theirs); \
                     `observations` that cannot be read on the board (type `invalid-observations`: `field` \
                     names the observation or its part at fault); an `arsenal` that cannot be read, or with \
                     `rules.salvo` above 1 (type `invalid-arsenal`: `field` names the power-up or its part)",
                    &[
                        examples::INVALID_BOARD,
                        examples::INVALID_HISTORY,
                        examples::INVALID_OBSERVATIONS,
                        examples::INVALID_ARSENAL,
                    ],
                ),
            ),
            overloaded_or_budget_unavailable(),
        ])
    }
}
