//! One door for every file (issue 32): whatever sowlab is given to read or told to write, a named
//! pipe never hangs it, a huge (sparse) file is refused without being read whole, a pipe is never
//! written into nor replaced, a link planted where a temporary file would go is not followed, two
//! inputs that map to one output name are not both "written", and a refused playground save
//! writes nothing. Every run is watched: a hang fails the test (after a generous guard) instead of
//! stalling the suite, and runs that could read a huge file run under an address-space limit, so a
//! regression fails instead of filling the machine's memory.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]
#![cfg(unix)]

use std::io::Write;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "common/watch.rs"]
mod watch;

use watch::Watched;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn mkfifo(p: &Path) {
    let ok = Command::new("mkfifo").arg(p).status().unwrap().success();
    assert!(ok, "mkfifo");
}

fn is_fifo(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_fifo())
}

/// A 1.5 GiB file that takes no disk (sparse): far over the 4 MiB cap, and sized so that reading
/// it whole shows in the children's peak memory ([`children_peak_mib`]) without exhausting the
/// machine, and fits the address-space limit of [`start`] (an 8 GiB file would make a whole read
/// fail at once, for want of address space, and the test could not see it).
fn huge(p: &Path, head: &str) {
    let mut f = std::fs::File::create(p).unwrap();
    f.write_all(head.as_bytes()).unwrap();
    f.set_len(1536 << 20).unwrap();
}

/// `sowlab ARGS` in `dir`, under a 4 GiB address-space limit (reading a huge file whole aborts
/// instead of swapping), its outputs watched while it runs.
fn start(dir: &Path, args: &[&str]) -> Watched {
    let child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4194304; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sowlab"))
        .arg("--rules")
        .arg(repo().join("rules"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", dir)
        .env_remove("SOWLAB_RULES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sowlab");
    Watched::new(child)
}

/// Runs `sowlab ARGS` in `dir` to its end: (exit code, -1 for a signal; stdout; stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let f = start(dir, args).finish();
    (f.status.code().unwrap_or(-1), f.stdout, f.stderr)
}

/// The most memory (resident, MiB) any finished child of this test program used: a file read
/// whole before its size is checked shows here (gigabytes, or as much as the address-space limit
/// lets the read grow), a capped read does not (the rest of sowlab needs tens of MiB).
fn children_peak_mib() -> i64 {
    // SAFETY: getrusage only fills the struct it is given.
    let u = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut u), 0);
        u
    };
    u.ru_maxrss as i64 / 1024
}

/// Most memory a run here may take: far below what reading a huge file whole takes.
const PEAK_MIB: i64 = 1024;

const GAME: &str = "fn setup() { this.add_row(\"\", 1, 4, 2); this.add_store(\"s\", 1); }\nfn play(p) { this.sow(p); }\n";

#[test]
fn a_pipe_or_a_huge_file_given_as_a_rule_or_game_file_is_one_error_line() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    for name in ["pipe.rhai", "pipe.txt", "pipe.yaml"] {
        mkfifo(&d.join(name));
    }
    huge(&d.join("big.rhai"), GAME);
    huge(&d.join("big.txt"), "{\"game_class\": \"Mancala\",");
    huge(&d.join("big.yaml"), "rule: kalah\n");
    for file in [
        "pipe.rhai",
        "pipe.txt",
        "pipe.yaml",
        "big.rhai",
        "big.txt",
        "big.yaml",
    ] {
        for args in [
            vec!["replay", file, "--moves", "1"],
            vec!["import", "mancalagames", file, "--out", "out"],
        ] {
            let (code, out, err) = run(d, &args);
            assert_eq!(code, 1, "{args:?}: {out}{err}");
            let all = format!("{out}{err}");
            assert!(all.contains(file), "{args:?}: {all}");
            assert!(!all.contains("panicked"), "{args:?}: {all}");
            if file.starts_with("big") && args[0] == "replay" {
                assert!(all.contains("larger than 4 MiB"), "{args:?}: {all}");
            }
        }
    }
    assert!(["pipe.rhai", "pipe.txt", "pipe.yaml"]
        .iter()
        .all(|p| is_fifo(&d.join(p))));
    let peak = children_peak_mib();
    assert!(
        peak < PEAK_MIB,
        "a run took {peak} MiB: a huge file was read whole"
    );
}

