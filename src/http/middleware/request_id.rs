//! Request ids and the request log: every request runs in a tracing span carrying its id, every
//! response carries it in `x-request-id`, and one line per answer is logged (5xx at WARN, 4xx at
//! INFO, the rest at DEBUG, so that successes cost nothing at the default level). The planned 503s
//! (an overload's, a planning budget's that cannot be kept) are the exception: at most one WARN
//! line a second says how many were shed, so that a flood of refusals does not turn into a flood
//! of log lines.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::Instrument;

use crate::http::problem::ApiError;

/// The target of the request log's span and lines: this module's path, written out so that it
/// stays the same wherever the file lives (`RUST_LOG` directives and log readers name it).
const LOG_TARGET: &str = "sonar::http::request_id";

/// The header that carries the id, both ways.
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest client-sent id reused as is.
pub const MAX_LEN: usize = 64;

/// Whether a client-sent id is short and plain enough to reuse (and to log): 1 to [`MAX_LEN`]
/// characters of `A-Z a-z 0-9 . _ -`.
pub fn acceptable(id: &[u8]) -> bool {
    (1..=MAX_LEN).contains(&id.len()) && id.iter().all(|&b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// A fresh id: a random prefix drawn once per process, then a counter. Unique within the process
/// and, with overwhelming probability, across instances.
pub fn generate() -> HeaderValue {
    static PREFIX: LazyLock<u64> = LazyLock::new(crate::game::rng::fresh_seed);
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let mut id = [0u8; 33];
    hex(&mut id[..16], *PREFIX);
    id[16] = b'-';
    hex(&mut id[17..], n);
    HeaderValue::from_bytes(&id).expect("hex digits and '-' are a valid header value")
}

/// Writes `n` in lower-case hex, zero-padded to fill `out` (at most 16 digits).
fn hex(out: &mut [u8], mut n: u64) {
    for b in out.iter_mut().rev() {
        *b = b"0123456789abcdef"[(n & 15) as usize];
        n >>= 4;
    }
}

/// Whether the answer is a planned refusal: an overload's, or a planning budget's that the work
/// queued would not let the service keep (not a missed deadline, which is logged like any other
/// 5xx).
fn shed<B>(res: &ServiceResponse<B>) -> bool {
    let planned = |e: &ApiError| matches!(e, ApiError::Overloaded | ApiError::BudgetUnavailable { .. });
    res.response().error().and_then(|e| e.as_error::<ApiError>()).is_some_and(planned)
}

static START: LazyLock<Instant> = LazyLock::new(Instant::now);
static SHED: Throttle = Throttle::new();

/// Counts events and lets one through per second, with the count since the last one let through.
pub struct Throttle {
    /// The second (since start, plus one) of the last event let through; 0 before the first.
    second: AtomicU64,
    pending: AtomicU64,
}

impl Throttle {
    pub const fn new() -> Throttle {
        Throttle { second: AtomicU64::new(0), pending: AtomicU64::new(0) }
    }

    /// Notes one event at `now` (whole seconds): the number of events to report, this one
    /// included, if none was let through in this second yet.
    pub fn note(&self, now: u64) -> Option<u64> {
        self.pending.fetch_add(1, Ordering::Relaxed);
        let (now, last) = (now + 1, self.second.load(Ordering::Relaxed));
        let first =
            now != last && self.second.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok();
        first.then(|| self.pending.swap(0, Ordering::Relaxed))
    }
}

impl Default for Throttle {
    fn default() -> Throttle {
        Throttle::new()
    }
}

/// Middleware: tags the request with its id, runs it in a span carrying the id, logs the answer
/// and returns the id in `x-request-id`.
pub async fn tag(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse, Error> {
    let start = Instant::now();
    let id = match req.headers().get(&X_REQUEST_ID) {
        Some(v) if acceptable(v.as_bytes()) => v.clone(),
        _ => generate(),
    };
    let span = tracing::info_span!(target: LOG_TARGET, "request", request_id = id.to_str().unwrap_or_default());
    let mut res = next.call(req).instrument(span.clone()).await?;
    span.in_scope(|| {
        let (req, status) = (res.request(), res.status().as_u16());
        let elapsed_us = start.elapsed().as_micros() as u64;
        let (method, path) = (req.method().as_str(), req.path());
        match status {
            503 if shed(&res) => {
                let now = START.elapsed().as_secs();
                if let Some(shed) = SHED.note(now) {
                    tracing::warn!(
                        target: LOG_TARGET,
                        method,
                        path,
                        status,
                        elapsed_us,
                        shed,
                        "answered; requests shed with 503 since the last such line"
                    )
                }
            }
            500.. => tracing::warn!(target: LOG_TARGET, method, path, status, elapsed_us, "answered"),
            400..=499 => tracing::info!(target: LOG_TARGET, method, path, status, elapsed_us, "answered"),
            _ => tracing::debug!(target: LOG_TARGET, method, path, status, elapsed_us, "answered"),
        }
    });
    res.headers_mut().insert(X_REQUEST_ID, id);
    Ok(res.map_into_boxed_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_only_short_plain_ids() {
        for ok in ["a", "req-42_x.Y", &"z".repeat(64)] {
            assert!(acceptable(ok.as_bytes()), "{ok}");
        }
        for bad in ["", &"z".repeat(65), "a b", "a/b", "é", "a\"b", "a;b"] {
            assert!(!acceptable(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn the_throttle_lets_one_event_a_second_through_with_the_count() {
        let t = Throttle::new();
        assert_eq!(t.note(0), Some(1));
        assert_eq!((t.note(0), t.note(0)), (None, None));
        assert_eq!(t.note(1), Some(3), "the two held back and this one");
        assert_eq!(t.note(1), None);
        assert_eq!(t.note(7), Some(2));
    }

    #[test]
    fn planned_refusals_are_summarised_and_missed_deadlines_are_not() {
        let answer =
            |e: ApiError| ServiceResponse::from_err(e, actix_web::test::TestRequest::default().to_http_request());
        assert!(shed(&answer(ApiError::Overloaded)));
        assert!(shed(&answer(ApiError::BudgetUnavailable { budget_ms: 30, promise_ms: 41, retry_after: 1 })));
        assert!(!shed(&answer(ApiError::Deadline(5_000))));
        assert!(!shed(&answer(ApiError::Internal("the algorithm failed".to_owned()))));
    }

    #[test]
    fn generated_ids_are_acceptable_and_distinct() {
        let (a, b) = (generate(), generate());
        assert_ne!(a, b);
        assert!(acceptable(a.as_bytes()) && acceptable(b.as_bytes()), "{a:?}");
    }
}
