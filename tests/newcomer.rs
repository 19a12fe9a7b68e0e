//! What a newcomer meets first: the `--help` texts and the example commands of README.md and
//! rules/README.md. Every example command must parse with the real command line (so the docs
//! cannot drift from the flags), every help text has examples, and the first wrong inputs a
//! newcomer types get one line on stderr and a non-zero exit.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;
use common::scratch;

use std::path::Path;
use std::process::Output;

use clap::{CommandFactory, Parser};
use sowlab::cli::Cli;

use common::*;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Splits a shell command line into words: single and double quotes, `\"` inside double quotes,
/// and a `#` comment after a space. Enough for the documentation's examples.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' if !in_word => break,
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(e);
                            }
                        }
                        _ => cur.push(d),
                    }
                }
            }
            _ => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

/// The sowlab arguments of an example line (`sowlab ...`, `cargo run [--release] -- ...`, or the
/// last stage of a pipeline into `sowlab`, without an output redirection), or None when the line runs something else.
fn example_args(line: &str) -> Option<Vec<String>> {
    let stage = line.rsplit('|').next()?.trim();
    let mut words = shell_words(stage);
    // An output redirection (`> file`) is the shell's, not sowlab's.
    if let Some(r) = words.iter().position(|w| w.starts_with('>')) {
        words.truncate(r);
    }
    if words.first().map(String::as_str) == Some("sowlab") {
        return Some(words[1..].to_vec());
    }
    if words.len() >= 2 && words[0] == "cargo" && words[1] == "run" {
        let dash = words.iter().position(|w| w == "--")?;
        return Some(words[dash + 1..].to_vec());
    }
    None
}

/// Checks that an example parses and that the rule it names exists (placeholders such as
/// `my_variant.rhai` or `path/to/mine.rhai` are files of the reader's, not checked).
fn check_example(origin: &str, line: &str, args: &[String]) {
    let mut argv = vec!["sowlab".to_string()];
    argv.extend(args.iter().cloned());
    let cli = Cli::try_parse_from(&argv)
        .unwrap_or_else(|e| panic!("{origin}: `{line}` does not parse: {e}"));
    let rules: Vec<String> = match &cli.command {
        sowlab::cli::Command::Replay(a) => vec![a.game.rule.clone()],
        sowlab::cli::Command::Solve(a) => vec![a.game.rule.clone()],
        sowlab::cli::Command::Perft(a) => vec![a.game.rule.clone()],
        sowlab::cli::Command::Play(a) => vec![a.rule.clone()],
        sowlab::cli::Command::Rules(a) => a.name.iter().cloned().collect(),
        sowlab::cli::Command::Run(a) => {
            // Everything after the script is the script's: a sowlab option there is swallowed.
            assert!(
                !a.args().iter().any(|x| x.starts_with("--")),
                "{origin}: `{line}`: {:?} go to the script's ARGS, not to sowlab",
                a.args()
            );
            Vec::new()
        }
        _ => Vec::new(),
    };
    for r in rules {
        if r.contains('/') || r.ends_with(".rhai") || r.ends_with(".yaml") {
            continue;
        }
        let known = sowlab::rule_names(&rules_dir()).contains(&r)
            || (r == "little_kalah" && origin.contains("rules/README.md"));
        assert!(
            known,
            "{origin}: `{line}` names rule `{r}`, which does not exist"
        );
    }
}

#[test]
fn every_help_text_has_examples_that_parse() {
    let mut cmd = Cli::command();
    cmd.build();
    let mut texts = vec![("sowlab".to_string(), cmd.render_long_help().to_string())];
    for sub in cmd.get_subcommands_mut() {
        let name = sub.get_name().to_string();
        if name == "help" {
            continue;
        }
        texts.push((name, sub.render_long_help().to_string()));
    }
    assert_eq!(texts.len(), 18, "the top level and seventeen subcommands");
    for (name, text) in texts {
        let ex = text
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("`sowlab {name} --help` has no examples"));
        let mut n = 0;
        for line in ex.lines().take_while(|l| l.starts_with("  ")) {
            let args = example_args(line)
                .unwrap_or_else(|| panic!("{name} --help: `{line}` is not a sowlab command"));
            if name != "sowlab" {
                assert_eq!(args.first(), Some(&name), "{name} --help: `{line}`");
            }
            check_example(&format!("{name} --help"), line, &args);
            n += 1;
        }
        assert!(n >= 1, "`sowlab {name} --help`: no example lines");
    }
}

/// The example commands of a Markdown file: the lines of its `sh` code blocks.
fn markdown_examples(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut in_sh = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("```") {
            // A fence is alone on its line (text after a closing fence is swallowed by renderers).
            assert!(
                in_sh || !rest.contains(' '),
                "{}:{}: text after a code fence: `{line}`",
                path.display(),
                i + 1
            );
            if in_sh {
                assert!(
                    rest.is_empty(),
                    "{}:{}: text after a closing fence: `{line}`",
                    path.display(),
                    i + 1
                );
                in_sh = false;
            } else {
                in_sh = rest == "sh";
            }
            continue;
        }
        if in_sh && !t.is_empty() {
            out.push(t.to_string());
        }
    }
    out
}

#[test]
fn readme_examples_parse_and_name_real_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for doc in ["README.md", "rules/README.md"] {
        let lines = markdown_examples(&root.join(doc));
        let mut checked = 0;
        for line in &lines {
            // `cargo test` and the like are not sowlab commands.
            let Some(args) = example_args(line) else {
                continue;
            };
            check_example(doc, line, &args);
            checked += 1;
        }
        assert!(checked >= 3, "{doc}: only {checked} example commands found");
    }
}

