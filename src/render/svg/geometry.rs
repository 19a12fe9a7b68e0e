//! Where each pit sits in an SVG picture: one row with its store(s), two facing rows with stores
//! (or reserves) at the ends, four rows two a side, or the four-row square with a store in each
//! corner. Every pit of the
//! layout gets a spot; pits a shape does not place go on a spare line below, so none is hidden.

use crate::engine::board::state::{Layout, PitKind, Shape, NO_PIT};
use crate::engine::geometry::three_lines::three_lines;

/// Distance between the centres of neighbouring holes.
pub const CELL: f64 = 72.0;
/// Radius of a hole.
pub const R: f64 = 27.0;
/// Margin around the board.
pub const MARGIN: f64 = 34.0;
/// Half the width and half the height of a store drawn at the end of a row.
pub const STORE_HALF: (f64, f64) = (27.0, 60.0);
/// Half the width and half the height of a corner store of the square.
pub const CORNER_HALF: (f64, f64) = (29.0, 29.0);

/// Where a hole's label goes, relative to the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Under the hole.
    Below,
    /// Over the hole.
    Above,
    /// Left of the hole.
    Left,
    /// Right of the hole.
    Right,
}

/// A pit's place in the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// Centre, x.
    pub x: f64,
    /// Centre, y.
    pub y: f64,
    /// Half width and half height of a store's box (holes are circles of radius [`R`]).
    pub half: (f64, f64),
    /// Where the label goes.
    pub side: Side,
}

/// The places of all pits, the reserve boxes of games without stores, and the board's size.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// `spots[p]`: where pit `p` is drawn.
    pub spots: Vec<Spot>,
    /// Reserve boxes (player, spot), for two-row games whose seeds go to reserves.
    pub reserves: Vec<(usize, Spot)>,
    /// Width of the board area.
    pub width: f64,
    /// Height of the board area.
    pub height: f64,
    /// A point that sowing arrows bend towards (the inside of the circuit).
    pub inside: (f64, f64),
}

impl Geometry {
    /// Lays out the pits of `l`.
    pub fn of(l: &Layout) -> Geometry {
        let mut g = match l.shape {
            Shape::TwoRows if l.rows.len() == 2 => two_rows(l),
            Shape::TwoRows if l.rows.len() == 4 => four_rows(l),
            Shape::ThreeRows if l.rows.len() >= 2 => three_rows(l),
            Shape::Square if l.rows.len() == 4 => square(l),
            _ => row(l),
        };
        g.place_spares(l);
        g
    }

    fn empty(l: &Layout) -> Geometry {
        let none = Spot {
            x: f64::NAN,
            y: f64::NAN,
            half: (0.0, 0.0),
            side: Side::Below,
        };
        Geometry {
            spots: vec![none; l.pits.len()],
            reserves: Vec::new(),
            width: 0.0,
            height: 0.0,
            inside: (0.0, 0.0),
        }
    }

    /// Whether pit `p` has been placed.
    pub fn placed(&self, p: usize) -> bool {
        !self.spots[p].x.is_nan()
    }

    /// Any pit not yet placed goes on a line under the board.
    fn place_spares(&mut self, l: &Layout) {
        let spare: Vec<usize> = (0..l.pits.len()).filter(|&p| !self.placed(p)).collect();
        if spare.is_empty() {
            return;
        }
        let y = self.height + CELL / 2.0;
        for (i, &p) in spare.iter().enumerate() {
            self.spots[p] = spot(l, p, MARGIN + CELL / 2.0 + i as f64 * CELL, y, Side::Below);
        }
        self.width = self.width.max(MARGIN * 2.0 + CELL * spare.len() as f64);
        self.height += CELL + 18.0;
    }
}

fn spot(l: &Layout, p: usize, x: f64, y: f64, side: Side) -> Spot {
    let half = if l.pits[p].kind == PitKind::Store {
        STORE_HALF
    } else {
        (R, R)
    };
    Spot { x, y, half, side }
}

/// One row: pits in track order (holes then stores when the track leaves some out).
fn row(l: &Layout) -> Geometry {
    let mut g = Geometry::empty(l);
    let order: Vec<usize> = if l.track.len() == l.pits.len() {
        l.track.clone()
    } else {
        l.holes.iter().chain(&l.stores).copied().collect()
    };
    let y = MARGIN + STORE_HALF.1;
    for (i, &p) in order.iter().enumerate() {
        g.spots[p] = spot(l, p, MARGIN + CELL / 2.0 + i as f64 * CELL, y, Side::Below);
    }
    g.width = MARGIN * 2.0 + CELL * order.len() as f64;
    g.height = y + STORE_HALF.1 + 24.0;
    // Arrows bend upwards, over the row.
    g.inside = (g.width / 2.0, -4000.0);
    g
}

