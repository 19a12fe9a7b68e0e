//! MancalaGames game files (`GameProps/NAME.txt`, a Python program's JSON parameter files) read
//! as sowlab rules: [`read`] parses and checks a file against the parameter table ([`params`]),
//! [`translate`] writes the declared data rule that plays the same game (or refuses, naming the
//! parameter and value it cannot express), [`names`] names the rules. `sowlab import
//! mancalagames PATH...` writes the translations to a folder; `sowlab play Bao.txt` (any command
//! taking a RULE) loads one directly through [`rule_text`].

mod capture;
mod capture_more;
mod children;
mod children_of_nobody;
mod classes;
mod diffusion;
mod ends;
mod lap_capture;
pub mod names;
pub mod params;
pub mod read;
mod readings;
mod refusal;
mod sow_rules;
mod sowing;
mod starts;
mod store_moves;
mod territory;
mod text;
pub mod translate;
mod zigzag;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
pub use read::{GameFile, Params};
pub use translate::Refusal;

/// Whether a rule named by `path` is read as a MancalaGames game file: a `.txt` file, or any
/// file whose text is a JSON object with `game_info`.
pub fn is_game_file(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e == "txt") || read::looks_like(text)
}

/// The data-rule YAML text and rule name for the MancalaGames game file `path` with text
/// `text` (its base game); an error line naming the file and the parameter when it cannot be
/// read or translated.
pub fn rule_text(path: &Path, text: &str) -> Result<(String, String)> {
    let g = read::parse(path, text)?;
    let name = names::rule_name(&g.stem);
    let t = translate::translate(&g, &g.name, &g.base)
        .map_err(|r| Error::msg(format!("{}: cannot translate: {r}", path.display())))?;
    Ok((t.yaml, name))
}

/// What importing one game file did.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The game file.
    pub path: PathBuf,
    /// The rule name.
    pub name: String,
    /// The files written (rule, presets), or why not.
    pub result: std::result::Result<Vec<PathBuf>, String>,
    /// Variants refused (name and reason); the base game and its other variants are written.
    pub refused_variants: Vec<(String, String)>,
    /// The options giving MancalaGames' engine's reading of the base game, where its rule's
    /// defaults follow the game's sources (`endless=drop_hand`).
    pub engine_set: Vec<String>,
}

impl Imported {
    /// One line for the user: written, or refused with the parameter and value.
    pub fn line(&self) -> String {
        match &self.result {
            Ok(files) => {
                let mut s = format!(
                    "{}: written {} ({} file{})",
                    self.path.display(),
                    self.name,
                    files.len(),
                    if files.len() == 1 { "" } else { "s" }
                );
                if !self.engine_set.is_empty() {
                    s.push_str(&format!(
                        "; MancalaGames' engine plays it with --set {}",
                        self.engine_set.join(" --set ")
                    ));
                }
                for (v, why) in &self.refused_variants {
                    s.push_str(&format!("; variant {v} refused: {why}"));
                }
                s
            }
            Err(why) => format!("{}: refused: {why}", self.path.display()),
        }
    }

    /// Whether the game and all its variants were written.
    pub fn complete(&self) -> bool {
        self.result.is_ok() && self.refused_variants.is_empty()
    }
}

/// The game files named by `paths`: files as given, folders' `*.txt` files (sorted; names
/// starting with `_`, MancalaGames' templates, left out). An entry named like a game file that is
/// not a regular file (a pipe, a device, a dangling link) is listed too, never opened: importing
/// it is refused with a line saying what it is, rather than skipped without a word.
pub fn game_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let v = crate::engine::base::files::list_dir_all(p)
                .map_err(|e| Error::msg(format!("{}: cannot read the folder: {e}", p.display())))?
                .into_iter()
                .filter(|e| !e.is_dir && e.name.ends_with(".txt") && !e.name.starts_with('_'))
                .map(|e| e.path);
            out.extend(v);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(Error::msg(format!(
                "{}: no such file or folder",
                p.display()
            )));
        }
    }
    Ok(out)
}

