//! A failed request: its HTTP status and a JSON body with a one-line message.

use serde_json::{json, Value};

use crate::error::Error;

/// A failed request: HTTP status and the JSON error body.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status (400, 404, 405, 413, 422).
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

/// A request the rules refused (HTTP 422).
pub(super) fn bad(e: Error) -> ApiError {
    ApiError::from_error(422, &e)
}
