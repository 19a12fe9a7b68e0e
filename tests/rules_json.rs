//! `sowlab rules --json` and `sowlab rules NAME --json`: the metadata other tools read (family,
//! region, sources, `ludii:`) and a board's map (every pit's label, row and column as South sees
//! the board, owner; the stores or reserves; the track). Snapshots of a few boards of each
//! shape; and the one-line errors of bad `ludii:` metadata.

// Tests read and write their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;
use common::scratch;
use common::sowlab;

fn json(args: &[&str]) -> serde_json::Value {
    let out = sowlab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn one_rule_with_its_board_map() {
    // Two rows with stores (Kalah), two rows with reserves (Oware), four rows (Tsoro), a
    // square of four players (ruma_4p, a preset), one row (a solitaire).
    for name in ["kalah", "oware", "tsoro", "ruma_4p", "tchuka_ruma"] {
        let mut v = json(&["rules", name, "--json"]);
        // (the prose is checked elsewhere; the snapshot keeps the structure)
        for k in ["description", "sources", "preset_description"] {
            v.as_object_mut().unwrap().remove(k);
        }
        for o in v["options"].as_array_mut().unwrap() {
            o.as_object_mut().unwrap().remove("help");
        }
        insta::assert_snapshot!(
            format!("rules_json_{name}"),
            serde_json::to_string_pretty(&v).unwrap()
        );
    }
}

#[test]
fn every_rule_and_preset_is_listed_with_its_metadata() {
    let v = json(&["rules", "--json"]);
    let all = v.as_array().unwrap();
    let names: Vec<&str> = all.iter().map(|r| r["name"].as_str().unwrap()).collect();
    for n in ["kalah", "oware", "tsoro", "ruma_4p", "kalah_6_6_empty"] {
        assert!(names.contains(&n), "{n} not listed: {names:?}");
    }
    assert!(all.iter().all(|r| r.get("error").is_none()));
    let kalah = all.iter().find(|r| r["name"] == "kalah").unwrap();
    assert_eq!(kalah["ludii"]["game"], "Kalah");
    assert_eq!(kalah["ludii"]["sites"][0], "store2");
    assert_eq!(kalah["ludii"]["sites"][13], "store1");
    // A Ludii hand its encoding never fills stands for no pit: `empty`.
    let tshuba = all.iter().find(|r| r["name"] == "tshuba").unwrap();
    assert_eq!(tshuba["ludii"]["sites"][16], "empty");
    assert_eq!(
        kalah["family"],
        all.iter().find(|r| r["name"] == "kalah_data").unwrap()["family"]
    );
    // A preset does not inherit its rule's Ludii game (it plays other options).
    let preset = all.iter().find(|r| r["name"] == "kalah_6_6_empty").unwrap();
    assert_eq!(preset["preset_of"], "kalah");
    assert!(preset.get("ludii").is_none());
    // --grep filters the list.
    let v = json(&["rules", "--json", "--grep", "four-row"]);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"tsoro") && !names.contains(&"kalah"),
        "{names:?}"
    );
}

