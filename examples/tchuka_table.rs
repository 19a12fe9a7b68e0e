//! For which starts is Tchuka Ruma solvable? A small table through the library API.
//!
//! `cargo run --example tchuka_table` (run from the source tree, so `./rules` is found).

use std::sync::Arc;

fn main() -> sowlab::Result<()> {
    let rule = Arc::new(sowlab::Rule::load(
        "tchuka_ruma",
        sowlab::RulePath::builtin(),
    )?);
    println!("holes\\seeds  1 2 3 4 5");
    for holes in 1..=5 {
        let mut row = format!("{holes:>11} ");
        for seeds in 1..=5 {
            let options =
                rule.resolve_options(&[format!("holes={holes}"), format!("seeds={seeds}")])?;
            let game = sowlab::Game::new(rule.clone(), options)?;
            let s = sowlab::solve(
                &rule,
                game.current(),
                &sowlab::SearchLimits::default(),
                None,
            )?;
            row.push_str(if s.solvable == Some(true) { " y" } else { " ." });
        }
        println!("{row}");
    }
    Ok(())
}
