//! `sowlab serve`: a local web playground. Pick a rule and its options, click a hole to play,
//! watch the sowing lap by lap, undo and redo, ask an agent for a hint or a move, solve a solitaire
//! from the current position, and edit the rule file in the page and reload it, seeing the first
//! move that now plays differently. All the game logic runs here, in Rust, through the same library
//! calls as the REPL ([`api`]); the page only draws what the server sends ([`server`] serves it,
//! embedded in the binary, on a concurrent HTTP stack with its limits). Each browser tab is its
//! own session (`session.rs`); the long calls (hint, computer move, solve, reload) work on a
//! copy of it, bounded in time and stopped when their client goes away.

pub mod api;
mod ask;
pub mod config;
mod edit;
pub mod error;
mod files;
mod moves;
pub mod server;
mod session;
mod view;

pub use api::{default_user_dir, Config, Playground};
pub use server::WebServer;
