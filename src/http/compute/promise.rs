//! Whether a planning request can keep its promise: answered within its budget x
//! [`PROMISE_FACTOR`] + [`PROMISE_SLACK`] of its arrival, given the work already on the compute
//! pool. A pure estimate over a snapshot of the pool, so that the pool's admission and its tests
//! ask the same question.
//!
//! The pool runs planning jobs before default-budget ones, earliest deadline first, and stops each
//! planning job's computation at its budget; so a new job starts once the threads have finished
//! what runs now and the planning jobs due before it. Every planning job is counted at its whole
//! budget (it may finish sooner, never later), every job running now at what it has left.

use std::time::{Duration, Instant};

/// A planning answer is promised within its budget times this, plus [`PROMISE_SLACK`], from its
/// arrival.
pub const PROMISE_FACTOR: f64 = 1.2;
/// The fixed part of the promise: reading the request, checking the position, writing the answer.
pub const PROMISE_SLACK: Duration = Duration::from_millis(5);
/// What a planning job leaves the promise after its computation, for the clock's last look (a
/// layout's rollouts run between two), writing the answer and a machine busier than the pool
/// knows (its other threads, and clients on the same cores, take the CPU between the last look and
/// the answer read): this much, plus [`ANSWER_SHARE`] of its budget.
pub const ANSWER_MARGIN: Duration = Duration::from_millis(8);
/// The share of its budget a planning job leaves its promise beside [`ANSWER_MARGIN`].
pub const ANSWER_SHARE: f64 = 0.1;
/// How late a planning job may start: as late as leaves its whole budget before its answer is due
/// less this much and [`ANSWER_SHARE`] of the budget. Smaller than [`ANSWER_MARGIN`], so that a
/// job that starts at its latest computes a little less than its budget (and says so) rather
/// than being refused: the margin that keeps the promise on a busy machine costs no refusals.
pub const START_MARGIN: Duration = Duration::from_millis(2);

/// Longest a planning request that the work queued cannot promise waits from its arrival for a
/// place to free (a job ending before its budget) before it is refused. A client that asks again
/// at once after each refusal then asks about once per this time instead of as fast as refusals
/// can be written, which on a shared CPU took the compute threads' time. It is short, since the
/// refusal's wait for a CPU on a busy machine comes on top of it, inside the 10 ms a refusal may
/// take (`docs/decisions/0051-workers-ask-for-a-short-slice.md`).
pub const REFUSAL_HOLD: Duration = Duration::from_millis(1);

/// How long before its answer is due a planning job with this budget must have stopped computing.
pub fn reserve(budget: Duration) -> Duration {
    room(ANSWER_MARGIN, budget)
}

/// `margin` and [`ANSWER_SHARE`] of `budget`: what a job leaves its promise after computing.
fn room(margin: Duration, budget: Duration) -> Duration {
    margin + budget.mul_f64(ANSWER_SHARE)
}

/// The longest a request with this budget may take from its arrival to its answer.
pub fn promise(budget: Duration) -> Duration {
    budget.mul_f64(PROMISE_FACTOR) + PROMISE_SLACK
}

/// A planning job as the estimate sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    /// When its answer is due: its arrival plus [`promise`].
    pub due: Instant,
    /// Its budget: the longest its computation runs.
    pub cost: Duration,
}

impl Planned {
    pub fn new(arrival: Instant, budget: Duration) -> Planned {
        Planned { due: arrival + promise(budget), cost: budget }
    }

    /// The latest it may stop computing and still answer in time.
    pub fn finish_by(&self) -> Instant {
        self.due.checked_sub(reserve(self.cost)).unwrap_or(self.due)
    }

    /// The latest it may start and still answer in time ([`START_MARGIN`]).
    pub fn latest_start(&self) -> Instant {
        self.due.checked_sub(room(START_MARGIN, self.cost) + self.cost).unwrap_or(self.due)
    }
}

