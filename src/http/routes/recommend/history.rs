//! `POST /recommend`'s `history`: a game's log sent instead of `board` and `ships`. Its request
//! types, their conversion into the core's [`History`], the checks the wire adds (one form of
//! each cell, the salvo's shape) and the JSON path each of the reader's errors names.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor, value::MapAccessDeserializer};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, SchemaType, Type};
use utoipa::openapi::{Array, Ref};

use crate::game::announce::Announce;
use crate::game::board::{BoardSize, MAX_SIDE, Pos};
use crate::game::history::{At, History, NamedShip, Observed, Reading, Shot, Sinking, Volley};
use crate::game::rules::Rules;
use crate::shooting::play::HISTORY_STEPS;

use crate::http::problem::ApiError;
use crate::http::routes::recommend::history_fleet::{classic_named, fleet, fleet_schema};
use crate::http::routes::recommend::history_problem::{Form, Powers};
use crate::http::routes::recommend::observations::{ObservationRequest, RevealRequest, Turn, scan_of, turns_schema};
use crate::http::whole_number;
use crate::http::wire::{JsonObject, label, labels_schema};

/// A game's log, sent instead of `board` and `ships`: the board's size, the starting fleet and
/// every shot in order with the defender's answer, as `rules.announce` says it. The service
/// replays it, checks every answer against the rules and plays the position it implies.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rows": 10, "cols": 10, "fleet": [5, 4, 3, 3, 2], "shots": [
    {"cell": "C5", "result": "miss"}, {"row": 3, "col": 4, "result": "hit"}
]}))]
pub struct HistoryRequest {
    /// Rows of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub rows: Option<u64>,
    /// Columns of the board, 1 to 26 (default 10).
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(minimum = 1, maximum = 26)]
    pub cols: Option<u64>,
    /// The whole starting fleet, sunk ships included (described by its schema).
    #[serde(default, deserialize_with = "fleet")]
    #[schema(schema_with = fleet_schema)]
    pub fleet: Option<Vec<NamedShip>>,
    /// One shot a turn, or a power-up's turn, in order (described by its schema).
    #[serde(default)]
    #[schema(schema_with = shots_schema)]
    pub shots: Option<Vec<Turn<HistoryShot, HistoryPowerShots>>>,
    /// One salvo a turn, or a power-up's turn, in order (described by its schema).
    #[serde(default)]
    #[schema(schema_with = salvoes_schema)]
    pub salvoes: Option<Vec<Turn<HistorySalvo, HistoryPowerShots>>>,
    /// The islands (described by its schema). Default: none.
    #[serde(default)]
    #[schema(schema_with = blocked_schema)]
    pub blocked: Option<Vec<String>>,
}

/// One shot and the defender's answer. The cell is given once: as `cell`, or as `row` and `col`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"cell": "E5", "result": "sunk", "ship": "cruiser"}))]
pub struct HistoryShot {
    /// The cell's label: its row letter (A = row 0) then its one-based column, e.g. `C5`.
    #[schema(pattern = "^[A-Za-z][1-9][0-9]*$")]
    pub cell: Option<String>,
    /// Zero-based row of the cell (with `col`, instead of `cell`).
    #[serde(default, deserialize_with = "whole_number::option")]
    pub row: Option<u64>,
    /// Zero-based column of the cell (with `row`, instead of `cell`).
    #[serde(default, deserialize_with = "whole_number::option")]
    pub col: Option<u64>,
    pub result: ShotResult,
    /// The ship, by its name in the fleet: on a `sunk` result the ship that sank (required under
    /// `sunk` and `hit`); under `hit`, on every `hit` too. Never on a miss.
    pub ship: Option<String>,
    /// On a `sunk` result under `sunk-cells` (and only there): the sunk ship's cells, as labels.
    #[schema(schema_with = cells_schema)]
    pub cells: Option<Vec<String>>,
}

/// What the defender answered. `sunk`: a hit that sank a ship (one shot a turn only: a salvo's
/// sinkings come after all its shots, in its `sunk`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ShotResult {
    Miss,
    Hit,
    Sunk,
}

