//! Exact play on small boards: the optimal expected number of shots, and the exact expected
//! shots of any strategy, both over every layout of the fleet (equally likely, as everywhere in
//! Sonar), with no sampling error. They tell how far a policy is from optimal.
//!
//! The rules are Sonar's: a miss shows `o`, a hit `x`, and the shot that sinks a ship turns all
//! its cells to `#`. The optimum is the belief MDP solved outright: from a board, the value is
//! the least, over open cells, of one shot plus the expected value of the boards its answers
//! lead to, memoised by board. Two moves are pruned without loss: a cell no agreeing layout
//! covers is never shot, and a cell every agreeing layout covers is shot at once (it must be
//! shot some time, and shooting it now only adds knowledge). Boards of at most 64 cells.
//!
//! [`advantage`] tells where one policy's lead over another comes from, board by board.

use std::collections::HashMap;

pub mod advantage;

use thiserror::Error;

#[cfg(test)]
use crate::game::board::Cell;
use crate::game::board::{Board, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, Placement};
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};
use crate::game::turn::Turn;
use crate::shooting::strategy::Strategy;
use crate::simulate::engine::PlayError;

/// Why a small board cannot be solved.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    #[error("the board has {0} cells; exact play handles at most 64")]
    TooLarge(usize),
    #[error("the fleet has no layout on this board")]
    NoLayout,
    #[error("{0}")]
    Play(#[from] PlayError),
}

/// Every layout of a fleet on an empty board, ships of equal length unordered.
pub struct Layouts {
    rows: usize,
    cols: usize,
    ships: Vec<Vec<Placement>>,
    /// Per layout, per ship: the ship's cells as a bit mask.
    masks: Vec<Vec<u64>>,
}

impl Layouts {
    pub fn enumerate(rows: usize, cols: usize, fleet: &[usize]) -> Result<Layouts, SolveError> {
        if rows * cols > 64 {
            return Err(SolveError::TooLarge(rows * cols));
        }
        let mut lengths = fleet.to_vec();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let options: Vec<Vec<Placement>> = lengths.iter().map(|&l| Placement::all(rows, cols, l)).collect();
        let mut out = Layouts { rows, cols, ships: Vec::new(), masks: Vec::new() };
        let mut chosen = Vec::new();
        out.extend(&lengths, &options, 0, 0, 0, &mut chosen);
        if out.ships.is_empty() {
            return Err(SolveError::NoLayout);
        }
        Ok(out)
    }

    fn extend(
        &mut self,
        lengths: &[usize],
        options: &[Vec<Placement>],
        ship: usize,
        first: usize,
        taken: u64,
        chosen: &mut Vec<Placement>,
    ) {
        if ship == lengths.len() {
            let mask = |p: &Placement| p.cells().fold(0u64, |m, c| m | 1 << (c.row * self.cols + c.col));
            self.masks.push(chosen.iter().map(mask).collect());
            self.ships.push(chosen.clone());
            return;
        }
        for (i, p) in options[ship].iter().enumerate().skip(first) {
            let m = p.cells().fold(0u64, |m, c| m | 1 << (c.row * self.cols + c.col));
            if m & taken != 0 {
                continue;
            }
            chosen.push(*p);
            let same = ship + 1 < lengths.len() && lengths[ship + 1] == lengths[ship];
            self.extend(lengths, options, ship + 1, if same { i + 1 } else { 0 }, taken | m, chosen);
            chosen.pop();
        }
    }

    pub fn len(&self) -> usize {
        self.masks.len()
    }

    #[cfg(feature = "research")]
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// Layout `i` as a hidden fleet.
    pub fn layout(&self, i: usize) -> Layout {
        Layout { rows: self.rows, cols: self.cols, ships: self.ships[i].clone() }
    }
}

