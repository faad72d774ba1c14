//! Graceful shutdown of the real binary: SIGTERM or Ctrl-C stop the accepting, the requests in
//! flight are answered in full, and the process exits 0 within the grace period.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::binary::Sonar;
use serde_json::{Value, json};

/// A request that keeps a worker busy for a clearly measurable time (about a second and a half
/// in a debug build; the compute pool runs one per core, the rest wait their turn).
fn slow_request() -> Value {
    json!({
        "board": vec![".".repeat(26); 26],
        "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
        "algorithm": "bayes",
        "budget_ms": 1000,
        "seed": 7,
    })
}

/// Sends a request on a fresh connection, if the connection can be made and says anything.
fn try_request(addr: std::net::SocketAddr) -> Option<String> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: sonar\r\nConnection: close\r\n\r\n").ok()?;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    (!out.is_empty()).then(|| String::from_utf8_lossy(&out).into_owned())
}

#[test]
fn sigterm_answers_the_requests_in_flight_then_exits_zero() {
    let grace = Duration::from_secs(20);
    let mut sonar = Sonar::start(&["--shutdown-grace", "20", "--workers", "2"], &[]);
    let url = format!("{}/recommend", sonar.base());
    let started = Instant::now();
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut res = ureq::post(&url)
                    .config()
                    .http_status_as_error(false)
                    .build()
                    .send_json(slow_request())
                    .expect("an answer, not a dropped connection");
                let status = res.status().as_u16();
                let body: Value = res.body_mut().read_json().expect("a whole JSON body");
                (status, body, Instant::now())
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(400));
    let signalled = Instant::now();
    sonar.signal(libc::SIGTERM);
    assert!(sonar.wait_for_log("stopping: finishing the requests in flight", Duration::from_secs(10)));
    std::thread::sleep(Duration::from_millis(300));
    let late = try_request(sonar.addr);
    assert!(!late.as_deref().is_some_and(|r| r.starts_with("HTTP/1.1 200")), "served after the signal: {late:?}");
    let mut answered_after_signal = 0;
    for client in clients {
        let (status, body, at) = client.join().unwrap();
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["algorithm"], "bayes");
        assert_eq!(body["grid"].as_array().map(Vec::len), Some(26), "a full grid");
        answered_after_signal += usize::from(at > signalled);
    }
    assert!(answered_after_signal > 0, "no request was still in flight at the signal: the test proves nothing");
    let status = sonar.wait_exit(grace).expect("exits within the grace period");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(started.elapsed() < grace + Duration::from_secs(5));
    assert!(sonar.logs().iter().any(|l| l["fields"]["message"] == "sonar stopped"));
}

#[test]
fn ctrl_c_when_idle_exits_zero_at_once() {
    let mut sonar = Sonar::start(&[], &[]);
    assert!(try_request(sonar.addr).is_some_and(|r| r.starts_with("HTTP/1.1 200")));
    sonar.signal(libc::SIGINT);
    let status = sonar.wait_exit(Duration::from_secs(10)).expect("exits well before the 30 s grace period");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(try_request(sonar.addr).is_none(), "still answering after exit");
}
