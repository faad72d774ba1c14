//! Cross-origin requests: real preflights as a browser sends them, against a service that allows
//! some origins, any origin, or (the default) none. The browser tests (`browser-tests/`) also call
//! the service from a page on another origin.

use crate::helpers::app;
use crate::helpers::binary::{Sonar, client};
use actix_web::http::Method;
use actix_web::http::header::HeaderMap;
use actix_web::test as at;
use serde_json::{Value, json};
use sonar::http::ApiKey;
use sonar::http::AppState;

const GAME: &str = "https://game.example";

fn allowing(origins: &str) -> AppState {
    AppState::new().with_cors(origins.parse().unwrap())
}

async fn call(state: AppState, req: at::TestRequest) -> (u16, HeaderMap, Value) {
    let app = app(state).await;
    let res = at::call_service(&app, req.to_request()).await;
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    let body = at::read_body(res).await;
    (status, headers, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// The preflight a browser sends before a cross-origin JSON POST with a bearer key.
fn preflight(origin: &str, method: &str, headers: &str) -> at::TestRequest {
    at::TestRequest::default()
        .method(Method::OPTIONS)
        .uri("/recommend")
        .insert_header(("origin", origin))
        .insert_header(("access-control-request-method", method))
        .insert_header(("access-control-request-headers", headers))
}

fn list(headers: &HeaderMap, name: &str) -> Vec<String> {
    headers
        .get(name)
        .map(|v| v.to_str().unwrap().split(',').map(|s| s.trim().to_ascii_lowercase()).collect())
        .unwrap_or_default()
}

fn post(origin: &str, body: &Value) -> at::TestRequest {
    at::TestRequest::post()
        .uri("/recommend")
        .insert_header(("origin", origin))
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_string())
}

fn position() -> Value {
    json!({"board": ["....", "....", "....", "...."], "ships": [2], "algorithm": "density", "seed": 1})
}

#[actix_web::test]
async fn an_allowed_origin_gets_a_preflight_with_the_methods_and_headers_the_api_uses() {
    let (status, headers, _) = call(
        allowing("https://game.example,http://localhost:3000"),
        preflight(GAME, "POST", "content-type,authorization"),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), GAME);
    let methods = list(&headers, "access-control-allow-methods");
    for m in ["post", "get", "head"] {
        assert!(methods.contains(&m.to_owned()), "{methods:?}");
    }
    let allowed = list(&headers, "access-control-allow-headers");
    for h in ["content-type", "authorization", "x-request-id"] {
        assert!(allowed.contains(&h.to_owned()), "{allowed:?}");
    }
    assert_eq!(headers.get("access-control-max-age").unwrap(), "600");
    assert!(list(&headers, "vary").contains(&"origin".to_owned()));
    // The second origin of the list too, and a GET route.
    let req = preflight("http://localhost:3000", "GET", "x-request-id").uri("/algorithms");
    let (status, headers, _) = call(allowing("https://game.example,http://localhost:3000"), req).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), "http://localhost:3000");
}

#[actix_web::test]
async fn answers_to_an_allowed_origin_carry_the_origin_and_expose_the_headers_clients_read() {
    let (status, headers, body) = call(allowing(GAME), post(GAME, &position())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), GAME);
    let exposed = list(&headers, "access-control-expose-headers");
    for h in ["x-request-id", "retry-after", "www-authenticate"] {
        assert!(exposed.contains(&h.to_owned()), "{exposed:?}");
    }
    // Errors too, or a browser page could not read the problem.
    let (status, headers, body) = call(allowing(GAME), post(GAME, &json!({"board": ["..."], "ships": [9]}))).await;
    assert_eq!((status, body["type"].as_str()), (422, Some("urn:sonar:problem:invalid-fleet")));
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), GAME);
    let keyed = allowing(GAME).with_api_key("k".parse::<ApiKey>().ok());
    let (status, headers, body) = call(keyed, post(GAME, &position())).await;
    assert_eq!((status, body["type"].as_str()), (401, Some("urn:sonar:problem:unauthorized")));
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), GAME);
}

#[actix_web::test]
async fn a_preflight_from_another_origin_or_for_another_method_or_header_is_a_400_problem() {
    let cases = [
        (preflight("https://evil.example", "POST", "content-type"), "Origin is not allowed"),
        (preflight(GAME, "PUT", "content-type"), "method"),
        (preflight(GAME, "POST", "x-custom"), "header"),
    ];
    for (req, says) in cases {
        let (status, headers, body) = call(allowing(GAME), req).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(headers.get("content-type").unwrap(), "application/problem+json");
        assert_eq!(body["type"], "urn:sonar:problem:cross-origin-refused");
        assert!(body["detail"].as_str().unwrap().contains(says), "{body}");
        assert!(headers.get("access-control-allow-origin").is_none());
    }
}

#[actix_web::test]
async fn requests_from_origins_not_allowed_are_served_without_cors_headers() {
    // The service's own page sends its origin with every POST: it must never be refused.
    let (status, headers, _) = call(allowing(GAME), post("http://127.0.0.1:8080", &position())).await;
    assert_eq!(status, 200);
    assert!(headers.get("access-control-allow-origin").is_none());
}

#[actix_web::test]
async fn any_origin_with_a_star() {
    let (status, headers, _) = call(allowing("*"), preflight("https://anyone.example", "POST", "content-type")).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), "*");
    let (_, headers, _) = call(allowing("*"), post("https://anyone.example", &position())).await;
    assert_eq!(headers.get("access-control-allow-origin").unwrap(), "*");
}

#[actix_web::test]
async fn by_default_the_service_is_same_origin_only() {
    let (status, headers, body) = call(AppState::new(), preflight(GAME, "POST", "content-type")).await;
    assert_eq!(status, 405, "a preflight is an OPTIONS request like any other: {body}");
    assert!(headers.get("access-control-allow-origin").is_none());
    let (status, headers, _) = call(AppState::new(), post(GAME, &position())).await;
    assert_eq!(status, 200);
    assert!(headers.get("access-control-allow-origin").is_none(), "the browser withholds the answer");
}

/// The binary's flag and environment variable, over a real socket.
#[test]
fn the_flag_and_the_environment_variable_set_the_origins() {
    let http = client();
    let check = |sonar: &Sonar, origin: &str, allowed: bool| {
        let res = http
            .options(&format!("{}/recommend", sonar.base()))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .call()
            .unwrap();
        let got = res.headers().get("access-control-allow-origin").map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(got, allowed.then(|| origin.to_owned()), "{origin}");
    };
    let sonar = Sonar::start(&["--cors-origin", "https://a.example", "--cors-origin", "https://b.example:8443"], &[]);
    check(&sonar, "https://a.example", true);
    check(&sonar, "https://b.example:8443", true);
    check(&sonar, "https://c.example", false);
    drop(sonar);
    let sonar = Sonar::start(&[], &[("SONAR_CORS_ORIGINS", "https://c.example, https://d.example")]);
    check(&sonar, "https://c.example", true);
    check(&sonar, "https://d.example", true);
    check(&sonar, "https://a.example", false);
}

#[test]
fn a_value_that_is_not_an_origin_stops_the_binary_with_a_message() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sonar"))
        .args(["--bind", "127.0.0.1:0", "--cors-origin", "https://game.example/"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--cors-origin") && err.contains("no path"), "{err}");
}