/// The exact expected number of shots `strategy` takes, over every layout, thinking `budget_ms` a
/// move. Every game starts from the same seed: a strategy's random choices must not depend on
/// which layout is hidden (seeded by the layout's number, a randomized policy is not one fixed
/// policy of the boards it sees).
pub fn policy_value(strategy: &dyn Strategy, layouts: &Layouts, budget_ms: u64) -> Result<f64, SolveError> {
    let mut grid = Vec::new();
    let mut total = 0usize;
    for i in 0..layouts.len() {
        let mut game = Game::new(layouts.layout(i));
        let mut rng = seeded(0);
        while !game.is_over() {
            let shot = decision(strategy, game.board(), game.fleet(), budget_ms, &mut rng, &mut grid)?;
            game.fire(shot).map_err(PlayError::from)?;
        }
        total += game.shots();
    }
    Ok(total as f64 / layouts.len() as f64)
}

/// A policy's shot on a board, as exact play asks for it: its decision on the turn of the classic
/// rules, one shot a turn, ties in row-major order. Policies are weighed here by their decisions
/// alone, hypothetical ones included; the product's moves are the same decisions, played through
/// [`crate::shooting::play::Seat::play`].
fn decision(
    strategy: &dyn Strategy,
    board: &Board,
    fleet: &Fleet,
    budget_ms: u64,
    rng: &mut SonarRng,
    grid: &mut Vec<f64>,
) -> Result<Pos, SolveError> {
    grid.clear();
    grid.resize(board.len(), 0.0);
    let turn = Turn::new(board, fleet).with_budget(budget_ms);
    Ok(strategy.decide(turn, rng, grid).map_err(PlayError::from)?.shot)
}

/// What the solver knows at a board: the shots, hits (`x`) and sunk cells, as bit masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Seen {
    shot: u64,
    hit: u64,
    sunk: u64,
}

impl Seen {
    #[cfg(test)]
    /// What a board of at most 64 cells shows.
    fn of(board: &Board) -> Seen {
        let bit =
            |c: Cell| board.cells().iter().enumerate().filter(|&(_, &x)| x == c).fold(0u64, |m, (i, _)| m | 1 << i);
        Seen { shot: !bit(Cell::Unknown) & low_bits(board.len()), hit: bit(Cell::Hit), sunk: bit(Cell::Sunk) }
    }
}

/// The optimal expected number of shots from the empty board.
pub fn optimal_value(layouts: &Layouts) -> f64 {
    let all: Vec<u32> = (0..layouts.len() as u32).collect();
    let mut solver = Solver { layouts, memo: HashMap::new(), cells: layouts.rows * layouts.cols };
    solver.value(Seen { shot: 0, hit: 0, sunk: 0 }, &all)
}

#[cfg(test)]
/// The optimal expected number of shots from a position (the ships afloat are `fleet`; the sunk
/// ones are the board's `#` cells), and the open cells that achieve it, row-major.
pub fn optimal_moves(board: &Board, fleet: &Fleet, sunk_ships: &[usize]) -> Result<(f64, Vec<usize>), SolveError> {
    let mut lengths = fleet.lengths().to_vec();
    lengths.extend_from_slice(sunk_ships);
    let layouts = Layouts::enumerate(board.rows(), board.cols(), &lengths)?;
    let seen = Seen::of(board);
    let agree: Vec<u32> = (0..layouts.len() as u32).filter(|&l| agrees(&layouts.masks[l as usize], seen)).collect();
    if agree.is_empty() {
        return Err(SolveError::NoLayout);
    }
    let mut solver = Solver { layouts: &layouts, memo: HashMap::new(), cells: board.len() };
    let values: Vec<(usize, f64)> =
        (0..board.len()).filter(|&c| seen.shot >> c & 1 == 0).map(|c| (c, solver.shoot(seen, &agree, c))).collect();
    let best = values.iter().map(|v| v.1).fold(f64::INFINITY, f64::min);
    Ok((best, values.iter().filter(|v| v.1 <= best + 1e-12).map(|v| v.0).collect()))
}