/// One turn of salvoes: its shots, each answered `miss` or `hit`, then the sinkings announced.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"shots": [{"cell": "A1", "result": "hit"}, {"cell": "C3", "result": "miss"}], "sunk": ["destroyer"]}))]
pub struct HistorySalvo {
    /// The salvo's shots, 1 to `rules.salvo` of them, each `miss` or `hit`.
    #[schema(value_type = Vec<HistoryShot>)]
    pub shots: Vec<JsonObject<HistoryShot>>,
    /// The ships announced sunk after the salvo (described by its schema).
    #[serde(default)]
    #[schema(schema_with = sunk_schema)]
    pub sunk: Option<Vec<SunkEntry>>,
}

/// The shots of a turn spent on a power-up that shoots, in `shots` or `salvoes` alike: a strike's
/// (`{"strike": ...}`, every open cell of its area) or a torpedo's (`{"torpedo": ...}`, the water it
/// `passed`, then the one ship cell that stopped it, if one did). Each shot answers `miss` or `hit`;
/// the sinkings they cause are announced after them, in `sunk`, as a salvo's are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"passed": ["A1", "A2"], "shots": [{"cell": "A3", "result": "hit"}]}))]
pub struct HistoryPowerShots {
    /// A torpedo's cells of water (described by its schema).
    #[schema(schema_with = passed_schema)]
    pub passed: Option<Vec<String>>,
    /// The turn's shots, each `miss` or `hit`: a strike's, or a torpedo's one at most.
    #[serde(default)]
    #[schema(value_type = Vec<HistoryShot>)]
    pub shots: Vec<JsonObject<HistoryShot>>,
    /// The ships announced sunk after the shots (described by its schema).
    #[serde(default)]
    #[schema(schema_with = sunk_schema)]
    pub sunk: Option<Vec<SunkEntry>>,
}

/// A sinking announced after a salvo, as an object: the ship's name (required under `sunk` and
/// `hit`) and, under `sunk-cells` (where they are required), its cells.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"ship": "destroyer", "cells": ["A1", "A2"]}))]
pub struct HistorySinking {
    /// The ship's name in the fleet.
    pub ship: Option<String>,
    /// The sunk ship's cells, as labels (under `sunk-cells` only).
    #[schema(schema_with = cells_schema)]
    pub cells: Option<Vec<String>>,
}

/// A sinking: the ship's name alone, or an object.
#[derive(Debug)]
pub enum SunkEntry {
    Name(String),
    Sinking(HistorySinking),
}

impl<'de> Deserialize<'de> for SunkEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SunkEntry, D::Error> {
        struct Entry;
        impl<'de> Visitor<'de> for Entry {
            type Value = SunkEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a ship's name or an object with `ship` and `cells`")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<SunkEntry, E> {
                Ok(SunkEntry::Name(name.to_owned()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<SunkEntry, A::Error> {
                HistorySinking::deserialize(MapAccessDeserializer::new(map)).map(SunkEntry::Sinking)
            }
        }
        d.deserialize_any(Entry)
    }
}

fn shots_schema() -> Array {
    turns_schema(
        "HistoryShot",
        "One shot a turn, in order (only under `rules.salvo` 1), or a turn spent scanning (`{\"scan\": ...}`), \
         revealing (`{\"reveal\": ...}`), on a strike (`{\"strike\": ...}`) or on a torpedo \
         (`{\"torpedo\": ...}`); exactly one of `shots` and `salvoes`. An empty list is the first turn.",
    )
}

fn salvoes_schema() -> Array {
    turns_schema(
        "HistorySalvo",
        "One salvo a turn, in order, each with the sinkings announced after it, or a turn spent scanning \
         (`{\"scan\": ...}`), revealing (`{\"reveal\": ...}`), on a strike (`{\"strike\": ...}`) or on a \
         torpedo (`{\"torpedo\": ...}`); exactly one of `shots` and `salvoes`. An empty list is the first turn.",
    )
}

/// A sunk ship's `cells`: labels, or null (so is `blocked`, the islands', below).
fn cells_schema() -> Array {
    labels_schema("The sunk ship's cells, as labels (`[\"F5\", \"F6\"]`); under `sunk-cells` only.")
}

fn passed_schema() -> Array {
    labels_schema(
        "A torpedo's only, and required there: the cells of water it passed, as labels (empty where it met a ship \
         at once).",
    )
}

fn blocked_schema() -> Array {
    labels_schema("The islands, as labels (`[\"D4\", \"D5\"]`): no ship lies on them and none is shot.")
}

/// A salvo's `sunk`: names, or objects with `ship` and `cells`; or null.
fn sunk_schema() -> Array {
    let entry = OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String).description(Some("The sunk ship's name.")))
        .item(Ref::from_schema_name("HistorySinking"));
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(entry)
        .description(Some(
            "The ships announced sunk after the salvo's shots: each its name (`\"cruiser\"`), or an object \
             with `ship` and, under `sunk-cells`, `cells`. Default: none.",
        ))
        .build()
}

