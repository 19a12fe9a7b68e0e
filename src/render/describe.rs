//! Rules described in words: the listing of `sowlab rules` and the REPL's `rules`.

use crate::engine::rule::library::{Found, Kind, RulePath, Source};
use crate::engine::rule::rules::{self, Rule};

/// Widest line of the rule list.
const LIST_WIDTH: usize = 79;

/// What a rule is, in a few words: the first sentence of its description, or for a preset
/// `preset of kalah: <its description>`.
pub fn summary(r: &Rule) -> String {
    match &r.preset {
        Some((_, p)) => format!(
            "preset of {}{}{}",
            p.rule,
            if p.description.is_empty() { "" } else { ": " },
            p.description
        ),
        None if r.meta.description.is_empty() => r.meta.name.clone(),
        None => first_sentence(&r.meta.description),
    }
}

/// The list of `sowlab rules` (and the REPL's `rules`): one line per rule, grouped by where the
/// rules come from and, within that, by family (a heading line ` Family:` before the rules of
/// each family; rules without one come first, without a heading; a preset goes with its rule),
/// then the rules that an earlier folder overrides. Returns the text and whether some rule
/// failed to load (its line says why).
pub fn rule_list(path: &RulePath) -> (String, bool) {
    let (text, failed, _) = rule_list_matching(path, None);
    (text, failed)
}

/// A rule's words that `sowlab rules --grep` searches: its file name, name, family, region,
/// description, sources, and the declared move's steps in words (sowing, captures, ends).
pub fn searchable(name: &str, r: &Rule) -> String {
    let mut s = format!(
        "{name}\n{}\n{}\n{}\n{}\n{}\n",
        r.meta.name,
        r.meta.family,
        r.meta.region,
        r.meta.description,
        r.meta.sources.join("\n")
    );
    if let Some((_, p)) = &r.preset {
        s.push_str(&p.description);
        s.push('\n');
    }
    s.push_str(&describe_move(r));
    s
}

