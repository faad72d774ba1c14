//! Admission control for compute-heavy requests: a bound on how many run or wait at once, past
//! which the service answers 503 with `Retry-After` instead of queueing without limit.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many heavy computations may be in flight, and how many are.
#[derive(Debug)]
pub struct Admission {
    max: usize,
    current: AtomicUsize,
}

/// A place among the heavy computations in flight, given back when dropped.
#[derive(Debug)]
pub struct Slot(Arc<Admission>);

impl Admission {
    pub fn new(max: usize) -> Arc<Admission> {
        Arc::new(Admission { max, current: AtomicUsize::new(0) })
    }

    /// A slot, or `None` when `max` are taken.
    pub fn try_enter(self: &Arc<Admission>) -> Option<Slot> {
        let mut now = self.current.load(Ordering::Relaxed);
        loop {
            if now >= self.max {
                return None;
            }
            match self.current.compare_exchange_weak(now, now + 1, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(Slot(Arc::clone(self))),
                Err(seen) => now = seen,
            }
        }
    }

    pub fn in_flight(&self) -> usize {
        self.current.load(Ordering::Relaxed)
    }

    pub fn max(&self) -> usize {
        self.max
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.current.fetch_sub(1, Ordering::AcqRel);
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
