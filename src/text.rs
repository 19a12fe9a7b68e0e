//! Text that came from a file (rule scripts, saves, positions, file names) made safe to print:
//! control and escape characters are shown escaped (`\u{1b}`, `\n`), so such text can neither
//! drive the terminal nor break a one-line message into several lines.

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is: C0 and C1 controls, DEL, and the Unicode
/// bidirectional overrides and isolates (which reorder what follows them on screen).
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `s` with every control, escape or bidi character escaped (`\n`, `\t`, `\u{1b}`); unchanged
/// (and not copied) when it has none.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`escape`], keeping line breaks (and tabs): for text of several lines (a picture, a help text)
/// whose lines are ours but whose words may come from a file.
pub fn escape_lines(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c != '\n' && c != '\t' && unsafe_char(c)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c != '\n' && c != '\t' && unsafe_char(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_plain_text_is_kept() {
        assert_eq!(escape("abc é"), "abc é");
        assert!(matches!(escape("abc"), Cow::Borrowed(_)));
        assert_eq!(escape("a\x1b[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(escape("x\ny\r"), "x\\ny\\r");
        assert_eq!(escape("\u{202e}abc"), "\\u{202e}abc");
        assert_eq!(escape("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(escape_lines("a\nb\x07"), "a\nb\\u{7}");
    }
}
