//! The CPU the pool's threads really get: each job's thread CPU time against its wall time, as a
//! running share. Beside a CPU hog, under a cgroup's quota or on a core shared with the service's
//! clients, a thread computing for 100 ms of wall time may get far less than 100 ms of CPU; a
//! planning job then plans the work it can finish by its promise ([`Allot::scale`]) instead of
//! being stopped by the clock halfway.

use std::time::Duration;

/// Below this share a planning job plans less than its budget's work. At or above it the machine
/// keeps up: the budget's work fits, since a plan means to spend only part of its budget and
/// leaves a margin before its promise, and a quiet machine gives the same answers as the work
/// bounds alone.
pub const FULL_SHARE: f64 = 0.9;

/// Fewest the share is taken to be: a plan asked for a budget always plans some of it.
pub const LEAST_SHARE: f64 = 0.05;

/// Wall time over which a job's share counts as much as the running share: a job of this length
/// moves the running share halfway to its own, a short one less.
const SMOOTHING_TIME: Duration = Duration::from_millis(100);

/// Jobs shorter than this are not counted: their CPU time is mostly the clock's resolution and
/// the thread waking.
const SHORTEST_COUNTED: Duration = Duration::from_micros(500);

/// The running share of a CPU that a pool thread got while it ran its jobs, between
/// [`LEAST_SHARE`] and 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delivered {
    share: f64,
}

impl Default for Delivered {
    fn default() -> Delivered {
        Delivered { share: 1.0 }
    }
}

impl Delivered {
    /// Counts a job that got `cpu` of CPU time over `wall`.
    pub fn record(&mut self, cpu: Duration, wall: Duration) {
        if wall < SHORTEST_COUNTED {
            return;
        }
        let share = (cpu.as_secs_f64() / wall.as_secs_f64()).clamp(LEAST_SHARE, 1.0);
        let weight = wall.as_secs_f64() / (wall + SMOOTHING_TIME).as_secs_f64();
        self.share += (share - self.share) * weight;
    }

    pub fn share(&self) -> f64 {
        self.share
    }

    /// What the next job is given.
    pub fn allot(&self) -> Allot {
        Allot { share: if self.share >= FULL_SHARE { 1.0 } else { self.share } }
    }
}

/// What a job is given when it starts: the share of a CPU its thread is expected to get, 1 when
/// the machine keeps up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allot {
    pub share: f64,
}

impl Allot {
    /// A whole CPU.
    pub const WHOLE: Allot = Allot { share: 1.0 };

    /// The part of `budget_ms` whose work fits in `budget_ms` of wall time at this share, in
    /// whole milliseconds: all of it on a machine that keeps up.
    pub fn scale(self, budget_ms: u64) -> u64 {
        match self.share >= 1.0 {
            true => budget_ms,
            false => (budget_ms as f64 * self.share).floor() as u64,
        }
    }
}

/// The CPU time the calling thread has used, where the system tells it.
pub fn thread_cpu() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes one timespec, owned here, for the calling thread's clock.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_machine_that_keeps_up_gives_the_whole_budget() {
        let mut d = Delivered::default();
        assert_eq!(d.allot(), Allot::WHOLE);
        d.record(95 * MS, 100 * MS);
        assert_eq!(d.allot(), Allot::WHOLE);
        assert_eq!(d.allot().scale(100), 100);
    }

    #[test]
    fn a_shared_cpu_scales_the_work_and_recovers_when_freed() {
        let mut d = Delivered::default();
        // Half a CPU for a long job: the share moves most of the way there.
        d.record(500 * MS, 1000 * MS);
        assert!(d.share() > 0.5 && d.share() < 0.6, "{}", d.share());
        assert_eq!(d.allot().scale(100), (100.0 * d.share()).floor() as u64);
        // A short job moves it little; a few whole ones bring it back.
        let before = d.share();
        d.record(MS, MS);
        assert!(d.share() > before && d.share() < before + 0.01);
        for _ in 0..5 {
            d.record(100 * MS, 100 * MS);
        }
        assert_eq!(d.allot(), Allot::WHOLE);
    }

    #[test]
    fn the_share_is_bounded_and_tiny_jobs_are_not_counted() {
        let mut d = Delivered::default();
        d.record(Duration::ZERO, 10 * MS);
        d.record(Duration::ZERO, 10_000 * MS);
        assert!(d.share() >= LEAST_SHARE);
        let kept = d.share();
        d.record(Duration::from_micros(100), Duration::from_micros(100));
        assert_eq!(d.share(), kept);
        d.record(20 * MS, 10 * MS);
        assert!(d.share() <= 1.0);
    }

    #[test]
    fn the_threads_cpu_clock_runs_while_it_computes() {
        let Some(before) = thread_cpu() else { return };
        let mut x = 0u64;
        while thread_cpu().unwrap() < before + MS {
            x = x.wrapping_add(std::hint::black_box(1));
        }
        assert!(x > 0);
    }
}
