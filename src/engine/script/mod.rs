//! The script host: the sandboxed Rhai engine (limits, the module resolver, the clock of a call)
//! and the board primitives a rule script calls on `this`. A rule script can compute a game and
//! nothing else: it cannot read files, run programs or reach the network.

pub mod primitives;
