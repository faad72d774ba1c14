//! The application: what every worker shares ([`AppState`]) and the route table, with the edge
//! every address wraps its routes in.

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Condition, from_fn};
use actix_web::{App, web};

use super::body::BodyTimeout;
use super::compute::policy::BudgetPolicy;
use super::compute::{admission, pool};
use super::middleware::auth::{self, ApiKey};
use super::middleware::metrics::{self, Metrics};
use super::middleware::{cors, head, length_required, request_id};
use super::routes::fallback::{method_not_allowed, not_found};
use super::routes::openapi::{self, SpecJson, SpecOptions};
use super::routes::{algorithms, health, opponent, page, placement, recommend};

/// Heavy requests admitted per core by default (running or queued): at the default 10 ms budget a
/// full queue drains in about 160 ms, well inside the compute deadline.
pub const MAX_IN_FLIGHT_PER_CORE: usize = 16;

/// The default bound on heavy requests in flight: [`MAX_IN_FLIGHT_PER_CORE`] per core.
pub fn default_max_in_flight() -> usize {
    MAX_IN_FLIGHT_PER_CORE * cores()
}

/// The cores the service may use (one when the system cannot tell): the default number of
/// request workers, and of compute threads. On Linux this is the CPU affinity mask, capped by
/// a cgroup v1 or v2 CPU quota rounded down (`std::thread::available_parallelism`): a container
/// limited to 1500m counts one core, one limited to 2 counts two, whatever the node has.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What every worker shares.
#[derive(Clone)]
pub struct AppState {
    pub metrics: Metrics,
    pub spec: SpecJson,
    /// Bound on compute-heavy requests in flight.
    pub admission: std::sync::Arc<admission::Admission>,
    /// Where compute-heavy requests run.
    pub compute: pool::ComputePool,
    /// The key `POST /recommend` requires, if any.
    pub api_key: Option<ApiKey>,
    /// Whether `/metrics` is served by this app (rather than on its own address).
    pub metrics_route: bool,
    /// How long a client may take to send a request body once its head has arrived.
    pub body_timeout: std::time::Duration,
    /// Other origins whose pages may call the service (none: same-origin only).
    pub cors: cors::CorsOrigins,
    /// Whether heavy work is held to the clock, and what an over-budget planning request gets.
    pub budgets: BudgetPolicy,
}

/// Default time a client has to send a request body: [`AppState::body_timeout`].
pub const DEFAULT_BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

impl AppState {
    /// Shared state with the default bound on heavy requests: [`MAX_IN_FLIGHT_PER_CORE`] per core.
    pub fn new() -> AppState {
        AppState::with_max_in_flight(default_max_in_flight())
    }

    pub fn with_max_in_flight(max: usize) -> AppState {
        AppState::with_limits(max, pool::DEFAULT_DEADLINE)
    }

    /// Shared state with a bound on heavy requests in flight and the deadline each must answer
    /// within (queueing included).
    pub fn with_limits(max_in_flight: usize, compute_deadline: std::time::Duration) -> AppState {
        let metrics = Metrics::new();
        let admission = admission::Admission::new(max_in_flight);
        metrics.watch_admission(std::sync::Arc::clone(&admission));
        let compute = pool::ComputePool::with_deadline(cores(), compute_deadline);
        metrics.watch_pool(compute.clone());
        AppState {
            metrics,
            spec: SpecJson(openapi::spec_json()),
            admission,
            compute,
            api_key: None,
            metrics_route: true,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            cors: cors::CorsOrigins::default(),
            budgets: BudgetPolicy::default(),
        }
    }

    /// Holds heavy work to the clock or not, and answers over-budget planning requests as
    /// `budgets` says. Without this the work bounds alone decide, so that the same request and
    /// seed give the same answer however loaded the machine (the tests' choice); `sonar serve`
    /// holds work to the clock.
    pub fn with_budget_policy(mut self, budgets: BudgetPolicy) -> AppState {
        self.budgets = budgets;
        self
    }

    /// Lets pages of these origins call the service from a browser.
    pub fn with_cors(mut self, origins: cors::CorsOrigins) -> AppState {
        self.cors = origins;
        self
    }

    /// Requires `Authorization: Bearer <key>` on `POST /recommend` when `key` is some.
    pub fn with_api_key(mut self, key: Option<ApiKey>) -> AppState {
        self.api_key = key;
        self.refresh_spec()
    }

    /// Gives clients `timeout` to send a request body (408 after it).
    pub fn with_body_timeout(mut self, timeout: std::time::Duration) -> AppState {
        self.body_timeout = timeout;
        self
    }

    /// Leaves `/metrics` to [`metrics_app`] on another address.
    pub fn without_metrics_route(mut self) -> AppState {
        self.metrics_route = false;
        self.refresh_spec()
    }

