//! `sowlab man [COMMAND]`: the manual page in roff, made by `clap_mangen` from the command
//! definitions (so it says what `--help` says).

use clap::{Args, CommandFactory};

use crate::cli::Cli;
use crate::error::{Error, Result};

/// Arguments of `sowlab man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// A command: its own page (sowlab-COMMAND(1)) instead of sowlab(1).
    pub command: Option<String>,
}

/// The page of sowlab, or of one of its commands (`None` for an unknown command).
pub fn page(command: Option<&str>) -> Option<Vec<u8>> {
    let mut root = Cli::command();
    root.build();
    let cmd = match command {
        None => root,
        Some(name) => {
            let sub = root.find_subcommand(name)?.clone();
            let name = format!("sowlab-{}", sub.get_name());
            sub.name(name.clone())
                .version(env!("CARGO_PKG_VERSION"))
                .display_name(name)
                .bin_name(format!("sowlab {}", command?))
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out).ok()?;
    Some(out)
}

/// `sowlab man`.
pub fn cmd_man(a: ManArgs) -> Result<i32> {
    let Some(p) = page(a.command.as_deref()) else {
        let known: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        let c = a.command.unwrap_or_default();
        return Err(Error::msg(format!(
            "man: no command `{}`{}",
            crate::engine::game::game::clip(&c),
            match crate::error::closest(&c, &known) {
                Some(n) => format!("; did you mean `{n}`?"),
                None => format!(" (the commands: {})", known.join(", ")),
            }
        )));
    };
    crate::cli::experiment_args::print(&String::from_utf8_lossy(&p))?;
    Ok(0)
}