/// The stores at the left and right ends of a two-row board: the pits just before the first row's
/// first hole and just after its last hole in creation order (the default track), when both are
/// stores (a store at each player's right, as in Kalah, or at his left, as in Congkak); otherwise
/// North's owner's store on the left (when it is another player's) and South's on the right.
pub fn end_stores(l: &Layout) -> (Option<usize>, Option<usize>) {
    let (south, north) = (&l.rows[0], &l.rows[1]);
    let len = l.pits.len();
    let is_store = |p: usize| l.pits[p].kind == PitKind::Store;
    if let (Some(&first), Some(&last)) = (south.pits.first(), south.pits.last()) {
        let before = (first + len - 1) % len;
        let after = (last + 1) % len;
        if is_store(before) && is_store(after) && before != after {
            return (Some(before), Some(after));
        }
    }
    (
        l.store_of(north.owner)
            .filter(|_| north.owner != south.owner),
        l.store_of(south.owner),
    )
}

/// Two facing rows: the second (North) reversed on top, stores (or reserves) at the ends.
fn two_rows(l: &Layout) -> Geometry {
    let mut g = Geometry::empty(l);
    let (south, north) = (&l.rows[0], &l.rows[1]);
    let n = south.pits.len().max(north.pits.len());
    let (left_store, right_store) = end_stores(l);
    // Games without stores keep captures in reserves: draw those where stores would be.
    let reserves = l.stores.is_empty() && l.players > 1;
    let left = left_store.is_some() || reserves;
    let right = right_store.is_some() || reserves;
    let x0 = MARGIN + if left { CELL } else { 0.0 };
    let top = MARGIN + 18.0 + R;
    let bottom = top + CELL + 16.0;
    let mid = (top + bottom) / 2.0;
    for (i, &p) in north.pits.iter().rev().enumerate() {
        let x = x0 + CELL / 2.0 + (n - north.pits.len() + i) as f64 * CELL;
        g.spots[p] = spot(l, p, x, top, Side::Above);
    }
    for (i, &p) in south.pits.iter().enumerate() {
        g.spots[p] = spot(l, p, x0 + CELL / 2.0 + i as f64 * CELL, bottom, Side::Below);
    }
    let lx = MARGIN + CELL / 2.0;
    let rx = x0 + CELL * n as f64 + CELL / 2.0;
    if let Some(s) = left_store {
        g.spots[s] = spot(l, s, lx, mid, Side::Left);
    }
    if let Some(s) = right_store {
        g.spots[s] = spot(l, s, rx, mid, Side::Right);
    }
    if reserves {
        let half = (STORE_HALF.0, STORE_HALF.1 - 10.0);
        let at = |x| Spot {
            x,
            y: mid,
            half,
            side: Side::Below,
        };
        g.reserves.push((north.owner, at(lx)));
        g.reserves.push((south.owner, at(rx)));
    }
    g.width = x0 + CELL * n as f64 + if right { CELL } else { 0.0 } + MARGIN;
    g.height = bottom + R + 18.0 + MARGIN / 2.0;
    g.inside = (x0 + CELL * n as f64 / 2.0, mid);
    g
}

/// Four rows, two a side (rows in creation order: South's outer, South's inner, North's inner,
/// North's outer): North's reversed on top, so each hole faces the one across the middle; the
/// reserves at the ends of the middle line.
fn four_rows(l: &Layout) -> Geometry {
    let mut g = Geometry::empty(l);
    let n = l.rows.iter().map(|r| r.pits.len()).max().unwrap_or(0);
    let x0 = MARGIN + CELL;
    let step = CELL + 16.0;
    // a wider gap between the two sides
    let y =
        |line: usize| MARGIN + 18.0 + R + line as f64 * step + if line >= 2 { 20.0 } else { 0.0 };
    // (row, line from the top, label side): labels away from the middle
    for (r, line, side) in [
        (3usize, 0usize, Side::Above),
        (2, 1, Side::Above),
        (1, 2, Side::Below),
        (0, 3, Side::Below),
    ] {
        let row = &l.rows[r];
        let pad = n - row.pits.len();
        for (i, &p) in row.pits.iter().enumerate() {
            let col = if r >= 2 {
                pad + row.pits.len() - 1 - i
            } else {
                i
            };
            g.spots[p] = spot(l, p, x0 + CELL / 2.0 + col as f64 * CELL, y(line), side);
        }
    }
    let mid = (y(1) + y(2)) / 2.0;
    let half = (STORE_HALF.0, STORE_HALF.1 - 10.0);
    let at = |x| Spot {
        x,
        y: mid,
        half,
        side: Side::Below,
    };
    if l.stores.is_empty() && l.players > 1 {
        g.reserves.push((l.rows[2].owner, at(MARGIN + CELL / 2.0)));
        g.reserves
            .push((l.rows[0].owner, at(x0 + CELL * n as f64 + CELL / 2.0)));
    }
    g.width = x0 + CELL * n as f64 + CELL + MARGIN;
    g.height = y(3) + R + 18.0 + MARGIN / 2.0;
    g.inside = (x0 + CELL * n as f64 / 2.0, mid);
    g
}

