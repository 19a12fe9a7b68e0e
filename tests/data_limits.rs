//! A data rule cannot build a board past the documented pit cap (`SOWLAB_MAX_PITS`, 100 000
//! pits): a small file listing many rows of 64 holes is refused at load, in one line naming the
//! key and the limit, before any board is built.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::process::{Command, Stdio};

#[test]
fn a_data_rule_past_the_pit_cap_is_refused_at_load() {
    let d = scratch("data-limits");
    // 20 000 rows of 64 holes: 1 280 002 pits, nearly 13 times the cap, in about 1 MiB.
    // (Row names are letters: `a`, `b`, ... `z`, `ba`, ...)
    let name = |mut i: usize| {
        let mut s = String::new();
        loop {
            s.insert(0, (b'a' + (i % 26) as u8) as char);
            i /= 26;
            if i == 0 {
                break s;
            }
        }
    };
    let rows: String = (0..20_000)
        .map(|i| {
            format!(
                "    - {{ row: {}, owner: {}, holes: 64, seeds: 1000000 }}\n",
                name(i),
                1 + i % 2
            )
        })
        .collect();
    let text = format!(
        "name: Big\nplayers: 2\ndescription: \"rows upon rows\"\nboard:\n  players: 2\n  \
         shape: two_rows\n  pits:\n{rows}    - {{ store: s1, owner: 1 }}\n    - {{ store: s2, \
         owner: 2 }}\nsowing:\n  stores: own\npipeline:\n  extra_turn: store\n  end:\n    - {{ \
         when: side_empty, sweep: owners, then: most_seeds }}\n"
    );
    assert!(text.len() < 2 << 20, "a small file");
    std::fs::write(d.join("big.yaml"), text).unwrap();
    // (At most 4 GB of address space: building such a board would fail here, not fill the
    // machine.)
    let out = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 4000000; exec \"$0\" rules ./big.yaml",
            env!("CARGO_BIN_EXE_sowlab"),
        ])
        .current_dir(&d)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("big.yaml: board: pits: the board would have 1280002 pits")
            && err.contains("the most allowed is 100000 (SOWLAB_MAX_PITS)"),
        "{err}"
    );
}

#[test]
fn a_key_given_twice_in_a_data_rule_is_named_with_its_line() {
    let d = scratch("data-dup");
    let shipped = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalah_data.yaml"),
    )
    .unwrap();
    for (name, from, to, key) in [
        (
            "top.yaml",
            "players: 2\n",
            "players: 2\nplayers: 3\n",
            "players",
        ),
        (
            "inner.yaml",
            "sowing:\n  stores: own\n",
            "sowing:\n  stores: own\n  stores: all\n",
            "stores",
        ),
    ] {
        assert!(shipped.contains(from));
        let text = shipped.replacen(from, to, 1);
        let line = text[..text.find(to).unwrap() + to.trim_end().rfind('\n').unwrap() + 1]
            .matches('\n')
            .count()
            + 1;
        std::fs::write(d.join(name), &text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args(["rules", &format!("./{name}")])
            .current_dir(&d)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!("{name}:{line}:"))
                && err.contains(&format!("duplicated key `{key}`")),
            "{name}: want line {line}: {err}"
        );
        assert!(!err.contains("preset"), "{err}");
    }
}