/// The board's side `value` (default 10), 1 to 26.
fn side(field: &'static str, value: Option<u64>) -> Result<usize, ApiError> {
    match value.unwrap_or(10) {
        v if (1..=MAX_SIDE as u64).contains(&v) => Ok(v as usize),
        value => Err(ApiError::Side { field, value, max: MAX_SIDE }),
    }
}

/// A problem of the request's history at `field`, in turn and shot `at` where known.
fn fault(field: String, at: Option<At>, message: impl fmt::Display) -> ApiError {
    let detail = format!("{field}: {message}");
    ApiError::History { field, turn: at.map(|a| a.turn), shot: at.and_then(|a| a.shot), detail }
}

/// Labels read into cells, each checked; a fault names `field[k]`, in turn and shot `at` where
/// known.
fn cells(labels: Option<Vec<String>>, field: &str, at: Option<At>) -> Result<Option<Vec<Pos>>, ApiError> {
    let read = |(k, text): (usize, &String)| {
        label(text).ok_or_else(|| fault(format!("{field}[{k}]"), at, format!("{text:?} is not a cell label")))
    };
    labels.map(|l| l.iter().enumerate().map(read).collect()).transpose()
}

impl HistoryShot {
    /// The cell, given once; `field` is the shot's JSON path.
    fn pos(&self, field: &str, at: At) -> Result<Pos, ApiError> {
        let index = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
        match (&self.cell, self.row, self.col) {
            (Some(text), None, None) => label(text).ok_or_else(|| {
                let why = format!("{text:?} is not a cell label (a row letter, then the one-based column: C5)");
                fault(format!("{field}.cell"), Some(at), why)
            }),
            (None, Some(row), Some(col)) => Ok(Pos::new(index(row), index(col))),
            _ => Err(fault(
                field.to_owned(),
                Some(at),
                "give the cell once: as `cell` (a label such as C5), or as `row` and `col` (zero-based)",
            )),
        }
    }

    /// The shot of turn `at.turn`, at `field`; the sinking it announces when it is a `sunk` one
    /// (one shot a turn only).
    fn read(self, form: Form, field: &str, at: At, announce: Announce) -> Result<(Shot, Option<Sinking>), ApiError> {
        let pos = self.pos(field, at)?;
        match (self.result, form) {
            (ShotResult::Sunk, Form::Salvoes) => Err(fault(
                format!("{field}.result"),
                Some(at),
                "a salvo's shots answer `miss` or `hit`: the sinkings it causes are announced after all its \
                 shots, in the salvo's `sunk`",
            )),
            (ShotResult::Sunk, Form::Shots) => {
                let cells = cells(self.cells, &format!("{field}.cells"), Some(At { shot: None, ..at }))?;
                // Under `hit` the sinking shot names its ship as every hit does.
                let named = (announce == Announce::Hit).then(|| self.ship.clone()).flatten();
                Ok((Shot { pos, hit: true, ship: named }, Some(Sinking { ship: self.ship, cells })))
            }
            (_, _) if self.cells.is_some() => {
                Err(fault(format!("{field}.cells"), Some(at), "`cells` belong to a `sunk` result only"))
            }
            (result, _) => Ok((Shot { pos, hit: result == ShotResult::Hit, ship: self.ship }, None)),
        }
    }
}

