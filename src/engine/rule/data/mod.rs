//! Rules written as data alone: a YAML file (`rules/NAME.yaml`, no Rhai) with the game's
//! description, options, board, sowing and declared move. Option values are written `$name`
//! anywhere a value goes. Every key and word is checked when the file loads; an error is one line
//! `file:line:col: key: what is wrong (the allowed words)`.

pub mod hole_test;
pub mod opening;
pub mod sow_steps;
pub mod sowing;
pub mod start;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use crate::engine::base::yaml;
use crate::engine::board::state::{Board, Pit, PitKind, Row, Shape};
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::rule::data::sowing::SowingDecl;
use crate::engine::rule::data::start::StartDecl;
use crate::engine::script::primitives::MAX_SEEDS;
use crate::error::{Error, Result};

/// An option of a data rule, as in a script's `options()`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDecl {
    /// The default value (its type is the option's type).
    pub value: yaml::Value,
    /// Smallest allowed integer.
    #[serde(default)]
    pub min: Option<i64>,
    /// Largest allowed integer.
    #[serde(default)]
    pub max: Option<i64>,
    /// The allowed values.
    #[serde(default)]
    pub values: Vec<yaml::Value>,
    /// One line of help.
    #[serde(default)]
    pub help: String,
}

/// One entry of the board: a row of holes or a store, in creation order.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PitsDecl {
    /// A row of holes with this name (`S`, `N`; may be empty).
    #[serde(default)]
    pub row: Option<String>,
    /// A store with this name.
    #[serde(default)]
    pub store: Option<String>,
    /// The owner (a player number; 0 for nobody, stores only).
    pub owner: i64,
    /// Holes in the row.
    #[serde(default)]
    pub holes: i64,
    /// Seeds in each hole at the start (a store: the seeds it holds at the start).
    #[serde(default)]
    pub seeds: i64,
    /// Seeds in the row's first holes (from its owner's left) at the start, one count a hole,
    /// where they are not `seeds` (a four-row board's inner row: `[0, 1]`).
    #[serde(default)]
    pub seeds_first: Vec<i64>,
    /// Seeds in the row's last holes at the start (the rightmost, written from the owner's
    /// left), where they are not `seeds`.
    #[serde(default)]
    pub seeds_last: HoleCounts,
}

/// Counts for some holes of a row: one count a hole (`[0, 1]`), or a run of holes holding the
/// same count (`{ holes: 4, seeds: 2 }`, so that the run's length can be an option).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum HoleCounts {
    /// One count a hole.
    Each(Vec<i64>),
    /// `holes` holes of `seeds` each.
    Run {
        /// How many holes.
        holes: usize,
        /// Seeds in each.
        seeds: i64,
    },
}

impl Default for HoleCounts {
    fn default() -> Self {
        HoleCounts::Each(Vec::new())
    }
}

impl HoleCounts {
    /// The counts, one a hole.
    pub fn counts(&self) -> Vec<i64> {
        match self {
            HoleCounts::Each(v) => v.clone(),
            HoleCounts::Run { holes, seeds } => vec![*seeds; (*holes).min(MAX_ROW_HOLES_USIZE)],
        }
    }
}

const MAX_ROW_HOLES_USIZE: usize = crate::engine::script::primitives::MAX_ROW_HOLES as usize + 1;

/// The board of a data rule.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDecl {
    /// Number of players.
    pub players: i64,
    /// How the board is drawn.
    pub shape: ShapeWord,
    /// Rows and stores in creation order (the canonical order and the default track).
    pub pits: Vec<PitsDecl>,
    /// Who moves first (default 1): a player number, or a player's name from
    /// `pipeline.names` (any case).
    #[serde(default = "one")]
    pub to_move: yaml::Value,
    /// How the sowing track is cut into circuits (default `one`).
    #[serde(default)]
    pub circuits: CircuitsWord,
    /// Who owns the holes (default `rows`: each row's owner its holes).
    #[serde(default)]
    pub owners: OwnersWord,
}

/// Who owns a data rule's holes, as a word.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OwnersWord {
    /// Each row's owner owns its holes.
    #[default]
    Rows,
    /// Each of two rows' owners owns a half of the board across both rows (see
    /// [`crate::engine::geometry::halves`]).
    Halves,
}

