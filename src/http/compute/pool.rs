//! The pool that runs compute-heavy requests: one thread per core, each at a lower scheduling
//! priority, so that the threads answering HTTP (health checks, metrics, light algorithms) take
//! the CPU whenever they need it, however busy the pool is.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;

use crate::http::problem::ApiError;

use super::admission::Admission;

/// Longest a heavy request may wait for its answer, queueing included, by default.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(5);

/// Threads that run heavy computations off the request-handling threads.
#[derive(Clone)]
pub struct ComputePool {
    threads: Arc<rayon::ThreadPool>,
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

impl ComputePool {
    /// A pool of `threads` threads (at least one) with the [`DEFAULT_DEADLINE`].
    pub fn new(threads: usize) -> ComputePool {
        ComputePool::with_deadline(threads, DEFAULT_DEADLINE)
    }

    /// A pool of `threads` threads (at least one) whose jobs must answer within `deadline`.
    pub fn with_deadline(threads: usize, deadline: Duration) -> ComputePool {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("sonar-compute-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .expect("the compute pool's threads start");
        ComputePool { threads: Arc::new(pool), deadline }
    }

    /// The number of threads running jobs.
    pub fn threads(&self) -> usize {
        self.threads.current_num_threads()
    }

    /// Runs `job` as heavy work: first a slot of `admission` (503 `overloaded` when none is
    /// free), held until the job ends, then on the pool within its deadline.
    pub async fn run_admitted<T: Send + 'static>(
        &self,
        admission: &Arc<Admission>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = admission.try_enter().ok_or(ApiError::Overloaded)?;
        self.run(move || {
            let _slot = slot;
            job()
        })
        .await
        .map_err(ApiError::from)
    }

    /// Runs `job` on the pool and waits for it, within the deadline, without holding a request
    /// thread. A job still queued when its caller has stopped waiting (deadline passed, client
    /// gone) is skipped; one already running finishes (computations cannot be interrupted, and
    /// each is bounded by its own work budget).
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, JobError> {
        let (tx, rx) = oneshot::channel();
        // A panic must not escape into rayon, whose default is to abort the process.
        self.threads.spawn(move || {
            if !tx.is_closed() {
                let _ = tx.send(catch_unwind(AssertUnwindSafe(job)).ok());
            }
        });
        match actix_web::rt::time::timeout(self.deadline, rx).await {
            Ok(Ok(Some(answer))) => Ok(answer),
            Ok(_) => Err(JobError::Panicked),
            Err(_) => Err(JobError::Deadline(self.deadline)),
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
mod tests {
    use super::*;

    #[actix_web::test]
    async fn runs_jobs_and_reports_panics() {
        let pool = ComputePool::new(2);
        assert_eq!(pool.threads(), 2);
        assert_eq!(pool.run(|| 6 * 7).await, Ok(42));
        assert_eq!(pool.run(|| -> u8 { panic!("boom") }).await, Err(JobError::Panicked));
        assert_eq!(pool.run(|| "still serving").await, Ok("still serving"));
    }

    #[actix_web::test]
    async fn late_jobs_miss_the_deadline_and_queued_ones_are_skipped() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let pool = ComputePool::with_deadline(1, Duration::from_millis(50));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        // The only thread is busy until released, so the second job waits in the queue.
        let p = pool.clone();
        let busy = actix_web::rt::spawn(async move { p.run(move || wait.recv().is_ok()).await });
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
        let ran = Arc::new(AtomicBool::new(false));
        let flag = ran.clone();
        let queued = pool.run(move || flag.store(true, Ordering::SeqCst)).await;
        assert_eq!(queued, Err(JobError::Deadline(Duration::from_millis(50))));
        assert_eq!(busy.await.unwrap(), Err(JobError::Deadline(Duration::from_millis(50))));
        release.send(()).unwrap();
        // Once the thread is free, the abandoned job is skipped, and new work runs.
        assert_eq!(pool.run(|| 1).await, Ok(1));
        assert!(!ran.load(Ordering::SeqCst), "a job nobody waits for any more was run");
    }
}