/// The pool as the estimate sees it, at `now`.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub now: Instant,
    /// For each thread, how long until it is free: what its running job has left (zero when
    /// idle).
    pub busy: Vec<Duration>,
    /// What the default jobs queued are expected to cost: they go before any planning job
    /// promised after them, each on the thread that frees first.
    pub ahead: Vec<Duration>,
    /// The planning jobs waiting, in any order.
    pub queued: Vec<Planned>,
}

/// Why a planning job cannot be promised: how long until the planning work ahead of it has
/// drained, which a client may wait before it asks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    pub drains_in: Duration,
}

impl Snapshot {
    /// Whether `job` can be added: it starts by its latest start, and no planning job waiting that
    /// would have started in time starts too late because of it. The default jobs queued go first,
    /// then the planning jobs in deadline order, each on the thread that frees first: a planning
    /// job is refused for the work queued ahead of it, and default traffic is never shut out by
    /// planning jobs promised after it.
    pub fn admit(&self, job: Planned) -> Result<(), Refused> {
        let before = self.late(&self.queued);
        let mut with = self.queued.clone();
        with.push(job);
        let after = self.late(&with);
        // Told apart by place, not value: two jobs of the same arrival and budget are two jobs.
        let pushed = (after.iter().enumerate()).any(|(i, &late)| late && before.get(i).is_none_or(|&was| !was));
        match pushed {
            false => Ok(()),
            true => Err(Refused { drains_in: self.drains_in(&with) }),
        }
    }

    /// For each job of `jobs`, whether it would start after its latest start.
    fn late(&self, jobs: &[Planned]) -> Vec<bool> {
        let mut late = vec![false; jobs.len()];
        self.place(jobs, |i, start| late[i] = start > jobs[i].latest_start());
        late
    }

    /// How long until every thread has finished what it runs now and `jobs`.
    fn drains_in(&self, jobs: &[Planned]) -> Duration {
        let mut last = self.now;
        self.place(jobs, |i, start| last = last.max(start + jobs[i].cost));
        last.saturating_duration_since(self.now)
    }

    /// Whether one more default job, run now on `thread`, would leave every planning job waiting
    /// to start by its latest start. One already past it holds the default jobs back until it has
    /// started: were it let be, default traffic that never stops would keep it waiting.
    pub fn affords(&self, thread: usize, cost: Duration) -> bool {
        let mut after = self.clone();
        after.busy[thread] += cost;
        after.late(&self.queued).iter().all(|&late| !late)
    }

