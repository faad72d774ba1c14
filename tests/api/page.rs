//! The web page at `/`: served from the binary with its assets, a policy that allows nothing from
//! elsewhere, and HEAD wherever GET answers (the page, the API, the Swagger UI and its assets).
//! The page itself is exercised in a real browser by `browser-tests/` (`.ci/run`).

use crate::helpers::app;
use crate::helpers::binary::{Sonar, client};
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test as at;
use sonar::http::AppState;
use sonar::http::{CONTENT_SECURITY_POLICY, asset_names};

/// GET `path` with `headers` from `app`: the status, the headers and the body as text.
async fn get(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, actix_web::http::header::HeaderMap, String) {
    let mut req = at::TestRequest::get().uri(path);
    for &h in headers {
        req = req.insert_header(h);
    }
    let res = at::call_service(app, req.to_request()).await;
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    let body = at::read_body(res).await;
    (status, headers, String::from_utf8(body.to_vec()).unwrap())
}

#[actix_web::test]
async fn the_page_is_served_at_the_root_with_a_policy_that_allows_only_the_service() {
    let app = app(AppState::new()).await;
    let (status, headers, body) = get(&app, "/", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-type").unwrap(), "text/html; charset=utf-8");
    assert_eq!(headers.get("content-security-policy").unwrap(), CONTENT_SECURITY_POLICY);
    assert_eq!(headers.get("x-content-type-options").unwrap(), "nosniff");
    for view in ["Play", "Analyse", "Watch"] {
        assert!(body.contains(&format!("data-view=\"{}\"", view.to_lowercase())), "no {view} view");
    }
    assert!(body.contains("href=\"/docs/\""), "the page links to the API docs");
    // Nothing the policy lets through comes from elsewhere.
    for directive in CONTENT_SECURITY_POLICY.split(';') {
        assert!(!directive.contains("http") && !directive.contains('*'), "{directive}");
    }
}

#[actix_web::test]
async fn every_file_the_page_names_is_served_with_its_type_and_none_is_fetched_from_elsewhere() {
    let app = app(AppState::new()).await;
    let (_, _, index) = get(&app, "/", &[]).await;
    let mut named: Vec<String> = Vec::new();
    for attr in ["src=\"", "href=\""] {
        for part in index.split(attr).skip(1) {
            named.push(part.split('"').next().unwrap().to_owned());
        }
    }
    let mut imports = Vec::new();
    for name in asset_names().iter().filter(|n| n.ends_with(".js")) {
        let (status, headers, body) = get(&app, &format!("/assets/{name}"), &[]).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(headers.get("content-type").unwrap(), "text/javascript; charset=utf-8", "{name}");
        for line in body.lines().filter(|l| l.starts_with("import ")) {
            let target = line.rsplit(['"']).nth(1).unwrap();
            imports.push(format!("/assets/{}", target.trim_start_matches("./")));
        }
        assert!(!body.contains("http://") && !body.contains("https://"), "{name} names another origin");
    }
    named.extend(imports);
    assert!(named.iter().any(|n| n == "/assets/app.js") && named.iter().any(|n| n == "/assets/board.js"), "{named:?}");
    for path in named.iter().filter(|n| n.starts_with("/assets/")) {
        let (status, headers, _) = get(&app, path, &[]).await;
        assert_eq!(status, 200, "{path}");
        let kind = headers.get("content-type").unwrap().to_str().unwrap();
        let expected = match path.rsplit('.').next().unwrap() {
            "js" => "text/javascript",
            "css" => "text/css",
            "svg" => "image/svg+xml",
            other => panic!("unexpected asset type {other}"),
        };
        assert!(kind.starts_with(expected), "{path}: {kind}");
    }
    for path in named.iter().filter(|n| !n.starts_with("/assets/") && !n.starts_with('#')) {
        assert!(path.starts_with('/'), "the page names {path}, which is not on this service");
    }
    let (_, _, css) = get(&app, "/assets/style.css", &[]).await;
    assert!(!css.contains("url(") && !css.contains("@import"), "the style sheet fetches nothing");
}

#[actix_web::test]
async fn assets_carry_an_etag_and_answer_304_when_unchanged() {
    let app = app(AppState::new()).await;
    let (status, headers, body) = get(&app, "/assets/app.js", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "no-cache");
    let tag = headers.get("etag").unwrap().to_str().unwrap().to_owned();
    assert!(tag.starts_with('"') && tag.len() == 34, "{tag}");
    let (status, headers, body304) = get(&app, "/assets/app.js", &[("if-none-match", &tag)]).await;
    assert_eq!(status, 304);
    assert_eq!(headers.get("etag").unwrap(), tag.as_str());
    assert!(body304.is_empty());
    let (status, _, again) = get(&app, "/assets/app.js", &[("if-none-match", "\"something-else\"")]).await;
    assert_eq!((status, again), (200, body));
    let (_, other, _) = get(&app, "/assets/style.css", &[]).await;
    assert_ne!(other.get("etag").unwrap(), tag.as_str(), "each file its own tag");
}

#[actix_web::test]
async fn unknown_assets_are_404_problems() {
    let app = app(AppState::new()).await;
    for path in ["/assets/nope.js", "/assets/index.html", "/assets/", "/assets/../Cargo.toml", "/index.html"] {
        let (status, headers, body) = get(&app, path, &[]).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(headers.get("content-type").unwrap(), "application/problem+json", "{path}");
        let problem: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(problem["type"], "urn:sonar:problem:not-found", "{path}");
    }
}

#[actix_web::test]
async fn the_page_routes_answer_only_get_and_head() {
    let app = app(AppState::new()).await;
    for path in ["/", "/assets/app.js"] {
        let res = at::call_service(&app, at::TestRequest::post().uri(path).to_request()).await;
        assert_eq!(res.status().as_u16(), 405, "{path}");
        assert_eq!(res.headers().get("allow").unwrap(), "GET, HEAD");
    }
    let res =
        at::call_service(&app, at::TestRequest::default().method(Method::HEAD).uri("/recommend").to_request()).await;
    assert_eq!(res.status().as_u16(), 405);
    let body = at::read_body(res).await;
    let problem: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(problem["detail"], "method HEAD is not allowed on /recommend; allowed: POST");
}

/// Over a real socket: HEAD answers every GET route, the docs and their assets included, with
/// GET's status, type and length and no body.
#[test]
fn head_answers_wherever_get_does_with_the_same_head_and_no_body() {
    let sonar = Sonar::start(&[], &[]);
    let http = client();
    let paths = [
        "/",
        "/assets/app.js",
        "/assets/style.css",
        "/docs/",
        "/docs/index.html",
        "/docs/swagger-ui.css",
        "/docs/swagger-ui-bundle.js",
        "/docs/swagger-initializer.js",
        "/openapi.json",
        "/algorithms",
        "/healthz",
    ];
    for path in paths {
        let url = format!("{}{path}", sonar.base());
        let mut get = http.get(&url).call().unwrap();
        let get_body = get.body_mut().read_to_vec().unwrap();
        let mut head = http.head(&url).call().unwrap();
        assert_eq!(get.status().as_u16(), 200, "GET {path}");
        assert_eq!(head.status().as_u16(), 200, "HEAD {path}");
        assert_eq!(head.headers().get("content-type"), get.headers().get("content-type"), "{path}");
        let length = head.headers().get("content-length").map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(length, Some(get_body.len().to_string()), "HEAD {path} announces GET's length");
        assert!(head.body_mut().read_to_vec().unwrap().is_empty(), "HEAD {path} sent a body");
    }
}
