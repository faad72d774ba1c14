//! The broken-profile (transfer-matrix) dynamic programme: a forward sweep over the frame's
//! cells in row-major order that finds every reachable state and counts the partial layouts
//! reaching it, then a backward sweep that counts each state's completions and, from both, how
//! many whole layouts cover each cell.
//!
//! The frontier before cell `k = (r, c)` separates the cells already decided from the rest.
//! A state there is (see `key.rs`): for each column, how many cells of a vertical ship
//! already started are still to come below the frontier; how many cells of the horizontal ship
//! in progress are still to come; and how many ships of each length class have been started.
//! A ship is checked whole when it starts (it fits, covers no `o`/`#`, is not wholly on `x`,
//! and a horizontal one crosses no vertical ship in progress), so no later step can break it.
//! At cell `k`, if a ship in progress covers it the only move is to go on; otherwise the cell
//! stays empty (not allowed on `x`) or a ship of a class not yet used up starts there.
//!
//! Under the no-touch rules the state also remembers which of the cells just decided hold a ship
//! (see `key.rs`), so that a cell may hold a ship only when none of its neighbours already decided
//! (left, above-left, above, above-right) holds another ship. Every pair of touching cells is
//! checked when the later of the two is decided, so no two ships touch.

use thiserror::Error;

use super::count::Count;
use super::frame::Frame;
use super::key::{Key, Packing};
use super::table::Interner;
use crate::game::deadline::{Deadline, Work};

/// Why no exact answer was given.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub enum ExactError {
    /// No layout of the ships afloat agrees with the board.
    #[error("no layout of the ships afloat agrees with this board")]
    NoLayout,
    /// Exact counting would cost more than the work budget; sample instead.
    #[error("exact counting of this board needs more work than the budget allows")]
    OverBudget,
    /// A count would pass 2^128 - 1.
    #[error("a layout count would pass 2^128 - 1")]
    Overflow,
    /// The caller's deadline passed before counting finished.
    #[error("exact counting of this board did not finish by its deadline")]
    TimedOut,
}

/// The forward sweep gives up once its work so far plus the projected rest of it, divided by
/// this, passes the budget: see `gives_up`. Lower values give up sooner on boards over budget
/// and turn away more boards that would have fitted. This one turns away few such boards at
/// [`super::RECOMMENDED_BUDGET`], for a little more time spent on the boards over budget than a
/// lower one (`docs/decisions/0040-exact-counting-budget-and-forecasts.md`).
pub const PROJECTION_SLACK: f64 = 4.0;

/// Whether the forward sweep, at frontier `k` of `n` with `states` there, having spent `work`
/// at `per_state` units per state, should give up: it projects that every frontier ahead has
/// as many states as this one. Frontiers grow over the first rows and seldom shrink much
/// after, so boards far over budget are given up after a small part of it.
///
/// `ceiling[k]` caps the projection: the [`super::estimate`] bound on the work left from frontier `k`,
/// which keeps boards whose frontier will shrink from being given up.
fn gives_up(k: usize, n: usize, states: usize, work: u64, per_state: f64, budget: u64, ceiling: &[f64]) -> bool {
    let rest = (per_state * states as f64 * (n - k) as f64).min(ceiling[k]);
    work as f64 + rest / PROJECTION_SLACK > budget as f64
}

/// What happened at a cell on one edge of the programme.
pub const EMPTY: u8 = 0;
/// The cell belongs to a ship already in progress.
pub const GO_ON: u8 = 1;

/// Start of a ship of `class` laid along frame rows (`true`) or columns.
pub const fn start(class: usize, horizontal: bool) -> u8 {
    2 + 2 * class as u8 + if horizontal { 0 } else { 1 }
}

/// The class and frame direction of a start move.
pub const fn started(act: u8) -> (usize, bool) {
    (((act - 2) / 2) as usize, act & 1 == 0)
}

/// The whole programme, kept for sampling: every state's outgoing edges and completions, as
/// counts (`u128`) or, under a prior, weights (`f64`).
#[derive(Clone, Debug)]
pub struct Sweep<W: Count> {
    /// First global state index of each frontier `0..=len`, then the total.
    pub base: Vec<usize>,
    /// Per state (of frontiers `0..len`), its first edge; one more entry closes the last.
    pub edge_start: Vec<u32>,
    /// Per edge: the global index of the state it leads to.
    pub dst: Vec<u32>,
    /// Per edge: [`EMPTY`], [`GO_ON`] or a [`start`] move.
    pub act: Vec<u8>,
    /// Per state: how many ways the rest of the board can be completed from it.
    pub ways: Vec<W>,
    /// Per frame cell: how many layouts cover it.
    pub occupancy: Vec<W>,
    /// Units of work spent (states expanded plus edges made).
    pub work: u64,
}

