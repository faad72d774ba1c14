//! A deadline on the wall clock that a computation may be held to. Without one (the simulator, the
//! command line, the tests) every answer is a function of its request and seed alone; with one (the
//! service), a computation still running when its time is up stops and answers with what it has,
//! and says so. A [`Work`] is a stage's allowance: its units and the deadline together.

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

/// What a stage of a computation may spend: units of work in its own measure (states of the
/// exact programme, importance draws, cells a rollout scans), and where the caller holds it to the
/// clock, the time by which it must have finished. A plain number of units is a bound without a
/// clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    pub units: u64,
    pub deadline: Deadline,
}

impl From<u64> for Work {
    fn from(units: u64) -> Work {
        Work { units, deadline: Deadline::NONE }
    }
}

impl Work {
    /// The same units, held to `deadline`.
    pub fn until(self, deadline: Deadline) -> Work {
        Work { deadline, ..self }
    }

    /// The share of these units for one of `parts` counts, at least one unit, with the same
    /// deadline.
    pub fn share(self, parts: usize) -> Work {
        Work { units: (self.units / parts.max(1) as u64).max(1), ..self }
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
