//! The endpoints, one file or folder each: its request and response types, their conversion, the
//! handler and its documented errors.
//!
//! - [`recommend`]: `POST /recommend`, a folder: the endpoint and its request's larger fields.
//! - [`placement`]: `POST /placement`, the computer's own fleet.
//! - [`opponent`]: `POST /opponent`, a model of a player's habits fitted from their past fleets.
//! - [`algorithms`]: `GET /algorithms`, every algorithm with its facts and measured strength.
//! - [`openapi`]: the OpenAPI document built from the others, `GET /openapi.json` and `/docs/`.
//! - [`health`]: `GET /healthz` and `GET /metrics`.
//! - [`page`]: the web page, `GET /` and `GET /assets/{name}`, its files embedded from `web/`.
//! - [`fallback`]: what answers when no route does, 404 for a path and 405 for a method.

pub mod algorithms;
pub mod fallback;
pub mod health;
pub mod openapi;
pub mod opponent;
pub mod page;
pub mod placement;
pub mod recommend;