struct Forward<W> {
    base: Vec<usize>,
    edge_start: Vec<u32>,
    dst: Vec<u32>,
    act: Vec<u8>,
    /// Per edge, under a prior: its weight (empty when counting: every edge weighs 1).
    weight: Vec<f64>,
    /// Per state: partial layouts reaching it.
    reach: Vec<W>,
    /// Per state of the last frontier: whether every ship has been placed.
    done: Vec<bool>,
    work: u64,
}

/// Runs both sweeps, spending at most `work.units` units of work, and stopping at the first
/// frontier reached after `work.deadline` ([`ExactError::TimedOut`]).
/// `W` is `u128` for a frame without a prior, `f64` for one with a prior.
pub fn run<W: Count>(frame: &Frame, work: Work, ceiling: &[f64]) -> Result<Sweep<W>, ExactError> {
    run_spending(frame, work, ceiling, &mut 0)
}

/// [`run`], telling `spent` the units of work done by the last frontier the forward sweep
/// finished, so that a caller whose sweep failed knows what the attempt cost.
pub fn run_spending<W: Count>(
    frame: &Frame,
    work: Work,
    ceiling: &[f64],
    spent: &mut u64,
) -> Result<Sweep<W>, ExactError> {
    assert_eq!(W::UNWEIGHTED, frame.weights.is_none(), "counts without a prior, weights with one");
    let packing = frame.packing();
    let fwd = match packing.words {
        1 => forward::<W, 1>(frame, &packing, work, ceiling, spent)?,
        2 => forward::<W, 2>(frame, &packing, work, ceiling, spent)?,
        3 => forward::<W, 3>(frame, &packing, work, ceiling, spent)?,
        4 => forward::<W, 4>(frame, &packing, work, ceiling, spent)?,
        // Only a board's many scans make a state this wide: counting it is beyond the budget.
        _ => return Err(ExactError::OverBudget),
    };
    backward(frame, fwd, work.deadline)
}

/// The moves of one cell, shared by every state of a frontier.
struct CellMoves<const N: usize> {
    /// Each class that may start here: (class, length, horizontal ok, vertical ok, mask of the
    /// profile columns a horizontal ship would cross).
    starts: Vec<(usize, u64, bool, bool, Key<N>)>,
    may_stay_empty: bool,
}

/// Everything the forward sweep writes.
struct Out<W, const N: usize> {
    next: Interner<N>,
    reach: Vec<W>,
    dst: Vec<u32>,
    act: Vec<u8>,
    weight: Vec<f64>,
}

impl<W: Count, const N: usize> Out<W, N> {
    /// Adds the edge to `key` (of the frontier whose first global index is `to_base`), weighing
    /// `f` (1 when counting; an edge of weight 0 is no edge).
    #[inline(always)]
    fn emit(&mut self, to_base: usize, key: Key<N>, a: u8, r: W, f: f64) -> Result<(), ExactError> {
        if !W::UNWEIGHTED && f == 0.0 {
            return Ok(());
        }
        let (idx, new) = self.next.intern(key).ok_or(ExactError::OverBudget)?;
        if new {
            self.reach.push(W::ZERO);
        }
        let g = to_base + idx as usize;
        self.reach[g] = self.reach[g].plus(r.scaled(f)).ok_or(ExactError::Overflow)?;
        self.dst.push(u32::try_from(g).map_err(|_| ExactError::OverBudget)?);
        self.act.push(a);
        if !W::UNWEIGHTED {
            self.weight.push(f);
        }
        Ok(())
    }
}

