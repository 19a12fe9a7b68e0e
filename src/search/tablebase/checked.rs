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
        LayerCheck {
            path: path.display().to_string(),
            done: (0..positions.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    #[inline]
    pub fn is_done(&self, i: usize) -> bool {
        self.done[i / 64].load(Ordering::Relaxed) & (1 << (i % 64)) != 0
    }

    pub fn mark(&self, i: usize) {
        self.done[i / 64].fetch_or(1 << (i % 64), Ordering::Relaxed);
    }

    pub fn bytes(&self) -> u64 {
        self.done.len() as u64 * 8
    }
}
