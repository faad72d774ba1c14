//! `GET /healthz` and `GET /metrics`: is the service up, and its metrics.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::middleware::metrics::Metrics;

/// Liveness.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"status": "ok"}))]
pub struct Health {
    pub status: String,
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
