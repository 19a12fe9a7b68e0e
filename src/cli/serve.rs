//! `sowlab serve`: the web playground on 127.0.0.1 (see [`crate::web`]). Prints the URL and serves
//! until interrupted.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use clap::Args;

use crate::engine::rule::library::RulePath;
use crate::error::Result;
use crate::web::{default_user_dir, Config, Playground, WebServer};

/// Arguments of `sowlab serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port (0: any free port).
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines play and
    /// write edited rules into the user rules folder: only on a network you trust.
    #[arg(long, default_value = "127.0.0.1", value_name = "IP")]
    pub host: IpAddr,
    /// Where edited rules are saved (default: $XDG_DATA_HOME/sowlab/rules or
    /// ~/.local/share/sowlab/rules).
    #[arg(long, value_name = "DIR")]
    pub user_rules: Option<PathBuf>,
    /// The most sessions (browser tabs) kept at once; the least recently used goes first.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max_sessions: u64,
}

/// `sowlab serve`: binds, prints the URL, serves.
pub fn cmd_serve(dir: &RulePath, a: ServeArgs) -> Result<i32> {
    let user = a.user_rules.unwrap_or_else(default_user_dir);
    let mut cfg = Config::new(dir, user);
    cfg.max_sessions = a.max_sessions as usize;
    if !a.host.is_loopback() {
        eprintln!(
            "sowlab: warning: listening on {}: other machines can play and save rules into {}",
            a.host,
            cfg.user_dir.display()
        );
    }
    let user_dir = cfg.user_dir.clone();
    let server = WebServer::bind(SocketAddr::new(a.host, a.port), Playground::new(cfg))?;
    let addr = server.addr();
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
    } else {
        addr
    };
    println!("sowlab playground: http://{shown}/");
    println!(
        "rules from {}, edited rules saved in {}; Ctrl-C stops",
        dir.describe(),
        user_dir.display()
    );
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // It serves until Ctrl-C; returning for any other reason is a failure, never a silent 0.
    server.run()?;
    if crate::engine::base::clock::INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
        eprintln!("sowlab serve: stopped (Ctrl-C)");
        return Ok(130);
    }
    Err(crate::error::Error::msg("the web server stopped listening"))
}
