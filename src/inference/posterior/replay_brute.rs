//! A brute-force oracle for shot histories under the announcement rules, written straight from
//! the rules' definitions and independent of every other inference in the crate (test-only).
//!
//! A layout here is labelled: ship `i` has length `lengths[i]`, and two ships of equal length
//! are different ships. [`replay_enumerate`] visits every labelled layout, replays the history
//! with [`referee`] and keeps the layouts whose records equal the recorded ones. The only
//! pruning is per ship and obviously sound (see `may_lie`); the full replay always decides.
//!
//! Cells are `(row, col)` pairs; per-cell vectors are row-major (`row * cols + col`).

use rand::RngExt;

use crate::game::layout::Placement;
use crate::game::rng::SonarRng;

/// A set of cells (a ship's, or a turn's shots): a plain `Vec` of `(row, col)` pairs.
pub type Cells = Vec<(usize, usize)>;

/// What the defender tells the shooter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Announce {
    /// Each shot miss or hit (ship not named); each turn the ships sunk, with their cells.
    SunkCells,
    /// Each shot miss or hit (ship not named); each turn the indices of the ships sunk.
    Sunk,
    /// Each shot miss or a hit naming the ship; each turn the indices of the ships sunk.
    Hit,
    /// Each shot miss or hit; nothing about sinkings.
    None,
}

impl Announce {
    /// The four rules, for tests that try each.
    pub const ALL: [Announce; 4] = [Announce::SunkCells, Announce::Sunk, Announce::Hit, Announce::None];
}

/// The answer to one shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShotAnswer {
    /// No ship on the cell.
    Miss,
    /// A ship on the cell: `Some(ship index)` under [`Announce::Hit`], `None` under the others.
    Hit(Option<usize>),
}

/// What the shooter is told about one turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnRecord {
    /// One answer per shot of the turn, in the turn's order.
    pub answers: Vec<ShotAnswer>,
    /// The ships sunk this turn (wholly hit after the turn, not before it), by increasing index;
    /// each with its cells, sorted, under [`Announce::SunkCells`] and `None` under `Sunk` and
    /// `Hit`. Always empty under [`Announce::None`].
    pub sunk: Vec<(usize, Option<Cells>)>,
}

/// A prior over layouts: weight = product over every ship cell of `cells[row * cols + col]`,
/// times `touching` to the power of the layout's touching pairs (unordered pairs of cells of
/// different ships that share an edge or a corner), times `across` for each ship of two or more
/// cells that lies along a row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior<'a> {
    /// Per cell (row-major), the factor each ship cell on it contributes.
    pub cells: &'a [f64],
    /// The factor each touching pair contributes.
    pub touching: f64,
    /// The factor each ship laid across contributes.
    pub across: f64,
}

/// What [`replay_enumerate`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// Labelled layouts whose replay equals the records (those of weight 0 included).
    pub kept: u64,
    /// Their total weight (`kept` without a prior).
    pub weight: f64,
    /// Per cell (row-major), the weighted share of kept layouts with a ship on it; all 0 when
    /// nothing of positive weight is kept.
    pub marginals: Vec<f64>,
}

/// The records the referee gives, turn by turn, for the labelled layout `ships` (ship `i` on the
/// cells `ships[i]`, in any order) and the shots `turns`. Panics if a cell is shot twice.
pub fn referee(ships: &[Vec<(usize, usize)>], turns: &[Vec<(usize, usize)>], announce: Announce) -> Vec<TurnRecord> {
    let mut all: Vec<(usize, usize)> = turns.concat();
    all.sort_unstable();
    if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
        panic!("cell {:?} is shot twice", w[0]);
    }
    // Cells of each ship hit so far; a ship is wholly hit when all its cells are (no cell is
    // shot twice, so counting is enough).
    let mut hits = vec![0; ships.len()];
    let wholly_hit = |hits: &[usize]| -> Vec<bool> { ships.iter().zip(hits).map(|(s, &h)| h == s.len()).collect() };
    let mut records = Vec::with_capacity(turns.len());
    for turn in turns {
        let before = wholly_hit(&hits);
        let mut answers = Vec::with_capacity(turn.len());
        for cell in turn {
            answers.push(match ships.iter().position(|s| s.contains(cell)) {
                None => ShotAnswer::Miss,
                Some(i) => {
                    hits[i] += 1;
                    ShotAnswer::Hit((announce == Announce::Hit).then_some(i))
                }
            });
        }
        let after = wholly_hit(&hits);
        let sunk = (0..ships.len())
            .filter(|&i| announce != Announce::None && after[i] && !before[i])
            .map(|i| (i, (announce == Announce::SunkCells).then(|| sorted(&ships[i]))))
            .collect();
        records.push(TurnRecord { answers, sunk });
    }
    records
}