/// Three lines ([`three_lines`]): North's row on top, the middle line of rows and stores, South's
/// row at the bottom, each from South's left and centred on the widest; stores outside the middle
/// line (or the reserves) at the ends of the middle line, the first on the right.
fn three_rows(l: &Layout) -> Geometry {
    let mut g = Geometry::empty(l);
    let t = three_lines(l);
    let n = t.north.len().max(t.middle.len()).max(t.south.len());
    let reserves = l.stores.is_empty() && l.players > 1;
    let ends = !t.ends.is_empty() || reserves;
    let x0 = MARGIN + if ends { CELL } else { 0.0 };
    let step = CELL + 16.0;
    let y = |line: usize| MARGIN + 18.0 + R + line as f64 * step;
    for (line, pits, side) in [
        (0usize, &t.north, Side::Above),
        (1, &t.middle, Side::Below),
        (2, &t.south, Side::Below),
    ] {
        // (centred: a shorter line starts half the missing cells in)
        let pad = (n - pits.len()) as f64 / 2.0;
        for (i, &p) in pits.iter().enumerate() {
            let x = x0 + CELL / 2.0 + (pad + i as f64) * CELL;
            g.spots[p] = spot(l, p, x, y(line), side);
        }
    }
    let (lx, rx) = (MARGIN + CELL / 2.0, x0 + CELL * n as f64 + CELL / 2.0);
    for (&s, x) in t.ends.iter().zip([rx, lx]) {
        g.spots[s] = spot(l, s, x, y(1), Side::Below);
    }
    if reserves {
        let half = (STORE_HALF.0, STORE_HALF.1 - 10.0);
        let at = |x| Spot {
            x,
            y: y(1),
            half,
            side: Side::Below,
        };
        g.reserves.push((l.rows[l.rows.len() - 1].owner, at(lx)));
        g.reserves.push((l.rows[0].owner, at(rx)));
    }
    g.width = x0 + CELL * n as f64 + if ends { CELL } else { 0.0 } + MARGIN;
    g.height = y(2) + R + 18.0 + MARGIN / 2.0;
    g.inside = (x0 + CELL * n as f64 / 2.0, y(1));
    g
}

/// The square: South along the bottom (left to right), East up the right side, North along the
/// top (right to left), West down the left side; each row's store in the corner after it.
fn square(l: &Layout) -> Geometry {
    let mut g = Geometry::empty(l);
    let k = l.rows.iter().map(|r| r.pits.len()).max().unwrap_or(0);
    let at = |col: usize, row: usize| {
        (
            MARGIN + 22.0 + CELL / 2.0 + col as f64 * CELL,
            MARGIN + 22.0 + CELL / 2.0 + row as f64 * CELL,
        )
    };
    let sides = [Side::Below, Side::Right, Side::Above, Side::Left];
    for (r, row) in l.rows.iter().enumerate() {
        for (i, &p) in row.pits.iter().enumerate() {
            let (col, line) = match r {
                0 => (1 + i, k + 1),
                1 => (k + 1, k - i),
                2 => (k - i, 0),
                _ => (0, 1 + i),
            };
            let (x, y) = at(col, line);
            g.spots[p] = spot(l, p, x, y, sides[r]);
        }
        // the store after the row's last hole goes in the corner after it
        let Some(&last) = row.pits.last() else {
            continue;
        };
        let q = l.next[last];
        if q != NO_PIT && l.pits[q].kind == PitKind::Store {
            let (col, line, side) = match r {
                0 => (k + 1, k + 1, Side::Below),
                1 => (k + 1, 0, Side::Above),
                2 => (0, 0, Side::Above),
                _ => (0, k + 1, Side::Below),
            };
            let (x, y) = at(col, line);
            g.spots[q] = Spot {
                x,
                y,
                half: CORNER_HALF,
                side,
            };
        }
    }
    let side = 2.0 * (MARGIN + 22.0) + CELL * (k + 2) as f64;
    g.width = side;
    g.height = side;
    g.inside = (side / 2.0, side / 2.0);
    g
}
