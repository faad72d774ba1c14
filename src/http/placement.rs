//! `POST /placement`: its request and response bodies, their conversion into domain types, the
//! handler and its documented errors.

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, ToSchema};

use crate::board::MAX_SIDE;
use crate::fleet::Fleet;
use crate::layout::Layout;
use crate::placement::{Style, place_styled};
use crate::rng::{fresh_seed, seeded};
use crate::rules::Rules;

use super::body::{BodyTimeout, read_json, read_object};
use super::examples;
use super::problem::ApiError;
use super::problem_docs::{PostProblems, by_status, problem};
use super::whole_number;
use super::wire::{RulesRequest, Shot, fleet_from, optional_seed_schema, rules_object, seed_schema, ships_schema};

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
    #[serde(default, deserialize_with = "rules_object")]
    pub rules: Option<RulesRequest>,
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(schema_with = optional_seed)]
    pub seed: Option<u64>,
    /// `uniform` (default): every layout the rules allow is equally likely. `hard`: the least
    /// exposed of 64 uniform layouts (ships along the edges and in the corners, where shooters
    /// that assume uniform layouts look last); it costs them several shots a game, but a shooter
    /// who knows it can search the border first.
    #[serde(default)]
    pub style: Option<PlacementStyle>,
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
    /// The least exposed of 64 uniform layouts.
    Hard,
}

impl From<PlacementStyle> for Style {
    fn from(style: PlacementStyle) -> Style {
        match style {
            PlacementStyle::Uniform => Style::Uniform,
            PlacementStyle::Hard => Style::Hard,
        }
    }
}

/// A placement request checked and converted into domain types.
#[derive(Debug)]
pub struct ValidPlacement {
    pub rows: usize,
    pub cols: usize,
    pub fleet: Fleet,
    pub rules: Rules,
    pub seed: Option<u64>,
    pub style: PlacementStyle,
}

impl ValidPlacement {
    /// A request from its JSON text (already known to be one JSON value).
    pub fn from_json(json: &str) -> Result<ValidPlacement, ApiError> {
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
        Ok(ValidPlacement { rows, cols, fleet, rules, seed: req.seed, style })
    }
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
    /// One string per row: `.` water, and each ship's cells its own letter (`A`-`Z`, then
    /// `a`-`z`, then `0`-`9`, `!` and `$`), longest ship first.
    pub board: Vec<String>,
    /// The ships, longest first, in the order of their letters.
    pub ships: Vec<PlacedShip>,
    pub style: PlacementStyle,
    /// The seed the layout was drawn from (the request's, or a fresh one).
    #[schema(schema_with = seed_schema)]
    pub seed: u64,
}

/// Letters of the ships on the board, in order (64, the most ships a request may name).
const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$";

impl PlacementResponse {
    pub fn new(mut layout: Layout, style: PlacementStyle, seed: u64) -> PlacementResponse {
        layout.ships.sort_by(|a, b| b.len.cmp(&a.len).then((a.row, a.col).cmp(&(b.row, b.col))));
        let mut board = vec![vec![b'.'; layout.cols]; layout.rows];
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
        PlacementResponse { board, ships, style, seed }
    }
}

/// The problem answers of `POST /placement` alone.
pub struct PlacementProblems;

impl IntoResponses for PlacementProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        by_status([(
            422,
            problem(
                "A board size or fleet out of range, a salvo out of range, or a fleet no layout of which fits the \
                 board under the rules (or one so crowded that no uniform layout can be drawn within the \
                 service's limits)",
                examples::IMPOSSIBLE_PLACEMENT,
            ),
        )])
    }
}

/// Place a fleet.
///
/// The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
/// uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
/// or a corner), or with `style: hard` the least exposed of 64 such layouts. Stateless and reproducible: the same request and seed give the same layout. A
/// fleet that cannot fit is refused with a 422 naming the problem, decided within a bounded time
/// whatever the board size.
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
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, **timeout).await?;
    let req = ValidPlacement::from_json(body.get())?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let layout = place_styled(req.rows, req.cols, &req.fleet, req.rules, req.style.into(), &mut seeded(seed))
        .map_err(ApiError::from)?;
    let body =
        serde_json::to_vec(&PlacementResponse::new(layout, req.style, seed)).expect("a layout always serializes");
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}
