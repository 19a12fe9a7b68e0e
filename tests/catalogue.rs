//! The shipped catalogue: one worked example per traditional game of `rules/`, from the source
//! its rule file cites (a described opening or capture), or, where the source gives none, built
//! from the source's rule statements (the comment says which). Each example plays its moves from
//! the start and checks the whole position after them: every hole in canonical order, the stores
//! (or reserves), and who is to move (`None`: the game is over).
//!
//! Also: every game of the catalogue has an example, a family, a region and sources.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use sowlab::{Game, Rule};

use common::*;

/// One worked example.
struct Example {
    game: &'static str,
    sets: &'static [&'static str],
    moves: &'static str,
    pits: &'static [i64],
    stores: &'static [i64],
    to_move: Option<usize>,
}

/// The rules shipped before the catalogue: their examples live in their own tests
/// (kalah_oware.rs, raja_pasu.rs, ruma.rs, solve.rs, ...).
const SEED_GAMES: &[&str] = &[
    "kalah",
    "kalah_data",
    "oware",
    "raja_pasu",
    "ruma",
    "tchoukaillon",
    "tchuka_ruma",
];

const EXAMPLES: &[Example] = &[
    // Bao la Kiswahili (more in tests/bao.rs): from the start South enters a seed into SI6 (3)
    // and sows it anticlockwise, a decision of its own (`ccw`): SI5 (7), SI4, SI3. A takasa:
    // no capture; North to move.
    Example {
        game: "bao_la_kiswahili",
        sets: &[],
        moves: "SI6 ccw",
        pits: &[
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 7, 0, 2, 0, 0, 0, 0, 0, 6, 2, 2, 0, 0, 0, 0, 0, 0,
            0, 0, 0,
        ],
        stores: &[21, 22],
        to_move: Some(2),
    },
    // Omweso (more in tests/omweso.rs, with the sources' worked turn from the position it
    // describes): without the arrangement (arrange=fixed, 4 in each outer hole), built from the
    // rules (R3-R5): SO8, NO8, SO5, NO5; South's SI7 (2) ends in SI5 (3), which faces NI4 (1) and
    // NO4 (4): their 5 seeds are sown from after SI7 (SI6..SI2); SI2 was empty: North to move.
    Example {
        game: "omweso",
        sets: &["arrange=fixed"],
        moves: "SO8 NO8 SO5 NO5 SI7",
        pits: &[
            4, 4, 4, 4, 0, 5, 5, 1, 0, 1, 1, 2, 4, 2, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 4, 4, 4, 0, 0,
            5, 5, 1,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Congkak, salvi.chaosnet.org: from the start South sows his second house from the right
    // (S6, 7 seeds) clockwise: S5..S1, his store, N7, which now holds 8 (the source's diagram:
    // S 8 8 8 8 8 0 7, store 1, N7 8). The source goes on "from that" house; by its rules
    // (R3, R5): 8 seeds from N7 sow N6..N1, skip North's store, S7, S6; S6 was empty and the house
    // opposite, N2, holds 8: South stores them and the last seed (1 + 9 = 10).
    Example {
        game: "congkak",
        sets: &[],
        moves: "6",
        pits: &[8, 8, 8, 8, 8, 0, 8, 8, 0, 8, 8, 8, 8, 0],
        stores: &[10, 0],
        to_move: Some(2),
    },
    // FairKalah (R1's start: S 4 4 5 4 3 4): South's 3 (5 seeds) sows S4..S6, his store and N1,
    // no longer ending in his store as in Kalah(6,4); North's 1 (5) sows N2..N6; South's 5 (4)
    // sows S6, his store, N1, N2; North's 2 (6) sows N3..N6, his store and S1.
    Example {
        game: "fairkalah",
        sets: &[],
        moves: "3 1 5 2",
        pits: &[5, 4, 0, 5, 0, 6, 1, 0, 6, 6, 6, 6],
        stores: &[2, 1],
        to_move: Some(1),
    },
    // Sungka: no worked example in the sources; built from their rules (R3, R4). From the start,
    // South's house 1 (7) sows S2..S7 and his store: a bonus move. House 7 (8) sows his store and
    // N1..N7; N7 held 7 and now 8: relay; 8 from N7 pass North's store, sow S1..S7 and South's
    // store: another bonus move.
    Example {
        game: "sungka",
        sets: &[],
        moves: "1 7",
        pits: &[1, 9, 9, 9, 9, 9, 1, 8, 8, 8, 8, 8, 8, 0],
        stores: &[3, 0],
        to_move: Some(1),
    },
    // Ayoayo: no worked example in Mancala World; built from its rules (R2-R4). South's hole 1 (4)
    // sows S2..S5; S5 held 4: relay 5 from S5 to S6, N1..N4; relay 5 from N4 to N5, N6, S1..S3;
    // relay 6 from S3 to S4..S6, N1..N3; relay 6 from N3 to N4..N6, S1..S3; S3 was empty: South
    // captures N4 (1, opposite) and the last seed.
    Example {
        game: "ayoayo",
        sets: &[],
        moves: "1",
        pits: &[2, 7, 0, 6, 1, 6, 6, 6, 0, 0, 6, 6],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Ouril: no worked example in the sources; built from their rules (R2, R3). S1, N3, S3 sow
    // without a capture; North's N2 (5) sows N3..N6 and S1, which held 1 and now 2: captured; the
    // hole before it is North's own N6: the chain stops.
    Example {
        game: "ouril",
        sets: &[],
        moves: "1 3 3 2",
        pits: &[0, 5, 0, 6, 6, 5, 5, 0, 1, 6, 6, 6],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Vai Lung Thlan: igGameCenter's example (a last stone in an empty hole captures it and the
    // singles before it), here on a board built from the start by the source's rules: S1 (5)
    // sows clockwise N6..N2; North's N6 (6) sows N5..N1 and S6; South's S5 (5) sows S4..S1 and
    // N6: N6 and S1 were empty, now hold one stone each: both captured (the chain stops at S2, 6).
    Example {
        game: "vai_lung_thlan",
        sets: &[],
        moves: "1 6 5",
        pits: &[0, 6, 6, 6, 0, 6, 6, 7, 7, 7, 7, 0],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Das Bohnenspiel: no worked example in Wikipedia; built from its rules (R3, on one's own
    // side too): S1 (6) to S2..S6, N1; N1 (7) to N2..N6, S1, S2; S6 (7) to N1..N6 and S1, which
    // now holds 2: captured; the pit before it, N6, holds 8: the chain stops.
    Example {
        game: "bohnenspiel",
        sets: &[],
        moves: "1 1 6",
        pits: &[0, 8, 7, 7, 7, 0, 1, 8, 8, 8, 8, 8],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Toguz Kumalak: no worked example in the sources; built from their rules. South's hole 2 (9)
    // sows itself first, S3..S9 and N1, which now holds 10, even: captured (R3). ... Move 4: North's
    // hole 2 (10) sows N2..N9, S1 and S2, which held 2 and now 3: South's hole 2 becomes North's
    // tuzdik (R4, 3 captured). Move 6: North's hole 9 (12) sows N9, S1..S9, N1, N2: the stone sown
    // into the tuzdik S2 goes to North (R4).
    Example {
        game: "toguz_kumalak",
        sets: &[],
        moves: "2 8 9 2 3 9",
        pits: &[
            12, 0, 2, 13, 13, 13, 13, 12, 3, 3, 3, 12, 0, 11, 11, 11, 3, 1,
        ],
        stores: &[22, 4],
        to_move: Some(1),
    },
    // Hawalis: no worked example in the sources; built from their rules. South's SI7 (2) ends in
    // SI5 and relays 3 to SI2, 3 to SO2, 3 to SO5, 3 to SI7, emptied by the move: an empty front
    // hole facing North's NI1 (2), which is taken with NO1 behind it (4 seeds out, R4).
    Example {
        game: "hawalis",
        sets: &[],
        moves: "SI7",
        pits: &[
            3, 0, 3, 3, 0, 3, 3, 3, 0, 3, 3, 0, 3, 1, 0, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2,
        ],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Bao Ki Arabu: no worked example in the source; built from its rules. South's SO1 sown
    // anticlockwise relays round his rows; North's NI1 sown anticlockwise relays through NI6,
    // emptying it; South's SI7 sown anticlockwise relays SI3 -> SO3 -> SI8 and ends in SI3,
    // emptied by the move: North's NI6 facing it is empty, NO6 behind it holds 4: taken (R4).
    Example {
        game: "bao_ki_arabu",
        sets: &[],
        moves: "SO1ccw NI1ccw SI7ccw",
        pits: &[
            2, 6, 0, 2, 5, 5, 5, 1, 1, 5, 1, 6, 2, 6, 1, 0, 1, 0, 4, 4, 4, 0, 4, 4, 5, 5, 1, 4, 4,
            0, 0, 4,
        ],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Chiana wa Bwalo: no worked example in the source; built from its rules. South's SO7 (4)
    // ends in SI6; North's NO8 (4) ends in NI5; South's SO8 (5) sows SI8..SI5 and ends in SI4,
    // empty, facing North's NI5 (1): taken (R3).
    Example {
        game: "chiana_wa_bwalo",
        sets: &[],
        moves: "SO7 NO8 SO8",
        pits: &[
            4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 0, 0, 0, 0, 0, 1, 1, 1, 4, 4, 4, 4, 4,
            4, 4, 0,
        ],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Sute: no worked example in the source; built from its rules. Each player has one move a
    // turn, the seed before his empty hole (R2), so the empty holes travel back round the loops;
    // North's 26th move carries NI5's seed into NI4, facing South's SI5, empty: South's SO5
    // behind it is taken (R3).
    Example {
        game: "sute",
        sets: &[],
        moves: "SO8 NO8 SO7 NO7 SO6 NO6 SO5 NO5 SO4 NO4 SO3 NO3 SO2 NO2 SO1 NO1 SI1 NI1 SI2 NI2 SI3 NI3 SI4 NI4 SI5 NI5",
        pits: &[
            1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1,
        ],
        stores: &[0, 1],
        to_move: Some(1),
    },
    // Tshuba: no worked example in the source; built from its rules. South's SI1 (2) ends in SO2
    // and relays 3 to SI4, then 3 to SI1, emptied by the move: North's NI4 facing it (2) is taken
    // with NO4 behind it (R4), and South takes one more hole of his choice, NO3 (R5).
    Example {
        game: "tshuba",
        sets: &[],
        moves: "SI1 NO3",
        pits: &[3, 0, 3, 3, 1, 3, 3, 0, 2, 2, 2, 0, 2, 2, 0, 0],
        stores: &[6, 0],
        to_move: Some(2),
    },
    // Msuwa: no worked example in the source; built from its rules. South's SO3 (2) relays from
    // SO5 (3) and SO8 (3) and ends in SI10, empty at the start: North's NI1 facing it (2) is
    // taken, and NO1 behind it (2) (R4); having taken both, South takes two more holes of his
    // choice, NO2 (2) and NI9 (1) (R5).
    Example {
        game: "msuwa",
        sets: &[],
        moves: "SO3 NO2 NI9",
        pits: &[
            2, 2, 0, 3, 0, 3, 3, 0, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0, 2, 2, 2, 2, 2, 2, 2, 0,
            0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2,
        ],
        stores: &[7, 0],
        to_move: Some(2),
    },
    // Namudilakunze: no worked example in the source; built from its rules. Each first turn is
    // sown clockwise (R2): South's SO3 relays round his rows; North's NI2 relays and ends in an
    // empty inner hole facing South's empty SI5: South's SO5 behind it (2) is taken (R5). On his
    // second turn South plays SI4 and chooses anticlockwise, for good (R3).
    Example {
        game: "namudilakunze",
        sets: &[],
        moves: "SO3 NI2 SI4 ccw",
        pits: &[
            2, 0, 2, 1, 0, 0, 2, 1, 0, 1, 0, 0, 2, 0, 0, 1, 1, 2, 0, 2, 0, 1, 0, 2, 0, 2, 0, 2,
        ],
        stores: &[0, 2],
        to_move: Some(2),
    },
    // Hus: no worked example in the sources; built from their rules. In the third move South's relay
    // ends in SI2, occupied, and North's NI7 and NO7 (the file opposite) both hold seeds: the 6 are
    // captured (R4) and sown on from SI1: SI1, SO1..SO5; relay from SO5 to SO6..SI8; SI8 faces an
    // empty NO1: relay to SI7, SI6, which was empty: the move ends.
    Example {
        game: "hus",
        sets: &[],
        moves: "SO1 NO1 SO8",
        pits: &[
            1, 4, 1, 1, 0, 1, 4, 1, 1, 2, 2, 1, 1, 1, 5, 0, 1, 1, 1, 1, 3, 3, 0, 0, 0, 3, 0, 3, 3,
            0, 0, 3,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Moruba: no worked example in the source; built from its rules. From the start South's SO2 (2)
    // relays SO4 -> SO7 -> SI7 -> SI4 and ends in SI1, empty, in his inner row; North's inner hole
    // of that file, NI8, holds 2: South captures it and NO8 (4 stones off the board, R5).
    Example {
        game: "moruba",
        sets: &[],
        moves: "SO2",
        pits: &[
            2, 0, 3, 0, 3, 3, 0, 3, 1, 2, 3, 0, 3, 3, 0, 3, 0, 1, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2,
            2, 2, 0,
        ],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Njombwa: built from its rules. South's SI3 (2) sows SI2, SI1 (empty, inner row); North's
    // NI8 across holds 2: it and NO8 behind (2) leave the board (R4).
    Example {
        game: "njombwa",
        sets: &[],
        moves: "SI3",
        pits: &[2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 0, 2, 2, 2, 2, 2, 0, 1, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 0],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Njombwa (One Counter): built from its rules. After the set opening (R2: SO = 0 2 0 2 0 2 0
    // 2, SI = 2 0 2 0 2 0 0 0, each side alike) South's SO6 (2) sows SO7 and SO8 (3), whose
    // counters are sown on (R4): SI8, SI7, SI6, empty, of the inner row; North's NI3 across holds
    // 2: it leaves the board, NO3 behind being empty (R5).
    Example {
        game: "njombwa_one_counter",
        sets: &[],
        moves: "SO6",
        pits: &[0, 2, 0, 2, 0, 0, 1, 0, 2, 0, 2, 0, 2, 1, 1, 1, 2, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 0, 2, 0, 2],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Ryakati: built from its rules. After the opening gambit (R2: SO = 2 1 1 3 0 3 1 0, SI = 0 1
    // 0 4 4 1 5 6, North's alike) South's SI8 (6) sows SI7..SI2; SI2 held 1, and across it NI7
    // (5) and NO7 (1) both hold counters: they are captured and sown again from SI7, the lap's
    // first hole (R5), to SI2 (3). Across it now nothing: its 3 are sown on (R4) to SO2 (2), whose
    // 2 go on to SO4 (4), whose 4 end in SO8, empty.
    Example {
        game: "ryakati",
        sets: &[],
        moves: "SI8",
        pits: &[3, 0, 2, 0, 1, 4, 2, 1, 1, 0, 2, 6, 6, 3, 7, 0, 0, 1, 0, 4, 4, 1, 0, 6, 2, 1, 1, 3, 0, 3, 0, 0],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Njombwa (29 in One Hole): built from its rules. After the opening (R2, R3: SO = 2 0 3 3 0 3 3
    // 0, SI = 0 2 1 4 3 0 3 3, North's NI = 0 2 1 4 4 0 3 3) South's SO7 (3) sows SO8, SI8, SI7
    // (4): sown on (R5), SI6..SI3 (2), sown on, SI2 and SI1, empty, of the inner row; North's NI8
    // across holds 3: they leave the board, NO8 behind being empty (R6).
    Example {
        game: "njombwa_29",
        sets: &[],
        moves: "SO7",
        pits: &[2, 0, 3, 3, 0, 3, 0, 1, 1, 3, 0, 5, 4, 1, 0, 4, 0, 2, 1, 4, 4, 0, 3, 0, 2, 0, 3, 3, 0, 3, 3, 0],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Muvalavala (Quioco): built from its rules. South's only hole of two or more, SO1 (12), sows
    // SO2..SO6, SI6..SI1 and its last counter back into SO1, emptied: the move ends (R4).
    Example {
        game: "muvalavala_quioco",
        sets: &[],
        moves: "SO1",
        pits: &[1, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 0, 1, 1, 1, 1, 1, 12, 1, 1, 1, 1, 1],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Muvalavala (Luena): built from its rules. South's first move, from his inner row (R3):
    // SI1 (2) sown clockwise relays round his rows until a last counter falls into an empty
    // inner hole facing counters, which are captured with the outer hole behind (4, R5).
    Example {
        game: "muvalavala_luena",
        sets: &[],
        moves: "SI1",
        pits: &[0, 3, 3, 0, 3, 3, 1, 4, 1, 3, 3, 0, 2, 2, 2, 0, 2, 2, 2, 2, 2, 0, 2, 2],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Nsolo: built from its rules. South's SO10 (2) sows SI10 (empty) and SI9, then relays lap
    // after lap round his rows until a last counter falls into an empty hole of his outer row.
    Example {
        game: "nsolo",
        sets: &[],
        moves: "SO10",
        pits: &[0, 3, 3, 0, 3, 3, 0, 3, 3, 1, 3, 3, 0, 3, 3, 0, 3, 3, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Nsumbi: built from its rules. The first moves capture nothing (R5): South's SI8 (2) sows
    // SI7, SI6; North's NI8 (2) sows NI7, NI6.
    Example {
        game: "nsumbi",
        sets: &[],
        moves: "SI8 NI8",
        pits: &[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 0, 2, 2, 2, 2, 2, 3, 3, 0, 2, 2, 2, 2, 2, 2, 2, 2],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Tsoro (Baia): built from its rules. South's set first move SI3 (2) sows SI2, SI1 (empty):
    // NI13 and NO13 across (2 each) are captured, then the five holes of his choice (R5): NI2 (1),
    // NI4..NI7 (2 each); 13 captured.
    Example {
        game: "tsoro_baia",
        sets: &[],
        moves: "SI3 NI2 NI4 NI5 NI6 NI7",
        pits: &[0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 2, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0],
        stores: &[13, 0],
        to_move: Some(2),
    },
    // Mefuvha: built from its rules. South's set first move SI3 (2) sows SI2, SI1 (empty): NI16
    // and NO16 across (2 each) are captured, then one hole of his choice, NI2 (1): 5 captured.
    Example {
        game: "mefuvha",
        sets: &[],
        moves: "SI3 NI2",
        pits: &[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Igisoro: no worked example in Wikipedia; built from its rules. Move 3: SO1 (4) sows to SO5,
    // relays 6 to SI6 (its file's NO3 is empty: relay), then 2 to SI4, whose file NI5 and NO5 both
    // hold seeds: the 6 are captured and sown again from SO1 (SO2..SO7, R4), relay from SO7 ends in
    // SI3, empty.
    Example {
        game: "igisoro",
        sets: &[],
        moves: "SO4 NO3 SO1",
        pits: &[
            0, 6, 6, 2, 1, 7, 0, 2, 0, 0, 1, 3, 3, 1, 3, 3, 0, 0, 0, 0, 0, 1, 1, 1, 4, 4, 0, 5, 0,
            5, 0, 5,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Mangala: no worked example in the sources; built from their rules. South's well 1 (4): one
    // stone back into it, S2..S4 (R2). North's well 5 (4): one back, N6, his store, and S1, which
    // held 1 and now 2, even: captured (R4).
    Example {
        game: "mangala",
        sets: &[],
        moves: "1 5",
        pits: &[0, 5, 5, 5, 4, 4, 4, 4, 4, 4, 1, 5],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Layli Goobalay: no worked example in the sources; built from their rules. In the fourth move
    // North's relay ends in N4, empty, in his own row; the hole opposite, S3, holds 3: one pebble
    // moves into N4 and both holes, two pebbles each, become North's uur (R5).
    Example {
        game: "layli_goobalay",
        sets: &[],
        moves: "2 5 2 1",
        pits: &[5, 0, 2, 1, 0, 5, 0, 14, 6, 2, 3, 0],
        stores: &[10, 0],
        to_move: Some(1),
    },
    // Pallanguli with 2 seeds a cup (option seeds), worked by hand from the rules: S1 sows S2, S3;
    // relay from S4, S7, N3, N6 (R3); the relay from S2 makes S3 and S5 four (R5: South's); from S6,
    // N1 and N2 four; N3 is empty: South captures N4 beyond it (R4) and sows on from N5: N7 four; S2
    // and S3 empty: the turn is over. South's store: 4+4+4+4+3+4.
    Example {
        game: "pallanguli",
        sets: &["seeds=2"],
        moves: "1",
        pits: &[2, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0],
        stores: &[23, 0],
        to_move: Some(2),
    },
    // English Wari: no worked example in the source; built from its rules. In the sixth move North's
    // N6 (2) sows S1 and S2, which held 3 and now 4: captured (R3); the hole before it, S1, holds 2:
    // the run stops.
    Example {
        game: "english_wari",
        sets: &[],
        moves: "2 6 1 4 6 6",
        pits: &[2, 0, 7, 7, 6, 0, 5, 5, 5, 1, 6, 0],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Dabuda: no worked example in the source; built from its rules. Both first moves come from hole
    // 10 (R2); in the fifth move South's S7 relays ten laps and ends in S7, empty; the hole
    // opposite, N4, holds 3: South captures them and the last counter (R4).
    Example {
        game: "dabuda",
        sets: &[],
        moves: "10 10 3 6 7",
        pits: &[6, 13, 0, 6, 3, 6, 0, 1, 0, 3, 3, 0, 5, 0, 12, 0, 2, 4, 0, 1],
        stores: &[8, 7],
        to_move: Some(2),
    },
    // Adji-boto: no worked example in the sources; built from their rules. S1 (10) leaves one and
    // sows nine, no capture on the first move (R4); N1 (11) leaves one and ends in N1, before N2
    // (12): nothing; S4 (12) leaves one and ends in S5, before N1, which holds 3: captured; N2 holds
    // 13: the run stops.
    Example {
        game: "adji_boto",
        sets: &[],
        moves: "1 1 4",
        pits: &[3, 13, 13, 2, 14, 0, 13, 13, 13, 13],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Woli: no worked example in the source; built from its rules. Clockwise: S1 sows N6..N1; N1
    // sows S6..S1 and N6; S2 sows S1, N6..N1 (N1 makes 1: nothing); North's N3 (8) sows N2, N1,
    // S6..S1, and S1 now holds 3: captured (R3); the hole before it, S2, holds 1: the chain stops.
    Example {
        game: "woli",
        sets: &[],
        moves: "1 1 2 3",
        pits: &[0, 1, 8, 8, 8, 8, 2, 9, 0, 8, 8, 9],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Chongka': no worked example in the source; built from its rules (R2-R4). Clockwise: S1 (7)
    // sows South's store and N7..N2; N2 held 7: relay 8 from N2 into N1 and S7..S1; S1, empty
    // (the move's start), takes N7 (8) into South's store, the last counter staying (R4).
    Example {
        game: "chongka",
        sets: &[],
        moves: "1",
        pits: &[1, 8, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 0],
        stores: &[9, 0],
        to_move: Some(2),
    },
    // Chonka: no worked example in the source; built from its rules (R2-R4). S2 (7) sows S3..S7,
    // South's store and N1; N1 held 7: relay 8 from N1 into N2..N7, S1 and S2, empty (the move's
    // start): the last counter is captured with N6 (8), opposite (R4).
    Example {
        game: "chonka",
        sets: &[],
        moves: "2",
        pits: &[8, 0, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 0, 8],
        stores: &[10, 0],
        to_move: Some(2),
    },
    // Chungcajon: no worked example in the source; built from its rules (R2-R4). Clockwise: S1
    // (7) sows South's store and N7..N2; N2 held 7: relay 8 from N2 into N1 and S7..S1; S1,
    // empty (the move's start), ends the turn: nothing is captured.
    Example {
        game: "chungcajon",
        sets: &[],
        moves: "1",
        pits: &[1, 8, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 8],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Wa'ache Waledat: no worked example in the source; built from its rules. S1 and N1 (left
    // holes: clockwise); then South's S3 (1, clockwise) relays from S2, N6, S5, N4 and N2, whose
    // last counter makes four in S6: captured (R4, the game's third turn); South plays again.
    Example {
        game: "waache_waledat",
        sets: &[],
        moves: "1 1 3",
        pits: &[4, 1, 1, 7, 0, 0, 3, 0, 7, 0, 8, 1],
        stores: &[4, 0],
        to_move: Some(1),
    },
    // Sonka: no worked example in the source; built from its rules. South's S2 (6) sows S3..S5,
    // his store, N1 and N2; the next pit, N3, holds counters: they are sown on (R3), and so are
    // S5's, S2's and S4's in turn; S4's last counter falls in S1 and S2 after it is empty: N5
    // opposite (9) is taken (R4).
    Example {
        game: "sonka",
        sets: &[],
        moves: "2",
        pits: &[9, 0, 9, 0, 1, 9, 9, 2, 9, 0],
        stores: &[12, 0],
        to_move: Some(2),
    },
    // Awagagae: no worked example in the source; built from its rules (a game Ludii played,
    // seed 9). South's S2 relays on four laps (R2); North's N3 (6) ends in S3, sown on, ending in
    // N5 (3), sown on: its last counter makes four in S2, of South's row: that hole is North's
    // (R3), its counters staying there.
    Example {
        game: "awagagae",
        sets: &[],
        moves: "S2 N3",
        pits: &[8, 4, 0, 2, 7, 2, 7, 7, 1, 2, 0, 8],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // J'erin: no worked example in the source; built from its rules in Ludii's reading of the
    // relay (a game Ludii played, seed 1). South's S3 (4) is sown on nine laps, each from its
    // last hole (R4, any_last); the ninth, from N2 (8), sows N3..N6 and S1..S4: S3, his own,
    // now holds four: taken (R3), and the turn ends after that lap.
    Example {
        game: "jerin",
        sets: &["relay=any_last"],
        moves: "S3",
        pits: &[1, 8, 0, 9, 1, 1, 3, 0, 8, 8, 2, 3],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Lam Waladach: the source's opening (R2), played on by its rules. South's three counters
    // from each hole, 18, are sown from N1 (its first into N1) round to N6 (6): sown on into
    // S1..S6, S6 (3) into N1..N3, N3 (7) into N4..N6 and S1..S4, which now hold four each:
    // taken (R4); the last hole so emptied, the turn ends, and South, having taken, moves again.
    Example {
        game: "lam_waladach",
        sets: &[],
        moves: "N1",
        pits: &[0, 0, 0, 0, 3, 0, 7, 7, 0, 7, 7, 1],
        stores: &[16, 0],
        to_move: Some(1),
    },
    // Gabata (Ghinda): no worked example in the source; built from its rules. South's first move
    // is from his leftmost hole (R2): S1 (4) sows S2..S5; S5 (5) is sown on into S6 and N1..N4,
    // N4 (5) into N5, N6 and S1..S3, S3 (6) into S4..S6 and N1..N3, N3 (6) into N4..N6 and
    // S1..S3: S3, emptied before, now holds one: the turn ends (R3). No hole made four.
    Example {
        game: "gabata_ghinda",
        sets: &[],
        moves: "S1",
        pits: &[2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Gabata (Wuqro): the source's opening (R2), played by its rules. South's 18 counters are
    // sown from N1 on, round to N6 (5), sown on into S1..S5; S5 (2) into S6 and N1; N1 (6) into
    // N2..N6 and S1; S1 (3) into S2..S4; S4 (3) into S5, S6 and N1, emptied: the turn ends, and
    // nothing is taken in the opening.
    Example {
        game: "gabata_wuqro",
        sets: &[],
        moves: "S1",
        pits: &[0, 3, 3, 0, 1, 3, 1, 6, 6, 6, 6, 1],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Adi: no worked example in the source; built from its rules (a game Ludii played, seed 17).
    // South's S3, North's N6 (sowing into S3: South may sow from it again, R4), South's S1;
    // North's N5 (4) sows N6, S1, S2 and S3, which held 2: its three are taken (R3), S2 (7)
    // behind it being no three; S1, which South had sown from, is open to him again.
    Example {
        game: "adi",
        sets: &[],
        moves: "3 6 1 5",
        pits: &[1, 7, 0, 7, 6, 6, 5, 4, 4, 4, 0, 1],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Bechi: no worked example in the source; built from its rules (a game Ludii played, seed 1).
    // After eight moves South's S3 (5), of his right half, is sown anticlockwise, its first
    // counter back into S3 (R2): S4, N1, N2 and N3, which now holds 2 and was moved from before:
    // taken, with N4 (14), S1 (14) and S2 (2) after it, even; S3 (1) is odd and stops it (R3).
    Example {
        game: "bechi",
        sets: &[],
        moves: "2 1 3 3 4 2 2 3 3",
        pits: &[0, 0, 1, 4, 1, 4, 0, 0],
        stores: &[32, 6],
        to_move: Some(2),
    },
    // Galatjang: no worked example in the source; built from its rules. South's S5 (7) sows S6,
    // his store and N1..N5; N5 now holds 8: they are sown on (R4), into N6, S1..S6 and his store,
    // where the last falls: South moves again (R3).
    Example {
        game: "galatjang",
        sets: &[],
        moves: "5",
        pits: &[8, 8, 8, 8, 1, 9, 8, 8, 8, 8, 0, 8],
        stores: &[2, 0],
        to_move: Some(1),
    },
    // Tapata: no worked example in the source; built from its rules. South's first move, S9 (3),
    // sows S10, S11 and, its last counter bound for his own S12, N1 (R2); North's N11 (3) sows
    // N12, S1, S2. South's S12 (3) ends in N3 (4): relay into N4..N7, empty, in North's row (R4).
    // North's N8 (3) ends in N11, empty, his own: S2 (4) opposite is taken (R5).
    Example {
        game: "tapata",
        sets: &[],
        moves: "9 11 12 8",
        pits: &[
            1, 0, 3, 0, 3, 3, 0, 3, 0, 1, 4, 0, 2, 4, 0, 1, 4, 4, 1, 0, 4, 1, 1, 4,
        ],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Altiev: no worked example in the source; built from its rules (R2-R4). S1 (3) ends in S4
    // (4): relay into S5, S6, N1, N2 (4): relay into N3..N6 (4): relay into S1..S4; S4, emptied
    // by the first relay, is empty: South takes N3 (4), opposite.
    Example {
        game: "altiev",
        sets: &[],
        moves: "1",
        pits: &[1, 5, 5, 1, 4, 4, 4, 0, 0, 4, 4, 0],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Adidada: no worked example in the source; built from its rules (R2, R3). S1, N1, S2, then
    // North's N3 (5) ends in S2, empty, making 1; South's S1 (1) falls into S2, making 2: captured
    // (R3, a hole of his own row: capture_side=any); S1 before it is empty: the run stops.
    Example {
        game: "adidada",
        sets: &[],
        moves: "1 1 2 3 1",
        pits: &[0, 0, 6, 6, 6, 5, 1, 5, 0, 6, 6, 5],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // The same with Ludii's reading (capture_side=opponent): the 2 in South's own S2 stay.
    Example {
        game: "adidada",
        sets: &["capture_side=opponent"],
        moves: "1 1 2 3 1",
        pits: &[0, 2, 6, 6, 6, 5, 1, 5, 0, 6, 6, 5],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // J'odu: no worked example in the source; built from its rules (R2-R4). S1 (4) ends in S5
    // (5): relay into S6, N1..N4 (5): relay into N5, N6, S1..S3 (6): relay into S4..S6, N1..N3
    // (6): relay into N4..N6, S1..S3; S3, emptied by the third relay, is empty: South takes N4
    // (1), opposite, into his store.
    Example {
        game: "j_odu",
        sets: &[],
        moves: "1",
        pits: &[2, 7, 1, 6, 1, 6, 6, 6, 0, 0, 6, 6],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Foji: no worked example in the source; built from its rules (R2, R3). Clockwise: S1 (4)
    // ends in N3 (5): relay into N2, N1, S6..S4 (5): relay into S3..S1, N6, N5 (6): relay into
    // N4..N1, S6, S5 (6): relay into S4..S1, N6, N5, emptied by the third relay: the turn ends
    // in the opponent's row without a capture.
    Example {
        game: "foji",
        sets: &[],
        moves: "1",
        pits: &[2, 6, 6, 1, 0, 6, 6, 6, 1, 6, 1, 7],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Awari: no worked example in the source; built from its rules (R2, R3). S1, N3, S3 sow
    // without a capture; North's N2 (5) sows N3..N6 and S1, which held 1 and now 2: captured;
    // the hole before it is North's own N6: the run stops.
    Example {
        game: "awari",
        sets: &[],
        moves: "1 3 3 2",
        pits: &[0, 5, 0, 6, 6, 5, 5, 0, 1, 6, 6, 6],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Halusa: no worked example in the source; built from its rules (R2, R3). S1 (6) sows S2..S6
    // and N1; N1 (7) sows N2..N6, S1 and S2; South's S6 (7) sows N1..N6 and S1, which now holds
    // 2, even, in his own row: captured; the hole before it, N6, is North's: the run stops.
    Example {
        game: "halusa",
        sets: &[],
        moves: "1 1 6",
        pits: &[0, 8, 7, 7, 7, 0, 1, 8, 8, 8, 8, 8],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Boukerourou: no worked example in the source; built from its rules (R2, R3). S1 (6) ends
    // in N3; N1 (7) ends in S4 (8); S2 (8) sows S3, S4, N1..N4, S1 and S2, emptied at the start:
    // the counters of the hole after it, S3 (9), are sown on from S4 round to S4 (11): the turn
    // ends.
    Example {
        game: "boukerourou",
        sets: &[],
        moves: "1 1 2",
        pits: &[3, 2, 1, 11, 2, 10, 10, 9],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Bosh: no worked example in the source; built from its rules (R2..R4), the first move of
    // Ludii's seed 1, whose counts agree. S2 (4) sows S3, S4, S5 and N1; the hole after it, N2
    // (4), is lifted and sown on into N3, N4, N5 and S1; the hole after S1, S2, is empty: South
    // takes the hole beyond it, S3 (5).
    Example {
        game: "bosh",
        sets: &[],
        moves: "2",
        pits: &[5, 0, 0, 5, 5, 5, 0, 5, 5, 5],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Fondji: no worked example in the source; built from its rules (R2, R3). With Ludii's
    // reading (capture_side=opponent): S1, N3, S3 sow without a capture; North's N2 (5) sows
    // N3..N6 and S1, which held 1 and now 2, in South's row: captured; the hole before it is
    // North's own N6: the run stops.
    Example {
        game: "fondji",
        sets: &["capture_side=opponent"],
        moves: "1 3 3 2",
        pits: &[0, 5, 0, 6, 6, 5, 5, 0, 1, 6, 6, 6],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // The same with the source's reading (capture_side=own): S1 is not North's row: the 2 stay.
    Example {
        game: "fondji",
        sets: &[],
        moves: "1 3 3 2",
        pits: &[2, 5, 0, 6, 6, 5, 5, 0, 1, 6, 6, 6],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // French Wari: no worked example in the source; built from its rules (R2-R4). S3 (4) ends in
    // N1 (5): relay into N2..N6; N6 (5): relay into S1..S5; S5 (6): relay into S6, N1..N5; N5 (6):
    // relay into N6, S1..S5; S5, empty, takes N2 (6), opposite (R4). North's N1 (1) falls into
    // N2, empty: it takes S5 (1), opposite, an empty hole of his own row too.
    Example {
        game: "french_wari",
        sets: &[],
        moves: "3 1",
        pits: &[6, 6, 2, 7, 0, 6, 0, 1, 6, 6, 0, 1],
        stores: &[6, 1],
        to_move: Some(1),
    },
    // Daramutu: no worked example in the sources; built from their rules (anticlockwise). S1 (4)
    // ends in S5, which held 4: relay (R3) to N3, which held 4: relay to S1, empty: the hole
    // opposite, N7 (5), is captured (R4).
    Example {
        game: "daramutu",
        sets: &[],
        moves: "1",
        pits: &[1, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 0],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Ntyenge: no worked example in the source; built from its rule. North's N6 (5) sows N7, N8, S1,
    // S2 and S3, which held 1 and now 2: captured (R3).
    Example {
        game: "ntyenge",
        sets: &[],
        moves: "3 5 2 6",
        pits: &[6, 1, 0, 6, 6, 6, 5, 4, 4, 4, 4, 4, 0, 0, 6, 6],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Tsoro: no worked example in the sources; built from their rules. In the fourth move North's
    // NO4 (3) relays from NO7 to NI6 and ends in NI4, an empty hole of his inner row; South's inner
    // hole of that file, SI5, holds 1: captured, and then his outer SO5 (3) too (R4).
    Example {
        game: "tsoro",
        sets: &[],
        moves: "SO6 NO3 SO2 NO4",
        pits: &[
            2, 0, 3, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 0, 1, 1, 0, 2, 2, 2, 2, 0, 0, 1,
            4, 0, 1,
        ],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Musoro Tsoro: no worked example in the sources; built from their rules. South's SO6 (2)
    // ends in his head SO8 (3, now 4): he may stop there or sow on (R4); he sows on, SO8's 4 into
    // SI8..SI5, empty, facing NI4 (empty): no capture. North's NO6 ends in his head NO8 too, and
    // he ends his move there.
    Example {
        game: "musoro_tsoro",
        sets: &[],
        moves: "SO6 go NO6 stop",
        pits: &[
            2, 2, 2, 2, 2, 0, 3, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2,
            0, 3, 4,
        ],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Misoro Tsoro: no worked example in the sources; built from their rules. Each player
    // chooses his seventh and eighth outer holes as heads (R1). South's SO5 (2) ends in his head
    // SO7 (now 3): he ends his move there (R4). North's NO5 ends in his head NO7 too, and he sows
    // on: NO7's 3 into NO8, NI8 and NI7, empty, facing SI2 (empty): no capture (R5).
    Example {
        game: "misoro_tsoro",
        sets: &[],
        moves: "SO7 NO7 SO8 NO8 SO5 stop NO5 go",
        pits: &[
            2, 2, 2, 2, 0, 3, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 0,
            3, 0, 3,
        ],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Ohvalhu: no worked example in the sources; built from their rules. S1 (8) sows S2..S8 and
    // South's store: move again (R4). S8 (9) sows the store and N1..N8; N8 held 8: relay (R3) 9 from
    // N8, past North's store, S1..S8 and South's store: move again.
    Example {
        game: "ohvalhu",
        sets: &[],
        moves: "1 8",
        pits: &[1, 10, 10, 10, 10, 10, 10, 1, 9, 9, 9, 9, 9, 9, 9, 0],
        stores: &[3, 0],
        to_move: Some(1),
    },
    // Endodoi: no worked example in the sources; built from their rules (2 x 12). South's S1 (4)
    // ends in S5 (now 5): relay (R3) to S10, N3, N8, and from N8 to N9..N12 and S1, emptied at the
    // start: South captures N12 opposite (5) with the last bean (R4).
    Example {
        game: "endodoi",
        sets: &[],
        moves: "1",
        pits: &[
            0, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 0,
        ],
        stores: &[6, 0],
        to_move: Some(2),
    },
    // En Gehe on 2 x 10 (option holes), worked by hand from Wikipedia's rules: S1 (4) ends in S5:
    // relay 5 to S10, N5, N10, then S1..S5; S5 was emptied: South captures N6 opposite (5) and the
    // capturing seed (R3).
    Example {
        game: "en_gehe",
        sets: &["holes=10"],
        moves: "1",
        pits: &[1, 6, 6, 6, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 0, 5, 5, 5, 0],
        stores: &[6, 0],
        to_move: Some(2),
    },
    // The Concentration Game, worked by hand from Egharevba's rules: S4 (10) keeps its first
    // counter and sows round the circle to S3; NM1 (11) sows round to S4 (2) and back into NM1 (2);
    // S4's 2 put one back and the last into NM1, which held 2 (R4): South stores its 3 (R5's first
    // count).
    Example {
        game: "concentration_game",
        sets: &[],
        moves: "S4 NM1 S4",
        pits: &[12, 12, 12, 1, 12, 0, 12, 12, 12, 12],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Sat Gol, worked by hand from Das Gupta's rules: hole 6 (4) sows 7, 1, 2, 3; the relay lifts
    // 4 (4) into 5, 6, 7, 1; then 2 (5) into 3..7; then 1 (6) into 2..7; the hole after 7, hole 1,
    // is empty: the sower takes hole 2 beyond it (1) (R3, R4); North begins from hole 3 (R5).
    Example {
        game: "sat_gol",
        sets: &[],
        moves: "6",
        pits: &[0, 0, 7, 2, 7, 3, 8],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Ngulungu, worked by hand from Centner's rules: each player sows from the rear of his
    // series, S1 N1 S2 N2 S3 N3 in turn (S3's last counter makes N1 South's, N3's makes the
    // empty S1 North's). S4's six counters end in N2 and N3, emptied by North, one counter in
    // each: the front two holes of South's series hold one each, South plays again (R4).
    Example {
        game: "ngulungu",
        sets: &[],
        moves: "S1 N1 S2 N2 S3 N3 S4",
        pits: &[1, 0, 0, 0, 6, 6, 5, 2, 1, 1, 6, 5, 5, 4],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Chiana wa Kunja, worked by hand from Sanderson's rules: each series is sown from its rear
    // hole, S1 N1 .. S9 N9 in turn, each hole growing by one; S10's ten counters then end in N4
    // (one counter) with N3 behind it holding two: South sows again (R4).
    Example {
        game: "chiana_wa_kunja",
        sets: &[],
        moves: "S1 N1 S2 N2 S3 N3 S4 N4 S5 N5 S6 N6 S7 N7 S8 N8 S9 N9 S10",
        pits: &[
            2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 11, 10, 10, 9, 8, 8, 3, 2, 2, 1, 0, 0, 0, 0, 0, 10, 10, 9,
            9, 8, 7, 7,
        ],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Quendo, worked by hand from Silva's rules: the four players sow from the rear of their
    // series (holes 1, 6, 11, 16); then the first's hole 2 reaches 6 and 7, the second's (taken
    // over, R3), and the second sows from hole 8, his rearmost now, into 9 to 13, taking over
    // the third's 12 and 13.
    Example {
        game: "quendo",
        sets: &[],
        moves: "1 6 11 16 2 8",
        pits: &[0, 0, 6, 6, 6, 1, 6, 0, 6, 6, 1, 6, 6, 5, 5, 0, 5, 5, 5, 5],
        stores: &[0, 0, 0, 0],
        to_move: Some(3),
    },
    // Mwendo, worked by hand from Silva's rules: the first and second players move their rear
    // holes' three counters on into the next hole (R4: `shift`), making six; the third sows his
    // rear hole's three one a hole into his own (R2).
    Example {
        game: "mwendo",
        sets: &[],
        moves: "19 shift 13 shift 7 sow",
        pits: &[
            3, 3, 3, 3, 3, 3, 0, 4, 4, 4, 3, 3, 0, 6, 3, 3, 3, 3, 0, 6, 3, 3, 3, 3,
        ],
        stores: &[0, 0, 0, 0],
        to_move: Some(4),
    },
    // Nchuwa, worked by hand from Sanderson's rules: after the opening chains (R2), South puts
    // two counters from SI5 into SO1 and North two from NI2 into NO4 (R3); each removes two of
    // the other's holes (NO4, SO3, NI5, SO1: R4). South's SI4 (3) then ends in SI1, occupied:
    // its four are sown on to SO4, empty, and the turn ends (R5).
    Example {
        game: "nchuwa",
        sets: &[],
        moves: "SI5 to:1 NI2 to:4 NO4 SO3 NI5 SO1 SI4",
        pits: &[
            1, 4, 1, 1, 3, 3, 0, 4, 1, 0, 1, 0, 3, 1, 0, 3, 0, 0, 0, 3, 3, 0, 3, 3,
        ],
        stores: &[5, 5],
        to_move: Some(2),
    },
    // Isolo, worked by hand from Popova's rules: after the opening (R2), South's SI4 (2) ends in
    // SI2, occupied, in his inner row: North's NI7 (1) and NO7 (2) behind it are taken and sown
    // from SI4, where the lap began, into SI3, SI2 and SI1 (R5).
    Example {
        game: "isolo",
        sets: &[],
        moves: "SI4",
        pits: &[
            2, 0, 2, 0, 2, 0, 2, 17, 1, 4, 2, 0, 0, 2, 1, 0, 0, 2, 0, 2, 0, 2, 0, 0, 2, 0, 2, 0, 2,
            0, 0, 17,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Mangola, worked by hand from Comhaire-Sylvain's rules: South walks the pair of SO1 into
    // SO2, that of SO3 into SO4, and on round his two rows while the hole after the last holds
    // counters, ending with SI2's pair in SI1 (SO1 after it now empty); North does the same
    // from NO1 (R2): each player's holes alternate four and none.
    Example {
        game: "mangola",
        sets: &[],
        moves: "SO1 NO1",
        pits: &[
            0, 4, 0, 4, 0, 4, 0, 4, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 0, 4, 0, 4, 0,
            4, 0, 4,
        ],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Choro (Lango), worked from Driberg's rules: South's first turn from SO7 (R2) ends in SI8,
    // occupied and in opposition: NI1 and NO1 (two each) go into SO8 behind it and are sown on
    // from there (R4), into SI5, facing NI4 and NO4, taken into SO5 and sown on, and so on,
    // until a last counter falls into an empty hole (R3).
    Example {
        game: "choro_lango",
        sets: &[],
        moves: "SO7",
        pits: &[
            2, 2, 2, 3, 3, 4, 0, 5, 2, 2, 3, 3, 4, 4, 4, 1, 0, 2, 2, 0, 2, 0, 2, 2, 0, 2, 2, 0, 2,
            0, 2, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Gabata (Adowa), worked by hand from Pankhurst's rules: South's S4 (3) ends in SM3, his own
    // hole, now 4: its counters are sown on (R3) through SM2, SM1 and N1 into N2, which the last
    // counter makes four: N2 is South's wegue (R4), and the turn ends.
    Example {
        game: "gabata_adowa",
        sets: &[],
        moves: "S4",
        pits: &[3, 3, 3, 0, 4, 4, 3, 3, 3, 4, 4, 0, 4, 4, 3, 3, 3, 3],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Selus (Massawa), worked by hand from Pankhurst's rules: South's S4 (3) ends in SM3, now
    // four, but no hole is won in the first turn (R4): its counters are sown on (R3), and on
    // from N2, N6, S1, S5 and N1 in turn, until a last counter falls into N6, emptied before.
    Example {
        game: "selus_massawa",
        sets: &[],
        moves: "S4",
        pits: &[0, 4, 4, 1, 0, 5, 4, 4, 4, 5, 5, 1, 0, 1, 5, 5, 5, 1],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Selus, worked by hand from Pankhurst's rules as Ludii reads them: South's S4 (3) ends in
    // SM3, his own, now four: sown on, its counters pass over all North's holes of three (R6)
    // into S1 and S2; S2's four go on to S6, S6's five to S2, emptied before: the turn ends.
    Example {
        game: "selus",
        sets: &[],
        moves: "S4",
        pits: &[5, 1, 4, 1, 5, 0, 3, 3, 3, 5, 5, 1, 3, 3, 3, 3, 3, 3],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Pic (five players), worked by hand from And's rules: A3, B2, C1, D1 and E1 sow round the
    // ring without a last counter making three in another's heap; A3 (4) then sows B1..C1, and
    // C1, emptied by its owner's move and given a counter each by D1 and E1, now holds three: A
    // takes them and circles C1 (R3).
    Example {
        game: "pic",
        sets: &[],
        moves: "3 2 1 1 1 3",
        pits: &[16, 16, 0, 17, 4, 18, 0, 17, 17, 2, 17, 17, 1, 18, 17],
        stores: &[3, 0, 0, 0, 0],
        to_move: Some(2),
    },
    // Rab'e, worked with an independent simulation of the rules (not sowlab's): S2 relays seven
    // laps round the three rows (R2, R4) and NM1 three; S1 (8) then makes S2 four, captured at once
    // by the sower (R5), and its last counter falls into SM2, empty: the turn ends.
    Example {
        game: "rabe",
        sets: &[],
        moves: "S2 NM1 S1",
        pits: &[0, 0, 3, 8, 8, 1, 0, 6, 1, 1, 1, 8, 7, 2, 7, 7, 7, 1],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Abalala'e, worked with an independent simulation of the rules (not sowlab's): SM2 (3) relays
    // round South's zigzag circuit (R2, R3) until a lap ends in S1, emptied by an earlier lap:
    // South takes NM3 and N6 facing it (5 and 5, R4); the capturing counter sown on alone makes
    // S2 five, which relays on through SM3 to NM3, empty and North's: the turn ends.
    Example {
        game: "abalalae",
        sets: &[],
        moves: "SM2",
        pits: &[0, 0, 5, 5, 1, 5, 6, 2, 1, 1, 2, 0, 5, 5, 5, 1, 0, 0],
        stores: &[10, 0],
        to_move: Some(2),
    },
    // Kpo: no worked example in the sources; built from their rules. S1, N3, S3 sow without making 2
    // or 3; North's N2 (5) ends in S1, which held 1 and now 2: captured (R3).
    Example {
        game: "kpo",
        sets: &[],
        moves: "1 3 3 2",
        pits: &[0, 5, 0, 6, 6, 5, 5, 0, 1, 6, 6, 6],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Kisolo: no worked example in the source; built from its rules, worked by hand. SI1 (2) relays
    // clockwise round South's rows; the relay from SI2 ends in SI6, empty, facing NI3 (2): South
    // collects NI3 and NO3 and sows them on (R4); later SI2, empty, faces NI7: NI7 and NO7 are
    // collected too; the last lap ends in SI2 again, now facing an empty NI7: the turn ends.
    Example {
        game: "kisolo",
        sets: &[],
        moves: "SI1",
        pits: &[
            6, 0, 2, 1, 0, 6, 0, 3, 4, 1, 3, 0, 6, 1, 6, 1, 2, 2, 0, 2, 2, 2, 0, 2, 2, 2, 0, 2, 2,
            2, 0, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Dakon, worked by hand from the rules: S1 (7), clockwise, sows South's store and N7..N2; N2
    // held 7: relay (R3) 8 from N2: N1, past North's store, S7..S1; S1 was emptied: South stores N7
    // opposite (8) and the last seed (R5): 1 + 9.
    Example {
        game: "dakon",
        sets: &[],
        moves: "1",
        pits: &[0, 8, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 0],
        stores: &[10, 0],
        to_move: Some(2),
    },
    // Otjin: no worked example in the source; built from its rules. North's N1 relays six laps and
    // ends in N3, which now holds 3, the starting number: North fishes them (R3).
    Example {
        game: "otjin",
        sets: &[],
        moves: "2 1",
        pits: &[2, 3, 7, 0, 1, 6, 1, 6, 2, 6, 0, 1, 0, 6, 1, 6, 2, 0, 6, 1],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Ba-awa: no worked example in the sources; built from their rules. North's N1 relays; during
    // its sowing N4 reaches four (North's, R4), and later S3 and S5 reach four (South's pits: South
    // takes them, R4); the last lap ends in N3, empty.
    Example {
        game: "ba_awa",
        sets: &[],
        moves: "1 1",
        pits: &[2, 10, 0, 2, 0, 9, 1, 10, 1, 0, 1, 0],
        stores: &[8, 4],
        to_move: Some(1),
    },
    // Kanji-guti: no worked example in the sources; built from their rules, the last move by hand:
    // North's S6 (14) ends in S6; relay from S7 (4) ends in N4, neutral; relay from N5 (8) ends in
    // S6 again; the next hole S7 is empty and N1 after it holds 4: captured (R4).
    Example {
        game: "kanji_guti",
        sets: &[],
        moves: "SL2 NL2 NR2 SR2",
        pits: &[4, 24, 23, 15, 5, 2, 0, 0, 15, 8, 16, 0, 14, 15],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Obridjie: no worked example in the sources; built from their rules (the same two moves as Ba-
    // awa's example: the two games share R2-R4). North's N1 relays; N4, then S3 and S5 reach four
    // during the sowing and go to their owners (R3); the last lap ends in N3, empty.
    Example {
        game: "obridjie",
        sets: &[],
        moves: "1 1",
        pits: &[2, 10, 0, 2, 0, 9, 1, 10, 1, 0, 1, 0],
        stores: &[8, 4],
        to_move: Some(1),
    },
    // Woaley: no worked example in the source; built from its rules. South's S1 (4) leaves one seed
    // and sows S2, S3, S4; S4 held 4: its 5 seeds are captured (R4); S3 before it holds 5: the line
    // stops.
    Example {
        game: "woaley",
        sets: &[],
        moves: "1",
        pits: &[1, 5, 5, 0, 4, 4, 4, 4, 4, 4, 4, 4],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Wari (Cardinall): no worked example in the source; built from its rules. South's S3 (4)
    // sows S4, S5, S6, N1; North's N6 (4) sows S1..S4, and S4 now holds 6: captured (R3).
    Example {
        game: "wari",
        sets: &[],
        moves: "3 6",
        pits: &[5, 5, 1, 0, 5, 5, 5, 4, 4, 4, 4, 0],
        stores: &[0, 6],
        to_move: Some(1),
    },
    // Wore: no worked example in the source; built from its rules. S2 (6) ends in N4 (7); N1 (7)
    // in S4 (8); S1 (7) in N4 (9); N4 (9) goes round, its start hole included, and its last
    // counter makes S1 2: captured (R3).
    Example {
        game: "wore",
        sets: &[],
        moves: "2 1 1 4",
        pits: &[0, 3, 10, 10, 2, 10, 10, 1],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Um el-Bil: no worked example in the source; built from its rules. South's first move is
    // from S6 (R2): N1..N4 hold 5; North's N2 (5) ends in S1 (5); South's S1 (5) ends in S6,
    // empty: that counter is taken (R3).
    Example {
        game: "um_el_bil",
        sets: &[],
        moves: "6 2 1",
        pits: &[0, 5, 5, 5, 5, 0, 5, 0, 6, 6, 5, 5],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Whyo: no worked example in the source; built from its rules. S1 (4) ends in S5 (5): sown
    // on (R4) to N4 (5), to S3 (6), to N3 (6), whose last counter falls into S3, emptied by the
    // relay: the move ends there (R3).
    Example {
        game: "whyo",
        sets: &[],
        moves: "1",
        pits: &[2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Wouri: no worked example in the source; built from its rules. S1 (4) relays four times
    // and ends in S3, emptied by the relay (R3); North's N6 (6) ends in S6 (7): sown on, its
    // last counter makes four in S1, taken (R4).
    Example {
        game: "wouri",
        sets: &[],
        moves: "1 6",
        pits: &[0, 8, 2, 7, 2, 0, 7, 7, 1, 2, 7, 1],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Tap Urdy: no worked example in the source; built from its rules. South sows North's N3
    // (4) clockwise: N2, N1, S6, S5 (5), and S4 next holds counters: sown on (R3) to N6, to N1,
    // to S1 (6), whose next hole, N6, was emptied by the relay: N5 after it (5) is captured.
    Example {
        game: "tap_urdy",
        sets: &[],
        moves: "N3",
        pits: &[6, 6, 6, 6, 1, 6, 0, 6, 1, 5, 0, 0],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Mankala: no worked example in the source; built from its rules. S1 (6) ends in N1 (7); N1
    // (7) in S2 (8); S6 (7) sows N1..N6 and S1, which now holds 2: captured, on the mover's own
    // side (R3); the hole before it, N6, holds 8: the line stops.
    Example {
        game: "mankala",
        sets: &[],
        moves: "1 1 6",
        pits: &[0, 8, 7, 7, 7, 0, 1, 8, 8, 8, 8, 8],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Mangala (And): no worked example in the sources; built from their rules. After S7, N1, S6
    // and N7, South's S2 (6) ends in N1, which held 1: 2 captured, and the line before it, S7 (2)
    // and S6 (2), on his own side; S5 (7) stops it (R3).
    Example {
        game: "mangala_and",
        sets: &[],
        moves: "7 1 6 7 2",
        pits: &[6, 0, 7, 7, 7, 0, 0, 0, 8, 8, 8, 7, 6, 0],
        stores: &[6, 0],
        to_move: Some(2),
    },
    // Waurie: no worked example in the source; built from its rules. S3 (4) ends in South's store:
    // he plays again (R3); S6 (5) sows his store and N1..N4; North's N2 (5) ends in his store: he
    // plays again.
    Example {
        game: "waurie",
        sets: &[],
        moves: "3 6 2",
        pits: &[4, 4, 0, 5, 5, 0, 5, 0, 6, 6, 5, 5],
        stores: &[2, 1],
        to_move: Some(2),
    },
    // Um el-Bagara: no worked example in the source; built from its rules. S1 sows clockwise into
    // North's row; N5 and S4 anticlockwise; North's middle hole N3 (7) clockwise ends in S1,
    // which held 1: 2 captured; South's middle hole S3 (7) anticlockwise ends in N5, which held
    // 1: 2 captured; N4 (8) before it stops the line (R2, R3).
    Example {
        game: "um_el_bagara",
        sets: &[],
        moves: "1 5 4 3cw 3ccw",
        pits: &[0, 7, 0, 2, 9, 10, 9, 1, 8, 0],
        stores: &[2, 2],
        to_move: Some(2),
    },
    // Um el Tuweisat: no worked example in the source; built from its rules, worked by hand.
    // S1 cw, N2 cw, S2 cw, N1 cw (round to itself); S1 (3) clockwise ends in N1, which held 1:
    // captured (R3); N2 (3) anticlockwise ends in S2, which held 1: captured, S1 (1) before it
    // stops the line.
    Example {
        game: "um_el_tuweisat",
        sets: &[],
        moves: "1 2cw 2cw 1 1 2ccw",
        pits: &[1, 0, 5, 0, 0, 8],
        stores: &[2, 2],
        to_move: Some(1),
    },
    // Qelat (Beni Amir-Mensa): no worked example in the source; built from its rules, worked by
    // hand. S1 and S2 sow clockwise, N4 and N5 anticlockwise (R2); South's S2 (1) then drops its
    // counter into S1, his end hole, which held 3: a four, S1 becomes his (R3).
    Example {
        game: "qelat_beni_amir",
        sets: &[],
        moves: "1 4 2 5 2",
        pits: &[4, 0, 6, 5, 5, 5, 4, 4, 6, 1, 0, 8],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Meusueb: no worked example in the source; built from its rules, worked by hand. South's
    // S1 relays through S5, N4, S3, N3 and ends in S3, empty; North's N2 (6) relays from S2 and
    // N4 and ends in S1, making 4: captured (R4), and S2 after it is empty: the move ends.
    Example {
        game: "meusueb",
        sets: &[],
        moves: "1 2",
        pits: &[0, 0, 2, 7, 2, 7, 7, 1, 2, 0, 8, 8],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // La'b Akila: no worked example in the source; built from its rules, worked by hand. S1 (7)
    // relays from N1 (8), S2 (9), N4 (9), S6 (10), and the fifth lap ends in S2, which held 1:
    // its 2 and the 10 of N6 opposite are captured (R4); S1 before it holds 3: the line stops.
    Example {
        game: "lab_akila",
        sets: &[],
        moves: "1",
        pits: &[3, 0, 10, 10, 10, 0, 10, 2, 10, 10, 1, 10, 0, 10],
        stores: &[12, 0],
        to_move: Some(2),
    },
    // Baqura: no worked example in the source; built from its rules, worked by hand. The
    // players lay out their 36 counters in turn, six in each hole (R2); S1 (6) sows to N1, which
    // makes 7 (odd): its counters are sown on (R4) from N2 round to S2, which makes 8 (even): S2
    // is taken with N5 opposite (R5); S1 before it holds 1, odd: the line stops.
    Example {
        game: "baqura",
        sets: &[],
        moves: "1 1 1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 4 4 4 4 4 5 5 5 5 5 5 5 5 5 5 5 5 6 6 6 6 6 6 6 6 6 6 6 6 1",
        pits: &[1, 0, 7, 7, 7, 7, 0, 7, 7, 7, 0, 7],
        stores: &[15, 0],
        to_move: Some(2),
    },
    // Um el Banat: no worked example in the source; built from its rules, worked by hand. S1 (4)
    // relays from S5, N4, S3 and N3 and ends in S3, emptied by its relay (R2, R3). North's N2 (6)
    // ends in S2, making 8: it relays from there and from N4 (3), whose last counter makes S1 four,
    // in South's row: S1 is marked as North's, the turn over (R3).
    Example {
        game: "um_el_banat",
        sets: &[],
        moves: "1 2",
        pits: &[4, 0, 2, 7, 2, 7, 7, 1, 2, 0, 8, 8],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Qelat: no worked example in the source; built from its rules, worked by hand (the same
    // opening as Um el Banat's above). S1 (4) relays from S5, N4, S3 and N3 and ends in S3,
    // emptied by its relay (R2). North's N2 (6) ends in S2, making 8, relays from there and from
    // N4 (3), whose last counter makes S1 four, in South's row: S1 is won by North (R3).
    Example {
        game: "qelat",
        sets: &[],
        moves: "1 2",
        pits: &[4, 0, 2, 7, 2, 7, 7, 1, 2, 0, 8, 8],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Jimafesosh: no worked example in the source; built from its rules and checked against
    // Ludii's first move (the same in all its games). South's opening leaves the holes
    // alternating 8 and 0 (R2), then S5 (8) is his only move (R3): it relays round the board
    // until a last counter falls into the emptied N2, taking the 4 of S5 opposite it (R4).
    Example {
        game: "jimafesosh",
        sets: &[],
        moves: "5",
        pits: &[3, 0, 12, 0, 0, 0, 13, 1, 1, 2, 12, 0],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Hufesay: no worked example in the source; built from its rules, worked by hand. S1 (4)
    // relays from S5, N4, S3 and N3 (R3); the fifth lap ends in S3, emptied by its relay: the
    // single counter N4 has received since, opposite, is taken (R4), the last counter staying.
    Example {
        game: "hufesay",
        sets: &[],
        moves: "1",
        pits: &[2, 7, 1, 6, 1, 6, 6, 6, 0, 0, 6, 6],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Kay: no worked example in the source; built from its rules, worked by hand. S3 (4) relays
    // from N1, N6 and S5 and ends in N5, facing the empty N4 (R3); N2 ends in S2 and relays back
    // to N2, before the empty N3. S4 (7) ends in N5 (8), which relays to N1, making 4 with N2
    // after it occupied: captured (R4); S6 before it holds 9: the line stops.
    Example {
        game: "kay",
        sets: &[],
        moves: "3 2 4",
        pits: &[7, 1, 3, 1, 3, 9, 0, 2, 8, 8, 0, 2],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Khrour: no worked example in the source; built from its rules, worked by hand. S1 (4) sows
    // S2, N1, N2 and S1 itself; North's N1 (5) ends in N2, making 7: odd, nothing. South's S1 (2)
    // sows S2 and N1, making 2: captured (R3).
    Example {
        game: "khrour",
        sets: &[],
        moves: "1 1 1",
        pits: &[0, 7, 0, 7],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Koro with the hogon sown at 5 (option hogon_at): no worked example in the source; built
    // from its rules, worked by hand. S1, N1, S2 (its last counter into N1), N2 (into S1); South's
    // hogon S6 now holds 5: it is his only move (R3), sown into N1..N5.
    Example {
        game: "koro",
        sets: &["hogon_at=5"],
        moves: "1 1 2 2 6",
        pits: &[1, 0, 6, 6, 6, 0, 2, 1, 7, 7, 7, 5],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Bay Khom: no worked example in the source; built from its rules, worked by hand. S1 (4)
    // anticlockwise ends in South's store (S5, 6); N1 after it holds 4: they are sown on (R3),
    // the last into North's store (N5, 6); S1 after it is empty: S2 beyond it (5) is taken into
    // S5, and S3 after that is not empty, so nothing more (R4).
    Example {
        game: "bay_khom",
        sets: &[],
        moves: "1 ccw",
        pits: &[0, 0, 5, 5, 11, 0, 5, 5, 5, 6],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Katro: no worked example in the source; built from its rules, worked by hand. SO1 (2)
    // relays from SO3, SO6, SM4 and SM1 round South's circuit (R1, R3); the fifth lap ends in
    // SI3, occupied, in his inner row: North's NI4 facing it (2) is added and the five sown on
    // (R4), into SO2 (4), whose lap ends in SO6, empty.
    Example {
        game: "katro",
        sets: &[],
        moves: "SO1 ccw",
        pits: &[
            1, 0, 1, 4, 4, 1, 0, 3, 3, 0, 3, 3, 3, 3, 0, 3, 3, 3, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2,
            2, 2, 2, 2, 2, 2, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Fergen Gobale: no worked example in the source; built from its rules, worked by hand. S1
    // (5) relays from S4, N2 and N6 (R3), the common holes sown twice a lap (R1); the fourth
    // lap ends in S4, emptied by the second: its counter and the 4 of N3 facing it are taken
    // (R4).
    Example {
        game: "fergen_gobale",
        sets: &[],
        moves: "S1",
        pits: &[1, 7, 5, 0, 6, 6, 7, 7, 6, 0, 0, 4, 6, 0],
        stores: &[5, 0],
        to_move: Some(2),
    },
    // Gifia: no worked example in the source; built from its rules, worked by hand. Four
    // anticlockwise moves capture nothing; South's D1 (2) then ends in A1, making four: taken
    // into his store, A2 beside it holding ten (R3).
    Example {
        game: "gifia",
        sets: &[],
        moves: "A1 ccw C2 ccw D1 ccw C1 ccw D1 ccw",
        pits: &[0, 10, 10, 10, 1, 3, 0, 10],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Lontu-Holo: no worked example in the source; built from its rules, worked by hand. Each
    // player moves his two nearer end holes into his further centre hole (S5, N2: 12 each), then
    // sows the hole after it (S6 ends in S4, N3 in N1); South then sows his centre hole, its 12
    // going twice round his five other holes and on into S6 and S1 (R2, R3).
    Example {
        game: "lontu_holo",
        sets: &[],
        moves: "1 4 3 6 6 3 5",
        pits: &[4, 7, 3, 7, 0, 3, 5, 12, 0, 1, 5, 1],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // I Pere: no worked example in the source; built from its rules, worked by hand. Both
    // openings carry the fourth hole into the store (R2); S1, N3, S1, N2 capture nothing; S3 (5)
    // ends in N3, making two: they go into South's store S5 (R4), 10 + 2.
    Example {
        game: "i_pere",
        sets: &[],
        moves: "4 4 1 3 1 2 3",
        pits: &[1, 7, 0, 2, 12, 5, 1, 0, 2, 10],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Deka: no worked example in the source; built from its rules, worked by hand. S1 (2) makes
    // three in S3, covered and sown on (R4); so are S6, N3 and N6 in turn; N6's three pass over
    // South's covered S3 (R5) and make four in S4, sown on (R3): past S6 (covered, his), the last
    // counter reaches N3, covered, the opponent's: it goes into the centre and the turn ends.
    Example {
        game: "deka",
        sets: &[],
        moves: "1",
        pits: &[1, 4, 0, 0, 4, 0, 4, 4, 0, 3, 3, 0],
        stores: &[1],
        to_move: Some(2),
    },
    // Mbelele: no worked example in the source; built from its rules, worked by hand. S1 (3)
    // anticlockwise relays from S4, S8, S12, S16, S2 and S7 (R3); the seventh lap ends in S12,
    // empty: the 3 of North's N7 facing it are taken off the board (R4).
    Example {
        game: "mbelele",
        sets: &[],
        moves: "1 ccw",
        pits: &[
            1, 0, 5, 1, 5, 5, 0, 1, 5, 5, 5, 1, 4, 4, 4, 0, 4, 4, 3, 3, 3, 3, 3, 3, 0, 3, 3, 3, 3,
            3, 3, 3, 3, 3, 3, 3,
        ],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Mangala (Suez), captures allowed from the first sowing (option quiet_turns=3): no worked
    // example in the source; built from its rules, worked by hand. S6, N1 and S5 are emptied
    // (R1); North's N3 (8) ends in S5, empty: he takes N2 (8) opposite it, his own (R4), and the
    // capturing counter goes on into S6, empty, facing N1, empty: the move ends.
    Example {
        game: "mangala_suez",
        sets: &["quiet_turns=3"],
        moves: "6 1 5 3",
        pits: &[9, 9, 9, 9, 0, 1, 0, 0, 0, 9, 9, 9],
        stores: &[0, 8],
        to_move: Some(1),
    },
    // Motiq: no worked example in the source; built from its rules, worked by hand (and checked
    // lap by lap with --trace). S1 relays from S5 and N3 and ends in S1, empty (R3). North's N2
    // relays seven times; the eighth lap ends in N3, making four: captured, and the eight of N4,
    // the next hole, are sown on (R4); that sowing relays from S5 and S7 and ends in N2, making
    // four: captured; N3 after it is empty: the move ends.
    Example {
        game: "motiq",
        sets: &[],
        moves: "1 2",
        pits: &[5, 1, 9, 9, 0, 3, 0, 9, 0, 0, 0, 2, 9, 1],
        stores: &[0, 8],
        to_move: Some(1),
    },
    // Intotoi: no worked example in the source; built from its rules, worked by hand. The
    // opening: S11 sows two of its three into S12 and N1; N9 two into N10 and N11, which then
    // holds four: relayed into N12, S1, S2, S3 (three: now four), relayed into S4 .. S7, empty:
    // the turn ends. S6's four end in S10, empty: N3 facing it is taken (its three), the last
    // counter stays. Only S6 and S12 were legal (R3: the others end in an occupied hole of South's).
    Example {
        game: "intotoi",
        sets: &[],
        moves: "11 9 6",
        pits: &[
            1, 4, 0, 1, 4, 0, 2, 4, 4, 1, 1, 4, 1, 3, 0, 0, 3, 3, 0, 3, 1, 1, 0, 4,
        ],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Okwe (Achalla): no worked example in the source; built from its rules, worked by hand.
    // S3 sows nine of its ten: one into each of the next nine holes round the circle, the last
    // in S2 (eleven: more than nine); S3 after it holds the one left, odd: taken (R4). N1 sows
    // three of its eleven into N2 .. N4, twelve each; N5 after it holds eleven: nothing.
    Example {
        game: "okwe_achalla",
        sets: &[],
        moves: "3 sow:9 1 sow:3",
        pits: &[11, 11, 0, 11, 11, 8, 12, 12, 12, 11],
        stores: &[1, 0],
        to_move: Some(1),
    },
    // Mangala (Bedouin): no worked example in the source; built from its rules, worked by hand
    // with five counters. South lays them out: S3 twice, N3, S4, N4; North turns the board
    // round (S3's two change with N3's one; S4 and N4 hold one each) and begins from his fourth
    // hole: N4's one into N3 (three). South's first move: S4's one into S3 (two). North's N3
    // sows clockwise into N2, N1 and S6, empty: an odd count, the turn ends.
    Example {
        game: "mangala_bedouin",
        sets: &["counters=5"],
        moves: "S3 S3 N3 S4 N4 swap N4 S4 N3",
        pits: &[0, 0, 2, 0, 0, 1, 1, 1, 0, 0, 0, 0],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Andada: no worked example in the source; built from its rules, worked by hand (and so
    // Ludii plays seed 1). The opening: S3's two into S4 and S5; S6 after them is lifted and
    // sown, and so on round the board, until the hole after the last (S3) is empty: threes
    // alternate with empty holes. North's N5 (three) ends in N8 (three: now four), relayed into
    // N9 .. N12, where the last counter falls into N12, empty: N12 faces S1, whose three are
    // taken.
    Example {
        game: "andada",
        sets: &[],
        moves: "3 5",
        pits: &[
            0, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 0, 1, 4, 0, 1, 4, 4, 1,
        ],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Buqruru: no worked example in the source; built from its rules, worked by hand (Ludii's
    // seed 1). South chooses S2, North N3. S2's six two a hole: S3 and S4 (eight each), N1,
    // which held six (six and two: even, R4): its six are taken, its two stay; the last hole
    // N1 (two), S4 and S3 (eight each) are taken back to S2 (R5): 24. N3's six two a hole: N4
    // (eight), S1 (six taken, two stay), S2 (none taken, two stay); S2, S1 and N4 are taken: 18.
    // Both sowing holes are empty: North takes his row's six (N2), 24 each: drawn.
    Example {
        game: "buqruru",
        sets: &[],
        moves: "2 3 2 by:2 3 by:2",
        pits: &[0, 0, 0, 0, 0, 0, 0, 0],
        stores: &[24, 24],
        to_move: None,
    },
    // Tuz: no worked example in the source; built from its rules, worked by hand (Ludii's
    // seed 1). South's opening from N2: one counter from N2 into N3, from N4 into N5, from N6
    // into S1, from S2 into S3, from S4 into S5; S6 is next: done, and N1, left holding four,
    // is South's tuz. North's N4 (five) ends in S1 (five: now six), relayed into S2 .. S6 and
    // N1, South's tuz: North takes two from it (R5).
    Example {
        game: "tuz",
        sets: &[],
        moves: "N2 N4",
        pits: &[0, 4, 6, 4, 6, 5, 3, 3, 5, 0, 6, 4],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Gabata (Ansaba): no worked example in the source; built from its rules, worked by hand.
    // S3's three end in S6 (three: now four), relayed into N1 .. N4 (N4 now four), relayed into
    // N5, N6, S1, S2 (three: now four), relayed into S3 .. S6; S6 was empty and N1 facing it
    // holds four: taken, and the capturing counter moves on into N1, now empty: it ends there.
    Example {
        game: "gabata_ansaba",
        sets: &[],
        moves: "3",
        pits: &[4, 0, 1, 5, 5, 0, 1, 4, 4, 0, 4, 4],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Iyogh: no worked example in the source; built from its rules, worked by hand. The opening
    // empties S6, N7, S7, N6 into S8 and N8 (twelve each). S8's twelve sown anticlockwise:
    // N1 .. N8, S1 .. S4; the last hole S4 faces N5, holding five: nothing is taken.
    Example {
        game: "iyogh",
        sets: &[],
        moves: "6 7 7 6 8 ccw",
        pits: &[5, 5, 5, 5, 4, 0, 0, 0, 5, 5, 5, 5, 5, 1, 1, 13],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Okwe (Nigeria): no worked example in the source; built from its rules, worked by hand
    // (Ludii's seed 1 ends its opening so). South hides N3, N4, N5, N6 (eight counters), North
    // S3, S4, S5 (seven). North sows his hand: the first into N1, then N2 .. N7.
    Example {
        game: "okwe_nigeria",
        sets: &[],
        moves: "N3 S3 N4 S4 N5 S5 N6 1 hand",
        pits: &[
            5, 5, 0, 0, 0, 1, 0, 0, 0, 0, 6, 6, 1, 1, 1, 1, 1, 0, 0, 0,
        ],
        stores: &[8, 0],
        to_move: Some(1),
    },
    // Azigo: no worked example in the source; built from its rules, worked by hand. Each
    // player hides his ninth to twelfth holes (1 + 5 + 2 + 1: nine counters). South sows his
    // hand round the board, the first into S1: S1 .. S9; the last hole is his own: nothing taken.
    Example {
        game: "azigo",
        sets: &[],
        moves: "9 9 10 10 11 11 12 12 1 hand",
        pits: &[
            6, 6, 6, 6, 6, 6, 6, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 1, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
        stores: &[0, 9],
        to_move: Some(2),
    },
    // Omangunta Peeta: no worked example in the source; built from its rules, worked by hand.
    // S1's six into S2 .. S7; N1 after the last hole holds counters: S7's seven are lifted
    // and sown into N1 .. N7; S1 after N7 is empty: S2, two on, is taken (seven) with N6
    // opposite it (seven).
    Example {
        game: "omangunta_peeta",
        sets: &[],
        moves: "1",
        pits: &[0, 0, 7, 2, 7, 7, 0, 7, 7, 7, 2, 7, 0, 7],
        stores: &[14, 0],
        to_move: Some(2),
    },
    // Luuth: no worked example in the source; built from its rules, worked by hand. The first
    // moves carry S2's four into S3 and N7's eight holes on, into N1; then S1's four sown
    // anticlockwise fall into S2, empty: N6 facing it is taken, and South moves again.
    Example {
        game: "luuth",
        sets: &[],
        moves: "2 carry:1 7 carry:8 1 ccw",
        pits: &[0, 4, 8, 4, 4, 4, 4, 8, 4, 4, 4, 4, 0, 0],
        stores: &[4, 0],
        to_move: Some(1),
    },
    // Uthi: no worked example in the source; built from its rules, worked by hand. The first
    // moves: S3's three and two clockwise into S2 and S1; N8's anticlockwise round the board's
    // end into S1 and S2. Then S8's five anticlockwise end in N5 (held five: a relay from
    // North's row), sown back clockwise: N4 .. N1, S8, S7 (held five: a relay), sown
    // anticlockwise again: S8, N1 .. N5, emptied: the move ends in North's row, taking nothing.
    Example {
        game: "uthi",
        sets: &[],
        moves: "3 cw 8 ccw 8 ccw",
        pits: &[10, 10, 0, 5, 5, 5, 0, 2, 8, 8, 8, 8, 1, 5, 5, 0],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Kiuthi, worked by hand from Leakey's rules as Ludii summarises them: S2's six clockwise end
    // in N2, making seven in the opponent's row: lifted and sown back anticlockwise (R4), N3 ..
    // N6, S1, S2, S3, making seven: lifted and sown clockwise again, S2, S1, N6 .. N2, emptied:
    // the move ends in North's row, taking nothing (R5).
    Example {
        game: "kiuthi",
        sets: &[],
        moves: "2 cw",
        pits: &[9, 2, 0, 6, 6, 6, 6, 1, 9, 9, 9, 9],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Puhulmutu: no worked example in the source; built from its rules, worked by hand. S2's
    // four anticlockwise (the direction of the game) end in S6 (held four: sown on), N4 (sown
    // on), S2, emptied at the start: the move ends.
    Example {
        game: "puhulmutu",
        sets: &[],
        moves: "2 ccw",
        pits: &[5, 1, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Ti: no worked example in the source; built from its rules, worked by hand. The opening
    // turns drop counts of the counters lifted (S3: 1 into S4, 3 into S5; N6: 1, 1, 2 into S1,
    // S2, S3; S1: all five into S2; N1: all four into N2), then S4's five are sown one a hole,
    // the last making N3 five: nothing taken.
    Example {
        game: "ti",
        sets: &[],
        moves: "3 drop:1 drop:3 6 drop:1 drop:1 drop:2 1 drop:5 1 drop:4 4",
        pits: &[0, 10, 2, 0, 8, 5, 1, 9, 5, 4, 4, 0],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Lamosh: no worked example in the source; built from its rules, worked by hand. After the
    // opening (S 3 5 3 5 3 5, N 0 5 3 5 3 5, South holding 3: R2) North moves first: N2 (5)
    // makes N3 and N5 four on the way, his own (R4), and ends in S1, 3 making 4 with the last
    // counter: his too, and the turn ends.
    Example {
        game: "lamosh",
        sets: &[],
        moves: "2",
        pits: &[0, 5, 3, 5, 3, 5, 0, 0, 0, 6, 0, 6],
        stores: &[3, 12],
        to_move: Some(1),
    },
    // Mewelad: no worked example in the source; built from its rules, worked by hand (and
    // checked lap by lap with --trace). South's S1 relays from S5, N4, S3 and N3 and ends in S3
    // (R3). North's N5 (6) ends in S5, relays its 2 into N1, and N1's 7 make S1 four on the way:
    // taken by South, its owner (R4); the lap ends in S2, whose 9 end in N5, whose 2 end in S1,
    // empty: the move ends.
    Example {
        game: "mewelad",
        sets: &[],
        moves: "1 5",
        pits: &[1, 0, 3, 8, 1, 8, 1, 8, 2, 3, 0, 9],
        stores: &[4, 0],
        to_move: Some(1),
    },
    // Shono: no worked example in the source; built from its rules, worked by hand. S1, N2 (its
    // last counter in S1, which then holds 1), S2; North's N1 (6) ends in S1, making 2: captured
    // (R3); the hole before it, N6, is his own: the line stops.
    Example {
        game: "shono",
        sets: &[],
        moves: "1 2 2 1",
        pits: &[0, 0, 7, 7, 7, 7, 0, 2, 7, 7, 7, 7],
        stores: &[0, 2],
        to_move: Some(1),
    },
    // Unnee Tugalluulax: no worked example in the source; built from its rules, worked by hand.
    // Clockwise: S1, N1, S2 (its first counter makes S1 2), N2 (S1 3); South's S2 (1) drops its
    // counter into S1, his own hole, making 4: captured (R3).
    Example {
        game: "unnee_tugalluulax",
        sets: &[],
        moves: "1 1 2 2 2",
        pits: &[0, 0, 8, 8, 8, 8, 2, 0, 8, 8, 8, 10],
        stores: &[4, 0],
        to_move: Some(2),
    },
    // Yovodji: no worked example in the source; built from its rules, worked by hand. S1 (4)
    // relays from S5, N4, S3 and N3 (R3), and the fifth lap ends in S3, emptied by the third: the
    // counter of N4 opposite is captured, the last counter stays (R4).
    Example {
        game: "yovodji",
        sets: &[],
        moves: "1",
        pits: &[2, 7, 1, 6, 1, 6, 6, 6, 0, 0, 6, 6],
        stores: &[1, 0],
        to_move: Some(2),
    },
    // Oure Ngat: no worked example in the source; built from its rules, worked by hand. S3 (6)
    // sows from its own place: S3 1, S4 and N1..N4 7; S1 and S2 (6 each) are South's (R3);
    // North's N2 (7) sows N2..N4, S1..S4: S3 now holds 2, North's; South's S1 (1) stays where it
    // is (R2): nothing changes, and no pile holds 2, 4 or 6.
    Example {
        game: "oure_ngat",
        sets: &[],
        moves: "3 2 1",
        pits: &[1, 1, 0, 8, 7, 1, 8, 8],
        stores: &[12, 2],
        to_move: Some(2),
    },
    // Yovodi: no worked example in the source; built from its rules, worked by hand. Clockwise,
    // South's S1 (4) relays from N3, S4, N5 and S5 (R3); the fifth lap ends in N5, emptied by
    // the third: an empty hole of North's, so North captures S2 opposite it (6) (R4).
    Example {
        game: "yovodi",
        sets: &[],
        moves: "1",
        pits: &[2, 0, 6, 1, 0, 6, 6, 6, 1, 6, 1, 7],
        stores: &[0, 6],
        to_move: Some(2),
    },
    // Pachgarhwa: no worked example in the source; built from its rules (and checked by a
    // separate count of the sowing). S1 (5) ends in S5; the next hole, N1, is taken up and sown
    // on (R3), and so on for six laps, until the hole after the last (N2) is empty: N3 beyond it
    // (8) is captured (R4).
    Example {
        game: "pachgarhwa",
        sets: &[],
        moves: "1",
        pits: &[3, 9, 2, 9, 9, 9, 0, 0, 0, 1],
        stores: &[8, 0],
        to_move: Some(2),
    },
    // Lobudok: no worked example in the source; built from its rules, worked by hand. South's SO7
    // (6) sows the twelve opening holes only (R3); the relays end in SI3 facing NI6 and NO6 (1
    // each): captured and sown again from SI4, the lap's first hole (R4); later SI6 faces NI3 and
    // NO3: captured and sown from SO7; the last lap ends in SI5, empty.
    Example {
        game: "lobudok",
        sets: &[],
        moves: "SO7",
        pits: &[
            0, 2, 3, 0, 2, 0, 3, 0, 8, 1, 0, 3, 1, 5, 0, 8, 8, 6, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0,
            0, 6, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Kapana Bona: no worked example in the source; built from its rules, worked by hand (and
    // the same as Ludii's seed 1). South's S3 (8): the first counter back into S3, then N1, N2,
    // N3, S1, S2, S3 and N1 (R2); S3 now holds 2: captured (R3). North's N3 (9): one back, then
    // S1, S2, S3, N1, N2, N3, S1, S2: N3 holds 2, captured; S3 holds 1 and is left.
    Example {
        game: "kapana_bona",
        sets: &[],
        moves: "S3 N3",
        pits: &[11, 11, 1, 11, 10, 0],
        stores: &[2, 2],
        to_move: Some(1),
    },
    // Kara: no worked example in the source; built from its rules (the moves of Ludii's seed 1,
    // whose counts agree). The last move worked by hand: North's N3 (7) sows S1, S2, S3, N1, N2,
    // N3 and S1, which held 2 and now 4, in South's row: captured (R3); the hole before it is
    // North's own N3: the run stops.
    Example {
        game: "kara",
        sets: &[],
        moves: "3 3 2 2 1 3",
        pits: &[0, 7, 9, 17, 4, 1],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // I (Dogon): no worked example in the source; built from its rules (the moves of Ludii's
    // seed 1, whose counts agree). The last move worked by hand: North's N3 (3) sows S1, S2 and
    // S3, which held 2 and now 3: captured (R3) with S2 beside it, which holds 3 too (S1, 1, is
    // not beside S3). South, left with a single counter, passes (R4): North moves again.
    Example {
        game: "i_dogon",
        sets: &[],
        moves: "3 3 1 1 1 3 3 2 1 3 2 1 1 3",
        pits: &[1, 0, 0, 1, 5, 0],
        stores: &[7, 10],
        to_move: Some(2),
    },
    // Ako Okwe: no worked example in the source; built from its rules (the moves of Ludii's
    // seed 1 with the directions that agree with its counts). The last move worked by hand:
    // North's N5 (21) anticlockwise: one back into N5 (R2), then twice round the other nine
    // holes and N5, the last falling there: N5 holds 3, North's first capture, which must be of
    // three (R3, R4).
    Example {
        game: "ako_okwe",
        sets: &[],
        moves: "2ccw 3ccw 2cw 3ccw 2ccw 3ccw 1cw 3ccw 3ccw 4ccw 3cw 4ccw 3ccw 1cw 1cw 5ccw",
        pits: &[3, 10, 5, 21, 22, 5, 19, 7, 5, 0],
        stores: &[0, 3],
        to_move: Some(1),
    },
    // Hoyito: no worked example in the source; built from its rules, worked by hand. South's S1
    // relays for five laps and ends in S3, emptied by its fourth lap. North's N1 (6) relays from
    // S1, S4, N5, N1 and N3 (R2); the sixth lap makes N4 hold four, captured as it falls (R4), and
    // ends in N6 (9), whose lap makes S3 and S5 hold four (captured) and ends in N3, empty.
    Example {
        game: "hoyito",
        sets: &[],
        moves: "1 1",
        pits: &[2, 10, 0, 2, 0, 9, 1, 10, 1, 0, 1, 0],
        stores: &[0, 12],
        to_move: Some(1),
    },
    // Enindji: no worked example in the source; built from its rules (the moves of Ludii's seed
    // 1, whose counts agree). The last move worked by hand: North's N4 (3) sows N5, N6 and S1,
    // which held 3 and now 4: captured by the owner of the hole, South, though North sowed (R3).
    Example {
        game: "enindji",
        sets: &[],
        moves: "3 6 2 3 3 4 1 2 4 6 1 4 4 1 1 6 6 3 3 4",
        pits: &[0, 8, 0, 1, 11, 1, 2, 4, 1, 0, 13, 3],
        stores: &[4, 0],
        to_move: Some(1),
    },
    // Gamacha (Nobility): no worked example in the source; the moves of Ludii's seed 1, whose
    // counts agree. South's S1 (3) relays round the board; its last lap, 8 counters from S3,
    // ends in N5, which held 3: a four in North's row, N5 becomes South's qasamo and the turn
    // ends (R4).
    Example {
        game: "gamacha_nobility",
        sets: &[],
        moves: "3 3 4 6 1",
        pits: &[3, 2, 0, 2, 3, 8, 3, 2, 1, 16, 4, 4],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Gamacha: no worked example in the source; the moves of Ludii's seed 1, whose counts agree.
    // South opens with S7 into N6 (R2); his last move, S4's single counter, falls into S5,
    // empty, his own: N8 opposite (3) is captured, the counter stays (R5).
    Example {
        game: "gamacha",
        sets: &[],
        moves: "7 11 11 6 5 7 4",
        pits: &[
            0, 1, 1, 0, 1, 2, 2, 2, 5, 1, 0, 1, 5, 1, 0, 1, 5, 0, 0, 0, 6, 2, 2, 2,
        ],
        stores: &[3, 1],
        to_move: Some(2),
    },
    // Dongjintian: no worked example in the source; built from its rules. South's S2 (5)
    // anticlockwise ends in N2; the next hole, N3, holds counters: lifted and sown on, round
    // until a lap's next hole is empty; the hole beyond it, N4 (8), is captured, and across the
    // next gap S1 (1) too (R3, R4).
    Example {
        game: "dongjintian",
        sets: &[],
        moves: "2 ccw",
        pits: &[0, 3, 9, 2, 9, 9, 9, 0, 0, 0],
        stores: &[9, 0],
        to_move: Some(2),
    },
    // O An Quan: no worked example in the sources; the first turns of Ludii's seed 1, whose
    // counts agree. South's S2 (5) clockwise ends in N3; the next square, N2, holds counters:
    // lifted and sown on clockwise to S3; the next, S2, is empty, so S1 (6) beyond it is taken;
    // the square after S1, W, holds the mandarin: no gap, the chain stops (R2..R4). North's N3
    // (6) anticlockwise relays round the board until a lap ends before a mandarin square (R3).
    Example {
        game: "o_an_quan",
        sets: &[],
        moves: "S2 cw N3 ccw",
        pits: &[4, 3, 3, 0, 2, 9, 4, 1, 3, 3, 10, 2],
        stores: &[6, 0],
        to_move: Some(1),
    },
    // Andot: no worked example in the source; the moves of Ludii's seed 1, whose counts agree.
    // North's N1 and South's N2 are marked holes by then (R3); North's last move, N3's single
    // counter, sows clockwise (his left three) into N2, South's: the counter is South's.
    Example {
        game: "andot",
        sets: &[],
        moves: "3 3 2 2 3 6 1 1 4 3 3 1 1 2 5 5 5 3 2 3",
        pits: &[3, 0, 2, 2, 0, 16, 4, 5, 0, 9, 1, 6],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Gabata (Oromo): no worked example in the source; the moves of Ludii's seed 1, whose counts
    // agree. South's first move is the set opening (R2); his last, from S6, relays and takes
    // N2, N3 and N6 as his laps make them four (R4).
    Example {
        game: "gabata_oromo",
        sets: &[],
        moves: "1 4 5 3 6",
        pits: &[2, 0, 3, 2, 2, 0, 3, 0, 1, 1, 2, 0],
        stores: &[16, 16],
        to_move: Some(2),
    },
    // Duene: no worked example in the source; the moves of Ludii's seed 1, whose counts agree.
    // North's N3 relays; its laps make fours in N6, S5 and N1, taken by the owners of their rows
    // (R4): South gets S5's though North sowed.
    Example {
        game: "duene",
        sets: &[],
        moves: "3 3",
        pits: &[1, 0, 2, 10, 0, 2, 0, 9, 1, 10, 1, 0],
        stores: &[4, 8],
        to_move: Some(1),
    },
    // Erherhe: no worked example in the source; the moves of Ludii's seed 1, whose counts agree.
    // North's last move, N4 (3), sows N5, N6 and S1, which held 3: a four in South's row,
    // captured; its neighbour S2 holds 8 and stays (R3).
    Example {
        game: "erherhe",
        sets: &[],
        moves: "3 6 2 3 3 4 1 2 4 6 1 4 4 1 1 6 6 3 3 4",
        pits: &[0, 8, 0, 1, 11, 1, 2, 4, 1, 0, 13, 3],
        stores: &[0, 4],
        to_move: Some(1),
    },
    // Gabata (Adegrat): no worked example in the source; the moves of Ludii's seed 1, whose
    // counts agree. South's last move, S4 (5), ends in N3, occupied: N4's 6 are taken up and
    // sown on from N5 (R3); that lap ends in S4, emptied by the move: the hole after it, S5 (6),
    // is captured (R4).
    Example {
        game: "gabata_adegrat",
        sets: &[],
        moves: "3 2 4",
        pits: &[1, 6, 2, 1, 0, 1, 2, 2, 7, 0, 1, 7],
        stores: &[6, 0],
        to_move: Some(2),
    },
    // Moruba (Malesa): no worked example in the source; built from its rules. From the start
    // South's SO12 (4) sows one lap into SI12, SI11, SI10 and SI9, which held 4 (R2); SI9 is in his
    // inner row and faces North's NI4 (4): South takes it and NO4 behind it, 8 counters (R3).
    Example {
        game: "moruba_malesa",
        sets: &[],
        moves: "SO12",
        pits: &[
            4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 4, 4, 4, 0, 4,
            4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4,
        ],
        stores: &[8, 0],
        to_move: Some(2),
    },
    // Kisolo (Lali): no worked example in the source; built from its rules. From the start
    // South's SI8 (4) puts one back into SI8 and sows SI7, SI6, SI5 (R2), which held 4: North's
    // NI4 facing it (4) goes into it (R5) and its 9 are sown on, one back into SI5, then SI4..SI1
    // and SO1..SO4, empty: the turn ends (R3).
    Example {
        game: "kisolo_lali",
        sets: &[],
        moves: "SI8",
        pits: &[
            1, 1, 1, 1, 0, 0, 0, 0, 5, 5, 5, 5, 1, 5, 5, 1, 4, 4, 4, 0, 4, 4, 4, 4, 0, 0, 0, 0, 0,
            0, 0, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Lisolo: no worked example in the source; built from its rules. South moves a counter from
    // SO1 to SI3, North one from NO1 to NO2, both pass: the arrangement ends (R2) and South sows
    // SI3's 3 anticlockwise into SI2, SI1, SO1, occupied, of his outer row: he sows on (R5), SO1's
    // 2 to SO3, its 3 to SO6, its 3 to SO8 and SI8, occupied, of his inner row: he takes NI1 (2)
    // and NO1 (1) across (R5).
    Example {
        game: "lisolo",
        sets: &[],
        moves: "SO1-SI3 NO1-NO2 pass pass SI3",
        pits: &[
            0, 3, 0, 3, 3, 0, 3, 3, 3, 3, 0, 2, 2, 2, 2, 3, 0, 2, 2, 2, 2, 2, 2, 2, 0, 3, 2, 2, 2,
            2, 2, 2,
        ],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Quela: no worked example in the source; built from its rules. Each player moves a
    // counter from each inner hole into his outer row's first hole (SO1, NO1: 8), the shape R2
    // asks for, and both pass. South plays SI1 (a hole of one counter, R5) into SO1, occupied:
    // its 9 are sown SO2..SO6, SI6..SI3, occupied, whose 2 go to SI2 and SI1, empty, of his
    // inner row, facing NI6 (1) with NO6 (2) behind: he takes them (R4).
    Example {
        game: "quela",
        sets: &[],
        moves: "SI1-SO1 NI1-NO1 SI2-SO1 NI2-NO1 SI3-SO1 NI3-NO1 SI4-SO1 NI4-NO1 SI5-SO1 NI5-NO1 SI6-SO1 NI6-NO1 pass pass SI1",
        pits: &[
            0, 3, 3, 3, 3, 3, 1, 2, 0, 2, 2, 2, 1, 1, 1, 1, 1, 0, 8, 2, 2, 2, 2, 0,
        ],
        stores: &[3, 0],
        to_move: Some(2),
    },
    // Quiela: no worked example in the source; built from its rules. Each player moves his
    // outer row's last hole's 3 counters into its first (6, 3, 3, 3, 3, 3, 0: R2's shape) and
    // both pass. South's SO2 (3) ends in SO5, occupied: its 4 are sown on, SO6, SO7, SI7 and SI6,
    // empty, facing NI2, empty: no capture (R3, R4).
    Example {
        game: "quiela",
        sets: &[],
        moves: "SO7-SO1 NO7-NO1 SO7-SO1 NO7-NO1 SO7-SO1 NO7-NO1 pass pass SO2",
        pits: &[
            6, 0, 4, 4, 0, 4, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 6, 3, 3, 3, 3, 3, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Makonn: no worked example in the source; built from its rules. South moves SI10's counter
    // into SO1, then SI9's into SI10, empty, facing NI1 (1) with NO1 (1) behind: both taken
    // (R3), and passes; North moves NO10's counter into NO9 and passes (R2). South sows SO1 (2),
    // relaying by pairs round his loop (SO3, SO5, ..., SI10, SI8, ..., SI2) until SO1, empty, of
    // his outer row: no capture (R5).
    Example {
        game: "makonn",
        sets: &[],
        moves: "SI10-SO1 SI9-SI10 pass NO10-NO9 pass SO1",
        pits: &[
            1, 2, 0, 2, 0, 2, 0, 2, 0, 2, 2, 0, 2, 0, 2, 0, 2, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 2, 0,
        ],
        stores: &[2, 0],
        to_move: Some(2),
    },
    // Chisolo: no worked example in the source; built from its rules. South's first turn is
    // sown clockwise (R2): SI2's counter falls into SI3, empty, of his inner row, facing NI5 (3)
    // with NO5 (3) behind: he takes both (R4), then NO1 (3), the hole he chooses, and the turn
    // ends.
    Example {
        game: "chisolo",
        sets: &[],
        moves: "SI2 NO1",
        pits: &[
            3, 3, 3, 3, 3, 3, 3, 2, 0, 1, 0, 3, 3, 3, 2, 1, 0, 0, 0, 3, 3, 0, 3, 3, 3, 0, 3, 3,
        ],
        stores: &[9, 0],
        to_move: Some(2),
    },
    // Katra Boaoaka: no worked example in the source; built from its rules. South chooses
    // clockwise with his first move (R2; SI1 then SI2..SI8, SO8..SO1): SI1's 2 end in SI3,
    // occupied, of his inner row, which takes NI6 and NO6 across (R4) and sows its 7 on to SO7;
    // he sows on from SO7 (3) to SO4, from SO4 (3) to SO1, from SO1 (3) to SI3, now empty, facing
    // two empty holes: the turn ends (R5).
    Example {
        game: "katra_boaoaka",
        sets: &[],
        moves: "SI1cw",
        pits: &[
            0, 3, 3, 0, 3, 3, 0, 3, 1, 4, 1, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2,
            0, 2, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Katra: no worked example in the source; built from its rules. South chooses
    // anticlockwise with his first move (R2): SO3's 2 end in SO5, occupied, in his outer row: he
    // sows on (R4) to SO8, then from SO8 (3) to SI6, occupied, of his inner row, facing NI3 (2,
    // more than one): taken into SI6 (R5), whose 5 are sown on to SI1, occupied, facing NI8 (2):
    // taken so, and SI1's 5 sown on to SO5, now empty: the turn ends (R3).
    Example {
        game: "katra",
        sets: &[],
        moves: "SO3ccw",
        pits: &[
            3, 3, 1, 4, 1, 3, 3, 0, 0, 3, 3, 3, 3, 0, 3, 3, 2, 2, 0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2,
            2, 2, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Pereauni: no worked example in the source; built from its rules. South's first turn is
    // from his outer row (R2): SO7's 2 end in SI8, occupied, facing NI1 and NO1 (2 each): those
    // 4 go into SO7, the hole lifted, and are sown from it (R5) to SI6, occupied, facing NI3 and
    // NO3: taken so again, to SI6; SI6's 4 sown on (R6) to SI2, facing NI7 and NO7: their 4 sown
    // from SI6 to SI2; then SI2 to SO3, SO3 to SO6, SO6 to SI8, SI8's 6 to SI2, emptied before:
    // the turn ends (R4).
    Example {
        game: "pereauni",
        sets: &[],
        moves: "SO7",
        pits: &[
            3, 3, 0, 3, 3, 0, 1, 6, 3, 1, 5, 5, 5, 1, 5, 0, 0, 2, 0, 2, 2, 2, 0, 2, 0, 2, 0, 2, 2,
            2, 0, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Mweiso: no worked example in the source; built from its rules. South's first turn is from
    // his outer row (R2): SO2's 2 end in SO4, occupied, sown on (R6) to SO7, then to SI7,
    // occupied, facing NI2 and NO2 (2 each): taken and sown from after SO7, the hole that lap
    // was lifted from (R5), to SI6, facing NI3 and NO3: taken so, to SI6 again; SI6's 4 to SI2,
    // facing NI7 and NO7: their 4 from after SI6 to SI2 (anticlockwise: sown clockwise from SI2
    // they would end in SI6, empty, R7); SI2's 4 to SO3, SO3's 4 to SO7, emptied: the end (R4).
    Example {
        game: "mweiso",
        sets: &[],
        moves: "SO2",
        pits: &[
            3, 1, 0, 1, 4, 4, 1, 5, 3, 0, 4, 4, 4, 0, 5, 5, 2, 0, 0, 2, 2, 2, 0, 2, 2, 0, 0, 2, 2,
            2, 0, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Choro (Acholi): no worked example in the source; built from its rules. South's first turn
    // is from his outer row (R2): SO6's 2 end in SO8, occupied, and the outer rows are in
    // opposition: North's NO1 (2) is taken and sown from after SO6 to SO8 again; its 4 sown on
    // (R6) to SI5, the inner row reached (the opposition over; that lap captures nothing); SI5's
    // 3 to SI2, facing NI7 and NO7: taken and sown from after SI5 (R5) to SI1, facing NI8 and
    // NO8: taken so; then SI1 to SO4, SO4 to SO7, SO7's 5 to SI6... until a last counter falls
    // into an empty hole (R4).
    Example {
        game: "choro_acholi",
        sets: &[],
        moves: "SO6",
        pits: &[
            3, 3, 3, 0, 3, 1, 0, 1, 0, 5, 5, 5, 1, 4, 4, 4, 2, 2, 2, 2, 2, 2, 0, 0, 0, 2, 2, 2, 2,
            2, 0, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Ngolo: no worked example in the source; built from its rules. From the start South's SI9
    // (2) sows SI8 and SI7 (R2); SI7 faces North's NI3 (2) with NO3 (2) behind it, both holding
    // counters: South takes the 4 and sows them on from SI6 to SI3, and the move ends (R3).
    Example {
        game: "ngolo",
        sets: &[],
        moves: "SI9",
        pits: &[
            2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 0, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2,
            0, 2, 2, 2, 2, 2, 2,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Kisolo (Luba): no worked example in the source; built from its rules. SO7 (3) sows SI7, SI6,
    // SI5 and NO7 the same on North's side (R3, R4: the holes after are empty); SO6 (3) ends in
    // SI6, SI5 after it holds 1: South sows on with it into SI4; NO6 likewise ends its sowing on
    // in NI4, which faces SI4. South's turn begins with the capture (R2): SI4 takes NI4 (1) and
    // NO4 behind it (3) into SO4, and South moves again (to sow).
    Example {
        game: "kisolo_luba",
        sets: &[],
        moves: "SO7 NO7 SO6 NO6 SI4",
        pits: &[
            3, 3, 3, 7, 3, 0, 1, 0, 0, 0, 1, 0, 2, 2, 0, 0, 0, 0, 0, 2, 2, 3, 3, 3, 0, 3, 0, 1,
        ],
        stores: &[0, 0],
        to_move: Some(1),
    },
    // Kubuguza: no worked example in the source; built from its rules. SI8 (4) ends in SI4 and
    // relays its 5 to SO2 (R2, R3); NI1 (4) ends in NO4. South's SI1 (5) may go clockwise (R6):
    // its lap would end in SI6, occupied, facing NI3 and NO3, both occupied; South chooses `cw`,
    // takes their 5 into SI1 (R4, his second turn: R5 allows it) and sows them on anticlockwise,
    // SO1..SO5; SO5 was empty.
    Example {
        game: "kubuguza",
        sets: &[],
        moves: "SI8 NI1 SI1 cw",
        pits: &[
            2, 2, 1, 1, 1, 0, 0, 0, 0, 6, 6, 1, 6, 6, 5, 0, 0, 4, 0, 4, 4, 4, 4, 4, 1, 1, 0, 1, 0,
            0, 0, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Ikibuguzo: Murray's second array (R2), built from its rules: SO8 (4) puts two into SI8 and
    // one each into SI7 and SI6; NO8 likewise on North's side; SO7, the next outer hole of four
    // from the right, two into SO8 and one each into SI8 and SI7. North to move.
    Example {
        game: "ikibuguzo",
        sets: &[],
        moves: "SO8 NO8 SO7",
        pits: &[
            4, 4, 4, 4, 4, 4, 0, 2, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 0, 1, 1, 2, 4, 4, 4, 4, 4,
            4, 4, 0,
        ],
        stores: &[0, 0],
        to_move: Some(2),
    },
    // Bao Kiswahili (DR Congo): no worked example in the source; built from its rules. South
    // enters a counter into SI4 (2), facing NI5 (1): a capture from a middle hole, sown from the
    // end hole of his choice (R2, R3): `right`, SI8 (2), sown SI7, SI6; SI6 faces NI3 (1): `right`
    // again, SI8 (1) sown into SI7, which faces NI2 (1): taken from the right end as it is near
    // it, SI8 (1) into SI7 (4), which faces nothing now: the 4 relay to SI3, which faces NI6 (1):
    // `left`, SI1 (2) sown SI2, SI3 (3), relayed to SI6 and on round to SO7, empty (R5).
    Example {
        game: "bao_kiswahili_congo",
        sets: &[],
        moves: "SI4 right right left",
        pits: &[
            0, 0, 0, 0, 0, 0, 1, 1, 0, 2, 0, 4, 3, 0, 1, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0,
            0, 0, 0,
        ],
        stores: &[23, 24],
        to_move: Some(2),
    },
];

fn state_of(g: &Game) -> (Vec<i64>, Vec<i64>, Option<usize>) {
    let s = g.state();
    (s.pits, s.stores, s.to_move)
}

#[test]
fn every_worked_example_plays_as_its_source_says() {
    let mut failures = Vec::new();
    for e in EXAMPLES {
        let rule = load(e.game);
        let sets: Vec<String> = e.sets.iter().map(|s| s.to_string()).collect();
        let opts = options(&rule, &sets);
        let mut g = match Game::new(rule, opts) {
            Ok(g) => g,
            Err(err) => {
                failures.push(format!("{}: cannot start: {}", e.game, err.one_line()));
                continue;
            }
        };
        let mut ok = true;
        for m in e.moves.split_whitespace() {
            if let Err(err) = g.play(m) {
                failures.push(format!("{}: move `{m}`: {}", e.game, err.one_line()));
                ok = false;
                break;
            }
        }
        if !ok {
            continue;
        }
        let got = state_of(&g);
        let want = (e.pits.to_vec(), e.stores.to_vec(), e.to_move);
        if got != want {
            failures.push(format!(
                "{} after `{}`:\n    got  pits {:?} stores {:?} to_move {:?}\n    want pits {:?} stores {:?} to_move {:?}",
                e.game, e.moves, got.0, got.1, got.2, want.0, want.1, want.2
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The catalogue's games: every rule file of `rules/` but the seed games (presets excluded).
fn catalogue() -> Vec<String> {
    let dir = rules_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let ext = p.extension()?.to_str()?.to_string();
            if ext != "rhai" && ext != "yaml" {
                return None;
            }
            let text = std::fs::read_to_string(&p).ok()?;
            // helper modules have no setup(); data rules have a board
            if ext == "rhai" && !text.contains("fn setup(") {
                return None;
            }
            Some(p.file_stem()?.to_str()?.to_string())
        })
        .filter(|n| !SEED_GAMES.contains(&n.as_str()))
        .collect();
    names.sort();
    names
}

#[test]
fn every_catalogue_game_has_an_example_a_family_a_region_and_sources() {
    let mut problems = Vec::new();
    for name in catalogue() {
        let r: std::sync::Arc<Rule> = load(&name);
        if !EXAMPLES.iter().any(|e| e.game == name) {
            problems.push(format!("{name}: no worked example in tests/catalogue.rs"));
        }
        if r.meta.family.is_empty() {
            problems.push(format!("{name}: no family"));
        }
        if r.meta.region.is_empty() {
            problems.push(format!("{name}: no region"));
        }
        if r.meta.sources.is_empty() {
            problems.push(format!("{name}: no sources"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_catalogue_has_thirty_games_and_three_beyond_two_rows_or_two_players() {
    let names = catalogue();
    assert!(names.len() >= 30, "{} games: {names:?}", names.len());
    let beyond: Vec<String> = names
        .iter()
        .filter(|n| {
            let r = load(n);
            let opts = r.resolve_options::<&str>(&[]).unwrap();
            let b = Game::new(r, opts).unwrap().board();
            b.layout.players > 2 || b.layout.rows.len() > 2
        })
        .cloned()
        .collect();
    assert!(
        beyond.len() >= 3,
        "beyond two rows or two players: {beyond:?}"
    );
}

/// The lines of `sowlab rules` (with the given extra arguments) under the built-in heading's
/// family headings: (family, rule) pairs in listing order, and the exit code.
fn listing(args: &[&str]) -> (Vec<(String, String)>, String, Option<i32>) {
    let mut a = vec!["rules"];
    a.extend_from_slice(args);
    let o = sowlab(&a);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let mut family = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(f) = line.strip_prefix(' ').filter(|l| !l.starts_with(' ')) {
            family = f.trim_end_matches(':').to_string();
        } else if let Some(r) = line.strip_prefix("  ") {
            out.push((
                family.clone(),
                r.split_whitespace().next().unwrap().to_string(),
            ));
        } else if !line.starts_with(' ') {
            family.clear();
        }
    }
    (out, text, o.status.code())
}

#[test]
fn sowlab_rules_groups_the_catalogue_by_family() {
    let (lines, text, code) = listing(&[]);
    assert_eq!(code, Some(0), "{text}");
    let family_of = |name: &str| {
        lines
            .iter()
            .find(|(_, r)| r == name)
            .map(|(f, _)| f.clone())
            .unwrap_or_else(|| panic!("{name} not listed: {text}"))
    };
    for name in catalogue() {
        assert_eq!(family_of(&name), load(&name).meta.family, "{name}: {text}");
    }
    for four_rows in ["hawalis", "hus", "igisoro", "moruba"] {
        assert_eq!(
            family_of(four_rows),
            "Four-row games (East and Southern Africa)"
        );
    }
    // a preset is listed with its rule's family, right after it
    let i = lines.iter().position(|(_, r)| r == "ruma").unwrap();
    assert_eq!(lines[i + 1].1, "ruma_3p", "{text}");
    assert_eq!(lines[i + 1].0, lines[i].0, "{text}");
    // each family heading appears once in a folder's listing
    let mut seen = Vec::new();
    for line in text
        .lines()
        .filter(|l| l.starts_with(' ') && !l.starts_with("  "))
    {
        assert!(!seen.contains(&line), "{line} twice: {text}");
        seen.push(line);
    }
}

#[test]
fn sowlab_rules_grep_searches_names_descriptions_sources_regions_and_steps() {
    let names = |args: &[&str]| -> Vec<String> {
        let (lines, text, code) = listing(args);
        assert_eq!(code, Some(0), "{args:?}: {text}");
        lines.into_iter().map(|(_, r)| r).collect()
    };
    // "relay": in descriptions (Hus, Congkak) and in declared steps (Tchuka Ruma's sowing:
    // "a lap ending in an occupied hole relays from it"), any case
    let relay = names(&["--grep", "RELAY"]);
    for yes in [
        "congkak",
        "sungka",
        "ayoayo",
        "hus",
        "igisoro",
        "moruba",
        "tchuka_ruma",
        "raja_pasu",
    ] {
        assert!(relay.contains(&yes.to_string()), "{yes}: {relay:?}");
    }
    for no in [
        "ouril",
        "bohnenspiel",
        "toguz_kumalak",
        "vai_lung_thlan",
        "kalah",
    ] {
        assert!(!relay.contains(&no.to_string()), "{no}: {relay:?}");
    }
    // a region (Hus's, and Owela's, a preset of it, by its own description)
    assert_eq!(names(&["--grep", "namibia"]), ["hus", "owela"]);
    // a source
    assert!(names(&["--grep", "Shakespear"]).contains(&"vai_lung_thlan".to_string()));
    // a family word finds the family's games and their presets
    let sq = names(&["--grep", "square boards"]);
    assert!(
        sq.contains(&"ruma".to_string()) && sq.contains(&"ruma_4p".to_string()),
        "{sq:?}"
    );
    // no match: a message and exit 1
    let (lines, text, code) = listing(&["--grep", "no-such-word-anywhere"]);
    assert!(lines.is_empty(), "{text}");
    assert_eq!(code, Some(1));
    assert!(
        text.contains("no rule matches `no-such-word-anywhere`"),
        "{text}"
    );
}

#[cfg(feature = "cli")]
#[test]
fn the_playground_rule_list_carries_family_and_region() {
    let dir = common::scratch("catalogue-web");
    let pg =
        sowlab::web::Playground::new(sowlab::web::Config::new(&rules_dir(), dir.to_owned_path()));
    let (status, v) = pg.handle("rules", b"{}");
    assert_eq!(status, 200, "{v}");
    let list = v["rules"].as_array().unwrap();
    let hus = list
        .iter()
        .find(|r| r["name"] == "hus")
        .expect("hus listed");
    assert_eq!(hus["family"], "Four-row games (East and Southern Africa)");
    assert_eq!(hus["region"], "Namibia");
    for r in list {
        assert!(
            r["family"].as_str().is_some_and(|f| !f.is_empty()),
            "no family: {r}"
        );
    }
}

/// The four-row games are drawn as four rows, two a side: in the text picture North's rows come
/// first, reversed, and in the SVG each of South's inner holes sits under the North inner hole of
/// its file (the hole it captures from), with no pit left on the spare line.
#[test]
fn four_row_games_are_drawn_as_four_rows_facing_file_by_file() {
    use sowlab::render::svg::geometry::Geometry;
    for name in [
        "hawalis", "hus", "igisoro", "kisolo", "lobudok", "moruba", "tsoro",
    ] {
        let r = load(name);
        let opts = r.resolve_options::<&str>(&[]).unwrap();
        let b = Game::new(r, opts).unwrap().board();
        let l = &b.layout;
        assert_eq!(l.rows.len(), 4, "{name}");
        let n = l.rows[1].pits.len();
        let g = Geometry::of(l);
        let four_rows_high = g.spots.iter().map(|s| s.y).fold(0.0, f64::max);
        for (k, &si) in l.rows[1].pits.iter().enumerate() {
            let ni = l.rows[2].pits[n - 1 - k];
            let so = l.rows[0].pits[k];
            let no = l.rows[3].pits[n - 1 - k];
            assert_eq!(
                g.spots[si].x,
                g.spots[ni].x,
                "{name}: SI{} under NI{}",
                k + 1,
                n - k
            );
            assert_eq!(
                g.spots[so].x,
                g.spots[no].x,
                "{name}: SO{} under NO{}",
                k + 1,
                n - k
            );
            assert!(
                g.spots[no].y < g.spots[ni].y
                    && g.spots[ni].y < g.spots[si].y
                    && g.spots[si].y < g.spots[so].y,
                "{name}: rows top to bottom NO, NI, SI, SO"
            );
        }
        assert_eq!(
            four_rows_high, g.spots[l.rows[0].pits[0]].y,
            "{name}: a pit on the spare line"
        );
        let text = sowlab::render::picture(&b, sowlab::render::Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].trim_start().starts_with(&format!("NO{n}")),
            "{name}:\n{text}"
        );
        assert!(
            lines[2].trim_start().starts_with(&format!("NI{n}")),
            "{name}:\n{text}"
        );
        assert!(lines[6].trim_start().starts_with("SI1"), "{name}:\n{text}");
        assert!(lines[8].trim_start().starts_with("SO1"), "{name}:\n{text}");
    }
}

/// A store sits at the end of the row next to it on the track: each player's at his left in the
/// clockwise store games (Congkak, Dakon), at his right in Kalah's family.
#[test]
fn stores_are_drawn_at_the_end_their_row_reaches_them() {
    use sowlab::render::svg::geometry::Geometry;
    for (name, south_store_left) in [
        ("congkak", true),
        ("dakon", true),
        ("kalah", false),
        ("mangala", false),
        ("sungka", false),
    ] {
        let r = load(name);
        let opts = r.resolve_options::<&str>(&[]).unwrap();
        let b = Game::new(r, opts).unwrap().board();
        let l = &b.layout;
        let g = Geometry::of(l);
        let store_s = l.store_of(1).unwrap();
        let store_n = l.store_of(2).unwrap();
        let s1 = l.rows[0].pits[0];
        assert_eq!(
            g.spots[store_s].x < g.spots[s1].x,
            south_store_left,
            "{name}: South's store"
        );
        assert_eq!(
            g.spots[store_n].x > g.spots[s1].x,
            south_store_left,
            "{name}: North's store"
        );
    }
}

/// Captures the sources describe in words (their pictures give no counts): a position built to
/// match the description (72 beans and 60 stones in all, as in the games), the move, and the
/// capture the text says it makes.
#[test]
fn captures_described_by_the_sources() {
    // igGameCenter, "Bohnenspiel": three seeds sown counter-clockwise, the last on the opponent's
    // side making two, and the two pits before it also brought to 2, 4 or 6: all three captured.
    // S4 holds 3; S5 1, S6 3 and N1 1 become 2, 4 and 2; S4, emptied, stops the chain.
    let mut g = game_at(
        "bohnenspiel",
        &[],
        &[5, 5, 5, 3, 1, 3, 1, 7, 7, 7, 7, 7],
        &[10, 4],
        1,
    );
    play(&mut g, "4");
    let s = g.state();
    assert_eq!(s.pits, [5, 5, 5, 0, 0, 0, 0, 7, 7, 7, 7, 7], "{s:?}");
    assert_eq!(s.stores, [18, 4], "{s:?}");

    // igGameCenter, "Vai Lung Thlan": five seeds sown clockwise, the last in an empty pit on the
    // opponent's side, the two pits before it also holding a single seed: all three captured.
    // South's S5 (5) sows S4, S3, S2, S1, N6; S1, S2 and N6 were empty; S3 (now 3) stops it.
    let mut g = game_at(
        "vai_lung_thlan",
        &[],
        &[0, 0, 2, 4, 5, 6, 5, 5, 5, 5, 5, 0],
        &[10, 8],
        1,
    );
    play(&mut g, "5");
    let s = g.state();
    assert_eq!(s.pits, [0, 0, 3, 5, 0, 6, 5, 5, 5, 5, 5, 0], "{s:?}");
    assert_eq!(s.stores, [13, 8], "{s:?}");
}