/// The rule and preset names an import has written so far, each with what it was written for
/// (`A/Kalah.txt`, `A/Kalah.txt variant 2x8`): two inputs that map to one name are refused, the
/// second naming the first, instead of the second silently replacing the first.
#[derive(Default, Debug)]
pub struct Names(std::collections::HashMap<String, String>);

impl Names {
    /// Takes `name` for `what`; an error naming both when another input took it already.
    fn claim(&mut self, name: &str, what: String) -> std::result::Result<(), String> {
        match self.0.get(name) {
            Some(first) if *first != what => Err(format!(
                "named `{name}`, the name already written for {first} in this import; nothing written for it (rename one of them)"
            )),
            _ => {
                self.0.insert(name.to_string(), what);
                Ok(())
            }
        }
    }
}

/// Imports one game file into folder `out`: `NAME.yaml`, and per named variant a preset
/// `presets/NAME__V.yaml` (when the variant changes only the size) or a rule `NAME__V.yaml`.
/// `taken` holds the names written by this import so far (see [`Names`]).
pub fn import_file(path: &Path, out: &Path, taken: &mut Names) -> Imported {
    let fail = |name: String, why: String| Imported {
        path: path.to_path_buf(),
        name,
        result: Err(why),
        refused_variants: Vec::new(),
        engine_set: Vec::new(),
    };
    let g = match read::read_file(path) {
        Ok(g) => g,
        Err(e) => {
            let line = e.one_line();
            let prefix = format!("{}: ", path.display());
            let why = line.strip_prefix(&prefix).unwrap_or(&line).to_string();
            return fail(String::new(), why);
        }
    };
    let name = names::rule_name(&g.stem);
    let t = match translate::translate(&g, &g.name, &g.base) {
        Ok(t) => t,
        Err(r) => return fail(name, r.to_string()),
    };
    let mut files = Vec::new();
    let mut refused_variants = Vec::new();
    let write = |rel: &str, text: &str| -> std::result::Result<PathBuf, String> {
        let f = out.join(rel);
        if let Some(d) = f.parent() {
            crate::engine::base::files::create_dir_all(d)
                .map_err(|e| format!("cannot create {}: {e}", d.display()))?;
        }
        crate::engine::base::files::write_replacing(&f, text.as_bytes(), "write")
            .map_err(|e| e.one_line())?;
        Ok(f)
    };
    let shown = path.display().to_string();
    if let Err(e) = taken.claim(&name, shown.clone()) {
        return fail(name, e);
    }
    match write(&format!("{name}.yaml"), &t.yaml) {
        Ok(f) => files.push(f),
        Err(e) => return fail(name, e),
    }
    for (vname, vp) in &g.variants {
        let pname = names::variant_name(&name, vname);
        if let Err(e) = taken.claim(&pname, format!("{shown} variant {vname}")) {
            refused_variants.push((vname.clone(), e));
            continue;
        }
        let mut size_only = g.base.clone();
        size_only.holes = vp.holes;
        size_only.nbr_start = vp.nbr_start;
        // (a start layout is written for one size: a rule of its own, not a preset)
        let written = if &size_only == vp && vp.int("start_pattern") == 0 {
            let text = format!(
                "rule: {name}\ndescription: {}\noptions:\n  holes: {}\n  seeds: {}\n",
                serde_json::to_string(&format!(
                    "{}::{vname}, MancalaGames' named variant: {} holes, {} seeds each",
                    g.name, vp.holes, vp.nbr_start
                ))
                .unwrap_or_default(),
                vp.holes,
                vp.nbr_start
            );
            write(&format!("presets/{pname}.yaml"), &text)
        } else {
            match translate::translate(&g, &format!("{}::{vname}", g.name), vp) {
                Ok(vt) => write(&format!("{pname}.yaml"), &vt.yaml),
                Err(r) => {
                    refused_variants.push((vname.clone(), r.to_string()));
                    continue;
                }
            }
        };
        match written {
            Ok(f) => files.push(f),
            Err(e) => refused_variants.push((vname.clone(), e)),
        }
    }
    Imported {
        path: path.to_path_buf(),
        name,
        result: Ok(files),
        refused_variants,
        engine_set: t.engine_set,
    }
}
