//! A deadline on the wall clock that a computation may be held to. Without one (the simulator, the
//! command line, the tests) every answer is a function of its request and seed alone; with one (the
//! service), a computation still running when its time is up stops and answers with what it has,
//! and says so.

use std::time::{Duration, Instant};

/// When a computation must stop, if ever.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline: the work bounds alone decide.
    pub const NONE: Deadline = Deadline(None);

    /// A deadline at `at`.
    pub fn at(at: Instant) -> Deadline {
        Deadline(Some(at))
    }

    /// A deadline `budget` from now.
    pub fn after(budget: Duration) -> Deadline {
        Deadline(Some(Instant::now() + budget))
    }

    /// Whether the time is up (never without a deadline).
    pub fn passed(self) -> bool {
        self.0.is_some_and(|at| Instant::now() >= at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_deadline_never_passes_and_a_past_one_has() {
        assert!(!Deadline::NONE.passed());
        assert!(Deadline::at(Instant::now()).passed());
        assert!(!Deadline::after(Duration::from_secs(3600)).passed());
    }
}
