//! The command line: `sowlab rules`, `sowlab replay`, ... Each command is a small function that
//! returns an exit code; errors are printed on one line (plus a source excerpt for scripts).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};

use crate::engine::game::{split_moves, Game, Position};
use crate::engine::rules::{self, Rule};
use crate::error::{Error, Result};
use crate::render::{self, Style};

pub mod compare;
pub mod diff;
pub mod experiment_args;
pub mod simulate;
pub mod sweep;

/// sowlab: play, step through and check mancala games whose rules are Rhai scripts.
#[derive(Parser, Debug)]
#[command(name = "sowlab", version, about, long_about = None, after_help = MAIN_EXAMPLES)]
pub struct Cli {
    /// Directory of rule files (default: $SOWLAB_RULES, ./rules, or the rules/ of the source tree).
    #[arg(long, global = true, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const MAIN_EXAMPLES: &str = "\
Examples:
  sowlab play                                      # the REPL on Tchuka Ruma (type `help` inside)
  sowlab rules kalah                               # a game's description and options
  sowlab replay tchuka_ruma --moves \"3 4\" --trace  # every seed of two moves
  sowlab solve tchuka_ruma --set seeds=6           # a shortest solution
  sowlab simulate kalah --agents greedy,random --games 200

A RULE is a rule name (tchuka_ruma), a preset name (tchuka_ruma_6) or a path to a .rhai/.yaml file.
`sowlab COMMAND --help` explains a command; rules/README.md explains how to write a rule file.";

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rule files and presets with their descriptions and options.
    #[command(
        after_help = "Examples:\n  sowlab rules\n  sowlab rules oware                   # one rule in full: sources and every option\n  sowlab rules tchuka_ruma_6           # a preset: what it sets\n  sowlab rules path/to/mine.rhai       # check that your own file loads"
    )]
    Rules(RulesArgs),
    /// Play moves from the start and print the final position.
    #[command(
        after_help = "Examples:\n  sowlab replay kalah --moves \"3 1\" --trace\n  sowlab replay tchuka_ruma --set seeds=6 --moves 1 --json\n  sowlab replay ruma --moves \"S1 E2\"            # rows named where a player owns two\n  sowlab replay kalah --position pos.yaml --moves 4"
    )]
    Replay(ReplayArgs),
    /// Solve a solitaire (shortest solution, positions) or value a small two-player position.
    #[command(
        after_help = "Examples:\n  sowlab solve tchuka_ruma                       # 2-2-2-2: a 6-move solution\n  sowlab solve tchuka_ruma --set holes=5 --set seeds=3 --json\n  sowlab solve tchoukaillon --set \"board=0 2 2 4\"\n  sowlab solve kalah --set holes=3 --set seeds=2 # two players: who wins"
    )]
    Solve(crate::search::solve::SolveArgs),
    /// Count move sequences by depth (perft).
    #[command(
        after_help = "Examples:\n  sowlab perft kalah --depth 4\n  sowlab perft tchuka_ruma --set seeds=6 --depth 8 --json"
    )]
    Perft(crate::search::solve::PerftArgs),
    /// Run a check script (asserts about games, solver calls); exit 1 on a failed assert.
    #[command(
        after_help = "Examples:\n  sowlab run scripts/tchuka_table.rhai\n  sowlab run --timeout 60 mycheck.rhai 6 8       # ARGS is [\"6\", \"8\"] in the script"
    )]
    Run(crate::check::RunArgs),
    /// Play interactively: step through moves, watch the sowing, reload edited rules (`help`
    /// inside lists the commands). Reads commands line by line when stdin is not a terminal.
    #[command(
        after_help = "Examples:\n  sowlab play                                    # Tchuka Ruma\n  sowlab play kalah --set seeds=3\n  sowlab play path/to/mine.rhai                  # edit the file, then `reload`\n  printf '3\\n4\\ntrace\\n' | sowlab play          # a transcript: exit 1 if a command failed"
    )]
    Play(PlayArgs),
    /// Play many games between agents and report wins, draws, losses, lengths and captures.
    #[command(
        after_help = "Examples:\n  sowlab simulate raja_pasu --games 1000\n  sowlab simulate kalah --agents greedy,random --games 200 --rotate\n  sowlab simulate oware --agents alphabeta:2,mcts:100 --games 50 --json"
    )]
    Simulate(crate::cli::simulate::SimulateArgs),
    /// Simulate two variants on the same seeds and agents, with the differences and their tests.
    #[command(
        after_help = "Examples:\n  sowlab compare raja_pasu raja_pasu --set-b last_seed_four=false --games 2000\n  sowlab compare kalah kalah_6_6_empty --agents greedy --games 500"
    )]
    Compare(crate::cli::compare::CompareArgs),
    /// Simulate every combination of some option values (a table).
    #[command(
        after_help = "Examples:\n  sowlab sweep ruma --vary players=2,3,4 --vary seeds=2,3,4 --games 200 --csv\n  sowlab sweep kalah --vary holes=3,4,5,6 --agents greedy,random --games 100"
    )]
    Sweep(crate::cli::sweep::SweepArgs),
    /// Replay the same moves under two rule files and show the first move where they differ (exit 1
    /// when they do).
    #[command(
        after_help = "Examples:\n  sowlab diff tchuka_ruma my_variant.rhai --moves \"3 2 1\"   # your edited copy\n  sowlab diff raja_pasu raja_pasu_last_seed_no_four --moves \"1 2 3 4\""
    )]
    Diff(crate::cli::diff::DiffArgs),
}