/// How a data rule's sowing track goes round the board, as a word.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CircuitsWord {
    /// One circuit through every pit, in the order written.
    #[default]
    One,
    /// Each player's rows and stores, in the order written, are a circuit of their own: sowing
    /// never leaves the sower's side (pits of nobody are on no circuit).
    PerPlayer,
    /// Each player's two rows of the same length are a loop of their own, anticlockwise on a
    /// board of four rows: his outer row (the one farther from the board's middle) from his
    /// hole 1 to its last, then his inner row back from its last hole to hole 1 (see
    /// [`crate::engine::geometry::loops`]); the stores are not on it.
    PerPlayerLoops,
    /// One circuit through the holes of two rows that crosses to the other row at every step
    /// (see [`crate::engine::geometry::zigzag`]); the stores are not on it.
    Zigzag,
}

fn one() -> yaml::Value {
    yaml::Value::Number(1.into())
}

/// A board shape, as a word.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeWord {
    /// One row.
    Row,
    /// Two facing rows.
    TwoRows,
    /// Three lines: South's row, a middle line of rows and stores, North's row.
    ThreeRows,
    /// Four rows on a square.
    Square,
}

/// A rule written as data.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataRule {
    /// The game's name.
    pub name: String,
    /// Players, in words (`2`, `2-4`).
    pub players: yaml::Value,
    /// One paragraph.
    #[serde(default)]
    pub description: String,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<String>,
    /// The family of games it belongs to (`sowlab rules` groups by it).
    #[serde(default)]
    pub family: String,
    /// Where the game is played.
    #[serde(default)]
    pub region: String,
    /// The Ludii game(s) it plays (see [`crate::engine::rule::ludii`]).
    #[serde(default)]
    pub ludii: Option<serde_json::Value>,
    /// The MancalaGames game file it was translated from (see
    /// [`crate::engine::rule::mancalagames_meta`]).
    #[serde(default)]
    pub mancalagames: Option<serde_json::Value>,
    /// Options, by name.
    #[serde(default)]
    pub options: BTreeMap<String, OptionDecl>,
    /// The board.
    pub board: BoardDecl,
    /// The sowing.
    #[serde(default)]
    pub sowing: SowingDecl,
    /// The start layout, when it is not each row's `seeds` in every hole.
    #[serde(default)]
    pub start: StartDecl,
    /// The declared move.
    pub pipeline: Pipeline,
}

/// The part of a data rule read before options are known.
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    options: BTreeMap<String, OptionDecl>,
}

/// Whether a YAML text is a data rule (a preset names its `rule:` instead).
pub fn is_data_rule(text: &str) -> bool {
    match yaml::from_str::<yaml::Value>(text) {
        Ok(yaml::Value::Mapping(m)) => m.contains_key("board") && !m.contains_key("rule"),
        Ok(_) => false,
        // Not YAML a reader takes (a duplicated key, say): told by its top-level keys, so that
        // the error comes from the data rule's reader (file, line, key), not from the preset's.
        Err(_) => {
            let top = |key: &str| {
                text.lines().any(|l| {
                    l.strip_prefix(key)
                        .is_some_and(|rest| rest.trim_start().starts_with(':'))
                })
            };
            top("board") && !top("rule")
        }
    }
}

/// A YAML error as `file:line:col: message`; a key given twice is named at its second line.
fn yaml_error(path: &Path, text: &str, e: &yaml::Error) -> Error {
    let msg = e.to_string();
    let msg = match msg.find(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    };
    match e.location() {
        Some(l) => match duplicate_at(text, &msg, l.line(), l.column()) {
            Some((key, line, col)) => Error::msg(format!(
                "{}:{line}:{col}: duplicated key `{key}` (given twice in one mapping; keep one)",
                path.display()
            )),
            None => Error::msg(format!(
                "{}:{}:{}: {msg}",
                path.display(),
                l.line(),
                l.column()
            )),
        },
        None => Error::msg(format!("{}: {msg}", path.display())),
    }
}

/// For a "duplicate field `key`" error reported at the mapping's start (`line`, `col`): the key
/// and the line and column where it comes again (block mappings; `None` when not found).
fn duplicate_at(text: &str, msg: &str, line: usize, col: usize) -> Option<(String, usize, usize)> {
    let (_, rest) = msg.split_once("duplicate ")?;
    let key = rest.split(['`', '"']).nth(1)?.to_string();
    let indent = col.checked_sub(1)?;
    let mut seen = 0;
    for (i, l) in text.lines().enumerate().skip(line.checked_sub(1)?) {
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        let (lead, body) = (
            l.get(..indent).unwrap_or("x"),
            l.get(indent..).unwrap_or(""),
        );
        if i + 1 > line && !lead.chars().all(|c| c == ' ' || c == '-') {
            break; // the mapping ended
        }
        if body
            .strip_prefix(key.as_str())
            .is_some_and(|r| r.trim_start().starts_with(':'))
        {
            seen += 1;
            if seen == 2 {
                return Some((key, i + 1, indent + 1));
            }
        }
    }
    None
}

