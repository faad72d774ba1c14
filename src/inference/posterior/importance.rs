//! Sequential importance sampling of whole fleets that agree with a board.
//!
//! Used where exact counting is over budget (early in a game). Ships are labelled `0..n` in fleet
//! order. One draw builds a labelled layout in two phases:
//!
//! 1. Hits: while some `x` is uncovered, take the first uncovered `x` in row-major order and
//!    choose uniformly among every (unplaced ship, placement) that covers it, lies on `.`/`x`
//!    cells only, overlaps nothing placed and is not wholly on `x` cells.
//! 2. The rest: each unplaced ship in fleet order takes a uniformly random window of free `.`
//!    cells (windows are found a row or column at a time with bit masks).
//!
//! Given the labelled layout the path that builds it is unique (the ship covering the first
//! uncovered hit is determined, and the rest go in a fixed order), so its proposal probability
//! is the product of `1 / options` over the steps and the weight `product of options` is exactly
//! `1 / q`. Hence `E[w] = ` the number of labelled agreeing layouts, and the weighted occupancy
//! over the weight sum estimates every cell's posterior marginal (self-normalised importance
//! sampling, consistent as samples grow). A step with no option gives weight 0.
//!
//! Under a prior over layouts ([`Opponent`]) every choice above is made with probability
//! proportional to the chosen ship's placement weight (its cells' weights times its direction's)
//! instead of uniformly, so the weight `product of options` becomes the product of the options'
//! summed weights, which is the layout's cell and direction weight over its proposal probability; the draw's weight then also takes `t` per
//! touching pair (among the ships afloat and with `#` cells), and the estimate is the prior's
//! posterior by the same argument.
//!
//! Under the no-touch rules every placed ship also takes the cells around it (edges and corners)
//! out of the free cells, so later ships keep apart from it; the argument above is unchanged.
//! A scan that found no ship takes its cells out of the free cells too, a ship is offered only the
//! placements the scans have room for ([`ScanRoom`]), and a draw that the scans still disagree
//! with (too few ship cells in an area) weighs 0 (rejection), which keeps the estimate the scans'
//! posterior.

use rand::RngExt;

use crate::game::board::{Board, Cell, MAX_SIDE};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::observations::{found_none, scans_agree};
use crate::game::prior::{Opponent, touching_pairs_of};
use crate::game::rng::SonarRng;
use crate::game::rules::{Rules, around};
use crate::game::windows::{count_windows, pick_window, window_starts};

use super::scan_room::ScanRoom;

/// What the samples say.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Per cell (row-major): the estimated probability that a ship lies there; 0 off `.` cells.
    pub marginals: Vec<f64>,
    /// Draws made.
    pub samples: u64,
    /// Draws with a positive weight.
    pub accepted: u64,
    /// Kish's effective sample size, (sum w)^2 / sum w^2.
    pub effective: f64,
    /// Estimated number of agreeing layouts, ships of equal length interchangeable.
    pub layouts: f64,
}

/// A board prepared for drawing: free-cell masks per row and column, and the hit cells.
#[derive(Clone)]
pub struct Sampler<'a> {
    board: &'a Board,
    fleet: &'a Fleet,
    /// Bit c of `rows[r]` (and bit r of `cols[c]`) is set when cell (r, c) may hold a ship.
    rows: [u32; MAX_SIDE],
    cols: [u32; MAX_SIDE],
    hits: Vec<usize>,
    /// `ln` of the product over lengths of (ships of that length)!: labelled / unlabelled.
    ln_labels: f64,
    /// Whether ships may touch.
    touching: bool,
    /// Whether a ship may lie wholly on hits (sinkings are not announced).
    lies_on_hits: bool,
    /// A prior over layouts: ships are proposed with probability proportional to the product of
    /// their cells' weights, and each draw's weight carries the rest (`t` per touching pair).
    prior: Option<&'a Opponent>,
    /// Under a prior, per distinct ship length: the direction's factor times the product of the
    /// cell weights of the window starting at each cell, along the row (`[0]`) and down the column (`[1]`), row-major.
    windows: Vec<(usize, [Vec<f64>; 2])>,
    /// The room the board's scans leave for ship cells ([`ScanRoom`]), where one binds.
    room: Option<ScanRoom>,
}

/// One weighted draw: the placements (in ship order) and the weight.
#[derive(Clone, Debug)]
pub struct Draw {
    pub ships: Vec<Placement>,
    pub weight: f64,
}

