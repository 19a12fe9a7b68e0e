//! `sowlab tablebase build`: the layers of a tablebase, from 0 seeds in play up, each written to
//! its file as soon as it is built (Ctrl-C keeps the finished ones; a second build starts after
//! them).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::cli::args::{load_game, GameArgs};
use crate::search::tablebase::build::{build_layer, LayerProgress};
use crate::search::tablebase::{file, MAX_SEEDS};
use crate::RulePath;
use crate::{Error, Result, Tablebase};

/// Arguments of `sowlab tablebase`.
#[derive(clap::Args, Debug)]
pub struct TablebaseArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TablebaseAction,
}

/// The actions of `sowlab tablebase`.
#[derive(clap::Subcommand, Debug)]
pub enum TablebaseAction {
    /// Build the layers of 0 to K seeds in play into a folder.
    Build(BuildArgs),
}

/// Arguments of `sowlab tablebase build`.
#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The game: rule and options (the tablebase serves only these).
    #[command(flatten)]
    pub game: GameArgs,
    /// The highest layer: positions with up to this many seeds in play.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=MAX_SEEDS as i64))]
    pub seeds: u32,
    /// The folder of the layer files (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Worker threads.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Refuse a build whose layers would take more than this many MiB (default: 2048, or
    /// $SOWLAB_SOLVE_MB).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    pub max_memory: Option<u64>,
}

/// `sowlab tablebase ...`.
pub fn cmd_tablebase(dir: &RulePath, a: TablebaseArgs) -> Result<i32> {
    match a.action {
        TablebaseAction::Build(b) => cmd_build(dir, b),
    }
}

fn cmd_build(dir: &RulePath, a: BuildArgs) -> Result<i32> {
    let g = load_game(dir, &a.game)?;
    let b = g.board().clone();
    let mut tb = Tablebase::empty(&g.rule, &b)?;
    let k_max = a.seeds as usize;
    // (a rule whose sides are mirror images holds player 1's half of each layer)
    let half = tb.one_side(&g.rule)?;
    let need = tb.ask_layers(crate::Budget::mib_or_default(a.max_memory), k_max, half)?;
    crate::engine::base::files::create_dir_all(&a.out)
        .map_err(|e| Error::msg(format!("--out {}: {e}", a.out.display())))?;
    crate::cli::leave_on_second_interrupt();
    let start = Instant::now();
    for k in 0..=k_max {
        if let Some(v) = file::read_layer(&a.out, &tb, k)? {
            tb.push_read_layer(v, &file::layer_path(&a.out, k));
            eprintln!(
                "layer {k}: {} positions, kept from {}",
                tb.layer_size(k),
                a.out.display()
            );
            continue;
        }
        let t0 = Instant::now();
        let progress = LayerProgress::default();
        let total = if half {
            tb.layer_size(k) / 2
        } else {
            tb.layer_size(k)
        };
        let finished = AtomicBool::new(false);
        let built = std::thread::scope(|sc| {
            sc.spawn(|| show_progress(k, total, &progress, &finished));
            let r = build_layer(&g.rule, &b, &tb, k, a.jobs as usize, &progress);
            finished.store(true, Ordering::Relaxed);
            r
        })?;
        let Some(values) = built else {
            eprintln!(
                "interrupted in layer {k}: layers 0 to {} are kept in {}",
                k as i64 - 1,
                a.out.display()
            );
            return Ok(130);
        };
        tb.push_layer(values);
        let path = file::write_layer(&a.out, &tb, k)?;
        let side = if total < tb.layer_size(k) {
            " (player 1 to move valued, player 2's the mirror image)"
        } else {
            ""
        };
        eprintln!(
            "layer {k}: {} positions{side} in {:.2} s -> {}",
            tb.layer_size(k),
            t0.elapsed().as_secs_f64(),
            path.display()
        );
    }
    println!(
        "{} ({}): tablebase of 0 to {k_max} seeds in play, {} positions, in {} ({:.2} s)",
        g.rule.name,
        tb.options,
        need,
        a.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(0)
}

/// A bar of the layer's positions on a terminal, until `finished`.
fn show_progress(k: usize, total: u64, p: &LayerProgress, finished: &AtomicBool) {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:20} {pos}/{len} {eta} left  {wide_msg}")
            .expect("a valid template"),
    );
    bar.set_message(format!(
        "layer {k} (Ctrl-C: stop, keep the finished layers)"
    ));
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(p.done.load(Ordering::Relaxed));
        std::thread::sleep(Duration::from_millis(100));
    }
    bar.finish_and_clear();
}
