//! `sowlab solve` on a two-player game: the exact value ([`crate::solve_exact`]), in one line
//! ("player 1 wins by 10: 3 6 ...") or as JSON, with the tablebases of `--tablebase DIR`.

use crate::cli::progress::SearchSpinner;
use crate::cli::search_report::{exit_code, out_of_reach, print_json, stats_line};
use crate::search::solve::{Progress, SearchLimits};
use crate::search::tablebase::file;
use crate::{Error, Game, Result, Tablebase};

/// Loads the tablebase in `dir` for the game `g`.
pub fn load_tablebase(dir: &std::path::Path, g: &Game) -> Result<Tablebase> {
    let b = g.board();
    let mut tb = Tablebase::empty(&g.rule, &b)?;
    // (a folder, after links: a pipe, a file or a device given as one is named as such)
    if let Err(e) = crate::engine::base::files::list_dir(dir) {
        let why = if e.kind() == std::io::ErrorKind::NotFound {
            "no such folder".to_string()
        } else if e.kind() == std::io::ErrorKind::NotADirectory {
            "not a folder (the layer files go in a folder)".to_string()
        } else {
            e.to_string()
        };
        return Err(Error::msg(format!("--tablebase {}: {why}", dir.display())));
    }
    if file::load(dir, &mut tb)? == 0 {
        return Err(Error::msg(format!(
            "--tablebase {}: no layer file ({}) in it",
            dir.display(),
            file::layer_path(dir, 0).display()
        )));
    }
    Ok(tb)
}

/// The exact value of a two-player game, printed; the exit status.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cmd_exact(
    g: &Game,
    json: bool,
    tablebase: Option<&std::path::Path>,
    limits: &SearchLimits,
    threads: usize,
    secs: u64,
    title: &str,
    line: &SearchSpinner,
) -> Result<i32> {
    use std::io::Write;
    let tb = match tablebase {
        Some(dir) => Some(load_tablebase(dir, g)?),
        None => None,
    };
    let mut cb = |p: &Progress| line.show(p);
    let r = crate::solve_exact_threads(
        &g.rule,
        g.current(),
        limits,
        tb.as_ref(),
        Some(&mut cb),
        threads,
    );
    line.clear();
    let r = r?;
    let mut out = std::io::stdout().lock();
    if json {
        print_json(&mut out, &r, g)?;
    } else {
        let _ = writeln!(out, "{title}: {}", r.line());
        let _ = writeln!(
            out,
            "{}, {} MTD(f) passes, {} positions in the table{}",
            stats_line(&r.stats),
            r.passes,
            r.positions,
            if r.tablebase_seeds > 0 || tb.is_some() {
                format!(
                    ", {} tablebase hits (up to {} seeds)",
                    r.tablebase_hits, r.tablebase_seeds
                )
            } else {
                String::new()
            }
        );
        if r.result.is_none() {
            let _ = writeln!(out, "{}", out_of_reach(&r.stats, secs));
        }
    }
    Ok(exit_code(&r.stats, r.result.is_some()))
}
