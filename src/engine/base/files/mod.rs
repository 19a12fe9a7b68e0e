//! The one door every file sowlab reads or writes goes through (the compiler keeps it so:
//! `clippy.toml` disallows `std::fs::read`, `read_to_string`, `write`, `File::open`,
//! `File::create`, `OpenOptions::open`, `rename`, `copy`, `read_dir`, `create_dir_all`,
//! `create_dir`, `canonicalize`, `remove_file`, `metadata` and `symlink_metadata` everywhere
//! else).
//!
//! - Reading ([`read_bytes`], [`read_text`], [`open_regular`], [`list_dir`]): only regular
//!   files, opened without blocking and checked as opened (a named pipe never hangs a command),
//!   at most [`crate::engine::base::limits::max_file_mb`] read, the cap applied before reading
//!   (the size) and while reading (a large sparse file, or a file that lies about its size, stops
//!   at the cap instead of filling memory); folders listed with their special entries left out.
//! - Writing ([`SafeFile`], [`write_replacing`]): a temporary file with an unpredictable name
//!   beside the target (`O_EXCL`: a planted link is never followed), flushed, renamed over the
//!   target, the folder flushed; a pipe, device, socket or directory is refused as a target and
//!   never replaced. A stream (the games of a run) is a [`SafeFile`] written in pieces; nothing
//!   is appended in place.
//! - Folders and paths ([`create_dir_all`], [`canonical`], [`is_link`]): folders are created
//!   only where nothing else is (a pipe or a file named like the folder is refused, saying so);
//!   the policies that judge where a path leads ask here.
//! - Symbolic links: followed, for reading and for writing alike (a link's file is read, and
//!   replaced, the link staying). A caller that confines files to a folder (the playground's
//!   rules folders) checks where a link leads before reading and before writing, the same way.
//! - YAML is checked before parsing ([`check_yaml`]: no anchors or aliases, bounded nesting), so
//!   no file can expand into gigabytes or minutes.

mod dirs;
mod read;
mod write;

pub use dirs::{canonical, create_dir_all, is_link};
pub use read::{
    absent_or_small_regular, list_dir, list_dir_all, open_regular, read_bytes, read_text, Entry,
};
#[cfg(test)]
pub use write::write_fixture;
pub use write::{write_replacing, SafeFile};

/// Deepest nesting of YAML collections accepted.
pub const MAX_YAML_DEPTH: usize = 64;

/// Checks YAML text before parsing: no anchors or aliases (`&a`, `*a`: nothing sowlab reads uses
/// them, and they can expand a small file into gigabytes), and collections nested at most
/// [`MAX_YAML_DEPTH`] deep (the parser is slow on deep nesting). Quoted strings and comments are
/// skipped. The error says what and on which line.
pub fn check_yaml(text: &str) -> std::result::Result<(), String> {
    let mut indents: Vec<usize> = Vec::new();
    // Open flow collections (`[`, `{`), which may go on over several lines.
    let mut flow = 0usize;
    for (n, line) in text.lines().enumerate() {
        let at = |m: &str| Err(format!("line {}: {m}", n + 1));
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = &line[indent..];
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if flow == 0 {
            while indents.last().is_some_and(|&i| i >= indent) {
                indents.pop();
            }
            indents.push(indent);
        }
        let mut depth = indents.len();
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            match quote {
                Some(q) => {
                    if c == q {
                        quote = None;
                    }
                }
                None => {
                    let token_start = matches!(prev, ' ' | '[' | '{' | ',' | '-' | ':' | '?');
                    match c {
                        '#' if prev == ' ' => break,
                        '\'' | '"' if token_start => quote = Some(c),
                        '&' | '*' if token_start => {
                            return at(
                                "anchors and aliases (`&name`, `*name`) are not accepted; write the values out",
                            )
                        }
                        '[' | '{' => flow += 1,
                        ']' | '}' => flow = flow.saturating_sub(1),
                        // a block sequence entry: `- ` (not a negative number)
                        '-' if flow == 0
                            && (prev == ' ' || prev == '-')
                            && chars.peek().is_none_or(|&n| n == ' ') =>
                        {
                            depth += 1
                        }
                        _ => {}
                    }
                }
            }
            if depth + flow > MAX_YAML_DEPTH {
                return at(&format!(
                    "nested more than {MAX_YAML_DEPTH} deep (sowlab's files are flat)"
                ));
            }
            prev = c;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_yaml;

    #[test]
    fn ordinary_files_pass() {
        for ok in [
            "sowlab: 1\nrule: kalah\noptions:\n  holes: 6\nmoves: ['3', '4']\nfinal:\n  pits: [0, 3]\n",
            "rule: x\ndescription: \"a & b * c\" # and a comment with *x\n",
            "pits: [1, 2, 3]\nstores: [0]\nto_move: 1\n",
            "a: 2*3\nb: x&y\n- - 1\n",
            "pits: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]\n",
        ] {
            assert_eq!(check_yaml(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn anchors_aliases_and_deep_nesting_are_refused() {
        let e = check_yaml("a: &a [1, 2]\nb: *a\n").unwrap_err();
        assert!(e.starts_with("line 1: anchors"), "{e}");
        assert!(check_yaml("b: [*a]\n").is_err());
        let deep = format!("pits: {}{}", "[".repeat(100), "]".repeat(100));
        assert!(check_yaml(&deep)
            .unwrap_err()
            .contains("nested more than 64"));
        let dashes = format!("pits:\n{}1\n", "- ".repeat(100));
        let lines: String = (0..100).map(|_| "[\n").collect();
        assert!(check_yaml(&format!("pits: {lines}")).is_err());
        assert!(check_yaml(&dashes).is_err());
        let indented: String = (0..100)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        assert!(check_yaml(&indented).is_err());
    }
}
