//! The command line: `sowlab rules`, `sowlab replay`, ... Each command is a small function that
//! returns an exit code; errors are printed on one line (plus a source excerpt for scripts).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::engine::rule::library::RulePath;
use crate::error::{Error, Result};

pub mod args;
pub mod colour;
pub mod compare;
pub mod completions;
pub mod diff;
pub mod exact;
pub mod experiment_args;
pub mod import;
pub mod man;
pub mod merge;
pub mod play;
pub mod progress;
pub mod replay;
pub mod rules;
pub mod run;
pub mod search_report;
pub mod serve;
pub mod simulate;
pub mod solve;
pub mod sweep;
pub mod tablebase;
pub mod version;

pub use args::{load_game, read_position, GameArgs};

/// sowlab: play, step through and check mancala games whose rules are Rhai scripts.
#[derive(Parser, Debug)]
#[command(name = "sowlab", version = version::LONG_VERSION, about, long_about = None, after_help = MAIN_EXAMPLES)]
pub struct Cli {
    /// A folder of rule files, searched before the others (repeatable; the first wins). Then
    /// come $SOWLAB_RULES (a `:`-separated path list), the user's folder (see `sowlab rules`),
    /// ./rules when it exists, and the built-in rules.
    #[arg(long, global = true, value_name = "DIR")]
    pub rules: Vec<PathBuf>,
    /// Colour in pictures, the REPL and help: auto (on a terminal, unless NO_COLOR is set or
    /// TERM=dumb; CLICOLOR_FORCE forces it), always or never.
    #[arg(long, global = true, value_name = "WHEN", default_value_t = colour::ColorChoice::Auto)]
    pub color: colour::ColorChoice,
    /// Progress of simulate, compare, sweep, solve and perft on stderr: auto (a bar on a
    /// terminal, nothing otherwise), lines (plain `sowlab: progress: ...` lines, for logs and
    /// programs: one when the work starts, then at most one a second) or none.
    #[arg(long, global = true, value_name = "WHEN", default_value_t = progress::ProgressMode::Auto)]
    pub progress: progress::ProgressMode,
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

A RULE is a rule name (tchuka_ruma), a preset name (tchuka_ruma_6) or a path to a .rhai/.yaml file
(or to a MancalaGames game file, .txt).
`sowlab COMMAND --help` explains a command; rules/README.md explains how to write a rule file.";

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rule files and presets with their descriptions and options.
    #[command(
        after_help = "Examples:\n  sowlab rules\n  sowlab rules oware                   # one rule in full: sources and every option\n  sowlab rules tchuka_ruma_6           # a preset: what it sets\n  sowlab rules path/to/mine.rhai       # check that your own file loads"
    )]
    Rules(rules::RulesArgs),
    /// Translate other programs' rule files into sowlab rules (MancalaGames' game files).
    #[command(
        after_help = "Examples:\n  sowlab import mancalagames ~/MancalaGames/GameProps --out my_rules\n  sowlab import mancalagames Kalah.txt --out my_rules\n\nA game file also works directly as a RULE: sowlab play Kalah.txt"
    )]
    Import(import::ImportArgs),
    /// Play moves from the start and print the final position.
    #[command(
        after_help = "Examples:\n  sowlab replay kalah --moves \"3 1\" --trace\n  sowlab replay tchuka_ruma --set seeds=6 --moves 1 --json\n  sowlab replay ruma --moves \"S1 E2\"            # rows named where a player owns two\n  sowlab replay kalah --position pos.yaml --moves 4"
    )]
    Replay(replay::ReplayArgs),
    /// Solve a solitaire (shortest solution, positions) or a two-player game (who wins, by how
    /// many seeds, and a principal variation).
    #[command(
        after_help = "Examples:\n  sowlab solve tchuka_ruma                       # 2-2-2-2: a 6-move solution\n  sowlab solve tchuka_ruma --set holes=5 --set seeds=3 --json\n  sowlab solve tchuka_ruma --vary holes=1..8 --vary seeds=1..8   # for which sizes is it solvable?\n  sowlab solve tchoukaillon --set \"board=0 2 2 4\"\n  sowlab solve kalah --set holes=3 --set seeds=2 # two players: who wins, by how much\n  sowlab solve kalah --set holes=4 --set seeds=3 --set empty_capture=true --json\n  sowlab solve kalah --time 300 --tablebase tb/kalah   # a longer budget, tablebases\n  sowlab solve oware --depth 10                  # win/draw/loss within 10 moves only\n\nTwo players: MTD(f) over the final margin (stores plus reserves) with a transposition table\nthat grows up to --max-memory; when a limit stops it, bounds on the margin (lower, upper).\n\nExit status: 0 the answer is known; 3 it is out of reach (a limit stopped the search: --time,\n--max-nodes, --max-positions, --max-memory; or a two-player game goes on past --depth); 130\nCtrl-C (partial figures printed); 1 an error."
    )]
    Solve(solve::SolveArgs),
    /// Count move sequences by depth (perft).
    #[command(
        after_help = "Examples:\n  sowlab perft kalah --depth 4\n  sowlab perft tchuka_ruma --set seeds=6 --depth 8 --json\n\nExit status: 0 complete; 3 stopped by --max-nodes (partial counts); 130 Ctrl-C; 1 an error."
    )]
    Perft(solve::PerftArgs),
    /// Build tablebases: the exact value of every position with few seeds in play, for rules
    /// whose captured seeds never come back (probed by `solve --tablebase DIR`).
    #[command(
        after_help = "Examples:\n  sowlab tablebase build kalah --set empty_capture=true --seeds 16 --out tb/kalah-ec\n  sowlab tablebase build kalah --set holes=5 --seeds 18 --out tb/kalah-5 --jobs 2\n\nThen `sowlab solve kalah --set empty_capture=true --tablebase tb/kalah-ec` probes them.\n\nExit status: 0 built; 130 Ctrl-C (the finished layers are kept: the next build goes on from them);\n1 an error (among them: a rule to which tablebases do not apply)."
    )]
    Tablebase(tablebase::TablebaseArgs),
    /// Run a check script (asserts about games, solver calls); exit 1 on a failed assert.
    #[command(
        after_help = "Examples:\n  sowlab run scripts/tchuka_table.rhai\n  sowlab run --timeout 60 mycheck.rhai 6 8       # ARGS is [\"6\", \"8\"] in the script"
    )]
    Run(run::RunArgs),
    /// Play interactively: step through moves, watch the sowing, reload edited rules (`help`
    /// inside lists the commands). Reads commands line by line when stdin is not a terminal.
    #[command(
        after_help = "Examples:\n  sowlab play                                    # Tchuka Ruma\n  sowlab play kalah --set seeds=3\n  sowlab play path/to/mine.rhai                  # edit the file, then `reload`\n  printf '3\\n4\\ntrace\\n' | sowlab play          # a transcript: exit 1 if a command failed"
    )]
    Play(play::PlayArgs),
    /// Play many games between agents and report wins, draws, losses, lengths and captures.
    #[command(
        after_help = "Examples:\n  sowlab simulate raja_pasu --games 1000\n  sowlab simulate kalah --agents greedy,random --games 200 --rotate\n  sowlab simulate oware --agents alphabeta:2,mcts:100 --games 50 --json"
    )]
    Simulate(simulate::SimulateArgs),
    /// Simulate two variants on the same seeds and agents, with the differences and their tests.
    #[command(
        after_help = "Examples:\n  sowlab compare raja_pasu raja_pasu --set-b last_seed_four=false --games 2000\n  sowlab compare kalah kalah_6_6_empty --agents greedy --games 500"
    )]
    Compare(compare::CompareArgs),
    /// Simulate every combination of some option values (a table).
    #[command(
        after_help = "Examples:\n  sowlab sweep ruma --vary players=2..4 --vary seeds=2,3,4 --games 200 --csv\n  sowlab sweep kalah --vary holes=3,4,5,6 --agents greedy,random --games 100"
    )]
    Sweep(sweep::SweepArgs),
    /// Replay the same moves under two rule files and show the first move where they differ (exit 1
    /// when they do).
    #[command(
        after_help = "Examples:\n  sowlab diff tchuka_ruma my_variant.rhai --moves \"3 2 1\"   # your edited copy\n  sowlab diff raja_pasu raja_pasu_last_seed_no_four --moves \"1 2 3 4\""
    )]
    Diff(diff::DiffArgs),
    /// Join the parts of a run (`--shard K/N` or `--range A..B` JSON reports of simulate, compare
    /// or sweep) into the report of the whole run.
    #[command(
        after_help = "Examples:\n  sowlab merge p1.json p2.json p3.json       # parts: sowlab simulate kalah --games 3000 --shard K/3 --json\n  sowlab merge --csv sweep1.json sweep2.json\n  sowlab merge --partial p1.json p2.json     # a bigger part, to merge with the others later"
    )]
    Merge(merge::MergeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell); the rule names of the
    /// rules directory complete RULE arguments.
    #[command(
        after_help = "Examples:\n  sowlab completions bash > ~/.local/share/bash-completion/completions/sowlab\n  sowlab completions zsh > ~/.zfunc/_sowlab      # a folder on your $fpath\n  sowlab completions fish > ~/.config/fish/completions/sowlab.fish\n\nRun it again after adding rule files, so that their names complete."
    )]
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), of sowlab or of one command.
    #[command(
        after_help = "Examples:\n  sowlab man > sowlab.1                          # then read it: man -l sowlab.1\n  sowlab man simulate > sowlab-simulate.1\n  sowlab man > ~/.local/share/man/man1/sowlab.1  # where `man sowlab` finds it"
    )]
    Man(man::ManArgs),
    /// A web playground on 127.0.0.1: click holes to play, watch laps, edit and reload rules.
    #[command(
        after_help = "Examples:\n  sowlab serve                                   # http://127.0.0.1:8080/\n  sowlab serve --port 0                          # any free port (the URL is printed)\n  sowlab serve --user-rules ./my_rules           # where edited rules are saved"
    )]
    Serve(serve::ServeArgs),
    /// Print the version, the git commit it was built from and its date (`--json` for tools).
    #[command(
        after_help = "Examples:\n  sowlab version                                 # sowlab 0.1.0 (b7e715b 2026-11-30)\n  sowlab version --json"
    )]
    Version(version::VersionArgs),
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let choice = colour::prescan(&args);
    let parsed = Cli::command()
        .color(choice)
        .try_get_matches_from(&args)
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    colour::set_choice(cli.color);
    progress::set_mode(cli.progress);
    let _ = ctrlc::set_handler(on_interrupt);
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            report(&e);
            1
        }
    }
}