fn forward<W: Count, const N: usize>(
    frame: &Frame,
    packing: &Packing,
    limit: Work,
    ceiling: &[f64],
    spent: &mut u64,
) -> Result<Forward<W>, ExactError> {
    let budget = limit.units;
    let n = frame.len();
    let width = frame.width;
    let counts: Vec<u64> = frame.classes.iter().map(|&(_, c)| c as u64).collect();
    let hfield = packing.horizontal;
    // Whether the states remember which decided neighbours hold a ship, and whether ships may
    // touch at all (with a prior they may, each touching pair weighing `t`).
    let track = frame.tracks_neighbours();
    let apart = !frame.touching;
    let weights = frame.weights.as_ref();
    // The weight of a ship cell at `k` with `pairs` touching pairs among the decided neighbours.
    let cell_weight = |k: usize, pairs: u32| weights.map_or(1.0, |w| w.of(k, pairs));
    // The direction factor of a ship of `len` starting here, horizontally in the frame or not.
    let direction = |len: u64, horizontal: bool| weights.map_or(1.0, |w| w.direction(len, horizontal));

    let mut cur: Vec<Key<N>> = vec![Key::ZERO];
    let mut out = Out::<W, N> {
        next: Interner::<N>::new(),
        reach: vec![W::ONE],
        dst: Vec::new(),
        act: Vec::new(),
        weight: Vec::new(),
    };
    let mut base = vec![0usize, 1];
    let mut edge_start: Vec<u32> = Vec::new();
    let mut work: u64 = 0;

    for k in 0..n {
        if limit.deadline.passed() {
            return Err(ExactError::TimedOut);
        }
        let c = k % width;
        let col = packing.column[c];
        let moves = CellMoves::<N> {
            starts: (0..frame.classes.len())
                .filter_map(|i| {
                    let (h, v) = ((frame.start_h[k] >> i) & 1 == 1, (frame.start_v[k] >> i) & 1 == 1);
                    let len = frame.classes[i].0;
                    (h || v).then(|| (i, len as u64, h, v, packing.columns_mask::<N>(c + 1, (c + len).min(width))))
                })
                .collect(),
            may_stay_empty: !frame.cells[k].holds_ship(),
        };
        let quota = &frame.quota[k + 1];
        let meets = |key: &Key<N>| quota.iter().all(|&(i, min)| key.get(packing.used[i]) >= min as u64);
        let ahead = &frame.hits_ahead[k];
        // Whether the ships in progress and the ships not yet started can still cover every hit
        // from here on (a necessary condition: states failing it are dead ends).
        let viable = |key: &Key<N>| {
            if ahead.count == 0 {
                return true;
            }
            let (mut unused, mut unused_cells) = (0u32, 0usize);
            for (i, &(len, count)) in frame.classes.iter().enumerate() {
                let left = count - key.get(packing.used[i]) as usize;
                if left > 0 {
                    unused |= 1 << i;
                    unused_cells += left * len;
                }
            }
            if ahead.far.iter().any(|&m| m & unused == 0) {
                return false;
            }
            let h = key.get(hfield) as usize;
            let mut uncovered = ahead.count - ahead.near.len();
            for &(down, j, mask) in &ahead.near {
                let covered = if down == 0 && j >= c && j < c + h {
                    true
                } else {
                    // Rows of column j still to be decided start at the frontier's row, or the
                    // next row for columns already passed.
                    let first = usize::from(j < c);
                    down >= first && down - first < key.get(packing.column[j]) as usize
                };
                if !covered {
                    if mask & unused == 0 {
                        return false;
                    }
                    uncovered += 1;
                }
            }
            uncovered <= unused_cells
        };
        let from = base[k];
        let to = base[k + 1];
        out.next.clear();
        for (i, &key) in cur.iter().enumerate() {
            edge_start.push(u32::try_from(out.act.len()).map_err(|_| ExactError::OverBudget)?);
            let r = out.reach[from + i];
            let before = out.act.len();
            if !viable(&key) {
                work += 1;
                continue;
            }
            // Where neighbours are tracked: which decided neighbours hold a ship, and the state
            // after the cell (its occupancy recorded, `corner` moved on); the identity otherwise.
            let near = if track { Near::of(&key, packing, c, width) } else { Near::default() };
            let after =
                |k2: Key<N>, occupied: bool| if track { near.record(k2, packing, c, width, occupied) } else { k2 };
            // The scans the cell lies in, counted (`None`: one of them can no longer agree).
            let counted =
                |k2: Key<N>, occupied: bool| frame.tallies.step(k, &packing.scan, after(k2, occupied), occupied);
            let vert = key.get(col);
            if vert > 0 || key.get(hfield) > 0 {
                // The ship in progress covers the cell: every decided neighbour but its own
                // previous cell that holds a ship is another ship touching it.
                let (field, pairs) =
                    if vert > 0 { (col, near.beside_vertical()) } else { (hfield, near.beside_horizontal()) };
                if meets(&key)
                    && (pairs == 0 || !apart)
                    && let Some(k2) = counted(key.sub(field, 1), true)
                {
                    out.emit(to, k2, GO_ON, r, cell_weight(k, pairs))?;
                }
            } else {
                if moves.may_stay_empty
                    && meets(&key)
                    && let Some(k2) = counted(key, false)
                {
                    out.emit(to, k2, EMPTY, r, 1.0)?;
                }
                // Under the no-touch rules a ship may start only where no decided neighbour holds
                // one.
                let pairs = near.count();
                let start_weight = cell_weight(k, pairs);
                let starts = if pairs == 0 || !apart { &moves.starts[..] } else { &[] };
                for &(class, len, h, v, ref cross) in starts {
                    let used = packing.used[class];
                    if key.get(used) >= counts[class] {
                        continue;
                    }
                    let placed = key.add(used, 1);
                    if !meets(&placed) {
                        continue;
                    }
                    if h && key.clear_under(cross)
                        && let Some(k2) = counted(if len > 1 { placed.add(hfield, len - 1) } else { placed }, true)
                    {
                        out.emit(to, k2, start(class, true), r, start_weight * direction(len, true))?;
                    }
                    if v && let Some(k2) = counted(placed.add(col, len - 1), true) {
                        out.emit(to, k2, start(class, false), r, start_weight * direction(len, false))?;
                    }
                }
            }
            work += 1 + (out.act.len() - before) as u64;
            if work > budget {
                *spent = work;
                return Err(ExactError::OverBudget);
            }
        }
        *spent = work;
        std::mem::swap(&mut cur, &mut out.next.keys);
        base.push(to + cur.len());
        let per_state = work as f64 / base[k + 1] as f64;
        if gives_up(k + 1, n, cur.len(), work, per_state, budget, ceiling) {
            return Err(ExactError::OverBudget);
        }
    }
    edge_start.push(u32::try_from(out.act.len()).map_err(|_| ExactError::OverBudget)?);
    let done = cur.iter().map(|key| packing.used.iter().zip(&counts).all(|(&f, &count)| key.get(f) == count)).collect();
    Ok(Forward { base, edge_start, dst: out.dst, act: out.act, weight: out.weight, reach: out.reach, done, work })
}

