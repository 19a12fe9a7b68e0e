//! A board picture as SVG: the pits with their counts and seeds as dots, stores, reserves, the
//! status lines, and the page around it.

use std::fmt::Write;

use crate::engine::board::state::{Board, PitKind};
use crate::render::svg::geometry::{Geometry, Side, Spot, MARGIN, R};

/// What to add to a picture besides the position.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions {
    /// Pit ids of the legal moves (drawn as clickable holes).
    pub legal: Vec<usize>,
    /// A title line over the board.
    pub title: Option<String>,
}

/// Fill colours of the players' holes (player 1 first).
const TINT: [&str; 4] = ["#dbe7f7", "#f8dcd6", "#dcf0da", "#ebdff5"];
/// Stroke colours of the players (player 1 first).
const INK: [&str; 4] = ["#2f5fa7", "#b23a2a", "#2f7d32", "#6d3fa0"];

/// The tint of `player`'s holes (grey for nobody).
pub fn tint(player: usize) -> &'static str {
    match player {
        0 => "#eeeeee",
        p => TINT[(p - 1) % TINT.len()],
    }
}

/// The colour of `player` (grey for nobody).
pub fn ink(player: usize) -> &'static str {
    match player {
        0 => "#666666",
        p => INK[(p - 1) % INK.len()],
    }
}

/// Escapes text for SVG content and attribute values.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c if c.is_control() => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

/// A number with at most one decimal, as SVG coordinates are written.
pub(crate) fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The picture of a position.
pub fn board_svg(b: &Board, o: &SvgOptions) -> String {
    let geo = Geometry::of(&b.layout);
    let mut body = String::new();
    let top = draw_board(&mut body, b, &geo, o);
    let mut y = top + geo.height;
    let lines = status_lines(b);
    y = draw_status(&mut body, b, &lines, y);
    wrap(geo.width, y + 8.0, &title_of(b, o), &body)
}

/// The accessible title of a picture.
fn title_of(b: &Board, o: &SvgOptions) -> String {
    o.title.clone().unwrap_or_else(|| {
        crate::render::status(b)
            .lines()
            .last()
            .map_or("a solitaire: choose a hole".to_string(), str::to_string)
    })
}

/// The `<svg>` element around a body.
pub(crate) fn wrap(w: f64, h: f64, title: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         font-family=\"Helvetica, Arial, sans-serif\" role=\"img\">\n<title>{}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n{body}</svg>\n",
        esc(title),
        w = n(w),
        h = n(h)
    )
}

/// Draws the title (if any), the board, its pits and reserves; returns the y offset the board
/// was drawn at.
pub(crate) fn draw_board(out: &mut String, b: &Board, geo: &Geometry, o: &SvgOptions) -> f64 {
    let mut top = 0.0;
    if let Some(t) = &o.title {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"24\" font-size=\"16\" font-weight=\"bold\" fill=\"#333\">{}</text>",
            n(MARGIN / 2.0),
            esc(t)
        );
        top = 24.0;
    }
    let _ = writeln!(out, "<g transform=\"translate(0 {})\">", n(top));
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"18\" fill=\"#f3e6cc\" stroke=\"#b08a52\" stroke-width=\"2\"/>",
        n(MARGIN / 2.0),
        n(MARGIN / 2.0),
        n(geo.width - MARGIN),
        n(geo.height - MARGIN / 2.0 - 4.0)
    );
    for &(player, s) in &geo.reserves {
        reserve(out, b, player, s);
    }
    let l = &b.layout;
    for p in 0..l.pits.len() {
        let s = geo.spots[p];
        if l.pits[p].kind == PitKind::Store {
            store(out, b, p, s);
        } else {
            hole(out, b, p, s, o.legal.contains(&p));
        }
    }
    out.push_str("</g>\n");
    top
}

