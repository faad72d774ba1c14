//! `POST /recommend`'s `history.fleet`: the starting fleet as lengths or as named ships, its
//! schema and the classic fleet it defaults to.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor, value::MapAccessDeserializer};
use utoipa::openapi::schema::{AdditionalProperties, AnyOfBuilder, ArrayBuilder, ObjectBuilder, Schema, Type};

use crate::game::board::MAX_SIDE;
use crate::game::fleet::MAX_SHIPS;
use crate::game::history::NamedShip;

use crate::http::whole_number;

/// A ship of the fleet with its name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipObject {
    name: String,
    #[serde(deserialize_with = "whole_number::number")]
    length: u64,
}

/// One entry of `history.fleet`: a length, or a ship with its name. A length is a whole number
/// however written (`3`, `3.0`); one past the longest side is refused whatever its value, so
/// reading `3.0` through a double loses nothing.
struct FleetEntry(NamedShip, bool);

impl<'de> Deserialize<'de> for FleetEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FleetEntry, D::Error> {
        struct Entry;
        impl<'de> Visitor<'de> for Entry {
            type Value = FleetEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a ship's length (a whole number) or an object with `name` and `length`")
            }
            fn visit_u64<E: de::Error>(self, len: u64) -> Result<FleetEntry, E> {
                Ok(FleetEntry(NamedShip { name: None, len: usize::try_from(len).unwrap_or(usize::MAX) }, false))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<FleetEntry, E> {
                Err(E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<FleetEntry, E> {
                match v.fract() == 0.0 && v >= 0.0 {
                    true => self.visit_u64(if v < u64::MAX as f64 { v as u64 } else { u64::MAX }),
                    false => Err(E::invalid_value(de::Unexpected::Float(v), &self)),
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<FleetEntry, A::Error> {
                let ship = ShipObject::deserialize(MapAccessDeserializer::new(map))?;
                let len = usize::try_from(ship.length).unwrap_or(usize::MAX);
                Ok(FleetEntry(NamedShip { name: Some(ship.name), len }, true))
            }
        }
        d.deserialize_any(Entry)
    }
}

/// `history.fleet`: lengths, or ships with their names, not both kinds; null is the default.
pub fn fleet<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<NamedShip>>, D::Error> {
    let Some(entries) = Option::<Vec<FleetEntry>>::deserialize(d)? else { return Ok(None) };
    if entries.iter().any(|e| e.1) && entries.iter().any(|e| !e.1) {
        return Err(de::Error::custom("lengths and `{name, length}` objects mixed: send one kind"));
    }
    Ok(Some(entries.into_iter().map(|e| e.0).collect()))
}

/// The classic fleet, named: carrier 5, battleship 4, cruiser 3, submarine 3, destroyer 2.
pub fn classic_named() -> Vec<NamedShip> {
    [("carrier", 5), ("battleship", 4), ("cruiser", 3), ("submarine", 3), ("destroyer", 2)]
        .into_iter()
        .map(|(name, len)| NamedShip { name: Some(name.to_owned()), len })
        .collect()
}

/// `history.fleet`: lengths, or ships with their names.
pub fn fleet_schema() -> Schema {
    let length = || ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(MAX_SIDE));
    let ship = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("name", ObjectBuilder::new().schema_type(Type::String).description(Some("The ship's name.")))
        .property("length", length())
        .required("name")
        .required("length")
        .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)));
    let list = |items: ObjectBuilder| ArrayBuilder::new().items(items).min_items(Some(1)).max_items(Some(MAX_SHIPS));
    AnyOfBuilder::new()
        .item(list(length()))
        .item(list(ship))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "The whole starting fleet, sunk ships included: its lengths (`[5, 4, 3, 3, 2]`), or its ships with \
             their names (`[{\"name\": \"cruiser\", \"length\": 3}, ...]`), which the rules `sunk` and `hit` \
             need; not both kinds. 1 to 64 ships, each from 1 to the board's longer side (checked with a 422). \
             Default: carrier 5, battleship 4, cruiser 3, submarine 3, destroyer 2.",
        ))
        .into()
}