/// Where neighbours are tracked: whether each neighbour of the cell being decided that is already
/// decided holds a ship.
#[derive(Clone, Copy, Default)]
struct Near {
    left: bool,
    above_left: bool,
    above: bool,
    above_right: bool,
}

impl Near {
    #[inline(always)]
    fn of<const N: usize>(key: &Key<N>, packing: &Packing, c: usize, width: usize) -> Near {
        Near {
            left: c > 0 && key.get(packing.occupied[c - 1]) == 1,
            above_left: c > 0 && key.get(packing.corner) == 1,
            above: key.get(packing.occupied[c]) == 1,
            above_right: c + 1 < width && key.get(packing.occupied[c + 1]) == 1,
        }
    }

    /// Decided neighbours that hold a ship: the touching pairs of a ship starting here.
    fn count(self) -> u32 {
        u32::from(self.left) + u32::from(self.above_left) + u32::from(self.above) + u32::from(self.above_right)
    }

    /// The touching pairs of a vertical ship going on here: the cell above is its own.
    fn beside_vertical(self) -> u32 {
        u32::from(self.left) + u32::from(self.above_left) + u32::from(self.above_right)
    }

    /// The touching pairs of a horizontal ship going on here: the cell to the left is its own.
    fn beside_horizontal(self) -> u32 {
        u32::from(self.above_left) + u32::from(self.above) + u32::from(self.above_right)
    }

    /// The state after the cell is decided: its column now records this row's cell, and the
    /// corner of the next cell is the cell above this one (none at the start of a row).
    #[inline(always)]
    fn record<const N: usize>(self, key: Key<N>, packing: &Packing, c: usize, width: usize, occupied: bool) -> Key<N> {
        let corner = u64::from(self.above && c + 1 < width);
        key.with(packing.occupied[c], u64::from(occupied)).with(packing.corner, corner)
    }
}

fn backward<W: Count>(frame: &Frame, fwd: Forward<W>, deadline: Deadline) -> Result<Sweep<W>, ExactError> {
    let n = frame.len();
    let Forward { base, edge_start, dst, act, weight, reach, done, work } = fwd;
    let mut ways = vec![W::ZERO; base[n + 1]];
    for (w, &d) in ways[base[n]..].iter_mut().zip(&done) {
        *w = if d { W::ONE } else { W::ZERO };
    }
    let mut occupancy = vec![W::ZERO; n];
    for k in (0..n).rev() {
        if deadline.passed() {
            return Err(ExactError::TimedOut);
        }
        let mut occ = W::ZERO;
        for g in base[k]..base[k + 1] {
            let (mut all, mut covered) = (W::ZERO, W::ZERO);
            for e in edge_start[g] as usize..edge_start[g + 1] as usize {
                let w = ways[dst[e] as usize];
                let w = if W::UNWEIGHTED { w } else { w.scaled(weight[e]) };
                all = all.plus(w).ok_or(ExactError::Overflow)?;
                if act[e] != EMPTY {
                    covered = covered.plus(w).ok_or(ExactError::Overflow)?;
                }
            }
            ways[g] = all;
            if covered != W::ZERO {
                occ = reach[g].times(covered).and_then(|t| occ.plus(t)).ok_or(ExactError::Overflow)?;
            }
        }
        occupancy[k] = occ;
    }
    Ok(Sweep { base, edge_start, dst, act, ways, occupancy, work })
}
