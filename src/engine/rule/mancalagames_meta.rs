//! A rule's `mancalagames:` metadata: the MancalaGames game file a rule was translated from and
//! the options that give MancalaGames' engine's reading where it departs from the reading the
//! rule gives by default (a difference that is the engine's own, such as the seeds an endless
//! relay loses, is an option whose default follows the game's sources). `sowlab import
//! mancalagames` writes it; tools replaying MancalaGames' games set those options. Checked
//! against the rule's options in [`crate::engine::rule::mancalagames_check`].

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

/// The MancalaGames game file a rule plays, and the options giving its engine's reading.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MancalaGamesMeta {
    /// The game file's name (`Adi.txt`).
    pub file: String,
    /// The options that give MancalaGames' engine's reading (empty: the rule's defaults).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, Value>,
}

const KEYS: &str = "file, set";

/// Reads `mancalagames:` metadata (as JSON, whatever it was written in); errors name the key.
pub fn parse(v: &Value) -> std::result::Result<MancalaGamesMeta, String> {
    let Value::Object(m) = v else {
        return Err(format!("mancalagames: must be a map ({KEYS})"));
    };
    if let Some(k) = m
        .keys()
        .find(|k| !KEYS.split(", ").any(|x| x == k.as_str()))
    {
        return Err(format!("mancalagames: unknown key `{k}` (keys: {KEYS})"));
    }
    let file = match m.get("file") {
        Some(Value::String(s)) if !s.trim().is_empty() => crate::text::escape(s).into_owned(),
        _ => {
            return Err(
                "mancalagames.file: the game file's name, a string (`Adi.txt`), is required".into(),
            )
        }
    };
    let set = crate::engine::rule::options::metadata_set(
        "mancalagames",
        m.get("set"),
        "{ endless: drop_hand }",
    )?;
    Ok(MancalaGamesMeta { file, set })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_file_and_its_options() {
        let m = parse(&serde_json::json!({"file": "Adi.txt", "set": {"endless": "drop_hand"}}))
            .unwrap();
        assert_eq!(m.file, "Adi.txt");
        assert_eq!(m.set["endless"], serde_json::json!("drop_hand"));
    }

    #[test]
    fn bad_metadata_names_the_key() {
        let e = parse(&serde_json::json!({"file": "Adi.txt", "sets": {}})).unwrap_err();
        assert_eq!(e, "mancalagames: unknown key `sets` (keys: file, set)");
        let e = parse(&serde_json::json!({"set": {}})).unwrap_err();
        assert!(e.starts_with("mancalagames.file: "), "{e}");
        let e = parse(&serde_json::json!({"file": "A.txt", "set": {"x": [1]}})).unwrap_err();
        assert!(e.starts_with("mancalagames.set.x: "), "{e}");
        let e = parse(&serde_json::json!("Adi.txt")).unwrap_err();
        assert!(e.starts_with("mancalagames: must be a map"), "{e}");
    }
}
