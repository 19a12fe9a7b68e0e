//! The playground's API (`sowlab serve`): every bad request gets a JSON error with a clear message
//! and leaves the session exactly as it was; sessions are independent and bounded; the HTTP layer
//! refuses oversized bodies, non-JSON calls and foreign Host headers.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]
#![cfg(feature = "cli")]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::{scratch, Scratch};

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use sowlab::web::{Config, Playground, WebServer};

fn rules() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// A playground whose user folder is a scratch directory (kept as long as the playground).
fn playground(name: &str) -> (Playground, Scratch) {
    let dir = scratch(name);
    (
        Playground::new(Config::new(&rules(), dir.to_owned_path())),
        dir,
    )
}

fn call(pg: &mut Playground, route: &str, body: Value) -> (u16, Value) {
    pg.handle(route, body.to_string().as_bytes())
}

fn new_game(pg: &mut Playground, rule: &str) -> String {
    let (s, v) = call(pg, "new", json!({ "rule": rule }));
    assert_eq!(s, 200, "{v}");
    v["session"].as_str().unwrap().to_string()
}

/// The session's view, without the message (which says what the last call did).
fn state(pg: &mut Playground, id: &str) -> Value {
    let (s, mut v) = call(pg, "state", json!({ "session": id }));
    assert_eq!(s, 200, "{v}");
    v["message"] = Value::Null;
    v
}

fn error_of(v: &Value) -> &str {
    assert_eq!(v["ok"], false, "{v}");
    v["error"].as_str().expect("an error message")
}

#[test]
fn bad_requests_get_json_errors_and_change_nothing() {
    let (mut pg, _dir) = playground("bad");
    let id = new_game(&mut pg, "tchuka_ruma");
    let (s, _) = call(&mut pg, "play", json!({ "session": id, "move": "3" }));
    assert_eq!(s, 200);
    let before = state(&mut pg, &id);

    let (s, v) = pg.handle("play", b"{\"session\": ");
    assert_eq!(s, 400);
    assert!(error_of(&v).starts_with("bad JSON in the request"), "{v}");

    let (s, v) = call(&mut pg, "play", json!({ "session": "nope", "move": "1" }));
    assert_eq!(s, 404);
    assert!(error_of(&v).contains("unknown session `nope`"), "{v}");

    let (s, v) = call(&mut pg, "play", json!({ "session": id, "move": "3" }));
    assert_eq!(s, 422);
    assert_eq!(error_of(&v), "illegal move `3`: legal moves are 1 2 4");

    let (s, v) = call(
        &mut pg,
        "play",
        json!({ "session": id, "move": "x<script>" }),
    );
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("is not a move"), "{v}");

    let (s, v) = call(&mut pg, "play", json!({ "session": id }));
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("needs a `move`"), "{v}");

    let (s, v) = call(
        &mut pg,
        "play",
        json!({ "session": id, "move": "1", "extra": 1 }),
    );
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("unknown field `extra`"), "{v}");

    let (s, v) = call(&mut pg, "redo", json!({ "session": id }));
    assert_eq!(s, 422);
    assert_eq!(
        error_of(&v),
        "cannot redo 1: there are 0 undone moves to redo"
    );

    let (s, v) = call(&mut pg, "goto", json!({ "session": id, "n": 7 }));
    assert_eq!(s, 422);
    assert_eq!(error_of(&v), "no move 7: the game has 1 moves");

    let (s, v) = call(&mut pg, "frame", json!({ "session": id, "n": 1, "lap": 9 }));
    assert_eq!(s, 422);
    assert_eq!(error_of(&v), "move 1 has 1 laps, not 9");

    let (s, v) = call(
        &mut pg,
        "ai",
        json!({ "session": id, "agent": "alphabeta:9" }),
    );
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("too costly"), "{v}");

    let (s, v) = call(&mut pg, "ai", json!({ "session": id, "agent": "genius" }));
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("genius"), "{v}");

    let (s, v) = call(&mut pg, "teleport", json!({ "session": id }));
    assert_eq!(s, 404);
    assert_eq!(error_of(&v), "no such API call `teleport`");

    assert_eq!(state(&mut pg, &id), before, "the session is as it was");
}

