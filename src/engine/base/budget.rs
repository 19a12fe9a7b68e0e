//! The memory budget of a computation whose tables are sized by its input (a search's tables, a
//! tablebase's layers): one type that the command line (`--max-memory`), the library (a
//! `SearchLimits::max_bytes` of 0), the Python entry points and the Dask builds all ask before
//! they allocate, with the same default ([`solve_mb`], `SOWLAB_SOLVE_MB`).
//!
//! Sizes are counted with checked arithmetic: a size too large for a `u64` ([`Budget::sum`],
//! [`Budget::product`] give `None`) is over every budget, never a small number wrapped around.

use super::limits::solve_mb;
use crate::error::{Error, Result};

/// Where a budget's figure can be changed, for its error messages.
pub const WHERE: &str = "--max-memory, SOWLAB_SOLVE_MB";

/// A number of bytes that allocations sized by input may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    bytes: u64,
}

impl Budget {
    /// The default budget: `SOWLAB_SOLVE_MB` MiB (2048 unless set).
    pub fn default_mib() -> Budget {
        Budget::mib(solve_mb())
    }

    /// A budget of `mb` MiB (saturating: `u64::MAX` bytes at most).
    pub fn mib(mb: u64) -> Budget {
        Budget {
            bytes: mb.saturating_mul(1 << 20),
        }
    }

    /// A budget of `mb` MiB when given, else the default ([`Budget::default_mib`]).
    pub fn mib_or_default(mb: Option<u64>) -> Budget {
        mb.map_or_else(Budget::default_mib, Budget::mib)
    }

    /// A budget of `bytes` bytes when not 0, else the default (a `SearchLimits::max_bytes` of 0).
    pub fn bytes_or_default(bytes: u64) -> Budget {
        if bytes > 0 {
            Budget { bytes }
        } else {
            Budget::default_mib()
        }
    }

    /// The bytes of the budget.
    pub fn bytes(self) -> u64 {
        self.bytes
    }

    /// The sum of `sizes`, `None` when it does not fit a `u64`.
    pub fn sum(sizes: impl IntoIterator<Item = Option<u64>>) -> Option<u64> {
        sizes
            .into_iter()
            .try_fold(0u64, |acc, s| acc.checked_add(s?))
    }

    /// `count` items of `each` bytes, `None` when it does not fit a `u64`.
    pub fn product(count: u64, each: u64) -> Option<u64> {
        count.checked_mul(each)
    }

    /// Asks for `need` bytes (`None`: more than a `u64` counts) for `what` (a plural subject:
    /// "layers 0 to 9 of 12 holes"): the bytes when they fit, else the one-line error that says
    /// how much they take and the budget.
    pub fn ask(self, what: &str, need: Option<u64>) -> Result<u64> {
        match need {
            Some(n) if n <= self.bytes => Ok(n),
            Some(n) => Err(Error::msg(format!(
                "{what} take {} MiB, over the budget of {} MiB ({WHERE})",
                n.div_ceil(1 << 20),
                self.bytes >> 20
            ))),
            None => Err(Error::msg(format!(
                "{what} take more than 2^64 bytes, over the budget of {} MiB ({WHERE})",
                self.bytes >> 20
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_that_do_not_fit_are_over_every_budget_not_wrapped() {
        let huge = [Some(u64::MAX / 2 + 1), Some(u64::MAX / 2 + 1), Some(5)];
        assert_eq!(Budget::sum(huge), None);
        assert_eq!(Budget::sum([Some(1), None]), None);
        assert_eq!(Budget::sum([Some(1 << 20), Some(1 << 20)]), Some(2 << 20));
        assert_eq!(Budget::product(u64::MAX, 2), None);
        let b = Budget::mib(u64::MAX);
        assert_eq!(b.bytes(), u64::MAX);
        let e = b.ask("layers 0 to 9", Budget::sum(huge)).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("layers 0 to 9 take more than 2^64 bytes, over the budget of {} MiB (--max-memory, SOWLAB_SOLVE_MB)", u64::MAX >> 20)
        );
        let e = Budget::mib(64).ask("tables", Some(65 << 20)).unwrap_err();
        assert!(
            e.to_string()
                .contains("tables take 65 MiB, over the budget of 64 MiB"),
            "{e}"
        );
        assert_eq!(
            Budget::mib(64).ask("tables", Some(64 << 20)).unwrap(),
            64 << 20
        );
        assert_eq!(Budget::bytes_or_default(0), Budget::default_mib());
        assert_eq!(Budget::mib_or_default(Some(3)).bytes(), 3 << 20);
    }
}
