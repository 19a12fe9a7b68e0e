//! Checking a rule's `ludii:` metadata (see [`crate::engine::rule::ludii`]) against the boards its
//! options build, and the options that give Ludii's reading.

use crate::engine::rule::ludii::{LudiiGame, LudiiSite};
use crate::engine::rule::rules::{board, Options, Rule};
use crate::error::{Error, Result};

impl LudiiGame {
    /// The rule's options giving Ludii's reading: the rule's defaults (and its preset's), then
    /// `set`. An unknown option or a bad value names the key.
    pub fn options(&self, rule: &Rule) -> Result<Options> {
        rule.resolve_option_values(&self.set)
    }
}

impl Rule {
    /// Checks the rule's `ludii:` metadata against the boards its `set` options build: every
    /// site a pit of the board or the store of a player, no pit named twice. Errors are one line
    /// naming the file and the key.
    pub(super) fn check_ludii(&self) -> Result<()> {
        let Some(l) = &self.meta.ludii else {
            return Ok(());
        };
        for (i, g) in l.games.iter().enumerate() {
            let at = if l.listed {
                format!("ludii[{i}]")
            } else {
                "ludii".to_string()
            };
            let bad = |what: String| Error::msg(format!("{}: {at}{what}", self.path.display()));
            let opts = g
                .options(self)
                .map_err(|e| bad(format!(".set: {}", e.one_line())))?;
            let start = self
                .new_board(&opts)
                .map_err(|e| bad(format!(".set: the board does not build: {}", e.one_line())))?;
            let b = board(&start);
            let (pits, players) = (b.layout.holes.len(), b.layout.players);
            let mut seen = vec![false; pits];
            for (j, s) in g.sites.iter().enumerate() {
                match *s {
                    LudiiSite::Pit(p) if p >= pits => {
                        return Err(bad(format!(
                            ".sites[{j}]: pit {p} is not on the board (pits 0-{}, store1-store{players})",
                            pits.saturating_sub(1)
                        )))
                    }
                    LudiiSite::Pit(p) if seen[p] => {
                        return Err(bad(format!(
                            ".sites[{j}]: pit {p} is given twice (each pit stands for one Ludii site)"
                        )))
                    }
                    LudiiSite::Pit(p) => seen[p] = true,
                    LudiiSite::Store(k) if k > players => {
                        return Err(bad(format!(
                            ".sites[{j}]: store{k}, but the game has {players} player(s)"
                        )))
                    }
                    LudiiSite::Store(_) | LudiiSite::Empty => {}
                }
            }
            if let Some((_, v)) = g.large.iter().find(|(_, v)| !b.layout.vars.contains(v)) {
                return Err(bad(format!(
                    ".large: `{v}` is no game variable of the board (declare_var in setup())"
                )));
            }
            if let Some(p) = seen.iter().position(|&x| !x) {
                return Err(bad(format!(
                    ".sites: pit {p} stands for no Ludii site (each of the {pits} pits must be listed once)"
                )));
            }
        }
        Ok(())
    }
}