/// [`rule_list`], keeping only the rules whose words ([`searchable`]) contain `grep` (any
/// case). Also returns how many rules are listed.
pub fn rule_list_matching(path: &RulePath, grep: Option<&str>) -> (String, bool, usize) {
    let entries: Vec<Found> = path
        .entries()
        .into_iter()
        .filter(|f| f.kind != Kind::Module)
        .collect();
    let width = entries
        .iter()
        .map(|f| f.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(28);
    let needle = grep.map(str::to_lowercase);
    // Load every visible rule once: its line, its family and the name of the rule it belongs
    // to (a preset's rule), for grouping.
    struct Line {
        source: Source,
        family: String,
        group: String,
        preset: bool,
        text: String,
    }
    let mut lines: Vec<Line> = Vec::new();
    let mut failed = false;
    for f in entries.iter().filter(|f| !f.shadowed) {
        let loaded = Rule::load(&f.name, path).and_then(|r| {
            let opts = r.resolve_options::<&str>(&[])?;
            let start = r.new_board(&opts)?;
            let n = rules::board(&start).layout.players;
            Ok((r, n))
        });
        let (text, family, group, preset) = match loaded {
            Ok((r, n)) => {
                if let Some(w) = &needle {
                    if !searchable(&f.name, &r).to_lowercase().contains(w.as_str()) {
                        continue;
                    }
                }
                // A preset fixes its options: say how many play it, not its rule's range.
                let players = if r.preset.is_some() {
                    n.to_string()
                } else {
                    r.meta.players.clone()
                };
                let players = format!("{players} player{}", if players == "1" { "" } else { "s" });
                let group = match &r.preset {
                    Some((_, p)) => p.rule.clone(),
                    None => f.name.clone(),
                };
                (
                    clip_line(
                        &format!("  {:width$}  {players:11}  {}", f.name, summary(&r)),
                        LIST_WIDTH,
                    ),
                    r.meta.family.clone(),
                    group,
                    r.preset.is_some(),
                )
            }
            Err(e) => {
                failed = true;
                (
                    format!("  {:width$}  ERROR {}", f.name, e.one_line()),
                    String::new(),
                    f.name.clone(),
                    false,
                )
            }
        };
        lines.push(Line {
            source: f.source.clone(),
            family,
            group,
            preset,
            text,
        });
    }
    // Within each source (kept in rules-path order): rules without a family, then each family
    // in alphabetical order; a preset after its rule.
    let mut order: Vec<usize> = (0..lines.len()).collect();
    let source_rank = |s: &Source| lines.iter().position(|l| &l.source == s).unwrap_or(0);
    order.sort_by(|&a, &b| {
        let (x, y) = (&lines[a], &lines[b]);
        (source_rank(&x.source), &x.family, &x.group, x.preset, a).cmp(&(
            source_rank(&y.source),
            &y.family,
            &y.group,
            y.preset,
            b,
        ))
    });
    let mut out = String::new();
    let mut source: Option<&Source> = None;
    let mut family: Option<&str> = None;
    for &i in &order {
        let l = &lines[i];
        if source != Some(&l.source) {
            source = Some(&l.source);
            family = None;
            out.push_str(&match &l.source {
                Source::BuiltIn => "built in:\n".to_string(),
                Source::Dir(d) => format!("in {}:\n", d.display()),
            });
        }
        if !l.family.is_empty() && family != Some(l.family.as_str()) {
            out.push_str(&clip_line(&format!(" {}:", l.family), LIST_WIDTH));
            out.push('\n');
        }
        family = Some(l.family.as_str());
        out.push_str(&l.text);
        out.push('\n');
    }
    let hidden: Vec<String> = entries
        .iter()
        .filter(|f| f.shadowed)
        .map(|f| format!("{} ({})", f.name, f.source))
        .collect();
    if !hidden.is_empty() && needle.is_none() {
        out.push_str(&format!("overridden by the above: {}\n", hidden.join(", ")));
    }
    (out, failed, lines.len())
}

/// Cuts a line to `width` characters, ending it with `…` when cut.
fn clip_line(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// A rule's listing: name, players, description, options with defaults and allowed values.
pub fn describe(r: &Rule, full: bool) -> String {
    let mut s = String::new();
    let title = match &r.preset {
        Some((name, p)) => format!(
            "{name}  (preset of {}{}{})",
            p.rule,
            if p.description.is_empty() { "" } else { ": " },
            p.description
        ),
        None => format!(
            "{}  ({}, {} player{})",
            r.name,
            r.meta.name,
            r.meta.players,
            if r.meta.players == "1" { "" } else { "s" }
        ),
    };
    s.push_str(&title);
    s.push('\n');
    if r.preset.is_none() || full {
        if !r.meta.description.is_empty() {
            let desc = if full {
                r.meta.description.clone()
            } else {
                first_sentence(&r.meta.description)
            };
            s.push_str(&format!("    {desc}\n"));
        }
        if full && !r.meta.family.is_empty() {
            s.push_str(&format!("    family: {}\n", r.meta.family));
        }
        if full && !r.meta.region.is_empty() {
            s.push_str(&format!("    region: {}\n", r.meta.region));
        }
        if full && !r.meta.sources.is_empty() {
            s.push_str(&format!("    sources: {}\n", r.meta.sources.join("; ")));
        }
    }
    for o in &r.options {
        let value = r
            .preset_options
            .get(&o.name)
            .map(|v| format!("{v} (preset; default {})", o.default))
            .unwrap_or_else(|| o.default.to_string());
        if r.preset.is_some() && !full && !r.preset_options.contains_key(&o.name) {
            continue;
        }
        s.push_str(&format!(
            "    --set {}={}  [{}]{}{}\n",
            o.name,
            value,
            o.allowed(),
            if o.help.is_empty() { "" } else { "  " },
            o.help
        ));
    }
    s
}

/// The declared move of a rule with its default options (preset included), in words (for
/// `sowlab rules NAME`): empty for a rule that plays every move by its own `play(pit)`.
pub fn describe_move(r: &Rule) -> String {
    let Ok(opts) = r.resolve_options::<&str>(&[]) else {
        return String::new();
    };
    let Ok(d) = r.new_board(&opts) else {
        return String::new();
    };
    let b = rules::board(&d);
    let mut s = String::new();
    if let Some(p) = b.layout.pipeline.as_deref() {
        s.push_str(if r.has_play {
            "    declared move (its play(pit) is called instead; default options):\n"
        } else {
            "    declared move (played natively; default options):\n"
        });
        s.push_str(&format!("      sowing: {}\n", b.layout.sow.describe()));
        for line in p.describe() {
            s.push_str(&format!("      {line}\n"));
        }
    }
    s
}

fn first_sentence(s: &str) -> String {
    match s.find(". ") {
        Some(i) => s[..=i].to_string(),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_list_is_one_line_per_rule_within_the_width() {
        let (text, failed) = rule_list(&RulePath::builtin());
        assert!(!failed, "{text}");
        assert!(text.starts_with("built in:\n"), "{text}");
        let names = RulePath::builtin().names();
        // one heading, one heading per family, one line per game and preset
        let families = text
            .lines()
            .filter(|l| l.starts_with(' ') && !l.starts_with("  "))
            .count();
        assert_eq!(text.lines().count(), names.len() + 1 + families, "{text}");
        for n in &names {
            assert!(
                text.lines().any(|l| l.starts_with(&format!("  {n} "))),
                "{n}: {text}"
            );
        }
        assert!(
            text.lines().all(|l| l.chars().count() <= LIST_WIDTH),
            "{text}"
        );
        assert!(text.contains("tchuka_ruma_6") && text.contains("preset of tchuka_ruma"));
    }
}