impl<'a> Sampler<'a> {
    /// A sampler under `rules`; the board must be revealed under them ([`Rules::reveal`]).
    pub fn with_rules(board: &'a Board, fleet: &'a Fleet, rules: Rules) -> Sampler<'a> {
        let mut rows = [0u32; MAX_SIDE];
        let mut cols = [0u32; MAX_SIDE];
        let mut hits = Vec::new();
        for (i, &cell) in board.cells().iter().enumerate() {
            let (r, c) = (i / board.cols(), i % board.cols());
            if cell.may_hold_afloat() {
                rows[r] |= 1 << c;
                cols[c] |= 1 << r;
            }
            if cell.holds_ship() {
                hits.push(i);
            }
        }
        // No ship lies in the area of a scan that found none.
        for scan in board.scans().iter().filter(|s| found_none(board, s)) {
            for &i in scan.cells() {
                let (r, c) = (i / board.cols(), i % board.cols());
                rows[r] &= !(1 << c);
                cols[c] &= !(1 << r);
            }
        }
        let ln_labels = fleet.groups().map(|(_, m)| (1..=m).map(|k| (k as f64).ln()).sum::<f64>()).sum();
        Sampler {
            board,
            fleet,
            rows,
            cols,
            hits,
            ln_labels,
            touching: rules.touching,
            lies_on_hits: !rules.announce.tells_sinkings(),
            prior: None,
            windows: Vec::new(),
            room: ScanRoom::new(board),
        }
    }

    /// The same sampler under a prior over layouts (of the board's size). A prior with touching
    /// weight 0 must come with the no-touch rules (and their revealed board) instead.
    pub fn with_prior(self, prior: Option<&'a Opponent>) -> Sampler<'a> {
        debug_assert!(prior.is_none_or(|m| m.touching() > 0.0), "touching 0 is the no-touch rules");
        let (nr, nc) = (self.board.rows(), self.board.cols());
        let windows = match prior {
            None => Vec::new(),
            Some(m) => {
                let w = m.cells();
                let product = |cells: &mut dyn Iterator<Item = usize>| cells.map(|i| w[i]).product::<f64>();
                self.fleet
                    .groups()
                    .map(|(len, _)| {
                        let (across, down) = (m.direction(len, true), m.direction(len, false));
                        let along = (0..nr * nc)
                            .map(|i| if i % nc + len <= nc { across * product(&mut (i..i + len)) } else { 0.0 })
                            .collect();
                        let down = (0..nr * nc)
                            .map(|i| {
                                if i / nc + len <= nr { down * product(&mut (0..len).map(|d| i + d * nc)) } else { 0.0 }
                            })
                            .collect();
                        (len, [along, down])
                    })
                    .collect()
            }
        };
        Sampler { prior, windows, ..self }
    }

    /// The prior weight of a placement: its cells' and its direction's (1 without a prior).
    fn placement_weight(&self, p: Placement) -> f64 {
        self.prior.map_or(1.0, |m| m.placement_weight(p))
    }

    /// One weighted draw (weight 0 when the path reached a step with no option).
    pub fn draw(&self, rng: &mut SonarRng) -> Draw {
        let (nr, nc) = (self.board.rows(), self.board.cols());
        let mut rows = self.rows;
        let mut cols = self.cols;
        let lengths = self.fleet.lengths();
        let mut placed: Vec<Option<Placement>> = vec![None; lengths.len()];
        let mut ships = Vec::with_capacity(lengths.len());
        let mut weight = 1.0f64;
        let room = self.room.as_ref();
        let mut left = room.map(ScanRoom::room).unwrap_or_default();
        // Cells covered by a ship, per row (the free masks also lose the cells around a ship
        // under the no-touch rules, so they cannot tell which hits are covered).
        let mut covered = [0u32; MAX_SIDE];
        let touching = self.touching;
        let occupy =
            |p: Placement, rows: &mut [u32; MAX_SIDE], cols: &mut [u32; MAX_SIDE], covered: &mut [u32; MAX_SIDE]| {
                for c in p.cells() {
                    covered[c.row] |= 1 << c.col;
                    if touching {
                        rows[c.row] &= !(1 << c.col);
                        cols[c.col] &= !(1 << c.row);
                        continue;
                    }
                    // The cells around it (and its own), in the rows and columns next to it.
                    let (across, down) = ((0b111u32 << c.col) >> 1, (0b111u32 << c.row) >> 1);
                    let (top, left) = (c.row.saturating_sub(1), c.col.saturating_sub(1));
                    rows[..nr].iter_mut().skip(top).take(c.row + 2 - top).for_each(|m| *m &= !across);
                    cols[..nc].iter_mut().skip(left).take(c.col + 2 - left).for_each(|m| *m &= !down);
                }
            };
        // Phase 1: cover the hits, first uncovered one first.
        let mut options: Vec<(usize, Placement)> = Vec::new();
        loop {
            let uncovered = self.hits.iter().copied().find(|&h| covered[h / nc] & (1 << (h % nc)) == 0);
            let Some(h) = uncovered else { break };
            let (hr, hc) = (h / nc, h % nc);
            options.clear();
            for (i, &len) in lengths.iter().enumerate() {
                if placed[i].is_some() {
                    continue;
                }
                // Ships of equal length have the same placements; reuse the first one's list.
                if let Some(j) = (0..i).find(|&j| placed[j].is_none() && lengths[j] == len) {
                    let same: Vec<(usize, Placement)> =
                        options.iter().filter(|(k, _)| *k == j).map(|&(_, p)| (i, p)).collect();
                    options.extend(same);
                    continue;
                }
                for horizontal in [true, false] {
                    if !horizontal && len == 1 {
                        continue;
                    }
                    for off in 0..len {
                        let (row, col) = if horizontal {
                            if hc < off || hc - off + len > nc {
                                continue;
                            }
                            (hr, hc - off)
                        } else {
                            if hr < off || hr - off + len > nr {
                                continue;
                            }
                            (hr - off, hc)
                        };
                        let p = Placement { len, row, col, horizontal };
                        let free = p.cells().all(|c| rows[c.row] & (1 << c.col) != 0);
                        let touches_open = self.lies_on_hits || p.cells().any(|c| self.board.get(c).is_open());
                        if free && touches_open && room.is_none_or(|r| r.fits(&left, p)) {
                            options.push((i, p));
                        }
                    }
                }
            }
            if options.is_empty() {
                return Draw { ships: Vec::new(), weight: 0.0 };
            }
            let (i, p) = if self.prior.is_none() {
                weight *= options.len() as f64;
                options[rng.random_range(0..options.len())]
            } else {
                let weights: Vec<f64> = options.iter().map(|&(_, p)| self.placement_weight(p)).collect();
                let total: f64 = weights.iter().sum();
                weight *= total;
                options[pick_weighted(&weights, total, rng)]
            };
            occupy(p, &mut rows, &mut cols, &mut covered);
            room.iter().for_each(|r| r.take(&mut left, p));
            placed[i] = Some(p);
        }
        // Phase 2: the rest, in fleet order, on `.` cells only (every `x` is covered by now).
        for (i, &len) in lengths.iter().enumerate() {
            if let Some(p) = placed[i] {
                ships.push(p);
                continue;
            }
            let p = if self.prior.is_some() {
                let table = &self.windows.iter().find(|(l, _)| *l == len).expect("a table per length").1;
                let (rows, cols) = (&rows[..nr], &cols[..nc]);
                // A window the scans have no room for weighs nothing.
                let fits = |p: Placement, w: f64| if room.is_none_or(|r| r.fits(&left, p)) { w } else { 0.0 };
                let mut total = 0.0;
                walk_windows(rows, cols, len, table, |p, w| {
                    total += fits(p, w);
                    true
                });
                if total <= 0.0 {
                    return Draw { ships: Vec::new(), weight: 0.0 };
                }
                weight *= total;
                let mut x = rng.random::<f64>() * total;
                let (mut chosen, mut last) = (None, None);
                walk_windows(rows, cols, len, table, |p, w| {
                    let w = fits(p, w);
                    if x < w {
                        chosen = Some(p);
                        return false;
                    }
                    x -= w;
                    if w > 0.0 {
                        last = Some(p);
                    }
                    true
                });
                // Rounding may leave `x` just above the sum: the last window of positive weight.
                chosen.or(last).expect("a positive total has a window")
            } else {
                let count =
                    count_windows(&rows[..nr], nc, len) + if len > 1 { count_windows(&cols[..nc], nr, len) } else { 0 };
                // Uniform over the windows that fit the scans' room: drawn from all of them until one
                // fits, weighing as many as fit.
                let misfits = room.map_or(0, |r| r.misfits(&left, &rows[..nr], &cols[..nc], len));
                if count == misfits {
                    return Draw { ships: Vec::new(), weight: 0.0 };
                }
                weight *= (count - misfits) as f64;
                loop {
                    let mut k = rng.random_range(0..count);
                    let p = pick_window(&rows[..nr], nc, len, &mut k, true)
                        .or_else(|| pick_window(&cols[..nc], nr, len, &mut k, false))
                        .expect("k is below the window count");
                    if room.is_none_or(|r| r.fits(&left, p)) {
                        break p;
                    }
                }
            };
            occupy(p, &mut rows, &mut cols, &mut covered);
            room.iter().for_each(|r| r.take(&mut left, p));
            ships.push(p);
        }
        if let Some(m) = self.prior.filter(|m| m.touching() != 1.0) {
            weight *= m.touching().powi(touching_pairs_on(self.board, &ships) as i32);
        }
        // A layout the scans disagree with weighs nothing: the scans are met by rejection.
        if !scans_agree(self.board, |i| covered[i / nc] & (1 << (i % nc)) != 0) {
            return Draw { ships: Vec::new(), weight: 0.0 };
        }
        Draw { ships, weight }
    }

    /// Draws `samples` layouts and estimates the marginals, stopping early (after at least one
    /// draw) when `keep_going` says no.
    pub fn estimate(&self, samples: u64, rng: &mut SonarRng, keep_going: impl FnMut(u64) -> bool) -> Option<Estimate> {
        self.estimate_seeing(samples, rng, keep_going, |_, _| {})
    }

    /// [`Sampler::estimate`], showing `seen` every draw of positive weight with its weight scaled
    /// as the estimate scales it (by the first positive weight's order of magnitude).
    pub fn estimate_seeing(
        &self,
        samples: u64,
        rng: &mut SonarRng,
        mut keep_going: impl FnMut(u64) -> bool,
        mut seen: impl FnMut(&Draw, f64),
    ) -> Option<Estimate> {
        let n = self.board.len();
        let cols = self.board.cols();
        let mut occ = vec![0.0f64; n];
        let (mut sum_w, mut sum_w2, mut accepted, mut drawn) = (0.0f64, 0.0f64, 0u64, 0u64);
        // Weights can be astronomically large; scale them by the first positive one's order of
        // magnitude so sums stay finite (the estimate is a ratio, the scale cancels).
        let mut ln_scale: Option<f64> = None;
        while drawn < samples && (drawn == 0 || keep_going(drawn)) {
            let d = self.draw(rng);
            drawn += 1;
            if d.weight <= 0.0 {
                continue;
            }
            let scale = *ln_scale.get_or_insert(d.weight.ln());
            let w = (d.weight.ln() - scale).exp();
            seen(&d, w);
            accepted += 1;
            sum_w += w;
            sum_w2 += w * w;
            for p in &d.ships {
                for c in p.cells() {
                    occ[c.row * cols + c.col] += w;
                }
            }
        }
        if accepted == 0 {
            return None;
        }
        let marginals = occ
            .iter()
            .zip(self.board.cells())
            .map(|(&o, &c)| if c.is_open() { (o / sum_w).min(1.0) } else { 0.0 })
            .collect();
        let ln_mean = (sum_w / drawn as f64).ln() + ln_scale.unwrap_or(0.0);
        Some(Estimate {
            marginals,
            samples: drawn,
            accepted,
            effective: sum_w * sum_w / sum_w2,
            layouts: (ln_mean - self.ln_labels).exp(),
        })
    }
}

