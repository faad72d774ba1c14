//! The pool that runs compute-heavy requests: one thread per core, each scheduled as batch work,
//! so that the threads answering HTTP (health checks, metrics, light algorithms) run first when
//! they wake, however busy the pool is, while the pool's threads keep a whole share of the CPU
//! beside other processes.
//!
//! - [`schedule`]: which thread runs which job and when, planning jobs first (pure, the clock
//!   passed in).
//! - [`delivered`]: the share of a CPU the threads really get, which sizes a plan's work.
//!
//! Each thread waits on a channel of its own for the job the schedule hands it; every event that
//! changes the schedule hands out the jobs it makes runnable at once. A thread counts itself free
//! before its job's answer leaves.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, oneshot};

use crate::http::problem::ApiError;

use super::admission::{Admission, OVERLOAD_HOLD};
use super::promise::{Planned, Refused};
use delivered::{Delivered, thread_cpu};
use schedule::{JobId, Schedule, Start};

pub use delivered::Allot;
pub use schedule::Busy;

/// Longest a heavy request may wait for its answer, queueing included, by default.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(5);

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

/// A planning job's place on the pool, taken at its admission: from then on the pool counts it as
/// waiting, so that requests admitted at the same moment cannot all be promised the same free
/// thread. Given back when dropped before its job is queued (the request failed on the way).
pub struct Promise {
    planned: Planned,
    id: JobId,
    shared: Arc<Shared>,
    /// Whether its job is queued: the place is then the job's, not the promise's to give back.
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
        if !self.queued {
            let starts = self.shared.lock().schedule.give_back(Instant::now(), self.id);
            self.shared.start(starts);
            self.shared.freed.notify_waiters();
        }
    }
}

/// Sends a job's answer: what a thread does once the pool counts it free.
type Reply = Box<dyn FnOnce() + Send>;

/// A job as a thread runs it: the computation, given its [`Allot`], then its answer to send.
type Job = Box<dyn FnOnce(Allot) -> Reply + Send>;

/// What a thread is told: run a job, or stop.
enum Order {
    Run(Job),
    Stop,
}

struct State {
    schedule: Schedule<Job>,
    delivered: Delivered,
}

struct Shared {
    state: Mutex<State>,
    /// Each thread's orders, by its index in the schedule.
    threads: Vec<Sender<Order>>,
    /// Told whenever a place may have freed (a job ended, a promise was given back), so that the
    /// requests waiting for a promise look again.
    freed: Notify,
}

struct Stop(Arc<Shared>);

impl Drop for Stop {
    fn drop(&mut self) {
        for thread in &self.0.threads {
            let _ = thread.send(Order::Stop);
        }
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands each started job to its thread.
    fn start(&self, starts: Vec<Start<Job>>) {
        for Start { thread, job, .. } in starts {
            // A thread only stops after the last handle has gone, and then nothing starts.
            let _ = self.threads[thread].send(Order::Run(job));
        }
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
        let (senders, receivers): (Vec<_>, Vec<_>) = (0..threads).map(|_| channel()).unzip();
        let shared = Arc::new(Shared {
            state: Mutex::new(State { schedule: Schedule::new(threads), delivered: Delivered::default() }),
            threads: senders,
            freed: Notify::new(),
        });
        for (i, orders) in receivers.into_iter().enumerate() {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("sonar-compute-{i}"))
                .spawn(move || {
                    batch_policy();
                    serve(&shared, i, orders);
                })
                .expect("the compute pool's threads start");
        }
        ComputePool { _stop: Arc::new(Stop(Arc::clone(&shared))), shared, deadline }
    }

    /// The number of threads running jobs.
    pub fn threads(&self) -> usize {
        self.shared.lock().schedule.threads()
    }

    /// How many threads run a job now, planning and default.
    pub fn busy(&self) -> Busy {
        self.shared.lock().schedule.busy()
    }

    /// The share of a CPU the pool's threads have been getting while they compute.
    pub fn delivered(&self) -> f64 {
        self.shared.lock().delivered.share()
    }

    /// A promise for a planning job that arrived at `arrival` with this budget, if the work on the
    /// pool lets it start in time; otherwise how long until that work has drained.
    pub fn promise(&self, arrival: Instant, budget: Duration) -> Result<Promise, Refused> {
        let planned = Planned::new(arrival, budget);
        let id = self.shared.lock().schedule.promise(Instant::now(), planned)?;
        Ok(Promise { planned, id, shared: Arc::clone(&self.shared), queued: false })
    }

