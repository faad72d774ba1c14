//! `POST /opponent`: a model of a player's habits fitted from the fleets they hid in past games;
//! its request and response bodies, their conversion, the handler and its documented errors.

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, ToSchema};

use crate::game::board::MAX_SIDE;
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::inference::opponent::{Fit, fit, read_fleets};

use crate::http::body::{BodyTimeout, read_json, read_object};
use crate::http::compute::admission::Admission;
use crate::http::compute::pool::ComputePool;
use crate::http::examples;
use crate::http::problem::ApiError;
use crate::http::problem_docs::{PostProblems, by_status, overloaded, problem};
use crate::http::whole_number;
use crate::http::wire::{OpponentModel, RulesRequest, fleet_from, fleets_schema, object_or_null, ships_schema};

/// The board size, the starting fleet, the rules, and the fleets a player hid in past games.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!(crate::http::examples::OPPONENT_REQUEST.value()))]
pub struct OpponentRequest {
    /// Rows of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub rows: Option<u64>,
    /// Columns of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub cols: Option<u64>,
    /// The starting fleet: the lengths of every ship of a game (each past fleet has exactly these).
    #[serde(deserialize_with = "whole_number::vec")]
    #[schema(schema_with = ships_schema)]
    pub ships: Vec<u64>,
    /// The rules the games were played by: with `touching: false` a fleet whose ships touch is
    /// refused (`salvo` changes nothing here).
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesRequest>,
    /// The past fleets (described by its schema); none gives the uniform model.
    #[schema(schema_with = fleets_schema)]
    pub fleets: Vec<Vec<String>>,
}

/// What the fleets showed, against what uniform layouts of the same fleet would show.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OpponentSummary {
    /// Share of the fleets' ship cells on the board's border (first or last row or column).
    pub edge_share: f64,
    /// Share of the fleets with two ships touching (sharing an edge or a corner).
    pub touching_share: f64,
    /// `edge_share` expected of uniform layouts.
    pub uniform_edge_share: f64,
    /// `touching_share` expected of uniform layouts.
    pub uniform_touching_share: f64,
    /// Share of the fleets' ships of two or more cells laid across (along a row).
    pub across_share: f64,
    /// `across_share` expected of uniform layouts.
    pub uniform_across_share: f64,
}

/// The fitted model, to store and send back as `opponent.model` on every `POST /recommend`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::OPPONENT_ANSWER.value()))]
pub struct OpponentResponse {
    pub model: OpponentModel,
    /// How many fleets it was fitted from.
    pub games: usize,
    pub summary: OpponentSummary,
}

impl From<Fit> for OpponentResponse {
    fn from(fitted: Fit) -> OpponentResponse {
        let s = fitted.summary;
        OpponentResponse {
            model: (&fitted.model).into(),
            games: fitted.games,
            summary: OpponentSummary {
                edge_share: s.edge_share,
                touching_share: s.touching_share,
                uniform_edge_share: s.uniform_edge_share,
                uniform_touching_share: s.uniform_touching_share,
                across_share: s.across_share,
                uniform_across_share: s.uniform_across_share,
            },
        }
    }
}

/// A request checked: the board size, the starting fleet and the fleets read into layouts.
#[derive(Debug)]
pub struct ValidOpponent {
    pub rows: usize,
    pub cols: usize,
    pub fleet: Fleet,
    pub layouts: Vec<Layout>,
}

impl ValidOpponent {
    /// A request from its JSON text (already known to be one JSON value).
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<ValidOpponent, ApiError> {
        let req: OpponentRequest = read_object(json)?;
        let side = |name: &'static str, v: Option<u64>| match v {
            None => Ok(10),
            Some(n) if (1..=MAX_SIDE as u64).contains(&n) => Ok(n as usize),
            Some(n) => Err(ApiError::Side { field: name, value: n, max: MAX_SIDE }),
        };
        let (rows, cols) = (side("rows", req.rows)?, side("cols", req.cols)?);
        let fleet = fleet_from(&req.ships, rows.max(cols))?;
        let rules = RulesRequest::rules(req.rules)?;
        let (layouts, _) = read_fleets(&req.fleets, rows, cols, Some(fleet.lengths()), rules.touching)
            .map_err(|error| ApiError::Fleets { prefix: "", error })?;
        Ok(ValidOpponent { rows, cols, fleet, layouts })
    }

    /// The fitted model.
    pub fn fit(&self) -> Fit {
        fit(self.rows, self.cols, &self.fleet, &self.layouts)
    }
}

/// The problem answers of `POST /opponent` alone.
pub struct OpponentProblems;

impl IntoResponses for OpponentProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        by_status([
            (
                422,
                problem(
                    "A board size, fleet or salvo out of range, or a past fleet that cannot be read: another board \
                     size, a character that is neither `.` nor a ship's letter, a bent or split ship, ships other \
                     than the starting fleet, ships touching under the no-touch rules, more than 200 fleets (the \
                     detail, `field`, `row` and `col` name the fleet and the cell at fault)",
                    examples::INVALID_OPPONENT,
                ),
            ),
            overloaded(),
        ])
    }
}

/// Fit a model of a player's habits.
///
/// Takes the fleets a player hid in past games (as `POST /placement` writes a board: one string
/// per row, `.` water, each ship its own letter) and returns a model of where they put ships,
/// whether they let them touch and which way they lay them: a weight per cell, a weight per
/// touching cell pair and a weight per ship laid across, and a summary of what the fleets showed. Store the model and send it as `opponent.model` with every
/// `POST /recommend` against that player. Deterministic: the same fleets give the same model.
#[utoipa::path(
    post,
    path = "/opponent",
    tag = "recommend",
    request_body(content = OpponentRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The fitted model and what the fleets showed", body = OpponentResponse),
        PostProblems,
        OpponentProblems,
    )
)]
pub async fn opponent(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, **timeout).await?;
    let valid = ValidOpponent::from_json(&body)?;
    // Fitting is compute work: bounded with the heavy recommendations and run on their pool.
    let fitted = pool.run_admitted(&admission.into_inner(), None, move |_| valid.fit()).await?;
    let body = serde_json::to_vec(&OpponentResponse::from(fitted)).expect("a model always serializes");
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}
