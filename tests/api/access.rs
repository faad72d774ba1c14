//! Optional access control: with an API key configured, `POST /recommend` needs it as a bearer
//! token; the other endpoints stay open, and the served spec says so.

use crate::helpers;
use crate::helpers::binary::{Sonar, client};
use actix_web::test::{TestRequest, call_service, read_body};
use serde_json::{Value, json};
use sonar::http::ApiKey;
use sonar::http::AppState;

const KEY: &str = "s3cret-Key_0";

fn request() -> Value {
    json!({"board": ["....", "....", "....", "...."], "ships": [3, 2], "algorithm": "density", "seed": 1})
}

fn keyed() -> AppState {
    AppState::new().with_api_key(ApiKey::new(KEY))
}

async fn recommend(state: AppState, authorization: Option<&str>) -> (u16, Option<String>, Option<String>, String) {
    let app = helpers::app(state).await;
    let mut req = TestRequest::post().uri("/recommend").set_json(request());
    if let Some(value) = authorization {
        req = req.insert_header(("authorization", value));
    }
    let res = call_service(&app, req.to_request()).await;
    let header = |name: &str| res.headers().get(name).map(|v| v.to_str().unwrap().to_owned());
    let (content_type, challenge) = (header("content-type"), header("www-authenticate"));
    let status = res.status().as_u16();
    let body = String::from_utf8(read_body(res).await.to_vec()).unwrap();
    (status, content_type, challenge, body)
}

#[actix_web::test]
async fn recommend_without_the_key_is_401_problem_with_a_challenge() {
    let wrong = [
        None,
        Some(""),
        Some("Basic czNjcmV0"),
        Some(&*format!("Token {KEY}")),
        Some("Bearer"),
        Some("Bearer nope"),
        Some(&*format!("Bearer {KEY}x")),
        Some(&KEY[..KEY.len() - 1]),
        Some(&*format!("Bearer {}", &KEY[..KEY.len() - 1])),
        Some(&*format!("Bearer {}", KEY.to_uppercase())),
    ];
    for authorization in wrong {
        let (status, content_type, challenge, body) = recommend(keyed(), authorization).await;
        assert_eq!(status, 401, "{authorization:?}: {body}");
        assert_eq!(content_type.as_deref(), Some("application/problem+json"));
        assert_eq!(challenge.as_deref(), Some("Bearer"));
        let problem: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(problem["type"], "urn:sonar:problem:unauthorized");
        assert_eq!(problem["status"], 401);
        assert!(!body.contains(&KEY[..6]), "the body echoes the key: {body}");
    }
}

#[actix_web::test]
async fn recommend_with_the_key_is_200() {
    for authorization in [format!("Bearer {KEY}"), format!("bearer  {KEY}")] {
        let (status, _, challenge, body) = recommend(keyed(), Some(&authorization)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(challenge, None);
    }
}

#[actix_web::test]
async fn without_a_key_nothing_is_asked() {
    for state in [AppState::new(), AppState::new().with_api_key(ApiKey::new(""))] {
        let (status, _, _, body) = recommend(state, None).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _, _, _) = recommend(AppState::new(), Some("Bearer anything")).await;
    assert_eq!(status, 200);
}

#[actix_web::test]
async fn the_other_endpoints_stay_open_and_refusals_are_counted() {
    let app = helpers::app(keyed()).await;
    for (path, status) in
        [("/healthz", 200), ("/algorithms", 200), ("/openapi.json", 200), ("/docs", 308), ("/docs/", 200)]
    {
        let res = call_service(&app, TestRequest::get().uri(path).to_request()).await;
        assert_eq!(res.status().as_u16(), status, "{path}");
    }
    let res = call_service(&app, TestRequest::post().uri("/recommend").set_json(request()).to_request()).await;
    assert_eq!(res.status(), 401);
    let res = call_service(&app, TestRequest::get().uri("/metrics").to_request()).await;
    let metrics = String::from_utf8(read_body(res).await.to_vec()).unwrap();
    assert!(metrics.contains(r#"sonar_errors_total{kind="unauthorized"} 1"#), "{metrics}");
}

async fn served_spec(state: AppState) -> Value {
    let app = helpers::app(state).await;
    let res = call_service(&app, TestRequest::get().uri("/openapi.json").to_request()).await;
    serde_json::from_slice(&read_body(res).await).unwrap()
}

#[actix_web::test]
async fn the_served_spec_tells_whether_the_key_is_required() {
    let open = served_spec(AppState::new()).await;
    let keyed = served_spec(keyed()).await;
    for doc in [&open, &keyed] {
        let scheme = &doc["components"]["securitySchemes"]["bearer"];
        assert_eq!((scheme["type"].as_str(), scheme["scheme"].as_str()), (Some("http"), Some("bearer")));
        let responses = &doc["paths"]["/recommend"]["post"]["responses"];
        assert!(responses["401"]["content"]["application/problem+json"].is_object());
        assert!(responses["401"]["headers"]["WWW-Authenticate"].is_object());
        assert!(doc["paths"]["/healthz"]["get"]["security"].is_null(), "healthz is always open");
    }
    // Without a key no operation names a security requirement, so the Swagger UI shows no padlock;
    // with one, every POST route requires the bearer token.
    for path in ["/recommend", "/placement", "/opponent"] {
        assert!(open["paths"][path]["post"]["security"].is_null(), "{path} needs no key");
        assert_eq!(keyed["paths"][path]["post"]["security"], json!([{"bearer": []}]), "{path}");
    }
}

#[test]
fn the_real_server_asks_for_the_key_from_the_environment() {
    let sonar = Sonar::start(&[], &[("SONAR_API_KEY", KEY)]);
    let url = format!("{}/recommend", sonar.base());
    let agent = client();
    let refused = agent.post(&url).send_json(request()).unwrap();
    assert_eq!(refused.status(), 401);
    assert_eq!(refused.headers().get("www-authenticate").unwrap(), "Bearer");
    let wrong = agent.post(&url).header("authorization", format!("Bearer {KEY}!")).send_json(request()).unwrap();
    assert_eq!(wrong.status(), 401);
    let ok = agent.post(&url).header("authorization", format!("Bearer {KEY}")).send_json(request()).unwrap();
    assert_eq!(ok.status(), 200);
    assert_eq!(agent.get(format!("{}/healthz", sonar.base())).call().unwrap().status(), 200);
    let logs = serde_json::to_string(&sonar.logs()).unwrap();
    assert!(!logs.contains(KEY), "the key is logged");
    assert!(logs.contains(r#""api_key":true"#), "{logs}");
}

#[test]
fn an_empty_key_in_the_environment_means_no_key() {
    let sonar = Sonar::start(&[], &[("SONAR_API_KEY", "")]);
    let res = ureq::post(format!("{}/recommend", sonar.base())).send_json(request()).unwrap();
    assert_eq!(res.status(), 200);
}
