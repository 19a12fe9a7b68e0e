//! Progress on stderr, as `--progress` asks.
//!
//! `auto` (the default): with `indicatif`, only when stderr is a terminal: a bar of games with the
//! time left for simulate, compare and sweep (which names the grid point it is on), a spinner with
//! the search's counts for solve and perft. Every line is cut to the terminal's width (a long
//! label or count is cut, never wrapped onto a second line) and wiped when the run stops, so no
//! stale line stays behind.
//!
//! `lines`: plain lines for batch logs and for programs that drive sowlab, terminal or not:
//! `sowlab: progress: ...` when the work starts (so a reader knows the run is under way and Ctrl-C
//! will be answered with a report), when a stage starts (compare's B, a sweep's next point), at
//! most once a second in between, and when a stage ends. `none`: nothing.

use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::script::primitives::INTERRUPTED;
use crate::experiment::Progress;
use crate::search::solve::Progress as SearchProgress;

/// What `--progress` asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    /// A bar or spinner when stderr is a terminal, nothing otherwise.
    #[default]
    Auto,
    /// Plain `sowlab: progress: ...` lines on stderr, terminal or not.
    Lines,
    /// No progress at all.
    None,
}

impl std::fmt::Display for ProgressMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ProgressMode::Auto => "auto",
            ProgressMode::Lines => "lines",
            ProgressMode::None => "none",
        })
    }
}

/// The `--progress` of this run (set once by [`crate::cli::main`]; `auto` until then).
static MODE: OnceLock<ProgressMode> = OnceLock::new();

/// Records the `--progress` of this run.
pub fn set_mode(m: ProgressMode) {
    let _ = MODE.set(m);
}

/// What this run shows: `Auto` is resolved here, to a bar on a terminal and `None` elsewhere (so
/// the result is never `Auto`).
fn shown() -> ProgressMode {
    match MODE.get().copied().unwrap_or_default() {
        ProgressMode::Auto if std::io::stderr().is_terminal() => ProgressMode::Auto,
        ProgressMode::Auto => ProgressMode::None,
        m => m,
    }
}

/// The progress of a run of games as this run's `--progress` asks (none: no hook at all).
pub(crate) fn games_progress() -> Option<std::sync::Arc<dyn Progress>> {
    match shown() {
        ProgressMode::Auto => Some(std::sync::Arc::new(GamesBar::stderr())),
        ProgressMode::Lines => Some(std::sync::Arc::new(GamesLines::new(stderr_line))),
        ProgressMode::None => None,
    }
}

/// Writes one whole line on stderr (one write, so lines of threads never interleave).
fn stderr_line(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
    let _ = err.flush();
}

/// How often `lines` repeats itself while nothing else happens.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// What the first Ctrl-C shows while the run winds down.
const STOPPING: &str = "stopping: finishing the report (Ctrl-C again leaves at once)";

/// The style of the games bar: fixed-width fields first, then the label, which takes what is left
/// of the line and is cut to fit (`wide_msg`).
pub(crate) fn games_style() -> ProgressStyle {
    ProgressStyle::with_template("{bar:12} {pos}/{len} games, {eta} left  {wide_msg}")
        .expect("a valid template")
        .progress_chars("=> ")
}

/// The style of the search spinner (no total, so no time left).
pub(crate) fn search_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed:>3} {wide_msg}").expect("a valid template")
}

/// The progress of a run of games (simulate, compare, sweep), as [`Progress`] for the runner:
/// one bar per run, its label set by [`Progress::stage`].
pub(crate) struct GamesBar {
    target: Box<dyn Fn() -> ProgressDrawTarget + Send + Sync>,
    bar: Mutex<Option<ProgressBar>>,
    label: Mutex<String>,
}

impl GamesBar {
    /// A bar on stderr.
    pub(crate) fn stderr() -> GamesBar {
        GamesBar::with_target(ProgressDrawTarget::stderr)
    }

