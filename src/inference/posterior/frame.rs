//! The board as the dynamic programme walks it: turned so that rows are no wider than columns
//! are tall, with the fleet grouped into length classes and every ship start checked in advance.

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::prior::Opponent;
use crate::game::rules::{Rules, around};

use super::key::{Packing, Shape};
use super::scan_tally::Tallies;

/// Most distinct ship lengths (a ship is at most [`MAX_SIDE`](crate::game::board::MAX_SIDE) long),
/// so a set of classes fits in a `u32`.
pub const MAX_CLASSES: usize = 26;

/// How the frame is laid on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orientation {
    /// Frame rows are board columns.
    pub transpose: bool,
    /// The frame starts from the board's far corner (the board turned half a turn).
    pub reverse: bool,
}

impl Orientation {
    /// The orientations whose rows are the board's shorter side (all four on a square board).
    pub fn narrow(board: &Board) -> Vec<Orientation> {
        let transposes: &[bool] = match board.cols().cmp(&board.rows()) {
            std::cmp::Ordering::Greater => &[true],
            std::cmp::Ordering::Less => &[false],
            std::cmp::Ordering::Equal => &[false, true],
        };
        transposes
            .iter()
            .flat_map(|&transpose| [false, true].map(|reverse| Orientation { transpose, reverse }))
            .collect()
    }
}

/// The oriented board, the length classes, and which ships may start on each cell.
///
/// Cells are numbered row-major in the frame: `k = r * width + c`. A ship "starts" on its
/// top-left cell. A start is *valid* when the whole ship lies on the board, covers only `.`, `x`
/// and `s` cells, and covers at least one `.` or `s` (a ship wholly on hits would have been sunk;
/// under [`crate::game::announce::Announce::None`] nothing says so, and it may). Every `x` and `s`
/// cell must be covered.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Whether ships may touch. Under the no-touch rules the board must already be revealed
    /// ([`Rules::reveal`]): the programme keeps ships afloat apart from one another, and relies on
    /// the cells around sunk ships being `o`.
    pub touching: bool,
    /// Columns of the frame (the board's shorter side, in the orientations swept): the width of
    /// the profile.
    pub width: usize,
    pub orientation: Orientation,
    /// Per frame cell: its board row and column.
    pub to_board: Vec<(usize, usize)>,
    /// Board columns, to turn board positions into row-major indices.
    board_cols: usize,
    /// Frame cells, row-major.
    pub cells: Vec<Cell>,
    /// Each distinct ship length, longest first, with how many ships have it.
    pub classes: Vec<(usize, usize)>,
    /// Per frame cell: the classes whose horizontal start there is valid (length 1 included).
    pub start_h: Vec<u32>,
    /// Per frame cell: the classes of length at least 2 whose vertical start there is valid.
    pub start_v: Vec<u32>,
    /// Per boundary `k` (before cell `k`, `0..=len`): classes that must already have at least
    /// the given number of ships placed, because too few valid starts remain from `k` on.
    pub quota: Vec<Vec<(usize, usize)>>,
    /// Per boundary `k`: the `x` and `s` cells from `k` on, each of which some ship still has to
    /// cover.
    pub hits_ahead: Vec<HitsAhead>,
    /// A prior over layouts: each edge that puts a ship on a cell weighs its share of the layout's
    /// weight. `None`: every layout weighs 1 (counting).
    pub weights: Option<Weights>,
    /// The board's scans, as the states keep count of them.
    pub tallies: Tallies,
}

/// A layout's weight ([`Opponent`]) split over the cells its ships cover: a ship cell at frame
/// cell `k` weighs `cell[k]` times `touch` to the power of its touching pairs with cells already
/// decided (left, above-left, above, above-right) and with the `#` cells around it (`sunk[k]`),
/// so that every touching pair is counted once, when the later of its two cells is decided. A ship
/// of 2 or more also weighs its direction's factor ([`Opponent::direction`]) on its first cell.
#[derive(Clone, Debug)]
pub struct Weights {
    pub cell: Vec<f64>,
    pub touch: f64,
    /// The direction factor of a ship of 2 or more starting horizontally and vertically in the
    /// frame (across and down on the board, or down and across when the frame is transposed).
    pub direction: [f64; 2],
    /// Per frame cell: `#` cells among its eight neighbours.
    pub sunk: Vec<u8>,
}

