//! `POST /recommend`'s position: board strings with the ships afloat, or a `history`
//! ([`super::history`]), exactly one of the two; and the request's schema, which says
//! so.

use utoipa::openapi::schema::{AdditionalProperties, OneOf, OneOfBuilder, Schema};

use crate::game::announce::Announce;
use crate::game::board::Board;
use crate::game::fleet::Fleet;
use crate::game::history::Told;
use crate::game::rules::Rules;

use crate::http::problem::ApiError;
use crate::http::routes::recommend::history::HistoryRequest;
use crate::http::routes::recommend::observations::{ObservationRequest, observe};
use crate::http::wire::{JsonObject, fleet_from};

/// The position a request sends: board strings with the ships afloat, or a history to read.
#[derive(Debug)]
pub enum Position {
    Board { board: Board, fleet: Fleet },
    History(HistoryRequest),
}

/// A missing field, as serde would name it.
fn missing(field: &str) -> ApiError {
    ApiError::WrongShape {
        path: "request body".to_owned(),
        message: format!("missing field `{field}` (send `board` and `ships`, or a `history`)"),
    }
}

impl Position {
    /// The request's position: exactly one of `board` with `ships` and `history` (a 400, as any
    /// missing or unexpected field is, otherwise), board strings parsed and checked with their
    /// `observations` read on them.
    pub fn new(
        board: Option<Vec<String>>,
        ships: Option<Vec<u64>>,
        history: Option<JsonObject<HistoryRequest>>,
        observations: Option<Vec<ObservationRequest>>,
    ) -> Result<Position, ApiError> {
        match (board, ships, history) {
            (None, None, Some(_)) if observations.is_some() => Err(ApiError::WrongShape {
                path: "observations".to_owned(),
                message: "send `observations` with `board` and `ships`; a history writes each scan as the turn it took"
                    .to_owned(),
            }),
            (None, None, Some(JsonObject(history))) => Ok(Position::History(history)),
            (_, _, Some(_)) => Err(ApiError::WrongShape {
                path: "history".to_owned(),
                message: "send either `board` and `ships` or a `history`, not both".to_owned(),
            }),
            (None, _, None) => Err(missing("board")),
            (Some(_), None, None) => Err(missing("ships")),
            (Some(board), Some(ships), None) => {
                let board = Board::parse(&board)?;
                let fleet = fleet_from(&ships, board.longer_side())?;
                let board = observe(board, observations.unwrap_or_default())?;
                Ok(Position::Board { board, fleet })
            }
        }
    }

    /// The board, the ships afloat and, for a history, what its announcements tell beyond the
    /// board, under `rules`: board strings say only `sunk-cells`; a history is replayed and
    /// checked (the consistency search included).
    pub fn read(self, rules: Rules) -> Result<(Board, Fleet, Option<Told>), ApiError> {
        match self {
            Position::Board { .. } if rules.announce != Announce::SunkCells => {
                Err(ApiError::AnnounceOnBoard(rules.announce))
            }
            Position::Board { board, fleet } => Ok((board, fleet, None)),
            Position::History(request) => {
                let reading = request.read(rules)?;
                Ok((reading.board, reading.fleet, Some(reading.told)))
            }
        }
    }
}

/// `POST /recommend`'s request schema from the object of all its fields: one of two closed
/// objects, the board position (`board` and `ships`) and the history (`history`), so that a
/// request with both or neither is refused by the schema as by the service.
pub fn one_position(mut fields: utoipa::openapi::Object) -> OneOf {
    let example = fields.example.take();
    let form = |drop: &[&str], required: &[&str], title: &str, description: &str| {
        let mut o = fields.clone();
        o.properties.retain(|name, _| !drop.contains(&name.as_str()));
        o.required = required.iter().map(|&s| s.to_owned()).collect();
        o.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        o.title = Some(title.to_owned());
        o.description = Some(description.to_owned());
        Schema::Object(o)
    };
    let board = form(
        &["history"],
        &["board", "ships"],
        "Board",
        "The position as board strings: the board as the shooter sees it and the ships still afloat.",
    );
    let history = form(
        &["board", "ships", "observations"],
        &["history"],
        "History",
        "The position as a game's log: the fleet and every shot with its answer, read under `rules.announce`.",
    );
    let mut one_of = OneOfBuilder::new().item(board).item(history).description(fields.description.clone()).build();
    one_of.example = example;
    one_of
}