#[test]
fn asking_for_one_unknown_rule_is_one_line_on_stderr() {
    let out = sowlab(&["rules", "tchuka_rum"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = stderr(&out);
    assert!(
        err.starts_with("sowlab: unknown rule `tchuka_rum`; did you mean `tchuka_ruma`? (rules: "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_missing_position_file_is_named_as_such() {
    for cmd in ["replay", "play"] {
        let out = sowlab(&[cmd, "tchuka_ruma", "--position", "/no/such/pos.yaml"]);
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let err = stderr(&out);
        assert!(
            err.starts_with("sowlab: cannot read position file /no/such/pos.yaml: "),
            "{cmd}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
    }
}

#[test]
fn shell_words_splits_like_a_shell() {
    assert_eq!(
        shell_words(r#"sowlab solve --set "board=0 2 2 4" x   # comment"#),
        ["sowlab", "solve", "--set", "board=0 2 2 4", "x"]
    );
    assert_eq!(
        example_args(r"printf '3\n4\n' | sowlab play"),
        Some(vec!["play".to_string()])
    );
    assert_eq!(
        example_args("cargo run --release -- solve tchuka_ruma"),
        Some(vec!["solve".to_string(), "tchuka_ruma".to_string()])
    );
    assert_eq!(example_args("cargo test"), None);
}

#[test]
fn a_hand_written_save_without_the_version_line_says_what_is_missing() {
    let e = sowlab::repl::save::restore(b"rule: tchuka_ruma\nmoves: ['3']\n", &rules_dir(), None)
        .err()
        .expect("refused");
    assert_eq!(
        e.one_line(),
        "not a save file: it has no `sowlab: 1` line (a file written by `save` starts with it)"
    );
    // Other missing fields keep serde's own words.
    let e = sowlab::repl::save::restore(b"sowlab: 1\nrule: tchuka_ruma\n", &rules_dir(), None)
        .err()
        .expect("refused");
    assert!(
        e.one_line()
            .starts_with("not a save file: missing field `final`"),
        "{}",
        e.one_line()
    );
}

/// rules/README.md section 10, as a reader does it: copy Tchuka Ruma, make the one edit the guide
/// names, and check what the guide says `diff` and `solve` show.
#[test]
fn the_guide_variant_behaves_as_the_guide_says() {
    let dir = scratch("newcomer");
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/README.md"))
            .unwrap();
    let (from, to) = (
        "if this.is_store(last) {",
        "if this.is_store(last) || this.pos(last) == 1 {",
    );
    assert!(guide.contains(&format!("change `{from}` into\n`{to}`")));
    let original = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).unwrap();
    assert_eq!(
        original.matches(from).count(),
        1,
        "the edit the guide names"
    );
    let variant = dir.join("my_variant.rhai");
    std::fs::write(&variant, original.replace(from, to)).unwrap();
    let v = variant.to_str().unwrap();

    let out = sowlab(&["diff", "tchuka_ruma", v, "--moves", "3 2 1"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("the positions agree after 2 moves; move 3 `1` differs"),
        "{text}"
    );
    let out = sowlab(&["solve", v, "--set", "seeds=3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["solvable"], true);
    assert_eq!(j["solution"].as_array().map(Vec::len), Some(9));
    // ... where the original cannot be won.
    let out = sowlab(&["solve", "tchuka_ruma", "--set", "seeds=3", "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["solvable"], false);
}

#[test]
fn zero_depths_and_timeouts_are_refused_by_the_command_line() {
    for args in [
        &["perft", "kalah", "--depth", "0"][..],
        &["solve", "kalah", "--depth", "0"],
        &["run", "--timeout", "0", "x.rhai"],
    ] {
        let out = sowlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.starts_with("error: invalid value '0' for '--"),
            "{args:?}: {err}"
        );
        assert!(
            err.lines().next().unwrap().contains("0 is not in 1..="),
            "{err}"
        );
    }
}

/// The state JSON that `replay --json` prints is a position file as it is: a newcomer saves it
/// and starts from it (it was refused: "unknown field `over`").
#[test]
fn the_state_json_of_replay_is_a_position_file() {
    let dir = scratch("newcomer-pos");
    for (rule, moves) in [
        ("kalah", "3 1"),
        ("oware", "1 2 3"),
        ("raja_pasu", "1 2"),
        ("ruma", "S1 E2"),
        ("tchuka_ruma", "3 4"),
    ] {
        let out = sowlab(&["replay", rule, "--moves", moves, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{rule}: {}", stderr(&out));
        let f = dir.join(format!("{rule}.json"));
        std::fs::write(&f, &out.stdout).unwrap();
        let again = sowlab(&["replay", rule, "--position", f.to_str().unwrap(), "--json"]);
        assert_eq!(again.status.code(), Some(0), "{rule}: {}", stderr(&again));
        assert_eq!(
            String::from_utf8_lossy(&again.stdout),
            String::from_utf8_lossy(&out.stdout),
            "{rule}"
        );
    }
    // A finished game cannot be a start: said in one line.
    let out = sowlab(&["replay", "tchuka_ruma", "--moves", "1", "--json"]);
    let f = dir.join("over.json");
    std::fs::write(&f, &out.stdout).unwrap();
    let out = sowlab(&["replay", "tchuka_ruma", "--position", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "sowlab: {}: the position is a finished game (`over: true`): no move can follow it\n",
            f.display()
        )
    );
}
