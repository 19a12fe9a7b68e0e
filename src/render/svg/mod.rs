//! Board pictures as SVG: every layout the core has (one row with its store, two facing rows with
//! stores or reserves, the four-row square with corner stores), with counts and seeds drawn as
//! dots, owners by colour, closed holes crossed out, whose turn it is, and the move labels as users
//! type them; and a move's trace ([`trace`]): laps as numbered arrows of one colour each, relays,
//! captures. The SVG is self-contained (no fonts, style sheets or scripts to fetch): it can be
//! written to a file, shown in a browser, or inlined in a page.
//!
//! Holes that are legal moves carry `class="hole legal"` and `data-move="LABEL"`, so a page can make
//! them clickable.

pub mod board;
pub mod bounds;
pub mod game;
pub mod geometry;
pub mod trace;

pub use board::{board_svg, esc, ink, tint, SvgOptions, MAX_DOTS};
pub(crate) use board::{n, wrap};
pub use bounds::{check_pits, MAX_PICTURE_EVENTS, MAX_PICTURE_PITS};
pub use game::{game_svg, last_move_svg};
pub use trace::{lap_frames, trace_svg};
