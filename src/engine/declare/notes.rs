//! The texts of the notes the core's steps record in a move's trace (`notes:`), with their
//! `{placeholders}` filled in.

use serde::Deserialize;

/// A trace note: `(kind, text)`.
pub type Note = (String, String);

/// The texts of the notes the core writes (an empty text writes none).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Notes {
    /// The mover moves again.
    pub extra: Note,
    /// The sowing stopped at the lap limit.
    pub stopped: Note,
    /// A grand slam captured nothing.
    pub grand_slam: Note,
    /// A player passed and took a penalty.
    pub penalty: Note,
    /// A player is out.
    pub out: Note,
    /// The last player left in wins.
    pub last_left: Note,
    /// A round was scored.
    pub round_result: Note,
    /// A player cannot fill a hole: the match ends.
    pub cannot_fill: Note,
    /// The round limit ended the match.
    pub max_rounds: Note,
    /// A player refilled his row.
    pub refill: Note,
    /// A round starts.
    pub round_start: Note,
}

fn note(kind: &str, text: &str) -> Note {
    (kind.to_string(), text.to_string())
}

impl Default for Notes {
    fn default() -> Notes {
        Notes {
            extra: note("extra", "the last seed fell into the store: move again"),
            stopped: note(
                "max_laps",
                "the move still relays after {laps} laps: it stops (max_laps)",
            ),
            grand_slam: note(
                "grand slam",
                "the move would capture all the opponent's seeds: nothing is captured",
            ),
            penalty: note(
                "penalty",
                "player {player} cannot move: he passes and takes penalty {penalties}",
            ),
            out: note("out", "player {player} has {penalties} penalties: he is out"),
            last_left: note("win", "player {winner} is the last player left in: he wins"),
            round_result: note(
                "round_result",
                "round {round}: {name1} captured {capture1}, {name2} {capture2}: {result}",
            ),
            cannot_fill: note(
                "match_end",
                "{loser_name} has {reserve} seeds and cannot fill a hole: {winner_name} wins the match",
            ),
            max_rounds: note(
                "match_end",
                "{round} rounds played (max_rounds): reserves {reserve1}/{reserve2}",
            ),
            refill: note(
                "refill",
                "{player_name} fills {filled} hole(s) from the {from}, closes {closed}, keeps {reserve} in reserve",
            ),
            round_start: note("round_start", "round {round}: {player_name} starts"),
        }
    }
}

/// Fills `{name}` placeholders of a note's text from `get`; unknown names stay as written.
pub fn fill(text: &str, get: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let name = &after[..j];
                match get(name) {
                    Some(v) => out.push_str(&v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(&rest[i..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
