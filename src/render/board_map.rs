//! A board's map for other tools (`sowlab rules NAME --json`): every hole's index in the state
//! JSON's `pits`, its move label, its row and column as South sees the board drawn, its owner;
//! the stores (or, without stores, the reserves) with their owners and sides; the sowing track.
//! With it a tool can map another engine's sites to sowlab's pits.

use serde::Serialize;

use crate::engine::geometry::layout::{Layout, Shape, NO_PIT};
use crate::render::svg::geometry::Geometry;

/// One hole.
#[derive(Serialize)]
pub struct HoleMap {
    /// Its index in the state JSON's `pits`.
    pub index: usize,
    /// Its move label (`3`, `S3`).
    pub label: String,
    /// Its row as South sees the board: 0 the row nearest South, counting away from him.
    pub row: usize,
    /// Its column as South sees the board: 0 the leftmost.
    pub column: usize,
    /// Its owner (1-based; 0 nobody) at the start.
    pub owner: usize,
}

/// One store (or reserve).
#[derive(Serialize)]
pub struct StoreMap {
    /// `store1`, `store2`...: its name in `ludii.sites`, its index in the state JSON's `stores`
    /// plus one.
    pub name: String,
    /// Its owner (1-based; 0 nobody).
    pub owner: usize,
    /// Where it is drawn as South sees the board: `left`, `right`, `middle` (among the holes,
    /// as the stores in a three-row board's middle line), or `off` (a reserve beside the board).
    pub side: &'static str,
}

/// A board's map.
#[derive(Serialize)]
pub struct BoardMap {
    /// How the board is drawn (`row`, `two_rows`, `square`).
    pub shape: &'static str,
    /// Number of players.
    pub players: usize,
    /// Rows of holes (as South sees them) and columns.
    pub rows: usize,
    /// Columns of holes.
    pub columns: usize,
    /// Every hole, in the state JSON's order.
    pub pits: Vec<HoleMap>,
    /// `store`: captured seeds go to stores on the board; `reserve`: to each player's reserve
    /// off the board. Either way the state JSON lists them in `stores`.
    pub captures_to: &'static str,
    /// The stores or reserves, in the state JSON's order.
    pub stores: Vec<StoreMap>,
    /// The sowing track: hole indices and store names, in sowing order (one list per circuit).
    pub track: Vec<Vec<serde_json::Value>>,
}

/// Distinct values, rounded, in order.
fn ranks(v: &[f64]) -> Vec<i64> {
    let mut r: Vec<i64> = v.iter().map(|x| x.round() as i64).collect();
    r.sort_unstable();
    r.dedup();
    r
}

/// The map of a board laid out as `l`.
pub fn board_map(l: &Layout) -> BoardMap {
    let g = Geometry::of(l);
    let xs: Vec<f64> = l.holes.iter().map(|&p| g.spots[p].x).collect();
    let ys: Vec<f64> = l.holes.iter().map(|&p| g.spots[p].y).collect();
    let (cols, rows) = (ranks(&xs), ranks(&ys));
    let at = |v: &[i64], x: f64| v.binary_search(&(x.round() as i64)).unwrap_or(0);
    let pits = l
        .holes
        .iter()
        .enumerate()
        .map(|(i, &p)| HoleMap {
            index: i,
            label: l.label(p),
            // (drawing coordinates grow downwards: South's row is the lowest, the largest y)
            row: rows.len() - 1 - at(&rows, g.spots[p].y),
            column: at(&cols, g.spots[p].x),
            owner: l.pits[p].owner,
        })
        .collect();
    let (lo, hi) = (
        xs.iter().copied().fold(f64::INFINITY, f64::min),
        xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    );
    let stores = if l.stores.is_empty() {
        (1..=l.players)
            .map(|k| StoreMap {
                name: format!("store{k}"),
                owner: k,
                side: "off",
            })
            .collect()
    } else {
        l.stores
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let x = g.spots[s].x;
                StoreMap {
                    name: format!("store{}", i + 1),
                    owner: l.pits[s].owner,
                    side: if x < lo {
                        "left"
                    } else if x > hi {
                        "right"
                    } else if l.shape == Shape::ThreeRows {
                        "middle"
                    } else {
                        "off"
                    },
                }
            })
            .collect()
    };
    let name_of = |p: usize| -> serde_json::Value {
        if let Some(i) = l.holes.iter().position(|&h| h == p) {
            serde_json::Value::from(i)
        } else if let Some(i) = l.stores.iter().position(|&s| s == p) {
            serde_json::Value::from(format!("store{}", i + 1))
        } else {
            serde_json::Value::Null
        }
    };
    let track = l
        .circuit_runs()
        .into_iter()
        .map(|run| {
            run.iter()
                .filter(|&&p| p != NO_PIT)
                .map(|&p| name_of(p))
                .collect()
        })
        .collect();
    BoardMap {
        shape: l.shape.name(),
        players: l.players,
        rows: rows.len(),
        columns: cols.len(),
        pits,
        captures_to: if l.stores.is_empty() {
            "reserve"
        } else {
            "store"
        },
        stores,
        track,
    }
}
