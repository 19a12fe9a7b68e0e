//! The rules path: the shipped rules are built into the binary (it works from any folder), and
//! `--rules DIR` (repeatable), `$SOWLAB_RULES` (a path list), the user's folder and `./rules`
//! add rules or override built-in ones by name, first match winning.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

use sowlab::RuleSource as Source;
use sowlab::{Game, Rule, RulePath};

/// A one-row solitaire whose start has `seeds` seeds per hole (so tests can tell copies apart).
fn toy(seeds: u32) -> String {
    format!(
        "fn meta() {{ #{{ name: \"Toy {seeds}\", players: 1, description: \"A toy with {seeds} seeds.\" }} }}\n\
         fn setup() {{ this.players = 1; this.add_row(\"\", 1, 3, {seeds}); this.add_store(\"s\", 1); }}\n\
         fn play(pit) {{ this.sow(pit); this.end(1); }}\n"
    )
}

/// Runs the binary in `cwd` with no rules environment but `env`.
fn sowlab_in(cwd: &Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"));
    c.args(args)
        .current_dir(cwd)
        .env_remove("SOWLAB_RULES")
        .env("XDG_DATA_HOME", cwd.join("no-user-data"))
        .env("NO_COLOR", "1");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The pits of the start position of `rule`, by `replay --json`.
fn start_pits(cwd: &Path, env: &[(&str, &str)], pre: &[&str], rule: &str) -> String {
    let mut args: Vec<&str> = pre.to_vec();
    args.extend(["replay", rule, "--json"]);
    let o = sowlab_in(cwd, env, &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["pits"].to_string()
}

#[test]
fn the_built_in_rules_work_from_any_folder() {
    let d = scratch("rulepath");
    let o = sowlab_in(&d, &[], &["rules"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("built in:\n"), "{text}");
    for n in ["kalah", "oware", "tchuka_ruma", "tchuka_ruma_6"] {
        assert!(text.contains(&format!("  {n} ")), "{n}: {text}");
    }
    // a preset's rule is found among the built-in rules too
    assert_eq!(
        start_pits(&d, &[], &[], "tchuka_ruma_6"),
        "[6,6,6,6]",
        "the preset sets seeds=6"
    );
    let o = sowlab_in(&d, &[], &["rules", "kalah"]);
    assert!(stdout(&o).contains("from: built in"), "{}", stdout(&o));
}

#[test]
fn earlier_entries_of_the_path_override_later_ones_by_name() {
    let d = scratch("rulepath");
    let (a, b, env_a, env_b, user, local) = (
        d.join("a"),
        d.join("b"),
        d.join("env_a"),
        d.join("env_b"),
        d.join("no-user-data/sowlab/rules"),
        d.join("rules"),
    );
    for (dir, seeds) in [
        (&a, 1),
        (&b, 2),
        (&env_a, 3),
        (&env_b, 4),
        (&user, 5),
        (&local, 6),
    ] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("kalah.rhai"), toy(seeds)).unwrap();
        // each folder also has a rule of its own, found whatever comes before it
        std::fs::write(dir.join(format!("only{seeds}.rhai")), toy(seeds)).unwrap();
    }
    let list = format!("{}:{}", env_a.display(), env_b.display());
    let env = [("SOWLAB_RULES", list.as_str())];
    let (a_s, b_s) = (a.to_str().unwrap(), b.to_str().unwrap());
    let both = ["--rules", a_s, "--rules", b_s];
    assert_eq!(start_pits(&d, &env, &both, "kalah"), "[1,1,1]");
    assert_eq!(start_pits(&d, &env, &["--rules", b_s], "kalah"), "[2,2,2]");
    assert_eq!(start_pits(&d, &env, &[], "kalah"), "[3,3,3]");
    assert_eq!(
        start_pits(&d, &[], &[], "kalah"),
        "[5,5,5]",
        "the user folder"
    );
    for n in 1..=6 {
        let pits = format!("[{n},{n},{n}]");
        assert_eq!(start_pits(&d, &env, &both, &format!("only{n}")), pits);
    }
    // the built-in rules stay available below every folder
    assert_eq!(
        start_pits(&d, &env, &both, "oware"),
        "[4,4,4,4,4,4,4,4,4,4,4,4]"
    );
    // `sowlab rules` says where each rule comes from, and what is overridden
    let o = sowlab_in(&d, &env, &["--rules", a_s, "rules"]);
    let text = stdout(&o);
    assert!(text.starts_with(&format!("in {a_s}:\n  kalah ")), "{text}");
    assert!(text.contains("\nbuilt in:\n"), "{text}");
    assert!(
        text.contains(&format!("kalah ({})", env_a.display())),
        "{text}"
    );
    assert!(text.contains("kalah (built-in)"), "{text}");
    let o = sowlab_in(&d, &env, &["--rules", a_s, "rules", "kalah"]);
    assert!(
        stdout(&o).contains(&format!("from: {}", a.join("kalah.rhai").display())),
        "{}",
        stdout(&o)
    );
    // a --rules folder that does not exist is an error, not silently skipped
    let o = sowlab_in(&d, &[], &["--rules", "nowhere", "rules"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "sowlab: --rules nowhere: not a folder\n"
    );
}

#[test]
fn imports_inside_built_in_rules_resolve_among_the_built_in_rules() {
    // A rule taken from the built-in source imports another built-in file as a module.
    let src = "import \"tchuka_ruma\" as t;\n\
               fn setup() { this.players = 1; this.add_row(\"\", 1, 2, 1); this.add_store(\"s\", 1); }\n\
               fn play(pit) { this.sow(pit); this.end(1); }\n";
    let r = Rule::from_source_in(src, "<built-in>/x.rhai".as_ref(), Some(Source::BuiltIn))
        .expect("compiles");
    let r = Arc::new(r);
    Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).expect("the import resolves");
    // ... and only there: a name that is no built-in file is refused with the place named
    let bad = src.replace("tchuka_ruma", "no_such_module");
    let r = Arc::new(
        Rule::from_source_in(&bad, "<built-in>/x.rhai".as_ref(), Some(Source::BuiltIn)).unwrap(),
    );
    let e = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap())
        .err()
        .expect("no such module")
        .to_string();
    assert!(
        e.ends_with("cannot import \"no_such_module\": no built-in module no_such_module.rhai"),
        "{e}"
    );
}

