//! Progress on stderr with `indicatif`, only when stderr is a terminal: a bar of games with the
//! time left for simulate, compare and sweep (which names the grid point it is on), a spinner with
//! the search's counts for solve and perft. Every line is cut to the terminal's width (a long
//! label or count is cut, never wrapped onto a second line) and wiped when the run stops, so no
//! stale line stays behind.

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::script::primitives::INTERRUPTED;
use crate::experiment::Progress;
use crate::search::solve::Progress as SearchProgress;

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

/// The spinner of a search (solve, perft): positions, nodes and depth so far.
pub(crate) struct SearchSpinner {
    bar: Option<ProgressBar>,
}

impl SearchSpinner {
    /// A spinner on stderr when it is a terminal (nothing otherwise).
    pub(crate) fn stderr() -> SearchSpinner {
        use std::io::IsTerminal;
        SearchSpinner::on(
            std::io::stderr()
                .is_terminal()
                .then(ProgressDrawTarget::stderr),
        )
    }

    fn on(target: Option<ProgressDrawTarget>) -> SearchSpinner {
        SearchSpinner {
            bar: target.map(|t| {
                let b = ProgressBar::with_draw_target(None, t);
                b.set_style(search_style());
                b.enable_steady_tick(Duration::from_millis(200));
                b
            }),
        }
    }

    /// Shows a progress report of the search.
    pub(crate) fn show(&self, p: &SearchProgress) {
        let Some(b) = &self.bar else { return };
        if INTERRUPTED.load(Ordering::Relaxed) {
            b.set_message(STOPPING);
        } else {
            b.set_message(format!(
                "{} positions, {} nodes, depth {} (Ctrl-C: stop with what is found)",
                p.positions, p.nodes, p.depth
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
