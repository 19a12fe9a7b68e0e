//! `sowlab completions SHELL`: a completion script for the shell, made by `clap_complete` from
//! the command definitions, with the rule and preset names on the rules path (built in and on disk) offered for
//! every RULE argument.

use clap::builder::PossibleValuesParser;
use clap::{Args, Command, CommandFactory};
use clap_complete::Shell;

use crate::cli::Cli;
use crate::engine::rule::library::RulePath;
use crate::error::Result;

/// Arguments of `sowlab completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

/// The arguments that name a rule (a rule, preset or path).
const RULE_ARGS: [&str; 4] = ["rule", "rule_a", "rule_b", "name"];

/// The command tree with `names` as the values of every rule argument. Only for writing completion
/// scripts: these values are suggestions, the real parser still takes any path.
pub fn command_with_rules(names: &[String]) -> Command {
    fn walk(cmd: Command, names: &[String]) -> Command {
        let ids: Vec<String> = cmd
            .get_arguments()
            .filter(|a| a.is_positional() && RULE_ARGS.contains(&a.get_id().as_str()))
            .map(|a| a.get_id().to_string())
            .collect();
        let mut cmd = cmd;
        for id in ids {
            let names = names.to_vec();
            cmd = cmd.mut_arg(id, |a| a.value_parser(PossibleValuesParser::new(names)));
        }
        let subs: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        for s in subs {
            cmd = cmd.mut_subcommand(s, |c| walk(c, names));
        }
        cmd
    }
    walk(Cli::command(), names)
}

/// Writes the completion script of `shell` to `out`.
pub fn write(shell: Shell, names: &[String], out: &mut dyn std::io::Write) {
    let mut cmd = command_with_rules(names);
    clap_complete::generate(shell, &mut cmd, "sowlab", out);
}

/// `sowlab completions`.
pub fn cmd_completions(dir: &RulePath, a: CompletionsArgs) -> Result<i32> {
    let names = dir.names();
    let mut buf = Vec::new();
    write(a.shell, &names, &mut buf);
    crate::cli::experiment_args::print(&String::from_utf8_lossy(&buf))?;
    Ok(0)
}