fn hole(out: &mut String, b: &Board, p: usize, s: Spot, legal: bool) {
    let l = &b.layout;
    let pit = &l.pits[p];
    let label = l.label(p);
    let mover = pit.owner == b.to_move && !b.over;
    let class = match (legal, b.closed[p]) {
        (true, _) => "hole legal",
        (false, true) => "hole closed",
        _ => "hole",
    };
    let _ = write!(
        out,
        "<g class=\"{class}\" data-pit=\"{p}\" data-move=\"{}\" data-seeds=\"{}\"{}>",
        esc(&label),
        b.seeds[p],
        if legal { " cursor=\"pointer\"" } else { "" }
    );
    let _ = write!(out, "<title>{}</title>", esc(&hole_title(b, p)));
    let (x, y) = (s.x, s.y);
    if b.closed[p] {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#b9b4aa\" stroke=\"#7a746a\" stroke-width=\"1.5\"/>",
            n(x),
            n(y),
            n(R)
        );
        let d = R * 0.5;
        let _ = write!(
            out,
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#5a554d\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
            n(x - d),
            n(y - d),
            n(x + d),
            n(y + d),
            n(x - d),
            n(y + d),
            n(x + d),
            n(y - d)
        );
    } else {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            n(x),
            n(y),
            n(R),
            tint(pit.owner),
            ink(pit.owner),
            if legal {
                "3.5"
            } else if mover {
                "2.5"
            } else {
                "1.2"
            }
        );
        seeds(out, b.seeds[p], x, y);
    }
    let (lx, ly, anchor) = label_at(s, R + 13.0);
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"{anchor}\" fill=\"{}\"{}>{}</text>",
        n(lx),
        n(ly),
        ink(pit.owner),
        if legal { " font-weight=\"bold\"" } else { "" },
        esc(&label)
    );
    out.push_str("</g>\n");
}

/// A hole's tooltip: its name, owner and count.
fn hole_title(b: &Board, p: usize) -> String {
    let pit = &b.layout.pits[p];
    let state = if b.closed[p] {
        "closed".to_string()
    } else {
        plural(b.seeds[p], "seed")
    };
    if b.layout.players > 1 {
        format!("{} (player {}): {state}", pit.name, pit.owner)
    } else {
        format!("{}: {state}", pit.name)
    }
}

/// `1 seed`, `3 seeds`.
pub(crate) fn plural(k: i64, word: &str) -> String {
    if k == 1 {
        format!("{k} {word}")
    } else {
        format!("{k} {word}s")
    }
}

/// Where a label goes at distance `d` from a spot's centre, with its text anchor.
fn label_at(s: Spot, d: f64) -> (f64, f64, &'static str) {
    match s.side {
        Side::Below => (s.x, s.y + d + 4.0, "middle"),
        Side::Above => (s.x, s.y - d + 4.0, "middle"),
        Side::Left => (s.x - d + 2.0, s.y + 4.0, "end"),
        Side::Right => (s.x + d - 2.0, s.y + 4.0, "start"),
    }
}

/// The most seeds drawn as dots; above it the count alone is shown.
pub const MAX_DOTS: i64 = 12;

/// Seeds as dots (up to [`MAX_DOTS`]) with the count in a badge, or the count alone.
fn seeds(out: &mut String, k: i64, x: f64, y: f64) {
    if k > MAX_DOTS {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">{k}</text>",
            n(x),
            n(y + 7.0)
        );
        return;
    }
    for i in 0..k {
        // a sunflower: evenly spread whatever the count
        let r = 5.6 * ((i as f64) + 0.5).sqrt();
        let a = i as f64 * 2.399_963;
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3.6\" fill=\"#6b4a2b\"/>",
            n(x + r * a.cos()),
            n(y + r * a.sin())
        );
    }
    let (bx, by) = (x + R * 0.72, y - R * 0.72);
    let _ = write!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"9\" fill=\"#ffffff\" stroke=\"#8a7a60\" stroke-width=\"1\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">{k}</text>",
        n(bx),
        n(by),
        n(bx),
        n(by + 4.0)
    );
}

