//! `POST /placement`: its request and response bodies, their conversion into domain types, the
//! handler and its documented errors.

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, ToSchema};

use crate::game::board::{Board, Cell, MAX_SIDE, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::rng::{fresh_seed, seeded};
use crate::game::rules::Rules;
use crate::hiding::placement::{Style, place_hidden, place_styled};
use crate::hiding::searcher::{Hiding, MAX_SEARCHES, Search, SearchModel, fit, read_searches};

use crate::http::body::{BodyTimeout, read_json, read_object};
use crate::http::compute::admission::Admission;
use crate::http::compute::pool::ComputePool;
use crate::http::examples;
use crate::http::problem::ApiError;
use crate::http::problem_docs::{PostProblems, by_status, overloaded, problem};
use crate::http::whole_number;
use crate::http::wire::{
    RulesRequest, Shot, fleet_from, label, labels_schema, object_or_null, optional_seed_schema, seed_schema,
    ships_schema,
};

/// The board size and fleet to place, the rules, and an optional seed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!(crate::http::examples::PLACEMENT_REQUEST.value()))]
pub struct PlacementRequest {
    /// Rows of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub rows: Option<u64>,
    /// Columns of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub cols: Option<u64>,
    #[serde(deserialize_with = "whole_number::vec")]
    #[schema(schema_with = ships_schema)]
    pub ships: Vec<u64>,
    /// The rules: with `touching: false` no two ships share an edge or a corner (`salvo` does not
    /// change a placement).
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesRequest>,
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(schema_with = optional_seed)]
    pub seed: Option<u64>,
    /// `uniform` (default): every layout the rules allow is equally likely. `hard`: the least
    /// exposed of 3 uniform layouts (ships nearer the edges, where shooters that assume uniform
    /// layouts look last), mild enough that a shooter who learns from the computer's past fleets
    /// gains nothing. `adaptive`: hidden where this player looks last, read from their past
    /// `searches` (or a stored `search_model`), and against a player who does not avoid the cells
    /// beside the ships they found, the ships leaning apart (each touching cell pair weighs 0.5);
    /// uniform until they show a habit.
    #[serde(default)]
    pub style: Option<PlacementStyle>,
    /// With `style: adaptive`: the player's past searches of the computer's waters, the latest
    /// last (described by its schema).
    #[serde(default)]
    #[schema(schema_with = searches_schema)]
    pub searches: Option<Vec<Vec<String>>>,
    /// With `style: adaptive`, instead of `searches`: the model a previous answer returned.
    #[serde(default)]
    pub search_model: Option<SearchModelBody>,
    #[serde(default)]
    #[schema(schema_with = blocked_schema)]
    pub blocked: Option<Vec<String>>,
}

fn blocked_schema() -> utoipa::openapi::Array {
    labels_schema(
        "The sea's islands, as labels (`[\"D4\", \"D5\"]`): no ship is placed on them (ships may lie beside \
         them), in every style. Default: none.",
    )
}

/// The `searches` schema (null too: an absent list).
fn searches_schema() -> utoipa::openapi::Array {
    use utoipa::openapi::schema::SchemaType;
    use utoipa::openapi::{ArrayBuilder, ObjectBuilder, Type};
    let shot =
        ObjectBuilder::new().schema_type(Type::String).pattern(Some("^\\s*[A-Za-z][1-9][0-9]*(o|x|#[1-9][0-9]*)\\s*$"));
    let search = ArrayBuilder::new().items(shot).max_items(Some(MAX_SIDE * MAX_SIDE));
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(search)
        .max_items(Some(MAX_SEARCHES))
        .description(Some(
            "Up to 200 searches the player made of the computer's waters in past games, each the shots in \
             order, each shot its cell and the answer: `o` a miss, `x` a hit, `#` and the ship's length a \
             sinking (`E5o`, `C3x`, `C5#3`). Each on the request's board size, no cell twice, no longer than \
             the board (each checked with a 422 naming the search in `field` and the shot in `shot`).",
        ))
        .build()
}

/// A player's search model: how strongly they are drawn to each cell while hunting.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchModelBody {
    /// One row of numbers per board row: each cell's pull, higher for cells the player shoots
    /// earlier while hunting, all 0 for no habit (-20 to 20).
    pub pull: Vec<Vec<f64>>,
    /// The player's hunting shots beside the ships they had found, against a uniform choice's
    /// (0 to 100), as an answer gave it; absent when it did not (too few searches to tell): the
    /// ships then do not lean apart.
    #[serde(default)]
    #[schema(minimum = 0.0, maximum = 100.0)]
    pub beside_ships: Option<f64>,
}