/// Which game, with which options: shared by the commands that load a rule.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A rule name from the rules directory, a preset name, or a path to a .rhai or .yaml file.
    pub rule: String,
    /// Set an option: KEY=VALUE (repeatable), e.g. --set holes=6.
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from a position file (YAML or JSON with `pits`, `stores`, `to_move`, ...).
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
}

/// Arguments of `sowlab rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Show only this rule or preset, in full.
    pub name: Option<String>,
}

/// Arguments of `sowlab replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game: rule, options and start position.
    #[command(flatten)]
    pub game: GameArgs,
    /// The moves, e.g. "3 4 1" (hole numbers from the mover's left; S3/N6 where rows are named).
    #[arg(long, short = 'm', default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Print the state JSON instead of a picture.
    #[arg(long)]
    pub json: bool,
    /// Print every move's events (with --json: as a JSON array per move).
    #[arg(long)]
    pub trace: bool,
}

/// Arguments of `sowlab play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// A rule name from the rules directory, a preset name, or a path to a .rhai or .yaml file.
    #[arg(default_value = "tchuka_ruma")]
    pub rule: String,
    /// Set an option: KEY=VALUE (repeatable), e.g. --set holes=6.
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from a position file (YAML or JSON with `pits`, `stores`, `to_move`, ...).
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let _ = ctrlc::set_handler(|| {
        crate::engine::script::INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            report(&e);
            1
        }
    }
}

/// Prints an error: `sowlab: <one line>`, then the source excerpt for script errors.
pub fn report(e: &Error) {
    eprintln!("sowlab: {}", e.one_line());
    if let Some(x) = e.excerpt() {
        eprintln!("{x}");
    }
}

fn run(cli: Cli) -> Result<i32> {
    let dir = rules::rules_dir(cli.rules.as_deref());
    match cli.command {
        Command::Rules(a) => cmd_rules(&dir, a),
        Command::Replay(a) => cmd_replay(&dir, a),
        Command::Solve(a) => crate::search::solve::cmd_solve(&dir, a),
        Command::Perft(a) => crate::search::solve::cmd_perft(&dir, a),
        Command::Run(a) => crate::check::cmd_run(&dir, a),
        Command::Play(a) => cmd_play(&dir, a),
        Command::Simulate(a) => crate::cli::simulate::cmd_simulate(&dir, a),
        Command::Compare(a) => crate::cli::compare::cmd_compare(&dir, a),
        Command::Sweep(a) => crate::cli::sweep::cmd_sweep(&dir, a),
        Command::Diff(a) => crate::cli::diff::cmd_diff(&dir, a),
    }
}

/// Loads the game that `args` names, with its options and start position.
pub fn load_game(dir: &std::path::Path, args: &GameArgs) -> Result<Game> {
    let rule = Arc::new(Rule::load(&args.rule, dir)?);
    let options = rule.resolve_options(&args.set)?;
    match &args.position {
        None => Game::new(rule, options),
        Some(f) => {
            let pos = read_position(f)?;
            Game::with_position(rule, options, &pos).map_err(|e| e.context(f.display()))
        }
    }
}

/// Reads a position file (YAML or JSON). The state JSON that `replay --json` prints is accepted
/// as it is: its `over: false` and `winner: null` say nothing a start position needs; a finished
/// position (`over: true`) is refused, since no move can follow it.
pub fn read_position(f: &std::path::Path) -> Result<Position> {
    let text = std::fs::read_to_string(f)
        .map_err(|e| Error::msg(format!("cannot read position file {}: {e}", f.display())))?;
    let fail = |m: String| Error::msg(format!("{}: {m}", f.display()));
    let mut v: serde_yaml::Value =
        serde_yaml::from_str(&text).map_err(|e| fail(rules::one_line(&e)))?;
    if let Some(m) = v.as_mapping_mut() {
        if m.get("over").and_then(serde_yaml::Value::as_bool) == Some(true) {
            return Err(fail(
                "the position is a finished game (`over: true`): no move can follow it".into(),
            ));
        }
        let unset = |x: Option<&serde_yaml::Value>| {
            x.is_none_or(|x| x.is_null() || x.as_bool() == Some(false))
        };
        if unset(m.get("over")) && unset(m.get("winner")) {
            m.remove("over");
            m.remove("winner");
        }
    }
    serde_yaml::from_value(v).map_err(|e| fail(rules::one_line(&e)))
}

