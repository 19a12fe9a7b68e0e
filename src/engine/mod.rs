//! The engine, in layers; each folder imports only the folders listed before it:
//!
//! 1. [`base`]: what every layer uses: resource limits, safe file reading, YAML, seeded random
//!    numbers, script values to and from serde;
//! 2. [`geometry`]: pits, rows, owners, the sowing track;
//! 3. [`trace`]: the events of a move, described in the geometry's words;
//! 4. [`declare`]: the declared vocabulary: what a rule says happens on a move (sowing, legal
//!    moves, captures, the turn, the end, rounds), its parse and its words;
//! 5. [`board`]: the state of a position (seeds, closed holes, reserves, turn, the state JSON);
//! 6. [`sowing`]: the sowing loops (traced and quiet), seeds given and taken;
//! 7. [`player`]: the native player of a declared move;
//! 8. [`script`]: the sandboxed Rhai engine and the primitives it gives rule scripts;
//! 9. [`rule`]: a loaded rule (where it came from, its declaration, script, options, hash);
//! 10. [`game`]: a game with its history, and replays under an edited rule.
//!
//! Nothing here knows about terminals, command lines or files other than rule files.

pub mod base;
pub mod board;
pub mod declare;
pub mod game;
pub mod geometry;
pub mod player;
pub mod rule;
pub mod script;
pub mod sowing;
pub mod trace;