#[test]
fn a_folder_of_game_files_with_a_pipe_or_a_huge_file_in_it_is_imported_refusing_them() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    let games = d.join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::copy(
        repo().join("tests/fixtures/mancalagames/kalah.txt"),
        games.join("Kalah.txt"),
    )
    .unwrap();
    mkfifo(&games.join("pipe.txt"));
    huge(&games.join("zz_big.txt"), "{");
    let (code, out, err) = run(d, &["import", "mancalagames", "games", "--out", "out"]);
    assert!(out.contains("Kalah.txt: written kalah"), "{out}{err}");
    // A pipe named like a game file is not opened, and not skipped without a word either.
    assert!(
        out.lines()
            .any(|l| l.starts_with("games/pipe.txt: refused: ")
                && l.ends_with("not a regular file (a device, a pipe or a socket)")),
        "{out}{err}"
    );
    assert!(
        out.contains("zz_big.txt: refused") && out.contains("larger than 4 MiB"),
        "{out}{err}"
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(d.join("out/kalah.yaml").is_file());
}

#[test]
fn the_repl_keeps_its_game_when_a_rule_or_a_save_is_a_pipe_or_a_huge_file() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    std::fs::write(d.join("mine.rhai"), GAME).unwrap();
    mkfifo(&d.join("pipe.yaml"));
    mkfifo(&d.join("pipe.txt"));
    huge(&d.join("big.yaml"), "sowlab: 1\n");
    huge(&d.join("big.txt"), "{");
    let mut w = start(d, &["play", "mine.rhai"]);
    let mut stdin = w.child.stdin.take().unwrap();
    let mut say = |line: &str| writeln!(stdin, "{line}").unwrap();
    say("1");
    w.wait_stdout("move 1:");
    for cmd in [
        "load pipe.yaml",
        "load big.yaml",
        "new pipe.txt",
        "new big.txt",
    ] {
        say(cmd);
        w.wait_stdout("error:");
    }
    // the rule file itself turns into a huge file, then a pipe: `reload` refuses both
    huge(&d.join("mine.rhai"), GAME);
    say("reload");
    let e = w.wait_stdout("error:");
    assert!(e.contains("larger than 4 MiB"), "{e}");
    std::fs::remove_file(d.join("mine.rhai")).unwrap();
    mkfifo(&d.join("mine.rhai"));
    say("reload");
    w.wait_stdout("error:");
    say("history");
    w.wait_stdout("1. 1");
    say("quit");
    drop(stdin);
    let f = w.finish();
    assert!(f.status.code().is_some(), "killed by a signal: {f:?}");
    assert!(!f.stdout.contains("panicked") && !f.stderr.contains("panicked"));
    let peak = children_peak_mib();
    assert!(
        peak < PEAK_MIB,
        "a run took {peak} MiB: a huge file was read whole"
    );
}

