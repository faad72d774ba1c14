//! Request and response bodies of the HTTP API, and their conversion into domain types.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::board::{Board, Pos};
use crate::fleet::Fleet;
use crate::level::Level;
use crate::rules::Rules;
use crate::strategy::{Algorithm, AlgorithmInfo, GridKind, Recommendation};
use crate::turn::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Mode};

use super::error::ApiError;
use super::whole_number;

/// A board position and the ships still afloat; which algorithm to ask, with an optional seed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!(crate::http::examples::RECOMMEND_REQUEST.value()))]
pub struct RecommendRequest {
    /// One string per row, all the same length, 1 to 26 rows and 1 to 26 columns. Cells: `.` not
    /// shot yet, `o` miss, `x` hit on a ship not sunk yet, `#` a cell of a sunk ship.
    #[schema(schema_with = spec::board)]
    pub board: Vec<String>,
    /// Lengths of the ships not yet sunk (duplicates allowed): at least one, at most 64, each
    /// between 1 and the board's longer side.
    #[serde(deserialize_with = "whole_number::vec")]
    #[schema(schema_with = spec::ships)]
    pub ships: Vec<u64>,
    /// Algorithm name (see `GET /algorithms`); the strongest when omitted.
    #[serde(default)]
    #[schema(schema_with = spec::algorithm)]
    pub algorithm: Option<String>,
    /// Makes every random choice, tie-breaking included, reproducible, and picks the order in
    /// which `bayes` and `weighted-density` break ties (send one seed per game). A random seed
    /// whose order is row-major is drawn when omitted; the response reports the seed used.
    #[serde(default, deserialize_with = "whole_number::option")]
    #[schema(schema_with = spec::optional_seed)]
    pub seed: Option<u64>,
    /// Compute budget in milliseconds for algorithms whose cost varies (`bayes`): within it the
    /// answer is exact when that is feasible and a sampled estimate otherwise. Default 10,
    /// at most 1000.
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
    #[serde(default, deserialize_with = "rules_object")]
    pub rules: Option<RulesRequest>,
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
}
impl RulesRequest {
    /// The rules a request's `rules` (absent: the classic rules) asks for, the salvo checked.
    pub fn rules(request: Option<RulesRequest>) -> Result<Rules, crate::rules::RulesError> {
        let r = request.unwrap_or_default();
        Rules::new(r.touching.unwrap_or(true), r.salvo.unwrap_or(1))
    }
}

/// `rules` as a JSON object only (serde would also read the struct from an array of its fields),
/// or null.
pub(super) fn rules_object<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<RulesRequest>, D::Error> {
    use serde::de::{MapAccess, Visitor, value::MapAccessDeserializer};
    struct Object;
    impl<'de> Visitor<'de> for Object {
        type Value = Option<RulesRequest>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON object with the keys `touching` and `salvo`, or null")
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_map(Object)
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            RulesRequest::deserialize(MapAccessDeserializer::new(map)).map(Some)
        }
    }
    d.deserialize_option(Object)
}

/// A request checked and converted into domain types.
#[derive(Debug)]
pub struct ValidRequest {
    pub board: Board,
    pub fleet: Fleet,
    pub algorithm: Algorithm,
    pub seed: Option<u64>,
    pub budget_ms: u64,
    pub rules: Rules,
    /// How many best cells to list with their values (0: none).
    pub candidates: usize,
    pub level: Level,
}

/// The fleet a request's `ships` names, each length at most `max_len` (a length past `usize` is
/// refused as too long, never wrapped).
pub(super) fn fleet_from(ships: &[u64], max_len: usize) -> Result<Fleet, crate::fleet::FleetError> {
    let lengths: Vec<usize> = ships.iter().map(|&l| usize::try_from(l).unwrap_or(usize::MAX)).collect();
    Fleet::new(&lengths, max_len)
}

/// Most cells `candidates` may ask for.
pub const MAX_CANDIDATES: u64 = 10;

/// A request body of type `T` from its JSON text (already known to be one JSON value), which must
/// be an object (serde would also read a struct from an array of its fields in order). Errors name
/// the JSON path at fault.
pub(super) fn read_object<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, ApiError> {
    if !json.starts_with('{') {
        return Err(ApiError::WrongShape {
            path: "request body".to_owned(),
            message: "expected a JSON object".to_owned(),
        });
    }
    let mut de = serde_json::Deserializer::from_str(json);
    Ok(serde_path_to_error::deserialize(&mut de)?)
}