/// The error of files written after a report was printed (its plot, its games): the first,
/// with a word that the report above is whole, or none.
pub fn after_report(failed: Vec<crate::error::Error>) -> Option<crate::error::Error> {
    let first = failed.into_iter().next()?;
    Some(crate::error::Error::msg(format!(
        "{} (the report above is complete)",
        first.one_line()
    )))
}

/// Writes a file (a picture or a plot), naming it in the error when that fails.
pub fn write_file(path: &std::path::Path, text: &str) -> Result<()> {
    crate::engine::base::files::write_replacing(path, text.as_bytes(), "write")
}

/// Whether a second Ctrl-C leaves at once (set by the commands that stop with a report).
static LEAVE_ON_SECOND: AtomicBool = AtomicBool::new(false);

/// Makes a second Ctrl-C leave at once with status 130, without waiting for the report (the
/// first asks the run to stop and report what it finished). For simulate, compare, sweep, solve
/// and perft; the REPL keeps the default, where Ctrl-C only stops the command in progress.
pub fn leave_on_second_interrupt() {
    LEAVE_ON_SECOND.store(true, Ordering::SeqCst);
}

fn on_interrupt() {
    let again = crate::engine::script::primitives::INTERRUPTED.swap(true, Ordering::SeqCst);
    if again && LEAVE_ON_SECOND.load(Ordering::SeqCst) {
        use std::io::IsTerminal;
        // Wipe a progress line before the message.
        let wipe = if std::io::stderr().is_terminal() {
            "\r\x1b[K"
        } else {
            ""
        };
        eprintln!("{wipe}sowlab: interrupted again: leaving without a report");
        std::process::exit(130);
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
    for d in &cli.rules {
        if !d.is_dir() {
            return Err(Error::msg(format!("--rules {}: not a folder", d.display())));
        }
    }
    let dir = RulePath::standard(&cli.rules);
    let dir = &dir;
    match cli.command {
        Command::Rules(a) => rules::cmd_rules(dir, a),
        Command::Import(a) => import::cmd_import(a),
        Command::Replay(a) => replay::cmd_replay(dir, a),
        Command::Solve(a) => solve::cmd_solve(dir, a),
        Command::Perft(a) => solve::cmd_perft(dir, a),
        Command::Tablebase(a) => tablebase::cmd_tablebase(dir, a),
        Command::Run(a) => run::cmd_run(dir, a),
        Command::Play(a) => play::cmd_play(dir, a),
        Command::Simulate(a) => simulate::cmd_simulate(dir, a),
        Command::Compare(a) => compare::cmd_compare(dir, a),
        Command::Sweep(a) => sweep::cmd_sweep(dir, a),
        Command::Diff(a) => diff::cmd_diff(dir, a),
        Command::Merge(a) => merge::cmd_merge(dir, a),
        Command::Serve(a) => serve::cmd_serve(dir, a),
        Command::Completions(a) => completions::cmd_completions(dir, a),
        Command::Man(a) => man::cmd_man(a),
        Command::Version(a) => version::cmd_version(a),
    }
}
