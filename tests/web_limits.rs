//! The playground's bound per computation: a computer move that cannot finish in time is
//! stopped with a clear error (the game unchanged), and one whose client goes away is stopped
//! then, not when its time is up.

#![cfg(feature = "cli")]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::{scratch, Scratch};

use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sowlab::web::{Config, Playground, WebServer};

/// A configuration whose user folder is a scratch directory (kept as long as it is).
fn config(name: &str) -> (Config, Scratch) {
    let dir = scratch(name);
    let cfg = Config::new(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rules"),
        dir.to_owned_path(),
    );
    (cfg, dir)
}

/// A Kalah board of 64 houses of 5000 seeds: `mcts:20000` (the costliest agent the playground
/// allows) plays 20 000 playouts of up to 1000 moves sowing thousands of seeds each, far more
/// than any machine plays in the waits below (work that cannot finish: 20 playouts take seconds
/// in a debug build).
const BIG: &str = r#"{"rule": "kalah", "options": {"holes": 64, "seeds": 5000}}"#;
const AGENT: &str = "mcts:20000";

#[test]
fn a_computer_move_past_the_bound_is_stopped_and_changes_nothing() {
    let (mut cfg, _dir) = config("bound");
    cfg.compute_time = Duration::from_millis(500);
    cfg.solve_time = Duration::from_millis(100);
    let pg = Playground::new(cfg);
    let (s, v) = pg.handle("new", BIG.as_bytes());
    assert_eq!(s, 200, "{v}");
    let id = v["session"].as_str().unwrap().to_string();
    for route in ["ai", "hint"] {
        let body = json!({ "session": id, "agent": AGENT }).to_string();
        let (s, v) = pg.handle(route, body.as_bytes());
        assert_eq!(s, 503, "{route}: {v}");
        assert!(v["error"].as_str().unwrap().starts_with("stopped: "), "{v}");
    }
    let (_, v) = pg.handle("state", json!({ "session": id }).to_string().as_bytes());
    assert_eq!(v["history"], json!([]), "the game is unchanged");
    assert_eq!(pg.computing(), 0);
    // A quick call after it works as ever.
    let (s, v) = pg.handle(
        "ai",
        json!({ "session": id, "agent": "greedy" })
            .to_string()
            .as_bytes(),
    );
    assert_eq!(s, 200, "{v}");
}