/// What the computer knows of the player's searching, in an `adaptive` answer: store it and send
/// it back as `search_model` instead of the searches.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SearchModelAnswer {
    /// Searches it was fitted from (absent for a model sent whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searches: Option<usize>,
    /// Whether the searches showed a habit (else the fleet was drawn uniformly).
    pub habit: bool,
    /// Each cell's pull, rounded to 3 decimals.
    pub pull: Vec<Vec<f64>>,
    /// The player's hunting shots beside the ships they had found, against what a choice uniform
    /// over the open cells would give, to 3 decimals: about 1 for no regard to them (a fixed order,
    /// parity), above 1 for flooding around them, about 0.65 for a player who reasons that ships
    /// seldom fit there. From 0.85 on, against a habit, the fleet's ships lean apart. Absent when the
    /// searches gave too few chances to tell (fewer than 20 expected such shots).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beside_ships: Option<f64>,
}

impl SearchModelAnswer {
    fn new(model: &SearchModel) -> SearchModelAnswer {
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        let pull = model.pull().chunks(model.cols()).map(|r| r.iter().copied().map(round).collect()).collect();
        let beside_ships = model.beside().map(round);
        SearchModelAnswer { searches: model.searches(), habit: !model.is_none(), pull, beside_ships }
    }
}

/// The request's `seed`: any `u64`, or null.
fn optional_seed() -> utoipa::openapi::Object {
    optional_seed_schema(
        "Makes the layout reproducible: the same request and seed give the same layout. A random \
         seed is drawn when omitted or null; the response reports the seed used.",
    )
}

/// How the layout is chosen.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlacementStyle {
    /// Exactly uniform over every layout the rules allow.
    Uniform,
    /// The least exposed of 3 uniform layouts.
    Hard,
    /// Hidden where this player looks last (from `searches` or `search_model`).
    Adaptive,
}

/// A placement request checked and converted into domain types.
#[derive(Debug)]
pub struct ValidPlacement {
    /// The unshot board the fleet is placed on, its islands `^`.
    pub sea: Board,
    pub fleet: Fleet,
    pub rules: Rules,
    pub seed: Option<u64>,
    pub style: PlacementStyle,
    /// What adaptive placement reads of the player.
    pub player: Player,
}

/// What an adaptive placement knows of the player.
#[derive(Debug)]
pub enum Player {
    /// Nothing: not adaptive, or no searches sent.
    Unknown,
    Searches(Vec<Search>),
    Model(SearchModel),
}

impl ValidPlacement {
    /// A request from its JSON text (already known to be one JSON value).
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<ValidPlacement, ApiError> {
        let req: PlacementRequest = read_object(json)?;
        let side = |name: &'static str, v: Option<u64>| match v {
            None => Ok(10),
            Some(n) if (1..=MAX_SIDE as u64).contains(&n) => Ok(n as usize),
            Some(n) => Err(ApiError::Side { field: name, value: n, max: MAX_SIDE }),
        };
        let (rows, cols) = (side("rows", req.rows)?, side("cols", req.cols)?);
        let fleet = fleet_from(&req.ships, rows.max(cols))?;
        let rules = RulesRequest::rules(req.rules)?;
        let style = req.style.unwrap_or(PlacementStyle::Uniform);
        let player = match (req.searches, req.search_model) {
            (Some(_), Some(_)) => {
                return Err(ApiError::SearchChoice(
                    "searches: send either `searches` (past searches to fit) or `search_model` (a fitted model), not both",
                ));
            }
            (Some(_), None) | (None, Some(_)) if style != PlacementStyle::Adaptive => {
                return Err(ApiError::SearchChoice(
                    "searches: `searches` and `search_model` are read only with `style: adaptive`",
                ));
            }
            (Some(texts), None) => Player::Searches(read_searches(&texts, rows, cols, MAX_SEARCHES)?),
            (None, Some(model)) => Player::Model(SearchModel::new(rows, cols, &model.pull, model.beside_ships)?),
            (None, None) => Player::Unknown,
        };
        let sea = sea(rows, cols, req.blocked.as_deref().unwrap_or_default())?;
        Ok(ValidPlacement { sea, fleet, rules, seed: req.seed, style, player })
    }
}

/// The empty `rows` x `cols` board with the `blocked` labels as its islands, each checked.
fn sea(rows: usize, cols: usize, blocked: &[String]) -> Result<Board, ApiError> {
    let mut sea = Board::empty(rows, cols);
    for (k, text) in blocked.iter().enumerate() {
        let field = format!("blocked[{k}]");
        let p: Pos = label(text).ok_or_else(|| ApiError::Islands {
            detail: format!("{field}: {text:?} is not a cell label"),
            field: field.clone(),
        })?;
        if !sea.contains(p) {
            let detail = format!("{field}: {text} is off the {rows}x{cols} board");
            return Err(ApiError::Islands { field, detail });
        }
        sea.set(p, Cell::Island);
    }
    Ok(sea)
}

/// One ship of the layout.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"letter": "A", "length": 2, "horizontal": true,
    "cells": [{"row": 0, "col": 3, "label": "A4"}, {"row": 0, "col": 4, "label": "A5"}]}))]
pub struct PlacedShip {
    /// The ship's letter on `board`.
    pub letter: String,
    pub length: usize,
    /// Whether it lies along a row (a length-1 ship counts as horizontal).
    pub horizontal: bool,
    /// Its cells, from its top or left end.
    pub cells: Vec<Shot>,
}

