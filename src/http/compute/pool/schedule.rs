//! Which thread of the pool runs which job, and when: a pure state machine, the clock passed in,
//! so that the pool's threads and the tests that explore the orders of its events drive the same
//! code.
//!
//! Two kinds of job wait for the threads. A planning job (a budget above the default) carries a
//! promise, the time by which its answer is due ([`super::super::promise`]): it is admitted only
//! if the work ahead of it lets it start in time, and the threads take planning jobs first,
//! earliest due first. Default jobs (every other heavy request) queue in arrival order behind
//! them, and one goes first whenever the planning jobs waiting can all afford it. A planning job
//! is promised only if it can start in time after the next default jobs queued, as many as half
//! the threads (one on one or two threads), so that neither kind shuts the other out when both
//! keep the pool full, and every promise made is kept on a machine that keeps up.
//!
//! Every event that changes the schedule (a promise, a job queued, a promise given back, a thread
//! finished) hands every idle thread the job it may run, and says which: no thread sleeps while a
//! job it may run waits. A thread is counted free from [`Schedule::finish`], which its loop calls
//! before the answer leaves.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::super::promise::{Planned, Refused, Snapshot};

/// What a default job is expected to cost before any has run: about the default budget.
pub(super) const FIRST_DEFAULT_COST: Duration = Duration::from_millis(10);

/// Weight of the newest default job's time in the running estimate of a default job's cost.
const COST_SMOOTHING: f64 = 0.05;

/// A job's name on the pool, from its promise (a planning job) or its queueing (a default job).
pub type JobId = u64;

/// How many of the pool's threads run a job, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Busy {
    /// Threads running a planning job (a budget above the default, promised).
    pub planning: usize,
    /// Threads running any other heavy job.
    pub default: usize,
}

/// A planning job on the schedule: promised, and queued once its `job` is there.
#[derive(Clone)]
struct Waiting<J> {
    id: JobId,
    planned: Planned,
    job: Option<J>,
}

/// What one thread runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    pub id: JobId,
    pub started: Instant,
    /// What it is expected to cost: a planning job's budget, a default job's running estimate.
    pub cost: Duration,
    pub planning: bool,
}

/// A job handed to a thread: the thread starts it at once.
#[derive(Debug, PartialEq, Eq)]
pub struct Start<J> {
    pub thread: usize,
    pub id: JobId,
    pub job: J,
}

/// The jobs waiting and what each thread runs.
#[derive(Clone)]
pub struct Schedule<J> {
    /// The planning jobs promised and not yet started, queued or still on their way.
    planning: Vec<Waiting<J>>,
    default: VecDeque<(JobId, J)>,
    running: Vec<Option<Running>>,
    next_id: JobId,
    /// Running estimate of what a default job costs.
    default_cost: Duration,
}

impl<J> Schedule<J> {
    /// A schedule of `threads` threads (at least one), all idle.
    pub fn new(threads: usize) -> Schedule<J> {
        Schedule {
            planning: Vec::new(),
            default: VecDeque::new(),
            running: vec![None; threads.max(1)],
            next_id: 0,
            default_cost: FIRST_DEFAULT_COST,
        }
    }

    pub fn threads(&self) -> usize {
        self.running.len()
    }

    /// What each thread runs now.
    #[cfg(test)]
    pub fn running(&self) -> &[Option<Running>] {
        &self.running
    }

    pub fn busy(&self) -> Busy {
        let running = || self.running.iter().flatten();
        Busy { planning: running().filter(|r| r.planning).count(), default: running().filter(|r| !r.planning).count() }
    }

    /// How many planning jobs are queued (promised, with their job there) and not yet started.
    #[cfg(test)]
    pub fn queued_planning(&self) -> usize {
        self.planning.iter().filter(|w| w.job.is_some()).count()
    }

    /// Whether nothing runs or waits.
    #[cfg(test)]
    pub fn idle(&self) -> bool {
        self.planning.is_empty() && self.default.is_empty() && self.running.iter().all(Option::is_none)
    }

    /// Takes a place for `planned` if the work on the pool lets it start in time: from then on it
    /// is counted as waiting, so that requests admitted at the same moment cannot all be promised
    /// the same free thread.
    pub fn promise(&mut self, now: Instant, planned: Planned) -> Result<JobId, Refused> {
        self.snapshot(now).admit(planned)?;
        let id = self.take_id();
        self.planning.push(Waiting { id, planned, job: None });
        Ok(id)
    }

    /// Queues the job of the promise `id` (or, were its place gone, queues it anew under the same
    /// promise).
    pub fn submit_promised(&mut self, now: Instant, id: JobId, planned: Planned, job: J) -> Vec<Start<J>> {
        match self.planning.iter_mut().find(|w| w.id == id) {
            Some(waiting) => waiting.job = Some(job),
            None => self.planning.push(Waiting { id, planned, job: Some(job) }),
        }
        self.dispatch(now)
    }

    /// Queues a default job behind the others; its id and the jobs that start.
    pub fn submit_default(&mut self, now: Instant, job: J) -> (JobId, Vec<Start<J>>) {
        let id = self.take_id();
        self.default.push_back((id, job));
        (id, self.dispatch(now))
    }