#[test]
fn a_computation_whose_client_went_away_is_stopped() {
    let (mut cfg, _dir) = config("gone");
    // Far longer than the test waits: only the client's leaving can stop it in time.
    cfg.compute_time = Duration::from_secs(3600);
    cfg.max_computations = 1;
    let server = WebServer::bind("127.0.0.1:0".parse().unwrap(), Playground::new(cfg)).unwrap();
    let (addr, pg) = (server.addr(), server.playground());
    std::thread::spawn(move || server.run());
    let (s, v) = pg.handle("new", BIG.as_bytes());
    assert_eq!(s, 200, "{v}");
    let id = v["session"].as_str().unwrap().to_string();
    let body = json!({ "session": id, "agent": AGENT }).to_string();
    let mut c = TcpStream::connect(addr).unwrap();
    write!(
        c,
        "POST /api/ai HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let wait = |what: &str, done: &dyn Fn() -> bool| {
        let until = Instant::now() + Duration::from_secs(120);
        while !done() {
            assert!(Instant::now() < until, "{what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    wait("the computation never started", &|| pg.computing() == 1);
    // Meanwhile quick calls are answered, and one more long one is told the server is busy.
    let (s, v) = pg.handle("state", json!({ "session": id }).to_string().as_bytes());
    assert_eq!(s, 200, "{v}");
    let (s, v) = pg.handle(
        "hint",
        json!({ "session": id, "agent": "greedy" })
            .to_string()
            .as_bytes(),
    );
    assert_eq!(s, 503, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("busy: "), "{v}");
    drop(c);
    wait("the computation went on after its client left", &|| {
        pg.computing() == 0
    });
    let (_, v): (u16, Value) = pg.handle("state", json!({ "session": id }).to_string().as_bytes());
    assert_eq!(v["history"], json!([]), "nothing was played");
}

#[test]
fn the_picture_of_a_move_of_very_many_seeds_is_refused_not_built_whole() {
    let (cfg, _dir) = config("frame");
    let pg = Playground::new(cfg);
    // One move of 100 000 seeds: 100 000 sowing events, a picture of over 10 MB.
    let (s, v) = pg.handle(
        "new",
        br#"{"rule": "kalah", "options": {"holes": 64, "seeds": 100000}}"#,
    );
    assert_eq!(s, 200, "{v}");
    let id = v["session"].as_str().unwrap().to_string();
    let (s, v) = pg.handle(
        "play",
        json!({ "session": id, "move": "1" }).to_string().as_bytes(),
    );
    assert_eq!(s, 200, "{v}");
    let (s, v) = pg.handle(
        "frame",
        json!({ "session": id, "n": 1 }).to_string().as_bytes(),
    );
    assert_eq!(s, 422, "{:.300}", v.to_string());
    let e = v["error"].as_str().unwrap();
    assert!(
        e.starts_with("move 1 up to lap 1 is 100")
            && e.contains("sowing events, more than the playground draws (20000)"),
        "{e}"
    );
    // The position before it (lap 0) is drawn; so is a move of a few thousand seeds.
    let (s, v) = pg.handle(
        "frame",
        json!({ "session": id, "n": 1, "lap": 0 })
            .to_string()
            .as_bytes(),
    );
    assert_eq!(s, 200, "{v}");
    let (s, v) = pg.handle(
        "new",
        br#"{"rule": "kalah", "options": {"holes": 64, "seeds": 5000}}"#,
    );
    assert_eq!(s, 200, "{v}");
    let id = v["session"].as_str().unwrap().to_string();
    pg.handle(
        "play",
        json!({ "session": id, "move": "1" }).to_string().as_bytes(),
    );
    let (s, v) = pg.handle(
        "frame",
        json!({ "session": id, "n": 1 }).to_string().as_bytes(),
    );
    assert_eq!(s, 200, "{v}");
    assert!(v["frame"]["svg"].as_str().unwrap().starts_with("<svg"));
}

/// A data rule of `rows` rows of 64 holes (and two stores), in a new rules folder: the folder.
// (Tests make their fixtures directly; sowlab itself goes through its file door.)
#[allow(clippy::disallowed_methods)]
fn rows_rule(rows: usize) -> Scratch {
    let d = scratch("limits-rows");
    let name = |mut i: usize| {
        let mut s = String::new();
        loop {
            s.insert(0, (b'a' + (i % 26) as u8) as char);
            i /= 26;
            if i == 0 {
                break s;
            }
        }
    };
    let pits: String = (0..rows)
        .map(|i| {
            format!(
                "    - {{ row: {}, owner: {}, holes: 64, seeds: 1 }}\n",
                name(i),
                1 + i % 2
            )
        })
        .collect();
    let text = format!(
        "name: Rows\nplayers: 2\ndescription: \"rows upon rows\"\nboard:\n  players: 2\n  \
         shape: two_rows\n  pits:\n{pits}    - {{ store: s1, owner: 1 }}\n    - {{ store: s2, \
         owner: 2 }}\nsowing:\n  stores: own\npipeline:\n  extra_turn: store\n  end:\n    - {{ \
         when: side_empty, sweep: owners, then: most_seeds }}\n"
    );
    std::fs::write(d.join("rows.yaml"), text).unwrap();
    d
}

#[test]
fn a_board_too_large_to_draw_is_refused_not_drawn_whole() {
    // 1 500 rows of 64 holes: 96 002 pits, under the engine's cap of 100 000, a picture of tens
    // of MB in every answer.
    let rules = rows_rule(1500);
    let user = rules.join("user");
    let pg = Playground::new(Config::new(&*rules, user));
    let (s, v) = pg.handle("new", br#"{"rule": "rows"}"#);
    assert_eq!(s, 422, "{:.300}", v.to_string());
    let e = v["error"].as_str().unwrap();
    assert_eq!(
        e,
        "the board has 96002 pits, more than one picture draws (4096): the playground cannot show this game (play it in the REPL)"
    );
    // A board of a few rows is drawn as ever.
    let (s, v) = pg.handle("new", br#"{"rule": "kalah", "options": {"holes": 64}}"#);
    assert_eq!(s, 200, "{v}");
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
}