fn store(out: &mut String, b: &Board, p: usize, s: Spot) {
    let pit = &b.layout.pits[p];
    let (hw, hh) = s.half;
    let _ = write!(
        out,
        "<g class=\"store\" data-pit=\"{p}\" data-seeds=\"{}\"><title>{}</title>",
        b.seeds[p],
        esc(&format!("{}: {}", pit.name, plural(b.seeds[p], "seed")))
    );
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
        n(s.x - hw),
        n(s.y - hh),
        n(2.0 * hw),
        n(2.0 * hh),
        n(hw.min(hh)),
        tint(pit.owner),
        ink(pit.owner)
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">{}</text>",
        n(s.x),
        n(s.y + 7.0),
        b.seeds[p]
    );
    let (lx, ly, anchor) = match s.side {
        // stores at a row's end carry their name under them; corner stores outside the corner
        Side::Above => (s.x, s.y - hh - 7.0, "middle"),
        _ => (s.x, s.y + hh + 14.0, "middle"),
    };
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"{anchor}\" fill=\"{}\">{}</text></g>",
        n(lx),
        n(ly),
        ink(pit.owner),
        esc(&pit.name)
    );
}

fn reserve(out: &mut String, b: &Board, player: usize, s: Spot) {
    let (hw, hh) = s.half;
    let k = b.reserves.get(player.wrapping_sub(1)).copied().unwrap_or(0);
    let _ = writeln!(
        out,
        "<g class=\"reserve\" data-player=\"{player}\" data-seeds=\"{k}\"><title>reserve of player {player}: {}</title>\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"10\" fill=\"#fffaf0\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">{k}</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">reserve</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">P{player}</text></g>",
        plural(k, "seed"),
        n(s.x - hw),
        n(s.y - hh),
        n(2.0 * hw),
        n(2.0 * hh),
        ink(player),
        n(s.x),
        n(s.y + 7.0),
        n(s.x),
        n(s.y + hh - 8.0),
        ink(player),
        n(s.x),
        n(s.y - hh + 14.0),
        ink(player),
    );
}

/// The status under the board: who owns what, who is to move or how the game ended, and the
/// reserves, counters and variables (as the text picture's status line). Each line is a list of
/// (player whose colour dot leads it, or 0; text).
pub(crate) fn status_lines(b: &Board) -> Vec<Vec<(usize, String)>> {
    let l = &b.layout;
    let mut lines = Vec::new();
    if l.players > 1 {
        let owners = (1..=l.players)
            .map(|p| {
                let rows: Vec<&str> = l
                    .rows
                    .iter()
                    .filter(|r| r.owner == p && !r.name.is_empty())
                    .map(|r| r.name.as_str())
                    .collect();
                let text = if rows.is_empty() {
                    format!("player {p}")
                } else {
                    format!("player {p}: {}", rows.join("+"))
                };
                (p, text)
            })
            .collect();
        lines.push(owners);
    }
    for line in crate::render::status(b).lines() {
        let who = if line.ends_with("to move") {
            b.to_move
        } else {
            0
        };
        lines.push(vec![(who, line.to_string())]);
    }
    if l.players == 1 && !b.over {
        lines.push(vec![(0, "click a hole to sow it".to_string())]);
    }
    lines
}

pub(crate) fn draw_status(
    out: &mut String,
    b: &Board,
    lines: &[Vec<(usize, String)>],
    mut y: f64,
) -> f64 {
    for (i, line) in lines.iter().enumerate() {
        y += 20.0;
        let mut x = MARGIN / 2.0 + 4.0;
        let last = i + 1 == lines.len();
        for (who, text) in line {
            if *who > 0 {
                let _ = write!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{}\"/>",
                    n(x + 6.0),
                    n(y - 5.0),
                    ink(*who)
                );
                x += 16.0;
            }
            let bold = (b.over && last) || (*who > 0 && line.len() == 1);
            let _ = writeln!(
                out,
                "<text class=\"status\" x=\"{}\" y=\"{}\" font-size=\"14\"{} fill=\"#222\">{}</text>",
                n(x),
                n(y),
                if bold { " font-weight=\"bold\"" } else { "" },
                esc(text)
            );
            x += 7.5 * text.chars().count() as f64 + 18.0;
        }
    }
    y
}
