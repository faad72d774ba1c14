//! The scenarios explored: a lone client, the two idle-thread cases, mixed traffic, and jobs that
//! overrun what the schedule expects of them.

use super::*;

/// A lone client asking again at once after each answer: every budget, one thread and two.
fn lone_client() -> Vec<Req> {
    vec![
        planning(30, Arrival::At(0)),
        planning(100, Arrival::After(0)),
        Req { reading: 1, ..planning(300, Arrival::After(1)) },
        planning(30, Arrival::After(2)),
    ]
}

#[test]
fn a_lone_client_asking_again_at_once_is_never_refused() {
    for threads in [1, 2] {
        assert!(kept(explore(threads, &lone_client(), Order::FreeThenAnswer, true)) >= 1);
    }
}

#[test]
fn a_thread_counted_free_after_its_answer_is_found() {
    let explored = explore(1, &lone_client(), Order::AnswerThenFree, true);
    assert_eq!(explored.fault.map(|f| f.0), Some(Fault::BusyAfterAnswer(0)));
}

#[test]
fn a_default_job_beside_a_promise_being_read_starts_on_the_other_thread() {
    // Two idle threads, a 30 ms promise held while its request is read, a default job that
    // arrives meanwhile: the default job takes one thread at once, the plan the other when queued.
    let reqs = [Req { reading: 3, ..planning(30, Arrival::At(0)) }, default(Arrival::At(1))];
    let explored = explore(2, &reqs, Order::FreeThenAnswer, false);
    assert_eq!(explored.latest_begin, [Some(3), Some(1)]);
    assert!(kept(explored) >= 1);
}

#[test]
fn a_default_job_that_must_wait_for_a_promise_starts_once_a_thread_frees() {
    // One thread holds a 300 ms plan; a 30 ms promise (which may start up to 6 ms after its
    // arrival) is held while its request is read; a default job arriving then would make it late,
    // so it waits with the other thread idle, and starts once the plan is done.
    let reqs =
        [planning(300, Arrival::At(0)), Req { reading: 3, ..planning(30, Arrival::At(1)) }, default(Arrival::At(2))];
    let explored = explore(2, &reqs, Order::FreeThenAnswer, false);
    assert!(explored.held_default);
    assert_eq!(explored.latest_begin, [Some(0), Some(4), Some(31)]);
    assert!(kept(explored) >= 1);
}

#[test]
fn mixed_traffic_keeps_every_promise_in_every_order() {
    let scenarios: Vec<(usize, Vec<Req>)> = vec![
        // Planning and default jobs arriving together and apart, on one thread and two.
        (1, vec![planning(100, Arrival::At(0)), default(Arrival::At(0)), planning(30, Arrival::At(2))]),
        (2, vec![planning(100, Arrival::At(0)), planning(100, Arrival::At(0)), default(Arrival::At(0))]),
        (
            2,
            vec![
                planning(300, Arrival::At(0)),
                default(Arrival::At(1)),
                planning(30, Arrival::At(1)),
                default(Arrival::At(5)),
            ],
        ),
        // A request that fails after its promise gives its place back to the default job.
        (1, vec![Req { reading: 2, fails: true, ..planning(100, Arrival::At(0)) }, default(Arrival::At(1))]),
        // A client asking again at once beside a default job.
        (
            2,
            vec![
                planning(30, Arrival::At(0)),
                planning(30, Arrival::After(0)),
                default(Arrival::At(3)),
                default(Arrival::After(1)),
            ],
        ),
    ];
    let mut orders = 0;
    for (threads, reqs) in scenarios {
        orders += kept(explore(threads, &reqs, Order::FreeThenAnswer, false));
    }
    assert!(orders >= 20, "{orders} orders explored");
}

#[test]
fn a_plan_made_late_by_an_overrun_goes_before_default_jobs_that_never_stop() {
    // One thread. A default job expected to cost 10 ms takes 30; a 100 ms plan promised at 1 ms
    // (it may start up to 13 ms after its arrival) is queued behind it and is late when the thread
    // frees at 30 ms. Default clients asking again at once keep a default job queued from 5 ms on:
    // the plan goes first all the same, and the default jobs after it.
    let overrun = Req { cost: 3 * DEFAULT_COST, ..default(Arrival::At(0)) };
    let reqs = [
        overrun,
        planning(100, Arrival::At(1)),
        default(Arrival::At(5)),
        default(Arrival::After(2)),
        default(Arrival::At(6)),
        default(Arrival::After(4)),
    ];
    let explored = explore(1, &reqs, Order::FreeThenAnswer, false);
    let (late, begin) = (explored.started_late, explored.latest_begin[1]);
    assert!(kept(explored) >= 1);
    assert!(late, "the overrun made the plan late");
    assert_eq!(begin, Some(30), "the plan starts when the thread frees");
    // Two threads whose default jobs both overrun: a 30 ms plan promised at 5 ms expects a thread
    // at 10 and may start up to 11; it waits for the first thread to free, at 20, and no default
    // job queued meanwhile starts before it.
    let reqs = [
        overrun,
        Req { cost: 2 * DEFAULT_COST, ..default(Arrival::At(0)) },
        planning(30, Arrival::At(5)),
        default(Arrival::At(6)),
        default(Arrival::After(3)),
        default(Arrival::At(7)),
        default(Arrival::After(5)),
    ];
    let explored = explore(2, &reqs, Order::FreeThenAnswer, false);
    let begin = explored.latest_begin[2];
    assert!(kept(explored) >= 1);
    assert_eq!(begin, Some(20));
}
