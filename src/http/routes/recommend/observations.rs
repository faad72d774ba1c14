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
fn fault(field: String, message: String) -> ApiError {
    ApiError::Observations { detail: format!("{field}: {message}"), field }
}

/// The cells and reading of observation `o`, whose JSON path is `at`: exactly one of `count` and
/// `any`, a count no larger than its cells, each cell a label. `fault` makes the problem of a
/// path and a message.
pub fn scan_of(
    o: &ObservationRequest,
    at: &str,
    fault: impl Fn(String, String) -> ApiError,
) -> Result<(Vec<Pos>, Reading), ApiError> {
    let reading = match (o.count, o.any) {
        (Some(count), None) if count > o.cells.len() as u64 => {
            let detail = format!("a count of {count} ship cells among {} cells", o.cells.len());
            return Err(fault(format!("{at}.count"), detail));
        }
        (Some(count), None) => Reading::Count(count as usize),
        (None, Some(any)) => Reading::Any(any),
        _ => {
            let why = "give exactly one of `count` (ship cells among `cells`) and `any` (whether any is one)";
            return Err(fault(at.to_owned(), why.to_owned()));
        }
    };
    let cells = o.cells.iter().enumerate().map(|(j, text)| {
        label(text).ok_or_else(|| fault(format!("{at}.cells[{j}]"), format!("{text:?} is not a cell label")))
    });
    Ok((cells.collect::<Result<Vec<Pos>, ApiError>>()?, reading))
}

/// The path within an observation at `at` of what `error` faults.
pub fn scan_path(at: &str, error: &ScanError) -> String {
    match error {
        ScanError::TooMany { .. } | ScanError::Contradicted { .. } => at.to_owned(),
        ScanError::NoCells { .. } => format!("{at}.cells"),
        ScanError::OffBoard { cell, .. } | ScanError::Repeated { cell, .. } => format!("{at}.cells[{cell}]"),
        ScanError::CountTooLarge { .. } => format!("{at}.count"),
    }
}

/// The board with `observations` read on it: at most [`MAX_SCANS`], each with exactly one of
/// `count` and `any`, its cells labels of the board listed once, its count no larger than its
/// cells, and none the board's cells contradict.
pub fn observe(board: Board, observations: Vec<ObservationRequest>) -> Result<Board, ApiError> {
    if observations.len() > MAX_SCANS {
        let detail = format!("{} observations; at most {MAX_SCANS} may be sent", observations.len());
        return Err(fault("observations".to_owned(), detail));
    }
    let scans = observations.iter().enumerate().map(|(i, o)| scan_of(o, &format!("observations[{i}]"), fault));
    let scans = read_scans(&board, scans.collect::<Result<_, _>>()?).map_err(|e| {
        let field =
            e.scan().map_or_else(|| "observations".to_owned(), |s| scan_path(&format!("observations[{s}]"), &e));
        fault(field, e.to_string())
    })?;
    Ok(board.with_scans(scans))
}

/// A turn of a history's `shots` or `salvoes`: the move `T` (a shot, a salvo), a scan, a reveal,
/// or the shots `P` of a strike or a torpedo.
#[derive(Debug)]
pub enum Turn<T, P> {
    Move(T),
    Scan(HistoryScan),
    Reveal(HistoryReveal),
    Strike(P),
    Torpedo(P),
}

/// A turn spent on a reveal, in a history's `shots` or `salvoes`: which cells of an area hold a
/// ship, without damaging them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reveal": {"cells": ["D4", "D5", "E4", "E5"], "ships": ["D5"]}}))]
pub struct HistoryReveal {
    pub reveal: RevealRequest,
}

/// What a reveal showed: its cells, and the ones among them that hold a ship (the rest are water).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevealRequest {
    /// The cells revealed, as labels (described by its schema).
    #[schema(schema_with = revealed_schema)]
    pub cells: Vec<String>,
    /// Those of `cells` that hold a ship, as labels; the others are water (described by its schema).
    #[schema(schema_with = ships_seen_schema)]
    pub ships: Vec<String>,
}

fn revealed_schema() -> utoipa::openapi::Array {
    let mut a = labels_schema("The cells revealed, as labels, at least one.");
    a.schema_type = utoipa::openapi::schema::SchemaType::Type(utoipa::openapi::schema::Type::Array);
    a.min_items = Some(1);
    a
}

fn ships_seen_schema() -> utoipa::openapi::Array {
    let mut a = labels_schema("Those of `cells` that hold a ship (the rest are water), as labels; may be empty.");
    a.schema_type = utoipa::openapi::schema::SchemaType::Type(utoipa::openapi::schema::Type::Array);
    a
}