fn sorted(cells: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

/// Whether two cells share an edge or a corner.
fn neighbours(a: (usize, usize), b: (usize, usize)) -> bool {
    a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

/// Whether a ship on `cells` may join the ships placed: no overlap and, unless ships may touch,
/// no cell sharing an edge or a corner with theirs.
fn fits(cells: &[(usize, usize)], placed: &[Vec<(usize, usize)>], touching: bool) -> bool {
    placed.iter().flatten().all(|q| cells.iter().all(|p| p != q && (touching || !neighbours(*p, *q))))
}

/// The cells of a placement as `(row, col)` pairs.
fn cells_of(p: Placement) -> Vec<(usize, usize)> {
    p.cells().map(|c| (c.row, c.col)).collect()
}

/// The weight of a labelled layout under `prior` (1 without one).
fn weight(ships: &[Vec<(usize, usize)>], cols: usize, prior: Option<Prior>) -> f64 {
    let Some(prior) = prior else { return 1.0 };
    let cells: f64 = ships.iter().flatten().map(|&(r, c)| prior.cells[r * cols + c]).product();
    let mut pairs = 0;
    for (i, a) in ships.iter().enumerate() {
        for b in &ships[i + 1..] {
            pairs += a.iter().map(|&p| b.iter().filter(|&&q| neighbours(p, q)).count()).sum::<usize>();
        }
    }
    let across = ships.iter().filter(|s| s.len() > 1 && s.iter().all(|&(r, _)| r == s[0].0)).count();
    cells
        * prior.touching.powi(i32::try_from(pairs).expect("pairs fit i32"))
        * prior.across.powi(i32::try_from(across).expect("ships fit i32"))
}

/// Every labelled layout of ships of `lengths` on a `rows` x `cols` board (ships kept apart by
/// an edge and a corner unless `touching`) whose replay of `turns` under `announce` gives exactly
/// `records`, counted, weighed by `prior` (1 each without one) and summed per cell.
///
/// Panics if `records` and `turns` differ in length, a shot lies off the board, a cell is shot
/// twice or the prior's cells are not `rows * cols`. A record whose answers do not match its
/// turn's shots one for one keeps nothing.
#[allow(clippy::too_many_arguments)]
pub fn replay_enumerate(
    rows: usize,
    cols: usize,
    lengths: &[usize],
    touching: bool,
    prior: Option<Prior>,
    announce: Announce,
    turns: &[Vec<(usize, usize)>],
    records: &[TurnRecord],
) -> Replayed {
    assert_eq!(records.len(), turns.len(), "one record per turn");
    assert!(turns.iter().flatten().all(|&(r, c)| r < rows && c < cols), "a shot lies off the board");
    if let Some(p) = prior {
        assert_eq!(p.cells.len(), rows * cols, "one prior factor per cell");
    }
    let mut out = Replayed { kept: 0, weight: 0.0, marginals: vec![0.0; rows * cols] };
    if turns.iter().zip(records).any(|(t, r)| t.len() != r.answers.len()) {
        return out;
    }
    // For each cell, the turn it was shot in and the answer recorded.
    let mut shot: Vec<Option<(usize, ShotAnswer)>> = vec![None; rows * cols];
    for (k, (turn, record)) in turns.iter().zip(records).enumerate() {
        for (&(r, c), &answer) in turn.iter().zip(&record.answers) {
            assert!(shot[r * cols + c].is_none(), "cell {:?} is shot twice", (r, c));
            shot[r * cols + c] = Some((k, answer));
        }
    }
    let view = History { cols, announce, turns, records, shot };
    let options: Vec<Vec<Vec<(usize, usize)>>> = lengths
        .iter()
        .enumerate()
        .map(|(i, &len)| {
            Placement::all(rows, cols, len).into_iter().map(cells_of).filter(|cells| view.may_lie(i, cells)).collect()
        })
        .collect();
    let mut placed = Vec::with_capacity(lengths.len());
    place(&view, &options, touching, prior, &mut placed, &mut out);
    if out.weight > 0.0 {
        for m in &mut out.marginals {
            *m /= out.weight;
        }
    } else {
        out.marginals.fill(0.0);
    }
    out
}

/// The history and its records, with each cell's shot looked up.
struct History<'a> {
    cols: usize,
    announce: Announce,
    turns: &'a [Vec<(usize, usize)>],
    records: &'a [TurnRecord],
    shot: Vec<Option<(usize, ShotAnswer)>>,
}

impl History<'_> {
    /// Whether ship `ship` on `cells` agrees with what the records say of those cells and of its
    /// own sinking. Every layout that replays to the records passes this for each of its ships, so
    /// leaving out placements that fail it only prunes: the referee would answer a shot on one of
    /// the ship's cells as a hit (naming the ship under `Hit`), and announces the ship sunk in
    /// the turn its last cell is shot, with its cells under `SunkCells`, and in no other turn.
    fn may_lie(&self, ship: usize, cells: &[(usize, usize)]) -> bool {
        // The turn by which every cell of the ship has been shot, if there is one.
        let mut last = Some(0);
        for &(r, c) in cells {
            match self.shot[r * self.cols + c] {
                None => last = None,
                Some((_, ShotAnswer::Miss)) => return false,
                Some((_, ShotAnswer::Hit(named))) if self.announce == Announce::Hit && named != Some(ship) => {
                    return false;
                }
                Some((k, ShotAnswer::Hit(_))) => last = last.map(|l: usize| l.max(k)),
            }
        }
        if self.announce == Announce::None {
            return true;
        }
        let announced = self.records.iter().enumerate().find_map(|(k, record)| {
            record.sunk.iter().find(|(i, _)| *i == ship).map(|(_, named_cells)| (k, named_cells))
        });
        match (announced, last) {
            (None, None) => true,
            (Some((k, named_cells)), Some(l)) => {
                k == l && (self.announce != Announce::SunkCells || named_cells.as_deref() == Some(&sorted(cells)[..]))
            }
            _ => false,
        }
    }
}

