//! Every key of the data-rule vocabulary that names holes by number (from their owner's left)
//! refuses a hole the board does not have, with the same one-line error naming the key, the
//! number and the allowed range (one check, `geometry::hole_numbers`, used by every such key).

use std::path::Path;

use sowlab::Rule;

/// A data rule on two rows of 4 holes, with `sowing` and `pipeline` parts added.
fn text(sowing: &str, pipeline: &str) -> String {
    format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\nsowing: {{ {sowing} }}\npipeline:\n{pipeline}  end:\n    - {{ when: no_move, then: most_seeds }}\n"
    )
}

fn board_error(text: String) -> Option<String> {
    let r = match Rule::data_from_text(text, Path::new("t.yaml")) {
        Ok(r) => r,
        Err(e) => return Some(e.one_line()),
    };
    let o = r.resolve_options::<&str>(&[]).unwrap();
    r.new_board(&o).err().map(|e| e.one_line())
}

/// Each key that names holes: (its name in errors, the rule with `{}` for the hole numbers).
fn keys() -> Vec<(&'static str, String, String)> {
    let children =
        |key: &str| format!("  children: {{ make_when_last_makes: [3], {key}: {{}} }}\n");
    vec![
        (
            "sowing: reverse_holes",
            "reverse_holes: {}".into(),
            String::new(),
        ),
        (
            "sowing: choose_direction",
            "choose_direction: {}".into(),
            String::new(),
        ),
        (
            "sowing: reverse_holes_by_row: row S",
            "reverse_holes_by_row: { S: {} }".into(),
            String::new(),
        ),
        (
            "pipeline: moves: opening: holes",
            String::new(),
            "  moves:\n    opening: { turns: 1, holes: {} }\n".into(),
        ),
        (
            "pipeline: children: own_holes",
            String::new(),
            children("own_holes"),
        ),
        (
            "pipeline: children: opponent_holes",
            String::new(),
            children("opponent_holes"),
        ),
        (
            "pipeline: children: start_holes",
            String::new(),
            children("start_holes"),
        ),
    ]
}

#[test]
fn every_key_that_names_holes_refuses_a_hole_the_board_does_not_have() {
    for (key, sowing, pipeline) in keys() {
        let with = |holes: &str| text(&sowing.replace("{}", holes), &pipeline.replace("{}", holes));
        // Holes the board has: accepted.
        assert_eq!(board_error(with("[1, 4]")), None, "{key}");
        for bad in ["5", "0", "-1", "1000000000000"] {
            let e = board_error(with(&format!("[2, {bad}]")))
                .unwrap_or_else(|| panic!("{key}: hole {bad} accepted"));
            assert!(
                e.contains(&format!(
                    "{key}: no hole {bad} (holes are numbered 1 to 4, from their owner's left)"
                )),
                "{key}, hole {bad}: {e}"
            );
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
