//! The board primitives a rule script calls on `this`, registered on a sandboxed engine by
//! [`register_board_api`](super::api::register_board_api), one file per kind: [`api_layout`](super::api_layout) (setup), [`api_position`](super::api_position)
//! (reading), [`api_sowing`](super::api_sowing), [`api_circuits`](super::api_circuits),
//! [`api_moving`](super::api_moving),
//! [`api_creating`](super::api_creating), [`api_counters`](super::api_counters). The sandbox is
//! [`sandbox`](super::sandbox); this file keeps the names other layers use.

use rhai::Dynamic;

pub use crate::engine::base::clock::{
    charge, check_now, start_call, start_move, work_done, CallGuard, MoveGuard, INTERRUPTED,
};
pub use crate::engine::script::api::register_board_api;
pub use crate::engine::script::args::{pit, MAX_ROW_HOLES, MAX_SEEDS};
pub use crate::engine::script::sandbox::{
    engine, start_rule_call, start_rule_move, Limits, RULE_OPERATIONS, RULE_WORK,
};

pub use crate::engine::base::values::to_json;

/// Converts a Rhai value to a string for messages.
pub fn show(v: &Dynamic) -> String {
    if v.is_string() {
        format!("\"{v}\"")
    } else {
        v.to_string()
    }
}
