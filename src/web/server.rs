//! The playground's HTTP server: a small synchronous server (`tiny_http`), on loopback unless asked
//! otherwise. `GET /` serves the page, its script and its style (embedded in the binary: no CDN,
//! works offline); `POST /api/NAME` with a JSON body calls [`Playground::handle`].
//!
//! Safety: bodies over the configured limit are refused (`413`) without being read in full; API
//! calls must say `Content-Type: application/json` (which a page of another site cannot send
//! without the browser asking first, and this server never says yes); on loopback, a request
//! whose `Host` is not a loopback name is refused (`403`), so a DNS rebinding page gets nothing.

use std::io::Read;
use std::net::SocketAddr;

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, Server};

use super::api::Playground;
use crate::error::{Error, Result};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// A bound server, ready to run.
pub struct WebServer {
    server: Server,
    playground: Playground,
    loopback: bool,
}

impl WebServer {
    /// Binds `addr` (port 0 lets the system choose).
    pub fn bind(addr: SocketAddr, playground: Playground) -> Result<WebServer> {
        let server =
            Server::http(addr).map_err(|e| Error::msg(format!("cannot listen on {addr}: {e}")))?;
        Ok(WebServer {
            server,
            playground,
            loopback: addr.ip().is_loopback(),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.server.server_addr().to_ip().expect("an IP listener")
    }

    /// Serves requests until the process ends.
    pub fn run(mut self) {
        for req in self.server.incoming_requests() {
            serve_one(&mut self.playground, self.loopback, req);
        }
    }

    /// Serves `n` requests, then returns (for tests).
    pub fn run_for(mut self, n: usize) {
        for req in self.server.incoming_requests().take(n) {
            serve_one(&mut self.playground, self.loopback, req);
        }
    }
}

type Answer = (u16, &'static str, Vec<u8>);

fn json_answer(status: u16, v: &Value) -> Answer {
    (status, "application/json", v.to_string().into_bytes())
}

fn error(status: u16, msg: String) -> Answer {
    json_answer(status, &json!({ "ok": false, "error": msg }))
}

fn header(req: &Request, name: &'static str) -> Option<String> {
    req.headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str().to_string())
}

/// Whether a `Host` header names this machine's loopback (`localhost`, `127.0.0.1`, `[::1]`).
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    matches!(name, "localhost" | "127.0.0.1" | "::1")
}

fn serve_one(pg: &mut Playground, loopback: bool, mut req: Request) {
    let method = req.method().clone();
    let url = req.url().to_string();
    let path = url.split('?').next().unwrap_or("").to_string();
    let host_ok = !loopback || header(&req, "Host").is_none_or(|h| loopback_host(&h));
    let (status, ctype, body) = if !host_ok {
        error(
            403,
            "this playground answers only requests to localhost or 127.0.0.1".into(),
        )
    } else {
        match (&method, path.as_str()) {
            (Method::Get, "/") | (Method::Get, "/index.html") => {
                (200, "text/html; charset=utf-8", INDEX.into())
            }
            (Method::Get, "/app.js") => (200, "text/javascript; charset=utf-8", SCRIPT.into()),
            (Method::Get, "/style.css") => (200, "text/css; charset=utf-8", STYLE.into()),
            (Method::Get, "/api/rules") => {
                let (s, v) = pg.handle("rules", b"");
                json_answer(s, &v)
            }
            (Method::Post, p) if p.starts_with("/api/") => {
                let route = p["/api/".len()..].to_string();
                api(pg, &route, &mut req)
            }
            (_, p) if p.starts_with("/api/") => {
                error(405, format!("{p} takes POST with a JSON body"))
            }
            _ => error(
                404,
                format!("nothing at {}", crate::engine::game::game::clip(&path)),
            ),
        }
    };
    let ctype = Header::from_bytes(&b"Content-Type"[..], ctype.as_bytes()).expect("a header");
    let nosniff =
        Header::from_bytes(&b"X-Content-Type-Options"[..], &b"nosniff"[..]).expect("a header");
    let _ = req.respond(
        Response::from_data(body)
            .with_status_code(status)
            .with_header(ctype)
            .with_header(nosniff),
    );
}

/// Reads an API call's body within the limit and answers it.
fn api(pg: &mut Playground, route: &str, req: &mut Request) -> Answer {
    let limit = pg.config().max_body;
    let json_type = header(req, "Content-Type")
        .is_some_and(|t| t.split(';').next().unwrap_or("").trim() == "application/json");
    if !json_type {
        return error(
            415,
            "API calls take a JSON body with Content-Type: application/json".into(),
        );
    }
    if req.body_length().is_some_and(|n| n > limit) {
        return error(
            413,
            format!("the request body is larger than {limit} bytes, the most accepted"),
        );
    }
    let mut body = Vec::new();
    if let Err(e) = req
        .as_reader()
        .take(limit as u64 + 1)
        .read_to_end(&mut body)
    {
        return error(400, format!("cannot read the request body: {e}"));
    }
    if body.len() > limit {
        return error(
            413,
            format!("the request body is larger than {limit} bytes, the most accepted"),
        );
    }
    let (s, v) = pg.handle(route, &body);
    json_answer(s, &v)
}