impl HistorySalvo {
    /// Turn `t`'s volley.
    fn volley(self, t: usize, announce: Announce) -> Result<Volley, ApiError> {
        volley(self.shots, self.sunk, &format!("history.salvoes[{t}]"), t, announce)
    }
}

/// Turn `t`'s volley from its `shots` (each `miss` or `hit`) and the sinkings announced after them,
/// at the JSON path `base`.
fn volley(
    shots: Vec<JsonObject<HistoryShot>>,
    sunk: Option<Vec<SunkEntry>>,
    base: &str,
    t: usize,
    announce: Announce,
) -> Result<Volley, ApiError> {
    let shots = shots.into_iter().enumerate().map(|(j, JsonObject(shot))| {
        let field = format!("{base}.shots[{j}]");
        Ok(shot.read(Form::Salvoes, &field, At { turn: t, shot: Some(j) }, announce)?.0)
    });
    let shots = shots.collect::<Result<Vec<Shot>, ApiError>>()?;
    let at = At { turn: t, shot: None };
    let sunk = sunk.unwrap_or_default().into_iter().enumerate().map(|(k, entry)| match entry {
        SunkEntry::Name(name) => Ok(Sinking { ship: Some(name), cells: None }),
        SunkEntry::Sinking(s) => {
            let cells = cells(s.cells, &format!("{base}.sunk[{k}].cells"), Some(at))?;
            Ok(Sinking { ship: s.ship, cells })
        }
    });
    Ok(Volley { shots, sunk: sunk.collect::<Result<_, ApiError>>()?, observed: None })
}

/// Turn `t`, spent on a power-up that shoots (`power`, `strike` or `torpedo`), at the JSON path
/// `field` of the turn: a torpedo names the water it passed, a strike none.
fn power_turn(
    p: HistoryPowerShots,
    power: &str,
    field: &str,
    t: usize,
    announce: Announce,
) -> Result<Volley, ApiError> {
    let at = format!("{field}.{power}");
    let turn = Some(At { turn: t, shot: None });
    let observed = match (power, p.passed) {
        ("torpedo", Some(passed)) => Observed::Torpedo { wake: cells_of(passed, &format!("{at}.passed"), turn)? },
        ("torpedo", None) => {
            return Err(fault(
                format!("{at}.passed"),
                turn,
                "a torpedo names the water it `passed` (an empty list where it met a ship at once)",
            ));
        }
        (_, Some(_)) => {
            return Err(fault(format!("{at}.passed"), turn, "only a torpedo passes cells; a strike lists its `shots`"));
        }
        (_, None) => Observed::Strike,
    };
    Ok(Volley { observed: Some(observed), ..volley(p.shots, p.sunk, &at, t, announce)? })
}

impl HistoryRequest {
    /// The history read under `rules`: the board it implies, the ships that board leaves afloat
    /// and what the announcements tell beyond it; every answer checked, the consistency search
    /// included ([`History::read_possible`]).
    pub fn read(self, rules: Rules) -> Result<Reading, ApiError> {
        let (history, form, powers) = self.history(rules)?;
        history.read_possible(rules, HISTORY_STEPS).map_err(|e| form.problem(e, &powers))
    }

