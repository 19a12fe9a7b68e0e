//! A move's trace as SVG: the board as the move left it (or as it was after lap `k`, for showing a
//! move lap by lap), each lap an arrow from pit to pit in its own colour with its number at the pit
//! it started from, relays joined by a dashed line from where a lap ended to where the next began,
//! captured pits ringed in red, and a legend of laps, captures and the rule's notes.

use std::fmt::Write;

use super::board::{draw_board, draw_status, esc, n, plural, status_lines, wrap, SvgOptions};
use super::geometry::{Geometry, R};
use crate::engine::board::state::Board;
use crate::engine::trace::event::{pit_name, Event};

/// Lap colours, in turn.
pub const LAP_COLOURS: [&str; 8] = [
    "#e6550d", "#3182bd", "#31a354", "#756bb1", "#d62728", "#17becf", "#bcbd22", "#8c564b",
];

/// The colour of lap `k` (1-based).
pub fn lap_colour(k: usize) -> &'static str {
    LAP_COLOURS[(k.max(1) - 1) % LAP_COLOURS.len()]
}

/// A capture: pit, seeds, player, why.
type Capture = (usize, i64, usize, String);

/// One lap of a move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lap {
    /// The pit whose seeds were picked up (none when the lap began with a drop).
    pub from: Option<usize>,
    /// Seeds picked up.
    pub seeds: i64,
    /// The pits sown, in order.
    pub drops: Vec<usize>,
    /// Where the lap ended, when the trace says so.
    pub end: Option<usize>,
    /// Captures made during the lap or right after it.
    pub captures: Vec<Capture>,
}

/// A trace cut into laps, with where each lap's events stop.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Laps {
    /// The laps, in order.
    pub laps: Vec<Lap>,
    /// Events that are not sowing: notes, fills, closings, passes (index, event).
    pub others: Vec<(usize, Event)>,
    /// `cuts[k]`: the number of events up to the end of lap `k` (`cuts[0]` = 0, the last is the
    /// trace's length).
    pub cuts: Vec<usize>,
}

/// Cuts a move's events into laps. A lap begins at a pick-up (or a drop with no lap open) and
/// ends at its `lap_end`; captures belong to the lap before them.
pub fn laps(events: &[Event]) -> Laps {
    let mut out = Laps {
        cuts: vec![0],
        ..Laps::default()
    };
    let mut open = false;
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::Pickup { pit, seeds } => {
                if !open {
                    if !out.laps.is_empty() {
                        out.cuts.push(i);
                    }
                    out.laps.push(Lap::default());
                    open = true;
                }
                let lap = out.laps.last_mut().expect("a lap is open");
                if lap.from.is_none() && lap.drops.is_empty() {
                    lap.from = Some(*pit);
                }
                lap.seeds += seeds;
            }
            Event::Drop { pit, .. } => {
                if !open {
                    if !out.laps.is_empty() {
                        out.cuts.push(i);
                    }
                    out.laps.push(Lap::default());
                    open = true;
                }
                out.laps.last_mut().expect("a lap is open").drops.push(*pit);
            }
            Event::LapEnd { pit, .. } => {
                if let Some(l) = out.laps.last_mut() {
                    l.end = Some(*pit);
                }
                open = false;
            }
            Event::Capture {
                pit,
                seeds,
                player,
                why,
            } => match out.laps.last_mut() {
                Some(l) => l.captures.push((*pit, *seeds, *player, why.clone())),
                None => out.others.push((i, e.clone())),
            },
            _ => out.others.push((i, e.clone())),
        }
    }
    out.cuts.push(events.len());
    if out.laps.is_empty() {
        out.cuts = vec![0, events.len()];
    }
    out
}

/// The frames of a move shown lap by lap: `frames[k]` is the number of events applied after lap
/// `k` (`frames[0]` = 0, the position before the move; the last is the whole move).
pub fn lap_frames(events: &[Event]) -> Vec<usize> {
    laps(events).cuts
}

