//! Run records: what every report carries to say how to reproduce it (format version, sowlab's
//! version and git commit, the part of the run it covers), and the parts of a run (`--shard K/N`,
//! `--range A..B`) that `merge` joins.
//!
//! A run of `G` games plays game `i` (0 ≤ i < G) from the generator seeded by `(seed, i)`, so any
//! range of games can be played anywhere and the tallies of disjoint ranges that cover `0..G` add up
//! to the whole run's exactly. Shard `K` of `N` is the range `⌊(K−1)·G/N⌋ .. ⌊K·G/N⌋` (some may
//! be empty when `N > G`). A sweep's parts are ranges over its items: point `p`, game `i` is item
//! `p·G + i`.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The version of the report format (JSON and CSV). It changes when a field changes meaning.
pub const FORMAT: u32 = 1;

/// sowlab's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit sowlab was built from (`unknown` outside a git checkout).
pub const COMMIT: &str = env!("SOWLAB_COMMIT");

/// What a report says about the run it comes from, beside the rule, options, agents and seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The report format's version ([`FORMAT`]).
    pub format: u32,
    /// The command: `simulate`, `compare` or `sweep`.
    pub command: String,
    /// sowlab's version.
    pub sowlab: String,
    /// The git commit of that version.
    pub commit: String,
    /// The whole run's size: games (for a sweep: points × games per point, its items).
    pub size: u64,
    /// The first game (item) this report covers.
    pub start: u64,
    /// One past the last game (item) this report covers; `start..end` is `0..size` for a whole run.
    pub end: u64,
    /// The shard `[K, N]` this part was asked as, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<[u64; 2]>,
}

impl Record {
    /// The record of a part of a run.
    pub fn new(command: &str, size: u64, part: &Part) -> Record {
        Record {
            format: FORMAT,
            command: command.to_string(),
            sowlab: VERSION.to_string(),
            commit: COMMIT.to_string(),
            size,
            start: part.start,
            end: part.end,
            shard: part.shard,
        }
    }

    /// The record's CSV columns, which end every CSV row of a report.
    pub const CSV_COLUMNS: [&'static str; 6] = [
        "start_game",
        "end_game",
        "run_games",
        "sowlab",
        "commit",
        "format",
    ];

    /// The record's values for [`Record::CSV_COLUMNS`].
    pub fn csv_fields(&self) -> [String; 6] {
        [
            self.start.to_string(),
            self.end.to_string(),
            self.size.to_string(),
            self.sowlab.clone(),
            self.commit.clone(),
            self.format.to_string(),
        ]
    }

    /// Whether the report covers the whole run.
    pub fn whole(&self) -> bool {
        self.start == 0 && self.end == self.size
    }
}

/// A part of a run: the games (or sweep items) `start..end`, asked as a shard or a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// The first game (item).
    pub start: u64,
    /// One past the last.
    pub end: u64,
    /// `[K, N]` when asked as shard K of N.
    pub shard: Option<[u64; 2]>,
}

/// Which part of a run to play, as asked: a shard or a range (resolved once the run's size is
/// known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartSpec {
    /// Shard `K` of `N` (1-based).
    Shard(u64, u64),
    /// The games (items) `start..end`.
    Range(u64, u64),
}

impl PartSpec {
    /// Parses `K/N` (a shard).
    pub fn parse_shard(s: &str) -> Result<PartSpec> {
        let bad = || {
            Error::msg(format!(
                "bad --shard `{}`: write K/N with 1 <= K <= N, e.g. --shard 2/8",
                crate::engine::game::game::clip(s)
            ))
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(PartSpec::Shard(k, n))
    }

    /// Parses `A..B` (games A to B−1, 0-based).
    pub fn parse_range(s: &str) -> Result<PartSpec> {
        let bad = || {
            Error::msg(format!(
                "bad --range `{}`: write START..END (games START to END-1, counted from 0), e.g. --range 0..500",
                crate::engine::game::game::clip(s)
            ))
        };
        let (a, b) = s.split_once("..").ok_or_else(bad)?;
        let a: u64 = a.trim().parse().map_err(|_| bad())?;
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        if a > b {
            return Err(bad());
        }
        Ok(PartSpec::Range(a, b))
    }

    /// The part of a run of `size` games (items).
    pub fn resolve(&self, size: u64) -> Result<Part> {
        match *self {
            PartSpec::Shard(k, n) => {
                let at = |k: u64| (size as u128 * k as u128 / n as u128) as u64;
                Ok(Part {
                    start: at(k - 1),
                    end: at(k),
                    shard: Some([k, n]),
                })
            }
            PartSpec::Range(a, b) => {
                if b > size {
                    return Err(Error::msg(format!(
                        "--range {a}..{b} ends past the run's {size} games"
                    )));
                }
                Ok(Part {
                    start: a,
                    end: b,
                    shard: None,
                })
            }
        }
    }
}

impl Part {
    /// The whole run of `size` games (items).
    pub fn whole(size: u64) -> Part {
        Part {
            start: 0,
            end: size,
            shard: None,
        }
    }

    /// The part, or the whole run when none is asked.
    pub fn of(spec: Option<PartSpec>, size: u64) -> Result<Part> {
        match spec {
            Some(s) => s.resolve(size),
            None => Ok(Part::whole(size)),
        }
    }

    /// Games (items) in the part.
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    /// Whether the part has no game.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_run() {
        for size in [0u64, 1, 7, 10, 100] {
            for n in 1..=12u64 {
                let mut next = 0;
                for k in 1..=n {
                    let p = PartSpec::Shard(k, n).resolve(size).unwrap();
                    assert_eq!(p.start, next, "{k}/{n} of {size}");
                    assert!(p.len() <= size.div_ceil(n));
                    next = p.end;
                }
                assert_eq!(next, size);
            }
        }
        assert!(PartSpec::parse_shard("0/3").is_err());
        assert!(PartSpec::parse_shard("4/3").is_err());
        assert!(PartSpec::parse_shard("x").is_err());
        assert_eq!(
            PartSpec::parse_shard(" 2/3").unwrap(),
            PartSpec::Shard(2, 3)
        );
        assert_eq!(
            PartSpec::parse_range("5..9").unwrap(),
            PartSpec::Range(5, 9)
        );
        assert!(PartSpec::parse_range("9..5").is_err());
        let e = PartSpec::Range(0, 11).resolve(10).unwrap_err().to_string();
        assert!(e.contains("past the run's 10 games"), "{e}");
    }
}