#[test]
fn new_games_load_rules_by_name_only() {
    let (mut pg, _dir) = playground("names");
    for bad in ["../etc/passwd", "/etc/passwd", "rules/kalah.rhai", ""] {
        let (s, v) = call(&mut pg, "new", json!({ "rule": bad }));
        assert_eq!(s, 400, "{bad}: {v}");
        error_of(&v);
    }
    let (s, v) = call(&mut pg, "new", json!({ "rule": "kalha" }));
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("did you mean `kalah`"), "{v}");
    let (s, v) = call(
        &mut pg,
        "new",
        json!({ "rule": "kalah", "options": { "holes": 99 } }),
    );
    assert_eq!(s, 422);
    assert!(
        error_of(&v).starts_with("option `holes`: `99` is not allowed"),
        "{v}"
    );
    let (s, v) = call(
        &mut pg,
        "new",
        json!({ "rule": "tchuka_ruma", "options": { "seeds": 6 } }),
    );
    assert_eq!(s, 200);
    assert_eq!(v["state"]["pits"], json!([6, 6, 6, 6]));
    assert_eq!(pg.sessions(), 1);
}

#[test]
fn a_won_solitaire_undo_and_solve_from_here() {
    let (mut pg, _dir) = playground("win");
    let id = new_game(&mut pg, "tchuka_ruma");
    let (s, v) = call(&mut pg, "solve", json!({ "session": id }));
    assert_eq!(s, 200);
    assert_eq!(v["solution"], json!(["3", "4", "3", "4", "2", "4"]), "{v}");
    for m in ["3", "4", "3", "4", "2", "4"] {
        let (s, v) = call(&mut pg, "play", json!({ "session": id, "move": m }));
        assert_eq!(s, 200, "{v}");
    }
    let v = state(&mut pg, &id);
    assert_eq!(v["result"], "won");
    assert_eq!(v["legal"], json!([]));
    assert_eq!(v["history"][1]["laps"], 2, "move 2 relays once");
    let (s, v) = call(&mut pg, "play", json!({ "session": id, "move": "1" }));
    assert_eq!(s, 422);
    assert!(
        error_of(&v).starts_with("the game is over (won (player 1))"),
        "{v}"
    );
    let (_, v) = call(&mut pg, "undo", json!({ "session": id, "n": 2 }));
    assert_eq!(v["result"], "playing");
    assert_eq!(v["redo"], 2);
    let (_, v) = call(&mut pg, "solve", json!({ "session": id }));
    assert_eq!(v["solution"], json!(["2", "4"]));
    let (_, v) = call(
        &mut pg,
        "hint",
        json!({ "session": id, "agent": "alphabeta:4" }),
    );
    assert_eq!(v["hint"], "2");
    assert_eq!(
        v["history"].as_array().unwrap().len(),
        4,
        "a hint plays nothing"
    );
    let (_, v) = call(&mut pg, "goto", json!({ "session": id, "n": 6 }));
    assert_eq!(v["result"], "won");
    // two players: no solving, but an agent plays
    let k = new_game(&mut pg, "kalah");
    let (s, _) = call(&mut pg, "solve", json!({ "session": k }));
    assert_eq!(s, 422);
    let (s, v) = call(&mut pg, "ai", json!({ "session": k, "agent": "greedy" }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["history"].as_array().unwrap().len(), 1);
    // the first session did not move
    assert_eq!(state(&mut pg, &id)["history"].as_array().unwrap().len(), 6);
}

#[test]
fn a_relay_move_frame_by_frame() {
    let (mut pg, _dir) = playground("frames");
    let id = new_game(&mut pg, "raja_pasu");
    let (_, v) = call(&mut pg, "play", json!({ "session": id, "move": "7" }));
    let laps = v["history"][0]["laps"].as_u64().unwrap();
    assert_eq!(laps, 12);
    for lap in 0..=laps {
        let (s, v) = call(
            &mut pg,
            "frame",
            json!({ "session": id, "n": 1, "lap": lap }),
        );
        assert_eq!(s, 200);
        let svg = v["frame"]["svg"].as_str().unwrap();
        let doc = roxmltree::Document::parse(svg).expect("XML");
        let drawn = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("lap"))
            .count() as u64;
        assert_eq!(drawn, lap);
    }
}

