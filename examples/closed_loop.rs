//! A closed-loop load client: N threads, each on one keep-alive connection, each posting the next
//! request body as soon as the last answer came, a 503 included (as wrk, k6 or a game's backend
//! that retries at once do), while a probe polls `GET /healthz` every 20 ms. No interpreter's
//! lock between a thread and its clock, so what it measures is the service's time and the
//! kernel's, not the client's. Prints one JSON object: every answer's latency in milliseconds
//! (and the service's own time for it, its `Server-Timing`), every refusal's, how many answers were cut short or planned a lower budget, other failures,
//! and `/healthz`'s latencies.
//!
//! ```sh
//! cargo run --release --example closed_loop -- http://127.0.0.1:8080 bodies.jsonl 8 10
//! ```
//!
//! The bodies are one JSON request a line (`loadtest/planning.py --client rust` writes them);
//! client k starts at line 7k. Traffic goes only to the address given, and the run stops by
//! itself after its seconds.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[derive(Default)]
struct Tally {
    answered: Vec<f64>,
    /// The service's own time for each answer, from its `Server-Timing` header.
    served: Vec<f64>,
    refused: Vec<f64>,
    cut: usize,
    lowered: usize,
    errors: usize,
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

fn client(base: &str, bodies: &[String], offset: usize, until: Instant, tally: &Mutex<Tally>) {
    let agent = agent();
    let url = format!("{base}/recommend");
    let mut i = offset;
    while Instant::now() < until {
        let body = &bodies[i % bodies.len()];
        i += 1;
        let start = Instant::now();
        let answer = agent.post(&url).header("Content-Type", "application/json").send(body.as_str());
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let mut t = tally.lock().unwrap();
        match answer {
            Ok(mut res) if res.status() == 200 => {
                let served = res.headers().get("server-timing").and_then(|v| v.to_str().ok());
                if let Some(ms) = served.and_then(|v| v.strip_prefix("app;dur=")).and_then(|v| v.parse().ok()) {
                    t.served.push(ms);
                }
                let value: Value = res.body_mut().read_json().unwrap_or(Value::Null);
                let compute = &value["compute"];
                t.cut += usize::from(compute["cut_short"] == json!(true));
                t.lowered += usize::from(compute["budget_ms"].as_u64() < compute["asked_ms"].as_u64());
                t.answered.push(ms);
            }
            Ok(res) if res.status() == 503 => t.refused.push(ms),
            _ => {
                t.errors += 1;
                drop(t);
                // Not at once: a service that is gone would have this loop spin until the end.
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

fn probe(base: &str, until: Instant, out: &Mutex<Vec<f64>>) {
    let agent = agent();
    let url = format!("{base}/healthz");
    while Instant::now() < until {
        let start = Instant::now();
        if agent.get(&url).call().is_ok() {
            out.lock().unwrap().push(start.elapsed().as_secs_f64() * 1e3);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, base, file, clients, seconds] = &args[..] else {
        eprintln!("usage: closed_loop BASE BODIES.jsonl CLIENTS SECONDS");
        std::process::exit(2);
    };
    let bodies: Vec<String> = std::fs::read_to_string(file)
        .expect("the bodies file reads")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    assert!(!bodies.is_empty(), "no request bodies in {file}");
    let clients: usize = clients.parse().expect("CLIENTS is a number");
    let until = Instant::now() + Duration::from_secs_f64(seconds.parse().expect("SECONDS is a number"));
    let bodies = Arc::new(bodies);
    let tally = Arc::new(Mutex::new(Tally::default()));
    let health = Arc::new(Mutex::new(Vec::new()));
    let mut threads = Vec::new();
    for k in 0..clients {
        let (base, bodies, tally) = (base.clone(), Arc::clone(&bodies), Arc::clone(&tally));
        threads.push(std::thread::spawn(move || client(&base, &bodies, 7 * k, until, &tally)));
    }
    let (b, h) = (base.clone(), Arc::clone(&health));
    threads.push(std::thread::spawn(move || probe(&b, until, &h)));
    for t in threads {
        t.join().expect("a client thread ends");
    }
    let t = tally.lock().unwrap();
    let health = health.lock().unwrap();
    let round = |v: &[f64]| v.iter().map(|ms| (ms * 100.0).round() / 100.0).collect::<Vec<_>>();
    let summary = json!({
        "answered_ms": round(&t.answered),
        "served_ms": round(&t.served),
        "refused_ms": round(&t.refused),
        "errors": t.errors,
        "cut_short": t.cut,
        "lowered": t.lowered,
        "healthz_ms": round(&health),
    });
    println!("{summary}");
}