impl ValidRequest {
    /// A request from its JSON text (already known to be one JSON value): the shape, then the
    /// rules of each field. Errors name the JSON path or the field at fault.
    pub fn from_json(json: &str) -> Result<ValidRequest, ApiError> {
        ValidRequest::try_from(read_object::<RecommendRequest>(json)?)
    }
}

impl TryFrom<RecommendRequest> for ValidRequest {
    type Error = ApiError;

    fn try_from(req: RecommendRequest) -> Result<ValidRequest, ApiError> {
        let algorithm = match req.algorithm.as_deref() {
            None => Algorithm::DEFAULT,
            Some(name) => Algorithm::from_name(name).ok_or_else(|| ApiError::UnknownAlgorithm(name.to_owned()))?,
        };
        let board = Board::parse(&req.board)?;
        let fleet = fleet_from(&req.ships, board.longer_side())?;
        let budget_ms = match req.budget_ms {
            None => DEFAULT_BUDGET_MS,
            Some(ms) if (1..=MAX_BUDGET_MS).contains(&ms) => ms,
            Some(ms) => return Err(ApiError::Budget(ms)),
        };
        let rules = RulesRequest::rules(req.rules)?;
        let candidates = match req.candidates {
            None => 0,
            Some(k) if (1..=MAX_CANDIDATES).contains(&k) => k as usize,
            Some(k) => return Err(ApiError::Candidates(k)),
        };
        let level = req.level.map_or(Ok(Level::STRONGEST), Level::new)?;
        Ok(ValidRequest { board, fleet, algorithm, seed: req.seed, budget_ms, rules, candidates, level })
    }
}

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

/// A cell offered as a hint, with its grid value.
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[schema(example = json!({"row": 2, "col": 4, "label": "C5", "value": 0.41}))]
pub struct Candidate {
    /// Zero-based row.
    pub row: usize,
    /// Zero-based column.
    pub col: usize,
    /// Row letter (A = row 0) followed by the one-based column.
    pub label: String,
    /// The cell's grid value (a probability or a score, as `grid_kind` says).
    pub value: f64,
}

/// `hunt` when the board has no `x`, else `target`.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ModeDto {
    Hunt,
    Target,
}

impl From<Mode> for ModeDto {
    fn from(m: Mode) -> ModeDto {
        match m {
            Mode::Hunt => ModeDto::Hunt,
            Mode::Target => ModeDto::Target,
        }
    }
}

/// `probability`: each value is the algorithm's estimate of the chance the cell holds a ship.
/// `score`: the algorithm's own preference, scaled so that the best cell is 1.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GridKindDto {
    Probability,
    Score,
}

impl From<GridKind> for GridKindDto {
    fn from(k: GridKind) -> GridKindDto {
        match k {
            GridKind::Probability => GridKindDto::Probability,
            GridKind::Score => GridKindDto::Score,
        }
    }
}

/// The recommended shot and the grid the algorithm computed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::RECOMMEND_ANSWER.value()))]
pub struct RecommendResponse {
    /// The cell to shoot: always a `.` cell of the input.
    pub shot: Shot,
    /// The turn's shots, best first: `rules.salvo` distinct `.` cells (fewer only when fewer are
    /// left), the first of them `shot`. One cell under the default rules.
    pub shots: Vec<Shot>,
    /// When the request asked for `candidates`: that many best `.` cells (fewer only when fewer
    /// are left) with their grid values, best first: the algorithm's own view, `shot` first at
    /// level 10; below it `shot` is the level's pick and may lie elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Candidate>>,
    /// The algorithm that answered.
    pub algorithm: String,
    /// The strength level it played at: the request's `level`, or 10 (full strength).
    #[schema(minimum = 1, maximum = 10)]
    pub level: u8,
    pub mode: ModeDto,
    /// Same shape as the board; finite values in [0, 1], exactly 0 on every cell that is not `.`.
    #[schema(value_type = Vec<Vec<f64>>)]
    pub grid: Grid,
    pub grid_kind: GridKindDto,
    /// The seed every random choice was drawn from (the request's, or a fresh one).
    #[schema(schema_with = spec::seed)]
    pub seed: u64,
    /// Algorithms that compute a posterior (`bayes`): whether the grid is the exact posterior.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
    /// When exact: the number of layouts of the ships afloat that agree with the board, as a
    /// decimal string (it can exceed 2^53).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layouts: Option<String>,
    /// When estimated: how many sampled layouts the estimate rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
}

