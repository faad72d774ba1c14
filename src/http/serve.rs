//! Running the service: the main server with its client timeouts, the optional metrics address,
//! and the graceful stop on SIGTERM or Ctrl-C.

use std::future::Future;
use std::net::TcpListener;
use std::pin::Pin;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::{App, HttpServer};

use super::app::{AppFactory, AppState, app, cores, default_max_in_flight, metrics_app};
use super::compute::policy::{BudgetPolicy, Clock, OverBudget};
use super::middleware::auth::ApiKey;
use super::middleware::cors::CorsOrigins;
use super::middleware::metrics::Metrics;
use super::worker_slice;

/// Address the service listens on, by default.
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
/// Time to finish the requests in flight after the stop signal, by default.
pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(30);
/// Time a client has to send the request head, by default.
pub const DEFAULT_CLIENT_REQUEST_TIMEOUT: Duration = Duration::from_millis(5000);
/// Time an idle keep-alive connection stays open, by default.
pub const DEFAULT_KEEP_ALIVE: Duration = Duration::from_secs(5);
/// Time a client has to close its side after the server closed the connection, by default.
pub const DEFAULT_CLIENT_DISCONNECT_TIMEOUT: Duration = Duration::from_millis(1000);

/// What `sonar serve` is told (the binary's options and environment variables, parsed).
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on.
    pub bind: String,
    /// Worker threads; `None` for one per core.
    pub workers: Option<usize>,
    /// Compute-heavy requests running or waiting at once before the service answers 503; `None`
    /// for 16 per core.
    pub max_in_flight: Option<usize>,
    /// Longest a compute-heavy request may take, queueing included, before 503.
    pub compute_deadline: Duration,
    /// What a planning request gets when the compute pool cannot keep its promise.
    pub over_budget: OverBudget,
    /// What holds heavy work to its budget: the wall clock (the default) or the work bounds alone.
    pub clock: Clock,
    /// The key POST /recommend requires as a bearer token; `None`, or an empty key, for none.
    pub api_key: Option<ApiKey>,
    /// Serve /metrics on this address only.
    pub metrics_bind: Option<String>,
    /// Origins whose pages may call the service from a browser; empty for same-origin only.
    pub cors_origins: CorsOrigins,
    /// Time to finish the requests in flight after SIGTERM or Ctrl-C.
    pub shutdown_grace: Duration,
    /// Time a client has to send the request head (zero: no limit).
    pub client_request_timeout: Duration,
    /// Time a client has to send a request body once its head has arrived.
    pub client_body_timeout: Duration,
    /// Time an idle keep-alive connection stays open (zero: no keep-alive).
    pub keep_alive: Duration,
    /// Time a client has to close its side after the server closed the connection (zero: no limit).
    pub client_disconnect_timeout: Duration,
}

/// How the servers treat their workers and clients.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    pub workers: usize,
    /// Time to finish the requests in flight after the stop signal.
    pub shutdown_grace: Duration,
    /// Time a client has to send the request head (zero: no limit).
    pub client_request_timeout: Duration,
    /// Time an idle keep-alive connection stays open (zero: no keep-alive).
    pub keep_alive: Duration,
    /// Time a client has to close its side after the server closed the connection (zero: no limit).
    pub client_disconnect_timeout: Duration,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            workers: cores(),
            shutdown_grace: DEFAULT_SHUTDOWN_GRACE,
            client_request_timeout: DEFAULT_CLIENT_REQUEST_TIMEOUT,
            keep_alive: DEFAULT_KEEP_ALIVE,
            client_disconnect_timeout: DEFAULT_CLIENT_DISCONNECT_TIMEOUT,
        }
    }
}

impl ServerOptions {
    /// The servers' part of the service's configuration.
    pub fn of(config: &ServeConfig) -> ServerOptions {
        ServerOptions {
            workers: config.workers.unwrap_or_else(cores),
            shutdown_grace: config.shutdown_grace,
            client_request_timeout: config.client_request_timeout,
            keep_alive: config.keep_alive,
            client_disconnect_timeout: config.client_disconnect_timeout,
        }
    }
}

/// A future whose completion starts the graceful stop.
pub type StopSignal = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Who stops a server.
enum Signals {
    /// actix-web, on SIGTERM, SIGINT or SIGQUIT.
    Actix,
    /// This future, when it resolves.
    Stop(StopSignal),
    /// Nobody but the caller, through the server's handle.
    None,
}

/// The main server on an already-bound listener. Given a `stop` future it stops gracefully when
/// that resolves; without one, actix-web handles the signals itself.
pub fn server(
    listener: TcpListener,
    options: &ServerOptions,
    state: AppState,
    stop: Option<StopSignal>,
) -> std::io::Result<Server> {
    let signals = stop.map_or(Signals::Actix, Signals::Stop);
    start(listener, options, options.workers, signals, move || app(state.clone()))
}

