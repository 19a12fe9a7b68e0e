//! The playground's HTTP server: axum on tokio and hyper, on loopback unless asked otherwise.
//! `GET /` serves the page, its script and its style (embedded in the binary: no CDN, works
//! offline); `POST /api/NAME` with a JSON body calls [`Playground::handle_until`] on a blocking
//! thread, so many requests are in flight at once and a long one holds up no other.
//!
//! Limits, each from the stack rather than by hand: a connection must send its request head
//! within [`Config::header_time`](super::Config::header_time) (by default [`HEADER_TIME`]) and at most [`MAX_HEAD`] bytes of it (hyper), and its body within
//! [`BODY_TIME`] after that; a connection whose reads
//! or writes make no progress for [`IO_TIME`] is closed (a client that never reads its answers);
//! a request must be answered within [`Config::compute_time`](super::Config::compute_time) plus [`GRACE`] (tower-http's
//! timeout: a client announcing a body it never sends gets `408`); a body over
//! [`Config::max_body`](super::Config::max_body) is refused with `413` before it is read (tower-http's body limit, which
//! looks at `Content-Length` first: an absurd length is never allocated); at most
//! [`MAX_IN_FLIGHT`] requests are handled at once (tower's concurrency limit) and
//! [`MAX_CONNECTIONS`] connections kept. When the client goes away or the time passes, the
//! computation is stopped (its thread sees the flag at its next check). An error accepting a
//! connection (out of file descriptors) is logged on stderr and retried after a pause; the
//! server keeps listening.
//!
//! Safety: API calls must say `Content-Type: application/json` (which a page of another site
//! cannot send without the browser asking first, and this server never says yes); on loopback,
//! a request whose `Host` is not a loopback name is refused (`403`), so a DNS rebinding page gets
//! nothing; a request with an `Origin` that is not this server's is refused too.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::to_bytes;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use serde_json::{json, Value};
use tower::limit::ConcurrencyLimitLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::api::Playground;
use crate::error::{Error, Result};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// The longest a connection may take to send a request head, by default (see
/// [`Config::header_time`](super::Config::header_time)).
pub use super::config::HEADER_TIME;
/// The largest request head (request line and headers) read, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The longest a request's body may take to arrive once its head has.
pub const BODY_TIME: Duration = Duration::from_secs(30);
/// A connection whose reads or writes make no progress this long is closed.
pub const IO_TIME: Duration = Duration::from_secs(60);
/// What a request may take beyond its computation's bound (reading the body, answering).
pub const GRACE: Duration = Duration::from_secs(20);
/// The most requests handled at once; more wait for a free slot. (The long computations have
/// their own, smaller cap: [`Config::max_computations`](super::Config::max_computations).)
pub const MAX_IN_FLIGHT: usize = 256;
/// The most connections kept open at once, by default (see
/// [`Config::max_connections`](super::Config::max_connections)): when they are all taken, the
/// connection idle longest is closed for the next one ([`Conns::shed_idle`]); when none is idle,
/// more wait to be accepted.
pub use super::config::MAX_CONNECTIONS;

/// The open connections, in the order they were accepted: whether each is answering a request
/// (a count), and how to close it.
#[derive(Default)]
struct Conns {
    next: u64,
    open: std::collections::BTreeMap<u64, (Arc<AtomicUsize>, Arc<tokio::sync::Notify>)>,
}

impl Conns {
    /// Closes the connection idle longest (accepted first among those answering no request):
    /// whether there was one.
    fn shed_idle(&mut self) -> bool {
        let Some(id) = self
            .open
            .iter()
            .find(|(_, (busy, _))| busy.load(Ordering::SeqCst) == 0)
            .map(|(&id, _)| id)
        else {
            return false;
        };
        if let Some((_, close)) = self.open.remove(&id) {
            close.notify_one();
        }
        true
    }
}

/// Counts a request being answered on its connection while alive.
struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A bound server, ready to run.
pub struct WebServer {
    listener: std::net::TcpListener,
    playground: Arc<Playground>,
    loopback: bool,
}

