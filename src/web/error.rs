//! A failed request: its HTTP status and a JSON body with a one-line message.

use serde_json::{json, Value};

use crate::error::Error;

/// A failed request: HTTP status and the JSON error body.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status (400, 403, 404, 405, 408, 409, 413, 415, 422, 503).
    pub status: u16,
    /// `{"ok": false, "error": ...}`.
    pub body: Value,
}

impl ApiError {
    /// An error with a message.
    pub fn new(status: u16, msg: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "ok": false, "error": msg.into() }),
        }
    }

    /// An error from the library, with the place for script errors.
    pub(super) fn from_error(status: u16, e: &Error) -> ApiError {
        let mut body = json!({ "ok": false, "error": e.one_line() });
        if let Error::Script {
            file, line, col, ..
        } = e
        {
            body["file"] = json!(file);
            body["line"] = json!(line);
            body["col"] = json!(col);
            if let Some(x) = e.excerpt() {
                body["excerpt"] = json!(x);
            }
        }
        ApiError { status, body }
    }
}

/// What a route answers: a JSON value or an error with its status.
pub(super) type Reply = Result<Value, ApiError>;

/// A request the rules refused (HTTP 422); when the request's bound stopped the work (see
/// [`stop_when`](crate::engine::base::clock::stop_when)), says that instead of the inner error it
/// caused (HTTP 503).
pub(super) fn bad(e: Error) -> ApiError {
    if crate::engine::base::clock::stopped() {
        return ApiError::new(
            503,
            "stopped: the computation ran past the playground's time bound (or its client went \
             away); try a cheaper agent or a smaller board",
        );
    }
    ApiError::from_error(422, &e)
}
