//! Hostile files and command lines against the `sowlab` binary (issue 12): saves, positions,
//! presets and rule folders that are devices, pipes, bombs or symlink tricks; saves over special
//! files; text that tries to drive the terminal; limits a user can lower; and runs that must stop.
//! Every run has a watchdog: a hang fails the test instead of stalling the suite.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[path = "common/watch.rs"]
mod watch;

use watch::Watched;

static N: AtomicUsize = AtomicUsize::new(0);

fn tmpdir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "sowlab-hostile-files-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("rules/presets")).unwrap();
    d
}

fn repo_rules() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules")
}

struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `sowlab ARGS` in `dir` with `env` and `input` on stdin; kills it after `secs` seconds
/// and fails the test (a hang). `--rules` is the repository's rules unless `args` give one.
fn bin(dir: &Path, args: &[&str], env: &[(&str, &str)], input: &str, secs: u64) -> Out {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"));
    if !args.contains(&"--rules") {
        c.arg("--rules").arg(repo_rules());
    }
    c.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c.spawn().expect("run sowlab");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let (mut so, mut se) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut so, &mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut se, &mut s);
        s
    });
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sowlab {args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Out {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out_t.join().unwrap()).into(),
        stderr: String::from_utf8_lossy(&err_t.join().unwrap()).into(),
    }
}

fn mkfifo(p: &Path) {
    let ok = Command::new("mkfifo").arg(p).status().unwrap().success();
    assert!(ok, "mkfifo");
}

/// A small game whose rule file we control.
const GAME: &str = "fn setup() { this.add_row(\"\", 1, 4, 2); this.add_store(\"s\", 1); }\nfn play(p) { this.sow(p); }\n";

// ---- 1. imports that loop, through the REPL ----