/// The picture of a move: `before` is the position it was played from, `after` the position it
/// left (whose status, e.g. a win, the whole move shows; without it the counts are replayed from
/// the events), `events` its trace, and `upto` the number of laps to show (`None`: the whole move;
/// `Some(0)`: the position before it). The counts are those after the laps shown; the laps shown
/// are drawn, the current one in full colour and the earlier ones faded when `upto` is given.
pub fn trace_svg(
    before: Board,
    after: Option<&Board>,
    events: &[Event],
    upto: Option<usize>,
    o: &SvgOptions,
) -> String {
    let cut = laps(events);
    let total = cut.laps.len();
    let k = upto.unwrap_or(total).min(total);
    let frame = if upto.is_none() || k == total {
        events.len()
    } else {
        cut.cuts[k]
    };
    let whole = frame == events.len();
    let b = match after {
        Some(a) if whole => a.clone(),
        _ => {
            let mut b = before.clone();
            let mut hand = 0;
            for e in &events[..frame] {
                e.apply(&mut b, &mut hand);
            }
            b
        }
    };
    let geo = Geometry::of(&b.layout);
    let mut body = String::new();
    let mut opts = o.clone();
    opts.legal.clear();
    let top = draw_board(&mut body, &b, &geo, &opts);
    let _ = writeln!(
        body,
        "<g class=\"trace\" transform=\"translate(0 {})\">",
        n(top)
    );
    markers(&mut body, k);
    let mut badges = vec![0usize; b.layout.pits.len()];
    for i in 0..k {
        let faded = upto.is_some() && i + 1 < k;
        draw_lap(&mut body, &geo, &cut.laps, i, faded, &mut badges);
    }
    body.push_str("</g>\n");
    let legend = legend_lines(&before, &cut, k, whole);
    let mut y = top + geo.height;
    for (colour, text) in &legend {
        y += 19.0;
        if let Some(c) = colour {
            let _ = write!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"6\" rx=\"2\" fill=\"{c}\"/>",
                n(geo::X0),
                n(y - 8.0)
            );
        }
        let _ = writeln!(
            body,
            "<text class=\"legend\" x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#222\">{}</text>",
            n(geo::X0 + 22.0),
            n(y),
            esc(text)
        );
    }
    let status = if whole && after.is_some() {
        status_lines(&b)
    } else if whole {
        Vec::new()
    } else {
        vec![vec![(
            0,
            format!("sowing: {} of {total} shown", plural(k as i64, "lap")),
        )]]
    };
    y = draw_status(&mut body, &b, &status, y + 4.0);
    let widest = legend
        .iter()
        .map(|(_, t)| t.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let width = geo.width.max(geo::X0 + 22.0 + widest * 7.2 + 16.0);
    let title = o.title.clone().unwrap_or_else(|| match total {
        0 => "a move without sowing".to_string(),
        t => format!("a move of {}: {k} shown", plural(t as i64, "lap")),
    });
    wrap(width, y + 8.0, &title, &body)
}

mod geo {
    /// Left edge of the legend.
    pub const X0: f64 = 22.0;
}

fn markers(out: &mut String, k: usize) {
    out.push_str("<defs>");
    for c in 1..=k.min(super::trace::LAP_COLOURS.len()) {
        let _ = write!(
            out,
            "<marker id=\"sowlab-arrow-{c}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">\
             <path d=\"M0 0L10 5L0 10z\" fill=\"{}\"/></marker>",
            lap_colour(c)
        );
    }
    out.push_str("</defs>\n");
}

