//! The pool that runs compute-heavy requests: one thread per core, each at a lower scheduling
//! priority, so that the threads answering HTTP (health checks, metrics, light algorithms) take
//! the CPU whenever they need it, however busy the pool is.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use tokio::sync::oneshot;

/// Threads that run heavy computations off the request-handling threads.
#[derive(Clone)]
pub struct ComputePool(Arc<rayon::ThreadPool>);

impl ComputePool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> ComputePool {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("sonar-compute-{i}"))
            .start_handler(|_| lowest_priority())
            .build()
            .expect("the compute pool's threads start");
        ComputePool(Arc::new(pool))
    }

    /// Runs `job` on the pool and waits for it without holding a request thread. `None` if the
    /// job panicked.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        // A panic must not escape into rayon, whose default is to abort the process.
        self.0.spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(job)).ok());
        });
        rx.await.ok().flatten()
    }
}

/// Nice value of the compute threads: low enough that request threads win the CPU when both want
/// it, high enough that a flood of cheap requests (503s to a client ignoring Retry-After) does
/// not starve the computations already admitted.
const COMPUTE_NICE: libc::c_int = 10;

/// Gives the calling thread a lower priority ([`COMPUTE_NICE`]); the scheduler then favours every
/// normal thread of the process. Best effort: where it is not allowed, nothing changes.
fn lowest_priority() {
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
        assert_eq!(pool.run(|| 6 * 7).await, Some(42));
        assert_eq!(pool.run(|| -> u8 { panic!("boom") }).await, None);
        assert_eq!(pool.run(|| "still serving").await, Some("still serving"));
    }
}