    /// Gives back the place of promise `id`, whose job never came (its request failed on the way).
    /// A place given back may let a default job go first.
    pub fn give_back(&mut self, now: Instant, id: JobId) -> Vec<Start<J>> {
        self.planning.retain(|w| w.id != id);
        self.dispatch(now)
    }

    /// Counts `thread` free: its job ended at `now`, having taken `took`. Called before the job's
    /// answer leaves.
    pub fn finish(&mut self, now: Instant, thread: usize, took: Duration) -> Vec<Start<J>> {
        if let Some(done) = self.running[thread].take()
            && !done.planning
        {
            let cost = self.default_cost.as_secs_f64() * (1.0 - COST_SMOOTHING) + took.as_secs_f64() * COST_SMOOTHING;
            self.default_cost = Duration::from_secs_f64(cost);
        }
        self.dispatch(now)
    }

    fn take_id(&mut self) -> JobId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Hands every idle thread the next job it may run, while there is one.
    fn dispatch(&mut self, now: Instant) -> Vec<Start<J>> {
        let mut starts = Vec::new();
        while let Some(thread) = self.running.iter().position(Option::is_none) {
            let Some((job, running)) = self.next(now) else { break };
            self.running[thread] = Some(running);
            starts.push(Start { thread, id: running.id, job });
        }
        starts
    }

    /// Whether an idle thread could start a job now: never so after an event has been handled.
    #[cfg(test)]
    pub fn runnable(&self, now: Instant) -> bool {
        self.running.iter().any(Option::is_none) && (self.default_first(now) || self.planning_first().is_some())
    }

    /// The pool as admission sees it: the default jobs queued go before any planning job
    /// promised now, as many at most as half the threads (one, on one or two threads), so that a
    /// queue kept full by default traffic neither shuts planning out nor is shut out by it: the
    /// threads share out between the two kinds.
    fn snapshot(&self, now: Instant) -> Snapshot {
        let ahead = self.default.len().min(self.running.len().div_ceil(2));
        Snapshot { ahead: vec![self.default_cost; ahead], ..self.running_now(now) }
    }

    /// What runs now and the planning jobs waiting.
    fn running_now(&self, now: Instant) -> Snapshot {
        let left = |r: &Running| (r.started + r.cost).saturating_duration_since(now);
        Snapshot {
            now,
            busy: self.running.iter().map(|r| r.as_ref().map_or(Duration::ZERO, left)).collect(),
            ahead: Vec::new(),
            queued: self.planning.iter().map(|w| w.planned).collect(),
        }
    }

    /// Whether the first default job goes before the planning jobs, on the first idle thread:
    /// when no planning job waits, or when every one waiting still starts in time after it.
    fn default_first(&self, now: Instant) -> bool {
        let Some(thread) = self.running.iter().position(Option::is_none) else { return false };
        !self.default.is_empty()
            && (self.planning.is_empty() || self.running_now(now).affords(thread, self.default_cost))
    }

    /// The queued planning job due first.
    fn planning_first(&self) -> Option<usize> {
        (self.planning.iter().enumerate())
            .filter(|(_, w)| w.job.is_some())
            .min_by_key(|(_, w)| (w.planned.due, w.id))
            .map(|(i, _)| i)
    }

    /// The next job for a free thread.
    fn next(&mut self, now: Instant) -> Option<(J, Running)> {
        if self.default_first(now) {
            let (id, job) = self.default.pop_front()?;
            return Some((job, Running { id, started: now, cost: self.default_cost, planning: false }));
        }
        let Waiting { id, planned, job } = self.planning.swap_remove(self.planning_first()?);
        Some((job?, Running { id, started: now, cost: planned.cost, planning: true }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_promise_counts_the_default_jobs_half_the_threads_take_next() {
        // Two threads run default jobs (10 ms expected each) since `t0`, two more are queued.
        let t0 = Instant::now();
        let mut s = Schedule::<u32>::new(2);
        for job in 0..4 {
            s.submit_default(t0, job);
        }
        assert_eq!(s.busy(), Busy { planning: 0, default: 2 });
        // 5 ms on, a 30 ms plan may start up to 6 ms after its arrival: one queued default job
        // goes first on the thread that frees first, the plan on the other, at once when it frees.
        let now = t0 + 5 * MS;
        let id = s.promise(now, Planned::new(now, 30 * MS)).expect("one default job ahead leaves it in time");
        let starts = s.finish(now, 0, 5 * MS);
        assert_eq!(
            starts.iter().map(|s| s.job).collect::<Vec<_>>(),
            vec![2],
            "the default job the promise let go first"
        );
        let starts = s.submit_promised(now, id, Planned::new(now, 30 * MS), 9);
        assert!(starts.is_empty(), "both threads busy until the second frees");
        let starts = s.finish(now + MS, 1, 6 * MS);
        assert_eq!(starts.iter().map(|s| (s.thread, s.job)).collect::<Vec<_>>(), vec![(1, 9)]);
        // A second plan now: the last default job waits for a thread, and both are busy past its
        // slack.
        let later = now + MS;
        assert!(s.promise(later, Planned::new(later, 30 * MS)).is_err());
    }
}