/// Places ship `placed.len()` and the ships after it in every way, keeping each whole layout
/// that replays to the records.
fn place(
    view: &History,
    options: &[Vec<Vec<(usize, usize)>>],
    touching: bool,
    prior: Option<Prior>,
    placed: &mut Vec<Vec<(usize, usize)>>,
    out: &mut Replayed,
) {
    let Some(choices) = options.get(placed.len()) else {
        if referee(placed, view.turns, view.announce) == view.records {
            let w = weight(placed, view.cols, prior);
            out.kept += 1;
            out.weight += w;
            for &(r, c) in placed.iter().flatten() {
                out.marginals[r * view.cols + c] += w;
            }
        }
        return;
    };
    for cells in choices {
        if fits(cells, placed, touching) {
            placed.push(cells.clone());
            place(view, options, touching, prior, placed, out);
            placed.pop();
        }
    }
}

/// Most whole-fleet draws [`random_history`] makes before it gives up.
const MAX_DRAWS: usize = 1_000_000;

/// A random game: a hidden labelled layout drawn uniformly over the legal ones (every ship a
/// uniform placement, the whole fleet drawn again on an overlap or, unless `touching`, on two
/// ships sharing an edge or a corner), and the first `shots` cells (at most `rows * cols`) of a
/// uniformly random order, `salvo` to a turn (fewer in the last). Returns the ships' cells and
/// the turns; [`referee`] gives the records. Panics if `salvo` is 0 or no layout is found.
pub fn random_history(
    rows: usize,
    cols: usize,
    lengths: &[usize],
    touching: bool,
    salvo: usize,
    shots: usize,
    rng: &mut SonarRng,
) -> (Vec<Cells>, Vec<Cells>) {
    assert!(salvo >= 1, "a turn fires at least one shot");
    let options: Vec<Vec<Placement>> = lengths.iter().map(|&len| Placement::all(rows, cols, len)).collect();
    assert!(options.iter().all(|o| !o.is_empty()), "a ship does not fit the board");
    let ships = (0..MAX_DRAWS)
        .find_map(|_| {
            let mut ships: Vec<Vec<(usize, usize)>> = Vec::with_capacity(lengths.len());
            for o in &options {
                let cells = cells_of(o[rng.random_range(0..o.len())]);
                if !fits(&cells, &ships, touching) {
                    return None;
                }
                ships.push(cells);
            }
            Some(ships)
        })
        .expect("no legal layout found");
    let mut order: Vec<(usize, usize)> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
    order.truncate(shots);
    (ships, order.chunks(salvo).map(<[_]>::to_vec).collect())
}
