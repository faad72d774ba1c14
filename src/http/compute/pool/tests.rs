//! The pool on its threads: jobs answer, panics are reported, late callers are told so and their
//! queued jobs skipped, planning jobs go first, earliest due first, a thread is free when its
//! answer comes, and a place given back frees it. The orders of its events are explored in
//! [`super::explore`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::*;

const MS: Duration = Duration::from_millis(1);

/// A pool whose jobs may wait a minute: its threads share the CPU with the tests beside it, which
/// on a loaded machine can hold them off for seconds.
fn patient(threads: usize) -> ComputePool {
    ComputePool::with_deadline(threads, 60_000 * MS)
}

fn admission() -> Arc<Admission> {
    Admission::new(64)
}

/// Whether nothing runs or waits on the pool.
fn idle(pool: &ComputePool) -> bool {
    pool.shared.lock().schedule.idle()
}

/// Starts a planning job of a minute that holds a thread until released, once it runs: its
/// release, and its answer (whether it was released).
async fn hold_a_thread(
    pool: &ComputePool,
) -> (mpsc::Sender<()>, actix_web::rt::task::JoinHandle<Result<bool, ApiError>>) {
    let held = pool.promise(Instant::now(), 60_000 * MS).unwrap();
    let (release, wait) = mpsc::channel::<()>();
    let p = pool.clone();
    let busy =
        actix_web::rt::spawn(
            async move { p.run_admitted(&admission(), Some(held), move |_| wait.recv().is_ok()).await },
        );
    while pool.busy().planning == 0 {
        actix_web::rt::time::sleep(MS).await;
    }
    (release, busy)
}

async fn run<T: Send + 'static>(pool: &ComputePool, job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    pool.run_admitted(&admission(), None, move |_| job()).await
}

#[actix_web::test]
async fn runs_jobs_and_reports_panics() {
    let pool = patient(2);
    assert_eq!(pool.threads(), 2);
    assert_eq!(run(&pool, || 6 * 7).await.ok(), Some(42));
    assert!(matches!(run(&pool, || -> u8 { panic!("boom") }).await, Err(ApiError::Internal(_))));
    assert_eq!(run(&pool, || "still serving").await.ok(), Some("still serving"));
}

#[actix_web::test]
async fn a_full_admission_sheds_the_job() {
    let pool = patient(1);
    let full = Admission::new(0);
    let ran = Arc::new(AtomicBool::new(false));
    let flag = ran.clone();
    let shed = pool.run_admitted(&full, None, move |_| flag.store(true, Ordering::SeqCst)).await;
    assert!(matches!(shed, Err(ApiError::Overloaded)));
    assert!(!ran.load(Ordering::SeqCst));
}

#[actix_web::test]
async fn late_jobs_miss_the_deadline_and_queued_ones_are_skipped() {
    let pool = ComputePool::with_deadline(1, 50 * MS);
    let (release, wait) = mpsc::channel::<()>();
    // The only thread is busy until released, so the second job waits in the queue.
    let p = pool.clone();
    let busy = actix_web::rt::spawn(async move { run(&p, move || wait.recv().is_ok()).await });
    while pool.busy().default == 0 {
        actix_web::rt::time::sleep(MS).await;
    }
    let ran = Arc::new(AtomicBool::new(false));
    let flag = ran.clone();
    let queued = run(&pool, move || flag.store(true, Ordering::SeqCst)).await;
    assert!(matches!(queued, Err(ApiError::Deadline(50))));
    assert!(matches!(busy.await.unwrap(), Err(ApiError::Deadline(50))));
    release.send(()).unwrap();
    // Once the thread is free, the abandoned job is skipped: the queue empties without running it.
    while !idle(&pool) {
        actix_web::rt::time::sleep(MS).await;
    }
    assert!(!ran.load(Ordering::SeqCst), "a job nobody waits for any more was run");
}

#[actix_web::test]
async fn planning_jobs_go_first_earliest_due_first() {
    let pool = patient(1);
    let (release, wait) = mpsc::channel::<()>();
    let p = pool.clone();
    let busy = actix_web::rt::spawn(async move { run(&p, move || wait.recv().is_ok()).await });
    while pool.busy().default == 0 {
        actix_web::rt::time::sleep(MS).await;
    }
    let order = Arc::new(Mutex::new(Vec::new()));
    let push = |name: &'static str| {
        let order = Arc::clone(&order);
        move |_: Allot| order.lock().unwrap().push(name)
    };
    // Two long planning jobs promised, the one due later first (the thread is busy for the moment;
    // the minute's job has six seconds of slack, more than the other's five), then queued: the one
    // due sooner runs first.
    let now = Instant::now();
    let late = pool.promise(now, 60_000 * MS).unwrap();
    let soon = pool.promise(now, 5_000 * MS).unwrap();
    let tasks: Vec<_> = [(late, "planning 60 s"), (soon, "planning 5 s")]
        .into_iter()
        .map(|(promise, name)| {
            let (p, job) = (pool.clone(), push(name));
            actix_web::rt::spawn(async move { p.run_admitted(&admission(), Some(promise), job).await })
        })
        .collect();
    // Both queued behind the busy thread before it frees.
    while pool.shared.lock().schedule.queued_planning() < 2 {
        actix_web::rt::time::sleep(MS).await;
    }
    release.send(()).unwrap();
    assert_eq!(busy.await.unwrap().ok(), Some(true));
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert_eq!(*order.lock().unwrap(), ["planning 5 s", "planning 60 s"]);
}

