//! The real server's connection handling: a separate metrics address, the client request timeout
//! and the keep-alive period. Timings are asserted with generous bounds only, though tight enough
//! to tell the short settings used here from the defaults (5 s each; actix-web reads a clock that
//! may be half a second stale, so its timeouts can end that much early).

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::helpers::binary::{Sonar, client};
use serde_json::Value;

fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let agent = client();
    let mut res = agent.get(format!("http://{addr}{path}")).call().unwrap();
    (res.status().as_u16(), res.body_mut().read_to_string().unwrap())
}

#[test]
fn metrics_move_to_their_own_address() {
    let sonar = Sonar::start(&["--metrics-bind", "127.0.0.1:0"], &[]);
    let metrics_addr = sonar.metrics_addr.expect("the metrics address is logged");
    assert_ne!(metrics_addr, sonar.addr);
    assert_eq!(get(sonar.addr, "/healthz").0, 200);
    let (status, body) = get(sonar.addr, "/metrics");
    assert_eq!(status, 404, "{body}");
    let (status, text) = get(metrics_addr, "/metrics");
    assert_eq!(status, 200);
    assert!(text.contains(r#"sonar_http_requests_total{method="GET",route="/healthz",status="200"} 1"#), "{text}");
    assert!(text.contains(r#"sonar_errors_total{kind="not-found"} 1"#), "{text}");
    assert_eq!(get(metrics_addr, "/healthz").0, 404, "the metrics address serves /metrics alone");
    let spec: Value = serde_json::from_str(&get(sonar.addr, "/openapi.json").1).unwrap();
    assert!(spec["paths"]["/metrics"].is_null(), "the main address documents a /metrics it does not serve");
    assert!(spec["paths"]["/healthz"].is_object());
}

#[test]
fn without_a_metrics_address_the_main_one_serves_them() {
    let sonar = Sonar::start(&[], &[]);
    assert_eq!(sonar.metrics_addr, None);
    assert_eq!(get(sonar.addr, "/healthz").0, 200);
    let (status, text) = get(sonar.addr, "/metrics");
    assert_eq!(status, 200);
    assert!(text.contains("sonar_http_requests_total"));
}

/// Reads until the server closes the connection (or `limit` passes); what it sent, and when.
fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Option<Instant>) {
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return (got, Some(Instant::now())),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return (got, None),
            Err(_) => return (got, Some(Instant::now())),
        }
    }
}

#[test]
fn a_client_that_never_finishes_its_request_head_is_cut_off() {
    let sonar = Sonar::start(&["--client-request-timeout-ms", "500"], &[]);
    let mut stream = TcpStream::connect(sonar.addr).unwrap();
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: sonar\r\n").unwrap();
    let (got, closed) = read_until_closed(&mut stream, Duration::from_secs(3));
    assert!(closed.is_some(), "the connection is still open after 3 s");
    let text = String::from_utf8_lossy(&got);
    assert!(got.is_empty() || text.starts_with("HTTP/1.1 408"), "{text}");
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_the_period() {
    let sonar = Sonar::start(&["--keep-alive-secs", "1"], &[]);
    let mut stream = TcpStream::connect(sonar.addr).unwrap();
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: sonar\r\n\r\n").unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !got.ends_with(br#"{"status":"ok"}"#) {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "closed before answering");
        got.extend_from_slice(&buf[..n]);
    }
    let answered = Instant::now();
    assert!(got.starts_with(b"HTTP/1.1 200"));
    let (more, closed) = read_until_closed(&mut stream, Duration::from_secs(3));
    assert!(more.is_empty(), "{}", String::from_utf8_lossy(&more));
    let closed = closed.expect("the idle connection is closed well within 3 s");
    assert!(closed - answered >= Duration::from_millis(250), "closed before the period: {:?}", closed - answered);
}

#[test]
fn a_client_that_never_finishes_its_body_gets_408_and_is_cut_off() {
    let sonar = Sonar::start(&["--client-body-timeout-ms", "300"], &[]);
    let mut stream = TcpStream::connect(sonar.addr).unwrap();
    let head =
        "POST /recommend HTTP/1.1\r\nHost: sonar\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(br#"{"board": ["#).unwrap();
    let sent = Instant::now();
    let (got, closed) = read_until_closed(&mut stream, Duration::from_secs(3));
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("application/problem+json") && text.contains("did not arrive within 300 ms"), "{text}");
    assert!(closed.is_some(), "the connection is still open after 3 s");
    assert!(sent.elapsed() >= Duration::from_millis(250), "answered before the timeout");
    // The service still answers complete requests at once.
    let (status, _) = get(sonar.addr, "/healthz");
    assert_eq!(status, 200);
}

#[test]
fn a_chunked_body_gets_411_and_the_connection_closed() {
    // actix drains an unread chunked body before closing, with no timer: a chunked body that
    // never ends would hold the connection open after any answer that does not read it.
    let sonar = Sonar::start(&[], &[]);
    for head in [
        "POST /recommend HTTP/1.1\r\nHost: sonar\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        "POST /nowhere HTTP/1.1\r\nHost: sonar\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    ] {
        let mut stream = TcpStream::connect(sonar.addr).unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        let (got, closed) = read_until_closed(&mut stream, Duration::from_secs(4));
        let text = String::from_utf8_lossy(&got);
        assert!(text.starts_with("HTTP/1.1 411"), "{text}");
        assert!(text.contains("urn:sonar:problem:length-required"), "{text}");
        assert!(closed.is_some(), "the connection is still open after 4 s: {text}");
    }
}

#[test]
fn head_gets_the_head_of_get_and_no_body() {
    let sonar = Sonar::start(&[], &[]);
    let mut stream = TcpStream::connect(sonar.addr).unwrap();
    stream.write_all(b"HEAD /healthz HTTP/1.1\r\nHost: sonar\r\nConnection: close\r\n\r\n").unwrap();
    let (got, _) = read_until_closed(&mut stream, Duration::from_secs(3));
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("content-length: 15"), "the length of GET's body: {text}");
    assert!(text.ends_with("\r\n\r\n"), "a body after the head: {text:?}");
}
