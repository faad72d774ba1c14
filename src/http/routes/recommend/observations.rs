//! `POST /recommend`'s `observations`: what scans told of areas of the sea, sent with board
//! strings. Their request type and their reading on the board, each error naming its JSON path.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::game::board::{Board, Pos};
use crate::game::observations::read_scans;
use crate::game::scan::{MAX_SCANS, Reading, ScanError};

use crate::http::problem::ApiError;
use crate::http::whole_number;
use crate::http::wire::{label, labels_schema};

/// A scan of some cells: `count`, how many of them hold a ship (a count scan: radar, sonar), or
/// `any`, whether any does (a yes/no scan); exactly one of the two. Hit and sunk cells count as
/// ship cells, so a scan read before a ship sank stays true after.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"count": 2, "cells": ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"]}))]
pub struct ObservationRequest {
    /// How many of `cells` hold a ship, from 0 to their number.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 0)]
    pub count: Option<u64>,
    /// Whether any of `cells` holds a ship.
    #[serde(default)]
    pub any: Option<bool>,
    /// The cells scanned (described by its schema).
    #[schema(schema_with = cells_schema)]
    pub cells: Vec<String>,
}

fn cells_schema() -> utoipa::openapi::Array {
    let mut a =
        labels_schema("The cells scanned, as labels (`C5`: row C, column 5), each on the board and listed once.");
    a.schema_type = utoipa::openapi::schema::SchemaType::Type(utoipa::openapi::schema::Type::Array);
    a.min_items = Some(1);
    a
}

/// A problem of the request's observations at `field`.
fn fault(field: String, message: impl std::fmt::Display) -> ApiError {
    ApiError::Observations { detail: format!("{field}: {message}"), field }
}

/// The board with `observations` read on it: at most [`MAX_SCANS`], each with exactly one of
/// `count` and `any`, its cells labels of the board listed once, its count no larger than its
/// cells, and none the board's cells contradict.
pub fn observe(board: Board, observations: Vec<ObservationRequest>) -> Result<Board, ApiError> {
    if observations.len() > MAX_SCANS {
        let detail = format!("{} observations; at most {MAX_SCANS} may be sent", observations.len());
        return Err(fault("observations".to_owned(), detail));
    }
    let mut scans = Vec::with_capacity(observations.len());
    for (i, o) in observations.iter().enumerate() {
        let at = format!("observations[{i}]");
        let reading = match (o.count, o.any) {
            (Some(count), None) if count > o.cells.len() as u64 => {
                let detail = format!("a count of {count} ship cells among {} cells", o.cells.len());
                return Err(fault(format!("{at}.count"), detail));
            }
            (Some(count), None) => Reading::Count(count as usize),
            (None, Some(any)) => Reading::Any(any),
            _ => {
                return Err(fault(
                    at,
                    "give exactly one of `count` (ship cells among `cells`) and `any` (whether any is one)",
                ));
            }
        };
        let cells = o.cells.iter().enumerate().map(|(j, text)| {
            label(text).ok_or_else(|| fault(format!("{at}.cells[{j}]"), format!("{text:?} is not a cell label")))
        });
        scans.push((cells.collect::<Result<Vec<Pos>, ApiError>>()?, reading));
    }
    let scans = read_scans(&board, scans).map_err(|e| {
        let field = match &e {
            ScanError::TooMany { .. } => "observations".to_owned(),
            ScanError::NoCells { scan } => format!("observations[{scan}].cells"),
            ScanError::OffBoard { scan, cell, .. } | ScanError::Repeated { scan, cell, .. } => {
                format!("observations[{scan}].cells[{cell}]")
            }
            ScanError::CountTooLarge { scan, .. } => format!("observations[{scan}].count"),
            ScanError::Contradicted { scan, .. } => format!("observations[{scan}]"),
        };
        fault(field, e.to_string())
    })?;
    Ok(board.with_scans(scans))
}
