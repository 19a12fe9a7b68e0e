//! Boards for the unit tests of declared steps: a data rule's text loaded with its default
//! options, its legal moves as labels, a move played by its label.

use crate::engine::board::state::Board;

/// The start board of the data rule `text` (read as `t.yaml`) with its default options.
pub fn data_board(text: String) -> Board {
    let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    rule.new_board(&opts).unwrap().cast::<Board>()
}

/// The legal moves of the player to move, as labels.
pub fn labels(b: &Board) -> Vec<String> {
    let mut legal = Vec::new();
    let p = b.layout.pipeline.clone().unwrap();
    crate::engine::player::play::legal_into(b, &p, b.to_move, &mut legal);
    legal.iter().map(|&m| b.layout.label(m)).collect()
}

/// Plays the move labelled `label` by the player to move.
pub fn play(b: &mut Board, label: &str) {
    let id = b.layout.parse_label(b.to_move, label).expect(label);
    crate::engine::player::play::play(b, id, &mut Vec::new()).unwrap();
}
