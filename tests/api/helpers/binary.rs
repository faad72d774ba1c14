//! The `sonar` binary as a child process serving on port 0, with its JSON log lines collected.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running `sonar serve`. Killed when dropped, if still running.
pub struct Sonar {
    child: Child,
    /// The main address.
    pub addr: SocketAddr,
    /// The metrics address, when `--metrics-bind` was given.
    pub metrics_addr: Option<SocketAddr>,
    logs: Arc<Mutex<Vec<Value>>>,
    /// The thread that collects the log lines; it ends when the process closes its stdout.
    reader: Option<JoinHandle<()>>,
}

/// An HTTP client that returns 4xx and 5xx answers instead of failing on them.
pub fn client() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().new_agent()
}

fn addr_of(line: &Value) -> SocketAddr {
    line["fields"]["addr"].as_str().unwrap().parse().unwrap()
}

/// An answer of the real server: its status, its `Retry-After` and its JSON body (null if none).
pub type Answer = (u16, Option<String>, Value);

/// Posts `body` to `{base}/recommend`.
pub fn post_recommend(base: &str, body: &Value) -> Answer {
    let mut res = client().post(format!("{base}/recommend")).send_json(body).unwrap();
    let retry = res.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
    let body = res.body_mut().read_json().unwrap_or(Value::Null);
    (res.status().as_u16(), retry, body)
}

impl Sonar {
    /// Starts `sonar serve --bind 127.0.0.1:0 ARGS` with JSON logs, `RUST_LOG` at `info` unless
    /// `env` says otherwise, no other `SONAR_*` variable than those in `env`, and waits until it
    /// says it is listening.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Sonar {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sonar"));
        for (name, _) in std::env::vars().filter(|(n, _)| n.starts_with("SONAR_")) {
            cmd.env_remove(name);
        }
        cmd.args(["serve", "--bind", "127.0.0.1:0"]).args(args);
        // The tests' binary is the debug build, far slower than the release one the budgets are
        // calibrated on: held to the wall clock it would cut most planning answers short. Its
        // answers follow the work bounds alone unless a test asks for the clock.
        cmd.env("SONAR_LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .env("SONAR_CLOCK", "work")
            .envs(env.iter().copied());
        let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("the binary starts");
        let stdout = child.stdout.take().unwrap();
        let logs = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = mpsc::channel();
        let sink = Arc::clone(&logs);
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let value: Value =
                    serde_json::from_str(&line).unwrap_or_else(|_| panic!("not a JSON log line: {line}"));
                let ready = value["fields"]["message"] == "sonar listening";
                sink.lock().unwrap().push(value);
                if ready {
                    let _ = tx.send(());
                }
            }
        });
        if rx.recv_timeout(Duration::from_secs(60)).is_err() {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sonar did not say it is listening: {:?}", logs.lock().unwrap());
        }
        let lines = logs.lock().unwrap().clone();
        let find = |msg: &str| lines.iter().find(|l| l["fields"]["message"] == msg).map(addr_of);
        let addr = find("sonar listening").unwrap();
        let metrics_addr = find("metrics listening");
        Sonar { child, addr, metrics_addr, logs, reader: Some(reader) }
    }

    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every log line so far.
    pub fn logs(&self) -> Vec<Value> {
        self.logs.lock().unwrap().clone()
    }

    /// Waits up to `within` for a log line with this message.
    pub fn wait_for_log(&self, message: &str, within: Duration) -> bool {
        self.wait_for_line(within, |l| l["fields"]["message"] == message)
    }

    /// Waits up to `within` for a log line that satisfies `pred`.
    pub fn wait_for_line(&self, within: Duration, pred: impl Fn(&Value) -> bool) -> bool {
        let deadline = Instant::now() + within;
        loop {
            if self.logs.lock().unwrap().iter().any(&pred) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends a signal to the process.
    pub fn signal(&self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill has no memory effects; the pid is our own child, not yet reaped.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill failed");
    }

    /// The exit status, if the process exits within `within`; its last log lines are then all
    /// in [`Sonar::logs`] (the reader has reached the end of its output).
    pub fn wait_exit(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                if let Some(reader) = self.reader.take() {
                    reader.join().expect("the log reader ends with the process's output");
                }
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Sonar {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
