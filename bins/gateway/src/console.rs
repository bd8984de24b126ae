//! The console: a static page (HTML, CSS, JS embedded in the binary) served at `/`, calling
//! the public API with an API key and the admin API with the admin token. See
//! `docs/console.md`.
//!
//! Every asset goes out with a Content-Security-Policy that allows only this origin's own
//! script, style and fetches (no inline script or style, no frames, no forms posting
//! elsewhere), `nosniff`, no referrer, and no cookies are ever set.

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Method, StatusCode};
use http_body_util::{Either, Full};

use crate::server::Answer;

/// One embedded file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    content_type: &'static str,
    body: &'static str,
}

const INDEX: Asset = Asset {
    content_type: "text/html; charset=utf-8",
    body: include_str!("../console/index.html"),
};
const CSS: Asset = Asset {
    content_type: "text/css; charset=utf-8",
    body: include_str!("../console/console.css"),
};
const JS: Asset = Asset {
    content_type: "text/javascript; charset=utf-8",
    body: include_str!("../console/console.js"),
};

/// The policy every console answer carries.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The asset served at `path`, if any.
pub fn asset(path: &str) -> Option<Asset> {
    match path {
        "/" | "/index.html" => Some(INDEX),
        "/console.css" => Some(CSS),
        "/console.js" => Some(JS),
        _ => None,
    }
}

/// Serves an asset (GET or HEAD; 405 otherwise) with the console's security headers.
pub fn serve(asset: Asset, method: &Method) -> Answer {
    let head = *method == Method::HEAD;
    let (status, content_type, body) = if *method == Method::GET || head {
        (StatusCode::OK, asset.content_type, asset.body)
    } else {
        (
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            "Method not allowed.\n",
        )
    };
    let body = if head { "" } else { body };
    let mut a = http::Response::new(Either::Left(Full::new(Bytes::from_static(body.as_bytes()))));
    *a.status_mut() = status;
    let h = a.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    if status == StatusCode::METHOD_NOT_ALLOWED {
        h.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_has_no_inline_script_or_style_and_no_outside_resource() {
        let html = INDEX.body;
        for bad in [
            "<style",
            "style=",
            "onclick",
            "onload",
            "javascript:",
            "http://",
            "https://",
        ] {
            assert!(!html.contains(bad), "index.html holds {bad:?}");
        }
        // The one script is the embedded file.
        assert_eq!(html.matches("<script").count(), 1);
        assert!(html.contains(r#"<script src="/console.js" defer></script>"#));
    }

    #[test]
    fn the_script_never_writes_html() {
        for bad in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
        ] {
            assert!(!JS.body.contains(bad), "console.js uses {bad}");
        }
        assert!(
            !CSS.body.contains("url("),
            "no outside resource in the style sheet"
        );
    }

    #[test]
    fn assets_and_headers() {
        assert_eq!(asset("/"), Some(INDEX));
        assert_eq!(asset("/console.js"), Some(JS));
        assert_eq!(asset("/v1/redact"), None);
        let a = serve(INDEX, &Method::GET);
        assert_eq!(a.status(), StatusCode::OK);
        assert_eq!(
            a.headers()[header::CONTENT_SECURITY_POLICY],
            CONTENT_SECURITY_POLICY
        );
        assert!(a.headers().get(header::SET_COOKIE).is_none());
        let a = serve(JS, &Method::POST);
        assert_eq!(a.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