    /// The served document follows the configuration.
    fn refresh_spec(mut self) -> AppState {
        let options = SpecOptions { api_key_required: self.api_key.is_some(), metrics_elsewhere: !self.metrics_route };
        self.spec = SpecJson(openapi::spec_json_for(options));
        self
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new()
    }
}

/// Registers every route and the state the routes share, on an app or a test service.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        cfg.app_data(web::Data::new(state.metrics))
            .app_data(web::Data::new(state.spec))
            .app_data(web::Data::from(state.admission))
            .app_data(web::Data::new(state.compute))
            .app_data(web::Data::new(BodyTimeout(state.body_timeout)))
            .app_data(web::Data::new(state.budgets))
            .service(
                web::resource("/recommend")
                    .wrap(Condition::new(state.api_key.is_some(), from_fn(auth::require_bearer)))
                    .route(web::post().to(recommend::handler::recommend))
                    .default_service(web::to(method_not_allowed("POST"))),
            )
            .service(
                web::resource("/placement")
                    .wrap(Condition::new(state.api_key.is_some(), from_fn(auth::require_bearer)))
                    .route(web::post().to(placement::placement))
                    .default_service(web::to(method_not_allowed("POST"))),
            )
            .service(
                web::resource("/opponent")
                    .wrap(Condition::new(state.api_key.is_some(), from_fn(auth::require_bearer)))
                    .route(web::post().to(opponent::opponent))
                    .default_service(web::to(method_not_allowed("POST"))),
            )
            .service(get_only("/", page::index))
            .service(get_only("/assets/{name}", page::asset))
            .service(get_only("/algorithms", algorithms::algorithms))
            .service(get_only("/healthz", health::healthz));
        if let Some(key) = state.api_key {
            cfg.app_data(web::Data::new(key));
        }
        if state.metrics_route {
            cfg.service(get_only("/metrics", health::metrics));
        }
        cfg.service(get_only("/openapi.json", openapi::openapi_json))
            .service(get_only("/docs", openapi::docs_redirect))
            .service(openapi::swagger_ui());
    }
}

/// A resource that answers GET, and HEAD with the same head and no body ([`head::as_get`] routes
/// HEAD as GET), and 405 to any other method.
fn get_only<F, Args>(path: &str, handler: F) -> actix_web::Resource
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    web::resource(path).route(web::get().to(handler)).default_service(web::to(method_not_allowed("GET, HEAD")))
}

/// What [`app`] and [`metrics_app`] build: a service factory that actix-web's server and its
/// test harness both accept.
pub trait AppFactory:
    ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse, Error = actix_web::Error, InitError = ()>
{
}

impl<T> AppFactory for T where
    T: ServiceFactory<
            ServiceRequest,
            Config = (),
            Response = ServiceResponse,
            Error = actix_web::Error,
            InitError = (),
        >
{
}

/// The whole application.
pub fn app(state: AppState) -> App<impl AppFactory> {
    let cors = state.cors.clone();
    with_edge(
        App::new()
            .configure(configure(state))
            .wrap(Condition::new(!cors.is_empty(), cors.middleware()))
            .wrap(from_fn(cors::refusals_as_problems)),
    )
}

/// The app of the metrics address (`--metrics-bind`): `/metrics` alone, from the same registry.
pub fn metrics_app(metrics: Metrics) -> App<impl AppFactory> {
    with_edge(App::new().app_data(web::Data::new(metrics)).service(get_only("/metrics", health::metrics)))
}

/// What every address does around its routes: 404 for unknown paths, HEAD wherever GET is
/// answered, 411 for bodies without a length, metrics and the request id.
fn with_edge<T>(app: App<T>) -> App<impl AppFactory>
where
    T: AppFactory<Service: 'static> + 'static,
{
    app.default_service(web::to(not_found))
        .wrap(from_fn(head::as_get))
        .wrap(from_fn(length_required::refuse_unsized))
        .wrap(from_fn(metrics::track))
        .wrap(from_fn(request_id::tag))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// A thread allowed on a single CPU (as `taskset -c N`, or a cpuset) counts one core.
    #[test]
    fn cores_follow_the_cpu_affinity() {
        std::thread::spawn(|| {
            // SAFETY: a zeroed cpu_set_t is a valid empty set; both calls write to the calling
            // thread's own affinity only, and this thread ends with the test.
            unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                assert_eq!(libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set), 0);
                let cpu = (0..libc::CPU_SETSIZE as usize).find(|&c| libc::CPU_ISSET(c, &set)).unwrap();
                let mut one: libc::cpu_set_t = std::mem::zeroed();
                libc::CPU_SET(cpu, &mut one);
                assert_eq!(libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &one), 0);
            }
            assert_eq!(super::cores(), 1);
        })
        .join()
        .unwrap();
    }
}