#[test]
fn editing_a_rule_reports_the_first_divergence_and_a_broken_one_changes_nothing() {
    let (mut pg, _dir) = playground("edit");
    let user = pg.config().user_dir.clone();
    let id = new_game(&mut pg, "raja_pasu");
    call(&mut pg, "play", json!({ "session": id, "move": "7" }));
    let (_, v) = call(&mut pg, "source", json!({ "session": id }));
    let text = v["source"]["text"].as_str().unwrap().to_string();
    assert!(text.contains("capture_counts: [4]"));
    let before = state(&mut pg, &id);

    let broken = text.replace("fn setup() {", "fn setup() {\n    let x = ;");
    let (s, v) = call(
        &mut pg,
        "reload",
        json!({ "session": id, "source": broken }),
    );
    assert_eq!(s, 422);
    assert!(
        error_of(&v).starts_with("reload failed, the game is unchanged: "),
        "{v}"
    );
    let line = v["line"].as_u64().unwrap() as usize;
    assert_eq!(broken.lines().nth(line - 1).unwrap().trim(), "let x = ;");
    assert!(v["col"].as_u64().unwrap() > 0);
    assert_eq!(state(&mut pg, &id), before);

    let fives = text.replace("capture_counts: [4]", "capture_counts: [5]");
    let (s, v) = call(&mut pg, "reload", json!({ "session": id, "source": fives }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["reload"]["first_diff"], 1);
    let first = v["reload"]["report"][0].as_str().unwrap();
    assert!(
        first.starts_with("move 1 (7) now plays differently: pits"),
        "{first}"
    );
    assert!(
        user.join("raja_pasu.rhai").is_file(),
        "saved in the user folder"
    );
    assert_eq!(
        std::fs::read_to_string(user.join("raja_pasu.rhai")).unwrap(),
        fives
    );
    // the shipped rule is untouched
    assert_eq!(
        std::fs::read_to_string(rules().join("raja_pasu.rhai")).unwrap(),
        text
    );
    // back returns to the game before the reload
    let (_, v) = call(&mut pg, "back", json!({ "session": id }));
    assert_eq!(v["state"], before["state"]);
}

#[test]
fn sessions_are_bounded_and_the_oldest_goes_first() {
    let dir = scratch("bound");
    let mut cfg = Config::new(&rules(), dir.to_owned_path());
    cfg.max_sessions = 2;
    let mut pg = Playground::new(cfg);
    let a = new_game(&mut pg, "tchuka_ruma");
    let b = new_game(&mut pg, "tchuka_ruma");
    call(&mut pg, "play", json!({ "session": a, "move": "1" })); // a is now the most recent
    let c = new_game(&mut pg, "tchuka_ruma");
    assert_eq!(pg.sessions(), 2);
    assert_eq!(call(&mut pg, "state", json!({ "session": b })).0, 404);
    assert_eq!(call(&mut pg, "state", json!({ "session": a })).0, 200);
    assert_eq!(call(&mut pg, "state", json!({ "session": c })).0, 200);
}

/// Sends a raw HTTP request to a server that answers `n` requests; returns the status and body.
fn http(addr: SocketAddr, raw: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let _ = s.write_all(raw);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

#[test]
fn the_http_layer_refuses_big_bodies_foreign_hosts_and_non_json() {
    let dir = scratch("http");
    let mut cfg = Config::new(&rules(), dir.to_owned_path());
    cfg.max_body = 1000;
    let server = WebServer::bind("127.0.0.1:0".parse().unwrap(), Playground::new(cfg)).unwrap();
    let addr = server.addr();
    let t = std::thread::spawn(move || server.run_for(6));
    let host = format!("Host: {addr}\r\n");
    let post = |body: &str, extra: &str| {
        format!(
            "POST /api/new HTTP/1.1\r\n{host}{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let json_type = "Content-Type: application/json\r\n";
    let big = format!("{{\"rule\": \"{}\"}}", "x".repeat(5000));
    let (s, b) = http(addr, post(&big, json_type).as_bytes());
    assert_eq!(s, 413, "{b}");
    assert!(b.contains("larger than 1000 bytes"), "{b}");
    let (s, b) = http(addr, post("{\"rule\":\"tchuka_ruma\"}", "").as_bytes());
    assert_eq!(s, 415, "{b}");
    let evil = "POST /api/new HTTP/1.1\r\nHost: evil.example:80\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (s, b) = http(addr, evil.as_bytes());
    assert_eq!(s, 403, "{b}");
    let (s, b) = http(
        addr,
        post("{\"rule\":\"tchuka_ruma\"}", json_type).as_bytes(),
    );
    assert_eq!(s, 200, "{b}");
    let v: Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["legal"], json!(["1", "2", "3", "4"]));
    let get = format!("GET / HTTP/1.1\r\n{host}Connection: close\r\n\r\n");
    let (s, b) = http(addr, get.as_bytes());
    assert_eq!(s, 200);
    assert!(b.contains("<script src=\"/app.js\">"));
    let get = format!("GET /api/play HTTP/1.1\r\n{host}Connection: close\r\n\r\n");
    let (s, b) = http(addr, get.as_bytes());
    assert_eq!(s, 405, "{b}");
    t.join().unwrap();
}

#[test]
fn hint_and_ai_in_a_solitaire_ask_the_solver_when_no_agent_is_named() {
    // Issue 13 item 3: 7-7-7-7 Tchuka Ruma is won in 11 moves; the playground's `ai` with no
    // agent named follows the solver and wins it, saying how many moves are left.
    let (mut pg, _dir) = playground("advice");
    let (s, v) = call(
        &mut pg,
        "new",
        json!({ "rule": "tchuka_ruma", "options": { "seeds": 7 } }),
    );
    assert_eq!(s, 200, "{v}");
    let id = v["session"].as_str().unwrap().to_string();
    let (s, v) = call(&mut pg, "hint", json!({ "session": id }));
    assert_eq!(s, 200, "{v}");
    let msg = v["message"].as_str().unwrap();
    assert!(msg.starts_with("the solver suggests "), "{msg}");
    assert!(msg.ends_with(": 11 moves to win"), "{msg}");
    assert_eq!(
        v["history"].as_array().unwrap().len(),
        0,
        "a hint plays nothing"
    );
    for n in 1..=11 {
        let (s, v) = call(&mut pg, "ai", json!({ "session": id, "agent": "" }));
        assert_eq!(s, 200, "{v}");
        let msg = v["message"].as_str().unwrap();
        let left = 12 - n;
        assert!(
            msg.starts_with("the solver plays ")
                && msg.contains(&format!(
                    ": {left} move{} to win",
                    if left == 1 { "" } else { "s" }
                )),
            "move {n}: {msg}"
        );
    }
    assert_eq!(state(&mut pg, &id)["result"], "won");
    // A named agent is still that agent.
    let k = new_game(&mut pg, "tchuka_ruma");
    let (_, v) = call(&mut pg, "hint", json!({ "session": k, "agent": "random" }));
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("random suggests"),
        "{v}"
    );
}

#[test]
fn hint_and_ai_say_no_win_from_here_and_play_nothing() {
    // 3-3-3-3 cannot be won: no move is suggested or played.
    let (mut pg, _dir) = playground("nowin");
    let (_, v) = call(
        &mut pg,
        "new",
        json!({ "rule": "tchuka_ruma", "options": { "seeds": 3 } }),
    );
    let id = v["session"].as_str().unwrap().to_string();
    for route in ["hint", "ai"] {
        let (s, v) = call(&mut pg, route, json!({ "session": id }));
        assert_eq!(s, 200, "{v}");
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .starts_with("no win from here"),
            "{route}: {v}"
        );
        assert_eq!(v["no_win"], true);
        assert!(v.get("hint").is_none(), "{route}: {v}");
        assert_eq!(v["history"].as_array().unwrap().len(), 0, "{route}");
        assert_eq!(v["result"], "playing");
    }
    // Two players: no solver, the default agent.
    let k = new_game(&mut pg, "kalah");
    let (s, v) = call(&mut pg, "hint", json!({ "session": k }));
    assert_eq!(s, 200, "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("alphabeta:4 suggests"),
        "{v}"
    );
}

#[test]
fn the_agent_cost_cap_holds_however_the_agent_is_spelled() {
    let (mut pg, _dir) = playground("spelling");
    let id = new_game(&mut pg, "tchuka_ruma");
    let before = state(&mut pg, &id);
    for agent in [
        "alphabeta:9",
        "AlphaBeta:9",
        "ALPHABETA:12",
        "ab:9",
        " alphabeta : 9 ",
        "alphabeta:09",
        "alphabeta:+9",
        "mcts:20001",
        "MCTS:1000000",
        "mcts: 50000",
    ] {
        for route in ["ai", "hint"] {
            let (s, v) = call(&mut pg, route, json!({ "session": id, "agent": agent }));
            assert!(
                s == 422 && error_of(&v).contains("too costly"),
                "{route} with `{agent}`: {s} {v}"
            );
        }
    }
    assert_eq!(state(&mut pg, &id), before, "nothing was played");
    // The allowed ones, however spelled, still play.
    for agent in ["AB:2", "Mcts:50", "alphabeta"] {
        let (s, v) = call(&mut pg, "hint", json!({ "session": id, "agent": agent }));
        assert_eq!(s, 200, "{agent}: {v}");
    }
}

/// The generator the playground's session ids once came from (xoshiro256** seeded through
/// SplitMix64, as in the engine), written out here so that the test does not lean on it.
fn xoshiro_pair(seed: u64) -> (u64, u64) {
    let mut sm = seed;
    let mut split = || {
        sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = sm;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut s = [split(), split(), split(), split()];
    let mut next = || {
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    };
    (next(), next())
}

#[test]
fn session_ids_cannot_be_computed_from_the_clock_and_the_process() {
    // A seeded generator is seeded from something an attacker can guess: the time the
    // playground started (to the nanosecond, within a short window) and the process id. Every
    // seed of that window is tried; none may give the ids seen.
    let nanos = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
    };
    let t0 = nanos();
    let (mut pg, _dir) = playground("ids");
    let t1 = nanos();
    let id = new_game(&mut pg, "tchuka_ruma");
    assert_eq!(id.len(), 32, "{id}");
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    let pid = (std::process::id() as u64) << 32;
    let window = (t1 - t0).min(50_000_000);
    for t in t0..=t0 + window {
        let (a, b) = xoshiro_pair(t ^ pid);
        assert_ne!(
            format!("{a:016x}{b:016x}"),
            id,
            "the session id follows from the start time {t} ns"
        );
    }
    let mut seen = std::collections::HashSet::new();
    for _ in 0..100 {
        assert!(
            seen.insert(new_game(&mut pg, "tchuka_ruma")),
            "an id came twice"
        );
    }
}

#[test]
fn save_keeps_a_data_rule_yaml_and_never_replaces_another_user_file_silently() {
    let (mut pg, _dir) = playground("save");
    let user = pg.config().user_dir.clone();
    // A data rule is saved as YAML, and loads back as one.
    let id = new_game(&mut pg, "kalah_data");
    let (_, v) = call(&mut pg, "source", json!({ "session": id }));
    let text = v["source"]["text"].as_str().unwrap().to_string();
    let (s, v) = call(&mut pg, "reload", json!({ "session": id, "source": text }));
    assert_eq!(s, 200, "{v}");
    assert!(user.join("kalah_data.yaml").is_file(), "{v}");
    assert!(
        !user.join("kalah_data.rhai").exists(),
        "saved under a script name"
    );
    assert_eq!(
        v["reload"]["path"],
        user.join("kalah_data.yaml").display().to_string()
    );
    // Saved again: the file this session shows and wrote is replaced.
    let (s, v) = call(&mut pg, "reload", json!({ "session": id, "source": text }));
    assert_eq!(s, 200, "{v}");

    // Another file of that name in the user folder is not replaced without a word.
    std::fs::write(user.join("tchuka_ruma.rhai"), "// my own tchuka\n").unwrap();
    let t = new_game(&mut pg, "tchuka_ruma");
    let (_, v) = call(&mut pg, "source", json!({ "session": t }));
    let shipped = v["source"]["text"].as_str().unwrap().to_string();
    let edited = shipped.replace("seeds: #{ value: 2", "seeds: #{ value: 3");
    assert_ne!(edited, shipped);
    let before = state(&mut pg, &t);
    let (s, v) = call(&mut pg, "reload", json!({ "session": t, "source": edited }));
    assert_eq!(s, 409, "{v}");
    let e = error_of(&v);
    assert!(
        e.starts_with("not saved: ") && e.contains("already exists"),
        "{e}"
    );
    assert_eq!(v["exists"], true);
    assert_eq!(
        std::fs::read_to_string(user.join("tchuka_ruma.rhai")).unwrap(),
        "// my own tchuka\n",
        "the user's file is untouched"
    );
    assert_eq!(state(&mut pg, &t), before, "the game is unchanged");
    // Said so, it is replaced.
    let (s, v) = call(
        &mut pg,
        "reload",
        json!({ "session": t, "source": edited, "overwrite": true }),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        std::fs::read_to_string(user.join("tchuka_ruma.rhai")).unwrap(),
        edited
    );
}
