//! The playground under load and attack, through the real `sowlab serve` on loopback: a client
//! that announces a body and never sends it, one refused as too large that never sends it either,
//! one that never reads its answers, and one running a long solve, while a few clients make quick
//! calls: every quick call is answered while the stalled ones are still open, and the server is
//! up at the end. Also absurd body sizes, huge headers and running out of file descriptors.
//!
//! Nothing here depends on the machine's speed: the claims are about order (the quick calls end
//! while the stalled request is still unanswered) and about the server staying up; the waits
//! are bounds on a hang (a client's read timeout), never a pause that expects something.

#![cfg(feature = "cli")]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a client waits for an answer before calling the server hung.
const HANG: Duration = Duration::from_secs(60);

struct Server {
    child: Child,
    addr: SocketAddr,
    /// The server's stderr lines, as they come.
    errors: mpsc::Receiver<String>,
    /// The server's user folder, removed after the server is stopped.
    _dir: scratch::Scratch,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `sowlab serve --port 0` (through `sh -c` with `prefix`, e.g. a `ulimit`), and waits
/// for it to print its URL.
fn serve(name: &str, prefix: &str) -> Server {
    let dir = scratch(&format!("load-{name}"));
    let script = format!("{prefix} exec \"$0\" serve --port 0 --user-rules \"$1\"");
    let mut child = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_sowlab")])
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sowlab serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let url = line
        .trim()
        .strip_prefix("sowlab playground: http://")
        .unwrap_or_else(|| panic!("no URL: {line}"));
    let addr: SocketAddr = url.trim_end_matches('/').parse().unwrap();
    std::thread::spawn(move || for _ in out.lines() {});
    let (tx, errors) = mpsc::channel();
    let err = BufReader::new(child.stderr.take().unwrap());
    std::thread::spawn(move || {
        for l in err.lines().map_while(|l| l.ok()) {
            let _ = tx.send(l);
        }
    });
    Server {
        child,
        addr,
        errors,
        _dir: dir,
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(HANG)).unwrap();
    s.set_write_timeout(Some(HANG)).unwrap();
    s
}

/// Sends one request (`Connection: close`) and reads the whole answer: status and body. A
/// server that does not answer within [`HANG`] fails the test.
fn http(addr: SocketAddr, raw: &str) -> (u16, String) {
    let mut s = connect(addr);
    s.write_all(raw.as_bytes()).expect("send");
    let mut out = Vec::new();
    if let Err(e) = s.read_to_end(&mut out) {
        assert!(
            !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
            "no answer in {HANG:?} to {}",
            raw.lines().next().unwrap_or("")
        );
    }
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

fn post(addr: SocketAddr, route: &str, body: &str) -> (u16, serde_json::Value) {
    let raw = format!(
        "POST /api/{route} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (s, b) = http(addr, &raw);
    let v = serde_json::from_str(&b).unwrap_or_else(|_| panic!("{route}: not JSON ({s}): {b}"));
    (s, v)
}

fn get(addr: SocketAddr, path: &str) -> u16 {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
    .0
}

/// Whether the server has answered on `s` yet (without waiting).
fn answered(s: &mut TcpStream) -> bool {
    s.set_nonblocking(true).unwrap();
    let mut b = [0u8; 64];
    let r = s.read(&mut b);
    s.set_nonblocking(false).unwrap();
    !matches!(r, Err(ref e) if e.kind() == ErrorKind::WouldBlock)
}

#[test]
fn quick_calls_are_answered_while_one_client_stalls_and_another_solves() {
    let server = serve("stall", "");
    let addr = server.addr;
    // Announces 100 bytes of body, sends 5, and waits.
    let mut stalled = connect(addr);
    stalled
        .write_all(
            format!(
                "POST /api/new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{\"ru"
            )
            .as_bytes(),
        )
        .unwrap();
    // Announces a body far over the limit and never sends it: refused at once.
    let mut big = connect(addr);
    big.write_all(
        format!(
            "POST /api/new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 1000000000\r\n\r\n"
        )
        .as_bytes(),
    )
    .unwrap();
    // Asks for the page a thousand times over one connection and never reads an answer.
    let mut deaf = connect(addr);
    let one = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let _ = deaf.write_all(one.repeat(1000).as_bytes());
    // A long solve: a large Tchuka Ruma, stopped by the playground's bound at the latest.
    let solver = std::thread::spawn(move || {
        let (s, v) = post(
            addr,
            "new",
            r#"{"rule": "tchuka_ruma", "options": {"holes": 12, "seeds": 6}}"#,
        );
        assert_eq!(s, 200, "{v}");
        let id = v["session"].as_str().unwrap().to_string();
        post(addr, "solve", &format!(r#"{{"session": "{id}"}}"#))
    });
    // Quick clients.
    let clients: Vec<_> = (0..6)
        .map(|c| {
            std::thread::spawn(move || {
                for round in 0..10 {
                    let (s, v) = post(addr, "new", r#"{"rule": "tchuka_ruma"}"#);
                    assert_eq!(s, 200, "client {c} round {round}: {v}");
                    let id = v["session"].as_str().unwrap().to_string();
                    let (s, v) = post(
                        addr,
                        "play",
                        &format!(r#"{{"session": "{id}", "move": "3"}}"#),
                    );
                    assert_eq!(s, 200, "client {c} round {round}: {v}");
                    let (s, v) = post(addr, "state", &format!(r#"{{"session": "{id}"}}"#));
                    assert_eq!(s, 200, "client {c} round {round}: {v}");
                    assert_eq!(v["history"].as_array().unwrap().len(), 1);
                    assert_eq!(get(addr, "/app.js"), 200);
                }
            })
        })
        .collect();
    for c in clients {
        c.join().expect("a quick client failed");
    }
    // Every quick call was answered while the stalled request is still waiting for its body.
    assert!(
        !answered(&mut stalled),
        "the stalled request was answered before the quick calls ended"
    );
    // The oversized one was refused without waiting for its body.
    let mut head = [0u8; 12];
    big.read_exact(&mut head)
        .expect("an answer to the oversized body");
    assert_eq!(&head, b"HTTP/1.1 413", "{}", String::from_utf8_lossy(&head));
    let (s, v) = solver.join().expect("the solving client");
    assert!(s == 200 || s == 503, "{s}: {v}");
    assert_eq!(get(addr, "/"), 200, "the server is up at the end");
    drop(deaf);
    drop(stalled);
}

#[test]
fn an_absurd_body_size_is_refused_at_once_and_the_server_stays_up() {
    let server = serve("absurd", "");
    let addr = server.addr;
    // Within what a length may say: refused with 413 before anything is read or allocated.
    let raw = format!(
        "POST /api/new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000000000000000\r\nConnection: close\r\n\r\n{{}}"
    );
    let (s, b) = http(addr, &raw);
    assert_eq!(s, 413, "{b}");
    assert!(b.contains("larger than"), "{b}");
    // Past it, or not a length: refused as a bad request.
    for length in ["18446744073709551615", "99999999999999999999999999", "-1"] {
        let raw = format!(
            "POST /api/new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\nConnection: close\r\n\r\n{{}}"
        );
        let (s, b) = http(addr, &raw);
        assert!((400..500).contains(&s), "Content-Length {length}: {s} {b}");
    }
    assert_eq!(get(addr, "/"), 200, "the server is up");
}

#[test]
fn huge_headers_are_cut_off_and_the_server_stays_up() {
    let server = serve("headers", "");
    let addr = server.addr;
    let mut s = connect(addr);
    s.write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\n").as_bytes())
        .unwrap();
    // 64 MiB of one header, in pieces: the server must stop reading long before the end.
    let piece = format!("X-Junk-{}: {}\r\n", 0, "a".repeat(64 * 1024 - 20));
    let mut sent = 0usize;
    let mut refused = false;
    for _ in 0..1024 {
        match s.write_all(piece.as_bytes()) {
            Ok(()) => sent += piece.len(),
            Err(_) => {
                refused = true;
                break;
            }
        }
    }
    assert!(
        refused,
        "the server read {sent} bytes of headers without refusing them"
    );
    assert_eq!(get(addr, "/"), 200, "the server is up");
}

#[test]
fn running_out_of_file_descriptors_is_survived_and_said() {
    let server = serve("emfile", "ulimit -n 64 &&");
    let addr = server.addr;
    // More connections than the server may hold files: it cannot accept them all.
    let held: Vec<TcpStream> = (0..120)
        .filter_map(|_| TcpStream::connect(addr).ok())
        .collect();
    let said = loop {
        match server.errors.recv_timeout(HANG) {
            Ok(l) if l.contains("cannot accept") => break l,
            Ok(_) => continue,
            Err(_) => panic!("the server said nothing about refused connections"),
        }
    };
    assert!(said.contains("Too many open files"), "{said}");
    drop(held);
    let mut server = server;
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server exited"
    );
    assert_eq!(get(addr, "/"), 200, "the server still answers");
    assert!(server.child.try_wait().unwrap().is_none());
}

#[test]
fn ctrl_c_stops_the_server() {
    let mut server = serve("ctrlc", "");
    assert_eq!(get(server.addr, "/"), 200);
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let until = std::time::Instant::now() + HANG;
    let status = loop {
        if let Some(s) = server.child.try_wait().unwrap() {
            break s;
        }
        assert!(
            std::time::Instant::now() < until,
            "the server went on after Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
}
