//! Reading a MancalaGames game file: JSON (`game_class`, `game_constants`, `game_info`, optional
//! `variants`, metadata), then optionally a `<text_section>` line and XML-like text blocks
//! (`<about>`...) that a value `"<text_section>"` refers to. Limits as MancalaGames': 200 lines,
//! 4,000 characters of JSON. CRLF line ends are read as LF. Every value is checked against the
//! parameter table ([`super::params`]); an error is one line naming the file, the key and the
//! allowed values.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use super::params::{self, Kind, Param};
use crate::error::{Error, Result};

/// Most lines in a game file.
pub const MAX_LINES: usize = 200;
/// Most characters of its JSON part.
pub const MAX_CHARS: usize = 4000;
const TEXT_SECTION: &str = "<text_section>";

/// A parameter's value: an integer (bools and enumerations too) or a list of integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// An integer, a bool (0/1) or an enumeration's number.
    Int(i64),
    /// `capt_on`, `udir_holes`.
    List(Vec<i64>),
}

/// One game's parameters: the board size and every rule parameter that differs from, or
/// repeats, its default (absent ones read as the default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// `game_class`.
    pub class: String,
    /// Holes per side.
    pub holes: i64,
    /// Seeds per hole at the start.
    pub nbr_start: i64,
    /// The rule parameters as written.
    pub values: BTreeMap<&'static str, Val>,
}

impl Params {
    /// Parameter `key` as an integer (its default when not written; lists read as 0).
    pub fn int(&self, key: &str) -> i64 {
        match self.values.get(key) {
            Some(Val::Int(v)) => *v,
            Some(Val::List(_)) => 0,
            None => params::find(key).map_or(0, |p| p.default),
        }
    }

    /// Parameter `key` as a bool.
    pub fn flag(&self, key: &str) -> bool {
        self.int(key) != 0
    }

    /// Parameter `key` as a list (empty when not written).
    pub fn list(&self, key: &str) -> Vec<i64> {
        match self.values.get(key) {
            Some(Val::List(v)) => v.clone(),
            _ => Vec::new(),
        }
    }

    /// The parameters whose value is not the default, as `(key, value in words)`.
    pub fn non_default(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for p in params::PARAMS {
            match self.values.get(p.key) {
                Some(Val::Int(v)) if *v != p.default => out.push((p.key, p.word(*v))),
                Some(Val::List(v)) if !v.is_empty() => out.push((p.key, format!("{v:?}"))),
                _ => {}
            }
        }
        out
    }
}

/// A game file read and checked.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file name without its extension (the rule name comes from it).
    pub stem: String,
    /// `game_info.name`.
    pub name: String,
    /// `game_info.about` (its text block when it refers to one), whitespace-joined.
    pub about: String,
    /// The base game.
    pub base: Params,
    /// The named variants (the base's own entry left out), in file order, each fully applied.
    pub variants: Vec<(String, Params)>,
}

/// Whether `text` looks like a MancalaGames game file (a JSON object with `game_info`).
pub fn looks_like(text: &str) -> bool {
    let json = json_part(text).0;
    matches!(serde_json::from_str::<Json>(&json), Ok(Json::Object(m)) if m.contains_key("game_info"))
}

/// The JSON part of the text (LF line ends) and the text-section lines after it.
fn json_part(text: &str) -> (String, Vec<String>) {
    let text = text.replace("\r\n", "\n");
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let cut = lines
        .iter()
        .position(|l| l.trim() == TEXT_SECTION)
        .unwrap_or(lines.len());
    (
        lines[..cut].concat(),
        lines[cut..].iter().map(|l| l.to_string()).collect(),
    )
}

/// Reads and checks the game file at `path`.
pub fn read_file(path: &Path) -> Result<GameFile> {
    // (a regular file, capped while reading: a pipe or a huge file is refused)
    let text = crate::engine::base::files::read_text(path, "game file")?;
    parse(path, &text)
}