/// A curve from pit `a` to pit `b`, bent towards the inside of the circuit by `bend` (plus a
/// fraction of its length), shortened at both ends so it does not hide the counts.
fn curve(geo: &Geometry, a: usize, b: usize, bend: f64) -> Option<String> {
    let (sa, sb) = (geo.spots[a], geo.spots[b]);
    let (dx, dy) = (sb.x - sa.x, sb.y - sa.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 || sa.x.is_nan() || sb.x.is_nan() {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (mx, my) = ((sa.x + sb.x) / 2.0, (sa.y + sb.y) / 2.0);
    let (mut px, mut py) = (-uy, ux);
    if px * (geo.inside.0 - mx) + py * (geo.inside.1 - my) < 0.0 {
        px = -px;
        py = -py;
    }
    let h = 0.18 * len + bend;
    let cut = R * 0.55;
    Some(format!(
        "M{} {}Q{} {} {} {}",
        n(sa.x + ux * cut + px * 6.0),
        n(sa.y + uy * cut + py * 6.0),
        n(mx + px * h),
        n(my + py * h),
        n(sb.x - ux * cut + px * 6.0),
        n(sb.y - uy * cut + py * 6.0)
    ))
}

fn draw_lap(
    out: &mut String,
    geo: &Geometry,
    all: &[Lap],
    i: usize,
    faded: bool,
    badges: &mut [usize],
) {
    let lap = &all[i];
    let num = i + 1;
    let colour = lap_colour(num);
    let marker = (num - 1) % LAP_COLOURS.len() + 1;
    let bend = 4.0 * ((num - 1) % 4) as f64;
    let _ = write!(
        out,
        "<g class=\"lap\" data-lap=\"{num}\"{}>",
        if faded { " opacity=\"0.4\"" } else { "" }
    );
    // relay: a dashed line from where the previous lap ended to where this one starts
    if let (Some(prev), Some(from)) = (i.checked_sub(1).and_then(|j| all[j].end), lap.from) {
        if let Some(d) = curve(geo, prev, from, 10.0) {
            let _ = write!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"3 3\"/>"
            );
        }
    }
    let mut path: Vec<usize> = lap.from.into_iter().collect();
    path.extend(&lap.drops);
    for w in path.windows(2) {
        if let Some(d) = curve(geo, w[0], w[1], bend) {
            let _ = write!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" marker-end=\"url(#sowlab-arrow-{marker})\"/>"
            );
        }
    }
    if let Some(end) = lap.end {
        let s = geo.spots[end];
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"/>",
            n(s.x),
            n(s.y),
            n(s.half.0.min(s.half.1) + 3.0)
        );
    }
    for (pit, seeds, _, _) in &lap.captures {
        let s = geo.spots[*pit];
        let _ = write!(
            out,
            "<g class=\"capture\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#c00000\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" fill=\"#c00000\">−{seeds}</text></g>",
            n(s.x),
            n(s.y),
            n(R + 7.0),
            n(s.x - R - 6.0),
            n(s.y + R + 4.0)
        );
    }
    if let Some(start) = lap.from.or(lap.drops.first().copied()) {
        let s = geo.spots[start];
        let a = (-135.0 - 38.0 * badges[start] as f64).to_radians();
        badges[start] += 1;
        let (bx, by) = (s.x + (R + 2.0) * a.cos(), s.y + (R + 2.0) * a.sin());
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"9\" fill=\"{colour}\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">{num}</text>",
            n(bx),
            n(by),
            n(bx),
            n(by + 4.0)
        );
    }
    out.push_str("</g>\n");
}

/// The most legend lines drawn; the rest are summed up in one line.
const MAX_LEGEND: usize = 24;

fn legend_lines(
    b: &Board,
    cut: &Laps,
    k: usize,
    whole: bool,
) -> Vec<(Option<&'static str>, String)> {
    let l = &b.layout;
    let name = |p: usize| pit_name(l, p);
    let mut lines = Vec::new();
    for (i, lap) in cut.laps.iter().enumerate() {
        let mut t = format!("lap {}: ", i + 1);
        match lap.from {
            Some(p) => {
                let _ = write!(t, "{} from {}", plural(lap.seeds, "seed"), name(p));
                if i > 0 {
                    t.push_str(" (relay)");
                }
            }
            None => t.push_str(&plural(lap.drops.len() as i64, "seed")),
        }
        if let Some(e) = lap.end {
            let _ = write!(t, ", ends in {}", name(e));
        }
        if i >= k {
            t.push_str(" (not shown yet)");
        }
        lines.push((Some(lap_colour(i + 1)), t));
        if i >= k {
            continue;
        }
        for (pit, seeds, player, why) in &lap.captures {
            lines.push((
                None,
                format!(
                    "    player {player} captures {seeds} from {} ({why})",
                    name(*pit)
                ),
            ));
        }
    }
    if whole {
        for (_, e) in &cut.others {
            lines.push((None, e.describe(l)));
        }
    }
    if lines.len() > MAX_LEGEND {
        let more = lines.len() - (MAX_LEGEND - 1);
        lines.truncate(MAX_LEGEND - 1);
        lines.push((None, format!("… and {more} more lines (see `trace`)")));
    }
    lines
}
