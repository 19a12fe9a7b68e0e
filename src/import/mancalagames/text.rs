//! The translation's text: the data rule's YAML put together from its pieces.

use std::fmt::Write as _;

use super::read::{GameFile, Params};

/// The pieces of a translation, put together by [`assemble`].
pub(crate) struct Parts<'a> {
    /// `board:` keys of the game class (after `to_move`).
    pub(crate) board: &'a str,
    pub(crate) notes: &'a [String],
    pub(crate) stores: bool,
    pub(crate) start: &'a str,
    pub(crate) sowing: &'a str,
    pub(crate) moves: &'a str,
    pub(crate) capture: &'a str,
    pub(crate) children: &'a str,
    pub(crate) end: &'a str,
    pub(crate) rounds: &'a str,
}

impl Parts<'_> {
    /// Every piece that may refer to an option, as one text.
    pub(crate) fn body(&self) -> String {
        [
            self.board,
            self.start,
            self.sowing,
            self.moves,
            self.capture,
            self.children,
            self.end,
            self.rounds,
        ]
        .concat()
    }
}

/// The data rule's text from its pieces.
pub(crate) fn assemble(g: &GameFile, title: &str, p: &Params, parts: &Parts) -> String {
    let Parts {
        board,
        notes,
        stores,
        start,
        sowing,
        moves,
        capture,
        children,
        end,
        rounds,
    } = *parts;
    let file = g
        .path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let body = parts.body();
    let mut y = String::new();
    let _ = writeln!(
        y,
        "# Translated by `sowlab import mancalagames` from the MancalaGames game file {file}."
    );
    let pairs: Vec<String> = p
        .non_default()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(
        y,
        "# Its parameters other than the defaults: {}",
        if pairs.is_empty() {
            "none".to_string()
        } else {
            pairs.join(" ")
        }
    );
    for n in notes {
        let _ = writeln!(y, "# Note: {n}.");
    }
    let _ = writeln!(y, "name: {}", json(title));
    y.push_str("players: 2\n");
    let about = if g.about.is_empty() {
        format!("{title}, as MancalaGames describes it.")
    } else {
        g.about.clone()
    };
    let _ = writeln!(y, "description: {}", json(&about));
    let _ = writeln!(
        y,
        "sources:\n  - {}",
        json(&format!(
            "MancalaGames (https://github.com/StoneShark/MancalaGames), game file {file}"
        ))
    );
    let used = super::readings::used(&body);
    let _ = writeln!(y, "mancalagames:\n  file: {}", json(&file));
    if !used.is_empty() {
        let set: Vec<String> = used
            .iter()
            .map(|r| format!("{}: {}", r.name, r.engine))
            .collect();
        let _ = writeln!(
            y,
            "  # the options that give MancalaGames' engine's reading (see each option's help)\n  set: {{ {} }}",
            set.join(", ")
        );
    }
    y.push_str("options:\n");
    let _ = writeln!(
        y,
        "  holes: {{ value: {}, min: 2, max: 21, help: \"holes per side (holes)\" }}",
        p.holes
    );
    let _ = writeln!(
        y,
        "  seeds: {{ value: {}, min: 1, max: 100, help: \"seeds in each hole at the start (nbr_start)\" }}",
        p.nbr_start
    );
    y.push_str(
        "  first: { value: south, values: [south, north], help: \"who moves first (MancalaGames draws the starter at random)\" }\n",
    );
    if start.contains("$start_seed") {
        y.push_str(
            "  start_seed: { value: 0, min: 0, max: 1000000000, help: \"the seed of the random start layout\" }\n",
        );
    } else if rounds.contains("$start_seed") {
        y.push_str(
            "  start_seed: { value: 0, min: 0, max: 1000000000, help: \"the seed of the coin tosses between rounds\" }\n",
        );
    }
    for r in used {
        let _ = writeln!(
            y,
            "  {}: {{ value: {}, values: [{}, {}], help: {} }}",
            r.name,
            r.default,
            r.default,
            r.engine,
            json(r.help)
        );
    }
    y.push_str("board:\n  players: 2\n  shape: two_rows\n  to_move: $first\n");
    y.push_str(board);
    y.push_str("  pits:\n");
    y.push_str("    - { row: S, owner: 1, holes: $holes, seeds: $seeds }\n");
    // (a start pattern may put seeds in the stores)
    let store_seeds =
        super::store_moves::store_seeds(p).map_or(String::new(), |n| format!(", seeds: {n}"));
    if stores {
        let _ = writeln!(y, "    - {{ store: store S, owner: 1{store_seeds} }}");
    }
    y.push_str("    - { row: N, owner: 2, holes: $holes, seeds: $seeds }\n");
    if stores {
        let _ = writeln!(y, "    - {{ store: store N, owner: 2{store_seeds} }}");
    } else {
        y.push_str("  # stores=false: captures go to each player's reserve\n");
    }
    y.push_str(start);
    if !sowing.is_empty() {
        y.push_str("sowing:\n");
        y.push_str(sowing);
    }
    y.push_str("pipeline:\n  names: [South, North]\n");
    if !moves.is_empty() {
        y.push_str("  moves:\n");
        y.push_str(moves);
    }
    if !capture.is_empty() {
        y.push_str("  capture:\n");
        y.push_str(capture);
    }
    y.push_str(children);
    // sow_stores OWN and BOTH: a last seed in a store (either, with BOTH) moves again.
    match (
        matches!(p.int("sow_stores"), 1 | 2),
        p.int("capt_rturn") == 1,
    ) {
        (true, false) => y.push_str(
            "  extra_turn: store   # sow_stores=OWN or BOTH: a last seed in a store moves again\n",
        ),
        (false, true) => y.push_str(
            "  extra_turn: capture   # capt_rturn=ALWAYS: a move that captured moves again\n",
        ),
        (false, false) if p.int("capt_rturn") == 2 => y.push_str(
            "  # capt_rturn=ONCE: MancalaGames counts the repeat turns since the turn last passed (a pass\n  # does not reset it): a capture moves again only after a move that did not\n  extra_turn: capture_once\n",
        ),
        (true, true) => {
            y.push_str("  extra_turn: store_or_capture   # sow_stores=OWN, capt_rturn=ALWAYS\n")
        }
        (false, false) => {}
    }
    if p.int("sow_stores") == 6 {
        y.push_str(
            "  extra_turn: own_store   # sow_stores=BOTH_NR_OPP: a last seed in the mover's own store moves again\n",
        );
    }
    if p.flag("mustpass") {
        y.push_str("  pass: { counter: passes }   # mustpass: a player without a move passes\n");
    }
    y.push_str(rounds);
    y.push_str("  end:\n");
    // (an endless relay ends the game, also in a game of rounds)
    y.push_str(&end.replace("then: game_most_seeds", "then: most_seeds"));
    y
}

/// A string as a YAML (JSON) double-quoted scalar.
fn json(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}
