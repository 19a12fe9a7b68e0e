//! Every file a run writes goes through the safe writer: `--games-out` at a named pipe is
//! refused at once (never opened: the run would hang there), a failed run leaves the previous
//! games file as it was, and a plot that cannot be written loses no report (the report is
//! printed, then the error, with a non-zero exit).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::process::Command;

#[path = "common/watch.rs"]
mod watch;

/// Runs sowlab in `dir`; a run that hangs is killed and fails the test.
fn sowlab(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"));
    c.args(args).current_dir(dir);
    watch::run(c)
}

/// The files of `dir` (to see that no temporary file is left behind).
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn games_out_at_a_named_pipe_is_refused_without_hanging() {
    let d = scratch("fifo");
    assert!(Command::new("mkfifo")
        .arg(d.join("games.jsonl"))
        .status()
        .unwrap()
        .success());
    let (code, out, err) = sowlab(
        &d,
        &[
            "simulate",
            "kalah",
            "--games",
            "3",
            "--games-out",
            "games.jsonl",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("games.jsonl") && err.contains("not a regular file"),
        "{err}"
    );
}

#[test]
fn a_failed_run_leaves_the_previous_games_file_as_it_was() {
    let d = scratch("failed");
    std::fs::write(
        d.join("boom.rhai"),
        "fn setup() { this.players = 1; this.shape = \"row\"; this.add_row(\"\", 1, 3, 1); \
         this.add_store(\"ruma\", 1); this.sowing(#{ stores: \"all\", relay: \"none\" }); }\n\
         fn play(pit) { throw \"boom\"; }\n",
    )
    .unwrap();
    std::fs::write(d.join("games.jsonl"), "the previous run's games\n").unwrap();
    let (code, _, err) = sowlab(
        &d,
        &[
            "simulate",
            "./boom.rhai",
            "--games",
            "3",
            "--games-out",
            "games.jsonl",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("boom"), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("games.jsonl")).unwrap(),
        "the previous run's games\n"
    );
    assert_eq!(
        files(&d),
        ["boom.rhai", "games.jsonl"],
        "a file was left behind"
    );
    // A run that works replaces it.
    let (code, _, err) = sowlab(
        &d,
        &[
            "simulate",
            "kalah",
            "--games",
            "3",
            "--games-out",
            "games.jsonl",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(d.join("games.jsonl")).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert_eq!(files(&d), ["boom.rhai", "games.jsonl"]);
}

#[test]
fn a_report_is_printed_when_its_plot_cannot_be_written() {
    let d = scratch("plot");
    for args in [
        &["simulate", "kalah", "--games", "3"][..],
        &[
            "compare", "kalah", "kalah", "--set-b", "seeds=3", "--games", "3",
        ],
        &["sweep", "kalah", "--vary", "holes=3,4", "--games", "2"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--plot", "no/such/folder/plot.svg"]);
        let (code, out, err) = sowlab(&d, &args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            out.contains("kalah") && out.lines().count() >= 3,
            "{args:?}: the report was lost: {out}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("plot.svg"), "{err}");
    }
}
