//! The memory budget that every allocation sized by input asks first (`sowlab::Budget`): sizes
//! counted with checked arithmetic, so a sum too large for 64 bits is refused, never wrapped
//! around into a small number that passes.

// Tests write their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

#[test]
fn a_tablebase_build_whose_layer_sizes_overflow_is_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tb");
    // 60 holes and 120 seeds: C(179, 59) positions in the top layer alone, far past 2^64.
    let o = common::sowlab(&[
        "tablebase",
        "build",
        "kalah",
        "--set",
        "holes=30",
        "--seeds",
        "120",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("tablebase build: layers 0 to 120 of 60 holes take more than 2^64 bytes, over the budget of 2048 MiB (--max-memory, SOWLAB_SOLVE_MB)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!out.exists(), "the refused build made its folder");
}

#[test]
fn the_library_reports_layer_sizes_past_64_bits_as_none() {
    let g = common::kalah(30, 4, false);
    let tb = sowlab::Tablebase::empty(&g.rule, &g.board()).unwrap();
    assert_eq!(tb.checked_layer_size(120), None);
    assert_eq!(tb.checked_layer_size(1), Some(2 * 60));
    let e = tb
        .ask_layers(sowlab::Budget::mib(1 << 40), 120, false)
        .unwrap_err();
    assert!(e.to_string().contains("more than 2^64 bytes"), "{e}");
    assert_eq!(
        tb.ask_layers(sowlab::Budget::mib(1), 2, false).unwrap(),
        2 * (1 + 60 + 60 * 61 / 2)
    );
}

/// Runs check script `text` with `SOWLAB_MAX_PRINT_MB` set to `mb`.
fn run_printing(text: &str, mb: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("loud.rhai");
    std::fs::write(&f, text).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(["run", f.to_str().unwrap()])
        .env("SOWLAB_MAX_PRINT_MB", mb)
        .env("XDG_DATA_HOME", common::tests_dir().join("no-user-data"))
        .output()
        .unwrap()
}

#[test]
fn a_check_script_that_prints_without_end_is_stopped_at_its_output_budget() {
    // A line of 1000 characters, printed 3000 times (3 MB: a bounded test even where nothing
    // stops it), with `print` and with `debug` (which goes to stderr).
    for call in ["print(s)", "debug(s)"] {
        let text = format!("let s = \"\";\nfor i in 0..100 {{ s += \"0123456789\"; }}\nfor i in 0..3000 {{\n  {call};\n}}\n");
        let o = run_printing(&text, "1");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{call}: {stderr:.300}");
        // The error's line (a script error shows the line of the script under it).
        let line = stderr
            .lines()
            .find(|l| l.starts_with("sowlab: "))
            .unwrap_or("");
        assert!(
            line.contains(
                "loud.rhai:4:3: the script printed more than 1 MiB (SOWLAB_MAX_PRINT_MB)"
            ),
            "{call}: {line}"
        );
        // What was printed stays within the budget (1 MiB and the error lines).
        assert!(
            o.stdout.len() + o.stderr.len() <= (1 << 20) + 4096,
            "{call}"
        );
        assert!(
            o.stdout.len() + o.stderr.len() >= (1 << 20) - 2048,
            "{call}"
        );
    }
    // Within the budget, a script prints as before.
    let o = run_printing("print(\"hello\");\n", "1");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).lines().next(),
        Some("hello")
    );
}

#[test]
fn a_rule_built_one_side_asks_the_budget_for_half_the_layers() {
    // Kalah with 5 holes a side, layers 0 to 12: 646,646 positions a side, 1.23 MiB for both
    // sides, 0.62 MiB for player 1's half, which is all a build of a rule whose sides are
    // mirror images holds. A budget of 1 MiB takes the half.
    let g = common::kalah(5, 4, true);
    let tb = sowlab::Tablebase::empty(&g.rule, &g.board()).unwrap();
    let budget = || sowlab::Budget::mib(1);
    assert_eq!(tb.ask_layers(budget(), 12, true).unwrap(), 646_646);
    let err = tb.ask_layers(budget(), 12, false).unwrap_err().to_string();
    assert!(
        err.contains("layers 0 to 12 of 10 holes take 2 MiB, over the budget of 1 MiB"),
        "{err}"
    );
    // The command line asks for what it holds.
    let dir = common::scratch("budget-half");
    let out = dir.join("tb");
    let o = common::sowlab(&[
        "tablebase",
        "build",
        "kalah",
        "--set",
        "holes=5",
        "--set",
        "empty_capture=true",
        "--seeds",
        "12",
        "--max-memory",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.join("layer-012.sowtb").exists(), "{err}");
}
