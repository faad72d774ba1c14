//! `GET /algorithms`: every algorithm with its facts and measured strength.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shooting::algorithm::Algorithm;
use crate::shooting::strategy::AlgorithmInfo;
use crate::shooting::strength;

use crate::shooting::strategy::GridKind;

/// One algorithm the service offers.
#[serde_with::skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!(crate::http::examples::ALGORITHM_ENTRY.value()))]
pub struct AlgorithmEntry {
    /// The value for `algorithm` in `POST /recommend`.
    pub name: String,
    pub summary: String,
    /// A citation of the published work it implements (author, title, year, address), or the
    /// baseline or method it stands for.
    pub source: String,
    pub grid_kind: GridKind,
    /// Whether it draws random numbers beyond breaking ties between equally good cells.
    pub uses_randomness: bool,
    /// Whether requests that name no algorithm get this one.
    pub default: bool,
    /// How it plays the no-touch rules (`rules.touching: false`).
    pub no_touch: String,
    /// How it fills a salvo of several shots (`rules.salvo`).
    pub salvo: String,
    /// How it uses the request's `opponent` (a model of the opponent's habits), or null when it
    /// ignores it (it then plays as if every layout were equally likely).
    #[serialize_always]
    pub opponent: Option<String>,
    /// How it reads a game sent as a `history` instead of a board: what of the announcements
    /// (which ship sank, which ship a hit struck) it uses.
    pub history: String,
    /// What it reads of what a reveal showed (the board's `s` cells, known to hold a ship), or
    /// null when it reads none: it then sees each `s` as a `.` it knows nothing of.
    #[serialize_always]
    pub observations: Option<String>,
    /// What it does with a `budget_ms` above the default 10 (thinking time), or null when a larger
    /// budget changes nothing but its precision.
    #[serialize_always]
    pub thinking: Option<String>,
    /// Its measured mean shots to sink the classic fleet on the classic 10x10 board (10,000
    /// simulated games, uniform layouts; the committed table `data/strength.jsonl`, made by
    /// `sonar simulate --algorithm all --games 10000 --seed 1 --json`): lower is stronger.
    pub mean_shots: Option<f64>,
    /// Half-width of the 95% interval of `mean_shots`.
    pub mean_shots_ci95: Option<f64>,
    /// The command that measured `mean_shots`.
    pub measured_by: Option<String>,
    /// For the default algorithm: its measured strength at each `level`, weakest first (the
    /// same levels weaken any other algorithm; they are calibrated on this one).
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
        let measured = strength::classic(algorithm);
        AlgorithmEntry {
            name: info.name.to_owned(),
            summary: info.summary.to_owned(),
            source: info.source.to_owned(),
            grid_kind: info.grid_kind,
            uses_randomness: info.uses_randomness,
            default: info.name == Algorithm::DEFAULT.name(),
            no_touch: algorithm.no_touch_note().to_owned(),
            salvo: algorithm.salvo_note().to_owned(),
            opponent: algorithm.opponent_note().map(str::to_owned),
            history: algorithm.history_note().into_owned(),
            observations: algorithm.observations_note().map(str::to_owned),
            thinking: algorithm.thinking_note(),
            mean_shots: measured.map(|m| m.mean),
            mean_shots_ci95: measured.map(|m| m.ci95),
            measured_by: measured.map(|_| strength::COMMAND.to_owned()),
            levels: (algorithm == Algorithm::DEFAULT && !strength::levels().is_empty()).then(|| LevelTable {
                measured_by: strength::LEVELS_COMMAND.to_owned(),
                table: strength::levels()
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

/// List the algorithms.
///
/// Each algorithm's name (the value for `algorithm`), summary, source (a citation), grid kind,
/// whether it uses randomness, how it plays the no-touch rules and salvos (`rules`), how it uses
/// a model of the opponent and how it reads a history. The default algorithm is marked.
#[utoipa::path(
    get,
    path = "/algorithms",
    tag = "recommend",
    responses((status = 200, description = "Every algorithm: the default (`bayes`) first, then the others from strongest to weakest on the classic board", body = Vec<AlgorithmEntry>))
)]
pub async fn algorithms() -> web::Json<Vec<AlgorithmEntry>> {
    web::Json(Algorithm::ALL.iter().map(|&a| a.into()).collect())
}
