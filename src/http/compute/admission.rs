//! Admission control for compute-heavy requests: a bound on how many run or wait at once, past
//! which the service answers 503 with `Retry-After` instead of queueing without limit.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Longest a default-budget request past the bound waits for a place before its 503 `overloaded`.
/// A client that asks again at once after each refusal (wrk, k6) then asks about once per this
/// time instead of as fast as refusals can be written: a flood of them had taken the HTTP workers'
/// time, and every probe behind them waited (`docs/decisions/0052-an-overload-waits-for-a-place.md`).
pub const OVERLOAD_HOLD: Duration = Duration::from_millis(5);

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

    /// A slot, waiting at most `hold` for one to free (first come, first served); `None` when none
    /// did.
    pub async fn enter_within(self: &Arc<Admission>, hold: Duration) -> Option<Slot> {
        if let Some(slot) = self.try_enter() {
            return Some(slot);
        }
        let permit = Arc::clone(&self.permits).acquire_owned();
        match actix_web::rt::time::timeout(hold, permit).await {
            Ok(Ok(permit)) => Some(Slot { _permit: permit }),
            _ => None,
        }
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

    #[actix_web::test]
    async fn a_request_past_the_bound_waits_for_a_place_and_no_longer() {
        let a = Admission::new(1);
        let held = a.try_enter().unwrap();
        // Nothing frees: refused once the wait is over.
        assert!(a.enter_within(Duration::from_millis(2)).await.is_none());
        // A place frees during the wait: it is taken.
        let waiting = {
            let a = Arc::clone(&a);
            actix_web::rt::spawn(async move { a.enter_within(Duration::from_secs(60)).await.is_some() })
        };
        actix_web::rt::task::yield_now().await;
        assert_eq!(a.in_flight(), 1);
        drop(held);
        assert!(waiting.await.unwrap());
        // Free at once: no wait at all, even with none allowed.
        assert!(a.enter_within(Duration::ZERO).await.is_some());
    }
}