impl Weights {
    /// The weight of a ship cell at `k` with `pairs` touching pairs among the decided neighbours.
    #[inline(always)]
    pub fn of(&self, k: usize, pairs: u32) -> f64 {
        let pairs = pairs + u32::from(self.sunk[k]);
        if pairs == 0 { self.cell[k] } else { self.cell[k] * self.touch.powi(pairs as i32) }
    }

    /// The direction factor of a ship of `len` starting horizontally in the frame or not.
    #[inline(always)]
    pub fn direction(&self, len: u64, frame_horizontal: bool) -> f64 {
        if len < 2 { 1.0 } else { self.direction[usize::from(!frame_horizontal)] }
    }
}

/// The `x` cells a frontier still has to see covered.
#[derive(Clone, Debug, Default)]
pub struct HitsAhead {
    /// Hits a ship in progress might cover: (rows below the frontier's row, column, classes
    /// that could cover the hit starting from the frontier on).
    pub near: Vec<(usize, usize, u32)>,
    /// Distinct class sets of the other hits: each needs a ship of one of those classes.
    pub far: Vec<u32>,
    /// Number of hits, near and far.
    pub count: usize,
}

impl Frame {
    /// The frame of `board` for `fleet` under `rules`, weighing layouts by `prior` (whose size is
    /// the board's) when one is given.
    pub fn new(
        board: &Board,
        fleet: &Fleet,
        rules: Rules,
        prior: Option<&Opponent>,
        orientation: Orientation,
    ) -> Frame {
        let (height, width) =
            if orientation.transpose { (board.cols(), board.rows()) } else { (board.rows(), board.cols()) };
        let to_board: Vec<(usize, usize)> = (0..height * width)
            .map(|k| {
                let (mut r, mut c) = (k / width, k % width);
                if orientation.reverse {
                    (r, c) = (height - 1 - r, width - 1 - c);
                }
                if orientation.transpose { (c, r) } else { (r, c) }
            })
            .collect();
        let cells: Vec<Cell> = to_board.iter().map(|&(r, c)| board.get(crate::game::board::Pos::new(r, c))).collect();
        let classes: Vec<(usize, usize)> = fleet.groups().collect();
        assert!(classes.len() <= MAX_CLASSES, "at most {MAX_CLASSES} distinct lengths");
        let n = cells.len();
        let mut start_h = vec![0u32; n];
        let mut start_v = vec![0u32; n];
        // A ship wholly on hits would have been announced sunk, unless sinkings go unannounced.
        let may_lie_on_hits = !rules.announce.tells_sinkings();
        let valid = |ks: &mut dyn Iterator<Item = usize>| {
            let mut any_open = may_lie_on_hits;
            for k in ks {
                match cells[k] {
                    // A ship on an `s` cell is not sunk: the cell is not shot yet.
                    Cell::Unknown | Cell::Ship => any_open = true,
                    Cell::Hit => {}
                    Cell::Miss | Cell::Sunk | Cell::Island => return false,
                }
            }
            any_open
        };
        for k in 0..n {
            let (r, c) = (k / width, k % width);
            for (i, &(len, _)) in classes.iter().enumerate() {
                if c + len <= width && valid(&mut (k..k + len)) {
                    start_h[k] |= 1 << i;
                }
                if len > 1 && r + len <= height && valid(&mut (0..len).map(|d| k + d * width)) {
                    start_v[k] |= 1 << i;
                }
            }
        }
        // avail[i]: valid starts of class i at cells k.. (filled from the end).
        let mut avail = vec![0usize; classes.len()];
        let mut quota = vec![Vec::new(); n + 1];
        for k in (0..=n).rev() {
            if k < n {
                for (i, a) in avail.iter_mut().enumerate() {
                    *a += ((start_h[k] >> i) & 1) as usize + ((start_v[k] >> i) & 1) as usize;
                }
            }
            for (i, &(_, count)) in classes.iter().enumerate() {
                if count > avail[i] {
                    quota[k].push((i, count - avail[i]));
                }
            }
        }
        let hits_ahead = hits_ahead(&cells, width, &classes, &start_h, &start_v);
        let weights = prior.map(|m| {
            assert_eq!((m.rows(), m.cols()), (board.rows(), board.cols()), "the prior is the board's size");
            Weights {
                cell: to_board.iter().map(|&(r, c)| m.cells()[r * board.cols() + c]).collect(),
                touch: m.touching(),
                direction: [m.direction(2, !orientation.transpose), m.direction(2, orientation.transpose)],
                sunk: to_board
                    .iter()
                    .map(|&(r, c)| {
                        around(board, crate::game::board::Pos::new(r, c))
                            .filter(|&q| board.get(q) == Cell::Sunk)
                            .count() as u8
                    })
                    .collect(),
            }
        });
        let tallies = Tallies::new(board, n, |k| to_board[k].0 * board.cols() + to_board[k].1);
        Frame {
            touching: rules.touching,
            width,
            orientation,
            to_board,
            board_cols: board.cols(),
            cells,
            classes,
            start_h,
            start_v,
            quota,
            hits_ahead,
            weights,
            tallies,
        }
    }

