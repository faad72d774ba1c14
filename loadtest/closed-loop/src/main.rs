//! A closed-loop load client: N clients, each on one keep-alive connection, each posting the next
//! request body as soon as the last answer came, a 503 included (as wrk, k6 or a game's backend
//! that retries at once do), while a probe polls `GET /healthz` every 20 ms. The clients share
//! THREADS event loops (one by default, as wrk's `-t1`, k6 on one core or an asyncio client run
//! them; as many as the clients for a thread each). No interpreter's lock between a client and
//! its clock, so what it measures is the service's time and the kernel's. Prints one JSON object:
//! every answer's latency in milliseconds (and the service's own time for it, its
//! `Server-Timing`), every refusal's, how many answers were cut short or planned a lower budget,
//! other failures, and `/healthz`'s latencies.
//!
//! ```sh
//! cargo run --release -p closed-loop -- http://127.0.0.1:8080 bodies.jsonl 8 10 [THREADS]
//! ```
//!
//! The bodies are one JSON request a line (`loadtest/planning.py --client rust` writes them);
//! client k starts at line 7k. Traffic goes only to the address given, and the run stops by
//! itself after its seconds.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// What a loop's clients saw.
#[derive(Default)]
struct Tally {
    answered: Vec<f64>,
    /// The service's own time for each answer, from its `Server-Timing` header.
    served: Vec<f64>,
    refused: Vec<f64>,
    cut: usize,
    lowered: usize,
    errors: usize,
    healthz: Vec<f64>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.answered.extend(other.answered);
        self.served.extend(other.served);
        self.refused.extend(other.refused);
        self.cut += other.cut;
        self.lowered += other.lowered;
        self.errors += other.errors;
        self.healthz.extend(other.healthz);
    }
}

fn http_client(connections: usize) -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().limit(connections + 1))
        .timeout(Duration::from_secs(30))
        .finish()
}

fn elapsed_ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

/// One client: the next body as soon as the last answer has been read whole.
async fn client(
    http: awc::Client,
    url: String,
    bodies: Arc<Vec<String>>,
    offset: usize,
    until: Instant,
    tally: Rc<RefCell<Tally>>,
) {
    let mut i = offset;
    while Instant::now() < until {
        let body = bodies[i % bodies.len()].clone();
        i += 1;
        let start = Instant::now();
        let sent = http.post(&url).insert_header(("Content-Type", "application/json")).send_body(body).await;
        let outcome = match sent {
            Ok(mut res) => {
                let status = res.status().as_u16();
                let served = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).map(str::to_owned);
                // Read whole, so that the connection serves the next request.
                let read = res.body().limit(1 << 20).await;
                read.ok().map(|bytes| (status, served, bytes))
            }
            Err(_) => None,
        };
        let ms = elapsed_ms(start);
        let failed = record(&mut tally.borrow_mut(), outcome, ms);
        if failed {
            // Not at once: a service that is gone would have this loop spin until the end.
            actix_rt::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// Counts one request's outcome; whether it failed (neither answered nor refused).
fn record(t: &mut Tally, outcome: Option<(u16, Option<String>, impl AsRef<[u8]>)>, ms: f64) -> bool {
    match outcome {
        Some((200, served, bytes)) => {
            if let Some(ms) = served.as_deref().and_then(|v| v.strip_prefix("app;dur=")).and_then(|v| v.parse().ok()) {
                t.served.push(ms);
            }
            let value: Value = serde_json::from_slice(bytes.as_ref()).unwrap_or(Value::Null);
            let compute = &value["compute"];
            t.cut += usize::from(compute["cut_short"] == json!(true));
            t.lowered += usize::from(compute["budget_ms"].as_u64() < compute["asked_ms"].as_u64());
            t.answered.push(ms);
            false
        }
        Some((503, ..)) => {
            t.refused.push(ms);
            false
        }
        _ => {
            t.errors += 1;
            true
        }
    }
}

async fn probe(http: awc::Client, url: String, until: Instant, tally: Rc<RefCell<Tally>>) {
    while Instant::now() < until {
        let start = Instant::now();
        if let Ok(mut res) = http.get(&url).send().await
            && res.body().await.is_ok()
        {
            tally.borrow_mut().healthz.push(elapsed_ms(start));
        }
        actix_rt::time::sleep(Duration::from_millis(20)).await;
    }
}

/// One event loop on its own thread, running the clients `offsets` (and the probe, on the first).
fn event_loop(base: String, bodies: Arc<Vec<String>>, offsets: Vec<usize>, probing: bool, until: Instant) -> Tally {
    actix_rt::System::new().block_on(async move {
        let tally = Rc::new(RefCell::new(Tally::default()));
        let http = http_client(offsets.len());
        let url = format!("{base}/recommend");
        let mut tasks: Vec<_> = offsets
            .into_iter()
            .map(|k| {
                actix_rt::spawn(client(http.clone(), url.clone(), Arc::clone(&bodies), k, until, Rc::clone(&tally)))
            })
            .collect();
        if probing {
            tasks.push(actix_rt::spawn(probe(http_client(1), format!("{base}/healthz"), until, Rc::clone(&tally))));
        }
        futures_util::future::join_all(tasks).await;
        Rc::try_unwrap(tally).ok().expect("every client has ended").into_inner()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (base, file, clients, seconds, threads) = match &args[1..] {
        [base, file, clients, seconds] => (base, file, clients, seconds, "1"),
        [base, file, clients, seconds, threads] => (base, file, clients, seconds, threads.as_str()),
        _ => {
            eprintln!("usage: closed-loop BASE BODIES.jsonl CLIENTS SECONDS [THREADS]");
            std::process::exit(2);
        }
    };
    let bodies: Vec<String> = std::fs::read_to_string(file)
        .expect("the bodies file reads")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    assert!(!bodies.is_empty(), "no request bodies in {file}");
    let clients: usize = clients.parse().expect("CLIENTS is a number");
    let threads: usize = threads.parse::<usize>().expect("THREADS is a number").clamp(1, clients.max(1));
    let until = Instant::now() + Duration::from_secs_f64(seconds.parse().expect("SECONDS is a number"));
    let bodies = Arc::new(bodies);
    let loops: Vec<_> = (0..threads)
        .map(|n| {
            let offsets = (0..clients).filter(|k| k % threads == n).map(|k| 7 * k).collect();
            let (base, bodies) = (base.clone(), Arc::clone(&bodies));
            std::thread::spawn(move || event_loop(base, bodies, offsets, n == 0, until))
        })
        .collect();
    let mut t = Tally::default();
    for l in loops {
        t.add(l.join().expect("an event loop ends"));
    }
    let round = |v: &[f64]| v.iter().map(|ms| (ms * 100.0).round() / 100.0).collect::<Vec<_>>();
    let summary = json!({
        "answered_ms": round(&t.answered),
        "served_ms": round(&t.served),
        "refused_ms": round(&t.refused),
        "errors": t.errors,
        "cut_short": t.cut,
        "lowered": t.lowered,
        "healthz_ms": round(&t.healthz),
    });
    println!("{summary}");
}
