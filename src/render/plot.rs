//! Small SVG charts for experiment reports, drawn by hand so they need no font files, no
//! fontconfig and no crate with system dependencies: grouped bars with 95% interval whiskers (win,
//! draw and loss rates per player or agent, A beside B for `compare`), a histogram (game lengths)
//! and a heat map (a sweep over two options). A [`Figure`] stacks charts into one SVG document.
//! Text is SVG `<text>` in a generic font family, so any viewer draws it with its own fonts.

use std::fmt::Write;

use super::svg::{esc, n};

/// One bar: a value with an optional interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The series it belongs to (`wins`, `A`, ...): bars of a series share a colour.
    pub series: String,
    /// The value.
    pub value: f64,
    /// The interval's low and high ends, if any.
    pub interval: Option<(f64, f64)>,
}

/// A group of bars drawn side by side under one label (a player, an agent, a variant).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The label under the group.
    pub label: String,
    /// The bars.
    pub bars: Vec<Bar>,
}

/// A chart.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Grouped bars on a 0..`max` axis (1.0 for rates).
    Bars {
        /// Title over the chart.
        title: String,
        /// The y axis's top (e.g. 1.0 for rates).
        max: f64,
        /// Whether values are rates, shown as percentages.
        percent: bool,
        /// The groups.
        groups: Vec<Group>,
    },
    /// Counts of values in bins.
    Histogram {
        /// Title over the chart.
        title: String,
        /// What the x axis measures (`moves per game`).
        x_label: String,
        /// (bin low end, bin high end exclusive, count).
        bins: Vec<(u64, u64, u64)>,
    },
    /// A value per cell of a grid (rows × columns), coloured from low to high.
    HeatMap {
        /// Title over the chart.
        title: String,
        /// The option varied along x, and its values.
        x: (String, Vec<String>),
        /// The option varied along y, and its values.
        y: (String, Vec<String>),
        /// `cells[row][column]`: the value (rows follow `y`), `None` when missing.
        cells: Vec<Vec<Option<f64>>>,
        /// Whether values are rates, shown as percentages.
        percent: bool,
    },
}

/// Several charts, one under another.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figure {
    /// A title over everything.
    pub title: String,
    /// A line of small print under the title (rule, options, seed, games).
    pub subtitle: String,
    /// The charts.
    pub charts: Vec<Chart>,
}

/// Colours of the series, in order of first appearance.
const SERIES: [&str; 6] = [
    "#2f7d32", "#9e9e9e", "#b23a2a", "#2f5fa7", "#e6550d", "#756bb1",
];
const WIDTH: f64 = 640.0;
const CHART_H: f64 = 240.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;

impl Figure {
    /// The figure as an SVG document.
    pub fn svg(&self) -> String {
        let mut body = String::new();
        let mut y = 28.0;
        let _ = writeln!(
            body,
            "<text x=\"16\" y=\"{}\" font-size=\"17\" font-weight=\"bold\" fill=\"#222\">{}</text>",
            n(y),
            esc(&self.title)
        );
        if !self.subtitle.is_empty() {
            y += 18.0;
            let _ = writeln!(
                body,
                "<text x=\"16\" y=\"{}\" font-size=\"12\" fill=\"#555\">{}</text>",
                n(y),
                esc(&self.subtitle)
            );
        }
        y += 14.0;
        let mut width = WIDTH;
        for c in &self.charts {
            let (h, w) = chart(&mut body, c, y);
            y += h;
            width = width.max(w);
        }
        super::svg::wrap(width, y + 10.0, &self.title, &body)
    }
}

/// Draws a chart with its top at `y`; returns its height and width.
fn chart(out: &mut String, c: &Chart, y: f64) -> (f64, f64) {
    match c {
        Chart::Bars {
            title,
            max,
            percent,
            groups,
        } => bars(out, title, *max, *percent, groups, y),
        Chart::Histogram {
            title,
            x_label,
            bins,
        } => histogram(out, title, x_label, bins, y),
        Chart::HeatMap {
            title,
            x,
            y: yy,
            cells,
            percent,
        } => heat_map(out, title, x, yy, cells, *percent, y),
    }
}

fn fmt_value(v: f64, percent: bool) -> String {
    if percent {
        format!("{:.0}%", v * 100.0)
    } else if v.abs() >= 100.0 || v == v.trunc() {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

fn chart_title(out: &mut String, title: &str, y: f64) {
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" fill=\"#333\">{}</text>",
        n(y + 16.0),
        esc(title)
    );
}

/// The y axis with gridlines at 0, ¼, ½, ¾ and the top.
fn axis(out: &mut String, top: f64, h: f64, w: f64, max: f64, percent: bool) {
    for i in 0..=4 {
        let v = max * i as f64 / 4.0;
        let yy = top + h - h * i as f64 / 4.0;
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{}</text>",
            n(LEFT),
            n(yy),
            n(LEFT + w),
            n(yy),
            if i == 0 { "#333" } else { "#e0e0e0" },
            n(LEFT - 6.0),
            n(yy + 4.0),
            fmt_value(v, percent)
        );
    }
}

