//! Experiments with rule variants: many games between agents and the statistics that summarise
//! them. `runner` plays the games on several threads ([`simulate`]), `report` tallies and formats
//! them ([`SimReport`]), `compare` sets two variants side by side ([`compare_reports`]), `sweep`
//! runs a grid of option values ([`sweep()`]), `diff` replays one move list under two rule files,
//! `script_api` offers `simulate()` to check scripts ([`register_sim_api`]), and [`stats`] holds
//! the statistics. Built on the engine and the agents of
//! [`crate::search`]; it prints nothing: reports are values the command layer formats, and
//! progress goes to a hook the caller supplies. The items are used as `crate::experiment::X`.

pub(crate) mod compare;
pub mod config;
pub mod diff;
pub mod game;
pub mod games_out;
pub mod merge;
pub mod plots;
pub mod record;
pub(crate) mod report;
pub(crate) mod runner;
pub(crate) mod script_api;
pub mod stats;
pub(crate) mod sweep;

pub use compare::{compare_reports, CompareRow, Comparison};
pub use games_out::{GameRecord, GameSink, GamesFile, JsonLines};
pub use merge::{merge, Merged};
pub use record::{Part, PartSpec, Record};
pub use report::{AgentReport, PlayerReport, Rate, SimReport, Tally};
pub use runner::{seat_agents, simulate, simulate_from, Progress, SimConfig};
pub use script_api::{register_sim_api, register_sim_api_until};
pub use sweep::{grid, parse_vary, sweep, Sweep, SweepPoint};

/// A report that prints as a table: text for a reader and CSV for a spreadsheet (JSON comes from
/// its `Serialize`). The commands print every report through this one shape.
pub trait Tabled {
    /// As text for a reader.
    fn text(&self) -> String;
    /// As CSV.
    fn csv(&self) -> String;
}

macro_rules! tabled {
    ($($t:ty),*) => {$(
        impl Tabled for $t {
            fn text(&self) -> String {
                <$t>::text(self)
            }
            fn csv(&self) -> String {
                <$t>::csv(self)
            }
        }
    )*};
}
tabled!(SimReport, Comparison, Sweep);

pub use diff::{diff, Diff, DiffSide};
#[cfg(feature = "cli")]
#[cfg(feature = "cli")]
pub(crate) use {config::DEFAULT_MAX_MOVES, runner::default_jobs};
