//! One browser tab's game (the rule as the page named it, the game, the game a reload replaced),
//! and the table of sessions a playground's threads share. The table is locked only to find, add
//! or drop a session; each session has its own lock. A call works on a copy of its session and
//! keeps it only when it succeeds, so a failure (or a panic) leaves the session whole.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::game::game::Game;
use crate::web::error::ApiError;

/// One tab's game.
pub(super) struct Session {
    /// The rule as the page named it (a name in the rules directory), or the edited file's path.
    pub(super) spec: String,
    /// The game.
    pub(super) game: Game,
    /// The game the last reload replaced (for `back`).
    pub(super) previous: Option<(String, Game)>,
    /// Changes committed so far: a long call computed on a copy commits only if none came since.
    pub(super) version: u64,
    /// The files this session saved into the user folder (it may save over them again).
    pub(super) saved: Vec<PathBuf>,
}

/// A session in the table, with when it was last used (a counter), for dropping the least
/// recently used.
pub(super) struct Entry {
    pub(super) session: Arc<Mutex<Session>>,
    pub(super) used: u64,
}

#[derive(Default)]
pub(super) struct Table {
    pub(super) map: HashMap<String, Entry>,
    pub(super) clock: u64,
}

/// A lock that a panicked holder did not spoil: the data is still whole (every change is made
/// on a copy and swapped in at once).
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A session id: 128 bits from the operating system's random source, in hex (a tab that sees
/// its own id learns nothing about any other).
pub(super) fn session_id() -> Result<String, ApiError> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| {
        ApiError::new(
            500,
            format!("cannot draw a session id from the system: {e}"),
        )
    })?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Counts one long computation while it runs (see [`Config::max_computations`]).
pub(super) struct Busy<'a>(pub(super) &'a AtomicUsize);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A copy of a session to work on (the previous game stays with the session).
pub(super) fn copy_of(s: &Session) -> Session {
    Session {
        spec: s.spec.clone(),
        game: clone_game(&s.game),
        previous: None,
        version: s.version,
        saved: s.saved.clone(),
    }
}

/// A copy of a game (`Game` is not `Clone`: its rule is shared).
pub(super) fn clone_game(g: &Game) -> Game {
    Game {
        rule: g.rule.clone(),
        options: g.options.clone(),
        start: g.start.clone(),
        history: g.history.clone(),
        undone: g.undone.clone(),
        tracing: g.tracing,
    }
}