    /// Places the default jobs ahead, then `jobs` in deadline order (ties in their order in
    /// `jobs`), each on the thread that frees first, telling `placed` each job's index with its
    /// start.
    fn place(&self, jobs: &[Planned], mut placed: impl FnMut(usize, Instant)) {
        let mut order: Vec<usize> = (0..jobs.len()).collect();
        order.sort_by_key(|&i| jobs[i].due);
        let mut free: Vec<Instant> = self.busy.iter().map(|&b| self.now + b).collect();
        if free.is_empty() {
            free.push(self.now);
        }
        let first = |free: &[Instant]| free.iter().copied().enumerate().min_by_key(|&(_, t)| t).expect("a thread");
        for &cost in &self.ahead {
            let (slot, start) = first(&free);
            free[slot] = start + cost;
        }
        for i in order {
            let (slot, start) = first(&free);
            placed(i, start);
            free[slot] = start + jobs[i].cost;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn snapshot(busy: &[u32], queued: &[(u32, u32)]) -> (Instant, Snapshot) {
        let now = Instant::now();
        let queued =
            queued.iter().map(|&(arrived_ago, budget)| Planned::new(now - arrived_ago * MS, budget * MS)).collect();
        (now, Snapshot { now, busy: busy.iter().map(|&b| b * MS).collect(), ahead: Vec::new(), queued })
    }

    #[test]
    fn the_promise_is_the_budget_and_a_fifth_and_five_milliseconds() {
        assert_eq!(promise(100 * MS), 125 * MS);
        assert_eq!(promise(1000 * MS), 1205 * MS);
        let now = Instant::now();
        // 125 ms, less 100 of computing, 2 and a tenth of 100 for the answer.
        let planned = Planned::new(now, 100 * MS);
        assert_eq!(planned.latest_start(), now + 13 * MS);
        // Its computation stops 8 and a tenth of 100 before the answer is due: one that starts at
        // its latest computes 6 ms less than its budget.
        assert_eq!(planned.finish_by(), now + 107 * MS);
    }

    #[test]
    fn an_idle_thread_takes_a_job_at_once() {
        let (now, s) = snapshot(&[0, 80], &[]);
        assert_eq!(s.admit(Planned::new(now, 30 * MS)), Ok(()));
    }

    #[test]
    fn a_job_waits_for_the_thread_that_frees_first_and_is_refused_past_its_slack() {
        // A 100 ms budget may start up to 13 ms after arrival.
        let (now, s) = snapshot(&[13, 90], &[]);
        assert_eq!(s.admit(Planned::new(now, 100 * MS)), Ok(()));
        let (now, s) = snapshot(&[20, 90], &[]);
        let refused = s.admit(Planned::new(now, 100 * MS)).unwrap_err();
        // The work ahead: the threads free at 20 and 90 ms, and the job itself then runs 100 ms.
        assert_eq!(refused.drains_in, 120 * MS);
    }

    #[test]
    fn a_job_due_sooner_may_not_push_a_waiting_one_past_its_start() {
        // One thread, busy 5 ms; a 1,000 ms job waits, arrived 90 ms ago: it may start up to
        // 13 ms from now, and a new 30 ms job (which may start up to 6 ms from now), due sooner,
        // would go first and push it to 35 ms.
        let (now, s) = snapshot(&[5], &[(90, 1000)]);
        assert!(s.admit(Planned::new(now, 30 * MS)).is_err());
        // The same job arrived just now has 103 ms of slack: the 30 ms job fits before it.
        let (now, s) = snapshot(&[5], &[(0, 1000)]);
        assert_eq!(s.admit(Planned::new(now, 30 * MS)), Ok(()));
        // A waiting job already too late does not turn a new one away that is itself on time.
        let (now, s) = snapshot(&[10, 0], &[(400, 1000)]);
        assert_eq!(s.admit(Planned::new(now, 100 * MS)), Ok(()));
    }

    #[test]
    fn default_jobs_queued_go_before_a_later_promise() {
        // Both threads idle: a 30 ms job may start up to 6 ms from its arrival.
        let (now, mut s) = snapshot(&[0, 0], &[]);
        s.ahead = vec![10 * MS];
        // One default job queued takes one thread: the other is free.
        assert_eq!(s.admit(Planned::new(now, 30 * MS)), Ok(()));
        // Two take both for 10 ms: past the job's latest start.
        s.ahead.push(10 * MS);
        assert_eq!(s.admit(Planned::new(now, 30 * MS)).unwrap_err().drains_in, 40 * MS);
    }

    #[test]
    fn a_default_job_goes_first_only_where_the_planning_jobs_waiting_afford_it() {
        // A 30 ms job arrived just now waits (may start up to 6 ms from now); one thread idle,
        // the other busy 50 ms.
        let (_, s) = snapshot(&[0, 50], &[(0, 30)]);
        assert!(!s.affords(0, 10 * MS));
        assert!(s.affords(0, 5 * MS));
        // Two idle threads: the default job on one leaves the other to the planning job.
        let (_, s) = snapshot(&[0, 0], &[(0, 30)]);
        assert!(s.affords(0, 10 * MS));
        // A job already too late holds it back until it has started.
        let (_, s) = snapshot(&[0, 50], &[(400, 1000)]);
        assert!(!s.affords(0, 10 * MS));
    }
}
