//! A rule's `ludii:` metadata: which game of Ludii's catalogue (the general game system of the
//! Digital Ludeme Project) the rule plays, the options giving Ludii's reading, and where each of
//! Ludii's sites is in sowlab's position, so that another tool can map Ludii's moves and counts
//! to sowlab's pits. Read from a script's `meta()`, a data rule's or a preset's `ludii:` key, and
//! checked against the board the options build ([`crate::engine::rule::ludii_check`]).

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use serde_json::Value;

/// Where one of Ludii's sites is in sowlab's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LudiiSite {
    /// The hole of this index in the state JSON's `pits`.
    Pit(usize),
    /// The store (or, without stores, the reserve) of this player (1-based): `store1`, `store2`.
    Store(usize),
    /// `empty`: a site of Ludii's with no counterpart in sowlab, which must hold no seed (a hand
    /// that Ludii's encoding never fills, its captures taking the seeds off the board).
    Empty,
}

impl Serialize for LudiiSite {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            LudiiSite::Pit(i) => s.serialize_u64(*i as u64),
            LudiiSite::Store(k) => s.serialize_str(&format!("store{k}")),
            LudiiSite::Empty => s.serialize_str("empty"),
        }
    }
}

/// One Ludii game a rule (with some options) plays.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LudiiGame {
    /// Ludii's name of the game (its `.lud` file's name).
    pub game: String,
    /// The options that give Ludii's reading (empty: the rule's defaults).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, Value>,
    /// For each Ludii site in Ludii's order (board, then hands): where it is in sowlab.
    pub sites: Vec<LudiiSite>,
    /// How many of Ludii's first plies are a set opening that sowlab plays as the board is set
    /// up (`start.opening`): sowlab's start is Ludii's position after them.
    #[serde(skip_serializing_if = "is_zero")]
    pub opening_plies: usize,
    /// Ludii's large pieces (a game played on stacks: counters and large stones as pieces of a
    /// stack), each `[piece name, game variable]`: the rule's game variable saying where that
    /// piece is (see [`large_at`]). Empty: no large pieces.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub large: Vec<(String, String)>,
}

/// Where a large piece is, read from the value of its game variable (`ludii.large`): `n > 0`
/// in the hole of index `n - 1` of the state JSON's `pits`, `-k` held by player `k` (his store
/// or reserve), 0 off the board and held by nobody.
pub fn large_at(value: i64) -> Option<LudiiSite> {
    match value {
        0 => None,
        n if n > 0 => Some(LudiiSite::Pit(n as usize - 1)),
        n => Some(LudiiSite::Store(n.unsigned_abs() as usize)),
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A rule's `ludii:` metadata: one game (written as a map) or several (written as a list).
#[derive(Clone, Debug, PartialEq)]
pub struct Ludii {
    /// The games, in the order written.
    pub games: Vec<LudiiGame>,
    /// Whether it was written as a list (it is given back as written).
    pub listed: bool,
}

impl Serialize for Ludii {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match (self.listed, self.games.as_slice()) {
            (false, [one]) => one.serialize(s),
            _ => self.games.serialize(s),
        }
    }
}

const KEYS: &str = "game, set, sites, opening_plies, large";

/// Reads `ludii:` metadata (as JSON, whatever it was written in); errors name the key.
pub fn parse(v: &Value) -> std::result::Result<Ludii, String> {
    let (items, listed) = match v {
        Value::Array(a) if !a.is_empty() => (a.iter().collect::<Vec<_>>(), true),
        Value::Array(_) => {
            return Err("ludii: an empty list (give one map or a list of maps)".into())
        }
        Value::Object(_) => (vec![v], false),
        _ => return Err(format!("ludii: must be a map ({KEYS}) or a list of maps")),
    };
    let mut games = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let at = if listed {
            format!("ludii[{i}]")
        } else {
            "ludii".to_string()
        };
        let Value::Object(m) = item else {
            return Err(format!("{at}: must be a map ({KEYS})"));
        };
        if let Some(k) = m
            .keys()
            .find(|k| !KEYS.split(", ").any(|x| x == k.as_str()))
        {
            return Err(format!("{at}: unknown key `{k}` (keys: {KEYS})"));
        }
        let game = match m.get("game") {
            Some(Value::String(s)) if !s.trim().is_empty() => crate::text::escape(s).into_owned(),
            _ => {
                return Err(format!(
                    "{at}.game: Ludii's name of the game, a string, is required"
                ))
            }
        };
        let set =
            crate::engine::rule::options::metadata_set(&at, m.get("set"), "{ reading: ludii }")?;
        let Some(Value::Array(raw)) = m.get("sites") else {
            return Err(format!(
                "{at}.sites: a list is required, for each Ludii site a pit index, store1/store2 or empty"
            ));
        };
        let mut sites = Vec::new();
        for (j, s) in raw.iter().enumerate() {
            let site = match s {
                Value::Number(n) => n.as_u64().map(|n| LudiiSite::Pit(n as usize)),
                Value::String(t) if t == "empty" => Some(LudiiSite::Empty),
                Value::String(t) => t
                    .strip_prefix("store")
                    .and_then(|k| k.parse::<usize>().ok())
                    .filter(|&k| k >= 1)
                    .map(LudiiSite::Store),
                _ => None,
            };
            match site {
                Some(x) => sites.push(x),
                None => {
                    return Err(format!(
                    "{at}.sites[{j}]: `{s}` is neither a pit index (0, 1, ...) nor store1/store2 nor empty"
                ))
                }
            }
        }
        if sites.is_empty() {
            return Err(format!("{at}.sites: empty"));
        }
        let opening_plies = match m.get("opening_plies") {
            None => 0,
            Some(v) => v.as_u64().map(|n| n as usize).ok_or_else(|| {
                format!("{at}.opening_plies: a count of Ludii's plies (0, 1, ...), not {v}")
            })?,
        };
        let mut large = Vec::new();
        match m.get("large") {
            None => {}
            Some(Value::Array(a)) => {
                for (j, x) in a.iter().enumerate() {
                    let pair = x.as_array().and_then(|p| match p.as_slice() {
                        [Value::String(n), Value::String(v)]
                            if !n.trim().is_empty() && !v.trim().is_empty() =>
                        {
                            Some((n.clone(), v.clone()))
                        }
                        _ => None,
                    });
                    match pair {
                        Some(p) => large.push(p),
                        None => {
                            return Err(format!(
                                "{at}.large[{j}]: `{x}` is not [piece name, game variable] (two strings)"
                            ))
                        }
                    }
                }
            }
            Some(v) => {
                return Err(format!(
                    "{at}.large: a list of [piece name, game variable], not {v}"
                ))
            }
        }
        games.push(LudiiGame {
            game,
            set,
            sites,
            opening_plies,
            large,
        });
    }
    Ok(Ludii { games, listed })
}
