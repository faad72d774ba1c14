//! `budget_ms` as a promise, through the real server held to the wall clock: a planning request the
//! compute pool cannot start in time is refused at once with a `Retry-After` (or, where the
//! operator chose `--over-budget default-budget`, served at the default budget and said so), and
//! whatever the clock stops says so in `compute`.

use std::time::Duration;

use crate::helpers;
use crate::helpers::binary::{Answer, Sonar, client, post_recommend as post};
use serde_json::{Value, json};

/// A planning request on the classic board with one hit.
fn planning(budget_ms: u64) -> Value {
    json!({"board": helpers::ONE_HIT, "ships": [5, 4, 3, 3, 2], "algorithm": "bayes", "budget_ms": budget_ms, "seed": 3})
}

/// The sum of the `/metrics` samples whose name and labels start with `prefix`.
fn counter(base: &str, prefix: &str) -> u64 {
    let text = client().get(format!("{base}/metrics")).call().unwrap().body_mut().read_to_string().unwrap();
    text.lines().filter(|l| l.starts_with(prefix)).filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok()).sum()
}

/// A 1,000 ms plan that cannot finish early: the opening of a 26x26 board with ten ships, whose
/// rollouts in the debug build take far longer than the budget, so the clock holds its thread for
/// the whole second.
fn long_plan() -> Value {
    json!({"board": vec![".".repeat(26); 26], "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
           "algorithm": "bayes", "budget_ms": 1000, "seed": 7})
}

/// Starts a service held to the wall clock and fills every compute thread with a 1,000 ms plan:
/// two more sent at once than the pool has threads (one a core), the two past them refused or
/// lowered to the default budget. Returns once every thread runs a plan (a plan promised but still
/// waiting could let a shorter budget go before it), with the service and the answers to come.
fn filled(extra: &[&str]) -> (Sonar, Vec<std::thread::JoinHandle<Answer>>) {
    let mut args = vec!["--compute-deadline-ms", "600000"];
    args.extend_from_slice(extra);
    let sonar = Sonar::start(&args, &[("SONAR_CLOCK", "wall")]);
    let base = sonar.base();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let long: Vec<_> = (0..cores + 2)
        .map(|_| {
            let base = base.clone();
            std::thread::spawn(move || post(&base, &long_plan()))
        })
        .collect();
    // Wait until every thread runs a promised plan, rather than guessing how long that takes.
    let made = (0..5000).any(|_| {
        counter(&base, "sonar_compute_threads_busy{kind=\"planning\"}") >= cores as u64 || {
            std::thread::sleep(Duration::from_millis(1));
            false
        }
    });
    assert!(made, "a long plan holds every thread");
    assert_eq!(counter(&base, "sonar_planning_requests_total{outcome=\"promised\"}"), cores as u64);
    (sonar, long)
}

#[test]
fn a_budget_the_pool_cannot_keep_is_refused_at_once_with_retry_after() {
    let (sonar, long) = filled(&[]);
    let base = sonar.base();
    // A 30 ms budget may start only 6 ms after its arrival; every thread has a second of work.
    let (status, retry, problem) = post(&base, &planning(30));
    assert_eq!(status, 503, "{problem}");
    assert_eq!(problem["type"], "urn:sonar:problem:budget-unavailable", "{problem}");
    assert_eq!(problem["field"], "budget_ms");
    let retry: u64 = retry.expect("a Retry-After").parse().unwrap();
    assert!(retry >= 1, "{retry}");
    assert!(counter(&base, "sonar_planning_requests_total{outcome=\"refused\"}") >= 1);
    // The default budget is no promise: it waits its turn and is answered.
    let default = json!({"board": helpers::ONE_HIT, "ships": [5, 4, 3, 3, 2], "algorithm": "bayes", "seed": 3});
    assert_eq!(post(&base, &default).0, 200);
    for answer in long {
        let (status, _, answer) = answer.join().unwrap();
        assert!(status == 200 || status == 503, "{answer}");
        if status == 503 {
            assert_eq!(answer["type"], "urn:sonar:problem:budget-unavailable", "{answer}");
        }
    }
}

#[test]
fn over_budget_planning_can_be_served_at_the_default_budget_and_says_so() {
    let (sonar, long) = filled(&["--over-budget", "default-budget"]);
    let base = sonar.base();
    let (status, _, answer) = post(&base, &planning(30));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["compute"]["asked_ms"], 30, "{answer}");
    assert_eq!(answer["compute"]["budget_ms"], 10, "{answer}");
    assert!(answer.get("plan").is_none(), "the default budget does not plan: {answer}");
    assert!(counter(&base, "sonar_planning_requests_total{outcome=\"lowered\"}") >= 1);
    for answer in long {
        assert_eq!(answer.join().unwrap().0, 200);
    }
}

/// The served binary holds a 1 ms budget on the 26x26 board to the wall clock. Whether the clock
/// stops it depends on the machine and the build (a release build may finish first), so the
/// answer is checked for saying which: on an open cell either way, and where it was cut, the
/// stage, what was spent and the metric agree. The cut itself is pinned
/// in-process, whatever the build's speed, by the handler's tests of a budget spent before its
/// computation starts.
#[test]
fn what_the_clock_stops_says_so_in_compute() {
    let sonar = Sonar::start(&["--compute-deadline-ms", "600000"], &[("SONAR_CLOCK", "wall")]);
    let base = sonar.base();
    let request = json!({"board": vec![".".repeat(26); 26], "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
                         "algorithm": "bayes", "budget_ms": 1, "seed": 7});
    let (status, _, answer) = post(&base, &request);
    assert_eq!(status, 200, "{answer}");
    helpers::check_contract(&request, &answer);
    let compute = &answer["compute"];
    let cuts = counter(&base, "sonar_compute_cut_total{algorithm=\"bayes\"");
    match compute["cut_short"].as_bool() {
        Some(true) => {
            assert_eq!(compute["asked_ms"], 1);
            assert!(["sampling", "counting"].contains(&compute["stage"].as_str().unwrap()), "{compute}");
            assert!(compute["spent_ms"].as_f64().unwrap() >= 1.0, "{compute}");
            if compute["stage"] == "counting" {
                assert_eq!(answer["grid_kind"], "score", "the count is a score: {answer}");
            }
            assert_eq!(cuts, 1, "the cut is counted");
        }
        _ => {
            assert!(compute.is_null(), "the whole budget computed, nothing to say: {answer}");
            assert_eq!(cuts, 0, "nothing cut, nothing counted");
        }
    }
}
