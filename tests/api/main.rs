//! The integration tests, one module per area, in one test binary: the crate is linked once, not
//! once per file, and `helpers` serves every module without `allow(dead_code)`.
//!
//! Most modules call the app in-process (`helpers::app`); `access`, `admission`, `connections`,
//! `cors`, `page`, `request_id`, `server` and `shutdown` also run the real binary
//! (`helpers::binary`). `sampler` tests the library alone and lives here to save a link.
//!
//! Run one area with `cargo test --test api placement::`.
//!
//! `tests/cli.rs`, `tests/examples.rs` and `tests/readme.rs` are still binaries of their own;
//! the last two reach these helpers through `tests/common`.

mod helpers;

mod access;
mod admission;
mod connections;
mod cors;
mod hints;
mod levels;
mod limits;
mod page;
mod placement;
mod properties;
mod recommend;
mod request_id;
mod rules;
mod sampler;
mod server;
mod shutdown;
