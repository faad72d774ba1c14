//! The bound on compute-heavy requests in flight, at the bound and one past it, through the real
//! server: with `--max-in-flight 1` one slow `bayes` request is admitted, a second one sent while
//! it runs gets 503 with `Retry-After`, light algorithms are not held back, and once the first
//! has answered a heavy request is admitted again.

use std::time::Duration;

use crate::helpers;
use crate::helpers::binary::{Sonar, client, post_recommend as post};
use serde_json::{Value, json};

fn heavy(rows: usize, budget_ms: u64) -> Value {
    json!({"board": vec![".".repeat(rows); rows], "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
           "algorithm": "bayes", "budget_ms": budget_ms, "seed": 7})
}

#[test]
fn one_heavy_request_in_flight_is_the_bound() {
    let sonar = Sonar::start(&["--max-in-flight", "1", "--compute-deadline-ms", "600000"], &[]);
    let base = sonar.base();
    let first = {
        let base = base.clone();
        std::thread::spawn(move || post(&base, &heavy(26, 1000)))
    };
    // Wait until the first request holds the slot (it then computes for a few hundred ms, far
    // longer than one scrape and one refusal take), rather than guessing how long admission takes.
    let agent = client();
    let held = (0..2000).any(|_| {
        let text = agent.get(format!("{base}/metrics")).call().unwrap().body_mut().read_to_string().unwrap();
        text.contains("\nsonar_compute_in_flight 1\n") || {
            std::thread::sleep(Duration::from_millis(2));
            false
        }
    });
    assert!(held, "the first heavy request was admitted");
    let (status, retry, problem) = post(&base, &heavy(12, 10));
    assert_eq!(status, 503, "{problem}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert_eq!(problem["type"], "urn:sonar:problem:overloaded");
    let light = json!({"board": vec![".".repeat(10); 10], "ships": [5, 4, 3, 3, 2], "algorithm": "density"});
    assert_eq!(post(&base, &light).0, 200, "light algorithms are not held back by the bound");
    let (status, _, answer) = first.join().unwrap();
    assert_eq!(status, 200, "the admitted request is answered: {answer}");
    assert_eq!(post(&base, &heavy(12, 10)).0, 200, "the slot is free again");
}

/// `/metrics` reports the requests holding a slot and the bound, read at each scrape.
#[actix_web::test]
async fn the_metrics_show_the_slots_taken_and_the_bound() {
    use actix_web::test as at;
    let state = sonar::http::AppState::with_max_in_flight(5);
    let admission = std::sync::Arc::clone(&state.admission);
    let app = helpers::app(state).await;
    let scrape = || async {
        let res = at::call_service(&app, at::TestRequest::get().uri("/metrics").to_request()).await;
        String::from_utf8(at::read_body(res).await.to_vec()).unwrap()
    };
    let text = scrape().await;
    assert!(text.contains("\nsonar_compute_in_flight 0\n"), "{text}");
    assert!(text.contains("\nsonar_compute_in_flight_limit 5\n"), "{text}");
    // The compute pool's threads, idle.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(text.contains(&format!("\nsonar_compute_threads {threads}\n")), "{text}");
    // No job has run yet: the threads are taken to get a whole CPU.
    assert!(text.contains("\nsonar_compute_cpu_share 1\n"), "{text}");
    for kind in ["planning", "default"] {
        assert!(text.contains(&format!("\nsonar_compute_threads_busy{{kind=\"{kind}\"}} 0\n")), "{text}");
    }
    let held = [admission.try_enter().unwrap(), admission.try_enter().unwrap()];
    assert!(scrape().await.contains("\nsonar_compute_in_flight 2\n"));
    drop(held);
    assert!(scrape().await.contains("\nsonar_compute_in_flight 0\n"));
}

/// Planning requests (`bayes` thinking 300 ms a move on the classic board) filling the bound: with
/// `--max-in-flight 2` and six sent at once, the ones past the bound are shed with 503 rather than
/// queued; `/healthz` answers while they run; once they are done a planning request is admitted
/// again.
#[test]
fn planning_requests_past_the_bound_are_shed_and_health_answers() {
    let sonar = Sonar::start(&["--max-in-flight", "2", "--compute-deadline-ms", "600000"], &[]);
    let base = sonar.base();
    let thinking = json!({"board": helpers::ONE_HIT, "ships": [5, 4, 3, 3, 2], "algorithm": "bayes",
                          "budget_ms": 300, "seed": 3});
    let sent: Vec<_> = (0..6)
        .map(|_| {
            let (base, body) = (base.clone(), thinking.clone());
            std::thread::spawn(move || {
                let (status, _, answer) = post(&base, &body);
                (status, answer)
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(50));
    let health = client().get(format!("{base}/healthz")).call().unwrap();
    assert_eq!(health.status().as_u16(), 200, "health answers while planning fills the bound");
    let results: Vec<_> = sent.into_iter().map(|t| t.join().unwrap()).collect();
    let answered: Vec<_> = results.iter().filter(|r| r.0 == 200).collect();
    assert!(results.iter().all(|r| r.0 == 200 || r.0 == 503), "{results:?}");
    assert!((1..=4).contains(&answered.len()), "at most two at a time, six sent: {results:?}");
    assert!(answered.iter().all(|r| r.1["plan"].is_object()), "the admitted ones plan");
    let shed: Vec<_> = results.iter().filter(|r| r.0 == 503).collect();
    assert!(!shed.is_empty(), "{results:?}");
    assert!(shed.iter().all(|r| r.1["type"] == "urn:sonar:problem:overloaded"), "{results:?}");
    assert_eq!(post(&base, &thinking).0, 200, "a slot is free again");
}
