//! MancalaGames' game parameters: every key a game file may hold, its type, its allowed values
//! and its default. Defaults are those of MancalaGames' `GameInfo` dataclass (its csv's
//! `ui_default` column is what the editor shows first, not the default). Enumerations are stored
//! in the files as integers; their names are MancalaGames' own (facts of the file format).

/// The type of a parameter's value.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// `true`/`false` (a number is accepted too: 0 is false, any other true).
    Bool,
    /// An integer between the bounds.
    Int(i64, i64),
    /// One of the named integers.
    Enum(&'static [(&'static str, i64)]),
    /// A list of integers between the bounds.
    IntList(i64, i64),
}

/// One parameter: its key, type and default (as an integer: false 0, true 1; lists default to
/// empty).
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The key in `game_info` (or `game_constants` for `holes` and `nbr_start`).
    pub key: &'static str,
    /// Its type.
    pub kind: Kind,
    /// Its default.
    pub default: i64,
}

const fn p(key: &'static str, kind: Kind, default: i64) -> Param {
    Param { key, kind, default }
}

const BIG: i64 = 1000;

const GOAL: &[(&str, i64)] = &[
    ("MAX_SEEDS", 0),
    ("DEPRIVE", 1),
    ("TERRITORY", 2),
    ("CLEAR", 3),
    ("RND_WIN_COUNT_MAX", 4),
    ("RND_SEED_COUNT", 5),
    ("RND_EXTRA_SEEDS", 6),
    ("RND_POINTS", 7),
    ("RND_WIN_COUNT_CLR", 8),
    ("RND_WIN_COUNT_DEP", 9),
    ("IMMOBILIZE", 10),
    ("RND_WIN_COUNT_IMB", 11),
];
const END_COND: &[(&str, i64)] = &[
    ("NO_ADDTL", 0),
    ("CLEARED_OWN", 1),
    ("CLEARED_OPP", 2),
    ("SEEDS_LIMIT", 3),
    ("HOLE_SEED_LIMIT", 4),
];
const ROUNDS: &[(&str, i64)] = &[
    ("NO_ROUNDS", 0),
    ("HALF_SEEDS", 1),
    ("NO_MOVES", 2),
    ("END_S_SEEDS", 3),
    ("END_2S_SEEDS", 4),
];
const ROUND_STARTER: &[(&str, i64)] = &[
    ("ALTERNATE", 0),
    ("LOSER", 1),
    ("WINNER", 2),
    ("LAST_MOVER", 3),
];
const ROUND_FILL: &[(&str, i64)] = &[
    ("NOT_APPLICABLE", 0),
    ("LEFT_FILL", 1),
    ("RIGHT_FILL", 2),
    ("OUTSIDE_FILL", 3),
    ("EVEN_FILL", 4),
    ("SHORTEN", 5),
    ("UCHOOSE", 6),
    ("UMOVE", 7),
    ("UCHOWN", 8),
    ("SHORTEN_ALL", 9),
    ("LOSER_ONLY", 10),
    ("TERR_EX_RANDOM", 11),
    ("TERR_EX_LOSER", 12),
    ("TERR_EX_EMPTY", 13),
];
const START_PATTERN: &[(&str, i64)] = &[
    ("ALL_EQUAL", 0),
    ("GAMACHA", 1),
    ("ALTERNATES", 2),
    ("ALTS_WITH_1", 3),
    ("CLIPPEDTRIPLES", 4),
    ("TWOEMPTY", 5),
    ("RANDOM", 6),
    ("ALTS_SPLIT", 7),
    ("RIGHTMOST_PLUS_ONE", 8),
    ("MOVE_RIGHTMOST", 9),
    ("MOVE_RANDOM", 10),
    ("NO_REPEAT_SOW_OWN", 11),
    ("RANDOM_ZEROS", 12),
    ("AZIGO", 13),
];
const PRESCRIBED: &[(&str, i64)] = &[
    ("NONE", 0),
    ("BASIC_SOWER", 1),
    ("MLAPS_SOWER", 2),
    ("SOW1OPP", 3),
    ("PLUS1MINUS1", 4),
    ("ARNGE_LIMIT", 5),
    ("NO_UDIR_FIRSTS", 6),
];
const SEEDS: &[(&str, i64)] = &[
    ("HOLE_OWNER", 0),
    ("DONT_SCORE", 1),
    ("LAST_MOVER", 2),
    ("UNFED_PLAYER", 3),
    ("DIVVIED", 4),
];
const PLAY_LOCS: &[(&str, i64)] = &[
    ("BOARD_ONLY", 0),
    ("BRD_OWN_STR_ALL", 1),
    ("BRD_OWN_STR_CHS", 2),
];
const ALLOW_RULE: &[(&str, i64)] = &[
    ("NONE", 0),
    ("OPP_OR_EMPTY", 1),
    ("SINGLE_TO_ZERO", 2),
    ("SINGLE_ONLY_ALL", 3),
    ("SINGLE_ALL_TO_ZERO", 4),
    ("TWO_ONLY_ALL", 5),
    ("TWO_ONLY_ALL_RIGHT", 6),
    ("FIRST_TURN_ONLY_RIGHT_TWO", 7),
    ("RIGHT_2_1ST_THEN_ALL_TWO", 8),
    ("MOVE_ALL_HOLES_FIRST", 9),
    ("NOT_XFROM_1S", 10),
    ("OCCUPIED", 11),
    ("RIGHT_HALF_FIRSTS", 12),
    ("RIGHT_HALF_1ST_OPE", 13),
];
const DIRECT: &[(&str, i64)] = &[
    ("CW", -1),
    ("CCW", 1),
    ("SPLIT", 0),
    ("PLAYALTDIR", 2),
    ("EVEN_ODD_DIR", 3),
    ("TOCENTER", 4),
];
const SOW_STORES: &[(&str, i64)] = &[
    ("NEITHER", 0),
    ("OWN", 1),
    ("BOTH", 2),
    ("OWN_NR", 3),
    ("BOTH_NR", 4),
    ("BOTH_NR_OWN", 5),
    ("BOTH_NR_OPP", 6),
];
const MLAPS: &[(&str, i64)] = &[("OFF", 0), ("LAPPER", 1), ("LAPPER_NEXT", 2)];
const MLAP_CONT: &[(&str, i64)] = &[
    ("NONE", 0),
    ("ON_PARAM", 1),
    ("GREQ_PARAM", 2),
    ("OWN_SIDE", 3),
    ("OPP_SIDE", 4),
    ("VISIT_OPP", 5),
    ("STOP_STORE", 6),
    ("NOT_FROM_STORE", 7),
];
const CHILD_TYPE: &[(&str, i64)] = &[
    ("NOCHILD", 0),
    ("NORMAL", 1),
    ("ONE_CHILD", 3),
    ("WEG", 4),
    ("BULL", 5),
    ("QUR", 6),
    ("RAM", 7),
];
const CHILD_RULE: &[(&str, i64)] = &[
    ("NONE", 0),
    ("OPP_SIDE_ONLY", 1),
    ("OWN_SIDE_ONLY", 2),
    ("OPPS_ONLY_NOT_1ST", 3),
    ("OPP_OWNER_ONLY", 4),
    ("OWN_OWNER_ONLY", 5),
    ("NOT_1ST_OPP", 6),
];
const CHILD_LOCS: &[(&str, i64)] = &[
    ("ANYWHERE", 0),
    ("ENDS_ONLY", 1),
    ("NO_ENDS", 2),
    ("INV_ENDS_PLUS_MID", 3),
    ("ENDS_PLUS_ONE_OPP", 4),
    ("NO_OWN_RIGHT", 5),
    ("NO_OPP_RIGHT", 6),
    ("NO_OPP_LEFT", 7),
    ("NOT_SYM_OPP", 8),
    ("NOT_FACING", 9),
    ("ENDS_PLUS_ALL_OPP", 10),
    ("FIXED_ONE_RIGHT", 11),
];
const PRESOWCAPT: &[(&str, i64)] = &[
    ("NONE", 0),
    ("CAPT_ONE", 1),
    ("ALL_SINGLE_XCAPT", 2),
    ("DRAW_1_XCAPT", 3),
];
const SOW_RULE: &[(&str, i64)] = &[
    ("NONE", 0),
    ("SOW_BLKD_DIV", 1),
    ("SOW_BLKD_DIV_NR", 2),
    ("ENPAS_ALL_OWNER_SOW", 3),
    ("ENPAS_ALL_OWNER_OWN", 4),
    ("NO_SOW_OPP_NS", 5),
    ("CHANGE_DIR_LAP", 6),
    ("MAX_SOW", 7),
    ("LAP_CAPT", 8),
    ("NO_OPP_CHILD", 9),
    ("LAP_CAPT_OPP_GETS", 10),
    ("OPP_CHILD_ONLY1", 11),
    ("LAP_CAPT_SEEDS", 12),
    ("NO_CHILDREN", 13),
    ("ENPAS_ALL_SOWER", 14),
    ("ENPAS_SOW_SOWER", 15),
    ("ENPAS_OPP_SOWER", 16),
];
const CAPT_DIR: &[(&str, i64)] = &[("OPP_SOW", 0), ("SOW", 1), ("BOTH", 2)];
const CAPT_SIDE: &[(&str, i64)] = &[
    ("BOTH", 0),
    ("OPP_SIDE", 1),
    ("OWN_SIDE", 2),
    ("OPP_CONT", 3),
    ("OWN_CONT", 4),
    ("OPP_TERR", 5),
    ("OWN_TERR", 6),
];
const CAPT_TYPE: &[(&str, i64)] = &[
    ("NONE", 0),
    ("NEXT", 1),
    ("TWO_OUT", 2),
    ("MATCH_OPP", 3),
    ("SINGLETONS", 4),
    ("CAPT_OPP_1CCW", 5),
    ("PASS_STORE_CAPT", 6),
    ("PULL_ACROSS", 7),
    ("END_OPP_STORE_CAPT", 8),
    ("SANDWICH_CAPT", 9),
];
const CROSSCAPT: &[(&str, i64)] = &[("NONE", 0), ("ONE_ZEROS", 1), ("ANY", 2), ("ONE_ANY", 3)];
const XCPICKOWN: &[(&str, i64)] = &[("LEAVE", 0), ("PICK_ON_CAPT", 1), ("ALWAYS_PICK", 2)];
const PICKEXTRA: &[(&str, i64)] = &[
    ("NONE", 0),
    ("PICKCROSS", 1),
    ("PICKOPPBASIC", 2),
    ("PICKLASTSEEDS", 3),
    ("PICK2XLASTSEEDS", 4),
    ("PICKFINAL", 5),
    ("PICKCROSSMULT", 6),
];
const GRANDSLAM: &[(&str, i64)] = &[
    ("LEGAL", 0),
    ("NOT_LEGAL", 1),
    ("NO_CAPT", 2),
    ("OPP_GETS_REMAIN", 3),
    ("LEAVE_LEFT", 4),
    ("LEAVE_RIGHT", 5),
    ("LEGAL_SHARE", 6),
];
const CAPT_RTURN: &[(&str, i64)] = &[("NO_REPEAT", 0), ("ALWAYS", 1), ("ONCE", 2)];

