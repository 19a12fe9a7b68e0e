//! Experiment reports as SVG figures (`--plot FILE.svg`): a simulation's win, draw and loss rates
//! per player (and per agent when they rotate) with their 95% intervals and its game-length
//! histogram; a comparison's rates A beside B; a sweep's first player's win rate as a heat map
//! (two varied options) or as bars (one or more than two). Drawn by [`crate::render::plot`].

use crate::experiment::{Comparison, Rate, SimReport, Sweep};
use crate::render::plot::{bin, Bar, Chart, Figure, Group};

/// Which rate of a player's report a chart shows.
type RateOf = fn(&crate::experiment::PlayerReport) -> &Rate;

fn bar(series: &str, r: &Rate) -> Bar {
    Bar {
        series: series.to_string(),
        value: r.rate,
        interval: Some((r.lo, r.hi)),
    }
}

fn options_text(r: &SimReport) -> String {
    r.options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn subtitle(r: &SimReport) -> String {
    format!(
        "{} games ({} capped), agents {}, seed {}; {}",
        r.games,
        r.capped,
        r.agents.join(","),
        r.seed,
        options_text(r)
    )
}

/// The figure of one simulation.
pub fn simulation(r: &SimReport) -> Figure {
    let solitaire = r.players.len() == 1;
    let groups = r
        .players
        .iter()
        .map(|p| {
            let mut bars = vec![bar("wins", &p.wins)];
            if !solitaire {
                bars.push(bar("draws", &p.draws));
            }
            bars.push(bar("losses", &p.losses));
            Group {
                label: format!("player {} ({})", p.player, p.agent),
                bars,
            }
        })
        .collect();
    let mut charts = vec![Chart::Bars {
        title: "results per player, with 95% intervals".into(),
        max: 1.0,
        percent: true,
        groups,
    }];
    if let Some(by_agent) = &r.by_agent {
        charts.push(Chart::Bars {
            title: "results per agent (agents rotate through the seats)".into(),
            max: 1.0,
            percent: true,
            groups: by_agent
                .iter()
                .map(|a| Group {
                    label: a.agent.clone(),
                    bars: vec![
                        bar("wins", &a.wins),
                        bar("draws", &a.draws),
                        bar("losses", &a.losses),
                    ],
                })
                .collect(),
        });
    }
    // The moves summary keeps the whole histogram of game lengths.
    let lengths: Vec<(u64, u64)> = r.tally.moves.histogram().collect();
    charts.push(Chart::Histogram {
        title: format!("game length (mean {:.1} moves)", r.tally.moves.mean()),
        x_label: "moves per game".into(),
        bins: bin(&lengths, 30),
    });
    Figure {
        title: format!("simulate {}", r.rule),
        subtitle: subtitle(r),
        charts,
    }
}

/// The figure of a comparison: each player's rates under A beside B.
pub fn comparison(c: &Comparison) -> Figure {
    let (a, b) = (&c.a, &c.b);
    // each side named by its rule and the options in which it differs from the other
    let name = |tag: &str, x: &SimReport, y: &SimReport| {
        let own: Vec<String> = x
            .options
            .iter()
            .filter(|(k, v)| y.options.get(*k) != Some(*v))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{tag}: {} {}", x.rule, own.join(" "))
            .trim_end()
            .to_string()
    };
    let (name_a, name_b) = (name("A", a, b), name("B", b, a));
    let mut charts = Vec::new();
    let kinds: &[(&str, RateOf)] = if a.players.len() == 1 {
        &[("wins", |p| &p.wins)]
    } else {
        &[("wins", |p| &p.wins), ("draws", |p| &p.draws)]
    };
    for (what, rate) in kinds {
        charts.push(Chart::Bars {
            title: format!("{what} per player, A beside B, with 95% intervals"),
            max: 1.0,
            percent: true,
            groups: a
                .players
                .iter()
                .zip(&b.players)
                .map(|(pa, pb)| Group {
                    label: format!("player {}", pa.player),
                    bars: vec![bar(&name_a, rate(pa)), bar(&name_b, rate(pb))],
                })
                .collect(),
        });
    }
    charts.push(Chart::Bars {
        title: "moves per game (mean ± 1.96 standard errors)".into(),
        max: a.tally.moves.mean().max(b.tally.moves.mean()) * 1.3,
        percent: false,
        groups: vec![Group {
            label: "moves per game".into(),
            bars: [(&name_a, a), (&name_b, b)]
                .iter()
                .map(|(n, r)| {
                    let m = r.tally.moves.mean();
                    let se = 1.96 * r.tally.moves.variance().sqrt()
                        / (r.tally.moves.n.max(1) as f64).sqrt();
                    Bar {
                        series: n.to_string(),
                        value: m,
                        interval: Some((m - se, m + se)),
                    }
                })
                .collect(),
        }],
    });
    Figure {
        title: format!("compare {} and {}", a.rule, b.rule),
        subtitle: format!(
            "{} games each, agents {}, seed {}",
            a.games,
            a.agents.join(","),
            a.seed
        ),
        charts,
    }
}

/// The figure of a sweep: player 1's win rate over the grid.
pub fn sweep(s: &Sweep) -> Figure {
    let values = |k: &str| {
        let mut v: Vec<String> = Vec::new();
        for p in &s.points {
            if let Some(x) = p.vary.get(k) {
                if !v.contains(x) {
                    v.push(x.clone());
                }
            }
        }
        v
    };
    let win1 = |p: &crate::experiment::SweepPoint| p.report.players.first().map(|x| x.wins.clone());
    let chart = if s.keys.len() == 2 {
        let (xs, ys) = (values(&s.keys[0]), values(&s.keys[1]));
        let cells = ys
            .iter()
            .map(|y| {
                xs.iter()
                    .map(|x| {
                        s.points
                            .iter()
                            .find(|p| {
                                p.vary.get(&s.keys[0]) == Some(x)
                                    && p.vary.get(&s.keys[1]) == Some(y)
                            })
                            .and_then(win1)
                            .map(|r| r.rate)
                    })
                    .collect()
            })
            .collect();
        Chart::HeatMap {
            title: "player 1 wins".into(),
            x: (s.keys[0].clone(), xs),
            y: (s.keys[1].clone(), ys),
            cells,
            percent: true,
        }
    } else {
        Chart::Bars {
            title: "results per point, with 95% intervals".into(),
            max: 1.0,
            percent: true,
            groups: s
                .points
                .iter()
                .map(|p| Group {
                    label: s
                        .keys
                        .iter()
                        .map(|k| format!("{k}={}", p.vary.get(k).map_or("?", |v| v.as_str())))
                        .collect::<Vec<_>>()
                        .join(" "),
                    bars: p
                        .report
                        .players
                        .iter()
                        .map(|pl| bar(&format!("player {} wins", pl.player), &pl.wins))
                        .collect(),
                })
                .collect(),
        }
    };
    let first = s.points.first().map(|p| &p.report);
    Figure {
        title: format!(
            "sweep {} over {}",
            first.map_or("", |r| r.rule.as_str()),
            s.keys.join(", ")
        ),
        subtitle: first.map_or(String::new(), |r| {
            format!(
                "{} games per point, agents {}, seed {}",
                r.games,
                s.agents.join(","),
                r.seed
            )
        }),
        charts: vec![chart],
    }
}