/// A turn spent scanning instead of shooting, in a history's `shots` or `salvoes`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"scan": {"any": false, "cells": ["A1", "A2", "B1", "B2"]}}))]
pub struct HistoryScan {
    /// What the scan found (an observation, as a board request's `observations` hold them).
    pub scan: ObservationRequest,
}

impl<'de, T: Deserialize<'de>, P: Deserialize<'de>> Deserialize<'de> for Turn<T, P> {
    /// An object whose first key is `scan`, `reveal`, `strike` or `torpedo` is that power-up's
    /// turn, which holds nothing else; any other object is the move, read with its first key given
    /// back, so that every fault keeps its path.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Turn<T, P>, D::Error> {
        use serde::de::{Error, MapAccess, Visitor, value::MapAccessDeserializer};
        struct Entry<T, P>(std::marker::PhantomData<(T, P)>);
        impl<'de, T: Deserialize<'de>, P: Deserialize<'de>> Visitor<'de> for Entry<T, P> {
            type Value = Turn<T, P>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object: the turn's move, or `{\"scan\": ...}`, `{\"reveal\": ...}`, `{\"strike\": ...}`, `{\"torpedo\": ...}`")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Turn<T, P>, A::Error> {
                let first = map.next_key::<String>()?;
                let power = match first.as_deref() {
                    Some("scan") => Turn::Scan(HistoryScan { scan: map.next_value()? }),
                    Some("reveal") => Turn::Reveal(HistoryReveal { reveal: map.next_value()? }),
                    Some("strike") => Turn::Strike(map.next_value()?),
                    Some("torpedo") => Turn::Torpedo(map.next_value()?),
                    _ => return T::deserialize(MapAccessDeserializer::new(GivenBack { first, map })).map(Turn::Move),
                };
                return match map.next_key::<String>()? {
                    Some(other) => {
                        let name = first.unwrap_or_default();
                        Err(A::Error::custom(format!("a {name} turn holds `{name}` alone, not `{other}`")))
                    }
                    None => Ok(power),
                };
            }
        }
        d.deserialize_map(Entry(std::marker::PhantomData))
    }
}

/// The schemas of the power-up turns that shoot, `{"strike": HistoryPowerShots}` and
/// `{"torpedo": HistoryPowerShots}`, by name, for the document's components.
pub fn power_turn_schemas() -> [(&'static str, utoipa::openapi::schema::Object); 2] {
    [
        (
            "HistoryStrike",
            power_schema("strike", "A turn spent on an area strike: its shots, every open cell of its area."),
        ),
        (
            "HistoryTorpedo",
            power_schema(
                "torpedo",
                "A turn spent on a torpedo: the water it `passed`, then the ship cell that stopped it, if one did.",
            ),
        ),
    ]
}

/// A power-up turn that shoots, `{power: HistoryPowerShots}`.
fn power_schema(power: &str, description: &str) -> utoipa::openapi::schema::Object {
    use utoipa::openapi::Ref;
    use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema};
    ObjectBuilder::new()
        .property(power, Ref::from_schema_name("HistoryPowerShots"))
        .required(power)
        .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
        .description(Some(description))
        .build()
}

/// A map whose first key was already read: it gives that key back, then the rest.
struct GivenBack<A> {
    first: Option<String>,
    map: A,
}

impl<'de, A: serde::de::MapAccess<'de>> serde::de::MapAccess<'de> for GivenBack<A> {
    type Error = A::Error;

    fn next_key_seed<K: serde::de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        use serde::de::IntoDeserializer;
        match self.first.take() {
            Some(key) => seed.deserialize(key.into_deserializer()).map(Some),
            None => self.map.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: serde::de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// A list of turns (`Move`'s schema, a scan, a reveal, a strike or a torpedo), or null.
pub fn turns_schema(item: &str, description: &str) -> utoipa::openapi::Array {
    use utoipa::openapi::Ref;
    use utoipa::openapi::schema::{ArrayBuilder, OneOfBuilder, SchemaType, Type};
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(
            OneOfBuilder::new()
                .item(Ref::from_schema_name(item))
                .item(Ref::from_schema_name("HistoryScan"))
                .item(Ref::from_schema_name("HistoryReveal"))
                .item(Ref::from_schema_name("HistoryStrike"))
                .item(Ref::from_schema_name("HistoryTorpedo")),
        )
        .description(Some(description))
        .build()
}
