//! The real server on a real socket (port 0).

use crate::helpers;
use std::net::TcpListener;

use serde_json::{Value, json};
use sonar::http::{AppState, server};

#[test]
fn serves_on_an_ephemeral_port() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let srv = server(listener, 1, AppState::new()).unwrap();
            tx.send(srv.handle()).unwrap();
            srv.await.unwrap();
        })
    });
    let handle = rx.recv().unwrap();
    let base = format!("http://{addr}");
    let health: Value = ureq::get(format!("{base}/healthz")).call().unwrap().body_mut().read_json().unwrap();
    assert_eq!(health, json!({"status": "ok"}));
    let answer: Value = ureq::post(format!("{base}/recommend"))
        .send_json(json!({"board": ["....", "....", "....", "...."], "ships": [3, 2], "seed": 1}))
        .unwrap()
        .body_mut()
        .read_json()
        .unwrap();
    assert_eq!(answer["mode"], "hunt");
    assert!(answer["shot"]["label"].is_string());
    let bad = ureq::post(format!("{base}/recommend"))
        .config()
        .http_status_as_error(false)
        .build()
        .send_json(json!({"board": ["?"], "ships": [1]}))
        .unwrap();
    assert_eq!(bad.status(), 422);
    assert_eq!(bad.headers().get("content-type").unwrap(), "application/problem+json");
    actix_web::rt::System::new().block_on(handle.stop(true));
}

#[test]
fn says_what_it_sized_its_threads_from() {
    let listening = |sonar: &helpers::binary::Sonar| {
        sonar.logs().into_iter().find(|l| l["fields"]["message"] == "sonar listening").unwrap()["fields"].clone()
    };
    let cores = sonar::http::cores() as u64;
    let sonar = helpers::binary::Sonar::start(&[], &[]);
    let fields = listening(&sonar);
    assert_eq!(fields["cores"], cores);
    assert_eq!((&fields["workers"], &fields["compute_threads"]), (&json!(cores), &json!(cores)));
    assert_eq!(fields["max_in_flight"], 16 * cores);
    let sonar = helpers::binary::Sonar::start(&["--workers", "3", "--max-in-flight", "5"], &[]);
    let fields = listening(&sonar);
    assert_eq!((&fields["cores"], &fields["compute_threads"]), (&json!(cores), &json!(cores)));
    assert_eq!((&fields["workers"], &fields["max_in_flight"]), (&json!(3), &json!(5)));
}
