//! The pool against its contract: jobs answer, panics are reported, late callers are told so and
//! their queued jobs skipped, planning jobs go first, earliest due first, and default jobs are
//! never shut out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::*;

const MS: Duration = Duration::from_millis(1);

/// A pool whose jobs may wait a minute: its threads run at a lower priority than the tests beside
/// it, which on a loaded machine can hold them off for seconds.
fn patient(threads: usize) -> ComputePool {
    ComputePool::with_deadline(threads, 60_000 * MS)
}

/// Whether nothing runs or waits on the pool.
fn idle(pool: &ComputePool) -> bool {
    let state = pool.shared.lock();
    state.planning.is_empty() && state.default.is_empty() && state.running.iter().all(Option::is_none)
}

#[actix_web::test]
async fn runs_jobs_and_reports_panics() {
    let pool = patient(2);
    assert_eq!(pool.threads(), 2);
    assert_eq!(pool.run(|| 6 * 7).await, Ok(42));
    assert_eq!(pool.run(|| -> u8 { panic!("boom") }).await, Err(JobError::Panicked));
    assert_eq!(pool.run(|| "still serving").await, Ok("still serving"));
}

#[actix_web::test]
async fn late_jobs_miss_the_deadline_and_queued_ones_are_skipped() {
    let pool = ComputePool::with_deadline(1, 50 * MS);
    let (release, wait) = mpsc::channel::<()>();
    // The only thread is busy until released, so the second job waits in the queue.
    let p = pool.clone();
    let busy = actix_web::rt::spawn(async move { p.run(move || wait.recv().is_ok()).await });
    actix_web::rt::time::sleep(10 * MS).await;
    let ran = Arc::new(AtomicBool::new(false));
    let flag = ran.clone();
    let queued = pool.run(move || flag.store(true, Ordering::SeqCst)).await;
    assert_eq!(queued, Err(JobError::Deadline(50 * MS)));
    assert_eq!(busy.await.unwrap(), Err(JobError::Deadline(50 * MS)));
    release.send(()).unwrap();
    // Once the thread is free, the abandoned job is skipped: the queue empties without running it.
    while !idle(&pool) {
        actix_web::rt::time::sleep(MS).await;
    }
    assert!(!ran.load(Ordering::SeqCst), "a job nobody waits for any more was run");
}

/// Blocks the pool's only thread until the returned sender is used, then lets `jobs` queue.
async fn blocked(pool: &ComputePool) -> (mpsc::Sender<()>, actix_web::rt::task::JoinHandle<Result<bool, JobError>>) {
    let (release, wait) = mpsc::channel::<()>();
    let p = pool.clone();
    let busy = actix_web::rt::spawn(async move { p.run(move || wait.recv().is_ok()).await });
    actix_web::rt::time::sleep(2 * MS).await;
    (release, busy)
}

#[actix_web::test]
async fn planning_jobs_go_first_earliest_due_first() {
    let pool = patient(1);
    let (release, busy) = blocked(&pool).await;
    let order = Arc::new(Mutex::new(Vec::new()));
    let now = Instant::now();
    let push = |name: &'static str| {
        let order = Arc::clone(&order);
        move || order.lock().unwrap().push(name)
    };
    // A default job queued first, then two planning jobs: the one due sooner runs first.
    let default = actix_web::rt::spawn({
        let p = pool.clone();
        let job = push("default");
        async move { p.run(job).await }
    });
    actix_web::rt::time::sleep(MS).await;
    // Admission is not the point here: both take their places without it.
    let late = pool.hold(&mut pool.shared.lock(), Planned::new(now, 300 * MS));
    let soon = pool.hold(&mut pool.shared.lock(), Planned::new(now, 30 * MS));
    let p1 = actix_web::rt::spawn({
        let p = pool.clone();
        let job = push("planning 300 ms");
        async move { p.run_promised(late, job).await }
    });
    let p2 = actix_web::rt::spawn({
        let p = pool.clone();
        let job = push("planning 30 ms");
        async move { p.run_promised(soon, job).await }
    });
    actix_web::rt::time::sleep(5 * MS).await;
    release.send(()).unwrap();
    busy.await.unwrap().unwrap();
    for task in [p1, p2] {
        task.await.unwrap().unwrap();
    }
    default.await.unwrap().unwrap();
    let order = order.lock().unwrap().clone();
    // With one thread, planning holds all but none: the slack rule decides. The 30 ms job was
    // already past its latest start when the thread freed, so it went first; the default job went
    // before the 300 ms one only if that one could afford it.
    assert_eq!(order[0], "planning 30 ms", "{order:?}");
    assert!(order.contains(&"default") && order.contains(&"planning 300 ms"), "{order:?}");
}

#[actix_web::test]
async fn a_promise_is_refused_past_its_slack_with_the_time_to_drain() {
    let pool = patient(1);
    // A planning job of a minute holds the only thread, counted at its whole budget: however
    // slowly a loaded machine gets here, nearly all of it is still ahead.
    let held = pool.promise(Instant::now(), 60_000 * MS).unwrap();
    let (release, wait) = mpsc::channel::<()>();
    let p = pool.clone();
    let busy = actix_web::rt::spawn(async move { p.run_promised(held, move || wait.recv().is_ok()).await });
    while pool.shared.lock().running[0].is_none() {
        actix_web::rt::time::sleep(MS).await;
    }
    // A 100 ms budget may start only 13 ms after its arrival: refused, with the time until the
    // thread has run both.
    let refused = pool.promise(Instant::now(), 100 * MS).unwrap_err();
    assert!(refused.drains_in > 59_000 * MS && refused.drains_in <= 60_100 * MS, "{refused:?}");
    release.send(()).unwrap();
    busy.await.unwrap().unwrap();
    // The thread free again (it says so just after the answer), the same promise is kept.
    while !idle(&pool) {
        actix_web::rt::time::sleep(MS).await;
    }
    assert!(pool.promise(Instant::now(), 100 * MS).is_ok());
}

#[actix_web::test]
async fn default_jobs_run_beside_planning_on_two_threads() {
    let pool = patient(2);
    // One planning job holds one thread until released: default jobs keep the other.
    let promise = pool.promise(Instant::now(), 300 * MS).unwrap();
    let (release, wait) = mpsc::channel::<()>();
    let p = pool.clone();
    let long = actix_web::rt::spawn(async move { p.run_promised(promise, move || wait.recv().is_ok()).await });
    for _ in 0..5 {
        assert_eq!(pool.run(|| 1).await, Ok(1));
    }
    release.send(()).unwrap();
    assert_eq!(long.await.unwrap(), Ok(true));
}

#[actix_web::test]
async fn a_promise_holds_its_place_from_its_admission() {
    let pool = patient(1);
    // Promised and not yet queued (its request is still being read): the thread is counted for it.
    let first = pool.promise(Instant::now(), 300 * MS).unwrap();
    // A 100 ms job, due sooner, would go first and push the 300 ms one past its latest start.
    assert!(pool.promise(Instant::now(), 100 * MS).is_err());
    // A promise given back without its job frees its place.
    drop(first);
    assert!(idle(&pool));
    let second = pool.promise(Instant::now(), 100 * MS).unwrap();
    assert_eq!(pool.run_promised(second, || 7).await, Ok(7));
    while !idle(&pool) {
        actix_web::rt::time::sleep(MS).await;
    }
}
