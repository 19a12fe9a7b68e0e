//! Checking a rule's `mancalagames:` metadata (see [`crate::engine::rule::mancalagames_meta`])
//! against the rule's options, and the options that give MancalaGames' engine's reading.

use crate::engine::rule::mancalagames_meta::MancalaGamesMeta;
use crate::engine::rule::rules::{Options, Rule};
use crate::error::{Error, Result};

impl MancalaGamesMeta {
    /// The rule's options giving MancalaGames' engine's reading: the rule's defaults (and its
    /// preset's), then `set`. An unknown option or a bad value names the key.
    pub fn options(&self, rule: &Rule) -> Result<Options> {
        rule.resolve_option_values(&self.set)
    }
}

impl Rule {
    /// Checks that the rule's `mancalagames.set` names its options with allowed values; the
    /// error is one line naming the file and the key.
    pub(super) fn check_mancalagames(&self) -> Result<()> {
        let Some(m) = &self.meta.mancalagames else {
            return Ok(());
        };
        m.options(self).map(|_| ()).map_err(|e| {
            Error::msg(format!(
                "{}: mancalagames.set: {}",
                self.path.display(),
                e.one_line()
            ))
        })
    }
}
