//! Admission control for compute-heavy requests: a bound on how many run or wait at once, past
//! which the service answers 503 with `Retry-After` instead of queueing without limit.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Longest a default-budget request past the bound waits for a place before its 503 `overloaded`.
/// A client that asks again at once after each refusal (wrk, k6) then asks about once per this
/// time instead of as fast as refusals can be written: a flood of them had taken the HTTP workers'
/// time, and every probe behind them waited (`docs/decisions/0052-an-overload-waits-for-a-place.md`).
pub const OVERLOAD_HOLD: Duration = Duration::from_millis(5);

/// How many heavy computations may be in flight: a semaphore of that many permits, and a signal
/// to the requests waiting for one each time one is given back.
#[derive(Debug)]
pub struct Admission {
    max: usize,
    permits: Arc<Semaphore>,
    freed: Arc<Notify>,
}

/// A place among the heavy computations in flight, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    permit: Option<OwnedSemaphorePermit>,
    freed: Arc<Notify>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // The permit first, so that the request woken finds it free.
        drop(self.permit.take());
        self.freed.notify_one();
    }
}

impl Admission {
    pub fn new(max: usize) -> Arc<Admission> {
        let max = max.min(Semaphore::MAX_PERMITS);
        Arc::new(Admission { max, permits: Arc::new(Semaphore::new(max)), freed: Arc::new(Notify::new()) })
    }

    /// A slot, or `None` when `max` are taken.
    pub fn try_enter(self: &Arc<Admission>) -> Option<Slot> {
        let permit = Arc::clone(&self.permits).try_acquire_owned().ok()?;
        Some(Slot { permit: Some(permit), freed: Arc::clone(&self.freed) })
    }

    /// A slot, waiting at most `hold` for one to free; `None` when none did. A waiting request
    /// holds no claim on the next slot: whoever asks first when one frees takes it, so a
    /// [`try_enter`](Admission::try_enter) (a promised plan) is never shut out by the requests
    /// waiting here.
    pub async fn enter_within(self: &Arc<Admission>, hold: Duration) -> Option<Slot> {
        let until = std::time::Instant::now() + hold;
        loop {
            // Listening before the check: a slot given back between the two still wakes this one.
            let mut freed = std::pin::pin!(self.freed.notified());
            freed.as_mut().enable();
            if let Some(slot) = self.try_enter() {
                return Some(slot);
            }
            let left = until.saturating_duration_since(std::time::Instant::now());
            actix_web::rt::time::timeout(left, freed).await.ok()?;
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

    #[actix_web::test]
    async fn a_request_asking_once_takes_a_freed_place_before_those_waiting() {
        let a = Admission::new(1);
        let held = a.try_enter().unwrap();
        let waiting = {
            let a = Arc::clone(&a);
            actix_web::rt::spawn(async move { a.enter_within(Duration::from_millis(50)).await.is_some() })
        };
        actix_web::rt::task::yield_now().await;
        drop(held);
        // A promised plan asks once, before the waiting request has run again: it gets the place.
        let promised = a.try_enter();
        assert!(promised.is_some());
        // The waiter is refused when its wait is over, or served if the place frees in time.
        assert!(!waiting.await.unwrap());
        drop(promised);
        assert!(a.enter_within(Duration::ZERO).await.is_some());
    }
}