impl RecommendResponse {
    pub fn new(rec: Recommendation, cols: usize, seed: u64) -> RecommendResponse {
        RecommendResponse {
            shot: rec.shot.into(),
            shots: rec.shots.iter().map(|&p| p.into()).collect(),
            candidates: (!rec.candidates.is_empty()).then(|| {
                rec.candidates
                    .iter()
                    .map(|&(p, value)| Candidate { row: p.row, col: p.col, label: p.label(), value })
                    .collect()
            }),
            algorithm: rec.algorithm.name().to_owned(),
            level: rec.level.get(),
            mode: rec.mode.into(),
            grid: Grid { cols, values: rec.grid },
            grid_kind: rec.grid_kind.into(),
            seed,
            exact: rec.posterior.map(|p| p.exact),
            layouts: rec.posterior.and_then(|p| p.layouts).map(|n| n.to_string()),
            samples: rec.posterior.and_then(|p| p.samples),
        }
    }

    /// The JSON body, written into a buffer sized for the grid up front (no regrowth).
    pub fn to_json(&self) -> Vec<u8> {
        let mut buf = Vec::with_capacity(256 + 24 * self.grid.values.len());
        serde_json::to_writer(&mut buf, self).expect("a response always serializes");
        buf
    }
}

/// A row-major grid that serializes as one array per row, without copying it into rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub cols: usize,
    pub values: Vec<f64>,
}

impl Grid {
    /// The rows.
    pub fn rows(&self) -> std::slice::Chunks<'_, f64> {
        self.values.chunks(self.cols.max(1))
    }
}

impl Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.rows())
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let rows = Vec::<Vec<f64>>::deserialize(d)?;
        let cols = rows.first().map_or(0, Vec::len);
        Ok(Grid { cols, values: rows.into_iter().flatten().collect() })
    }
}

/// One algorithm the service offers.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::ALGORITHM_ENTRY.value()))]
pub struct AlgorithmEntry {
    /// The value for `algorithm` in `POST /recommend`.
    pub name: String,
    pub summary: String,
    /// A citation of the published work it implements (author, title, year, address), or the
    /// baseline or method it stands for.
    pub source: String,
    pub grid_kind: GridKindDto,
    /// Whether it draws random numbers beyond breaking ties between equally good cells.
    pub uses_randomness: bool,
    /// Whether requests that name no algorithm get this one.
    pub default: bool,
    /// How it plays the no-touch rules (`rules.touching: false`).
    pub no_touch: String,
    /// How it fills a salvo of several shots (`rules.salvo`).
    pub salvo: String,
    /// Its measured mean shots to sink the classic fleet on the classic 10x10 board (10,000
    /// simulated games, uniform layouts; the committed table `docs/strength.jsonl`, made by
    /// `sonar simulate --algorithm all --games 10000 --seed 1 --json`): lower is stronger.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_shots: Option<f64>,
    /// Half-width of the 95% interval of `mean_shots`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_shots_ci95: Option<f64>,
    /// The command that measured `mean_shots`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_by: Option<String>,
    /// For the default algorithm: its measured strength at each `level`, weakest first (the
    /// same levels weaken any other algorithm; they are calibrated on this one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<LevelTable>,
}

/// The measured strength of each level of an algorithm.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LevelTable {
    /// The command that measured it (10,000 games a level, the same hidden fleets for all).
    pub measured_by: String,
    pub table: Vec<LevelEntry>,
}

/// One level's measured strength on the classic board.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"level": 5, "mean_shots": 61.4, "mean_shots_ci95": 0.23, "sd": 11.9, "median": 61.0}))]
pub struct LevelEntry {
    #[schema(minimum = 1, maximum = 10)]
    pub level: u8,
    /// Mean shots to sink the classic fleet: lower is stronger.
    pub mean_shots: f64,
    /// Half-width of the 95% interval of `mean_shots`.
    pub mean_shots_ci95: f64,
    /// Standard deviation of the shots a game.
    pub sd: f64,
    pub median: f64,
}

