//! `POST /recommend`'s `arsenal`, the power-ups the shooter still holds, and the answer's `action`
//! and `actions`: what to do this turn and each power-up's best aim. Errors name the JSON path.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::game::arsenal::{self, Kind, PowerUp};
use crate::game::board::Pos;
use crate::shooting::action::{Action, Choice};

use crate::http::problem::ApiError;
use crate::http::whole_number;

/// A power-up the shooter holds.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "missile", "kind": "strike", "area": ["XXX", "XXX", "XXX"], "uses": 1}))]
pub struct PowerUpRequest {
    /// The power-up's name, echoed in `action` and `actions`; each power-up's its own.
    #[schema(max_length = 64)]
    pub name: String,
    /// What it does: `strike` shoots every cell of its area; `count` tells how many cells of its
    /// area hold a ship; `any` whether any does; `reveal` which do, without damaging them;
    /// `torpedo` runs along a row or column from the edge, passing water, and hits the first ship
    /// cell it meets (it stops at an island or a cell already hit).
    #[schema(value_type = String, pattern = "^(strike|count|any|reveal|torpedo)$")]
    pub kind: String,
    /// Rows of `X` (a cell of the area) and `.` (a gap), all of one length, at most 10 by 10,
    /// aimed by the top-left cell and clipped at the board's edge. Every kind but `torpedo`
    /// needs one; a torpedo takes none.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub area: Option<Vec<String>>,
    /// Uses left, 1 to 100.
    #[serde(deserialize_with = "whole_number::number")]
    #[schema(minimum = 1, maximum = 100)]
    pub uses: u64,
}

/// Longest name a power-up may have.
const MAX_NAME: usize = 64;

fn fault(field: String, message: impl std::fmt::Display) -> ApiError {
    ApiError::Arsenal { detail: format!("{field}: {message}"), field }
}

/// The core's arsenal from the request's: at most [`arsenal::MAX_POWER_UPS`], each kind known, each area
/// read.
pub fn read_arsenal(request: Vec<PowerUpRequest>) -> Result<Vec<PowerUp>, ApiError> {
    arsenal::check_count(request.len()).map_err(|e| fault("arsenal".to_owned(), e))?;
    let read = |(i, p): (usize, PowerUpRequest)| {
        let at = format!("arsenal[{i}]");
        if p.name.is_empty() || p.name.chars().count() > MAX_NAME {
            return Err(fault(format!("{at}.name"), format!("a name of 1 to {MAX_NAME} characters")));
        }
        let kind = Kind::from_name(&p.kind).ok_or_else(|| {
            let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            fault(format!("{at}.kind"), format!("{:?} is not a kind; one of {}", p.kind, kinds.join(", ")))
        })?;
        let uses = usize::try_from(p.uses).unwrap_or(usize::MAX);
        PowerUp::new(i, p.name, kind, p.area.as_deref(), uses).map_err(|e| {
            let field = e.part().map_or_else(|| at.clone(), |part| format!("{at}.{part}"));
            fault(field, e)
        })
    };
    let arsenal = request.into_iter().enumerate().map(read).collect::<Result<Vec<PowerUp>, ApiError>>()?;
    arsenal::check_names(&arsenal).map_err(|e| {
        let at = e.power_up().map_or_else(|| "arsenal".to_owned(), |k| format!("arsenal[{k}].name"));
        fault(at, e)
    })?;
    Ok(arsenal)
}

/// Refuses an arsenal the rules cannot play: every use costs a turn of one shot.
pub fn check_rules(arsenal: &[PowerUp], salvo: usize) -> Result<(), ApiError> {
    if !arsenal.is_empty() && salvo > 1 {
        let detail = "power-ups are played one a turn in place of a shot; send `rules.salvo` 1 with an arsenal";
        return Err(fault("arsenal".to_owned(), detail));
    }
    Ok(())
}

/// A cell as the answer names it.
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq, Clone)]
pub struct Anchor {
    pub row: usize,
    pub col: usize,
    pub label: String,
}

