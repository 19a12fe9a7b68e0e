//! Where rules come from: the rules path. The shipped rules are built into the binary (every file
//! of the source tree's `rules/`, listed by `build.rs`); folders on disk come before them and add
//! rules or override built-in ones by name. The standard path, first match wins:
//!
//! 1. `--rules DIR` (repeatable), in the order given;
//! 2. `$SOWLAB_RULES`, a path list (`:`-separated; `;` on Windows);
//! 3. the user's folder, `sowlab/rules` in the platform's data directory
//!    (`$XDG_DATA_HOME/sowlab/rules`, by default `~/.local/share/sowlab/rules`);
//! 4. `./rules`, when it exists;
//! 5. the built-in rules, always.
//!
//! A folder holds rule scripts (`NAME.rhai`) and presets (`presets/NAME.yaml`). An `import` in a
//! rule script resolves in the source the script came from (a folder, or the built-in rules).

use std::path::{Path, PathBuf};

pub use crate::engine::base::source::{valid_name, Source, BUILTIN};

/// What a name on the rules path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A rule script with `setup()`: a game.
    Game,
    /// A preset: a rule with some options set.
    Preset,
    /// A rule script without `setup()`: a module other rules import.
    Module,
    /// A data rule: `NAME.yaml` with a board and a declared move, no script.
    Data,
}

/// A rule file found on the rules path.
#[derive(Clone, Debug)]
pub struct Found {
    /// Its name (file name without the extension).
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Where it is.
    pub source: Source,
    /// Its path relative to the source (`kalah.rhai`, `presets/x.yaml`).
    pub rel: String,
    /// Whether an earlier source has a file of the same name (which is the one used).
    pub shadowed: bool,
}

impl Found {
    /// The path that names the file in messages.
    pub fn path(&self) -> PathBuf {
        self.source.path_of(&self.rel)
    }

    /// The file's text.
    pub fn text(&self) -> Option<String> {
        self.source.read(&self.rel)
    }
}

/// Where rules are looked for by name: folders, then the built-in rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulePath {
    dirs: Vec<PathBuf>,
}

impl RulePath {
    /// Only the built-in rules.
    pub fn builtin() -> RulePath {
        RulePath::default()
    }

    /// These folders, in order, then the built-in rules.
    pub fn new<I: IntoIterator<Item = P>, P: Into<PathBuf>>(dirs: I) -> RulePath {
        RulePath {
            dirs: dirs.into_iter().map(Into::into).collect(),
        }
    }

    /// The standard rules path (see the module documentation): `cli` (the `--rules` folders),
    /// `$SOWLAB_RULES`, the user's folder, `./rules`, the built-in rules. Folders that do not
    /// exist are left out.
    pub fn standard(cli: &[PathBuf]) -> RulePath {
        let mut dirs: Vec<PathBuf> = cli.to_vec();
        if let Some(v) = std::env::var_os("SOWLAB_RULES") {
            dirs.extend(std::env::split_paths(&v).filter(|p| !p.as_os_str().is_empty()));
        }
        dirs.extend(user_dir());
        dirs.push(PathBuf::from("rules"));
        // The same folder named twice (`--rules rules` and `./rules`) is searched once.
        let mut out: Vec<PathBuf> = Vec::new();
        let mut seen: Vec<PathBuf> = Vec::new();
        for d in dirs {
            let Ok(real) = crate::engine::base::files::canonical(&d) else {
                continue;
            };
            if real.is_dir() && !seen.contains(&real) {
                seen.push(real);
                out.push(d);
            }
        }
        RulePath { dirs: out }
    }

    /// The folders, in order (the built-in rules come after them).
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Every source, in order: the folders, then the built-in rules.
    pub fn sources(&self) -> Vec<Source> {
        self.dirs
            .iter()
            .cloned()
            .map(Source::Dir)
            .chain([Source::BuiltIn])
            .collect()
    }

