//! The translation of the lap captures (`sow_rule` LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS).

/// Whether the lap captures are translated.
pub(super) const TRANSLATED: bool = false;