    /// A promise as [`promise`](Self::promise) gives it, waiting for one at most `hold` from
    /// `arrival` (and no later than the job's latest start): each time a place may have freed (a
    /// job ending before its budget, a promise given back) it asks again. Refused when the wait is
    /// over. Waiting costs no CPU, and a client that asks again at once after each refusal then
    /// asks about once per `hold`, not as fast as refusals can be written.
    pub async fn promise_within(&self, arrival: Instant, budget: Duration, hold: Duration) -> Result<Promise, Refused> {
        let until = (arrival + hold).min(Planned::new(arrival, budget).latest_start());
        loop {
            // Taken before asking, so that a place freed between the two is not missed.
            let freed = self.shared.freed.notified();
            let refused = match self.promise(arrival, budget) {
                Ok(promise) => return Ok(promise),
                Err(refused) => refused,
            };
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(refused);
            }
            let _ = actix_web::rt::time::timeout(left, freed).await;
        }
    }

    /// Runs `job` as heavy work: first a slot of `admission` (503 `overloaded` when none is
    /// free, for a default job once it has waited [`OVERLOAD_HOLD`] for one), held until the job
    /// ends (a client that goes away does not free it before the computation it started has
    /// finished), then on the pool within its deadline: as a planning
    /// job under its `promise`, or as a default job without one. The job is told the share of a
    /// CPU its thread is expected to get. A job still queued when its caller has stopped waiting
    /// (deadline passed, client gone) is skipped; one already running finishes (each stops by its
    /// own budget).
    pub async fn run_admitted<T: Send + 'static>(
        &self,
        admission: &Arc<Admission>,
        promise: Option<Promise>,
        job: impl FnOnce(Allot) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        // A default job waits a little for a place; a promised one has had its wait already.
        let slot = match promise {
            Some(_) => admission.try_enter(),
            None => admission.enter_within(OVERLOAD_HOLD).await,
        }
        .ok_or(ApiError::Overloaded)?;
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |allot| {
            let answer = match tx.is_closed() {
                true => None,
                // The one place a job's panic is caught: the thread goes on to the next job.
                false => Some(catch_unwind(AssertUnwindSafe(|| job(allot))).ok()),
            };
            // The slot is given back with the computation, before the answer leaves.
            drop(slot);
            Box::new(move || {
                if let Some(answer) = answer {
                    let _ = tx.send(answer);
                }
            })
        });
        let starts = {
            let mut state = self.shared.lock();
            let now = Instant::now();
            match promise {
                Some(mut promise) => {
                    promise.queued = true;
                    state.schedule.submit_promised(now, promise.id, promise.planned, job)
                }
                None => state.schedule.submit_default(now, job).1,
            }
        };
        self.shared.start(starts);
        match actix_web::rt::time::timeout(self.deadline, rx).await {
            Ok(Ok(Some(answer))) => Ok(answer),
            Ok(_) => Err(JobError::Panicked.into()),
            Err(_) => Err(JobError::Deadline(self.deadline).into()),
        }
    }
}

/// One thread's loop: run each job it is handed, count itself free, then send the answer, so that
/// a request sent as soon as the answer comes finds the thread free.
fn serve(shared: &Shared, thread: usize, orders: Receiver<Order>) {
    while let Ok(Order::Run(job)) = orders.recv() {
        let allot = shared.lock().delivered.allot();
        let (started, cpu) = (Instant::now(), thread_cpu());
        let reply = job(allot);
        let now = Instant::now();
        let took = now - started;
        let starts = {
            let mut state = shared.lock();
            if let (Some(before), Some(after)) = (cpu, thread_cpu()) {
                state.delivered.record(after.saturating_sub(before), took);
            }
            state.schedule.finish(now, thread, took)
        };
        shared.start(starts);
        shared.freed.notify_waiters();
        reply();
    }
}

/// Marks the calling thread as batch work (Linux's `SCHED_BATCH`, at the normal nice value): it
/// gets the same share of a CPU as any other normal thread, so a CPU hog or the service's own
/// clients beside it cannot squeeze it to a tenth of a core (as a nice value of 10 let them), while
/// the scheduler lets the threads answering HTTP, which wake often and briefly, run first when
/// they wake (`docs/decisions/0045-the-pool-counts-what-it-is-given.md`). Best effort: where it is
/// not allowed, nothing changes.
fn batch_policy() {
    #[cfg(target_os = "linux")]
    // SAFETY: sched_setscheduler on the calling thread's id, with a parameter owned here, only
    // changes that thread's scheduling policy.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::pid_t;
        let param = libc::sched_param { sched_priority: 0 };
        libc::sched_setscheduler(tid, libc::SCHED_BATCH, &param);
    }
}

mod delivered;
mod schedule;

#[cfg(test)]
mod explore;
#[cfg(test)]
mod tests;