/// An index drawn with probability proportional to its weight (`total` their sum, positive).
fn pick_weighted(weights: &[f64], total: f64, rng: &mut SonarRng) -> usize {
    let mut x = rng.random::<f64>() * total;
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    // Rounding left `x` just above the sum: the last window of positive weight.
    weights.iter().rposition(|&w| w > 0.0).expect("a positive total has a positive weight")
}

/// Visits every window of `len` free cells, across the rows then down the columns (length 1: rows
/// only), with the product of its cells' weights from `table` (see [`Sampler::windows`]), until
/// `visit` says stop.
fn walk_windows(
    rows: &[u32],
    cols: &[u32],
    len: usize,
    table: &[Vec<f64>; 2],
    mut visit: impl FnMut(Placement, f64) -> bool,
) {
    let (nr, nc) = (rows.len(), cols.len());
    for (line, &mask) in rows.iter().enumerate() {
        if len > nc {
            break;
        }
        let mut starts = window_starts(mask, len);
        while starts != 0 {
            let s = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if !visit(Placement { len, row: line, col: s, horizontal: true }, table[0][line * nc + s]) {
                return;
            }
        }
    }
    if len == 1 || len > nr {
        return;
    }
    for (line, &mask) in cols.iter().enumerate() {
        let mut starts = window_starts(mask, len);
        while starts != 0 {
            let s = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if !visit(Placement { len, row: s, col: line, horizontal: false }, table[1][s * nc + line]) {
                return;
            }
        }
    }
}

/// Touching pairs of the ships afloat `ships` on `board`: among themselves and with its `#` cells.
fn touching_pairs_on(board: &Board, ships: &[Placement]) -> usize {
    let among = touching_pairs_of(board.rows(), board.cols(), ships);
    let with_sunk: usize = ships
        .iter()
        .flat_map(|p| p.cells())
        .map(|p| around(board, p).filter(|&q| board.get(q) == Cell::Sunk).count())
        .sum();
    among + with_sunk
}
