//! The CPU the pool's threads really get: each job's thread CPU time against its wall time, as a
//! running share. Beside a CPU hog, under a cgroup's quota or on a core shared with the service's
//! clients, a thread computing for 100 ms of wall time may get far less than 100 ms of CPU; a
//! planning job then plans the work it can finish in the wall time left to it ([`Allot::fit`]):
//! its budget's, or less where it started late, instead of being stopped by the clock halfway.

use std::time::Duration;

/// Below this share a planning job plans less than its budget's work. At or above it the machine
/// keeps up: the budget's work fits, since a plan means to spend only part of its budget and
/// leaves a margin before its promise, and a quiet machine gives the same answers as the work
/// bounds alone.
pub const FULL_SHARE: f64 = 0.97;

/// Fewest the share is taken to be: a plan asked for a budget always plans some of it.
pub const LEAST_SHARE: f64 = 0.05;

/// Standard deviations of the jobs' shares below their running mean that a job is given: the
/// share varies from job to job beside other processes, and a plan sized to the mean would be
/// stopped by the clock in about half the jobs; at this many, in about one in ten.
pub const CAUTION: f64 = 1.28;

/// Wall time over which a job's share counts as much as the running share: a job of this length
/// moves the running share halfway to its own, a short one less.
const SMOOTHING_TIME: Duration = Duration::from_millis(100);

/// Jobs shorter than this are not counted: their CPU time is mostly the clock's resolution and
/// the thread waking.
const SHORTEST_COUNTED: Duration = Duration::from_micros(500);

/// The running share of a CPU that a pool thread got while it ran its jobs, between
/// [`LEAST_SHARE`] and 1, and how much it varies from job to job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delivered {
    share: f64,
    /// The running variance of the jobs' shares about `share`.
    variance: f64,
}

impl Default for Delivered {
    fn default() -> Delivered {
        Delivered { share: 1.0, variance: 0.0 }
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
        let off = share - self.share;
        self.share += off * weight;
        self.variance = (1.0 - weight) * (self.variance + weight * off * off);
    }

    pub fn share(&self) -> f64 {
        self.share
    }

    /// How much the jobs' shares vary: their running standard deviation.
    pub fn spread(&self) -> f64 {
        self.variance.sqrt()
    }

    /// What the next job is given: [`CAUTION`] standard deviations below the running share, the
    /// whole CPU where even that keeps up.
    pub fn allot(&self) -> Allot {
        let low = (self.share - CAUTION * self.spread()).max(LEAST_SHARE);
        Allot { share: if low >= FULL_SHARE { 1.0 } else { low } }
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

    /// The part of `budget_ms` whose work fits in `room` of wall time at this share, in whole
    /// milliseconds: all of it on a machine that keeps up with room for the whole budget, what the
    /// room holds when the job starts late.
    pub fn fit(self, budget_ms: u64, room: Duration) -> u64 {
        let room = room.min(Duration::from_millis(budget_ms));
        match self.share >= 1.0 {
            true => room.as_millis() as u64,
            false => (room.as_secs_f64() * 1e3 * self.share).floor() as u64,
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
        d.record(99 * MS, 100 * MS);
        assert_eq!(d.allot(), Allot::WHOLE);
        assert_eq!(d.allot().fit(100, 100 * MS), 100);
        // Starting late, it plans what the time left holds.
        assert_eq!(d.allot().fit(100, 60 * MS), 60);
        assert_eq!(d.allot().fit(100, Duration::ZERO), 0);
    }

    #[test]
    fn a_shared_cpu_scales_the_work_and_recovers_when_freed() {
        let mut d = Delivered::default();
        // Half a CPU for a long job: the share moves most of the way there.
        d.record(500 * MS, 1000 * MS);
        assert!(d.share() > 0.5 && d.share() < 0.6, "{}", d.share());
        let given = d.allot().share;
        assert!(given < d.share() - d.spread(), "{given} below {} by its spread", d.share());
        assert_eq!(d.allot().fit(100, 100 * MS), (100.0 * given).floor() as u64);
        assert_eq!(d.allot().fit(100, 300 * MS), (100.0 * given).floor() as u64, "never more than the budget");
        assert_eq!(d.allot().fit(100, 50 * MS), (50.0 * given).floor() as u64);
        // A short job moves it little; a few whole ones bring it back.
        let before = d.share();
        d.record(MS, MS);
        assert!(d.share() > before && d.share() < before + 0.01);
        for _ in 0..20 {
            d.record(100 * MS, 100 * MS);
        }
        assert_eq!(d.allot(), Allot::WHOLE);
    }

    #[test]
    fn a_share_that_varies_gives_less_than_its_mean() {
        let (mut steady, mut varied) = (Delivered::default(), Delivered::default());
        for k in 0..40 {
            steady.record(15 * MS, 30 * MS);
            varied.record(if k % 2 == 0 { 6 * MS } else { 24 * MS }, 30 * MS);
        }
        // The same mean share, a half.
        assert!((steady.share() - 0.5).abs() < 0.01 && (varied.share() - 0.5).abs() < 0.05);
        assert!(steady.spread() < 0.01 && varied.spread() > 0.2, "{} {}", steady.spread(), varied.spread());
        assert!(steady.allot().share > 0.49);
        let low = varied.allot().share;
        assert!((low - (varied.share() - CAUTION * varied.spread())).abs() < 1e-12, "{low}");
        // A machine that keeps up in every job but one in a few is not given the whole CPU.
        let mut mostly = Delivered::default();
        for k in 0..40 {
            mostly.record(if k % 4 == 0 { 15 * MS } else { 30 * MS }, 30 * MS);
        }
        assert!(mostly.allot().share < FULL_SHARE, "{:?}", mostly.allot());
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
