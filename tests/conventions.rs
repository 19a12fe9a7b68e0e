//! The command line's conventions: one colour policy (NO_COLOR, CLICOLOR_FORCE, TERM=dumb,
//! `--color`) for pictures and help, shell completions that know the commands and the rule names,
//! and the manual page.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::process::{Command, Output};

mod common;
use common::scratch;

/// Runs sowlab on the repository's rules with a clean colour environment plus `env`.
fn sowlab_env(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"));
    c.arg("--rules").arg(common::rules_dir()).args(args);
    for k in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM", "CI"] {
        c.env_remove(k);
    }
    c.envs(env.iter().copied());
    c.output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const ESC: &str = "\x1b[";

#[test]
fn pictures_follow_the_colour_policy() {
    let replay = ["replay", "kalah", "--moves", "3"];
    let coloured = |env: &[(&str, &str)], extra: &[&str]| {
        let args: Vec<&str> = replay.iter().chain(extra).copied().collect();
        let o = sowlab_env(env, &args);
        assert!(o.status.success(), "{o:?}");
        stdout(&o).contains(ESC)
    };
    // Into a pipe: plain, whatever TERM says.
    assert!(!coloured(&[], &[]));
    assert!(!coloured(&[("TERM", "xterm-256color")], &[]));
    // Forced by the environment or the flag.
    assert!(coloured(&[("CLICOLOR_FORCE", "1")], &[]));
    assert!(coloured(&[], &["--color", "always"]));
    assert!(coloured(&[("NO_COLOR", "1")], &["--color=always"]));
    // NO_COLOR beats CLICOLOR_FORCE; `never` beats everything.
    assert!(!coloured(
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
        &[]
    ));
    assert!(!coloured(&[("CLICOLOR_FORCE", "1")], &["--color", "never"]));
    // Colour changes nothing but the escapes.
    let plain = stdout(&sowlab_env(&[], &replay));
    let forced = stdout(&sowlab_env(&[("CLICOLOR_FORCE", "1")], &replay));
    assert_eq!(strip_escapes(&forced), plain);
}

#[test]
fn help_follows_the_same_policy() {
    let help = |env: &[(&str, &str)], args: &[&str]| {
        let o = sowlab_env(env, args);
        assert!(o.status.success(), "{o:?}");
        stdout(&o)
    };
    assert!(!help(&[], &["--help"]).contains(ESC));
    assert!(help(&[("CLICOLOR_FORCE", "1")], &["--help"]).contains(ESC));
    assert!(help(&[], &["--color", "always", "simulate", "--help"]).contains(ESC));
    assert!(!help(&[("CLICOLOR_FORCE", "1")], &["--color", "never", "--help"]).contains(ESC));
    assert!(!help(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], &["--help"]).contains(ESC));
    assert!(help(&[], &["--help"]).contains("--color <WHEN>"));
}

#[test]
fn a_bad_color_value_is_a_usage_error() {
    let o = sowlab_env(&[], &["--color", "sometimes", "rules"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("sometimes") && err.contains("always"), "{err}");
}

fn strip_escapes(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c == '\x1b' {
            for d in it.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn completions_name_every_command_and_the_rules() {
    let commands = [
        "rules",
        "replay",
        "solve",
        "perft",
        "run",
        "play",
        "simulate",
        "compare",
        "sweep",
        "diff",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = sowlab_env(&[], &["completions", shell]);
        assert!(o.status.success(), "{shell}: {o:?}");
        let s = stdout(&o);
        for c in commands {
            assert!(s.contains(c), "{shell}: no `{c}`");
        }
        assert!(s.contains("max-moves") && s.contains("color"), "{shell}");
        // Rule names complete RULE arguments where the shell's generator completes positional
        // values (those of fish, elvish and powershell complete options and commands only).
        if ["bash", "zsh"].contains(&shell) {
            for rule in ["tchuka_ruma", "kalah_6_6_empty", "raja_pasu"] {
                assert!(s.contains(rule), "{shell}: no rule `{rule}`");
            }
        }
    }
    let o = sowlab_env(&[], &["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn completion_rule_names_come_from_the_rules_directory() {
    let dir = scratch("completions");
    std::fs::copy(
        common::rules_dir().join("tchuka_ruma.rhai"),
        dir.join("my_variant.rhai"),
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(["completions", "bash", "--rules"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("my_variant"));
}

#[test]
fn the_man_page_describes_the_commands() {
    let o = sowlab_env(&[], &["man"]);
    assert!(o.status.success(), "{o:?}");
    let s = stdout(&o);
    assert!(s.contains(".TH sowlab 1"), "{}", &s[..200.min(s.len())]);
    for c in ["simulate", "compare", "sweep", "completions", "--color"] {
        assert!(s.contains(&c.replace('-', "\\-")), "man page: no `{c}`");
    }
    let o = sowlab_env(&[], &["man", "simulate"]);
    assert!(o.status.success(), "{o:?}");
    let s = stdout(&o);
    assert!(s.contains(".TH sowlab\\-simulate 1") || s.contains(".TH sowlab-simulate 1"));
    assert!(
        s.contains("\\-\\-games") && s.contains("\\-\\-agents"),
        "{s}"
    );
    let o = sowlab_env(&[], &["man", "simulat"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("did you mean `simulate`"), "{err}");
}
