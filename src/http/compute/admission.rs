//! Admission control for compute-heavy requests: a bound on how many run or wait at once, past
//! which the service answers 503 with `Retry-After` instead of queueing without limit.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many heavy computations may be in flight: a semaphore of that many permits.
#[derive(Debug)]
pub struct Admission {
    max: usize,
    permits: Arc<Semaphore>,
}

/// A place among the heavy computations in flight, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
}

impl Admission {
    pub fn new(max: usize) -> Arc<Admission> {
        let max = max.min(Semaphore::MAX_PERMITS);
        Arc::new(Admission { max, permits: Arc::new(Semaphore::new(max)) })
    }

    /// A slot, or `None` when `max` are taken.
    pub fn try_enter(self: &Arc<Admission>) -> Option<Slot> {
        Arc::clone(&self.permits).try_acquire_owned().ok().map(|permit| Slot { _permit: permit })
    }

    pub fn in_flight(&self) -> usize {
        self.max - self.permits.available_permits()
    }

    pub fn max(&self) -> usize {
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_up_to_the_bound_and_frees_on_drop() {
        let a = Admission::new(2);
        let s1 = a.try_enter().unwrap();
        let _s2 = a.try_enter().unwrap();
        assert!(a.try_enter().is_none());
        drop(s1);
        assert_eq!(a.in_flight(), 1);
        assert!(a.try_enter().is_some());
        assert!(Admission::new(0).try_enter().is_none());
    }
}