/// The game classes MancalaGames has (the `game_class` key).
pub const GAME_CLASSES: &[&str] = &[
    "Mancala",
    "BearOff",
    "Diffusion",
    "DiffusionV2",
    "EastWestCycle",
    "EWGratuitous",
    "NorthSouthCycle",
    "NSGratuitous",
    "ShareOne",
    "ZigZag",
];

/// Keys of `game_info` that are text, not rules.
pub const TEXT_KEYS: &[&str] = &["name", "about", "help_file"];

/// The size keys of `game_constants`.
pub const HOLES: Param = p("holes", Kind::Int(2, 21), 0);
/// Seeds per hole at the start (40 to 98 only with a random start, as the total).
pub const NBR_START: Param = p("nbr_start", Kind::Int(1, 100), 0);

/// Every rule parameter of `game_info`, with its default.
pub const PARAMS: &[Param] = &[
    p("goal", Kind::Enum(GOAL), 0),
    p("end_cond", Kind::Enum(END_COND), 0),
    p("end_param", Kind::Int(0, BIG), 0),
    p("mustpass", Kind::Bool, 0),
    p("rounds", Kind::Enum(ROUNDS), 0),
    p("round_starter", Kind::Enum(ROUND_STARTER), 0),
    p("round_fill", Kind::Enum(ROUND_FILL), 0),
    p("no_sides", Kind::Bool, 0),
    p("stores", Kind::Bool, 0),
    p("start_pattern", Kind::Enum(START_PATTERN), 0),
    p("prescribed", Kind::Enum(PRESCRIBED), 0),
    p("unclaimed", Kind::Enum(SEEDS), 0),
    p("quitter", Kind::Enum(SEEDS), 4),
    p("play_locs", Kind::Enum(PLAY_LOCS), 0),
    p("min_move", Kind::Int(1, BIG), 1),
    p("allow_rule", Kind::Enum(ALLOW_RULE), 0),
    p("mustshare", Kind::Bool, 0),
    p("sow_direct", Kind::Enum(DIRECT), 1),
    p("sow_start", Kind::Bool, 0),
    p("move_one", Kind::Bool, 0),
    p("skip_start", Kind::Bool, 0),
    p("sow_stores", Kind::Enum(SOW_STORES), 0),
    p("blocks", Kind::Bool, 0),
    p("mlaps", Kind::Enum(MLAPS), 0),
    p("mlap_cont", Kind::Enum(MLAP_CONT), 0),
    p("mlap_param", Kind::Int(0, BIG), 0),
    p("child_cvt", Kind::Int(0, BIG), 0),
    p("child_type", Kind::Enum(CHILD_TYPE), 0),
    p("child_rule", Kind::Enum(CHILD_RULE), 0),
    p("child_locs", Kind::Enum(CHILD_LOCS), 0),
    p("goal_param", Kind::Int(0, BIG), 0),
    p("presowcapt", Kind::Enum(PRESOWCAPT), 0),
    p("sow_rule", Kind::Enum(SOW_RULE), 0),
    p("sow_param", Kind::Int(0, BIG), 0),
    p("udir_holes", Kind::IntList(0, 20), 0),
    p("capt_dir", Kind::Enum(CAPT_DIR), 0),
    p("capt_side", Kind::Enum(CAPT_SIDE), 0),
    p("moveunlock", Kind::Bool, 0),
    p("evens", Kind::Bool, 0),
    p("capt_min", Kind::Int(0, BIG), 0),
    p("capt_max", Kind::Int(0, BIG), 0),
    p("nosinglecapt", Kind::Bool, 0),
    p("nocaptmoves", Kind::Int(0, BIG), 0),
    p("capt_type", Kind::Enum(CAPT_TYPE), 0),
    p("crosscapt", Kind::Enum(CROSSCAPT), 0),
    p("xc_sown", Kind::Bool, 0),
    p("xcpickown", Kind::Enum(XCPICKOWN), 0),
    p("pickextra", Kind::Enum(PICKEXTRA), 0),
    p("multicapt", Kind::Int(-1, BIG), 0),
    p("grandslam", Kind::Enum(GRANDSLAM), 0),
    p("capt_rturn", Kind::Enum(CAPT_RTURN), 0),
    p("capt_on", Kind::IntList(1, BIG), 0),
];

/// The parameter called `key` (`holes` and `nbr_start` included).
pub fn find(key: &str) -> Option<&'static Param> {
    match key {
        "holes" => Some(&HOLES),
        "nbr_start" => Some(&NBR_START),
        _ => PARAMS.iter().find(|p| p.key == key),
    }
}

impl Kind {
    /// The allowed values, in words, for messages.
    pub fn allowed(&self) -> String {
        match self {
            Kind::Bool => "true or false (or a number: 0 is false)".into(),
            Kind::Int(lo, hi) => format!("an integer from {lo} to {hi}"),
            Kind::Enum(v) => v
                .iter()
                .map(|(n, i)| format!("{i} ({n})"))
                .collect::<Vec<_>>()
                .join(", "),
            Kind::IntList(lo, hi) => format!("a list of integers from {lo} to {hi}"),
        }
    }
}

impl Param {
    /// The name of value `v` (an enumeration's word, else the number).
    pub fn word(&self, v: i64) -> String {
        match self.kind {
            Kind::Enum(names) => names
                .iter()
                .find(|(_, i)| *i == v)
                .map_or_else(|| v.to_string(), |(n, _)| n.to_string()),
            Kind::Bool => (v != 0).to_string(),
            _ => v.to_string(),
        }
    }
}
