//! Wire types and schemas that several endpoints share: a cell ([`Shot`]), the `rules` object, the
//! fleet a request names, a value read only from a JSON object ([`JsonObject`]), and the schemas
//! of the fields whose rules utoipa's attributes cannot state (the board's cell alphabet, ship lengths, algorithm names, the full range of a seed).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{Array, Object, OneOf, Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::game::announce::Announce;
use crate::game::board::{MAX_SIDE, Pos};
use crate::game::fleet::{Fleet, FleetError, MAX_SHIPS};
use crate::game::prior::{ModelError, Opponent};
use crate::game::rules::{Rules, RulesError};
use crate::inference::opponent::MAX_FLEETS;
use crate::shooting::algorithm::Algorithm;

use super::whole_number;

/// A cell, zero-based, with its classic label.
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[schema(example = json!({"row": 4, "col": 5, "label": "E6"}))]
pub struct Shot {
    /// Zero-based row.
    pub row: usize,
    /// Zero-based column.
    pub col: usize,
    /// Row letter (A = row 0) followed by the one-based column.
    pub label: String,
}

impl From<Pos> for Shot {
    fn from(p: Pos) -> Shot {
        Shot { row: p.row, col: p.col, label: p.label() }
    }
}

/// The rules a game is played by. Unknown keys are refused (400).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"touching": false, "salvo": 3}))]
pub struct RulesRequest {
    /// `true` (default): ships may touch, the classic rules. `false`: no two ships share an edge or
    /// a corner; every cell next to a sunk ship, or diagonal to a hit, is then known to be water
    /// (exactly 0 in the grid, never shot), and only layouts that keep the ships apart count.
    #[serde(default)]
    pub touching: Option<bool>,
    /// Shots fired a turn, 1 to 10 (default 1): the response's `shots` lists that many distinct
    /// `.` cells, best first.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 10)]
    pub salvo: Option<u64>,
    /// What the defender announces after a shot (described by its schema).
    #[serde(default)]
    #[schema(schema_with = announce_schema)]
    pub announce: Option<Announce>,
}

impl RulesRequest {
    /// The rules a request's `rules` (absent: the classic rules) asks for, the salvo checked.
    pub fn rules(request: Option<RulesRequest>) -> Result<Rules, RulesError> {
        let r = request.unwrap_or_default();
        Ok(Rules::new(r.touching.unwrap_or(true), r.salvo.unwrap_or(1))?.with_announce(r.announce.unwrap_or_default()))
    }
}

/// `rules.announce`: one of the announcement rules' names, or null.
fn announce_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(Announce::ALL.iter().map(|a| Value::from(a.name())).chain([Value::Null])))
        .description(Some(
            "What the defender announces after a shot: `sunk-cells` (the default: a sinking shows the ship's \
             cells, as a board string's `#` does), `sunk` (a sinking names the ship, not its cells: the classic \
             rules), `hit` (every hit names the ship it struck, and sinkings are announced) or `none` (only hit \
             or miss). `POST /recommend` reads a `history` under it; board strings can only say `sunk-cells` \
             (any other is a 422). `POST /placement` and `POST /opponent` do not depend on it.",
        ))
        .build()
}

/// A value that must be a JSON object (serde would also read a struct from an array of its
/// fields), or null: `#[serde(default, deserialize_with = "object_or_null")]`.
pub fn object_or_null<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Ok(Option::<JsonObject<T>>::deserialize(d)?.map(|JsonObject(value)| value))
}

/// A field that may be absent but not null (`#[serde(default, deserialize_with = "present")]`).
pub fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A value read only from a JSON object (serde would also read a struct from an array of its
/// fields, which the schemas do not allow).
#[derive(Debug)]
pub struct JsonObject<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for JsonObject<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<JsonObject<T>, D::Error> {
        use serde::de::{MapAccess, Visitor, value::MapAccessDeserializer};
        struct Map<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Map<T> {
            type Value = JsonObject<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(JsonObject)
            }
        }
        d.deserialize_map(Map(std::marker::PhantomData))
    }
}

