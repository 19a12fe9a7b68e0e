//! The playground's connection slots: idle connections (no request being answered) do not keep
//! everyone else waiting: when every slot is taken, the connection idle longest is closed for the
//! next one.

#![cfg(feature = "cli")]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

use sowlab::web::{Config, Playground, WebServer};

/// Sends `GET /api/rules` on `c` and reads its whole answer (by its Content-Length), leaving the
/// connection open (keep-alive) unless `close`.
fn get_rules(c: &mut TcpStream, addr: SocketAddr, close: bool) -> String {
    let conn = if close { "close" } else { "keep-alive" };
    write!(
        c,
        "GET /api/rules HTTP/1.1\r\nHost: {addr}\r\nConnection: {conn}\r\n\r\n"
    )
    .unwrap();
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(c.read(&mut b).unwrap(), 1, "the answer's head ended early");
        head.push(b[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let len: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().parse().unwrap())
        })
        .expect("a Content-Length");
    let mut body = vec![0u8; len];
    c.read_exact(&mut body).unwrap();
    format!("{head}{}", String::from_utf8_lossy(&body))
}

#[test]
fn idle_connections_are_shed_first_when_every_slot_is_taken() {
    let dir = scratch("conns");
    let mut cfg = Config::new(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rules"),
        dir.to_owned_path(),
    );
    cfg.max_connections = 4;
    // (idle connections are closed after `header_time`: long enough that only the shedding
    // closes one here, however slowly the machine runs the test)
    cfg.header_time = Duration::from_secs(3600);
    let server = WebServer::bind("127.0.0.1:0".parse().unwrap(), Playground::new(cfg)).unwrap();
    let addr = server.addr();
    std::thread::spawn(move || server.run());
    // Every slot taken by a connection that was answered once and now sits idle (keep-alive):
    // each answer shows the server accepted it.
    let mut idle: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut c = TcpStream::connect(addr).unwrap();
            // (a guard against a hang, not a timing bound: the answers take milliseconds)
            c.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
            assert!(get_rules(&mut c, addr, false).starts_with("HTTP/1.1 200"));
            c
        })
        .collect();
    // One more client is answered: the connection idle longest was closed for it.
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let a = get_rules(&mut c, addr, true);
    assert!(a.starts_with("HTTP/1.1 200"), "{a}");
    assert!(a.contains("kalah"), "{a}");
    let mut b = [0u8; 1];
    assert_eq!(
        idle[0].read(&mut b).unwrap(),
        0,
        "the oldest idle connection is closed"
    );
    // Only that one: the others are still open (nothing to read yet, no end).
    for (i, c) in idle.iter_mut().enumerate().skip(1) {
        c.set_nonblocking(true).unwrap();
        let r = c.read(&mut b);
        assert!(
            matches!(&r, Err(e) if e.kind() == ErrorKind::WouldBlock),
            "idle connection {i}: {r:?}"
        );
        c.set_nonblocking(false).unwrap();
    }
    // And they still work.
    assert!(get_rules(&mut idle[1], addr, false).starts_with("HTTP/1.1 200"));
}
