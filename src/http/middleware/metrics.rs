//! Prometheus metrics: algorithm compute time, HTTP requests, errors by kind, process figures.

use std::time::Instant;

use crate::http::compute::pool::ComputePool;
use crate::http::problem::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, web};
use prometheus::core::{Collector, Desc};
use prometheus::proto::MetricFamily;
use prometheus::{
    Encoder, Gauge, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry, TextEncoder,
};

/// Buckets from 1 µs to 1 s: 1, 2.5 and 5 per decade.
pub fn latency_buckets() -> Vec<f64> {
    vec![
        1e-6, 2.5e-6, 5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 5e-2, 0.1, 0.25,
        0.5, 1.0,
    ]
}

/// Every metric the service exports, in its own registry.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    /// Compute time of the algorithm alone, by algorithm.
    pub recommend_duration: HistogramVec,
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    errors: IntCounterVec,
    planning: IntCounterVec,
    cut: IntCounterVec,
}

impl Metrics {
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let recommend_duration = HistogramVec::new(
            HistogramOpts::new(
                "sonar_recommend_duration_seconds",
                "Time the algorithm took to compute a recommendation",
            )
            .buckets(latency_buckets()),
            &["algorithm"],
        )
        .expect("valid metric");
        let http_requests = IntCounterVec::new(
            Opts::new("sonar_http_requests_total", "HTTP requests answered, by method, route pattern and status"),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let http_duration = HistogramVec::new(
            HistogramOpts::new("sonar_http_request_duration_seconds", "Time to answer an HTTP request")
                .buckets(latency_buckets()),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let errors = IntCounterVec::new(Opts::new("sonar_errors_total", "Error responses, by problem kind"), &["kind"])
            .expect("valid metric");
        let planning = IntCounterVec::new(
            Opts::new(
                "sonar_planning_requests_total",
                "Requests with a planning budget, by what they got: promised, refused, or lowered to the default budget",
            ),
            &["outcome"],
        )
        .expect("valid metric");
        let cut = IntCounterVec::new(
            Opts::new(
                "sonar_compute_cut_total",
                "Answers whose computation the clock stopped before the budget's work was done, by algorithm and stage",
            ),
            &["algorithm", "stage"],
        )
        .expect("valid metric");
        for c in [
            Box::new(recommend_duration.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(http_requests.clone()),
            Box::new(http_duration.clone()),
            Box::new(errors.clone()),
            Box::new(planning.clone()),
            Box::new(cut.clone()),
        ] {
            registry.register(c).expect("metric registered once");
        }
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))
            .expect("process collector registered once");
        for outcome in ["promised", "refused", "lowered"] {
            planning.with_label_values(&[outcome]);
        }
        Metrics { registry, recommend_duration, http_requests, http_duration, errors, planning, cut }
    }

    /// Exports how many compute-heavy requests are in flight (`sonar_compute_in_flight`) and the
    /// bound on them (`sonar_compute_in_flight_limit`), read from `admission` at each scrape.
    pub fn watch_admission(&self, admission: std::sync::Arc<crate::http::compute::admission::Admission>) {
        self.registry.register(Box::new(AdmissionGauges::new(admission))).expect("admission gauges registered once");
    }

    /// Exports how many of `pool`'s threads run a job (`sonar_compute_threads_busy`, by `kind`:
    /// `planning` or `default`) and how many it has (`sonar_compute_threads`), read at each
    /// scrape.
    pub fn watch_pool(&self, pool: ComputePool) {
        self.registry.register(Box::new(PoolGauges::new(pool))).expect("pool gauges registered once");
    }

    /// Counts a planning request by what it got: `promised`, `refused` or `lowered`.
    pub fn planning(&self, outcome: &str) {
        self.planning.with_label_values(&[outcome]).inc();
    }

    /// Counts an answer the clock stopped, at `stage` (`sampling`, `counting`, `rollouts`,
    /// `arsenal`).
    pub fn cut(&self, algorithm: &str, stage: &str) {
        self.cut.with_label_values(&[algorithm, stage]).inc();
    }

    /// Counts an error response of the given kind.
    pub fn error(&self, kind: &str) {
        self.errors.with_label_values(&[kind]).inc();
    }