/// Parses and checks a game file's text; `path` names it in errors and gives its stem.
pub fn parse(path: &Path, text: &str) -> Result<GameFile> {
    let at = path.display().to_string();
    let bad = |msg: String| Error::msg(format!("{at}: {msg}"));
    let lines = text.replace("\r\n", "\n").lines().count();
    let (json, section) = json_part(text);
    if lines > MAX_LINES {
        return Err(bad(format!(
            "{lines} lines; a game file has at most {MAX_LINES}"
        )));
    }
    if json.chars().count() > MAX_CHARS {
        return Err(bad(format!(
            "{} characters of JSON; a game file has at most {MAX_CHARS}",
            json.chars().count()
        )));
    }
    let top: Json = serde_json::from_str(&json).map_err(|e| {
        let msg = e.to_string();
        let msg = msg
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string();
        bad(format!(
            "not a MancalaGames game file: JSON error at line {}, column {}: {msg}",
            e.line(),
            e.column()
        ))
    })?;
    let Json::Object(top) = top else {
        return Err(bad(
            "not a MancalaGames game file: the JSON is not an object".into(),
        ));
    };
    let class = match top.get("game_class") {
        None => "Mancala".to_string(),
        Some(v) => class_of(v).map_err(bad)?,
    };
    let Some(Json::Object(consts)) = top.get("game_constants") else {
        return Err(bad(
            "game_constants: missing (an object with holes and nbr_start)".into(),
        ));
    };
    let Some(Json::Object(info)) = top.get("game_info") else {
        return Err(bad(
            "game_info: missing (an object of game parameters)".into()
        ));
    };
    let mut base = Params {
        class,
        holes: 0,
        nbr_start: 0,
        values: BTreeMap::new(),
    };
    for (k, v) in consts {
        let p = match k.as_str() {
            "holes" => &params::HOLES,
            "nbr_start" => &params::NBR_START,
            _ => {
                return Err(bad(format!(
                    "game_constants.{k}: unknown key (allowed: holes, nbr_start)"
                )))
            }
        };
        set(&mut base, p, v).map_err(|m| bad(format!("game_constants.{k}: {m}")))?;
    }
    for k in ["holes", "nbr_start"] {
        if !consts.contains_key(k) {
            return Err(bad(format!(
                "game_constants.{k}: missing ({})",
                params::find(k)
                    .map(|p| p.kind.allowed())
                    .unwrap_or_default()
            )));
        }
    }
    let blocks = text_blocks(&section);
    let mut name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut about = String::new();
    for (k, v) in info {
        if params::TEXT_KEYS.contains(&k.as_str()) {
            let s = match v {
                Json::String(s) if s == TEXT_SECTION => {
                    blocks.get(k).cloned().ok_or_else(|| {
                        bad(format!(
                            "game_info.{k}: refers to the text section, which has no <{k}> block"
                        ))
                    })?
                }
                Json::String(s) => s.clone(),
                _ => return Err(bad(format!("game_info.{k}: write a string"))),
            };
            match k.as_str() {
                "name" => name = s,
                "about" => about = s.split_whitespace().collect::<Vec<_>>().join(" "),
                _ => {}
            }
            continue;
        }
        let Some(p) = params::PARAMS.iter().find(|p| p.key == k) else {
            return Err(bad(unknown_key("game_info", k)));
        };
        set(&mut base, p, v).map_err(|m| bad(format!("game_info.{k}: {m}")))?;
    }
    let mut variants = Vec::new();
    match top.get("variants") {
        None => {}
        Some(Json::Object(vs)) => {
            for (vname, over) in vs {
                let Json::Object(over) = over else {
                    return Err(bad(format!(
                        "variants.{vname}: write an object of parameters"
                    )));
                };
                if vname == &name {
                    continue;
                }
                let mut p = base.clone();
                for (k, v) in over {
                    if k == "game_class" {
                        p.class = class_of(v).map_err(|m| bad(format!("variants.{vname}.{m}")))?;
                        continue;
                    }
                    let Some(param) = params::find(k) else {
                        return Err(bad(unknown_key(&format!("variants.{vname}"), k)));
                    };
                    set(&mut p, param, v).map_err(|m| bad(format!("variants.{vname}.{k}: {m}")))?;
                }
                variants.push((vname.clone(), p));
            }
        }
        Some(_) => return Err(bad("variants: write an object of named variants".into())),
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(GameFile {
        path: path.to_path_buf(),
        stem,
        name,
        about,
        base,
        variants,
    })
}

fn class_of(v: &Json) -> std::result::Result<String, String> {
    match v {
        Json::String(s) if params::GAME_CLASSES.contains(&s.as_str()) => Ok(s.clone()),
        _ => Err(format!(
            "game_class: unknown class {v} (allowed: {})",
            params::GAME_CLASSES.join(", ")
        )),
    }
}

fn unknown_key(at: &str, k: &str) -> String {
    let keys: Vec<&str> = params::PARAMS.iter().map(|p| p.key).collect();
    let hint =
        match crate::error::closest(k, &keys.iter().map(|s| s.to_string()).collect::<Vec<_>>()) {
            Some(n) => format!("did you mean `{n}`? "),
            None => String::new(),
        };
    format!(
        "{at}.{k}: unknown parameter ({hint}parameters: {})",
        keys.join(", ")
    )
}

/// Checks value `v` for parameter `p` and stores it.
fn set(to: &mut Params, p: &Param, v: &Json) -> std::result::Result<(), String> {
    let val = value(p, v)?;
    match (p.key, &val) {
        ("holes", Val::Int(n)) => to.holes = *n,
        ("nbr_start", Val::Int(n)) => to.nbr_start = *n,
        _ => {
            to.values.insert(p.key, val);
        }
    }
    Ok(())
}

fn value(p: &Param, v: &Json) -> std::result::Result<Val, String> {
    let not = |what: String| format!("{what} is not allowed ({})", p.kind.allowed());
    match p.kind {
        Kind::Bool => match v {
            Json::Bool(b) => Ok(Val::Int(*b as i64)),
            // MancalaGames reads a number as a bool the Python way: any other than 0 is true.
            Json::Number(n) if n.as_i64().is_some() => Ok(Val::Int((n.as_i64() != Some(0)) as i64)),
            _ => Err(not(v.to_string())),
        },
        Kind::Int(lo, hi) => match v.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(Val::Int(n)),
            _ => Err(not(v.to_string())),
        },
        Kind::Enum(names) => {
            let n = match v {
                Json::Number(n) => n.as_i64(),
                Json::String(s) => names.iter().find(|(w, _)| w == s).map(|(_, i)| *i),
                Json::Bool(b) => Some(*b as i64),
                _ => None,
            };
            match n {
                Some(n) if names.iter().any(|(_, i)| *i == n) => Ok(Val::Int(n)),
                _ => Err(not(v.to_string())),
            }
        }
        Kind::IntList(lo, hi) => {
            let Json::Array(items) = v else {
                return Err(not(v.to_string()));
            };
            items
                .iter()
                .map(|x| match x.as_i64() {
                    Some(n) if (lo..=hi).contains(&n) => Ok(n),
                    _ => Err(not(v.to_string())),
                })
                .collect::<std::result::Result<Vec<_>, _>>()
                .map(Val::List)
        }
    }
}

