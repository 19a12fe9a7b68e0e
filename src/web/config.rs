//! How a playground is set up: the rules path it offers, the user folder edited rules go to, and
//! its limits.

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::rule::library::RulePath;

/// The most connections kept open at once, by default ([`Config::max_connections`]).
pub const MAX_CONNECTIONS: usize = 512;

/// The longest a connection may take to send a request head, by default ([`Config::header_time`]).
pub const HEADER_TIME: Duration = Duration::from_secs(10);

/// Limits and folders of a playground.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where rule files and presets are looked for by name (folders, then the built-in rules).
    pub rules: RulePath,
    /// Where edited rule files are written (and may be read back from).
    pub user_dir: PathBuf,
    /// The most sessions kept; the least recently used is dropped beyond it.
    pub max_sessions: usize,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// The most moves a session may hold.
    pub max_moves: usize,
    /// The longest a "solve from here" may search (it then answers "unknown").
    pub solve_time: Duration,
    /// The longest any one request may compute (a computer move, a hint, a reload's replay):
    /// past it the work is stopped and the request answered with an error.
    pub compute_time: Duration,
    /// The most long computations (hint, computer move, solve, reload) running at once; one
    /// more is answered "busy" at once.
    pub max_computations: usize,
    /// The most connections kept open at once; when they are all taken, the connection idle
    /// longest (no request being answered) is closed for the next one.
    pub max_connections: usize,
    /// The longest a connection may take to send a request head, which is also how long a
    /// kept-alive connection may sit idle before it is closed.
    pub header_time: Duration,
}

impl Config {
    /// The defaults for a rules path (or one rules folder) and a user rules folder.
    pub fn new(rules: impl Into<RulePath>, user_dir: PathBuf) -> Config {
        Config {
            rules: rules.into(),
            user_dir,
            max_sessions: 64,
            max_body: 256 * 1024,
            max_moves: 5000,
            solve_time: Duration::from_secs(10),
            compute_time: Duration::from_secs(15),
            max_computations: 4,
            max_connections: MAX_CONNECTIONS,
            header_time: HEADER_TIME,
        }
    }
}

/// The user rules folder of the rules path ([`crate::engine::rule::library::user_dir`]:
/// `$XDG_DATA_HOME/sowlab/rules`, or `~/.local/share/sowlab/rules`).
pub fn default_user_dir() -> PathBuf {
    crate::engine::rule::library::user_dir().unwrap_or_else(|| PathBuf::from("sowlab-rules"))
}