    /// The text exposition of every metric.
    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        TextEncoder::new().encode(&self.registry.gather(), &mut buf).expect("text encoding cannot fail");
        String::from_utf8(buf).expect("prometheus text is UTF-8")
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// A count as a gauge's value.
fn gauge_value(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The admission bound's gauges, set from the bound's own counter when scraped.
struct AdmissionGauges {
    admission: std::sync::Arc<crate::http::compute::admission::Admission>,
    in_flight: IntGauge,
    limit: IntGauge,
}

impl AdmissionGauges {
    fn new(admission: std::sync::Arc<crate::http::compute::admission::Admission>) -> AdmissionGauges {
        let in_flight =
            IntGauge::new("sonar_compute_in_flight", "Compute-heavy requests running or queued").expect("valid metric");
        let limit = IntGauge::new(
            "sonar_compute_in_flight_limit",
            "Compute-heavy requests allowed in flight at once (--max-in-flight); past it, 503",
        )
        .expect("valid metric");
        AdmissionGauges { admission, in_flight, limit }
    }
}

impl Collector for AdmissionGauges {
    fn desc(&self) -> Vec<&Desc> {
        self.in_flight.desc().into_iter().chain(self.limit.desc()).collect()
    }

    fn collect(&self) -> Vec<MetricFamily> {
        self.in_flight.set(gauge_value(self.admission.in_flight()));
        self.limit.set(gauge_value(self.admission.max()));
        self.in_flight.collect().into_iter().chain(self.limit.collect()).collect()
    }
}

/// The compute pool's gauges, read from the pool when scraped.
struct PoolGauges {
    pool: ComputePool,
    busy: IntGaugeVec,
    threads: IntGauge,
    share: Gauge,
}

impl PoolGauges {
    fn new(pool: ComputePool) -> PoolGauges {
        let busy = IntGaugeVec::new(
            Opts::new("sonar_compute_threads_busy", "Compute pool threads running a job, by kind of job"),
            &["kind"],
        )
        .expect("valid metric");
        let threads = IntGauge::new("sonar_compute_threads", "Threads of the compute pool").expect("valid metric");
        let share = Gauge::new(
            "sonar_compute_cpu_share",
            "Share of a CPU the compute threads got while they ran their jobs (CPU time over wall time)",
        )
        .expect("valid metric");
        PoolGauges { pool, busy, threads, share }
    }
}

impl Collector for PoolGauges {
    fn desc(&self) -> Vec<&Desc> {
        self.busy.desc().into_iter().chain(self.threads.desc()).chain(self.share.desc()).collect()
    }

    fn collect(&self) -> Vec<MetricFamily> {
        let busy = self.pool.busy();
        self.busy.with_label_values(&["planning"]).set(gauge_value(busy.planning));
        self.busy.with_label_values(&["default"]).set(gauge_value(busy.default));
        self.threads.set(gauge_value(self.pool.threads()));
        self.share.set(self.pool.delivered());
        self.busy.collect().into_iter().chain(self.threads.collect()).chain(self.share.collect()).collect()
    }
}

/// The response header that says how long the service took over a request, in milliseconds from
/// the request's head to its response (the W3C Server Timing header, one metric `app`).
pub const SERVER_TIMING: &str = "server-timing";

/// Middleware: counts and times every request by method, matched route pattern and status, and
/// says the time in the answer's [`SERVER_TIMING`] header.
pub async fn track(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse, Error> {
    let start = Instant::now();
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    // Only the standard methods get their own label: made-up method tokens share one.
    let method: &'static str = match req.method().as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    };
    let mut res = next.call(req).await?;
    // The service's own time for the request, for a load tool to set beside what it measured.
    let took = format!("app;dur={:.2}", start.elapsed().as_secs_f64() * 1e3);
    if let Ok(value) = HeaderValue::from_str(&took) {
        res.headers_mut().insert(HeaderName::from_static(SERVER_TIMING), value);
    }
    if let Some(m) = metrics {
        // Unmatched paths share one label so that scanners cannot blow up the series count.
        let route = res.request().match_pattern().unwrap_or_else(|| "unmatched".to_owned());
        let status = res.status().as_u16().to_string();
        let labels = [method, route.as_str(), status.as_str()];
        m.http_requests.with_label_values(&labels).inc();
        m.http_duration.with_label_values(&labels).observe(start.elapsed().as_secs_f64());
        if let Some(err) = res.response().error().and_then(|e| e.as_error::<ApiError>()) {
            m.error(err.kind());
        }
    }
    Ok(res.map_into_boxed_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_span_a_microsecond_to_a_second() {
        let b = latency_buckets();
        assert_eq!(b.first().copied(), Some(1e-6));
        assert_eq!(b.last().copied(), Some(1.0));
        assert_eq!(b.len(), 19);
        assert!(b.windows(2).all(|w| w[0] < w[1]));
    }
}
