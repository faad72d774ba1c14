//! `POST /recommend`, in eleven files: the endpoint, and the parts of its request and answer that
//! have a file of their own.
//!
//! - [`endpoint`]: the request body, its conversion into a core `Ask`, its documented errors.
//! - [`handler`]: the handler: the planning budget's promise, the compute pool, the clock.
//! - [`response`]: the answer's body.
//! - [`position`]: board strings with the ships afloat, or a `history`, exactly one of the two.
//! - [`history`]: the `history` field, a game's log, read into the core's `History`.
//! - [`history_fleet`]: the history's `fleet`, lengths or named ships.
//! - [`history_problem`]: the JSON path each of a history reader's errors names.
//! - [`arsenal`]: the `arsenal` field, the power-ups held, and the answer's `action` and `actions`.
//! - [`observations`]: the `observations` field, scans sent with board strings, read on the board.
//! - [`opponent`]: the `opponent` field (past fleets or a fitted model) and its echo in the answer.
//! - [`plan`]: the answer's `plan`, what `bayes` found when it planned ahead.

pub mod arsenal;
pub mod endpoint;
pub mod handler;
pub mod history;
pub mod history_fleet;
pub mod history_problem;
pub mod observations;
pub mod opponent;
pub mod plan;
pub mod position;
pub mod response;
