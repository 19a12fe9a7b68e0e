//! `sowlab import mancalagames PATH... [--out DIR]`: MancalaGames game files translated into
//! sowlab data rules (one `NAME.yaml` per game, a preset or rule per named variant), one line
//! per game: written, or refused with the parameter and value sowlab cannot express yet.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::error::Result;
use crate::import::mancalagames as mg;

/// Arguments of `sowlab import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// Where the files come from.
    #[command(subcommand)]
    pub from: From,
}

/// The programs sowlab imports rules from.
#[derive(Subcommand, Debug)]
pub enum From {
    /// MancalaGames' game files (`GameProps/NAME.txt`; a folder imports every `*.txt` in it).
    #[command(
        after_help = "Examples:\n  sowlab import mancalagames ~/MancalaGames/GameProps --out my_rules\n  sowlab import mancalagames Kalah.txt Oware.txt     # into ./rules\n  sowlab play my_rules/kalah.yaml                    # or: sowlab play Kalah.txt\n\nExit status: 0 every game and variant was written; 1 some were refused (each line says why)."
    )]
    Mancalagames {
        /// Game files or folders of them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The folder to write the rules to (created if needed).
        #[arg(long, default_value = "rules")]
        out: PathBuf,
    },
}

/// `sowlab import`.
pub fn cmd_import(a: ImportArgs) -> Result<i32> {
    let From::Mancalagames { paths, out } = a.from;
    let files = mg::game_files(&paths)?;
    let mut stdout = std::io::stdout().lock();
    let mut all = true;
    let (mut written, mut refused) = (0, 0);
    let mut taken = mg::Names::default();
    for f in &files {
        let r = mg::import_file(f, &out, &mut taken);
        let _ = writeln!(stdout, "{}", crate::text::escape(&r.line()));
        all &= r.complete();
        if r.result.is_ok() {
            written += 1;
        } else {
            refused += 1;
        }
    }
    let _ = writeln!(
        stdout,
        "{written} written, {refused} refused, into {}",
        out.display()
    );
    Ok(if all { 0 } else { 1 })
}
