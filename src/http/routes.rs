//! Request handlers.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde_json::value::RawValue;

use crate::rng::{fresh_seed, seeded};
use crate::strategy::{Algorithm, recommend_with_candidates as run_algorithm};
use crate::tie_order::TieOrder;
use crate::turn::Turn;

use super::admission::Admission;
use super::compute_pool::{ComputePool, JobError};
use super::dto::{AlgorithmEntry, Health, RecommendRequest, RecommendResponse, ValidRequest};
use super::error::ApiError;
use super::metrics::Metrics;
use super::openapi::{PlacementProblems, PostProblems, RecommendProblems, SpecJson};
use super::placement_dto::{PlacementRequest, PlacementResponse, ValidPlacement};

/// Recommend the next shot.
///
/// Takes the board as the shooter sees it and the ships still afloat, and optionally the rules
/// (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
/// of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
/// the full per-cell grid behind them. Stateless: the same request with the same seed always gets
/// the same answer.
#[utoipa::path(
    post,
    path = "/recommend",
    tag = "recommend",
    request_body(content = RecommendRequest, content_type = "application/json"),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The recommended shot and the algorithm's grid", body = RecommendResponse),
        PostProblems,
        RecommendProblems,
    )
)]
pub async fn recommend(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
    metrics: web::Data<Metrics>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, timeout.0).await?;
    Ok(answer(body, metrics, admission, pool).await?)
}

/// The request body as one JSON value. Syntax, size and media type are checked by the JSON
/// extractor, within the body deadline (the head's is actix's client request timeout).
async fn read_json(
    req: &HttpRequest,
    payload: web::Payload,
    timeout: std::time::Duration,
) -> Result<Box<RawValue>, actix_web::Error> {
    let read = web::Json::<Box<RawValue>>::from_request(req, &mut payload.into_inner());
    let body =
        actix_web::rt::time::timeout(timeout, read).await.map_err(|_| ApiError::BodyTimeout(timeout.as_millis()))??;
    Ok(body.into_inner())
}

/// How long a client has to send the request body.
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub std::time::Duration);

/// The answer to a request body that is well-formed JSON.
async fn answer(
    body: Box<RawValue>,
    metrics: web::Data<Metrics>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
) -> Result<HttpResponse, ApiError> {
    // The shape is checked here, so that the error can name the field at fault.
    let mut req = ValidRequest::from_json(body.get())?;
    // A heavy request past the bound is shed before the position is checked, so that an
    // overload costs as little as possible per refusal.
    let slot = match req.algorithm.is_heavy() {
        true => Some(admission.into_inner().try_enter().ok_or(ApiError::Overloaded)?),
        false => None,
    };
    // The board as a shooter who knows the rules reads it (under the no-touch rules the cells
    // they prove to be water become `o`): the checks, the algorithm and the grid all see this one.
    let revealed = match req.rules.reveal(&req.board) {
        std::borrow::Cow::Owned(board) => Some(board),
        std::borrow::Cow::Borrowed(_) => None,
    };
    if let Some(board) = revealed {
        req.board = board;
    }
    Turn::checked(&req.board, &req.fleet, req.rules)?;
    // A request's seed picks its tie order. One without a seed gets a drawn seed whose order is
    // row-major, so that a client that sends no seed still plays one coherent order through its
    // game, and the seed reported with the answer replays it.
    let seed = req.seed.unwrap_or_else(|| TieOrder::row_major_seed(fresh_seed));
    let order = TieOrder::from_seed(seed);
    let (algorithm, candidates, level) = (req.algorithm, req.candidates, req.level);
    let cols = req.board.cols();
    let compute = move || {
        let turn = Turn::new(&req.board, &req.fleet).with_rules(req.rules).with_budget(req.budget_ms).with_order(order);
        let start = Instant::now();
        let outcome =
            catch_unwind(AssertUnwindSafe(|| run_algorithm(algorithm, level, turn, &mut seeded(seed), candidates)));
        (outcome, start.elapsed().as_secs_f64())
    };
    // Algorithms that think for milliseconds run on the low-priority compute pool, so that they
    // never hold up the threads answering other requests.
    let (outcome, elapsed) = if let Some(slot) = slot {
        // The slot lives with the job: a client that goes away does not free it before the
        // computation it started has finished.
        let job = move || {
            let _slot = slot;
            compute()
        };
        pool.run(job).await.map_err(|e| match e {
            JobError::Deadline(d) => ApiError::Deadline(d.as_millis()),
            JobError::Panicked => ApiError::Internal("compute pool".to_owned()),
        })?
    } else {
        compute()
    };
    let rec = outcome.map_err(|_| ApiError::Internal(format!("algorithm {} failed", algorithm.name())))??;
    metrics.recommend_duration.with_label_values(&[algorithm.name()]).observe(elapsed);
    let body = RecommendResponse::new(rec, cols, seed).to_json();
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}