/// Reads the options block of a data rule (before any `$name` is replaced).
pub fn read_options(path: &Path, text: &str) -> Result<BTreeMap<String, OptionDecl>> {
    let blanked = substitute(text, &|_| Some("0".to_string()));
    yaml::from_str::<Head>(&blanked)
        .map(|h| h.options)
        .map_err(|e| yaml_error(path, &blanked, &e))
}

/// Replaces every `$name` by `value(name)`, leaving comment lines and unknown names as written.
fn substitute(text: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            if line.trim_start().starts_with('#') {
                line.to_string()
            } else {
                substitute_line(line, value)
            }
        })
        .collect()
}

fn substitute_line(text: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let n = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..n];
        match (n, value(name)) {
            (1.., Some(v)) => out.push_str(&v),
            _ => out.push('$'),
        }
        rest = if n > 0 && value(name).is_some() {
            &after[n..]
        } else {
            after
        };
    }
    out.push_str(rest);
    out
}

/// An option value as YAML text.
fn yaml_scalar(v: &rhai::Dynamic) -> String {
    if v.is_string() {
        serde_json::to_string(&v.to_string()).unwrap_or_default()
    } else {
        v.to_string()
    }
}

/// Parses a data rule with the game's option values put in place of `$name`.
pub fn parse(path: &Path, text: &str, options: &rhai::Map) -> Result<DataRule> {
    let mut unknown = None;
    let text = substitute(text, &|name| options.get(name).map(yaml_scalar));
    let unknown_at = text
        .split_inclusive('\n')
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len();
            Some((start, line))
        })
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .find_map(|(start, line)| line.find('$').map(|i| start + i));
    if let Some(i) = unknown_at {
        let line = text[..i].matches('\n').count() + 1;
        let word: String = text[i..]
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != ',' && *c != '}' && *c != ']')
            .collect();
        unknown = Some(Error::msg(format!(
            "{}:{line}: `{word}` names no option (options: {})",
            path.display(),
            options
                .keys()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if let Some(e) = unknown {
        return Err(e);
    }
    yaml::from_str::<DataRule>(&text).map_err(|e| yaml_error(path, &text, &e))
}

impl DataRule {
    /// Builds the start position (as a script's `setup()` would) on a board made for setup.
    pub fn setup(&self, b: &mut Board) -> std::result::Result<(), String> {
        let d = &self.board;
        if !(1..=16).contains(&d.players) {
            return Err(format!("board: players must be 1 to 16, not {}", d.players));
        }
        let players = d.players as usize;
        // The board's size is checked before it is built: the same cap as a script's boards.
        let max = crate::engine::base::limits::max_pits().min(u32::MAX as u64);
        let pits = d.pits.iter().fold(0u64, |n, e| {
            let each = if e.row.is_some() {
                e.holes.max(0) as u64
            } else {
                1
            };
            n.saturating_add(each)
        });
        if pits > max {
            return Err(format!(
                "board: pits: the board would have {pits} pits (holes and stores); the most \
                 allowed is {max} (SOWLAB_MAX_PITS)"
            ));
        }
        let l = Arc::make_mut(&mut b.layout);
        l.players = players;
        l.shape = match d.shape {
            ShapeWord::Row => Shape::Row,
            ShapeWord::TwoRows => Shape::TwoRows,
            ShapeWord::ThreeRows => Shape::ThreeRows,
            ShapeWord::Square => Shape::Square,
        };
        for (i, e) in d.pits.iter().enumerate() {
            let at = format!("board: pits[{i}]");
            let owner_ok = e.owner >= 1 && e.owner as usize <= players;
            match (&e.row, &e.store) {
                (Some(name), None) => {
                    if !owner_ok {
                        return Err(format!(
                            "{at}: no player {} (players go from 1 to {players})",
                            e.owner
                        ));
                    }
                    let max = crate::engine::script::primitives::MAX_ROW_HOLES;
                    if !(1..=max).contains(&e.holes) {
                        return Err(format!("{at}: a row has 1 to {max} holes, not {}", e.holes));
                    }
                    if !(0..=MAX_SEEDS).contains(&e.seeds) {
                        return Err(format!(
                            "{at}: {} seeds per hole (0 to {MAX_SEEDS})",
                            e.seeds
                        ));
                    }
                    let n = e.holes as usize;
                    let last = e.seeds_last.counts();
                    if e.seeds_first.len() + last.len() > n {
                        return Err(format!(
                            "{at}: seeds_first and seeds_last name {} holes, the row has {n}",
                            e.seeds_first.len() + last.len()
                        ));
                    }
                    let mut given = e.seeds_first.iter().chain(&last);
                    if let Some(x) = given.find(|x| !(0..=MAX_SEEDS).contains(*x)) {
                        return Err(format!(
                            "{at}: seeds_first/seeds_last hold {x}, not a count of seeds (0 to {MAX_SEEDS})"
                        ));
                    }
                    let r = l.rows.len();
                    let mut pits = Vec::new();
                    for pos in 1..=n {
                        let seeds = if pos <= e.seeds_first.len() {
                            e.seeds_first[pos - 1]
                        } else if pos + last.len() > n {
                            last[pos + last.len() - n - 1]
                        } else {
                            e.seeds
                        };
                        let id = l.pits.len();
                        l.pits.push(Pit {
                            kind: PitKind::Hole,
                            owner: e.owner as usize,
                            row: Some(r),
                            pos,
                            name: String::new(),
                        });
                        l.holes.push(id);
                        b.seeds.push(seeds);
                        b.closed.push(false);
                        pits.push(id);
                    }
                    l.rows.push(Row {
                        name: name.clone(),
                        owner: e.owner as usize,
                        pits,
                    });
                }
                (None, Some(name)) => {
                    if !(owner_ok || e.owner == 0) {
                        return Err(format!(
                            "{at}: no player {} (players go from 1 to {players}; 0 for nobody)",
                            e.owner
                        ));
                    }
                    // (a store may start with seeds: `seeds` is its count at the start)
                    if !(0..=MAX_SEEDS).contains(&e.seeds) {
                        return Err(format!(
                            "{at}: a store starts with 0 to {MAX_SEEDS} seeds, not {}",
                            e.seeds
                        ));
                    }
                    let id = l.pits.len();
                    l.pits.push(Pit {
                        kind: PitKind::Store,
                        owner: e.owner as usize,
                        row: None,
                        pos: 0,
                        name: name.clone(),
                    });
                    l.stores.push(id);
                    b.seeds.push(e.seeds);
                    b.closed.push(false);
                }
                _ => return Err(format!("{at}: write either `row: NAME` or `store: NAME`")),
            }
        }
        l.name_pits();
        // (owners first: a player's own circuit is the pits he owns, by halves too)
        if d.owners == OwnersWord::Halves {
            crate::engine::geometry::halves::own_by_halves(l)?;
        }
        if d.circuits == CircuitsWord::PerPlayer {
            for pl in 1..=players {
                let run: Vec<usize> = (0..l.pits.len())
                    .filter(|&q| l.pits[q].owner == pl)
                    .collect();
                if !run.is_empty() {
                    l.circuits.push(run.len());
                    l.track.extend(run);
                }
            }
        }
        if d.circuits == CircuitsWord::PerPlayerLoops {
            crate::engine::geometry::loops::per_player_loops(l)?;
        }
        if d.circuits == CircuitsWord::Zigzag {
            l.track = crate::engine::geometry::zigzag::zigzag_track(l)?;
        }
        l.sow = self.sowing.rule()?;
        l.sow.reverse_row_holes = self.sowing.row_holes(&l.rows)?;
        l.pipeline = Some(Box::new(self.pipeline.clone()));
        b.reserves.resize(players, 0);
        let names = &self.pipeline.names;
        let to_move = match &d.to_move {
            yaml::Value::Number(n) => n.as_i64().unwrap_or(0),
            yaml::Value::String(s) => names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(s))
                .map_or(0, |i| i as i64 + 1),
            _ => 0,
        };
        if to_move < 1 || to_move as usize > players {
            return Err(format!(
                "board: to_move {} (a player from 1 to {players}{})",
                yaml_scalar_text(&d.to_move),
                if names.is_empty() {
                    String::new()
                } else {
                    format!(", or one of the names {}", names.join(", "))
                }
            ));
        }
        b.to_move = to_move as usize;
        self.start.apply(b)
    }
}

fn yaml_scalar_text(v: &yaml::Value) -> String {
    match v {
        yaml::Value::String(s) => s.clone(),
        yaml::Value::Number(n) => n.to_string(),
        yaml::Value::Bool(b) => b.to_string(),
        _ => "?".into(),
    }
}

/// Reads a data rule's options as option specs' raw parts: `(name, default, min, max, values,
/// help)` with YAML scalars turned into option values.
pub fn scalar(v: &yaml::Value) -> Option<crate::engine::rule::options::OptValue> {
    use crate::engine::rule::options::OptValue;
    match v {
        yaml::Value::Bool(b) => Some(OptValue::Bool(*b)),
        yaml::Value::Number(n) => n.as_i64().map(OptValue::Int),
        yaml::Value::String(s) => Some(OptValue::Str(s.clone())),
        _ => None,
    }
}