/// The `<tag>` ... `</tag>` blocks of the text section, by tag (text whitespace-joined).
fn text_blocks(lines: &[String]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut open: Option<(String, String)> = None;
    for line in lines {
        let t = line.trim();
        if t == TEXT_SECTION || t == "</text_section>" {
            continue;
        }
        if let Some((tag, text)) = &mut open {
            if t == format!("</{tag}>") {
                out.insert(tag.clone(), std::mem::take(text));
                open = None;
            } else {
                text.push_str(t);
                text.push('\n');
            }
        } else if let Some(tag) = t.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
            if !tag.starts_with('/') && !tag.contains(' ') {
                open = Some((tag.to_string(), String::new()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(Path::new("g/Bad.txt"), text).unwrap_err().one_line()
    }

    const GOOD: &str = r#"{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "Good", "about": "<text_section>", "stores": true, "capt_on": [2, 3],
        "capt_side": 1}, "player": {"difficulty": 1}, "origin": "here"}
<text_section>
<about>
Two rows
of six.
</about>
"#;

    #[test]
    fn a_good_file_reads_with_its_text_block_and_defaults() {
        let g = parse(Path::new("g/Good.txt"), &GOOD.replace('\n', "\r\n")).unwrap();
        assert_eq!(g.name, "Good");
        assert_eq!(g.about, "Two rows of six.");
        assert_eq!((g.base.holes, g.base.nbr_start), (6, 4));
        assert!(g.base.flag("stores"));
        assert_eq!(g.base.list("capt_on"), [2, 3]);
        assert_eq!(g.base.int("quitter"), 4, "the dataclass default, DIVVIED");
        assert_eq!(g.base.int("min_move"), 1);
        assert!(looks_like(GOOD));
    }

    #[test]
    fn bad_files_are_one_line_errors_naming_the_file_the_key_and_the_allowed_values() {
        let e = err("not json");
        assert!(
            e.starts_with("g/Bad.txt: not a MancalaGames game file: JSON error"),
            "{e}"
        );
        let e = err(&GOOD.replace("\"Mancala\"", "\"Nope\""));
        assert!(
            e.starts_with(
                "g/Bad.txt: game_class: unknown class \"Nope\" (allowed: Mancala, BearOff"
            ),
            "{e}"
        );
        let e = err(&GOOD.replace("\"stores\"", "\"storez\""));
        assert!(
            e.starts_with("g/Bad.txt: game_info.storez: unknown parameter (did you mean `stores`?"),
            "{e}"
        );
        let e = err(&GOOD.replace("\"capt_side\": 1", "\"capt_side\": 9"));
        assert!(
            e.starts_with(
                "g/Bad.txt: game_info.capt_side: 9 is not allowed (0 (BOTH), 1 (OPP_SIDE)"
            ),
            "{e}"
        );
        let e = err(&GOOD.replace("\"holes\": 6", "\"holes\": 22"));
        assert_eq!(
            e,
            "g/Bad.txt: game_constants.holes: 22 is not allowed (an integer from 2 to 21)"
        );
        let e = err(&GOOD.replace("\"holes\": 6", "\"holes\": 1"));
        assert!(e.contains("from 2 to 21"), "{e}");
        let e = err(&GOOD.replace("[2, 3]", "[2, \"x\"]"));
        assert!(
            e.starts_with(
                "g/Bad.txt: game_info.capt_on: [2,\"x\"] is not allowed (a list of integers"
            ),
            "{e}"
        );
        let e = err(&GOOD.replace(
            "\"about\": \"<text_section>\",",
            "\"help_file\": \"<text_section>\",",
        ));
        assert!(
            e.contains(
                "game_info.help_file: refers to the text section, which has no <help_file> block"
            ),
            "{e}"
        );
        let long = format!("{}\n{}", GOOD, "\n".repeat(MAX_LINES));
        assert!(err(&long).contains("a game file has at most 200"));
        let wide = GOOD.replace("\"here\"", &format!("\"{}\"", "x".repeat(MAX_CHARS)));
        assert!(err(&wide).contains("characters of JSON; a game file has at most 4000"));
        assert!(err("[1, 2]").contains("the JSON is not an object"));
        assert!(err("{\"game_info\": {}}").contains("game_constants: missing"));
    }

    #[test]
    fn variants_apply_their_overrides_and_skip_the_base_entry() {
        let text = GOOD.replace(
            "\"origin\": \"here\"",
            "\"variants\": {\"Good\": {}, \"Big\": {\"holes\": 8, \"capt_on\": [4]}}",
        );
        let g = parse(Path::new("g/Good.txt"), &text).unwrap();
        assert_eq!(g.variants.len(), 1);
        let (n, p) = &g.variants[0];
        assert_eq!(n, "Big");
        assert_eq!((p.holes, p.list("capt_on")), (8, vec![4]));
        let bad = GOOD.replace(
            "\"origin\": \"here\"",
            "\"variants\": {\"Big\": {\"hole\": 8}}",
        );
        assert!(err(&bad).starts_with("g/Bad.txt: variants.Big.hole: unknown parameter"));
    }
}
