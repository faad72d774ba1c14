//! The pool that runs compute-heavy requests: one thread per core, each at a lower scheduling
//! priority, so that the threads answering HTTP (health checks, metrics, light algorithms) take
//! the CPU whenever they need it, however busy the pool is.
//!
//! Two kinds of job wait for its threads. A planning job (a budget above the default) carries a
//! promise, the time by which its answer is due ([`super::promise`]): it is admitted only if the
//! work ahead of it lets it start in time, and the threads take planning jobs first, earliest due
//! first. Default jobs (every other heavy request) queue in arrival order behind them; one may
//! still go first while the planning jobs waiting can all afford it, and whenever planning jobs
//! hold all but one thread, so that default traffic is never shut out while planning runs.

use std::collections::VecDeque;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::http::problem::ApiError;

use super::admission::Admission;
use super::promise::{Planned, Refused, Snapshot};

/// Longest a heavy request may wait for its answer, queueing included, by default.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(5);

/// What a default job is expected to cost before any has run: about the default budget.
const FIRST_DEFAULT_COST: Duration = Duration::from_millis(10);

/// Weight of the newest default job's time in the running estimate of a default job's cost.
const COST_SMOOTHING: f64 = 0.05;

/// Threads that run heavy computations off the request-handling threads.
#[derive(Clone)]
pub struct ComputePool {
    shared: Arc<Shared>,
    /// Stops the threads when the last handle goes.
    _stop: Arc<Stop>,
    deadline: Duration,
}

/// Why a job gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobError {
    /// The job panicked.
    Panicked,
    /// No answer within the deadline (the job is skipped if it has not started yet).
    Deadline(Duration),
}

/// A job that did not finish is a 503 past the deadline, a 500 when it panicked.
impl From<JobError> for ApiError {
    fn from(e: JobError) -> ApiError {
        match e {
            JobError::Deadline(d) => ApiError::Deadline(d.as_millis()),
            JobError::Panicked => ApiError::Internal("compute pool".to_owned()),
        }
    }
}

/// How many of the pool's threads run a job, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Busy {
    /// Threads running a planning job (a budget above the default, promised).
    pub planning: usize,
    /// Threads running any other heavy job.
    pub default: usize,
}

/// A planning job's place on the pool, taken at its admission: from then on the pool counts it as
/// waiting, so that requests admitted at the same moment cannot all be promised the same free
/// thread. Given back when dropped before its job is queued (the request failed on the way).
pub struct Promise {
    planned: Planned,
    /// Its entry among the pool's planning jobs.
    id: u64,
    shared: Arc<Shared>,
    /// Whether its job is in its entry: the place is then the job's, not the promise's to give back.
    queued: bool,
}

impl Promise {
    /// When the computation must have stopped for the answer to be in time.
    pub fn finish_by(&self) -> Instant {
        self.planned.finish_by()
    }
}

impl fmt::Debug for Promise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Promise").field("planned", &self.planned).field("id", &self.id).finish()
    }
}

