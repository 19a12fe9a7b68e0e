//! Plays Kalah between a greedy and a random agent and prints the win rates.
//!
//! `cargo run --release --example random_games` (run from the source tree).

fn main() -> sowlab::Result<()> {
    let rule = sowlab::Rule::load("kalah", sowlab::RulePath::builtin())?;
    let options = rule.resolve_options::<&str>(&[])?;
    let config = sowlab::SimConfig {
        games: 200,
        agents: sowlab::Agent::parse_list("greedy,random")?,
        ..sowlab::SimConfig::default()
    };
    let report = sowlab::simulate(&rule, &options, &config)?;
    println!("{}", report.text());
    Ok(())
}
