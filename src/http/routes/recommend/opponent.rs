//! `POST /recommend`'s `opponent`: the request object (past fleets or a fitted model), its checks
//! against the position, and the echo of the model used in the response.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::prior::Opponent;
use crate::game::rules::Rules;
use crate::inference::opponent::{Fit, check_start, fit, read_fleets};

use crate::http::problem::ApiError;
use crate::http::wire::{OpponentModel, fleets_schema, object_or_null};

/// What the shooter knows of the opponent's habits: exactly one of `fleets` (the fleets they hid
/// in past games, which the service fits) and `model` (a model `POST /opponent` fitted before).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"fleets": [["AAA..", ".....", "....B", "....B", "C...."]]}))]
pub struct OpponentPrior {
    /// Past fleets of this opponent on the request's board (described by its schema). Every
    /// fleet has the same ships, the starting fleet of the game, which must hold the ships afloat
    /// and cover as many cells as they do plus the board's `#` cells. Fitted on every request:
    /// a backend that plays many turns sends `model` instead.
    #[serde(default)]
    #[schema(schema_with = fleets_schema)]
    pub fleets: Option<Vec<Vec<String>>>,
    /// A fitted model, as `POST /opponent` returns it, on the request's board size.
    #[serde(default, deserialize_with = "object_or_null")]
    pub model: Option<OpponentModel>,
}

/// The model a recommendation used, echoed in the response.
#[serde_with::skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct OpponentEcho {
    /// The model, its cells scaled so that the largest is 1 (the uniform model is all 1s and
    /// `touching` 1).
    pub model: OpponentModel,
    /// When the request sent `fleets`: how many were fitted.
    pub games: Option<usize>,
}

/// The request's `opponent`, checked against the position: a model ready to use, or the past
/// fleets to fit (fitting is compute work, done where the caller decides).
#[derive(Debug)]
pub enum Prior {
    Model(Opponent),
    Fleets(ToFit),
}

/// Past fleets read and checked, ready to fit.
#[derive(Debug)]
pub struct ToFit {
    rows: usize,
    cols: usize,
    fleet: Fleet,
    layouts: Vec<Layout>,
}

impl ToFit {
    /// Fits the fleets (the service's own [`fit`]).
    pub fn fit(self) -> Fit {
        fit(self.rows, self.cols, &self.fleet, &self.layouts)
    }
}

impl Prior {
    /// The model, fitting the fleets here when there are fleets; and the number of fleets fitted.
    pub fn model(self) -> (Opponent, Option<usize>) {
        match self {
            Prior::Model(model) => (model, None),
            Prior::Fleets(to_fit) => {
                let fitted = to_fit.fit();
                (fitted.model, Some(fitted.games))
            }
        }
    }
}

impl OpponentEcho {
    pub fn new(model: &Opponent, games: Option<usize>) -> OpponentEcho {
        OpponentEcho { model: model.into(), games }
    }
}

impl OpponentPrior {
    /// Checks the object against the position: exactly one of `fleets` and `model`; fleets on the
    /// board's size, of one starting fleet that holds the ships afloat and the sunk cells, apart
    /// under the no-touch rules; a model of the board's shape with usable weights.
    pub fn prior(self, board: &Board, afloat: &Fleet, rules: Rules) -> Result<Prior, ApiError> {
        let (rows, cols) = (board.rows(), board.cols());
        match (self.fleets, self.model) {
            (Some(_), Some(_)) => Err(ApiError::OpponentChoice("both")),
            (None, None) => Err(ApiError::OpponentChoice("neither")),
            (None, Some(model)) => Ok(Prior::Model(model.opponent(rows, cols)?)),
            (Some(fleets), None) => {
                let fault = |error| ApiError::Fleets { prefix: "opponent.", error };
                let (layouts, start) = read_fleets(&fleets, rows, cols, None, rules.touching).map_err(fault)?;
                let fleet = match layouts.is_empty() {
                    // No past fleets: the uniform model, of the ships afloat.
                    true => afloat.clone(),
                    false => {
                        let sunk = board.cells().iter().filter(|&&c| c == Cell::Sunk).count();
                        check_start(&start, afloat, sunk).map_err(fault)?;
                        Fleet::new(&start, board.longer_side())?
                    }
                };
                Ok(Prior::Fleets(ToFit { rows, cols, fleet, layouts }))
            }
        }
    }
}
