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

mod reports {
    //! Figures of real runs on fixed seeds: the numbers drawn are the report's.
    use std::path::Path;

    use sowlab::experiment::{self, plots, SimConfig};
    use sowlab::search::agent::Agent;
    use sowlab::Rule;

    fn run(rule: &str, sets: &[&str], games: u64, agents: &str) -> experiment::SimReport {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let r = Rule::load(rule, &dir).unwrap();
        let o = r.resolve_options(sets).unwrap();
        let cfg = SimConfig {
            games,
            agents: Agent::parse_list(agents).unwrap(),
            seed: 7,
            jobs: 2,
            ..SimConfig::default()
        };
        experiment::simulate(&r, &o, &cfg).unwrap()
    }

    fn class_count(doc: &roxmltree::Document, c: &str) -> usize {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    }

    /// The counts written in the histogram's tooltips (`lo to hi: N games`).
    fn binned_games(doc: &roxmltree::Document) -> u64 {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("bin"))
            .map(|n| {
                let t = n
                    .children()
                    .find(|c| c.tag_name().name() == "title")
                    .unwrap();
                let text = t.text().unwrap();
                text.split(": ")
                    .nth(1)
                    .unwrap()
                    .trim_end_matches(" games")
                    .parse::<u64>()
                    .unwrap()
            })
            .sum()
    }

    #[test]
    fn a_simulation_plot_shows_every_player_and_every_game() {
        let rep = run("kalah", &["holes=3", "seeds=2"], 60, "greedy,random");
        let svg = plots::simulation(&rep).svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(
            class_count(&doc, "bar"),
            6,
            "wins, draws, losses of two players"
        );
        assert_eq!(binned_games(&doc), 60);
        // the first bar's tooltip carries player 1's win rate and interval from the report
        let p1 = &rep.players[0];
        let want = format!("{:.0}%", p1.wins.rate * 100.0);
        assert!(
            svg.contains(&format!("player 1 (greedy) wins: {want}")),
            "{want}"
        );
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn compare_and_sweep_plots() {
        let a = run("raja_pasu", &["rounds=false"], 20, "random");
        let b = run(
            "raja_pasu",
            &["rounds=false", "last_seed_four=false"],
            20,
            "random",
        );
        let c = experiment::compare_reports(a, b, 0.05);
        let svg = plots::comparison(&c).svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        // wins and draws of two players, A and B, and the mean lengths
        assert_eq!(class_count(&doc, "bar"), 2 * 2 * 2 + 2);
        assert!(svg.contains("B: raja_pasu last_seed_four=false"));

        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let rule = Rule::load("kalah", &dir).unwrap();
        let vary = vec![
            experiment::parse_vary("holes=3,4").unwrap(),
            experiment::parse_vary("seeds=1,2,3").unwrap(),
        ];
        let cfg = SimConfig {
            games: 10,
            agents: Agent::parse_list("greedy,random").unwrap(),
            seed: 3,
            jobs: 2,
            ..SimConfig::default()
        };
        let s = experiment::sweep(&rule, &[] as &[String], &vary, &cfg).unwrap();
        let svg = plots::sweep(&s).svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(class_count(&doc, "cell"), 6);
        for p in &s.points {
            let pct = format!("{:.0}%", p.report.players[0].wins.rate * 100.0);
            assert!(svg.contains(&pct), "{pct}");
        }
        insta::assert_snapshot!("sweep_heat_map", svg);
    }
}
