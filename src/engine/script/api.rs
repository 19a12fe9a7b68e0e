//! Every primitive registered on an engine: the board type and each kind's file.

use rhai::Engine;

use crate::engine::board::state::Board;

/// Registers the board type and every primitive on `e`.
pub fn register_board_api(e: &mut Engine) {
    e.register_type_with_name::<Board>("Board");
    crate::engine::script::api_layout::register_layout(e);
    crate::engine::script::api_position::register_position(e);
    crate::engine::script::api_sowing::register_sowing(e);
    crate::engine::script::api_circuits::register_circuits(e);
    crate::engine::script::api_moving::register_moving(e);
    crate::engine::script::api_creating::register_creating(e);
    crate::engine::script::api_counters::register_counters(e);
}