    /// The same frame counting layouts, without the prior.
    pub fn unweighted(&self) -> Frame {
        Frame { weights: None, ..self.clone() }
    }

    /// Whether the states must remember which decided neighbours hold a ship: under the no-touch
    /// rules, or with a prior that weighs touching pairs.
    pub fn tracks_neighbours(&self) -> bool {
        !self.touching || self.weights.as_ref().is_some_and(|w| w.touch != 1.0)
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Where each field of this frame's states lives.
    pub fn packing(&self) -> Packing {
        let class_counts: Vec<usize> = self.classes.iter().map(|&(_, count)| count).collect();
        let scan_most: Vec<u64> = self.tallies.needs.iter().map(|need| need.least).collect();
        Packing::new(Shape {
            width: self.width,
            longest_vertical: self.longest_vertical(),
            longest_horizontal: self.longest_horizontal(),
            class_counts: &class_counts,
            tracks_neighbours: self.tracks_neighbours(),
            scan_most: &scan_most,
        })
    }

    /// Board row-major index of frame cell `k`.
    pub fn board_index(&self, k: usize) -> usize {
        let (r, c) = self.to_board[k];
        r * self.board_cols + c
    }

    /// The board placement of a ship of class `class` starting on frame cell `k`.
    pub fn placement(&self, k: usize, class: usize, frame_horizontal: bool) -> Placement {
        let len = self.classes[class].0;
        let last = k + (len - 1) * if frame_horizontal { 1 } else { self.width };
        let ((r1, c1), (r2, c2)) = (self.to_board[k], self.to_board[last]);
        // A length-1 ship is always recorded as horizontal, as `Placement::all` does.
        Placement { len, row: r1.min(r2), col: c1.min(c2), horizontal: r1 == r2 }
    }

    /// Longest class with some valid vertical start, or 0.
    pub fn longest_vertical(&self) -> usize {
        let any: u32 = self.start_v.iter().fold(0, |a, &m| a | m);
        self.classes.iter().enumerate().filter(|&(i, _)| any >> i & 1 == 1).map(|(_, &(l, _))| l).max().unwrap_or(0)
    }

    /// Longest class with some valid horizontal start, or 0.
    pub fn longest_horizontal(&self) -> usize {
        let any: u32 = self.start_h.iter().fold(0, |a, &m| a | m);
        self.classes.iter().enumerate().filter(|&(i, _)| any >> i & 1 == 1).map(|(_, &(l, _))| l).max().unwrap_or(0)
    }
}

/// For each boundary, the hits at or after it and the classes that could still cover each one.
fn hits_ahead(
    cells: &[Cell],
    width: usize,
    classes: &[(usize, usize)],
    start_h: &[u32],
    start_v: &[u32],
) -> Vec<HitsAhead> {
    let n = cells.len();
    let longest = classes.iter().map(|&(l, _)| l).max().unwrap_or(0);
    let hits: Vec<usize> = (0..n).filter(|&k| cells[k].holds_ship()).collect();
    (0..=n)
        .map(|k| {
            let (r, _) = (k / width, k % width);
            let mut ahead = HitsAhead::default();
            for &x in hits.iter().filter(|&&x| x >= k) {
                let (hr, hc) = (x / width, x % width);
                // Classes with a valid start at or after k whose ship covers x.
                let mut mask = 0u32;
                for (i, &(len, _)) in classes.iter().enumerate() {
                    for d in 0..len.min(hc + 1) {
                        if x - d >= k && (start_h[x - d] >> i) & 1 == 1 {
                            mask |= 1 << i;
                        }
                    }
                    for d in 0..len.min(hr + 1) {
                        let s = x - d * width;
                        if s >= k && (start_v[s] >> i) & 1 == 1 {
                            mask |= 1 << i;
                        }
                    }
                }
                if hr - r < longest {
                    ahead.near.push((hr - r, hc, mask));
                } else if !ahead.far.contains(&mask) {
                    ahead.far.push(mask);
                }
                ahead.count += 1;
            }
            ahead
        })
        .collect()
}
