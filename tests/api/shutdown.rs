//! Graceful shutdown of the real binary: SIGTERM or Ctrl-C stop the accepting, the requests in
//! flight are answered in full, and the process exits 0 within the grace period.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::helpers::binary::Sonar;
use serde_json::{Value, json};

/// A request that keeps a worker busy for a clearly measurable time (some tenths of a second in a
/// debug build; the compute pool runs one per core, the rest wait their turn).
fn slow_request() -> Value {
    json!({
        "board": vec![".".repeat(26); 26],
        "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
        "algorithm": "bayes",
        "budget_ms": 300,
        "seed": 7,
    })
}

/// GETs `path` on a fresh connection, if the connection can be made and says anything.
fn get(addr: std::net::SocketAddr, path: &str) -> Option<String> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: sonar\r\nConnection: close\r\n\r\n").as_bytes()).ok()?;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    (!out.is_empty()).then(|| String::from_utf8_lossy(&out).into_owned())
}

/// A health check on a fresh connection: its answer, if any.
fn try_request(addr: std::net::SocketAddr) -> Option<String> {
    get(addr, "/healthz")
}

/// The `sonar_compute_in_flight` gauge of `/metrics`: compute-heavy requests taken in.
fn compute_in_flight(addr: std::net::SocketAddr) -> Option<u64> {
    let out = get(addr, "/metrics")?;
    out.lines().find_map(|l| l.strip_prefix("sonar_compute_in_flight ")).and_then(|v| v.trim().parse().ok())
}

#[test]
fn sigterm_answers_the_requests_in_flight_then_exits_zero() {
    // Generous: the compute pool runs at a low priority, so on a machine busy with other work
    // (a long simulation, a parallel test run) the slow requests take many times their CPU time.
    let grace = Duration::from_secs(90);
    // The slow requests can outlast the default 5 s compute deadline in a debug build on a busy
    // machine; this test is about the stop, so the deadline is out of the way.
    let mut sonar = Sonar::start(&["--shutdown-grace", "90", "--workers", "2", "--compute-deadline-ms", "600000"], &[]);
    let (sent_tx, sent_rx) = std::sync::mpsc::channel();
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let (addr, sent) = (sonar.addr, sent_tx.clone());
            std::thread::spawn(move || {
                let body = slow_request().to_string();
                let mut s = TcpStream::connect(addr).unwrap();
                let head = format!(
                    "POST /recommend HTTP/1.1\r\nHost: sonar\r\nContent-Type: application/json\r\n\
                     Content-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                s.write_all(format!("{head}{body}").as_bytes()).unwrap();
                sent.send(()).unwrap();
                let mut answer = String::new();
                s.read_to_string(&mut answer).expect("a whole answer");
                let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
                let status: u16 = head[9..12].parse().unwrap();
                let body: Value = serde_json::from_str(body).unwrap_or(Value::Null);
                (status, body, Instant::now())
            })
        })
        .collect();
    for _ in 0..3 {
        sent_rx.recv_timeout(Duration::from_secs(10)).expect("every request is sent");
    }
    // Sent is not yet taken in (on a loaded machine the server may take a while to read them):
    // wait until the metrics say the three hold every compute slot. (A probe request would race
    // them for a slot.)
    let started = Instant::now();
    while compute_in_flight(sonar.addr) != Some(3) {
        assert!(started.elapsed() < Duration::from_secs(30), "the slow requests were never taken in");
        std::thread::sleep(Duration::from_millis(50));
    }
    let signalled = Instant::now();
    sonar.signal(libc::SIGTERM);
    assert!(sonar.wait_for_log("stopping: finishing the requests in flight", Duration::from_secs(10)));
    std::thread::sleep(Duration::from_millis(300));
    let late = try_request(sonar.addr);
    assert!(late.is_none(), "a new connection was answered after the signal: {late:?}");
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
    assert!(signalled.elapsed() < grace, "exited {:?} after the signal", signalled.elapsed());
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