/// A model of the opponent's habits as the wire carries it: what `POST /opponent` returns and
/// `POST /recommend` takes back as `opponent.model`.
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"cells": [[1.0, 0.5], [0.5, 0.25]], "touching": 0.8, "across": 2.0}))]
pub struct OpponentModel {
    /// One row of weights per board row, one weight per cell, each positive and finite: a layout
    /// weighs the product of its ships' cells' weights. Only ratios matter; the service scales
    /// them so that the largest is 1, and refuses a weight below 1e-6 of the largest.
    #[schema(schema_with = model_cells_schema)]
    pub cells: Vec<Vec<f64>>,
    /// The weight of each touching cell pair (two cells of different ships sharing an edge or a
    /// corner), 0 to 100: 1 is indifferent, below 1 the player keeps ships apart (0: never
    /// touching), above 1 crowds them together.
    #[schema(minimum = 0, maximum = 100)]
    pub touching: f64,
    /// The weight of each ship of two or more cells laid across (along a row) against laid down,
    /// from 1e-6 to 1e6: 1 is indifferent (the default, so a model stored without it keeps
    /// working), above 1 the player lays ships across, below 1 down.
    #[serde(default = "indifferent")]
    #[schema(minimum = 1e-6, maximum = 1e6, default = 1.0)]
    pub across: f64,
}

/// The default `across`: no direction habit.
fn indifferent() -> f64 {
    1.0
}

impl From<&Opponent> for OpponentModel {
    fn from(model: &Opponent) -> OpponentModel {
        OpponentModel { cells: model.cell_rows(), touching: model.touching(), across: model.across() }
    }
}

impl OpponentModel {
    /// The core's model on a `rows` x `cols` board, checked.
    pub fn opponent(&self, rows: usize, cols: usize) -> Result<Opponent, ModelError> {
        Opponent::new(rows, cols, &self.cells, self.touching)?.with_across(self.across)
    }
}

/// `model.cells`: the board's shape, positive weights.
fn model_cells_schema() -> Array {
    let weight = ObjectBuilder::new().schema_type(Type::Number).exclusive_minimum(Some(0));
    let row = ArrayBuilder::new().items(weight).min_items(Some(1)).max_items(Some(MAX_SIDE));
    ArrayBuilder::new()
        .items(row)
        .min_items(Some(1))
        .max_items(Some(MAX_SIDE))
        .description(Some("One row of positive weights per board row, the board's shape (checked with a 422)."))
        .build()
}

/// `fleets`: past fleets, each one string per row in the board format `POST /placement` returns.
pub fn fleets_schema() -> Array {
    let row = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some("^[.A-Za-z0-9!$]+$"))
        .min_length(Some(1))
        .max_length(Some(MAX_SIDE));
    let fleet = ArrayBuilder::new().items(row).min_items(Some(1)).max_items(Some(MAX_SIDE));
    ArrayBuilder::new()
        .items(fleet)
        .max_items(Some(MAX_FLEETS))
        .description(Some(
            "Up to 200 fleets the player hid in past games, each as `POST /placement` writes a board: one \
             string per row, `.` water, each ship's cells its own letter (`A`-`Z`, `a`-`z`, `0`-`9`, `!`, \
             `$`), every ship one straight run. Each on the request's board size, of the starting fleet, and \
             under the no-touch rules apart (each checked with a 422 naming the fleet, row and column).",
        ))
        .build()
}

/// The fleet a request's `ships` names, each length at most `max_len` (a length past `usize` is
/// refused as too long, never wrapped).
pub fn fleet_from(ships: &[u64], max_len: usize) -> Result<Fleet, FleetError> {
    let lengths: Vec<usize> = ships.iter().map(|&l| usize::try_from(l).unwrap_or(usize::MAX)).collect();
    Fleet::new(&lengths, max_len)
}