impl Drop for Promise {
    fn drop(&mut self) {
        if self.queued {
            return;
        }
        self.shared.lock().planning.retain(|w| w.id != self.id);
        // A place given back may let a default job go first.
        self.shared.work.notify_all();
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// A planning job on the pool: promised, and queued once its `job` is there.
struct Waiting {
    id: u64,
    planned: Planned,
    job: Option<Job>,
}

/// What runs on one thread.
#[derive(Clone, Copy)]
struct Running {
    started: Instant,
    /// What it is expected to cost: a planning job's budget, a default job's running estimate.
    cost: Duration,
    planning: bool,
}

struct State {
    /// The planning jobs promised and not yet started, queued or still on their way.
    planning: Vec<Waiting>,
    /// The id the next promise takes.
    next_id: u64,
    default: VecDeque<Job>,
    running: Vec<Option<Running>>,
    /// Running estimate of what a default job costs.
    default_cost: Duration,
    stopping: bool,
}

struct Shared {
    state: Mutex<State>,
    work: Condvar,
}

struct Stop(Arc<Shared>);

impl Drop for Stop {
    fn drop(&mut self) {
        self.0.lock().stopping = true;
        self.0.work.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl State {
    fn snapshot(&self, now: Instant) -> Snapshot {
        let left = |r: &Running| (r.started + r.cost).saturating_duration_since(now);
        Snapshot {
            now,
            busy: self.running.iter().map(|r| r.as_ref().map_or(Duration::ZERO, left)).collect(),
            queued: self.planning.iter().map(|w| w.planned).collect(),
        }
    }

    /// The next job for a free thread: planning first, earliest due first; a default job first
    /// when planning jobs hold all but one thread, or when every planning job waiting can still
    /// start in time after one default job's cost.
    fn next(&mut self, now: Instant) -> Option<(Job, Running)> {
        let threads = self.running.len();
        let planning_running = self.running.iter().flatten().filter(|r| r.planning).count();
        let default_first = !self.default.is_empty()
            && (self.planning.is_empty() || (threads > 1 && planning_running + 1 >= threads) || {
                let mut after = self.snapshot(now);
                after.busy.iter_mut().for_each(|b| *b += self.default_cost);
                self.planning.iter().all(|w| {
                    let others = Snapshot {
                        queued: after.queued.iter().copied().filter(|p| *p != w.planned).collect(),
                        ..after.clone()
                    };
                    others.admit(w.planned).is_ok()
                })
            });
        if default_first {
            let job = self.default.pop_front()?;
            return Some((job, Running { started: now, cost: self.default_cost, planning: false }));
        }
        let first = (self.planning.iter().enumerate())
            .filter(|(_, w)| w.job.is_some())
            .min_by_key(|(_, w)| w.planned.due)
            .map(|(i, _)| i)?;
        let Waiting { planned, job, .. } = self.planning.swap_remove(first);
        Some((job?, Running { started: now, cost: planned.cost, planning: true }))
    }
}

impl ComputePool {
    /// A pool of `threads` threads (at least one) with the [`DEFAULT_DEADLINE`].
    pub fn new(threads: usize) -> ComputePool {
        ComputePool::with_deadline(threads, DEFAULT_DEADLINE)
    }

    /// A pool of `threads` threads (at least one) whose jobs must answer within `deadline`.
    pub fn with_deadline(threads: usize, deadline: Duration) -> ComputePool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                planning: Vec::new(),
                next_id: 0,
                default: VecDeque::new(),
                running: vec![None; threads],
                default_cost: FIRST_DEFAULT_COST,
                stopping: false,
            }),
            work: Condvar::new(),
        });
        for i in 0..threads {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("sonar-compute-{i}"))
                .spawn(move || {
                    lower_priority();
                    serve(&shared, i);
                })
                .expect("the compute pool's threads start");
        }
        ComputePool { _stop: Arc::new(Stop(Arc::clone(&shared))), shared, deadline }
    }

    /// The number of threads running jobs.
    pub fn threads(&self) -> usize {
        self.shared.lock().running.len()
    }

    /// How many threads run a job now, planning and default.
    pub fn busy(&self) -> Busy {
        let state = self.shared.lock();
        let running = || state.running.iter().flatten();
        Busy { planning: running().filter(|r| r.planning).count(), default: running().filter(|r| !r.planning).count() }
    }

    /// A promise for a planning job that arrived at `arrival` with this budget, if the work on the
    /// pool lets it start in time; otherwise how long until that work has drained.
    pub fn promise(&self, arrival: Instant, budget: Duration) -> Result<Promise, Refused> {
        let planned = Planned::new(arrival, budget);
        let mut state = self.shared.lock();
        state.snapshot(Instant::now()).admit(planned)?;
        Ok(self.hold(&mut state, planned))
    }

    /// Takes a place on the pool for `planned`, admitted or not.
    fn hold(&self, state: &mut State, planned: Planned) -> Promise {
        let id = state.next_id;
        state.next_id += 1;
        state.planning.push(Waiting { id, planned, job: None });
        Promise { planned, id, shared: Arc::clone(&self.shared), queued: false }
    }

    /// Runs `job` as heavy work: first a slot of `admission` (503 `overloaded` when none is
    /// free), held until the job ends (a client that goes away does not free it before the
    /// computation it started has finished), then on the pool within its deadline: as a planning
    /// job under its `promise`, or as a default job without one.
    pub async fn run_admitted<T: Send + 'static>(
        &self,
        admission: &Arc<Admission>,
        promise: Option<Promise>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = admission.try_enter().ok_or(ApiError::Overloaded)?;
        let job = move || {
            let _slot = slot;
            job()
        };
        self.submit(promise, job).await.map_err(ApiError::from)
    }

    /// Runs `job` on the pool as a default job and waits for it, within the deadline, without
    /// holding a request thread. A job still queued when its caller has stopped waiting (deadline
    /// passed, client gone) is skipped; one already running finishes (each stops by its own
    /// budget).
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, JobError> {
        self.submit(None, job).await
    }

    /// Runs a planning `job` under its `promise`, before the default jobs, earliest due first.
    pub async fn run_promised<T: Send + 'static>(
        &self,
        promise: Promise,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, JobError> {
        self.submit(Some(promise), job).await
    }

    async fn submit<T: Send + 'static>(
        &self,
        promise: Option<Promise>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, JobError> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            if !tx.is_closed() {
                let _ = tx.send(catch_unwind(AssertUnwindSafe(job)).ok());
            }
        });
        {
            let mut state = self.shared.lock();
            match promise {
                Some(mut promise) => {
                    match state.planning.iter_mut().find(|w| w.id == promise.id) {
                        Some(waiting) => waiting.job = Some(job),
                        // A promise holds its place until its job is queued; were it gone, the job
                        // would still be queued under its promise.
                        None => {
                            state.planning.push(Waiting { id: promise.id, planned: promise.planned, job: Some(job) })
                        }
                    }
                    promise.queued = true;
                }
                None => state.default.push_back(job),
            }
        }
        self.shared.work.notify_one();
        match actix_web::rt::time::timeout(self.deadline, rx).await {
            Ok(Ok(Some(answer))) => Ok(answer),
            Ok(_) => Err(JobError::Panicked),
            Err(_) => Err(JobError::Deadline(self.deadline)),
        }
    }
}

