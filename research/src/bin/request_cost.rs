//! What one request costs the service in process, without sockets: the whole actix pipeline
//! (routing, metrics middleware, extraction, the handler, serialization) for `GET /healthz` and
//! for `POST /recommend` with each light algorithm on the load test's corpus. Prints µs per
//! request (best of five rounds); nothing is asserted.
//!
//! With `REQUEST_COST_LOG=<filter>` (e.g. `info`) the service's text log subscriber is installed
//! with that filter, writing nowhere, so that the request span and log calls cost what they cost
//! in production; without it there is no subscriber.
//!
//! `cargo run --release -p sonar-research --bin request_cost -- [rounds-of-requests]`

use std::time::Instant;

use actix_web::test::{TestRequest, call_service, init_service};
use sonar::http::{AppState, app};
use sonar::http::{RecommendRequest, RecommendResponse};
use sonar::research::Ask;
use sonar::simulate::corpus;
use sonar::{Algorithm, Deadline, Level, Seat, Turn, Weakened, seeded};

#[actix_web::main]
async fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    if let Ok(filter) = std::env::var("REQUEST_COST_LOG") {
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::sink).init();
    }
    let svc = init_service(app(AppState::new())).await;
    let boards: Vec<String> = corpus(4)
        .iter()
        .map(|s| serde_json::json!({"board": s.board.to_rows(), "ships": s.fleet.lengths(), "seed": 1}).to_string())
        .collect();
    let mut targets: Vec<(String, Option<Vec<String>>)> = vec![("GET /healthz".to_owned(), None)];
    for a in ["density", "random"] {
        let bodies = boards.iter().map(|b| format!("{{\"algorithm\":\"{a}\",{}", &b[1..])).collect();
        targets.push((format!("POST /recommend {a}"), Some(bodies)));
    }
    for (name, bodies) in &targets {
        let mut best = f64::INFINITY;
        let mut bytes = 0;
        for _ in 0..5 {
            let start = Instant::now();
            for i in 0..n {
                let req = match bodies {
                    None => TestRequest::get().uri("/healthz").to_request(),
                    Some(b) => TestRequest::post()
                        .uri("/recommend")
                        .insert_header(("content-type", "application/json"))
                        .set_payload(b[i % b.len()].clone())
                        .to_request(),
                };
                let res = call_service(&svc, req).await;
                assert!(res.status().is_success(), "{name}: {}", res.status());
                let body = actix_web::body::to_bytes(res.into_body()).await.unwrap_or_default();
                bytes = body.len();
            }
            best = best.min(start.elapsed().as_secs_f64() * 1e6 / n as f64);
        }
        println!("{name:<28} {best:>7.2} µs/request  (last answer {bytes} bytes)");
    }
    stages(targets[1].1.as_deref().unwrap_or_default(), n);
}

/// µs per call of each stage of a `density` answer, best of five rounds over the corpus.
fn stages(bodies: &[String], n: usize) {
    let time = |name: &str, f: &mut dyn FnMut(usize)| {
        let mut best = f64::INFINITY;
        for _ in 0..5 {
            let start = Instant::now();
            (0..n).for_each(&mut *f);
            best = best.min(start.elapsed().as_secs_f64() * 1e6 / n as f64);
        }
        println!("  {name:<26} {best:>7.2} µs");
    };
    let density = Algorithm::from_name("density").expect("density is offered");
    let reqs: Vec<Ask> = bodies.iter().map(|b| RecommendRequest::ask_from_json(b).expect("corpus body")).collect();
    let seat = Seat::new(Weakened::full(density));
    let answer = |r: &Ask| seat.play(&r.board, &r.fleet, None, &mut seeded(1), 0, Deadline::NONE).expect("answer");
    let recs: Vec<_> = reqs.iter().map(answer).collect();
    println!("density, stage by stage:");
    time("read the request", &mut |i| {
        std::hint::black_box(RecommendRequest::ask_from_json(&bodies[i % bodies.len()]).is_ok());
    });
    time("check the position", &mut |i| {
        let r = &reqs[i % reqs.len()];
        std::hint::black_box(Turn::checked(&r.board, &r.fleet, r.seat.rules).is_ok());
    });
    time("the algorithm", &mut |i| {
        std::hint::black_box(answer(&reqs[i % reqs.len()]));
    });
    time("write the answer", &mut |i| {
        let k = i % recs.len();
        std::hint::black_box(
            RecommendResponse::new(recs[k].clone(), Level::STRONGEST, reqs[k].board.cols(), 1).to_json(),
        );
    });
}
