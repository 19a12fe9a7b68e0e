//! The options an imported rule declares where MancalaGames' engine plays otherwise than the
//! game's sources (or sowlab's reading of them): each default follows the sources, and its
//! other value is the engine's reading. The rule's `mancalagames: set` lists those other
//! values, so that a replay of MancalaGames' games (and any other tool) knows them, and the
//! import says them.

/// One such option: declared when the translation refers to `$name`.
pub(crate) struct Reading {
    pub(crate) name: &'static str,
    /// The default (the sources' reading) and MancalaGames' engine's value.
    pub(crate) default: &'static str,
    pub(crate) engine: &'static str,
    /// What the two values do, for the option's help.
    pub(crate) help: &'static str,
}

/// Every such option, in the order the rule's `options:` lists them.
pub(crate) const READINGS: &[Reading] = &[
    Reading {
        name: "round_layout",
        default: "starter",
        engine: "alternate",
        help: "a later round's start layout is turned for its starter; alternate: for the other of the last round's starter, as MancalaGames sets it up (whoever then starts)",
    },
    Reading {
        name: "spread_count",
        default: "held",
        engine: "row",
        help: "the round's loser's seeds spread over both rows: those he holds; row: his store and every seed in his row's holes, children of either player's included, as MancalaGames counts them",
    },
    Reading {
        name: "matching_back",
        default: "stop",
        engine: "beyond_limit",
        help: "a two-way run of matching pairs ends when its first hole against the sowing does not match; beyond_limit: then the hole past the limit with the sowing is taken if it matches, as in MancalaGames",
    },
    Reading {
        name: "end_gains",
        default: "reserve",
        engine: "board",
        help: "the seeds the game's last sweep gives a player when no player has a child count for him in his reserve; board: once the game is decided they go back onto the board, South's into his first hole and North's into his last, as MancalaGames shows them",
    },
    Reading {
        name: "endless_score",
        default: "most_seeds",
        engine: "most_in_children",
        help: "an endless relay ends the match: the seeds left go into the children and the most seeds held wins; most_in_children: only the children's seeds count (not those carried over from the last round), as MancalaGames scores it",
    },
    Reading {
        name: "endless",
        default: "stop",
        engine: "drop_hand",
        help: "an endless relay (a 76th lap) stops the move; drop_hand: the seeds that lap took up leave the game, as in MancalaGames (which loses them)",
    },
];

/// Whether `text` refers to option `name` (`$name` not followed by more of a name: `$endless`
/// is not a reference to it in `$endless_score`).
pub(crate) fn refers(text: &str, name: &str) -> bool {
    let key = format!("${name}");
    text.match_indices(&key).any(|(i, _)| {
        !text[i + key.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The readings a translation whose pieces are `body` declares.
pub(crate) fn used(body: &str) -> Vec<&'static Reading> {
    READINGS.iter().filter(|r| refers(body, r.name)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_is_the_whole_name() {
        assert!(refers("at_max_laps: $endless\n", "endless"));
        assert!(!refers("then: $endless_score }", "endless"));
        assert!(refers("then: $endless_score }", "endless_score"));
        assert!(refers("x: $endless", "endless"));
        let names: Vec<_> = used("a: $endless_score, b: $round_layout")
            .iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(names, ["round_layout", "endless_score"]);
    }
}
