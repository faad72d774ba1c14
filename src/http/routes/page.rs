//! The web page at `GET /`: play against the computer, analyse a board, watch the computer play.
//! Its files live in `web/` and are embedded in the binary at build time (rust-embed), so the
//! page works offline and from any directory. It calls the service's own API and nothing else:
//! its Content-Security-Policy allows no other origin.

use actix_web::http::header::{self, ETag, EntityTag, HeaderValue, IfNoneMatch};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;

use crate::http::problem::ApiError;

/// The page's files, from `web/` at build time (in debug builds too).
#[derive(RustEmbed)]
#[folder = "web/"]
struct Assets;

/// The page's policy: its own scripts, styles, images and API, nothing from elsewhere.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// `GET /`: the page.
pub async fn index(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    serve(&req, "index.html")
}

/// `GET /assets/{name}`: a script, style sheet or icon of the page.
pub async fn asset(req: HttpRequest, name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    if name.as_str() == "index.html" {
        return Err(ApiError::NotFound(req.path().to_owned()));
    }
    serve(&req, &name)
}

/// An embedded file with its media type, a strong `ETag` from its SHA-256 (a matching
/// `If-None-Match` gets 304) and `Cache-Control: no-cache`, so a new binary's page is never stale.
fn serve(req: &HttpRequest, name: &str) -> Result<HttpResponse, ApiError> {
    let file = Assets::get(name).ok_or_else(|| ApiError::NotFound(req.path().to_owned()))?;
    let tag = EntityTag::new_strong(hex(&file.metadata.sha256_hash()[..16]));
    let unchanged = if_none_match(req, &tag);
    let mut res = if unchanged { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    res.insert_header(ETag(tag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if name.ends_with(".html") {
        res.insert_header((header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY)))
            .insert_header((header::REFERRER_POLICY, "no-referrer"));
    }
    if unchanged {
        return Ok(res.finish());
    }
    let mime = file.metadata.mimetype();
    let content_type = if mime.starts_with("text/") || mime == "application/javascript" {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    };
    Ok(res.content_type(content_type).body(file.data.into_owned()))
}

/// Whether the client's `If-None-Match` (actix-web's typed header, every value and list of tags
/// read) names this tag, weakly, or is `*`.
fn if_none_match(req: &HttpRequest, tag: &EntityTag) -> bool {
    match req.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(tags)) => tags.iter().any(|c| c.weak_eq(tag)),
        None => false,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The embedded files' names (for tests).
pub fn asset_names() -> Vec<String> {
    Assets::iter().map(|n| n.into_owned()).collect()
}