/// What every request handler shares.
#[derive(Clone)]
struct Shared {
    pg: Arc<Playground>,
    loopback: bool,
    /// Requests answered so far, and how many to answer before stopping (`run_for`).
    answered: Arc<AtomicUsize>,
    stop_after: Option<usize>,
    done: Arc<tokio::sync::Notify>,
}

impl WebServer {
    /// Binds `addr` (port 0 lets the system choose).
    pub fn bind(addr: SocketAddr, playground: Playground) -> Result<WebServer> {
        let listener = std::net::TcpListener::bind(addr)
            .map_err(|e| Error::msg(format!("cannot listen on {addr}: {e}")))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| Error::msg(format!("cannot listen on {addr}: {e}")))?;
        Ok(WebServer {
            listener,
            playground: Arc::new(playground),
            loopback: addr.ip().is_loopback(),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener")
    }

    /// The playground it serves (shared with the request handlers).
    pub fn playground(&self) -> Arc<Playground> {
        self.playground.clone()
    }

    /// Serves requests until Ctrl-C (sowlab's interrupt flag) stops it: then returns `Ok`.
    /// Fails only when the runtime cannot start.
    pub fn run(self) -> Result<()> {
        self.serve(None)
    }

    /// Serves until `n` requests are answered, then returns (for tests).
    pub fn run_for(self, n: usize) {
        if let Err(e) = self.serve(Some(n)) {
            eprintln!("sowlab: {}", e.one_line());
        }
    }

    fn serve(self, stop_after: Option<usize>) -> Result<()> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .max_blocking_threads(64)
            .build()
            .map_err(|e| Error::msg(format!("cannot start the web server: {e}")))?;
        let shared = Shared {
            pg: self.playground,
            loopback: self.loopback,
            answered: Arc::new(AtomicUsize::new(0)),
            stop_after,
            done: Arc::new(tokio::sync::Notify::new()),
        };
        let listener = self.listener;
        rt.block_on(accept_loop(listener, shared))
    }
}

