//! A declared sowing rule in words (`sowlab rules NAME`): what [`SowRule::describe`] says of
//! each of its keys.

use super::sowing::*;

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
        if self.relay_stops_before_empty {
            s.push_str("; a lap followed by an empty hole does not relay");
        }
        if self.judge_at_skipped_origin {
            s.push_str(
                "; a lap whose last seed is sown just past its skipped start hole ends at the start hole, empty",
            );
        }
        if let Some(t) = &self.steps {
            s.push_str(&t.describe());
        }
        if self.first_seed_back && self.single_seed_stays {
            s.push_str("; the first seed falls back into the emptied hole (a single seed stays)");
        } else if self.first_seed_back {
            s.push_str(
                "; the first seed falls back into the emptied hole (a single seed moves on)",
            );
        }
        if self.relay_first_seed_back {
            s.push_str("; each relay lap's first seed falls back into the hole it lifts");
        }
        match self.pass_children {
            PassChildren::None => {}
            PassChildren::Opponents => s.push_str("; the opponents' children get no seed"),
            PassChildren::OpponentsButLast => {
                s.push_str("; the opponents' children get no seed but a lap's last")
            }
        }
        if !self.reverse_holes.is_empty() {
            let v: Vec<String> = self.reverse_holes.iter().map(|n| n.to_string()).collect();
            s.push_str(&format!(
                "; moves from holes {} (from each owner's left) are sown the other way",
                v.join(", ")
            ));
        }
        for (r, v) in self.reverse_row_holes.iter().enumerate() {
            if !v.is_empty() {
                let v: Vec<String> = v.iter().map(|n| n.to_string()).collect();
                s.push_str(&format!(
                    "; moves from holes {} of row {} (from its owner's left) are sown the other way",
                    v.join(", "),
                    r + 1
                ));
            }
        }
        if self.reverse_when_even {
            s.push_str("; a move from a hole holding an even count is sown the other way");
        }
        if !self.choose_direction.is_empty() {
            let v: Vec<String> = self
                .choose_direction
                .iter()
                .map(|n| n.to_string())
                .collect();
            s.push_str(&format!(
                "; from holes {} the mover chooses the direction (`3ccw`, `3cw`)",
                v.join(", ")
            ));
        }
        s.push_str(match self.before_lap {
            BeforeLap::Nothing => "",
            BeforeLap::KeepOneSeed => {
                "; each lap the sower keeps one seed of the hand (to his store)"
            }
            BeforeLap::SingleTakesOpposite => {
                "; a lap of one seed first takes the hole opposite its start hole"
            }
        });
        if self.direction_by_first_move {
            s.push_str("; the first move of a game or round chooses its direction (`3ccw`, `3cw`): its player then sows that way, the other the other way");
        }
        if self.direction_by_own_turn > 0 {
            s.push_str(&format!(
                "; each player chooses his own direction on his turn {} (`3ccw`, `3cw`) and keeps it",
                self.direction_by_own_turn
            ));
        }
        if self.no_choice_turns > 0 {
            s.push_str(&format!(
                "; the first {} turns are sown without a choice of direction",
                self.no_choice_turns
            ));
        }
        s.push_str(match self.relay {
            Relay::None => "; one lap",
            Relay::Last => "; a lap ending in an occupied hole relays from it",
            Relay::Next => "; a lap relays from the next pit when it holds seeds",
        });
        if let Some(t) = &self.relay_stop {
            s.push_str(&format!(
                "; a lap ending with {} does not relay",
                t.describe()
            ));
        }
        if self.relay_stop_matching {
            s.push_str("; a lap ending in a hole holding as many seeds as the hole opposite does not relay");
        }
        if let Some(w) = self.relay_stop_opposite {
            s.push_str(&format!(
                "; a lap ending in an empty hole{} facing seeds does not relay",
                match w {
                    Whose::Any => "",
                    Whose::Own => " of the sower's",
                    Whose::Opponent => " of the opponent's",
                }
            ));
        }
        if let Some(t) = &self.relay_only {
            s.push_str(&format!(
                "; a lap relays only when it ends with {}",
                t.describe()
            ));
        }
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
            s.push_str(match self.capture_side {
                Whose::Any => "",
                Whose::Own => " in the sower's own holes",
                Whose::Opponent => " in the opponent's holes",
            });
            if self.capture_counts_after_lap {
                s.push_str(", judged once each lap is sown (the holes from its start hole on, as many as its seeds less whole rounds, its last hole left out)");
            }
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
                AtMaxLaps::DropHand => "then the move stops, the next lap's seeds out of the game",
            }
        ));
        s
    }
}