/// The names of the algorithms, as the schema `Algorithm` (a request still sends a plain string:
/// an unknown name is a 422 that lists the known ones).
pub struct AlgorithmName;

impl PartialSchema for AlgorithmName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(Algorithm::ALL.iter().map(|a| a.name())))
            .description(Some("The name of an algorithm, as `GET /algorithms` lists them."))
            .into()
    }
}

impl ToSchema for AlgorithmName {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Algorithm")
    }
}

/// `board`: 1 to 26 rows of 1 to 26 cells from `.ox#^s` (that the rows have one length is checked by
/// the service, with a 422).
pub fn board_schema() -> Array {
    let row = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some("^[.ox#^s]+$"))
        .min_length(Some(1))
        .max_length(Some(MAX_SIDE));
    ArrayBuilder::new()
        .items(row)
        .min_items(Some(1))
        .max_items(Some(MAX_SIDE))
        .description(Some(
            "One string per row, all the same length, 1 to 26 rows and 1 to 26 columns. Cells: `.` not \
             shot yet, `o` miss, `x` hit on a ship not sunk yet, `#` a cell of a sunk ship, `^` an island \
             (no ship lies on it and none is shot), `s` not shot yet and known to hold a ship (a reveal \
             showed it; a ship lying wholly on `s` and `x` cells is not sunk).",
        ))
        .build()
}

/// `ships`: 1 to 64 lengths between 1 and 26 (and at most the board's longer side, which the
/// service checks with a 422).
pub fn ships_schema() -> Array {
    let length = ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(MAX_SIDE));
    ArrayBuilder::new()
        .items(length)
        .min_items(Some(1))
        .max_items(Some(MAX_SHIPS))
        .description(Some(
            "Lengths of the ships not yet sunk (duplicates allowed): at least one, at most 64, each \
             between 1 and the board's longer side.",
        ))
        .build()
}

/// `algorithm`: one of the names `GET /algorithms` lists (the schema `Algorithm`), or null.
pub fn optional_algorithm_schema() -> RefOr<Schema> {
    let one_of: OneOf = OneOfBuilder::new()
        .item(Ref::from_schema_name(AlgorithmName::name()))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "Algorithm name (see `GET /algorithms`); the default algorithm, `bayes`, when omitted or null.",
        ))
        .build();
    Schema::OneOf(one_of).into()
}

fn u64_range(nullable: bool) -> ObjectBuilder {
    let ty = if nullable { SchemaType::from_iter([Type::Integer, Type::Null]) } else { Type::Integer.into() };
    ObjectBuilder::new()
        .schema_type(ty)
        .format(Some(SchemaFormat::Custom("uint64".to_owned())))
        .minimum(Some(0))
        .maximum(Some(utoipa::Number::UInt(u64::MAX as usize)))
}

/// A request's optional `seed`, described as `description` says: any `u64`, or null.
pub fn optional_seed_schema(description: &str) -> Object {
    u64_range(true).description(Some(description)).build()
}

/// A response's `seed`: any `u64`.
pub fn seed_schema() -> Object {
    u64_range(false)
        .description(Some("The seed every random choice was drawn from (the request's, or a fresh one below 2^53, which a JavaScript number holds exactly)."))
        .build()
}

/// A cell label as `Pos::label` writes it: a row letter, then a one-based column without
/// leading zeros.
pub fn label(text: &str) -> Option<Pos> {
    let digits = text.get(1..)?;
    let well_formed = text.as_bytes()[0].is_ascii_alphabetic()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    well_formed.then(|| Pos::from_label(text)).flatten()
}

/// A list of cell labels, or null.
pub fn labels_schema(description: &str) -> Array {
    let label = ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[A-Za-z][1-9][0-9]*$"));
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(label)
        .description(Some(description))
        .build()
}