/// Accepts connections until `run_for`'s count is reached (for `run`, forever).
async fn accept_loop(listener: std::net::TcpListener, shared: Shared) -> Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)
        .map_err(|e| Error::msg(format!("cannot listen: {e}")))?;
    let bound = shared
        .pg
        .config()
        .compute_time
        .max(shared.pg.config().solve_time)
        + GRACE;
    let app = Router::new()
        .fallback(dispatch)
        .layer(RequestBodyLimitLayer::new(shared.pg.config().max_body))
        .layer(ConcurrencyLimitLayer::new(MAX_IN_FLIGHT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            bound,
        ))
        .layer(axum::middleware::from_fn_with_state(shared.clone(), finish))
        .with_state(shared.clone());
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let slots = Arc::new(tokio::sync::Semaphore::new(
        shared.pg.config().max_connections.max(1),
    ));
    let conns = Arc::new(std::sync::Mutex::new(Conns::default()));
    let shed = |c: &std::sync::Mutex<Conns>| {
        c.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .shed_idle()
    };
    let mut pause = Duration::from_millis(10);
    loop {
        let stream = tokio::select! {
            r = listener.accept() => match r {
                Ok((stream, _)) => {
                    pause = Duration::from_millis(10);
                    stream
                }
                Err(e) => {
                    // Out of file descriptors (EMFILE), or a connection that failed before it
                    // was accepted: say so, wait a little (the descriptors come back as other
                    // connections close), go on listening.
                    eprintln!("sowlab serve: cannot accept a connection: {e}; retrying in {pause:?}");
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(1));
                    continue;
                }
            },
            _ = shared.done.notified() => break,
            _ = interrupted() => break,
        };
        // Every slot taken: the connection idle longest is closed for this one (it gives its
        // slot back as it ends); when none is idle, this one waits for a request to end.
        let slot = match slots.clone().try_acquire_owned() {
            Ok(s) => s,
            Err(_) => {
                shed(&conns);
                tokio::select! {
                    s = slots.clone().acquire_owned() => s.expect("the semaphore is never closed"),
                    _ = shared.done.notified() => break,
                    _ = interrupted() => break,
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let mut io = tokio_io_timeout::TimeoutStream::new(stream);
        io.set_read_timeout(Some(IO_TIME));
        io.set_write_timeout(Some(IO_TIME));
        let io = TokioIo::new(Box::pin(io));
        let busy = Arc::new(AtomicUsize::new(0));
        let close = Arc::new(tokio::sync::Notify::new());
        let id = {
            let mut c = conns
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            c.next += 1;
            let id = c.next;
            c.open.insert(id, (busy.clone(), close.clone()));
            id
        };
        let (app, counted) = (app.clone(), busy.clone());
        let svc = TowerToHyperService::new(tower::service_fn(move |req: Request<_>| {
            counted.fetch_add(1, Ordering::SeqCst);
            let busy = Busy(counted.clone());
            let app = app.clone();
            async move {
                let res = tower::ServiceExt::oneshot(app, req.map(axum::body::Body::new)).await;
                drop(busy);
                res
            }
        }));
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(shared.pg.config().header_time)
            .max_buf_size(MAX_HEAD.max(8192))
            .serve_connection(io, svc);
        let conn = graceful.watch(conn);
        let conns = conns.clone();
        tokio::spawn(async move {
            tokio::select! {
                _ = conn => {}
                // Shed while idle: dropping the connection closes it.
                _ = close.notified() => {}
            }
            conns
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .open
                .remove(&id);
            drop(slot);
        });
    }
    // run_for: the connections still open get a moment to finish their answers.
    let _ = tokio::time::timeout(Duration::from_secs(5), graceful.shutdown()).await;
    Ok(())
}

/// Ends when Ctrl-C sets sowlab's interrupt flag (looked at ten times a second).
async fn interrupted() {
    use crate::engine::base::clock::INTERRUPTED;
    while !INTERRUPTED.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The outermost layer: gives the stack's own refusals (`408`, `413`) the playground's JSON
/// error body, adds `nosniff`, and counts answers for `run_for`.
async fn finish(State(shared): State<Shared>, req: Request, next: Next) -> Response {
    let limit = shared.pg.config().max_body;
    let mut res = next.run(req).await;
    let json_body = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !json_body {
        let msg = match res.status() {
            StatusCode::PAYLOAD_TOO_LARGE => Some(format!(
                "the request body is larger than {limit} bytes, the most accepted"
            )),
            StatusCode::REQUEST_TIMEOUT => Some(
                "the request took too long (its body never came, or its computation ran past \
                 the playground's bound)"
                    .to_string(),
            ),
            _ => None,
        };
        if let Some(msg) = msg {
            let status = res.status();
            res = answer(status, &json!({ "ok": false, "error": msg }));
            // the rest of the body is not read: the connection cannot be reused
            res.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
    }
    res.headers_mut().insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    let n = shared.answered.fetch_add(1, Ordering::SeqCst) + 1;
    if shared.stop_after.is_some_and(|max| n >= max) {
        shared.done.notify_one();
    }
    res
}

fn answer(status: StatusCode, v: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

fn error(status: u16, msg: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    answer(status, &json!({ "ok": false, "error": msg }))
}

fn header_str(h: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    h.get(name).and_then(|v| v.to_str().ok())
}

/// Whether a `Host` header names this machine's loopback (`localhost`, `127.0.0.1`, `[::1]`).
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    matches!(name, "localhost" | "127.0.0.1" | "::1")
}

/// Whether an `Origin` header is this server's own page (same host, as the browser sends it).
fn same_origin(origin: &str, host: Option<&str>) -> bool {
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    match (rest, host) {
        (Some(o), Some(h)) => o.trim_end_matches('/').eq_ignore_ascii_case(h),
        _ => false,
    }
}

/// Sets its flag when dropped: the request's future was dropped (the client went away, or the
/// request's time ran out) or it ended; either way its computation may stop.
struct Gone(Arc<AtomicBool>);

impl Drop for Gone {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

async fn dispatch(State(shared): State<Shared>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let path = parts.uri.path().to_string();
    let host = header_str(&parts.headers, header::HOST);
    if shared.loopback && host.is_some_and(|h| !loopback_host(h)) {
        return error(
            403,
            "this playground answers only requests to localhost or 127.0.0.1".into(),
        );
    }
    if let Some(origin) = header_str(&parts.headers, header::ORIGIN) {
        if origin != "null" && !same_origin(origin, host) {
            return error(
                403,
                format!(
                    "requests from another site ({}) are refused",
                    crate::engine::game::game::clip(origin)
                ),
            );
        }
    }
    let page = |ctype: &'static str, text: &'static str| {
        ([(header::CONTENT_TYPE, ctype)], text).into_response()
    };
    match (&parts.method, path.as_str()) {
        (&Method::GET, "/") | (&Method::GET, "/index.html") => {
            page("text/html; charset=utf-8", INDEX)
        }
        (&Method::GET, "/app.js") => page("text/javascript; charset=utf-8", SCRIPT),
        (&Method::GET, "/style.css") => page("text/css; charset=utf-8", STYLE),
        (&Method::GET, "/api/rules") => call(&shared, "rules".into(), Vec::new()).await,
        (&Method::POST, p) if p.starts_with("/api/") => {
            let json_type = header_str(&parts.headers, header::CONTENT_TYPE)
                .is_some_and(|t| t.split(';').next().unwrap_or("").trim() == "application/json");
            if !json_type {
                return error(
                    415,
                    "API calls take a JSON body with Content-Type: application/json".into(),
                );
            }
            let limit = shared.pg.config().max_body;
            let body = match tokio::time::timeout(BODY_TIME, to_bytes(body, limit)).await {
                Err(_) => {
                    return error(
                        408,
                        format!(
                            "the request body did not arrive within {} s",
                            BODY_TIME.as_secs()
                        ),
                    )
                }
                Ok(Ok(b)) => b.to_vec(),
                Ok(Err(e)) => {
                    let too_big = std::error::Error::source(&e)
                        .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                        || e.to_string().contains("length limit");
                    return if too_big {
                        error(
                            413,
                            format!(
                                "the request body is larger than {limit} bytes, the most accepted"
                            ),
                        )
                    } else {
                        error(400, format!("cannot read the request body: {e}"))
                    };
                }
            };
            call(&shared, p["/api/".len()..].to_string(), body).await
        }
        (_, p) if p.starts_with("/api/") => error(405, format!("{p} takes POST with a JSON body")),
        _ => error(
            404,
            format!("nothing at {}", crate::engine::game::game::clip(&path)),
        ),
    }
}

/// Runs one API call on a blocking thread; if this future is dropped first (client gone, time
/// out), the call's flag is set and its computation stops at its next check.
async fn call(shared: &Shared, route: String, body: Vec<u8>) -> Response {
    let flag = Arc::new(AtomicBool::new(false));
    let gone = Gone(flag.clone());
    let pg = shared.pg.clone();
    let done = tokio::task::spawn_blocking(move || pg.handle_until(&route, &body, flag)).await;
    drop(gone);
    match done {
        Ok((status, v)) => answer(
            StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            &v,
        ),
        Err(e) => error(500, format!("the request failed inside the server: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::{loopback_host, same_origin};

    #[test]
    fn hosts_and_origins() {
        assert!(
            loopback_host("127.0.0.1:8080")
                && loopback_host("[::1]:1")
                && loopback_host("localhost")
        );
        assert!(!loopback_host("evil.example:80") && !loopback_host("127.0.0.1.evil"));
        assert!(same_origin("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(!same_origin("http://evil.example", Some("127.0.0.1:8080")));
        assert!(!same_origin("http://127.0.0.1:8080", None));
    }
}
