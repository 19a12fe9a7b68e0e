//! SVG charts (`render::plot`): a figure with rates and their intervals, a histogram and a heat
//! map, checked as XML (every bar, bin and cell drawn, in the chart's box) and snapshotted.

use sowlab::render::plot::{bin, Bar, Chart, Figure, Group};

fn rate(series: &str, v: f64, lo: f64, hi: f64) -> Bar {
    Bar {
        series: series.into(),
        value: v,
        interval: Some((lo, hi)),
    }
}

fn figure() -> Figure {
    Figure {
        title: "raja_pasu: 200 games".into(),
        subtitle: "agents greedy, random; seed 1".into(),
        charts: vec![
            Chart::Bars {
                title: "results per player (95% intervals)".into(),
                max: 1.0,
                percent: true,
                groups: vec![
                    Group {
                        label: "player 1 (greedy)".into(),
                        bars: vec![
                            rate("wins", 0.7, 0.63, 0.76),
                            rate("draws", 0.05, 0.03, 0.09),
                            rate("losses", 0.25, 0.19, 0.31),
                        ],
                    },
                    Group {
                        label: "player 2 (random)".into(),
                        bars: vec![
                            rate("wins", 0.25, 0.19, 0.31),
                            rate("draws", 0.05, 0.03, 0.09),
                            rate("losses", 0.7, 0.63, 0.76),
                        ],
                    },
                ],
            },
            Chart::Histogram {
                title: "game length".into(),
                x_label: "moves per game".into(),
                bins: bin(
                    &[(20, 3), (25, 10), (31, 40), (40, 100), (52, 40), (80, 7)],
                    12,
                ),
            },
            Chart::HeatMap {
                title: "player 1 wins".into(),
                x: ("seeds".into(), vec!["2".into(), "3".into(), "4".into()]),
                y: ("players".into(), vec!["2".into(), "3".into()]),
                cells: vec![
                    vec![Some(0.5), Some(0.55), Some(0.61)],
                    vec![Some(0.3), None, Some(0.36)],
                ],
                percent: true,
            },
        ],
    }
}

#[test]
fn a_figure_is_well_formed_and_draws_every_value() {
    let svg = figure().svg();
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    let w: f64 = root.attribute("width").unwrap().parse().unwrap();
    let h: f64 = root.attribute("height").unwrap().parse().unwrap();
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .collect::<Vec<_>>()
    };
    assert_eq!(class("bar").len(), 6);
    assert_eq!(class("interval").len(), 6);
    let bins = class("bin");
    assert_eq!(bins.len(), bin(&[(20, 1), (80, 1)], 12).len());
    assert_eq!(class("cell").len(), 6);
    // every rectangle inside the picture
    for r in doc.descendants().filter(|n| n.tag_name().name() == "rect") {
        let f = |a: &str| r.attribute(a).unwrap().parse::<f64>().unwrap();
        assert!(f("x") >= 0.0 && f("x") + f("width") <= w + 0.01, "{r:?}");
        assert!(f("y") >= 0.0 && f("y") + f("height") <= h + 0.01, "{r:?}");
    }
    // bar heights follow the values: wins of player 1 (70%) is 14 times draws (5%)
    let height = |n: &roxmltree::Node| {
        n.children()
            .find(|c| c.tag_name().name() == "rect")
            .unwrap()
            .attribute("height")
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let bars = class("bar");
    assert!((height(&bars[0]) / height(&bars[1]) - 14.0).abs() < 0.1);
    // a missing cell shows a dash
    assert!(class("cell")
        .iter()
        .any(|c| c.descendants().any(|t| t.text() == Some("–"))));
    insta::assert_snapshot!(svg);
}
