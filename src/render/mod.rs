//! What sowlab shows. This file: board pictures for a terminal (one row with its store, two facing
//! rows, or the four-row square with corner stores; reserves, counters, closed holes and whose
//! turn it is), plain text or with ANSI colour when asked (the REPL asks only on a terminal
//! without `NO_COLOR`). [`svg`]: the same as SVG, with a move's trace; [`plot`]: SVG charts of
//! experiments; [`describe`]: rules in words; [`board_map`]: a board's map for other tools.

pub mod board_map;
pub mod describe;
pub mod plot;
pub mod svg;

use std::fmt::Write;

use crate::engine::board::state::{Board, PitKind, Shape};

/// Drawing style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Use ANSI colours.
    pub colour: bool,
}

const W: usize = 4;

fn paint(s: &str, code: &str, st: Style) -> String {
    if st.colour && !code.is_empty() {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

/// The text of one pit's count, right-aligned in a cell (`x` for a closed hole; a child's count
/// followed by `'`, its owner named on the status line). The marked pit (see
/// [`picture_marked`]) shows a `*` before its count, and reverse video in colour.
fn cell(b: &Board, p: usize, st: Style, mark: Option<usize>) -> String {
    let mut text = if b.closed[p] {
        "x".to_string()
    } else if b.is_child(p) {
        format!("{}'", b.seeds[p])
    } else {
        b.seeds[p].to_string()
    };
    if mark == Some(p) {
        text.insert(0, '*');
    }
    let padded = format!("{text:>W$}");
    let pit = &b.layout.pits[p];
    let code = if mark == Some(p) {
        "7"
    } else if b.closed[p] {
        "2"
    } else if pit.kind == PitKind::Store {
        "1;33"
    } else if pit.owner == b.to_move && !b.over {
        "1;32"
    } else {
        ""
    };
    paint(&padded, code, st)
}

fn name_cell(b: &Board, p: usize, st: Style) -> String {
    let n = &b.layout.pits[p].name;
    paint(&format!("{n:>W$}"), "2", st)
}

/// Draws the board and a status line.
pub fn picture(b: &Board, st: Style) -> String {
    picture_marked(b, st, None)
}

/// Draws the board and a status line, marking pit `mark` (the pit being sown, in the REPL's
/// `step`): `*` before its count, reverse video in colour.
pub fn picture_marked(b: &Board, st: Style, mark: Option<usize>) -> String {
    let mut out = match b.layout.shape {
        Shape::Row => row(b, st, mark),
        Shape::TwoRows if b.layout.rows.len() == 2 => two_rows(b, st, mark),
        Shape::TwoRows if b.layout.rows.len() == 4 => four_rows(b, st, mark),
        Shape::ThreeRows if b.layout.rows.len() >= 2 => three_rows(b, st, mark),
        Shape::Square if b.layout.rows.len() == 4 => square(b, st, mark),
        _ => row(b, st, mark),
    };
    out.push_str(&status(b));
    out
}

/// The status line(s): reserves, counters, variables, who is to move or how it ended.
pub fn status(b: &Board) -> String {
    status_with(b, false)
}

/// Game variables a player follows, shown in pictures; the others (`turns`, `start_reserve_1`,
/// ...) are a rule's bookkeeping, shown only when asked (`status_with(b, true)`, the REPL's
/// `vars`, the state JSON's `vars`).
pub const SHOWN_VARS: &[&str] = &["round"];

/// [`status`], with every game variable when `all_vars`.
pub fn status_with(b: &Board, all_vars: bool) -> String {
    let l = &b.layout;
    let mut s = String::new();
    let mut parts = Vec::new();
    let has_reserves = b.reserves.iter().any(|&r| r != 0);
    if (l.stores.is_empty() && l.players > 1) || has_reserves {
        let r: Vec<String> = b.reserves.iter().map(|r| r.to_string()).collect();
        parts.push(format!("reserves {}", r.join("/")));
    }
    for (c, name) in l.counters.iter().enumerate() {
        let v: Vec<String> = (1..=l.players)
            .map(|p| b.counter(c, p).to_string())
            .collect();
        parts.push(format!("{name} {}", v.join("/")));
    }
    for (name, v) in l.vars.iter().zip(&b.vars) {
        if all_vars || SHOWN_VARS.contains(&name.as_str()) {
            parts.push(format!("{name} {v}"));
        }
    }
    if !parts.is_empty() {
        let _ = writeln!(s, "{}", parts.join("  "));
    }
    // Children (marked `'` in the picture): whose each is.
    let kids: Vec<String> = (0..l.pits.len())
        .filter_map(|p| {
            b.child_owner(p).map(|o| match o {
                0 => format!("{} (nobody's)", l.pits[p].name),
                o => format!("{} (player {o})", l.pits[p].name),
            })
        })
        .collect();
    if !kids.is_empty() {
        let _ = writeln!(s, "children' {}", kids.join(", "));
    }
    if let Some(outcome) = b.outcome() {
        let _ = writeln!(s, "game over: {outcome}");
    } else if l.players > 1 {
        let _ = writeln!(
            s,
            "player {} to move{}",
            b.to_move,
            choice_between_rounds(b)
        );
    }
    s
}

/// What the player to move chooses between rounds, when a choice is pending (the declared
/// `rounds.choose_filled`, `rounds.fill_by_moves`, `territory.choose_owned`): said after "player N to move".
fn choice_between_rounds(b: &Board) -> String {
    let var = |name: &str| b.layout.var_index(name).map_or(0, |i| b.vars[i]);
    let more = |k: i64| {
        if k == 1 {
            "1 more".to_string()
        } else {
            format!("{k} more")
        }
    };
    match (var("fill_choices"), var("own_choices")) {
        (k, _) if k > 0 => format!(": chooses the holes he fills for the round ({})", more(k)),
        _ if var("fills_left") > 0 => format!(
            ": fills a hole of his for the round ({} to fill, both players)",
            var("fills_left")
        ),
        (_, k) if k > 0 => format!(
            ": chooses the holes of his opponent's row he owns for the round ({})",
            more(k)
        ),
        _ => String::new(),
    }
}

fn row(b: &Board, st: Style, mark: Option<usize>) -> String {
    let l = &b.layout;
    let order: Vec<usize> = if l.track.len() == l.pits.len() {
        l.track.clone()
    } else {
        l.holes.iter().chain(&l.stores).copied().collect()
    };
    let mut names = String::new();
    let mut counts = String::new();
    for &p in &order {
        let sep = if l.pits[p].kind == PitKind::Store {
            " |"
        } else {
            ""
        };
        names.push_str(sep);
        counts.push_str(sep);
        let n = &l.pits[p].name;
        names.push_str(&paint(&format!("{n:>W$}"), "2", st));
        counts.push_str(&cell(b, p, st, mark));
    }
    format!("{names}\n{counts}\n")
}

fn two_rows(b: &Board, st: Style, mark: Option<usize>) -> String {
    let l = &b.layout;
    let (south, north) = (&l.rows[0], &l.rows[1]);
    let (left_store, right_store) = svg::geometry::end_stores(l);
    let blank = " ".repeat(W);
    let side = |s: Option<usize>| s.map_or(blank.clone(), |p| cell(b, p, st, mark));
    let mut out = String::new();
    let line = |pits: &mut dyn Iterator<Item = &usize>, f: &dyn Fn(usize) -> String| {
        pits.map(|&p| f(p)).collect::<String>()
    };
    let _ = writeln!(
        out,
        "{blank}{}",
        line(&mut north.pits.iter().rev(), &|p| name_cell(b, p, st))
    );
    let _ = writeln!(
        out,
        "{blank}{}",
        line(&mut north.pits.iter().rev(), &|p| cell(b, p, st, mark))
    );
    if left_store.is_some() || right_store.is_some() {
        let _ = writeln!(
            out,
            "{}{}{}",
            side(left_store),
            " ".repeat(W * south.pits.len()),
            side(right_store)
        );
    }
    let _ = writeln!(
        out,
        "{blank}{}",
        line(&mut south.pits.iter(), &|p| cell(b, p, st, mark))
    );
    let _ = writeln!(
        out,
        "{blank}{}",
        line(&mut south.pits.iter(), &|p| name_cell(b, p, st))
    );
    out
}

/// Four rows, two a side (the four-row games of East and Southern Africa): rows in creation order
/// South's outer, South's inner, North's inner, North's outer; North's drawn reversed on top, so
/// each hole faces the one across the middle. No stores (captures are reserves).
fn four_rows(b: &Board, st: Style, mark: Option<usize>) -> String {
    let l = &b.layout;
    let n = l.rows.iter().map(|r| r.pits.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (i, r) in [3usize, 2, 1, 0].into_iter().enumerate() {
        let row = &l.rows[r];
        let pits: Vec<usize> = if r >= 2 {
            row.pits.iter().rev().copied().collect()
        } else {
            row.pits.clone()
        };
        let pad = " ".repeat(W * (n - pits.len()));
        let names: String = pits.iter().map(|&p| name_cell(b, p, st)).collect();
        let counts: String = pits.iter().map(|&p| cell(b, p, st, mark)).collect();
        if i < 2 {
            let _ = writeln!(out, "{pad}{names}\n{pad}{counts}");
        } else {
            let _ = writeln!(out, "{counts}\n{names}");
        }
        if i == 1 {
            out.push('\n');
        }
    }
    out
}

/// Three lines (North's row, the middle line, South's row), each from South's left and centred;
/// the stores outside the middle line after it.
fn three_rows(b: &Board, st: Style, mark: Option<usize>) -> String {
    let t = crate::engine::geometry::three_lines::three_lines(&b.layout);
    let n = t.north.len().max(t.middle.len()).max(t.south.len());
    let mut out = String::new();
    let mut middle = t.middle.clone();
    middle.extend(&t.ends);
    for (i, pits) in [&t.north, &middle, &t.south].into_iter().enumerate() {
        let pad = " ".repeat(W * n.saturating_sub(pits.len()) / 2);
        let names: String = pits.iter().map(|&p| name_cell(b, p, st)).collect();
        let counts: String = pits.iter().map(|&p| cell(b, p, st, mark)).collect();
        if i == 0 {
            let _ = writeln!(out, "{pad}{names}\n{pad}{counts}");
        } else {
            let _ = writeln!(out, "{pad}{counts}\n{pad}{names}");
        }
    }
    out
}

fn square(b: &Board, st: Style, mark: Option<usize>) -> String {
    let l = &b.layout;
    let (s, e, n, w) = (&l.rows[0], &l.rows[1], &l.rows[2], &l.rows[3]);
    let store = |owner_row: &crate::engine::board::state::Row| {
        // the store after the row on the track
        let last = *owner_row.pits.last().expect("rows have holes");
        let q = l.next[last];
        if q != crate::engine::board::state::NO_PIT && l.pits[q].kind == PitKind::Store {
            let star = if mark == Some(q) { "*" } else { "" };
            let code = if mark == Some(q) { "7" } else { "1;33" };
            // one column wider than a cell, so a two-digit ruma never touches its neighbour
            paint(
                &format!("{:>w$}", format!("{star}[{}]", b.seeds[q]), w = W + 1),
                code,
                st,
            )
        } else {
            " ".repeat(W + 1)
        }
    };
    let blank = " ".repeat(W);
    let short = " ".repeat(W - 1);
    let mut out = String::new();
    let top_names: String = n.pits.iter().rev().map(|&p| name_cell(b, p, st)).collect();
    let top: String = n.pits.iter().rev().map(|&p| cell(b, p, st, mark)).collect();
    let bottom: String = s.pits.iter().map(|&p| cell(b, p, st, mark)).collect();
    let bottom_names: String = s.pits.iter().map(|&p| name_cell(b, p, st)).collect();
    let _ = writeln!(out, "{blank}{blank}{top_names}");
    let _ = writeln!(out, "{short}{}{top}{}", store(n), store(e));
    let inner = " ".repeat(W * s.pits.len());
    let rows = w.pits.len().max(e.pits.len());
    for i in 0..rows {
        let wp = w.pits.get(i).copied();
        let ep = e.pits.get(e.pits.len().wrapping_sub(1 + i)).copied();
        let _ = writeln!(
            out,
            "{}{}{inner}{}{}",
            wp.map_or(blank.clone(), |p| name_cell(b, p, st)),
            wp.map_or(blank.clone(), |p| cell(b, p, st, mark)),
            ep.map_or(blank.clone(), |p| cell(b, p, st, mark)),
            ep.map_or(blank.clone(), |p| name_cell(b, p, st)),
        );
    }
    let _ = writeln!(out, "{short}{}{bottom}{}", store(w), store(s));
    let _ = writeln!(out, "{blank}{blank}{bottom_names}");
    out
}