/// A layout of the whole fleet.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::PLACEMENT_ANSWER.value()))]
pub struct PlacementResponse {
    /// One string per row: `.` water, `^` an island, and each ship's cells its own letter (`A`-`Z`,
    /// then `a`-`z`, then `0`-`9`, `!` and `$`), longest ship first.
    pub board: Vec<String>,
    /// The ships, longest first, in the order of their letters.
    pub ships: Vec<PlacedShip>,
    pub style: PlacementStyle,
    /// The seed the layout was drawn from (the request's, or a fresh one).
    #[schema(schema_with = seed_schema)]
    pub seed: u64,
    /// With `style: adaptive`: the player's search model the fleet hid from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_model: Option<SearchModelAnswer>,
}

/// Letters of the ships on the board, in order (64, the most ships a request may name).
const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$";

impl PlacementResponse {
    /// The answer for `layout`, placed on `sea` (its islands drawn `^`).
    pub fn new(mut layout: Layout, sea: &Board, style: PlacementStyle, seed: u64) -> PlacementResponse {
        layout.ships.sort_by(|a, b| b.len.cmp(&a.len).then((a.row, a.col).cmp(&(b.row, b.col))));
        let mut board: Vec<Vec<u8>> = sea.to_rows().into_iter().map(String::into_bytes).collect();
        let ships = layout
            .ships
            .iter()
            .zip(LETTERS.iter())
            .map(|(p, &letter)| {
                p.cells().for_each(|c| board[c.row][c.col] = letter);
                PlacedShip {
                    letter: (letter as char).to_string(),
                    length: p.len,
                    horizontal: p.horizontal,
                    cells: p.cells().map(Shot::from).collect(),
                }
            })
            .collect();
        let board = board.into_iter().map(|row| String::from_utf8(row).expect("ASCII")).collect();
        PlacementResponse { board, ships, style, seed, search_model: None }
    }
}

/// The problem answers of `POST /placement` alone.
pub struct PlacementProblems;

impl IntoResponses for PlacementProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        by_status([
            (
                422,
                problem(
                    "A board size or fleet out of range, a salvo out of range, a fleet no layout of which fits the \
                     board under the rules (or one so crowded that no uniform layout can be drawn within the \
                     service's limits), or past searches that cannot be read (a shot that is not a cell and its \
                     answer, a cell off the board or shot twice, a search longer than the board, more than 200 \
                     searches, a malformed `search_model`; `field` and `shot` name the search and the shot)",
                    examples::IMPOSSIBLE_PLACEMENT,
                ),
            ),
            overloaded(),
        ])
    }
}

/// Place a fleet.
///
/// The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
/// uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
/// or a corner), with `style: hard` the least exposed of 3 such layouts, or with `style: adaptive`
/// drawn away from where this player looks first, read from their past `searches` (the answer's
/// `search_model` can be stored and sent instead). Stateless and reproducible: the same request
/// and seed give the same layout. A fleet that cannot fit is refused with a 422 naming the
/// problem, decided within a bounded time whatever the board size.
#[utoipa::path(
    post,
    path = "/placement",
    tag = "placement",
    request_body(content = PlacementRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "A layout of the whole fleet", body = PlacementResponse),
        PostProblems,
        PlacementProblems,
    )
)]
pub async fn placement(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, **timeout).await?;
    let req = ValidPlacement::from_json(&body)?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let answer = if req.style == PlacementStyle::Adaptive {
        // Fitting searches and the tilted draw are compute work: bounded with the heavy
        // recommendations and run on their pool.
        pool.run_admitted(&admission.into_inner(), None, move |_| req.place_adaptive(seed)).await??
    } else {
        let style = if req.style == PlacementStyle::Hard { Style::Hard } else { Style::Uniform };
        let layout = place_styled(&req.sea, &req.fleet, req.rules, style, &mut seeded(seed)).map_err(ApiError::from)?;
        PlacementResponse::new(layout, &req.sea, req.style, seed)
    };
    let body = serde_json::to_vec(&answer).expect("a layout always serializes");
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}

impl ValidPlacement {
    /// The adaptive layout and the model it hid from.
    fn place_adaptive(self, seed: u64) -> Result<PlacementResponse, ApiError> {
        let (rows, cols) = (self.sea.rows(), self.sea.cols());
        let model = match self.player {
            Player::Unknown => SearchModel::none(rows, cols),
            Player::Searches(searches) => fit(rows, cols, &searches),
            Player::Model(model) => model,
        };
        let layout = place_hidden(&self.sea, &self.fleet, self.rules, &model, Hiding::SERVICE, &mut seeded(seed))?;
        let mut answer = PlacementResponse::new(layout, &self.sea, PlacementStyle::Adaptive, seed);
        answer.search_model = Some(SearchModelAnswer::new(&model));
        Ok(answer)
    }
}
