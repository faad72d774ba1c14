//! The helpers of `tests/api` (its `helpers` module) for the test binaries that are not modules
//! of it yet: `tests/examples.rs` uses `app`, `check_contract` and `binary::Sonar`,
//! `tests/readme.rs` uses `app` and `post_text_to`. Each uses only part of them, hence the
//! `allow`. Remove this file when they move into `tests/api`.

#![allow(dead_code, unused_imports)]

#[path = "../api/helpers/mod.rs"]
mod helpers;

pub use helpers::{app, binary, check_contract, post_text_to};