/// One thing to do this turn: a plain shot (`kind` `shot`) or a power-up aimed.
#[serde_with::skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[schema(example = json!({"name": "missile", "kind": "strike", "anchor": {"row": 3, "col": 3, "label": "D4"}, "cells": ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"], "expected_hits": 1.62, "value": 1.94}))]
pub struct ActionAnswer {
    /// The power-up's name; `shot` for a plain shot.
    pub name: String,
    /// `shot`, or the power-up's kind.
    #[schema(pattern = "^(shot|strike|count|any|reveal|torpedo)$")]
    pub kind: String,
    /// Where it is aimed: the shot's cell, an area's top-left cell, the edge cell a torpedo
    /// enters at.
    pub anchor: Anchor,
    /// The way a torpedo runs: `down`, `up`, `right` or `left`.
    pub direction: Option<String>,
    /// The cells it covers, clipped at the board's edge: for a torpedo the cells it may cross, in
    /// order (it stops at the first ship cell).
    pub cells: Vec<String>,
    /// Ship cells it is expected to hit this turn.
    pub expected_hits: f64,
    /// Turns it is expected to save against the plain shot by the one-step rule (`docs/power-ups.md`):
    /// 0 for the shot; a power-up is the `action` only when its value is above 0.
    pub value: f64,
}

impl ActionAnswer {
    fn new(a: &Action, arsenal: &[PowerUp], cols: usize) -> ActionAnswer {
        let (name, kind) = match a.power_up {
            Some(k) => (arsenal[k].name.clone(), arsenal[k].kind.name()),
            None => ("shot".to_owned(), "shot"),
        };
        let p = a.aim.anchor;
        ActionAnswer {
            name,
            kind: kind.to_owned(),
            anchor: Anchor { row: p.row, col: p.col, label: p.label() },
            direction: a.aim.direction.map(|d| d.name().to_owned()),
            cells: a.aim.cells.iter().map(|&i| Pos::new(i / cols, i % cols).label()).collect(),
            expected_hits: round(a.expected_hits),
            value: round(a.value),
        }
    }
}

/// Six decimals: the values are estimates, and the answer stays short.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The answer's `action` and `actions` from the turn's choice.
/// `cols` is the board's width.
pub fn answers(choice: &Choice, arsenal: &[PowerUp], cols: usize) -> (ActionAnswer, Vec<ActionAnswer>) {
    let each = choice.actions.iter().map(|a| ActionAnswer::new(a, arsenal, cols)).collect();
    (ActionAnswer::new(&choice.action, arsenal, cols), each)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::arsenal::MAX_POWER_UPS;

    fn request(kind: &str, area: Option<&[&str]>, uses: u64) -> PowerUpRequest {
        PowerUpRequest {
            name: "p".into(),
            kind: kind.into(),
            area: area.map(|a| a.iter().map(|s| s.to_string()).collect()),
            uses,
        }
    }

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Arsenal { field, .. } => field,
            other => panic!("not an arsenal problem: {other}"),
        }
    }

    #[test]
    fn faults_name_their_path() {
        let ok = || request("strike", Some(&["X"]), 1);
        let at = |bad| field(read_arsenal(vec![ok(), bad]).unwrap_err());
        assert_eq!(at(request("laser", Some(&["X"]), 1)), "arsenal[1].kind");
        assert_eq!(at(request("torpedo", Some(&["X"]), 1)), "arsenal[1].area");
        assert_eq!(at(request("count", None, 1)), "arsenal[1].area");
        assert_eq!(at(request("any", Some(&["..."]), 1)), "arsenal[1].area");
        assert_eq!(at(request("reveal", Some(&["X"]), 0)), "arsenal[1].uses");
        assert_eq!(at(PowerUpRequest { name: String::new(), ..ok() }), "arsenal[1].name");
        assert_eq!(at(ok()), "arsenal[1].name", "a name held twice");
        assert_eq!(at(request("strike", Some(&["X"]), 101)), "arsenal[1].uses");
        let many = (0..=MAX_POWER_UPS).map(|_| ok()).collect();
        assert_eq!(field(read_arsenal(many).unwrap_err()), "arsenal");
        let torpedo = PowerUpRequest { name: "t".into(), ..request("torpedo", None, 2) };
        assert_eq!(read_arsenal(vec![ok(), torpedo]).unwrap().len(), 2);
    }
}
