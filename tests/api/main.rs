//! The integration tests, one module per area, in one test binary: the crate is linked once, not
//! once per file, and `helpers` serves every module without `allow(dead_code)`.
//!
//! Most modules call the app in-process (`helpers::app`); `access`, `admission`, `connections`,
//! `cors`, `page`, `request_id`, `server` and `shutdown` also run the real binary
//! (`helpers::binary`). `sampler` tests the library alone and lives here to save a link.
//!
//! Run one area with `cargo test --test api placement::`.
//!
//! `cli` runs the binary's subcommands; `docs` sends every example of the README and the guides;
//! `openapi_examples` sends the request behind every example of the OpenAPI document.

mod helpers;

mod access;
mod admission;
mod arsenal;
mod budget;
mod cli;
mod connections;
mod cors;
mod docs;
mod games;
mod hints;
mod history;
mod history_power;
mod islands;
mod levels;
mod limits;
mod openapi_examples;
mod operations;
mod opponent;
mod opponent_direction;
mod page;
mod placement;
mod properties;
mod recommend;
mod request_id;
mod reveals;
mod rules;
mod sampler;
mod scans;
mod searches;
mod server;
mod shutdown;
mod thinking;
