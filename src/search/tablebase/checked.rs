//! Which values of a layer read from a file were checked against their moves (see
//! [`super::verify`]): a bit a position, with the file's path for the errors.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// A layer read from a file: its path, and which of its values were found right.
#[derive(Debug)]
pub struct LayerCheck {
    pub path: String,
    done: Vec<AtomicU64>,
}

impl LayerCheck {
    pub fn new(path: &Path, positions: usize) -> LayerCheck {
        let mut done = Vec::with_capacity(positions.div_ceil(64));
        crate::search::memory::huge_spare(&mut done);
        done.extend((0..positions.div_ceil(64)).map(|_| AtomicU64::new(0)));
        LayerCheck {
            path: path.display().to_string(),
            done,
        }
    }

    #[inline]
    pub fn is_done(&self, i: usize) -> bool {
        self.done[i / 64].load(Ordering::Relaxed) & (1 << (i % 64)) != 0
    }

    /// Asks the memory for the bit of position `i` ahead of [`LayerCheck::is_done`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        crate::search::memory::prefetch(&self.done[i / 64]);
    }

    pub fn mark(&self, i: usize) {
        self.done[i / 64].fetch_or(1 << (i % 64), Ordering::Relaxed);
    }

    pub fn bytes(&self) -> u64 {
        self.done.len() as u64 * 8
    }
}