fn bars(
    out: &mut String,
    title: &str,
    max: f64,
    percent: bool,
    groups: &[Group],
    y: f64,
) -> (f64, f64) {
    chart_title(out, title, y);
    let mut series: Vec<&str> = Vec::new();
    for g in groups {
        for b in &g.bars {
            if !series.contains(&b.series.as_str()) {
                series.push(&b.series);
            }
        }
    }
    let colour = |s: &str| SERIES[series.iter().position(|x| *x == s).unwrap_or(0) % SERIES.len()];
    // legend
    let mut lx = LEFT;
    for s in &series {
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#333\">{}</text>",
            n(lx),
            n(y + 26.0),
            colour(s),
            n(lx + 16.0),
            n(y + 36.0),
            esc(s)
        );
        lx += 30.0 + 7.0 * s.chars().count() as f64;
    }
    out.push('\n');
    let top = y + 50.0;
    let h = CHART_H - 80.0;
    let per_bar = 26.0;
    let gap = 24.0;
    let inner: f64 = groups
        .iter()
        .map(|g| g.bars.len() as f64 * per_bar + gap)
        .sum::<f64>()
        .max(WIDTH - LEFT - RIGHT);
    axis(out, top, h, inner, max, percent);
    let max = if max > 0.0 { max } else { 1.0 };
    let scale = |v: f64| top + h - h * (v / max).clamp(0.0, 1.0);
    let mut x = LEFT + gap / 2.0;
    let spare = (inner
        - groups
            .iter()
            .map(|g| g.bars.len() as f64 * per_bar + gap)
            .sum::<f64>())
        / groups.len().max(1) as f64;
    for g in groups {
        let gw = g.bars.len() as f64 * per_bar + spare;
        let mut bx = x + spare / 2.0;
        for b in &g.bars {
            let yv = scale(b.value);
            let _ = write!(
                out,
                "<g class=\"bar\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                esc(&format!(
                    "{} {}: {}{}",
                    g.label,
                    b.series,
                    fmt_value(b.value, percent),
                    b.interval.map_or(String::new(), |(lo, hi)| format!(
                        " (95% interval {} to {})",
                        fmt_value(lo, percent),
                        fmt_value(hi, percent)
                    ))
                )),
                n(bx + 2.0),
                n(yv),
                n(per_bar - 4.0),
                n(top + h - yv),
                colour(&b.series)
            );
            if let Some((lo, hi)) = b.interval {
                let cx = bx + per_bar / 2.0;
                let _ = write!(
                    out,
                    "<path class=\"interval\" d=\"M{} {}V{}M{} {}H{}M{} {}H{}\" stroke=\"#111\" stroke-width=\"1.5\"/>",
                    n(cx),
                    n(scale(lo)),
                    n(scale(hi)),
                    n(cx - 5.0),
                    n(scale(lo)),
                    n(cx + 5.0),
                    n(cx - 5.0),
                    n(scale(hi)),
                    n(cx + 5.0)
                );
            }
            out.push_str("</g>\n");
            bx += per_bar;
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
            n(x + gw / 2.0),
            n(top + h + 16.0),
            esc(&g.label)
        );
        x += gw + gap;
    }
    (CHART_H, LEFT + inner + RIGHT)
}

fn histogram(
    out: &mut String,
    title: &str,
    x_label: &str,
    bins: &[(u64, u64, u64)],
    y: f64,
) -> (f64, f64) {
    chart_title(out, title, y);
    let top = y + 34.0;
    let h = CHART_H - 80.0;
    let w = WIDTH - LEFT - RIGHT;
    let most = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1);
    // a round axis top: 1, 2 or 5 times a power of ten, divisible into 4 gridlines
    let top_v = nice_top(most) as f64;
    axis(out, top, h, w, top_v, false);
    let bw = w / bins.len().max(1) as f64;
    for (i, &(lo, hi, c)) in bins.iter().enumerate() {
        let bh = h * c as f64 / top_v;
        let _ = writeln!(
            out,
            "<rect class=\"bin\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#2f5fa7\"><title>{lo} to {}: {c} games</title></rect>",
            n(LEFT + i as f64 * bw + 1.0),
            n(top + h - bh),
            n((bw - 2.0).max(1.0)),
            n(bh),
            hi.saturating_sub(1)
        );
    }
    // x ticks at about 6 bin edges
    let step = bins.len().div_ceil(6).max(1);
    for (i, &(lo, _, _)) in bins.iter().enumerate().step_by(step) {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{lo}</text>",
            n(LEFT + i as f64 * bw),
            n(top + h + 14.0)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
        n(LEFT + w / 2.0),
        n(top + h + 32.0),
        esc(x_label)
    );
    (CHART_H, WIDTH)
}

/// The smallest of 4, 8, 10, 20, 40, 80, 100, 200, ... (so four gridlines fall on whole numbers) that is at
/// least `most`.
fn nice_top(most: u64) -> u64 {
    let mut base = 1u64;
    loop {
        for m in [4, 8, 10, 20] {
            if m * base >= most {
                return m * base;
            }
        }
        base = base.saturating_mul(10);
    }
}