#[cfg(test)]
fn low_bits(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

#[cfg(test)]
/// Whether a layout produces the board `seen` records.
fn agrees(ships: &[u64], seen: Seen) -> bool {
    let mut covered_hits = 0;
    for &m in ships {
        if m & seen.shot == m {
            // Every cell shot: the ship was sunk and must show as `#`.
            if m & seen.sunk != m {
                return false;
            }
        } else {
            if m & seen.shot & !seen.hit != 0 {
                return false;
            }
            covered_hits |= m & seen.shot;
        }
    }
    covered_hits == seen.hit && ships.iter().filter(|&&m| m & seen.shot == m).fold(0, |a, m| a | m) == seen.sunk
}

/// Two boards with the same agreeing layouts and the same unshot cells among theirs have the same
/// value (other cells are never worth a shot), so that is the memo's key.
type Key = (Vec<u32>, u64);

struct Solver<'a> {
    layouts: &'a Layouts,
    memo: HashMap<Key, f64>,
    cells: usize,
}

impl Solver<'_> {
    fn value(&mut self, seen: Seen, agree: &[u32]) -> f64 {
        if over(self.layouts, seen, agree) {
            return 0.0;
        }
        let union = agree.iter().fold(0u64, |a, &l| self.layouts.masks[l as usize].iter().fold(a, |a, m| a | m));
        let key = (agree.to_vec(), union & !seen.shot);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut covered = vec![0u32; self.cells];
        for &l in agree {
            let open = self.layouts.masks[l as usize].iter().fold(0u64, |a, m| a | m) & !seen.shot;
            let mut bits = open;
            while bits != 0 {
                covered[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        let n = agree.len() as u32;
        let v = match (0..self.cells).find(|&c| covered[c] == n) {
            Some(certain) => self.shoot(seen, agree, certain),
            None => (0..self.cells)
                .filter(|&c| covered[c] > 0)
                .map(|c| self.shoot(seen, agree, c))
                .fold(f64::INFINITY, f64::min),
        };
        self.memo.insert(key, v);
        v
    }

    /// One shot at `cell` plus the expected optimal value of what follows.
    fn shoot(&mut self, seen: Seen, agree: &[u32], cell: usize) -> f64 {
        let next = answers(self.layouts, seen, agree, cell);
        let total = agree.len() as f64;
        1.0 + next.into_iter().map(|(s, group)| group.len() as f64 / total * self.value(s, &group)).sum::<f64>()
    }
}

/// Whether the game is over at `seen`: every ship of the agreeing layouts (which all hold the
/// same shot cells) is wholly shot.
fn over(layouts: &Layouts, seen: Seen, agree: &[u32]) -> bool {
    layouts.masks[agree[0] as usize].iter().all(|&m| m & seen.shot == m)
}

/// What a shot at `cell` can show (a miss, a hit, or a sinking with its cells), each with the
/// layouts of `agree` that show it.
fn answers(layouts: &Layouts, seen: Seen, agree: &[u32], cell: usize) -> HashMap<Seen, Vec<u32>> {
    let bit = 1u64 << cell;
    let mut next: HashMap<Seen, Vec<u32>> = HashMap::new();
    for &l in agree {
        let ships = &layouts.masks[l as usize];
        let shot = seen.shot | bit;
        let after = match ships.iter().find(|&&m| m & bit != 0) {
            None => Seen { shot, ..seen },
            Some(&m) if m & shot == m => Seen { shot, hit: seen.hit & !m, sunk: seen.sunk | m },
            Some(_) => Seen { shot, hit: seen.hit | bit, sunk: seen.sunk },
        };
        next.entry(after).or_default().push(l);
    }
    next
}

#[cfg(test)]
mod tests;

#[cfg(test)]
/// The layouts of `layouts` that agree with `board` (whose sunk ships' lengths are part of the
/// fleet `layouts` was enumerated for).
pub fn agreeing(layouts: &Layouts, board: &Board) -> Vec<usize> {
    let seen = Seen::of(board);
    (0..layouts.len()).filter(|&l| agrees(&layouts.masks[l], seen)).collect()
}