/// One thread's loop: take the next job, run it, say it is done.
fn serve(shared: &Shared, thread: usize) {
    let mut state = shared.lock();
    loop {
        if state.stopping {
            return;
        }
        let Some((job, running)) = state.next(Instant::now()) else {
            state = shared.work.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
            continue;
        };
        state.running[thread] = Some(running);
        drop(state);
        // A job catches its own panics ([`ComputePool::submit`]); one that escaped would only end
        // this thread's wait for the next.
        job();
        let took = running.started.elapsed();
        state = shared.lock();
        state.running[thread] = None;
        if !running.planning {
            let cost = state.default_cost.as_secs_f64() * (1.0 - COST_SMOOTHING) + took.as_secs_f64() * COST_SMOOTHING;
            state.default_cost = Duration::from_secs_f64(cost);
        }
    }
}

/// Nice value of the compute threads: low enough that request threads win the CPU when both want
/// it, high enough that a flood of cheap requests (503s to a client ignoring Retry-After) does
/// not starve the computations already admitted.
const COMPUTE_NICE: libc::c_int = 10;

/// Gives the calling thread a lower priority ([`COMPUTE_NICE`]); the scheduler then favours every
/// normal thread of the process. Best effort: where it is not allowed, nothing changes.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on the calling thread's id only changes that thread's nice value.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, COMPUTE_NICE);
    }
}

#[cfg(test)]
mod tests;