#[test]
fn the_library_loads_built_in_rules_by_name_and_names_them() {
    let r = Rule::load("kalah", RulePath::builtin()).unwrap();
    assert_eq!(r.source, Some(Source::BuiltIn));
    assert_eq!(r.path, PathBuf::from("<built-in>/kalah.rhai"));
    let p = Rule::load("tchuka_ruma_6", RulePath::builtin()).unwrap();
    assert_eq!(p.preset_options["seeds"].to_string(), "6");
    let e = Rule::load("kalha", RulePath::builtin())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("unknown rule `kalha`; did you mean `kalah`?"),
        "{e}"
    );
    assert!(e.ends_with("looked in built-in)"), "{e}");
}

#[test]
fn errors_in_built_in_rules_show_their_source_line() {
    let first = sowlab::RuleSource::BuiltIn
        .read("kalah.rhai")
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let e = sowlab::Error::Script {
        file: "<built-in>/kalah.rhai".into(),
        line: 1,
        col: 3,
        message: "x".into(),
    };
    assert_eq!(
        e.excerpt().unwrap(),
        format!(" 1 | {}\n   |   ^", sowlab::text::escape(&first))
    );
}

#[test]
fn rules_file_reports_a_setup_that_fails() {
    // A rule with play(pit) is not built at load: `sowlab rules FILE` builds the start anyway,
    // so a broken setup() is an error here, not "loads fine".
    let d = scratch("rulepath");
    let f = d.join("broken_setup.rhai");
    std::fs::write(
        &f,
        "fn setup() {\n    this.add_row(\"\", 1, 2, 1);\n    throw \"no board\";\n}\nfn play(pit) { this.sow(pit); }\n",
    )
    .unwrap();
    let o = sowlab_in(&d, &[], &["rules", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!("sowlab: {}:3:5: no board", f.display())),
        "{err}"
    );
    assert!(o.stdout.is_empty());
}