/// The metrics address: one worker, no signal handling (it is stopped after the main server).
pub fn metrics_server(listener: TcpListener, options: &ServerOptions, metrics: Metrics) -> std::io::Result<Server> {
    start(listener, options, 1, Signals::None, move || metrics_app(metrics.clone()))
}

/// A server of `app` on `listener` with the options' grace period and client timeouts.
fn start<A>(
    listener: TcpListener,
    options: &ServerOptions,
    workers: usize,
    signals: Signals,
    app: impl Fn() -> App<A> + Send + Clone + 'static,
) -> std::io::Result<Server>
where
    A: AppFactory + 'static,
{
    // The factory runs once on each worker's own thread, before it serves.
    let app = move || {
        worker_slice::ask();
        app()
    };
    let mut server = HttpServer::new(app)
        .workers(workers.max(1))
        .shutdown_timeout(options.shutdown_grace.as_secs())
        .client_request_timeout(options.client_request_timeout)
        .client_disconnect_timeout(options.client_disconnect_timeout)
        .keep_alive(options.keep_alive);
    server = match signals {
        Signals::Actix => server,
        Signals::Stop(stop) => server.shutdown_signal(stop),
        Signals::None => server.disable_signals(),
    };
    Ok(server.listen(listener)?.run())
}

/// `sonar serve`: serves until SIGTERM or Ctrl-C, then stops accepting, finishes the requests in
/// flight within the grace period and returns.
pub fn run(config: &ServeConfig) -> Result<(), Box<dyn std::error::Error>> {
    let options = ServerOptions::of(config);
    let listener = bind(&config.bind)?;
    let metrics_listener = config.metrics_bind.as_deref().map(bind).transpose()?;
    let max_in_flight = config.max_in_flight.unwrap_or_else(default_max_in_flight);
    let mut state = AppState::with_limits(max_in_flight, config.compute_deadline);
    state = state
        .with_api_key(config.api_key.as_ref().and_then(ApiKey::non_empty))
        .with_body_timeout(config.client_body_timeout)
        .with_cors(config.cors_origins.clone())
        .with_budget_policy(BudgetPolicy { over_budget: config.over_budget, clock: config.clock });
    if metrics_listener.is_some() {
        state = state.without_metrics_route();
    }
    actix_web::rt::System::new().block_on(async move {
        // The handlers are in place before the service says it is listening.
        let stop = stop_signal(options.shutdown_grace)?;
        let metrics = match metrics_listener {
            Some(listener) => {
                tracing::info!(addr = %listener.local_addr()?, "metrics listening");
                Some(metrics_server(listener, &options, state.metrics.clone())?)
            }
            None => None,
        };
        let (addr, api_key) = (listener.local_addr()?, state.api_key.is_some());
        let cors: Vec<String> = state.cors.origins().iter().map(ToString::to_string).collect();
        // What the thread counts were sized from: the cores this process may use (its CPU
        // affinity and cgroup CPU quota, rounded down), unless --workers/--max-in-flight say.
        let (cores, compute_threads) = (cores(), state.compute.threads());
        let max_in_flight = state.admission.max();
        let main = server(listener, &options, state, Some(stop))?;
        tracing::info!(
            %addr, cores, workers = options.workers, compute_threads, max_in_flight, api_key, ?cors,
            page = %format!("http://{addr}/"), "sonar listening"
        );
        let metrics = metrics.map(|server| {
            let handle = server.handle();
            actix_web::rt::spawn(server);
            handle
        });
        main.await?;
        if let Some(handle) = metrics {
            handle.stop(true).await;
        }
        tracing::info!("sonar stopped");
        Ok(())
    })
}

fn bind(addr: &str) -> Result<TcpListener, String> {
    TcpListener::bind(addr).map_err(|e| format!("cannot bind {addr}: {e}"))
}

/// Resolves on the first SIGTERM or SIGINT (Ctrl-C); both stop gracefully.
#[cfg(unix)]
fn stop_signal(grace: Duration) -> std::io::Result<StopSignal> {
    use actix_web::rt::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(Box::pin(async move {
        let name = std::future::poll_fn(|cx| {
            if term.poll_recv(cx).is_ready() {
                std::task::Poll::Ready("SIGTERM")
            } else if int.poll_recv(cx).is_ready() {
                std::task::Poll::Ready("SIGINT")
            } else {
                std::task::Poll::Pending
            }
        })
        .await;
        tracing::info!(signal = name, grace_secs = grace.as_secs(), "stopping: finishing the requests in flight");
    }))
}

#[cfg(not(unix))]
fn stop_signal(grace: Duration) -> std::io::Result<StopSignal> {
    Ok(Box::pin(async move {
        let _ = actix_web::rt::signal::ctrl_c().await;
        tracing::info!(signal = "Ctrl-C", grace_secs = grace.as_secs(), "stopping: finishing the requests in flight");
    }))
}
