//! One colour policy for everything sowlab prints in colour (the REPL, board pictures, `--help`):
//! the one clap applies to its help through `anstream`, so the three always agree.
//!
//! `--color always|never` wins. Under `--color auto` (the default): `NO_COLOR` (set, not empty)
//! turns colour off; otherwise `CLICOLOR_FORCE` (set, not `0`) turns it on even into a pipe;
//! otherwise `CLICOLOR=0` turns it off; otherwise the stream must be a terminal whose `TERM` is set
//! and not `dumb` (or `CLICOLOR` is set to something else than `0`, or `CI` is set).

use std::ffi::OsString;
use std::io::IsTerminal;
use std::sync::OnceLock;

pub use clap::ColorChoice;

/// The `--color` of this run (set once by [`crate::cli::main`]; `auto` until then).
static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Records the `--color` of this run.
pub fn set_choice(c: ColorChoice) {
    let _ = CHOICE.set(c);
}

/// The `--color` of this run.
pub fn choice() -> ColorChoice {
    CHOICE.get().copied().unwrap_or(ColorChoice::Auto)
}

/// The environment variables the policy reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColourEnv {
    /// `NO_COLOR` is set and not empty.
    pub no_color: bool,
    /// `CLICOLOR_FORCE` is set and not `0`.
    pub clicolor_force: bool,
    /// `CLICOLOR`: `Some(false)` when it is `0`, `Some(true)` for any other value.
    pub clicolor: Option<bool>,
    /// `TERM` is set and not `dumb`.
    pub term_supports_colour: bool,
    /// `CI` is set (CI logs show colour though they are not terminals).
    pub ci: bool,
}

impl ColourEnv {
    /// Reads the variables through `var` (the process environment in [`ColourEnv::from_env`]).
    pub fn from_lookup(var: impl Fn(&str) -> Option<OsString>) -> ColourEnv {
        ColourEnv {
            no_color: var("NO_COLOR").is_some_and(|v| !v.is_empty()),
            clicolor_force: var("CLICOLOR_FORCE").is_some_and(|v| v != "0"),
            clicolor: var("CLICOLOR").map(|v| v != "0"),
            term_supports_colour: var("TERM").is_some_and(|v| v != "dumb"),
            ci: var("CI").is_some(),
        }
    }

    /// The process environment.
    pub fn from_env() -> ColourEnv {
        ColourEnv::from_lookup(|k| std::env::var_os(k))
    }
}

/// Whether to write colour to a stream: the policy of this module.
pub fn decide(choice: ColorChoice, env: &ColourEnv, is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            if env.no_color {
                false
            } else if env.clicolor_force {
                true
            } else if env.clicolor == Some(false) {
                false
            } else {
                is_terminal && (env.term_supports_colour || env.clicolor == Some(true) || env.ci)
            }
        }
    }
}

/// Whether this run writes colour to stdout.
pub fn stdout() -> bool {
    decide(
        choice(),
        &ColourEnv::from_env(),
        std::io::stdout().is_terminal(),
    )
}

/// The `--color` given on a command line, read before clap parses it so that `--help` (printed
/// while parsing) follows it too. Stops at `--`; a missing or unknown value is `auto` here (clap
/// reports it afterwards).
pub fn prescan(args: &[OsString]) -> ColorChoice {
    let mut found = ColorChoice::Auto;
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let Some(a) = a.to_str() else { continue };
        if a == "--" {
            break;
        }
        let value = if a == "--color" {
            it.next().and_then(|v| v.to_str())
        } else if let Some(v) = a.strip_prefix("--color=") {
            Some(v)
        } else {
            continue;
        };
        found = match value {
            Some("always") => ColorChoice::Always,
            Some("never") => ColorChoice::Never,
            _ => ColorChoice::Auto,
        };
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> ColourEnv {
        ColourEnv::from_lookup(|k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| OsString::from(v))
        })
    }

    const AUTO: ColorChoice = ColorChoice::Auto;

    #[test]
    fn a_terminal_with_a_term_gets_colour_a_pipe_does_not() {
        let e = env(&[("TERM", "xterm-256color")]);
        assert!(decide(AUTO, &e, true));
        assert!(!decide(AUTO, &e, false));
        // No TERM, or a dumb one: no colour even on a terminal.
        assert!(!decide(AUTO, &env(&[]), true));
        assert!(!decide(AUTO, &env(&[("TERM", "dumb")]), true));
    }

    #[test]
    fn no_color_beats_everything_but_the_flag() {
        let e = env(&[
            ("TERM", "xterm"),
            ("NO_COLOR", "1"),
            ("CLICOLOR_FORCE", "1"),
        ]);
        assert!(!decide(AUTO, &e, true));
        assert!(decide(ColorChoice::Always, &e, false));
        // An empty NO_COLOR does not count (no-color.org).
        assert!(decide(
            AUTO,
            &env(&[("TERM", "xterm"), ("NO_COLOR", "")]),
            true
        ));
    }

    #[test]
    fn clicolor_force_colours_a_pipe_and_a_dumb_terminal() {
        assert!(decide(AUTO, &env(&[("CLICOLOR_FORCE", "1")]), false));
        assert!(decide(
            AUTO,
            &env(&[("CLICOLOR_FORCE", "yes"), ("TERM", "dumb")]),
            false
        ));
        assert!(!decide(AUTO, &env(&[("CLICOLOR_FORCE", "0")]), false));
        assert!(!decide(
            ColorChoice::Never,
            &env(&[("CLICOLOR_FORCE", "1")]),
            true
        ));
    }

    #[test]
    fn clicolor_zero_turns_colour_off_and_one_stands_for_term() {
        assert!(!decide(
            AUTO,
            &env(&[("TERM", "xterm"), ("CLICOLOR", "0")]),
            true
        ));
        assert!(decide(AUTO, &env(&[("CLICOLOR", "1")]), true));
        assert!(!decide(AUTO, &env(&[("CLICOLOR", "1")]), false));
        assert!(decide(AUTO, &env(&[("CI", "true")]), true));
    }

    #[test]
    fn the_flag_is_found_before_clap_parses() {
        let args = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(prescan(&args(&["sowlab", "--help"])), AUTO);
        assert_eq!(
            prescan(&args(&["sowlab", "--color", "never", "--help"])),
            ColorChoice::Never
        );
        assert_eq!(
            prescan(&args(&["sowlab", "rules", "--color=always"])),
            ColorChoice::Always
        );
        assert_eq!(prescan(&args(&["sowlab", "--color=bogus"])), AUTO);
        assert_eq!(
            prescan(&args(&[
                "sowlab", "run", "x.rhai", "--", "--color", "never"
            ])),
            AUTO
        );
    }
}