    /// The sources in words, for messages: `rules, built-in`.
    pub fn describe(&self) -> String {
        self.sources()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Finds the rule called `name`: in each source in turn, the rule script `NAME.rhai`, the
    /// data rule `NAME.yaml`, then the preset `presets/NAME.yaml`.
    pub fn find(&self, name: &str) -> Option<Found> {
        if !valid_name(name) {
            return None;
        }
        self.sources().into_iter().find_map(|s| {
            rule_in(&s, name).or_else(|| {
                let rel = format!("presets/{name}.yaml");
                s.has(&rel).then(|| Found {
                    name: name.to_string(),
                    kind: Kind::Preset,
                    source: s.clone(),
                    rel,
                    shadowed: false,
                })
            })
        })
    }

    /// Finds the rule script or data rule `name` (not a preset), first in `first` when given,
    /// then on the path.
    pub fn find_script(&self, name: &str, first: Option<&Source>) -> Option<Found> {
        if !valid_name(name) {
            return None;
        }
        first
            .cloned()
            .into_iter()
            .chain(self.sources())
            .find_map(|s| rule_in(&s, name))
    }

    /// Every rule script and preset of every source, in path order: games, then modules, then
    /// presets of the first source, and so on. A name already found earlier is `shadowed`.
    pub fn entries(&self) -> Vec<Found> {
        let mut out: Vec<Found> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for source in self.sources() {
            let mut here = Vec::new();
            for (name, rel) in source.files("", "rhai") {
                let kind = if is_game(&source, &rel) {
                    Kind::Game
                } else {
                    Kind::Module
                };
                here.push((name, rel, kind));
            }
            for (name, rel) in source.files("", "yaml") {
                if is_data(&source, &rel) {
                    here.push((name, rel, Kind::Data));
                }
            }
            here.sort_by(|a, b| a.0.cmp(&b.0));
            for (name, rel) in source.files("presets", "yaml") {
                here.push((name, rel, Kind::Preset));
            }
            // The lookup order of `find`: a script hides a preset of the same name.
            for (name, rel, kind) in here {
                let shadowed = !seen.insert(name.clone());
                out.push(Found {
                    name,
                    kind,
                    source: source.clone(),
                    rel,
                    shadowed,
                });
            }
        }
        out
    }

    /// The names of the games and presets one can load (modules left out), games first, each
    /// group sorted, each name once.
    pub fn names(&self) -> Vec<String> {
        let live: Vec<Found> = self.entries().into_iter().filter(|f| !f.shadowed).collect();
        let mut games: Vec<String> = live
            .iter()
            .filter(|f| matches!(f.kind, Kind::Game | Kind::Data))
            .map(|f| f.name.clone())
            .collect();
        let mut presets: Vec<String> = live
            .iter()
            .filter(|f| f.kind == Kind::Preset)
            .map(|f| f.name.clone())
            .collect();
        games.sort();
        presets.sort();
        games.extend(presets);
        games
    }
}

impl From<&Path> for RulePath {
    /// One folder, then the built-in rules.
    fn from(d: &Path) -> RulePath {
        RulePath::new([d])
    }
}

impl From<&PathBuf> for RulePath {
    /// One folder, then the built-in rules.
    fn from(d: &PathBuf) -> RulePath {
        RulePath::new([d])
    }
}

impl From<&RulePath> for RulePath {
    fn from(p: &RulePath) -> RulePath {
        p.clone()
    }
}

/// The user's rules folder: `sowlab/rules` in the platform's data directory
/// (`$XDG_DATA_HOME/sowlab/rules`, by default `~/.local/share/sowlab/rules`; the same layout on
/// macOS; `%APPDATA%\sowlab\rules` on Windows). `None` when no home directory is known.
pub fn user_dir() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let s = etcetera::choose_base_strategy().ok()?;
    Some(s.data_dir().join("sowlab").join("rules"))
}

/// The rule script (game or module) or data rule `name` of one source.
fn rule_in(source: &Source, name: &str) -> Option<Found> {
    let found = |rel: String, kind| Found {
        name: name.to_string(),
        kind,
        source: source.clone(),
        rel,
        shadowed: false,
    };
    let script = format!("{name}.rhai");
    if source.has(&script) {
        let kind = if is_game(source, &script) {
            Kind::Game
        } else {
            Kind::Module
        };
        return Some(found(script, kind));
    }
    let data = format!("{name}.yaml");
    is_data(source, &data).then(|| found(data, Kind::Data))
}

/// Whether file `rel` of a source is a data rule.
fn is_data(source: &Source, rel: &str) -> bool {
    source.read(rel).is_some_and(|t| {
        // (checked first: telling a data rule needs a YAML parse)
        crate::engine::base::files::check_yaml(&t).is_ok()
            && crate::engine::rule::data::is_data_rule(&t)
    })
}

/// Whether a rule script is a game (it has `setup()`), not a module other scripts import.
fn is_game(source: &Source, rel: &str) -> bool {
    source
        .read(rel)
        .map(|t| t.contains("fn setup("))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_rule_file_is_built_in() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules");
        let on_disk = Source::Dir(dir.clone());
        for sub in ["", "presets"] {
            for ext in ["rhai", "yaml"] {
                for (_, rel) in on_disk.files(sub, ext) {
                    let text = crate::engine::base::files::read_text(&dir.join(&rel), "").unwrap();
                    assert_eq!(Source::BuiltIn.read(&rel), Some(text), "{rel}");
                }
            }
        }
        assert!(Source::BuiltIn.has("tchuka_ruma.rhai"));
        assert!(!BUILTIN.iter().any(|(r, _)| r.ends_with(".md")));
    }

    #[test]
    fn earlier_folders_override_later_ones_and_the_builtins() {
        // (removed with its files when `tmp` is dropped)
        let tmp = tempfile::Builder::new()
            .prefix("sowlab-rulepath-")
            .tempdir()
            .expect("temp dir");
        let d = tmp.path().to_path_buf();
        let (a, b) = (d.join("a"), d.join("b"));
        crate::engine::base::files::create_dir_all(&a.join("presets")).unwrap();
        crate::engine::base::files::create_dir_all(&b).unwrap();
        crate::engine::base::files::write_fixture(a.join("kalah.rhai"), "fn setup() {}").unwrap();
        crate::engine::base::files::write_fixture(b.join("kalah.rhai"), "fn setup() {}").unwrap();
        crate::engine::base::files::write_fixture(b.join("mine.rhai"), "fn setup() {}").unwrap();
        crate::engine::base::files::write_fixture(a.join("presets/quick.yaml"), "rule: mine")
            .unwrap();
        let p = RulePath::new([&a, &b]);
        assert_eq!(p.find("kalah").unwrap().source, Source::Dir(a.clone()));
        assert_eq!(p.find("mine").unwrap().source, Source::Dir(b.clone()));
        assert_eq!(p.find("quick").unwrap().kind, Kind::Preset);
        assert_eq!(p.find("oware").unwrap().source, Source::BuiltIn);
        assert!(p.find("../kalah").is_none());
        let names = p.names();
        assert_eq!(names.iter().filter(|n| *n == "kalah").count(), 1);
        assert!(names.contains(&"mine".to_string()) && names.contains(&"quick".to_string()));
        let shadowed: Vec<(String, Source)> = p
            .entries()
            .into_iter()
            .filter(|f| f.shadowed && f.name == "kalah")
            .map(|f| (f.name, f.source))
            .collect();
        assert_eq!(
            shadowed,
            [
                ("kalah".to_string(), Source::Dir(b.clone())),
                ("kalah".to_string(), Source::BuiltIn)
            ]
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