    /// The history as the core reads it, and how the request listed its turns; the checks the
    /// wire adds (one form of each cell, `shots` only under a salvo of 1, a salvo's shot never
    /// `sunk`) made.
    fn history(self, rules: Rules) -> Result<(History, Form, Powers), ApiError> {
        let size = BoardSize::new(side("history.rows", self.rows)?, side("history.cols", self.cols)?)
            .expect("both sides checked");
        let fleet = match self.fleet {
            None => classic_named(),
            Some(f) if f.is_empty() => {
                return Err(fault("history.fleet".into(), None, "the starting fleet needs at least one ship"));
            }
            Some(f) => f,
        };
        let (form, turns) = match (self.shots, self.salvoes) {
            (Some(_), Some(_)) => {
                let why = "send exactly one of `shots` (one shot a turn) and `salvoes`, got both";
                return Err(fault("history".into(), None, why));
            }
            (None, None) => {
                let why = "send exactly one of `shots` (one shot a turn) and `salvoes`, got neither (an empty list \
                           is the first turn)";
                return Err(fault("history".into(), None, why));
            }
            (Some(_), None) if rules.salvo != 1 => {
                let why =
                    format!("one shot a turn is for rules.salvo 1; under a salvo of {} send `salvoes`", rules.salvo);
                return Err(fault("history.shots".into(), None, why));
            }
            (Some(shots), None) => {
                let mut turns = Vec::with_capacity(shots.len());
                for (t, entry) in shots.into_iter().enumerate() {
                    let field = format!("history.shots[{t}]");
                    turns.push(match entry {
                        Turn::Scan(s) => scan_turn(&s.scan, &format!("{field}.scan"), t)?,
                        Turn::Reveal(r) => reveal_turn(r.reveal, &format!("{field}.reveal"), t)?,
                        Turn::Strike(p) => power_turn(p, "strike", &field, t, rules.announce)?,
                        Turn::Torpedo(p) => power_turn(p, "torpedo", &field, t, rules.announce)?,
                        Turn::Move(shot) => {
                            let (shot, sinking) =
                                shot.read(Form::Shots, &field, At { turn: t, shot: Some(0) }, rules.announce)?;
                            Volley { shots: vec![shot], sunk: sinking.into_iter().collect(), observed: None }
                        }
                    });
                }
                (Form::Shots, turns)
            }
            (None, Some(salvoes)) => {
                let turns = salvoes.into_iter().enumerate().map(|(t, entry)| match entry {
                    Turn::Scan(s) => scan_turn(&s.scan, &format!("history.salvoes[{t}].scan"), t),
                    Turn::Reveal(r) => reveal_turn(r.reveal, &format!("history.salvoes[{t}].reveal"), t),
                    Turn::Strike(p) => power_turn(p, "strike", &format!("history.salvoes[{t}]"), t, rules.announce),
                    Turn::Torpedo(p) => power_turn(p, "torpedo", &format!("history.salvoes[{t}]"), t, rules.announce),
                    Turn::Move(s) => s.volley(t, rules.announce),
                });
                (Form::Salvoes, turns.collect::<Result<_, _>>()?)
            }
        };
        let blocked = cells(self.blocked, "history.blocked", None)?.unwrap_or_default();
        let powers = turns
            .iter()
            .map(|v: &Volley| match v.observed {
                Some(Observed::Strike) => Some("strike"),
                Some(Observed::Torpedo { .. }) => Some("torpedo"),
                _ => None,
            })
            .collect();
        Ok((History { size, fleet, turns, blocked }, form, powers))
    }
}

/// Turn `t`, spent scanning: observation `o` at the JSON path `at`.
fn scan_turn(o: &ObservationRequest, at: &str, t: usize) -> Result<Volley, ApiError> {
    let scan = scan_of(o, at, |field, why| fault(field, Some(At { turn: t, shot: None }), why))?;
    Ok(Volley { observed: Some(Observed::Scan(scan.0, scan.1)), ..Volley::default() })
}

/// Turn `t`, spent on a reveal: `reveal` at the JSON path `at`.
fn reveal_turn(reveal: RevealRequest, at: &str, t: usize) -> Result<Volley, ApiError> {
    let turn = Some(At { turn: t, shot: None });
    let cells_seen = cells_of(reveal.cells, &format!("{at}.cells"), turn)?;
    let ships = cells_of(reveal.ships, &format!("{at}.ships"), turn)?;
    Ok(Volley { observed: Some(Observed::Reveal { cells: cells_seen, ships }), ..Volley::default() })
}

/// [`cells`] of a list that is always there.
fn cells_of(labels: Vec<String>, field: &str, at: Option<At>) -> Result<Vec<Pos>, ApiError> {
    Ok(cells(Some(labels), field, at)?.unwrap_or_default())
}
