//! Rules described in words: the listing of `sowlab rules` and the REPL's `rules`.

use crate::engine::rules::{self, Rule};

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