/// A colour from pale yellow (0) through teal to dark blue (1).
fn ramp(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let (a, b, t) = if t < 0.5 {
        ((255.0, 247.0, 188.0), (65.0, 182.0, 196.0), t * 2.0)
    } else {
        ((65.0, 182.0, 196.0), (37.0, 52.0, 148.0), t * 2.0 - 1.0)
    };
    format!(
        "#{:02x}{:02x}{:02x}",
        (a.0 + (b.0 - a.0) * t) as u8,
        (a.1 + (b.1 - a.1) * t) as u8,
        (a.2 + (b.2 - a.2) * t) as u8
    )
}

#[allow(clippy::too_many_arguments)]
fn heat_map(
    out: &mut String,
    title: &str,
    x: &(String, Vec<String>),
    yv: &(String, Vec<String>),
    cells: &[Vec<Option<f64>>],
    percent: bool,
    y: f64,
) -> (f64, f64) {
    chart_title(out, title, y);
    let cw = 72.0;
    let ch = 34.0;
    let left = LEFT + 40.0;
    let top = y + 50.0;
    let vals: Vec<f64> = cells.iter().flatten().flatten().copied().collect();
    let (lo, hi) = if percent {
        (0.0, 1.0)
    } else {
        (
            vals.iter().copied().fold(f64::INFINITY, f64::min),
            vals.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        )
    };
    let span = if hi > lo { hi - lo } else { 1.0 };
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
        n(left + cw * x.1.len() as f64 / 2.0),
        n(top - 20.0),
        esc(&x.0)
    );
    for (j, v) in x.1.iter().enumerate() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            n(left + cw * j as f64 + cw / 2.0),
            n(top - 5.0),
            esc(v)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"{}\" font-size=\"12\" fill=\"#333\">{}</text>",
        n(top - 5.0),
        esc(&yv.0)
    );
    for (i, v) in yv.1.iter().enumerate() {
        let cy = top + ch * i as f64;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{}</text>",
            n(left - 6.0),
            n(cy + ch / 2.0 + 4.0),
            esc(v)
        );
        for j in 0..x.1.len() {
            let cell = cells.get(i).and_then(|r| r.get(j)).copied().flatten();
            let (fill, text, ink) = match cell {
                Some(v) => {
                    let t = (v - lo) / span;
                    (
                        ramp(t),
                        fmt_value(v, percent),
                        if t > 0.55 { "#ffffff" } else { "#222222" },
                    )
                }
                None => ("#f4f4f4".to_string(), "–".to_string(), "#888888"),
            };
            let cx = left + cw * j as f64;
            let _ = writeln!(
                out,
                "<g class=\"cell\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#ffffff\"/>\
                 <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
                n(cx),
                n(cy),
                n(cw),
                n(ch),
                n(cx + cw / 2.0),
                n(cy + ch / 2.0 + 4.0),
                esc(&text)
            );
        }
    }
    let h = 50.0 + ch * yv.1.len() as f64 + 20.0;
    (h, (left + cw * x.1.len() as f64 + RIGHT).max(WIDTH))
}

/// Bins for a histogram of `counts` (value → how often), at most `max_bins` bins of equal
/// width, covering every value.
pub fn bin(counts: &[(u64, u64)], max_bins: usize) -> Vec<(u64, u64, u64)> {
    let (Some(lo), Some(hi)) = (
        counts.iter().map(|c| c.0).min(),
        counts.iter().map(|c| c.0).max(),
    ) else {
        return Vec::new();
    };
    let span = hi - lo + 1;
    let width = span.div_ceil(max_bins.max(1) as u64).max(1);
    let k = span.div_ceil(width);
    let mut bins: Vec<(u64, u64, u64)> = (0..k)
        .map(|i| (lo + i * width, lo + (i + 1) * width, 0))
        .collect();
    for &(v, c) in counts {
        bins[((v - lo) / width) as usize].2 += c;
    }
    bins
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_cover_every_value_once() {
        let counts = [(3, 2), (4, 1), (10, 5), (29, 1)];
        let b = bin(&counts, 6);
        assert_eq!(b.first().unwrap().0, 3);
        assert!(b.last().unwrap().1 > 29);
        assert_eq!(b.iter().map(|x| x.2).sum::<u64>(), 9);
        assert!(b.len() <= 6);
        for w in b.windows(2) {
            assert_eq!(w[0].1, w[1].0, "bins touch");
        }
        assert!(bin(&[], 5).is_empty());
        assert_eq!(bin(&[(7, 3)], 5), vec![(7, 8, 3)]);
    }

    #[test]
    fn axis_tops_are_round() {
        assert_eq!(nice_top(1), 4);
        assert_eq!(nice_top(5), 8);
        assert_eq!(nice_top(9), 10);
        assert_eq!(nice_top(21), 40);
        assert_eq!(nice_top(100), 100);
        assert_eq!(nice_top(170), 200);
        assert_eq!(nice_top(201), 400);
    }

    #[test]
    fn ramp_goes_from_pale_to_dark() {
        assert_eq!(ramp(0.0), "#fff7bc");
        assert_eq!(ramp(1.0), "#253494");
        assert_eq!(ramp(7.0), "#253494");
    }
}