    /// A bar drawn on `target` (tests draw into an in-memory terminal).
    pub(crate) fn with_target(
        target: impl Fn() -> ProgressDrawTarget + Send + Sync + 'static,
    ) -> GamesBar {
        GamesBar {
            target: Box::new(target),
            bar: Mutex::new(None),
            label: Mutex::new(String::new()),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Progress for GamesBar {
    fn update(&self, done: u64, total: u64) {
        let mut slot = lock(&self.bar);
        let bar = slot.get_or_insert_with(|| {
            let b = ProgressBar::with_draw_target(Some(total), (self.target)());
            b.set_style(games_style());
            b.set_message(lock(&self.label).clone());
            b
        });
        bar.set_length(total);
        bar.set_position(done);
        if INTERRUPTED.load(Ordering::Relaxed) {
            bar.set_message(STOPPING);
        }
    }

    fn finish(&self) {
        if let Some(b) = lock(&self.bar).take() {
            b.finish_and_clear();
        }
    }

    fn stage(&self, label: &str) {
        label.clone_into(&mut lock(&self.label));
        if let Some(b) = lock(&self.bar).as_ref() {
            b.set_message(label.to_string());
        }
    }
}

/// `--progress lines` for a run of games: a line when a stage starts, once a second while it
/// runs and when it ends.
pub(crate) struct GamesLines {
    out: fn(&str),
    state: Mutex<LinesState>,
}

#[derive(Default)]
struct LinesState {
    label: String,
    /// When the last line was written (none since the stage started).
    last: Option<Instant>,
    done: u64,
    total: u64,
}

impl GamesLines {
    pub(crate) fn new(out: fn(&str)) -> GamesLines {
        GamesLines {
            out,
            state: Mutex::new(LinesState::default()),
        }
    }

    fn line(&self, st: &LinesState, what: &str) {
        let label = if st.label.is_empty() {
            String::new()
        } else {
            format!("{}: ", st.label)
        };
        (self.out)(&format!(
            "sowlab: progress: {label}{}/{} games{what}",
            st.done, st.total
        ));
    }
}

impl Progress for GamesLines {
    fn update(&self, done: u64, total: u64) {
        let mut st = lock(&self.state);
        (st.done, st.total) = (done, total);
        let due = st.last.is_none_or(|t| t.elapsed() >= LINE_EVERY);
        if due {
            let what = if st.last.is_none() { ", started" } else { "" };
            let what = if INTERRUPTED.load(Ordering::Relaxed) {
                ", stopping"
            } else {
                what
            };
            self.line(&st, what);
            st.last = Some(Instant::now());
        }
    }

    fn finish(&self) {
        let mut st = lock(&self.state);
        if st.last.is_some() {
            self.line(&st, ", done");
        }
        st.last = None;
    }

    fn stage(&self, label: &str) {
        let mut st = lock(&self.state);
        label.clone_into(&mut st.label);
        st.last = None;
    }
}

/// The progress of a search (solve, perft): positions, nodes and depth so far, as a spinner on
/// a terminal or as lines (`--progress lines`).
pub(crate) struct SearchSpinner {
    bar: Option<ProgressBar>,
    /// `--progress lines`: when the last line was written (none yet).
    lines: Option<Mutex<Option<Instant>>>,
}

impl SearchSpinner {
    /// The search's progress as this run's `--progress` asks.
    pub(crate) fn stderr() -> SearchSpinner {
        match shown() {
            ProgressMode::Auto => SearchSpinner::on(Some(ProgressDrawTarget::stderr())),
            ProgressMode::Lines => SearchSpinner {
                bar: None,
                lines: Some(Mutex::new(None)),
            },
            ProgressMode::None => SearchSpinner::on(None),
        }
    }

    fn on(target: Option<ProgressDrawTarget>) -> SearchSpinner {
        SearchSpinner {
            bar: target.map(|t| {
                let b = ProgressBar::with_draw_target(None, t);
                b.set_style(search_style());
                b.enable_steady_tick(Duration::from_millis(200));
                b
            }),
            lines: None,
        }
    }

    /// The words of a progress report.
    fn words(p: &SearchProgress) -> String {
        format!(
            "{} positions, {} nodes, depth {}",
            p.positions, p.nodes, p.depth
        )
    }

    /// Shows a progress report of the search.
    pub(crate) fn show(&self, p: &SearchProgress) {
        if let Some(last) = &self.lines {
            let mut last = lock(last);
            if last.is_none_or(|t| t.elapsed() >= LINE_EVERY) {
                stderr_line(&format!("sowlab: progress: {}", Self::words(p)));
                *last = Some(Instant::now());
            }
        }
        let Some(b) = &self.bar else { return };
        if INTERRUPTED.load(Ordering::Relaxed) {
            b.set_message(STOPPING);
        } else {
            b.set_message(format!(
                "{} (Ctrl-C: stop with what is found)",
                Self::words(p)
            ));
        }
    }

    /// Wipes the spinner.
    pub(crate) fn clear(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

impl Drop for SearchSpinner {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::InMemoryTerm;

    fn lines(t: &InMemoryTerm) -> Vec<String> {
        t.contents().lines().map(str::to_string).collect()
    }

    #[test]
    fn the_games_bar_fits_80_columns_names_the_point_and_leaves_nothing() {
        let term = InMemoryTerm::new(10, 80);
        let t = term.clone();
        let bar = GamesBar::with_target(move || ProgressDrawTarget::term_like(Box::new(t.clone())));
        let label = "point 17/120: holes=12 seeds=48 capture=both_sides relay=on_any_nonempty_pit";
        bar.stage(label);
        bar.update(4_321, 1_000_000);
        if let Some(b) = lock(&bar.bar).as_ref() {
            b.force_draw();
        }
        let shown = lines(&term);
        let drawn: Vec<&String> = shown.iter().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(drawn.len(), 1, "one line, not wrapped: {shown:?}");
        let line = drawn[0];
        assert!(line.chars().count() <= 80, "{line:?}");
        assert!(line.contains("4321/1000000 games"), "{line:?}");
        assert!(
            line.contains("left") && line.contains("point 17/120: holes=12"),
            "{line:?}"
        );
        bar.finish();
        assert!(term.contents().trim().is_empty(), "{:?}", term.contents());
    }

    #[test]
    fn the_search_spinner_fits_80_columns_and_is_wiped() {
        let term = InMemoryTerm::new(10, 80);
        let s = SearchSpinner::on(Some(ProgressDrawTarget::term_like(Box::new(term.clone()))));
        s.show(&SearchProgress {
            positions: 123_456_789_012,
            nodes: 987_654_321_098_765,
            depth: 140,
            elapsed: Duration::from_secs(3725),
        });
        s.bar.as_ref().unwrap().force_draw();
        let shown = lines(&term);
        let drawn: Vec<&String> = shown.iter().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(drawn.len(), 1, "{shown:?}");
        assert!(drawn[0].chars().count() <= 80, "{:?}", drawn[0]);
        assert!(
            drawn[0].contains("123456789012 positions"),
            "{:?}",
            drawn[0]
        );
        drop(s);
        assert!(term.contents().trim().is_empty(), "{:?}", term.contents());
    }

    /// What a `GamesLines` wrote, for the test below (one test uses it, so no race).
    static WRITTEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

    #[test]
    fn lines_say_when_a_stage_starts_and_ends() {
        let p = GamesLines::new(|l| lock(&WRITTEN).push(l.to_string()));
        p.stage("B: kalah");
        p.update(0, 10);
        // Within the second: no new line.
        p.update(3, 10);
        p.finish();
        let w = lock(&WRITTEN).clone();
        assert_eq!(
            w,
            [
                "sowlab: progress: B: kalah: 0/10 games, started",
                "sowlab: progress: B: kalah: 3/10 games, done"
            ]
        );
    }

    #[test]
    fn nothing_is_drawn_off_a_terminal() {
        let s = SearchSpinner::on(None);
        s.show(&SearchProgress {
            positions: 1,
            nodes: 1,
            depth: 1,
            elapsed: Duration::ZERO,
        });
        assert!(s.bar.is_none());
    }
}