/// Place a fleet.
///
/// The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
/// uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
/// or a corner), or with `style: hard` the least exposed of 64 such layouts. Stateless and reproducible: the same request and seed give the same layout. A
/// fleet that cannot fit is refused with a 422 naming the problem, decided within a bounded time
/// whatever the board size.
#[utoipa::path(
    post,
    path = "/placement",
    tag = "placement",
    request_body(content = PlacementRequest, content_type = "application/json"),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "A layout of the whole fleet", body = PlacementResponse),
        PostProblems,
        PlacementProblems,
    )
)]
pub async fn placement(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
) -> Result<HttpResponse, actix_web::Error> {
    let body = read_json(&req, payload, timeout.0).await?;
    let req = ValidPlacement::from_json(body.get())?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let layout =
        crate::placement::place_styled(req.rows, req.cols, &req.fleet, req.rules, req.style.into(), &mut seeded(seed))
            .map_err(ApiError::from)?;
    let body =
        serde_json::to_vec(&PlacementResponse::new(layout, req.style, seed)).expect("a layout always serializes");
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(body))
}

/// List the algorithms.
///
/// Each algorithm's name (the value for `algorithm`), summary, source (a citation), grid kind,
/// whether it uses randomness, and how it plays the no-touch rules and salvos (`rules`). The
/// default algorithm is marked.
#[utoipa::path(
    get,
    path = "/algorithms",
    tag = "recommend",
    responses((status = 200, description = "Every algorithm, strongest first", body = Vec<AlgorithmEntry>))
)]
pub async fn algorithms() -> web::Json<Vec<AlgorithmEntry>> {
    web::Json(Algorithm::ALL.iter().map(|&a| a.into()).collect())
}

/// Liveness check.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "operations",
    responses((status = 200, description = "The service is up", body = Health))
)]
pub async fn healthz() -> web::Json<Health> {
    web::Json(Health { status: "ok".to_owned() })
}

/// Prometheus metrics in the text exposition format.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    responses((status = 200, description = "Metrics in Prometheus text format", body = String, content_type = "text/plain; version=0.0.4; charset=utf-8"))
)]
pub async fn metrics(metrics: web::Data<Metrics>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(metrics.render())
}

/// This OpenAPI document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "operations",
    responses((status = 200, description = "The OpenAPI 3.1 document of this service", body = Object))
)]
pub async fn openapi_json(spec: web::Data<SpecJson>) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(spec.0.clone())
}

/// `/docs` without the slash: send the browser to the Swagger UI.
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect().insert_header((header::LOCATION, "/docs/")).finish()
}

/// Any path the service does not have.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound(req.path().to_owned()))
}

/// A known path asked with a method it does not answer.
pub fn method_not_allowed(
    allow: &'static str,
) -> impl Fn(HttpRequest) -> std::future::Ready<Result<HttpResponse, ApiError>> + Clone {
    move |req: HttpRequest| {
        std::future::ready(Err(ApiError::MethodNotAllowed {
            method: super::head::sent_method(&req).to_string(),
            path: req.path().to_owned(),
            allow,
        }))
    }
}