fn cmd_play(dir: &std::path::Path, a: PlayArgs) -> Result<i32> {
    let start = match &a.position {
        None => None,
        Some(f) => Some(read_position(f)?),
    };
    let session =
        crate::repl::Session::new(dir, &a.rule, &a.set, start).map_err(|e| match &a.position {
            Some(f) if e.one_line().starts_with("position:") => e.context(f.display()),
            _ => e,
        })?;
    Ok(crate::repl::shell::run(session))
}

fn cmd_rules(dir: &std::path::Path, a: RulesArgs) -> Result<i32> {
    let mut out = std::io::stdout().lock();
    let names = match &a.name {
        Some(n) => vec![n.clone()],
        None => rules::names(dir),
    };
    if names.is_empty() {
        return Err(Error::msg(format!("no rule files in {}", dir.display())));
    }
    let mut failed = false;
    for n in names {
        match Rule::load(&n, dir) {
            Ok(r) => {
                let _ = writeln!(out, "{}", describe_rule(&r, a.name.is_some()));
            }
            // Asked for one rule: its error is the command's error (one line on stderr).
            Err(e) if a.name.is_some() => return Err(e),
            Err(e) => {
                failed = true;
                let _ = writeln!(out, "{n}: ERROR {}\n", e.one_line());
            }
        }
    }
    Ok(if failed { 1 } else { 0 })
}

/// A rule's listing: name, players, description, options with defaults and allowed values.
pub fn describe_rule(r: &Rule, full: bool) -> String {
    let mut s = String::new();
    let title = match &r.preset {
        Some((name, p)) => format!(
            "{name}  (preset of {}{}{})",
            p.rule,
            if p.description.is_empty() { "" } else { ": " },
            p.description
        ),
        None => format!(
            "{}  ({}, {} player{})",
            r.name,
            r.meta.name,
            r.meta.players,
            if r.meta.players == "1" { "" } else { "s" }
        ),
    };
    s.push_str(&title);
    s.push('\n');
    if r.preset.is_none() || full {
        if !r.meta.description.is_empty() {
            let desc = if full {
                r.meta.description.clone()
            } else {
                first_sentence(&r.meta.description)
            };
            s.push_str(&format!("    {desc}\n"));
        }
        if full && !r.meta.sources.is_empty() {
            s.push_str(&format!("    sources: {}\n", r.meta.sources.join("; ")));
        }
    }
    if full {
        s.push_str(&describe_move(r));
    }
    for o in &r.options {
        let value = r
            .preset_options
            .get(&o.name)
            .map(|v| format!("{v} (preset; default {})", o.default))
            .unwrap_or_else(|| o.default.to_string());
        if r.preset.is_some() && !full && !r.preset_options.contains_key(&o.name) {
            continue;
        }
        s.push_str(&format!(
            "    --set {}={}  [{}]{}{}\n",
            o.name,
            value,
            o.allowed(),
            if o.help.is_empty() { "" } else { "  " },
            o.help
        ));
    }
    s
}

/// The declared move of a rule with its default options (preset included), in words: empty for a
/// rule that plays every move by its own `play(pit)`.
fn describe_move(r: &Rule) -> String {
    let Ok(opts) = r.resolve_options::<&str>(&[]) else {
        return String::new();
    };
    let Ok(d) = r.new_board(&opts) else {
        return String::new();
    };
    let b = rules::board(&d);
    let mut s = String::new();
    if let Some(p) = b.layout.pipeline.as_deref() {
        s.push_str(if r.has_play {
            "    declared move (its play(pit) is called instead; default options):\n"
        } else {
            "    declared move (played natively; default options):\n"
        });
        s.push_str(&format!("      sowing: {}\n", b.layout.sow.describe()));
        for line in p.describe() {
            s.push_str(&format!("      {line}\n"));
        }
    }
    s
}

fn first_sentence(s: &str) -> String {
    match s.find(". ") {
        Some(i) => s[..=i].to_string(),
        None => s.to_string(),
    }
}

fn cmd_replay(dir: &std::path::Path, a: ReplayArgs) -> Result<i32> {
    let mut g = load_game(dir, &a.game)?;
    g.tracing = a.trace;
    let moves = split_moves(&a.moves);
    let result = g.play_all(&moves);
    let mut out = std::io::stdout().lock();
    if let Err(e) = result {
        report(&e);
        return Ok(1);
    }
    if a.json {
        if a.trace {
            let traces: Vec<serde_json::Value> = g
                .history
                .iter()
                .map(|p| {
                    let b = rules::board(&p.after);
                    serde_json::json!({
                        "move": p.label,
                        "player": p.player,
                        "events": p.events.iter().map(|e| e.view(&b.layout)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let v = serde_json::json!({ "trace": traces, "state": g.state() });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&v).unwrap_or_default()
            );
        } else {
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string(&g.state()).unwrap_or_default()
            );
        }
        return Ok(0);
    }
    if a.trace {
        for p in &g.history {
            let b = rules::board(&p.after);
            let _ = writeln!(out, "move {} (player {}):", p.label, p.player);
            for e in &p.events {
                let _ = writeln!(out, "  {}", e.describe(&b.layout));
            }
        }
    }
    let _ = write!(out, "{}", render::picture(&g.board(), Style::default()));
    Ok(0)
}
