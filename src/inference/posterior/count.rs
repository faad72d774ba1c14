//! What the programme counts with: exact integers for the uniform prior, `f64` weights for a
//! prior over layouts ([`crate::game::prior::Opponent`]).
//!
//! Every weight the programme forms is a sum of products of positive numbers (no subtraction), so
//! in `f64` each is within a relative `n * 2^-53` of the exact value, `n` the number of operations
//! along its longest chain (a few thousand on a 26 x 26 board): the marginals are exact to about
//! twelve significant digits, which the brute-force tests check against exact rational weights.

/// A layout count or weight.
pub trait Count: Copy + PartialEq + PartialOrd + std::fmt::Debug + Send + Sync + 'static {
    const ZERO: Self;
    const ONE: Self;
    /// Whether every edge of the programme weighs 1 (integer counting).
    const UNWEIGHTED: bool;

    /// The sum, or `None` past the type's range.
    fn plus(self, other: Self) -> Option<Self>;

    /// The product, or `None` past the type's range.
    fn times(self, other: Self) -> Option<Self>;

    /// This count times an edge's weight `f` (always 1 when [`Count::UNWEIGHTED`]).
    fn scaled(self, f: f64) -> Self;
}

impl Count for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const UNWEIGHTED: bool = true;

    #[inline(always)]
    fn plus(self, other: u128) -> Option<u128> {
        self.checked_add(other)
    }

    #[inline(always)]
    fn times(self, other: u128) -> Option<u128> {
        self.checked_mul(other)
    }

    #[inline(always)]
    fn scaled(self, f: f64) -> u128 {
        debug_assert!(f == 1.0, "an integer count is never weighted");
        self
    }
}

impl Count for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const UNWEIGHTED: bool = false;

    #[inline(always)]
    fn plus(self, other: f64) -> Option<f64> {
        finite(self + other)
    }

    #[inline(always)]
    fn times(self, other: f64) -> Option<f64> {
        finite(self * other)
    }

    #[inline(always)]
    fn scaled(self, f: f64) -> f64 {
        self * f
    }
}

#[inline(always)]
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}
