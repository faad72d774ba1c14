//! The operations endpoints through the app: HEAD wherever GET answers, `GET /algorithms`,
//! `/healthz`, `/metrics`, the committed OpenAPI document and the offline Swagger UI.

use crate::helpers::{app, post_json};
use crate::recommend::{example, raw};
use actix_web::test;
use serde_json::{Value, json};
use sonar::http::AppState;

#[actix_web::test]
async fn get_routes_answer_head_with_the_same_head() {
    let app = app(AppState::new()).await;
    for path in ["/healthz", "/algorithms", "/metrics", "/openapi.json"] {
        let get = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        let head = test::call_service(
            &app,
            test::TestRequest::default().method(actix_web::http::Method::HEAD).uri(path).to_request(),
        )
        .await;
        assert_eq!((head.status().as_u16(), get.status().as_u16()), (200, 200), "{path}");
        assert_eq!(head.headers().get("content-type"), get.headers().get("content-type"), "{path}");
    }
}

#[actix_web::test]
async fn lists_algorithms_and_answers_health() {
    let app = app(AppState::new()).await;
    let (status, _, algos, _) = raw(&app, test::TestRequest::get().uri("/algorithms")).await;
    assert_eq!(status, 200);
    let algos = algos.as_array().unwrap();
    assert_eq!(algos.len(), sonar::Algorithm::ALL.len());
    for a in algos {
        for field in
            ["name", "summary", "source", "grid_kind", "uses_randomness", "default", "mean_shots", "mean_shots_ci95"]
        {
            assert!(!a[field].is_null(), "{a} lacks {field}");
        }
    }
    assert_eq!(algos.iter().filter(|a| a["default"] == true).count(), 1);
    // Each source is a citation a client can follow, never the name of a local copy.
    for a in algos {
        let source = a["source"].as_str().unwrap();
        assert!(!source.contains(".txt") && !source.contains("seeds/"), "{source}");
    }
    let source = |name: &str| algos.iter().find(|a| a["name"] == name).unwrap()["source"].as_str().unwrap();
    assert!(source("longest-run").contains("Christopher Stoll") && source("longest-run").contains("https://"));
    assert!(source("strafing").contains("Rodin") && source("strafing").contains("1988"));
    // A client can rank them by measured strength: the table's figures, random the weakest.
    let mean = |name: &str| algos.iter().find(|a| a["name"] == name).unwrap()["mean_shots"].as_f64().unwrap();
    assert_eq!(mean("density"), sonar::classic(sonar::Algorithm::Density).unwrap().mean);
    assert!(algos.iter().all(|a| a["mean_shots"].as_f64().unwrap() <= mean("random")));
    assert!(mean("bayes") < mean("density") && mean("density") < mean("checkerboard"));
    let (status, _, health, _) = raw(&app, test::TestRequest::get().uri("/healthz")).await;
    assert_eq!((status, health), (200, json!({"status": "ok"})));
}

pub fn metric_value(text: &str, name_and_labels: &str) -> f64 {
    text.lines().find_map(|l| l.strip_prefix(name_and_labels).and_then(|rest| rest.trim().parse().ok())).unwrap_or(0.0)
}

#[actix_web::test]
async fn metrics_count_every_recommendation_and_request() {
    let app = app(AppState::new()).await;
    for seed in 0..7 {
        let mut req = example();
        req["seed"] = json!(seed);
        assert_eq!(post_json(&app, &req).await.0, 200);
    }
    post_json(&app, &json!({"board": ["X"], "ships": [1]})).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/metrics").to_request()).await;
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("content-type").unwrap().to_str().unwrap().starts_with("text/plain"));
    let text = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    assert_eq!(metric_value(&text, "sonar_recommend_duration_seconds_count{algorithm=\"density\"}"), 7.0);
    assert!(text.contains("sonar_recommend_duration_seconds_bucket{algorithm=\"density\",le=\"0.000001\"}"));
    assert!(text.contains("sonar_recommend_duration_seconds_bucket{algorithm=\"density\",le=\"1\"}"));
    assert_eq!(
        metric_value(&text, "sonar_http_requests_total{method=\"POST\",route=\"/recommend\",status=\"200\"}"),
        7.0
    );
    assert_eq!(
        metric_value(&text, "sonar_http_requests_total{method=\"POST\",route=\"/recommend\",status=\"422\"}"),
        1.0
    );
    assert!(
        text.contains("sonar_http_request_duration_seconds_bucket{method=\"POST\",route=\"/recommend\",status=\"200\"")
    );
    assert_eq!(metric_value(&text, "sonar_errors_total{kind=\"invalid-board\"}"), 1.0);
    #[cfg(target_os = "linux")]
    assert!(text.contains("process_resident_memory_bytes"));
}

#[actix_web::test]
async fn serves_the_committed_openapi_document() {
    let app = app(AppState::new()).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/openapi.json").to_request()).await;
    assert_eq!(res.status(), 200);
    let served = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
        .expect("openapi/openapi.json is committed");
    assert!(
        served == committed,
        "openapi/openapi.json is stale: regenerate it with `cargo run -- openapi > openapi/openapi.json`"
    );
    let doc: Value = serde_json::from_str(&served).unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    for path in ["/recommend", "/algorithms", "/healthz", "/metrics", "/openapi.json"] {
        assert!(doc["paths"][path].is_object(), "{path} is not documented");
    }
    let responses = &doc["paths"]["/recommend"]["post"]["responses"];
    for status in ["200", "400", "413", "415", "422"] {
        assert!(responses[status].is_object(), "/recommend does not document {status}");
    }
    assert!(responses["422"]["content"]["application/problem+json"].is_object());
    assert!(doc["components"]["schemas"]["RecommendRequest"]["example"].is_object());
}

#[actix_web::test]
async fn docs_work_offline() {
    let app = app(AppState::new()).await;
    let res = test::call_service(&app, test::TestRequest::get().uri("/docs").to_request()).await;
    assert_eq!(res.status(), 308);
    assert_eq!(res.headers().get("location").unwrap(), "/docs/");
    for path in ["/docs/", "/docs/swagger-initializer.js", "/docs/swagger-ui.css", "/docs/swagger-ui-bundle.js"] {
        let res = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(res.status(), 200, "{path}");
        let body = String::from_utf8_lossy(&test::read_body(res).await).into_owned();
        match path {
            "/docs/" | "/docs/swagger-initializer.js" => {
                assert!(!body.contains("http://") && !body.contains("https://"), "{path} refers to an external URL")
            }
            // Only SVG namespace names in inline data URIs, never a fetched URL.
            _ => assert!(!body.contains("url(http") && !body.contains("url(\"http"), "{path} fetches an external URL"),
        }
        if path == "/docs/swagger-initializer.js" {
            assert!(body.contains("\"/openapi.json\""));
        }
    }
}

#[actix_web::test]
async fn every_answer_says_the_services_time() {
    let app = app(AppState::new()).await;
    for req in [test::TestRequest::get().uri("/healthz"), test::TestRequest::get().uri("/nowhere")] {
        let res = test::call_service(&app, req.to_request()).await;
        let timing = res.headers().get("server-timing").expect("a Server-Timing header").to_str().unwrap();
        let ms: f64 = timing.strip_prefix("app;dur=").expect(timing).parse().unwrap();
        assert!(ms >= 0.0, "{timing}");
    }
}