impl From<Algorithm> for AlgorithmEntry {
    fn from(algorithm: Algorithm) -> AlgorithmEntry {
        let info: AlgorithmInfo = algorithm.info();
        let measured = crate::strength::classic(algorithm);
        AlgorithmEntry {
            name: info.name.to_owned(),
            summary: info.summary.to_owned(),
            source: info.source.to_owned(),
            grid_kind: info.grid_kind.into(),
            uses_randomness: info.uses_randomness,
            default: info.name == Algorithm::DEFAULT.name(),
            no_touch: algorithm.no_touch_note().to_owned(),
            salvo: algorithm.salvo_note().to_owned(),
            mean_shots: measured.map(|m| m.mean),
            mean_shots_ci95: measured.map(|m| m.ci95),
            measured_by: measured.map(|_| crate::strength::COMMAND.to_owned()),
            levels: (algorithm == Algorithm::DEFAULT && !crate::strength::levels().is_empty()).then(|| LevelTable {
                measured_by: crate::strength::LEVELS_COMMAND.to_owned(),
                table: crate::strength::levels()
                    .iter()
                    .map(|(level, m)| LevelEntry {
                        level: level.get(),
                        mean_shots: m.mean,
                        mean_shots_ci95: m.ci95,
                        sd: m.sd,
                        median: m.median,
                    })
                    .collect(),
            }),
        }
    }
}

/// Liveness.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"status": "ok"}))]
pub struct Health {
    pub status: String,
}

/// Schemas of the request fields whose rules utoipa's attributes cannot state: the board's cell
/// alphabet, the ship lengths, the algorithm names and the full range of a `u64` seed.
pub(super) mod spec {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, SchemaFormat, SchemaType, Type};
    use utoipa::openapi::{Array, Object};

    use crate::board::MAX_SIDE;
    use crate::fleet::MAX_SHIPS;
    use crate::strategy::Algorithm;

    /// `board`: 1 to 26 rows of 1 to 26 cells from `.ox#` (that the rows have one length is
    /// checked by the service, with a 422).
    pub fn board() -> Array {
        let row = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[.ox#]+$"))
            .min_length(Some(1))
            .max_length(Some(MAX_SIDE));
        ArrayBuilder::new()
            .items(row)
            .min_items(Some(1))
            .max_items(Some(MAX_SIDE))
            .description(Some(
                "One string per row, all the same length, 1 to 26 rows and 1 to 26 columns. Cells: `.` not \
                 shot yet, `o` miss, `x` hit on a ship not sunk yet, `#` a cell of a sunk ship.",
            ))
            .build()
    }

    /// `ships`: 1 to 64 lengths between 1 and 26 (and at most the board's longer side, which the
    /// service checks with a 422).
    pub fn ships() -> Array {
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

    /// `algorithm`: one of the names `GET /algorithms` lists, or null.
    pub fn algorithm() -> Object {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .enum_values(Some(
                Algorithm::ALL.iter().map(|a| serde_json::Value::from(a.name())).chain([serde_json::Value::Null]),
            ))
            .description(Some("Algorithm name (see `GET /algorithms`); the strongest when omitted or null."))
            .build()
    }

    fn u64_range(nullable: bool) -> ObjectBuilder {
        let ty = if nullable { SchemaType::from_iter([Type::Integer, Type::Null]) } else { Type::Integer.into() };
        ObjectBuilder::new()
            .schema_type(ty)
            .format(Some(SchemaFormat::Custom("uint64".to_owned())))
            .minimum(Some(0))
            .maximum(Some(utoipa::Number::UInt(u64::MAX as usize)))
    }

    /// The request's `seed`: any `u64`, or null.
    pub fn optional_seed() -> Object {
        u64_range(true)
            .description(Some(
                "Makes every random choice, tie-breaking included, reproducible, and picks the order in \
                 which bayes and weighted-density break ties (send one seed per game). A random seed \
                 whose tie order is row-major is drawn when omitted or null; the response reports the \
                 seed used.",
            ))
            .build()
    }

    /// The placement request's `seed`: any `u64`, or null.
    pub fn optional_placement_seed() -> Object {
        u64_range(true)
            .description(Some(
                "Makes the layout reproducible: the same request and seed give the same layout. A random \
                 seed is drawn when omitted or null; the response reports the seed used.",
            ))
            .build()
    }

    /// The response's `seed`: any `u64`.
    pub fn seed() -> Object {
        u64_range(false)
            .description(Some("The seed every random choice was drawn from (the request's, or a fresh one)."))
            .build()
    }
}
