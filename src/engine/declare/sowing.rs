//! How seeds are sown, as declared (`this.sowing(#{...})` in a rule script, `sowing:` in a data
//! rule): the direction, which stores are sown into, the skipped origin, relays, captures by
//! count during the sowing, the lap limit; and the rule in words. Played by
//! [`crate::engine::sowing`].

/// Which stores receive seeds when sowing passes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Every store on the track is sown into.
    All,
    /// Only the sower's own stores; others are skipped.
    Own,
    /// Stores are skipped.
    None,
}

/// What happens when a lap ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// The move ends.
    None,
    /// If the last seed fell into a hole that was occupied, take all its seeds and sow on from the
    /// next pit (Tchuka Ruma).
    Last,
    /// Look at the next pit: if it holds seeds, take them all and sow on from the pit after it;
    /// if it is empty the move ends (the Indian style, Raja Pasu).
    Next,
}

/// Who gets seeds captured by count during sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureTo {
    /// The owner of the row the hole is on.
    RowOwner,
    /// The player sowing.
    Sower,
}

/// What to do when a move is still relaying after `max_laps` laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMaxLaps {
    /// Stop at the end of that lap; `this.stopped` is true and the script decides what follows.
    Stop,
    /// Fail the move with an "endless sowing" error.
    Error,
}

/// How `sow` sows: set by the rule script, fixed for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowRule {
    /// Sow along the track backwards (clockwise, for an anticlockwise track).
    pub reverse: bool,
    /// Which stores are sown into.
    pub stores: Stores,
    /// Skip the pit a lap started from when the sowing comes round to it.
    pub skip_origin: bool,
    /// What happens at the end of a lap.
    pub relay: Relay,
    /// Counts that are captured as soon as a drop makes them (e.g. `[4]`); empty for none.
    pub capture_counts: Vec<i64>,
    /// Who gets those captures.
    pub capture_to: CaptureTo,
    /// Whether the last seed of a lap can make a capture by count.
    pub capture_last: bool,
    /// When the move ends because the pit after the last one is empty, the sower captures the
    /// pit beyond that empty one (the Indian "capture beyond an empty hole"). Not after a move
    /// stopped at the lap limit.
    pub capture_beyond_empty: bool,
    /// Lap limit for one move.
    pub max_laps: i64,
    /// What happens at the lap limit.
    pub at_max_laps: AtMaxLaps,
}

impl Default for SowRule {
    fn default() -> Self {
        SowRule {
            reverse: false,
            stores: Stores::All,
            skip_origin: false,
            relay: Relay::None,
            capture_counts: Vec::new(),
            capture_to: CaptureTo::RowOwner,
            capture_last: true,
            capture_beyond_empty: false,
            max_laps: 10_000,
            at_max_laps: AtMaxLaps::Error,
        }
    }
}

impl SowRule {
    /// The rule in words (for `sowlab rules NAME`).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{}; stores: {}",
            if self.reverse {
                "backwards along the track"
            } else {
                "along the track"
            },
            match self.stores {
                Stores::All => "all sown into",
                Stores::Own => "only the sower's own",
                Stores::None => "skipped",
            }
        );
        if self.skip_origin {
            s.push_str("; the start hole is skipped");
        }
        s.push_str(match self.relay {
            Relay::None => "; one lap",
            Relay::Last => "; a lap ending in an occupied hole relays from it",
            Relay::Next => "; a lap relays from the next pit when it holds seeds",
        });
        if !self.capture_counts.is_empty() {
            let c: Vec<String> = self.capture_counts.iter().map(|n| n.to_string()).collect();
            s.push_str(&format!(
                "; a drop making {} is captured by the {}{}",
                c.join(" or "),
                match self.capture_to {
                    CaptureTo::RowOwner => "row's owner",
                    CaptureTo::Sower => "sower",
                },
                if self.capture_last {
                    ""
                } else {
                    " (not by the last seed)"
                }
            ));
        }
        if self.capture_beyond_empty {
            s.push_str("; when the pit after the last is empty, the sower takes the pit beyond it");
        }
        s.push_str(&format!(
            "; at most {} laps ({})",
            self.max_laps,
            match self.at_max_laps {
                AtMaxLaps::Stop => "then the move stops",
                AtMaxLaps::Error => "then the move fails",
            }
        ));
        s
    }
}
