//! The endpoints, one file or folder each: its request and response types, their conversion, the
//! handler and its documented errors.
//!
//! - [`recommend`]: `POST /recommend`, a folder: the endpoint and the request's larger fields.

pub mod recommend;