/// A copy of a shipped data rule with its `ludii:` block replaced by `block`: the load error.
fn bad_ludii(block: &str) -> String {
    let dir = scratch("ludii");
    let text = std::fs::read_to_string(common::rules_dir().join("sungka.yaml")).unwrap();
    let start = text.find("\nludii:\n").unwrap();
    let end = start + 1 + text[start + 1..].find("\nboard:").unwrap();
    let file = dir.join("mine.yaml");
    std::fs::write(
        &file,
        format!("{}\n{block}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    let out = sowlab(&["rules", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    err
}

#[test]
fn bad_ludii_metadata_is_one_line_naming_the_key() {
    let sites = "[\"store2\", 0, 1, 2, 3, 4, 5, 6, 13, 12, 11, 10, 9, 8, 7, \"store1\"]";
    let e = bad_ludii("ludii:\n  game: Sungka\n  sites: [0, 1]\n");
    assert!(
        e.contains("ludii.sites: pit 2 stands for no Ludii site"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {}\n",
        sites.replace("13", "14")
    ));
    assert!(
        e.contains("ludii.sites[8]: pit 14 is not on the board (pits 0-13, store1-store2)"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {}\n",
        sites.replace("12", "13")
    ));
    assert!(e.contains("ludii.sites[9]: pit 13 is given twice"), "{e}");
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {}\n",
        sites.replace("store1", "store3")
    ));
    assert!(
        e.contains("ludii.sites[15]: store3, but the game has 2 player(s)"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {}\n",
        sites.replace("\"store1\"", "\"x\"")
    ));
    assert!(
        e.contains("ludii.sites[15]: `\"x\"` is neither a pit index"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  set: {{ nope: 1 }}\n  sites: {sites}\n"
    ));
    assert!(e.contains("ludii.set: unknown option `nope`"), "{e}");
    let e = bad_ludii(&format!("ludii:\n  gmae: Sungka\n  sites: {sites}\n"));
    assert!(
        e.contains("ludii: unknown key `gmae` (keys: game, set, sites, opening_plies, large)"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {sites}\n  opening_plies: -2\n"
    ));
    assert!(
        e.contains("ludii.opening_plies: a count of Ludii's plies (0, 1, ...), not -2"),
        "{e}"
    );
    // Large pieces: [piece name, game variable], the variable declared by the rule.
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {sites}\n  large: [[Ball]]\n"
    ));
    assert!(
        e.contains("ludii.large[0]: `[\"Ball\"]` is not [piece name, game variable]"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {sites}\n  large: Ball\n"
    ));
    assert!(
        e.contains("ludii.large: a list of [piece name, game variable]"),
        "{e}"
    );
    let e = bad_ludii(&format!(
        "ludii:\n  game: Sungka\n  sites: {sites}\n  large: [[Ball, where_ball]]\n"
    ));
    assert!(
        e.contains("ludii.large: `where_ball` is no game variable of the board"),
        "{e}"
    );
    let e = bad_ludii(&format!("ludii:\n  sites: {sites}\n"));
    assert!(e.contains("ludii.game: Ludii's name of the game"), "{e}");
    let e = bad_ludii("ludii: Sungka\n");
    assert!(e.contains("ludii: must be a map"), "{e}");
    // A list of several: each named by its index.
    let e = bad_ludii(&format!(
        "ludii:\n  - game: Sungka\n    sites: {sites}\n  - game: Other\n    sites: [0]\n"
    ));
    assert!(
        e.contains("ludii[1].sites: pit 1 stands for no Ludii site"),
        "{e}"
    );
}

#[test]
fn three_row_boards_map_their_middle_line_from_souths_left() {
    // (label, row, column) of some holes, and the stores' sides.
    let hole = |v: &serde_json::Value, label: &str| -> (u64, u64, u64) {
        let p = v["board"]["pits"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["label"] == label)
            .unwrap_or_else(|| panic!("no hole {label}"));
        (
            p["row"].as_u64().unwrap(),
            p["column"].as_u64().unwrap(),
            p["owner"].as_u64().unwrap(),
        )
    };
    // The Concentration Game: South's middle hole, the two stores, North's, between the rows.
    let v = json(&["rules", "concentration_game", "--json"]);
    assert_eq!(v["board"]["shape"], "three_rows");
    assert_eq!(v["board"]["rows"], 3);
    assert_eq!(hole(&v, "S1"), (0, 0, 1));
    assert_eq!(hole(&v, "SM1"), (1, 0, 1));
    assert_eq!(hole(&v, "NM1"), (1, 3, 2));
    assert_eq!(hole(&v, "N1"), (2, 3, 2));
    assert_eq!(hole(&v, "N4"), (2, 0, 2));
    for s in v["board"]["stores"].as_array().unwrap() {
        assert_eq!(s["side"], "middle");
    }
    // Rab'e: the middle row in halves, North's (his holes 1..3 from his left) on South's left.
    let v = json(&["rules", "rabe", "--json"]);
    assert_eq!(hole(&v, "NM1"), (1, 2, 2));
    assert_eq!(hole(&v, "NM3"), (1, 0, 2));
    assert_eq!(hole(&v, "SM1"), (1, 3, 1));
    assert_eq!(hole(&v, "SM3"), (1, 5, 1));
    assert_eq!(hole(&v, "N1"), (2, 5, 2));
    assert_eq!(v["board"]["stores"][0]["side"], "off");
}
