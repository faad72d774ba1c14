//! `POST /recommend`, in five files: the endpoint, and the parts of its request and answer that
//! have a file of their own.
//!
//! - [`endpoint`]: the request and response bodies, their conversion into a core `Ask`, the handler and its errors.
//! - [`position`]: board strings with the ships afloat, or a `history`, exactly one of the two.
//! - [`history`]: the `history` field, a game's log, read into the core's `History`.
//! - [`opponent`]: the `opponent` field (past fleets or a fitted model) and its echo in the answer.
//! - [`plan`]: the answer's `plan`, what `bayes` found when it planned ahead.

pub mod endpoint;
pub mod history;
pub mod opponent;
pub mod plan;
pub mod position;