#[test]
fn outputs_onto_a_pipe_are_refused_and_the_pipe_stays() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    // a tablebase layer that is a pipe
    std::fs::create_dir(d.join("tb")).unwrap();
    mkfifo(&d.join("tb/layer-000.sowtb"));
    let (code, out, err) = run(
        d,
        &["tablebase", "build", "kalah", "--seeds", "2", "--out", "tb"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("layer-000.sowtb") && err.contains("not a regular file"),
        "{err}"
    );
    assert!(is_fifo(&d.join("tb/layer-000.sowtb")));
    // the folder itself a pipe
    mkfifo(&d.join("tbpipe"));
    let (code, out, err) = run(
        d,
        &[
            "tablebase",
            "build",
            "kalah",
            "--seeds",
            "2",
            "--out",
            "tbpipe",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(is_fifo(&d.join("tbpipe")));
    // an imported rule whose file is a pipe
    std::fs::create_dir(d.join("out")).unwrap();
    mkfifo(&d.join("out/kalah.yaml"));
    let kalah = repo().join("tests/fixtures/mancalagames/kalah.txt");
    let (code, out, err) = run(
        d,
        &[
            "import",
            "mancalagames",
            kalah.to_str().unwrap(),
            "--out",
            "out",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("kalah.txt: refused: cannot write out/kalah.yaml: not a regular file"),
        "{out}{err}"
    );
    assert!(is_fifo(&d.join("out/kalah.yaml")));
}

#[test]
fn a_link_planted_at_the_old_temporary_name_of_a_tablebase_layer_is_not_followed() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    std::fs::create_dir(d.join("tb")).unwrap();
    std::fs::write(d.join("victim"), "untouched").unwrap();
    for k in 0..=2 {
        std::os::unix::fs::symlink(
            d.join("victim"),
            d.join(format!("tb/layer-{k:03}.sowtb.part")),
        )
        .unwrap();
    }
    let (code, out, err) = run(
        d,
        &["tablebase", "build", "kalah", "--seeds", "2", "--out", "tb"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("victim")).unwrap(),
        "untouched"
    );
    for k in 0..=2 {
        let layer = d.join(format!("tb/layer-{k:03}.sowtb"));
        let m = std::fs::symlink_metadata(&layer).unwrap();
        assert!(m.is_file(), "{}", layer.display());
    }
    // no temporary file left behind
    let left: Vec<String> = std::fs::read_dir(d.join("tb"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn two_game_files_of_one_rule_name_are_not_both_written() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    for sub in ["A", "B"] {
        std::fs::create_dir(d.join(sub)).unwrap();
    }
    let text =
        std::fs::read_to_string(repo().join("tests/fixtures/mancalagames/kalah.txt")).unwrap();
    assert!(text.contains("\"nbr_start\": 4"));
    std::fs::write(d.join("A/Kalah.txt"), &text).unwrap();
    std::fs::write(
        d.join("B/kalah.txt"),
        text.replace("\"nbr_start\": 4", "\"nbr_start\": 5"),
    )
    .unwrap();
    let (code, out, err) = run(
        d,
        &[
            "import",
            "mancalagames",
            "A/Kalah.txt",
            "B/kalah.txt",
            "--out",
            "out",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("A/Kalah.txt: written kalah (1 file)"), "{out}");
    let refusal = out
        .lines()
        .find(|l| l.starts_with("B/kalah.txt: refused"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        refusal.contains("`kalah`") && refusal.contains("A/Kalah.txt"),
        "{refusal}"
    );
    assert!(out.contains("1 written, 1 refused"), "{out}");
    // the rule written is A's (4 seeds), not replaced by B's
    let yaml = std::fs::read_to_string(d.join("out/kalah.yaml")).unwrap();
    let (_, a_out, _) = run(
        d,
        &["import", "mancalagames", "A/Kalah.txt", "--out", "only_a"],
    );
    assert!(a_out.contains("written kalah"), "{a_out}");
    assert_eq!(
        yaml,
        std::fs::read_to_string(d.join("only_a/kalah.yaml")).unwrap()
    );

    // two variants of one game whose names normalise to one preset name
    std::fs::create_dir(d.join("C")).unwrap();
    let variants = text.replacen(
        '{',
        "{\n \"variants\": {\"Big Board\": {\"holes\": 8}, \"big-board\": {\"holes\": 10}},",
        1,
    );
    std::fs::write(d.join("C/Kalah.txt"), variants).unwrap();
    let (code, out, err) = run(
        d,
        &["import", "mancalagames", "C/Kalah.txt", "--out", "out_c"],
    );
    assert_eq!(code, 1, "{out}{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("C/Kalah.txt: written kalah (2 files)"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("refused: named `kalah__big_board`")
            && line.contains("Big Board")
            && line.contains("big-board"),
        "{line}"
    );
    let preset = std::fs::read_to_string(d.join("out_c/presets/kalah__big_board.yaml")).unwrap();
    let first = if line.contains("variant big-board refused") {
        8
    } else {
        10
    };
    assert!(preset.contains(&format!("holes: {first}\n")), "{preset}");
}

/// The playground's user rules folder: a save is written only once the call is kept, and only
/// where a read would be allowed; a link out of the folder is neither read nor written through.
#[cfg(feature = "cli")]
mod playground {
    use super::*;
    use serde_json::{json, Value};
    use sowlab::web::{Config, Playground};

    fn call(pg: &mut Playground, route: &str, body: Value) -> (u16, Value) {
        pg.handle(route, body.to_string().as_bytes())
    }

    fn new_game(pg: &mut Playground, rule: &str) -> String {
        let (s, v) = call(pg, "new", json!({ "rule": rule }));
        assert_eq!(s, 200, "{v}");
        v["session"].as_str().unwrap().to_string()
    }

    #[test]
    fn a_save_through_a_link_out_of_the_user_folder_is_refused_and_writes_nothing() {
        let d = tempfile::tempdir().unwrap();
        let d = d.path();
        let user = d.join("user");
        std::fs::create_dir(&user).unwrap();
        std::fs::create_dir(d.join("outside")).unwrap();
        let mine = GAME.to_string();
        std::fs::write(d.join("outside/mine.rhai"), &mine).unwrap();
        std::fs::write(d.join("outside/raja_pasu.rhai"), "outside").unwrap();
        std::os::unix::fs::symlink(d.join("outside/mine.rhai"), user.join("mine.rhai")).unwrap();
        std::os::unix::fs::symlink(
            d.join("outside/raja_pasu.rhai"),
            user.join("raja_pasu.rhai"),
        )
        .unwrap();
        // a shipped rule saved over a link that leads out of the user folder
        let mut pg = Playground::new(Config::new(&repo().join("rules"), user.clone()));
        let id = new_game(&mut pg, "raja_pasu");
        let (_, v) = call(&mut pg, "source", json!({ "session": id }));
        let text = v["source"]["text"].as_str().unwrap().to_string();
        let edited = text.replace("capture_counts: [4]", "capture_counts: [5]");
        assert_ne!(edited, text);
        let (s, v) = call(
            &mut pg,
            "reload",
            json!({ "session": id, "source": edited, "overwrite": true }),
        );
        assert_eq!(s, 403, "{v}");
        assert!(
            v["error"].as_str().unwrap().contains("symbolic link"),
            "{v}"
        );
        assert_eq!(
            std::fs::read_to_string(d.join("outside/raja_pasu.rhai")).unwrap(),
            "outside"
        );

        // a rule found through such a link (the user folder first on the rules path, as
        // `sowlab serve` has it): not read by `source`, not written by a save
        let path = sowlab::RulePath::new([user.clone(), repo().join("rules")]);
        let mut pg = Playground::new(Config::new(&path, user.clone()));
        let id = new_game(&mut pg, "mine");
        let (s, v) = call(&mut pg, "source", json!({ "session": id }));
        assert_eq!(s, 403, "{v}");
        let (s, v) = call(
            &mut pg,
            "reload",
            json!({ "session": id, "source": format!("{GAME}// edited\n"), "overwrite": true }),
        );
        assert_eq!(s, 403, "{v}");
        assert_eq!(
            std::fs::read_to_string(d.join("outside/mine.rhai")).unwrap(),
            mine
        );
        assert!(std::fs::symlink_metadata(user.join("mine.rhai"))
            .unwrap()
            .file_type()
            .is_symlink());
    }

    #[test]
    fn a_save_onto_a_pipe_in_the_user_folder_is_refused_and_the_game_unchanged() {
        let d = tempfile::tempdir().unwrap();
        let user = d.path().join("user");
        std::fs::create_dir(&user).unwrap();
        mkfifo(&user.join("raja_pasu.rhai"));
        let mut pg = Playground::new(Config::new(&repo().join("rules"), user.clone()));
        let id = new_game(&mut pg, "raja_pasu");
        call(&mut pg, "play", json!({ "session": id, "move": "7" }));
        let (_, before) = call(&mut pg, "state", json!({ "session": id }));
        let (_, v) = call(&mut pg, "source", json!({ "session": id }));
        let text = v["source"]["text"].as_str().unwrap().to_string();
        let edited = text.replace("capture_counts: [4]", "capture_counts: [5]");
        let (s, v) = call(
            &mut pg,
            "reload",
            json!({ "session": id, "source": edited, "overwrite": true }),
        );
        assert_ne!(s, 200, "{v}");
        assert!(
            v["error"].as_str().unwrap().contains("not a regular file"),
            "{v}"
        );
        assert!(is_fifo(&user.join("raja_pasu.rhai")));
        let (_, after) = call(&mut pg, "state", json!({ "session": id }));
        assert_eq!(after["state"], before["state"]);
    }
}

#[test]
fn a_folder_to_make_where_a_pipe_or_a_file_is_is_refused_saying_what_is_there() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    mkfifo(&d.join("pipe"));
    std::fs::write(d.join("file"), "x").unwrap();
    for (out, what) in [
        ("pipe", "not a folder (a device, a pipe or a socket)"),
        ("file", "a file"),
    ] {
        let (code, o, err) = run(
            d,
            &[
                "tablebase",
                "build",
                "kalah",
                "--set",
                "holes=2",
                "--seeds",
                "1",
                "--out",
                out,
            ],
        );
        assert_eq!(code, 1, "{o}{err}");
        assert_eq!(
            err.trim_end(),
            format!("sowlab: --out {out}: it exists and is {what}"),
            "{o}"
        );
    }
    assert!(is_fifo(&d.join("pipe")));
}

#[test]
fn a_tablebase_folder_that_is_a_pipe_or_a_file_is_named_as_such() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    mkfifo(&d.join("pipe"));
    std::fs::write(d.join("file"), "x").unwrap();
    for (tb, why) in [
        ("pipe", "not a folder (the layer files go in a folder)"),
        ("file", "not a folder (the layer files go in a folder)"),
        ("missing", "no such folder"),
    ] {
        let (code, o, err) = run(
            d,
            &["solve", "kalah", "--set", "holes=2", "--tablebase", tb],
        );
        assert_eq!(code, 1, "{o}{err}");
        assert_eq!(
            err.trim_end(),
            format!("sowlab: --tablebase {tb}: {why}"),
            "{o}"
        );
    }
    assert!(is_fifo(&d.join("pipe")));
}