#[actix_web::test]
async fn a_promise_is_refused_past_its_slack_with_the_time_to_drain() {
    let pool = patient(1);
    // A planning job of a minute holds the only thread, counted at its whole budget: however
    // slowly a loaded machine gets here, nearly all of it is still ahead.
    let (release, busy) = hold_a_thread(&pool).await;
    // A 100 ms budget may start only 13 ms after its arrival: refused, with the time until the
    // thread has run both.
    let refused = pool.promise(Instant::now(), 100 * MS).unwrap_err();
    assert!(refused.drains_in > 59_000 * MS && refused.drains_in <= 60_100 * MS, "{refused:?}");
    release.send(()).unwrap();
    assert_eq!(busy.await.unwrap().ok(), Some(true));
    // The thread is counted free before the answer leaves: the same promise is kept at once.
    assert!(idle(&pool));
    assert!(pool.promise(Instant::now(), 100 * MS).is_ok());
}

#[actix_web::test]
async fn a_thread_is_free_when_its_answer_comes() {
    let pool = patient(1);
    for _ in 0..20 {
        let promise = pool.promise(Instant::now(), 30 * MS).unwrap();
        assert_eq!(pool.run_admitted(&admission(), Some(promise), |_| 7).await.ok(), Some(7));
        assert!(idle(&pool), "the thread was counted busy after its answer");
        assert_eq!(run(&pool, || 1).await.ok(), Some(1));
        assert!(idle(&pool));
    }
}

#[actix_web::test]
async fn default_jobs_run_beside_planning_on_two_threads() {
    let pool = patient(2);
    // One planning job holds one thread until released: default jobs keep the other.
    let (release, long) = hold_a_thread(&pool).await;
    for _ in 0..5 {
        assert_eq!(run(&pool, || 1).await.ok(), Some(1));
    }
    release.send(()).unwrap();
    assert_eq!(long.await.unwrap().ok(), Some(true));
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
    assert_eq!(pool.run_admitted(&admission(), Some(second), |_| 7).await.ok(), Some(7));
    assert!(idle(&pool));
}

#[actix_web::test]
async fn a_job_is_told_the_share_of_a_cpu_it_gets() {
    let pool = patient(1);
    // A pool that has only seen its threads keep up gives the whole budget.
    let allot = pool.run_admitted(&admission(), None, |allot| allot).await.unwrap();
    assert_eq!(allot, Allot::WHOLE);
    // A job that sleeps gets no CPU while it waits: the share falls, and the next job is told.
    run(&pool, || std::thread::sleep(200 * MS)).await.unwrap();
    let allot = pool.run_admitted(&admission(), None, |allot| allot).await.unwrap();
    assert!(allot.share < 0.5, "{allot:?}");
    assert!(allot.share <= pool.delivered(), "given no more than the running share");
}

#[actix_web::test]
async fn a_request_waits_for_a_place_and_is_promised_when_one_frees() {
    let pool = patient(1);
    // A minute's plan holds the only thread, counted at its whole budget.
    let (release, busy) = hold_a_thread(&pool).await;
    // A 100 s plan may start up to about 15 s after its arrival, long before the minute is over:
    // refused at once without a wait, and after its wait when nothing frees.
    let arrival = Instant::now();
    assert!(pool.promise_within(arrival, 100_000 * MS, Duration::ZERO).await.is_err());
    assert!(pool.promise_within(arrival, 100_000 * MS, 20 * MS).await.is_err());
    // A 30 ms plan's wait ends at its latest start, 6 ms after its arrival, not at the hold's hour.
    let short = actix_web::rt::time::timeout(10_000 * MS, pool.promise_within(Instant::now(), 30 * MS, 3_600_000 * MS));
    assert!(short.await.expect("the wait ends at the latest start").is_err());
    // Waiting up to 10 s, it is promised once the minute's plan ends early.
    let p = pool.clone();
    let waiting =
        actix_web::rt::spawn(async move { p.promise_within(arrival, 100_000 * MS, 10_000 * MS).await.is_ok() });
    actix_web::rt::time::sleep(20 * MS).await;
    release.send(()).unwrap();
    assert_eq!(busy.await.unwrap().ok(), Some(true));
    assert!(waiting.await.unwrap(), "promised when the place freed");
}
