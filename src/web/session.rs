//! One browser tab's game: the rule as the page named it, the game, and the game a reload
//! replaced.

use crate::engine::game::game::Game;

/// One tab's game.
pub(super) struct Session {
    /// The rule as the page named it (a name in the rules directory), or the edited file's path.
    pub(super) spec: String,
    /// The game.
    pub(super) game: Game,
    /// The game the last reload replaced (for `back`).
    pub(super) previous: Option<(String, Game)>,
    /// When it was last used (a counter), for dropping the least recently used.
    pub(super) used: u64,
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
