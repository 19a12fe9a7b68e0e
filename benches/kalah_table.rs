//! The published Kalah table (Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3),
//! 2000, tables 9 and 10; empty-capture rule), solved by `solve_exact`: every cell's result and
//! margin against the paper's, with the nodes and time of each, single-threaded. The cells the
//! debug-mode test (tests/exact.rs) cannot do quickly are here.
//!
//! `cargo bench --bench kalah_table` runs the cells of at most 40 seeds (seconds each); `-- all`
//! every cell; `-- 6,4` (any `m,n` list) those cells; `-- tb=K` first builds the tablebase of up
//! to K seeds in play for each board size (its time is reported beside the cell's).
//! `-- --test` (the smoke test of `cargo bench --benches -- --test`): the cells m <= 3. Exits 1
//! if a cell disagrees.

use std::sync::Arc;
use std::time::Instant;

use sowlab::search::tablebase::build::build_all;
use sowlab::{solve_exact, Game, Rule, RulePath, SearchLimits, Tablebase};

/// Table 10 and 9: (m, n, margin for the first player). The paper gives margins for m >= 4; for
/// m <= 3 only win/draw/loss (`None` margin, the sign in `wdl`).
const CELLS: &[(usize, usize, i64, bool)] = &[
    // (m, n, margin or sign, whether the margin is published)
    (1, 1, 0, false),
    (1, 2, -1, false),
    (1, 3, 1, false),
    (1, 4, -1, false),
    (1, 5, 1, false),
    (1, 6, 0, false),
    (2, 1, 1, false),
    (2, 2, -1, false),
    (2, 3, -1, false),
    (2, 4, -1, false),
    (2, 5, 1, false),
    (2, 6, 1, false),
    (3, 1, 0, false),
    (3, 2, 1, false),
    (3, 3, 1, false),
    (3, 4, 1, false),
    (3, 5, 1, false),
    (3, 6, -1, false),
    (4, 1, 2, true),
    (4, 2, 6, true),
    (4, 3, 8, true),
    (4, 4, 2, true),
    (4, 5, 2, true),
    (4, 6, 0, true),
    (5, 1, 0, true),
    (5, 2, 0, true),
    (5, 3, 8, true),
    (5, 4, 12, true),
    (5, 5, 2, true),
    (5, 6, 2, true),
    (6, 1, 2, true),
    (6, 2, 10, true),
    (6, 3, 2, true),
    (6, 4, 10, true),
    (6, 5, 12, true),
];

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let smoke = args.iter().any(|a| a == "--test");
    let all = args.iter().any(|a| a == "all");
    let tb_seeds: Option<usize> = args
        .iter()
        .find_map(|a| a.strip_prefix("tb=").and_then(|v| v.parse().ok()));
    let chosen: Vec<(usize, usize)> = args
        .iter()
        .filter_map(|a| {
            let (m, n) = a.split_once(',')?;
            Some((m.parse().ok()?, n.parse().ok()?))
        })
        .collect();
    let dir = RulePath::builtin();
    let rule = Arc::new(Rule::load("kalah", &dir).expect("kalah"));
    let mut bad = 0;
    let mut tables: Vec<(usize, Tablebase, f64)> = Vec::new();
    println!("cell     result  margin  published  agree  nodes        seconds  (tablebase s)");
    for &(m, n, want, margin_known) in CELLS {
        let run = if smoke {
            m <= 3
        } else if !chosen.is_empty() {
            chosen.contains(&(m, n))
        } else {
            all || 2 * m * n <= 40
        };
        if !run {
            continue;
        }
        let opts = rule
            .resolve_options(&[
                format!("holes={m}"),
                format!("seeds={n}"),
                "empty_capture=true".to_string(),
            ])
            .expect("options");
        let g = Game::new(rule.clone(), opts).expect("game");
        let mut tb_secs = 0.0;
        if let Some(k) = tb_seeds {
            if !tables.iter().any(|t| t.0 == m) {
                let t0 = Instant::now();
                let tb = build_all(&rule, &g.board(), k.min(2 * m * n), 1)
                    .expect("tablebase")
                    .expect("not interrupted");
                tables.push((m, tb, t0.elapsed().as_secs_f64()));
            }
        }
        let tb = tables.iter().find(|t| t.0 == m);
        if let Some(t) = tb {
            tb_secs = t.2;
        }
        let t0 = Instant::now();
        let r = solve_exact(
            &g.rule,
            g.current(),
            &SearchLimits::default(),
            tb.map(|t| &t.1),
            None,
        )
        .expect("solve");
        let secs = t0.elapsed().as_secs_f64();
        let margin = r.margin.unwrap_or(i64::MIN);
        let agree = if margin_known {
            margin == want
        } else {
            margin.signum() == want
        };
        if !agree {
            bad += 1;
        }
        println!(
            "({m},{n})    {:<6}  {:>6}  {:>9}  {:<5}  {:<11}  {secs:>7.2}  ({tb_secs:.2})",
            r.result.unwrap_or("?"),
            margin,
            if margin_known {
                format!("{want:+}")
            } else {
                ["L", "D", "W"][(want + 1) as usize].to_string()
            },
            if agree { "yes" } else { "NO" },
            r.stats.nodes,
        );
    }
    if bad > 0 {
        eprintln!("{bad} cells disagree with the published table");
        std::process::exit(1);
    }
}