#[test]
fn repl_new_and_reload_of_a_self_import_keep_the_game() {
    let d = tmpdir();
    std::fs::write(d.join("rules/g.rhai"), GAME).unwrap();
    std::fs::write(
        d.join("rules/loop.rhai"),
        format!("import \"loop\" as me;\n{GAME}"),
    )
    .unwrap();
    let rules = d.join("rules");
    // new: the error, then the game goes on
    let o = bin(
        &d,
        &["--rules", rules.to_str().unwrap(), "play", "g"],
        &[],
        "1\nnew loop\nmoves\n",
        60,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(all.contains("import cycle"), "{all}");
    assert!(
        all.contains("> moves\nlegal: 2 3 4"),
        "the game goes on: {all}"
    );
    // (an exit code, not a crash: the REPL exits 1 after a failed command read from a pipe)
    assert!(o.code.is_some(), "{all}");
    // reload: the rule file now imports itself
    let script = "1\n!cp loop.rhai g.rhai\nreload\nmoves\n";
    let _ = script;
    let f = d.join("rules/g.rhai");
    let o = bin(
        &d,
        &[
            "--rules",
            rules.to_str().unwrap(),
            "play",
            f.to_str().unwrap(),
        ],
        &[],
        "1\n",
        60,
    );
    assert!(o.code.is_some(), "{}{}", o.stdout, o.stderr);
    // Rewrite the file between two commands: feed the REPL through a pipe we hold open.
    let mut w = Watched::new(
        Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args([
                "--rules",
                rules.to_str().unwrap(),
                "play",
                f.to_str().unwrap(),
            ])
            .env("NO_COLOR", "1")
            .env("XDG_DATA_HOME", &d)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stdin = w.child.stdin.take().unwrap();
    stdin.write_all(b"1\nhistory\n").unwrap();
    stdin.flush().unwrap();
    // The rule was loaded and the move played once the history shows it.
    w.wait_stdout("   1. 1");
    std::fs::write(&f, format!("import \"g\" as me;\n{GAME}")).unwrap();
    stdin.write_all(b"reload\nhistory\n").unwrap();
    drop(stdin);
    let out = w.finish();
    let all = format!("{}{}", out.stdout, out.stderr);
    assert!(out.status.code().is_some(), "{all}");
    assert!(
        all.contains("> history\n   0. start\n   1. 1\n"),
        "the game is kept: {all}"
    );
    assert!(
        all.contains("reload failed, the game is unchanged:") && all.contains("import cycle"),
        "{all}"
    );
}

// ---- 2. Ctrl-C stops native work ----

#[test]
fn ctrl_c_stops_a_long_native_move() {
    let d = tmpdir();
    // Moves of a hundred thousand seeds sown natively, played for ever by a check script with a
    // long --timeout (each move well within its own work budget): Ctrl-C must end it.
    std::fs::write(
        d.join("rules/long.rhai"),
        "fn setup() { this.add_row(\"\", 1, 64, 100000); this.add_store(\"s\", 1); }\n\
         fn play(p) { this.sow(p); }\n",
    )
    .unwrap();
    std::fs::write(
        d.join("long_check.rhai"),
        "let g = game(\"long\");\ng.play(1);\nprint(\"playing\");\nloop { g.undo(); g.play(1); }\n",
    )
    .unwrap();
    let rules = d.join("rules");
    let w = Watched::new(
        Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args([
                "--rules",
                rules.to_str().unwrap(),
                "run",
                "long_check.rhai",
                "--timeout",
                "600",
            ])
            .current_dir(&d)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    // One move was played: the script is in its endless loop of moves when the signal comes.
    w.wait_stdout("playing");
    w.sigint();
    let out = w.finish();
    assert!(out.stderr.contains("interrupted"), "{out:?}");
    assert_ne!(out.status.code(), Some(0));
}

// ---- 4. memory caps a user can see and change ----

#[test]
fn a_board_past_the_pit_cap_is_refused_at_setup() {
    let d = tmpdir();
    std::fs::write(
        d.join("rules/big.rhai"),
        "fn setup() {\n  for i in 0..40 { this.add_row(\"\", 1, 64, 1); }\n}\nfn play(p) { this.sow(p); }\n",
    )
    .unwrap();
    let rules = d.join("rules");
    let o = bin(
        &d,
        &["--rules", rules.to_str().unwrap(), "rules", "big"],
        &[("SOWLAB_MAX_PITS", "1000")],
        "",
        60,
    );
    assert_eq!(o.code, Some(1), "{}", o.stdout);
    assert!(
        o.stderr
            .contains("big.rhai:2:25: the board would have more than 1000 pits (SOWLAB_MAX_PITS)"),
        "{}",
        o.stderr
    );
}

#[test]
fn a_script_filling_a_map_by_index_stops_at_the_memory_cap() {
    let d = tmpdir();
    for (name, body) in [
        // Rhai checks no map written by index: 64 KiB strings under new keys
        (
            "map",
            "let s = \"x\";\nfor j in 0..16 { s += s; }\nlet m = #{};\nfor i in 0..100000000 { m[`k${i}`] = s + i; }\n",
        ),
        // each inner array stays under Rhai's array limit; together they would take gigabytes
        ("nested", "let a = [];\nfor i in 0..1000 { a.push([]); }\nfor i in 0..1000 { a[i].pad(1000000, i); }\n"),
    ] {
        let f = d.join(format!("{name}.rhai"));
        std::fs::write(&f, body).unwrap();
        let o = bin(
            &d,
            &["run", "--timeout", "600", f.to_str().unwrap()],
            &[("SOWLAB_SCRIPT_MB", "64")],
            "",
            120,
        );
        assert_eq!(o.code, Some(1), "{name}: {}", o.stderr);
        assert!(
            o.stderr.contains(
                "memory limit exceeded: the run allocated more than 64 MiB (SOWLAB_SCRIPT_MB)"
            ),
            "{name}: {}",
            o.stderr
        );
        assert!(o.stderr.lines().count() <= 3, "{}", o.stderr);
    }
}

#[test]
fn trace_and_history_caps_refuse_the_move_and_keep_the_game() {
    let d = tmpdir();
    let o = bin(
        &d,
        &["play", "kalah"],
        &[("SOWLAB_MAX_TRACE", "5")],
        "3\nhistory\n",
        60,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(
        all.contains("more than 5 events (SOWLAB_MAX_TRACE"),
        "{all}"
    );
    let o = bin(
        &d,
        &["play", "kalah"],
        &[("SOWLAB_MAX_HISTORY", "2")],
        "1\n1\n2\nhistory\n",
        60,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(
        all.contains("the game already holds 2 moves, the most a game keeps (SOWLAB_MAX_HISTORY)"),
        "{all}"
    );
}

#[test]
fn solve_stops_at_its_memory_budget_and_says_so() {
    let d = tmpdir();
    let o = bin(
        &d,
        &["solve", "kalah", "--set", "seeds=3", "--max-memory", "1"],
        &[],
        "",
        300,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(all.contains("memory limit reached"), "{all}");
    let o = bin(
        &d,
        &["solve", "kalah", "--set", "seeds=3"],
        &[("SOWLAB_SOLVE_MB", "1")],
        "",
        300,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(all.contains("memory limit reached"), "{all}");
}

#[test]
fn a_sweep_grid_too_big_is_refused_before_it_is_built() {
    let d = tmpdir();
    // 200 x 16 x 2 x 2 = 12 800 points, every value allowed (values may repeat).
    let seeds: Vec<String> = (0..200).map(|i| (i % 50 + 1).to_string()).collect();
    let holes: Vec<String> = (1..=16).map(|i| i.to_string()).collect();
    let vary = format!("seeds={}", seeds.join(","));
    let vary2 = format!("holes={}", holes.join(","));
    let o = bin(
        &d,
        &[
            "sweep",
            "kalah",
            "--vary",
            &vary,
            "--vary",
            &vary2,
            "--vary",
            "end=side_empty,mover_empty",
            "--vary",
            "empty_capture=true,false",
            "--games",
            "1",
        ],
        &[],
        "",
        60,
    );
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(
        o.stderr
            .contains("the sweep has 200 x 16 x 2 x 2 points, more than 10000 (SOWLAB_MAX_SWEEP)"),
        "{}",
        o.stderr
    );
}

// ---- 5. files are read safely ----

#[test]
fn devices_pipes_and_huge_files_stop_at_the_cap() {
    let d = tmpdir();
    let fifo = d.join("pipe.yaml");
    mkfifo(&fifo);
    std::fs::write(d.join("big.yaml"), vec![b'#'; 5 << 20]).unwrap();
    for f in ["/dev/zero", fifo.to_str().unwrap(), "big.yaml"] {
        let o = bin(&d, &["replay", "kalah", "--position", f], &[], "", 30);
        assert_eq!(o.code, Some(1), "{f}: {}", o.stderr);
        assert!(
            o.stderr.contains("not a regular file") || o.stderr.contains("larger than 4 MiB"),
            "{f}: {}",
            o.stderr
        );
        let o = bin(
            &d,
            &["play", "kalah"],
            &[],
            &format!("load {f}\nmoves\n"),
            30,
        );
        let all = format!("{}{}", o.stdout, o.stderr);
        assert!(
            all.contains("not a regular file") || all.contains("larger than 4 MiB"),
            "{f}: {all}"
        );
        let o = bin(&d, &["rules", f], &[], "", 30);
        assert_eq!(o.code, Some(1), "{f}: {}", o.stderr);
        let o = bin(&d, &["run", f], &[], "", 30);
        assert_eq!(o.code, Some(1), "{f}: {}", o.stderr);
    }
    // the cap can be raised
    let o = bin(
        &d,
        &["replay", "kalah", "--position", "big.yaml"],
        &[("SOWLAB_MAX_FILE_MB", "8")],
        "",
        30,
    );
    assert!(!o.stderr.contains("larger than"), "{}", o.stderr);
}

#[test]
fn yaml_bombs_and_deep_nesting_are_refused_quickly() {
    let d = tmpdir();
    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (i, c) in "bcdefghi".chars().enumerate() {
        let prev = (b'a' + i as u8) as char;
        bomb.push_str(&format!(
            "{c}: &{c} [{}]\n",
            vec![format!("*{prev}"); 10].join(", ")
        ));
    }
    bomb.push_str("pits: [1, 2]\n");
    std::fs::write(d.join("bomb.yaml"), &bomb).unwrap();
    std::fs::write(
        d.join("deep.yaml"),
        format!("pits: {}{}\n", "[".repeat(200_000), "]".repeat(200_000)),
    )
    .unwrap();
    std::fs::write(
        d.join("deep_block.yaml"),
        format!("pits:\n{}1\n", "- ".repeat(100_000)),
    )
    .unwrap();
    for f in ["bomb.yaml", "deep.yaml", "deep_block.yaml"] {
        let o = bin(&d, &["replay", "tchuka_ruma", "--position", f], &[], "", 20);
        assert_eq!(o.code, Some(1), "{f}: {}", o.stderr);
        assert!(
            o.stderr.contains("anchors and aliases") || o.stderr.contains("nested more than 64"),
            "{f}: {}",
            o.stderr
        );
        // the same text as a save file and as a preset
        let o = bin(
            &d,
            &["play", "tchuka_ruma"],
            &[],
            &format!("load {f}\n"),
            20,
        );
        let all = format!("{}{}", o.stdout, o.stderr);
        assert!(all.contains("not a save file: line"), "{f}: {all}");
        std::fs::copy(d.join(f), d.join("rules/presets/p.yaml")).unwrap();
        let p = d.join("rules/presets/p.yaml");
        let o = bin(&d, &["rules", p.to_str().unwrap()], &[], "", 20);
        assert_eq!(o.code, Some(1), "{f}: {}", o.stderr);
    }
}

#[test]
fn symlinks_in_the_rules_folder_cannot_make_a_listing_endless() {
    let d = tmpdir();
    let rules = d.join("rules");
    std::fs::write(rules.join("g.rhai"), GAME).unwrap();
    std::os::unix::fs::symlink("/dev/zero", rules.join("zero.rhai")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", rules.join("presets/zero.yaml")).unwrap();
    std::os::unix::fs::symlink("loop.rhai", rules.join("loop.rhai")).unwrap();
    std::os::unix::fs::symlink(".", rules.join("presets/presets")).unwrap();
    std::os::unix::fs::symlink("..", rules.join("presets/up.yaml")).unwrap();
    let o = bin(
        &d,
        &["--rules", rules.to_str().unwrap(), "rules"],
        &[],
        "",
        30,
    );
    assert!(o.stdout.contains("g "), "{}{}", o.stdout, o.stderr);
    let o = bin(
        &d,
        &["--rules", rules.to_str().unwrap(), "rules", "zero"],
        &[],
        "",
        30,
    );
    assert_eq!(o.code, Some(1), "{}", o.stderr);
}

// ---- 6. saves are written safely ----

#[test]
fn save_never_replaces_a_pipe_or_device_and_follows_symlinks() {
    let d = tmpdir();
    let fifo = d.join("fifo.yaml");
    mkfifo(&fifo);
    let o = bin(
        &d,
        &["play", "tchuka_ruma"],
        &[],
        "1\nsave fifo.yaml\nsvg fifo.yaml\n",
        30,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(
        all.contains("cannot save to fifo.yaml: not a regular file"),
        "{all}"
    );
    // (no device here: a broken build would replace it, as root)
    assert!(
        all.contains("cannot write fifo.yaml: not a regular file"),
        "{all}"
    );
    let ft = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(
        std::os::unix::fs::FileTypeExt::is_fifo(&ft),
        "the pipe was replaced"
    );
    // a symlink stays a symlink; the file it names gets the save, keeping its permissions
    std::fs::create_dir(d.join("real")).unwrap();
    std::fs::write(d.join("real/game.yaml"), "old").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(
        d.join("real/game.yaml"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    std::os::unix::fs::symlink("real/game.yaml", d.join("link.yaml")).unwrap();
    let o = bin(&d, &["play", "tchuka_ruma"], &[], "1\nsave link.yaml\n", 30);
    assert!(
        o.stdout.contains("saved 1 move to link.yaml"),
        "{}{}",
        o.stdout,
        o.stderr
    );
    assert!(std::fs::symlink_metadata(d.join("link.yaml"))
        .unwrap()
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(d.join("real/game.yaml")).unwrap();
    assert!(text.starts_with("sowlab: 1"), "{text}");
    let mode = std::fs::metadata(d.join("real/game.yaml"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    // no temporary file is left behind, and the name of a new one is not predictable
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .chain(std::fs::read_dir(d.join("real")).unwrap())
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_failed_save_leaves_the_old_save_intact() {
    let d = tmpdir();
    // A file at the place of the temporary's directory entry cannot be made: a save into a
    // directory that is not writable fails; as root (who may write anywhere), use a full file
    // system instead when there is one.
    std::fs::write(d.join("game.yaml"), "old save").unwrap();
    let o = bin(
        &d,
        &["play", "tchuka_ruma"],
        &[],
        "1\nsave game.yaml/\nsave .\n",
        30,
    );
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(all.contains("cannot save to"), "{all}");
    assert_eq!(
        std::fs::read_to_string(d.join("game.yaml")).unwrap(),
        "old save"
    );
    if Path::new("/dev/full").exists() {
        std::os::unix::fs::symlink("/dev/full", d.join("full.yaml")).unwrap();
        let o = bin(&d, &["play", "tchuka_ruma"], &[], "1\nsave full.yaml\n", 30);
        let all = format!("{}{}", o.stdout, o.stderr);
        assert!(
            all.contains("cannot save to full.yaml: not a regular file"),
            "{all}"
        );
    }
}

// ---- 7. text from files never drives the terminal ----

#[test]
fn escape_characters_from_files_are_shown_escaped() {
    let d = tmpdir();
    let rules = d.join("rules");
    std::fs::write(
        rules.join("evil.rhai"),
        "fn meta() { #{ name: \"evil\\u001b[2J\", description: \"a\\u001b]0;pwned\\u0007b\\nsecond line\" } }\n\
         fn options() { #{ x: #{ value: 1, help: \"help\\u001b[31m red\" } } }\n\
         fn setup() { this.add_row(\"\", 1, 4, 2); this.add_store(\"s\", 1); }\n\
         fn play(p) { this.sow(p); this.note(\"x\\u001b[1m\", \"note \\u001b[5mblink\"); if this.count(1) > 2 { throw \"bad\\u001b[2J\\nnext line\"; } }\n",
    )
    .unwrap();
    let r = rules.to_str().unwrap();
    let check = |o: &Out| {
        let all = format!("{}{}", o.stdout, o.stderr);
        assert!(!all.contains('\u{1b}'), "raw escape in output: {all:?}");
        assert!(!all.contains('\u{7}'), "raw bell in output: {all:?}");
        all
    };
    let all = check(&bin(&d, &["--rules", r, "rules", "evil"], &[], "", 30));
    assert!(all.contains("\\u{1b}[2J"), "{all}");
    let all = check(&bin(&d, &["--rules", r, "rules"], &[], "", 30));
    assert!(all.contains("evil"), "{all}");
    let all = check(&bin(
        &d,
        &["--rules", r, "play", "evil"],
        &[],
        "1\ntrace\nundo\n2\n",
        30,
    ));
    assert!(all.contains("note \\u{1b}[5mblink"), "{all}");
    // the thrown error stays on one line
    let line = all
        .lines()
        .find(|l| l.contains("bad\\u{1b}[2J"))
        .expect("the error");
    assert!(line.contains("\\nnext line"), "{line}");
    let all = check(&bin(
        &d,
        &["--rules", r, "replay", "evil", "1", "--trace"],
        &[],
        "",
        30,
    ));
    assert!(!all.is_empty());
    // a save naming a rule with escapes, a position file with escapes, a file name with escapes
    std::fs::write(d.join("s.yaml"), "sowlab: 1\nrule: \"\\e[2Jx\"\nfinal: {pits: [], closed: [], stores: [], penalties: [], to_move: 1, over: false, winner: null}\n").unwrap();
    let all = check(&bin(&d, &["play", "kalah"], &[], "load s.yaml\n", 30));
    assert!(all.contains("\\u{1b}[2Jx"), "{all}");
    std::fs::write(d.join("p.yaml"), "pits: [1]\nvars: {\"\\e[2J\": 1}\n").unwrap();
    check(&bin(
        &d,
        &["replay", "kalah", "--position", "p.yaml"],
        &[],
        "",
        30,
    ));
    let weird = "x\u{1b}[2J.yaml";
    std::fs::write(d.join(weird), "pits: [1]\n").unwrap();
    check(&bin(
        &d,
        &["replay", "kalah", "--position", weird],
        &[],
        "",
        30,
    ));
    check(&bin(
        &d,
        &["play", "kalah"],
        &[],
        &format!("load {weird}\nsave {weird}2\n"),
        30,
    ));
    check(&bin(&d, &["run", weird], &[], "", 30));
}

// ---- 8. edges of the command line ----

#[test]
fn jobs_zero_is_an_error() {
    let d = tmpdir();
    for cmd in ["simulate", "sweep"] {
        let mut args = vec![cmd, "kalah", "--jobs", "0", "--games", "2"];
        if cmd == "sweep" {
            args.extend(["--vary", "seeds=2,3"]);
        }
        let o = bin(&d, &args, &[], "", 60);
        assert_ne!(o.code, Some(0), "{cmd}: {}", o.stdout);
        assert!(o.stderr.contains("--jobs"), "{cmd}: {}", o.stderr);
    }
    std::fs::write(
        d.join("j.rhai"),
        "simulate(\"kalah\", #{ games: 2, jobs: 0 });\n",
    )
    .unwrap();
    let o = bin(&d, &["run", "j.rhai"], &[], "", 60);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr.contains("`jobs` must be at least 1"),
        "{}",
        o.stderr
    );
}

#[test]
fn run_timeout_stops_simulate_and_searches_called_from_the_script() {
    let d = tmpdir();
    for (name, body) in [
        (
            "sim",
            "simulate(\"kalah\", #{ games: 1000000, agents: \"random\", jobs: 1 });\n",
        ),
        (
            "solve",
            "let g = game(\"kalah\", #{ seeds: 4 });\nsolve(g);\n",
        ),
    ] {
        let f = d.join(format!("{name}.rhai"));
        std::fs::write(&f, body).unwrap();
        let o = bin(
            &d,
            &["run", "--timeout", "2", f.to_str().unwrap()],
            &[],
            "",
            60,
        );
        assert_eq!(o.code, Some(1), "{name}: {}", o.stderr);
        assert!(
            o.stderr.contains("time limit exceeded"),
            "{name}: {}",
            o.stderr
        );
    }
}
