//! `longest-run`: the dynamic-programming "centre of the longest open run" player of
//! Stoll (2012), as its JavaScript does it.
//!
//! **Hunt** (no `x` on the board). Every shot cell (`o`, `x` or `#`) blocks; ship lengths are
//! ignored, as in the original. For each cell, `f` and `b` count the consecutive unshot cells
//! from the line's start up to the cell and from the cell to the line's end (both including the
//! cell, 0 on shot cells), per axis. Each axis scores `(f + b) - |f - b|` (= `2 * min(f, b)`) and
//! the raw score is the product of the two axes ([`raw_scores`]): 100 on the four centre cells
//! of an empty 10x10 board, 4 on its corners. A score of 80 or more is replaced by 67 (one time
//! in five) or 61, to disperse the opening shots. The cells are then read bottom-right to
//! top-left keeping the code's sorted list of six best scores: a score above the list's least is
//! inserted after the equal ones, a score equal to the least is inserted (before the equal ones)
//! one time in seven. One of the first five entries is drawn at random and shot if its score is
//! positive; otherwise the first entry is shot. The draws happen in the code's order: the pick
//! first, then cell by cell the 61/67 draw and the 1-in-7 draw.
//!
//! **Sink** (some `x`). The original walks out from `hitList[0]`, its oldest hit not yet sunk,
//! with `hitList[1]` telling the direction when the two are adjacent. A request carries no shot
//! order, so this reads it order-free: the hits are tried in turn, first those with an `x`
//! neighbour (each in row-major order, each paired with each of its `x` neighbours in the order
//! left, up, right, down), then every hit without a partner (row-major, as when the original's
//! two oldest hits are not adjacent), and the first that yields a candidate is used. From the hit, the walk goes left, up, right, down (only along the pair's line when
//! it has a partner), up to 5 cells and never off the board; it stops at a miss and steps over
//! `x` and `#` cells (the original marks sunk cells as hits too), collecting the `.` cells it
//! passes. The first collected cell is shot. Should every walk be blocked, which the original
//! does not handle, the hunt score decides.
//!
//! **Grid.** Hunt: the score after the 61/67 replacement, with the five-entry shortlist the
//! pick is drawn from lifted to the list's best score (the original treats them alike). Sink:
//! the walk's candidates, the first highest, in the order the walk found them.

use rand::RngExt;

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "longest-run",
    summary: "Centre of the longest open runs (2*min of forward and backward run per axis, product of the axes), a random pick among the best five; sink mode walks out from a hit",
    source: super::sources::STOLL,
    grid_kind: GridKind::Score,
    uses_randomness: true,
};

/// The original's `_maxSize`: how far the sink walk goes from the hit.
const MAX_WALK: usize = 5;

pub struct LongestRun;

impl Strategy for LongestRun {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        if board.has_hits()
            && let Some(shot) = sink(board, grid)
        {
            return Ok(Decision::at(shot));
        }
        grid.fill(0.0);
        hunt(board, rng, grid).map(Decision::at).ok_or(StrategyError::NoLayout)
    }
}

/// The raw hunt score of every cell, row-major, before the 61/67 replacement: per axis
/// `2 * min(forward, backward)` open-run count, multiplied over the two axes; 0 on shot cells.
pub fn raw_scores(board: &Board) -> Vec<u32> {
    let (rows, cols) = (board.rows(), board.cols());
    let open = |r: usize, c: usize| board.get(Pos::new(r, c)) == Cell::Unknown;
    let mut fx = vec![0u32; board.len()];
    let mut fy = vec![0u32; board.len()];
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if open(r, c) {
                fx[i] = 1 + if c > 0 { fx[i - 1] } else { 0 };
                fy[i] = 1 + if r > 0 { fy[i - cols] } else { 0 };
            }
        }
    }
    let mut bx = vec![0u32; board.len()];
    let mut by = vec![0u32; board.len()];
    let mut out = vec![0u32; board.len()];
    for r in (0..rows).rev() {
        for c in (0..cols).rev() {
            let i = r * cols + c;
            if open(r, c) {
                bx[i] = 1 + if c + 1 < cols { bx[i + 1] } else { 0 };
                by[i] = 1 + if r + 1 < rows { by[i + cols] } else { 0 };
            }
            let sum = |a: u32, b: u32| (a + b) - a.abs_diff(b);
            out[i] = sum(fx[i], bx[i]) * sum(fy[i], by[i]);
        }
    }
    out
}

/// Length of the original's high-score list.
const LIST: usize = 6;

fn hunt(board: &Board, rng: &mut SonarRng, grid: &mut [f64]) -> Option<Pos> {
    let raw = raw_scores(board);
    let picker = rng.random_range(0..LIST - 1);
    // (score, cell) sorted by score, best first; the code's list starts as six zeros.
    let mut list: Vec<(u32, Option<usize>)> = vec![(0, None); LIST];
    let cols = board.cols();
    for r in (0..board.rows()).rev() {
        for c in (0..cols).rev() {
            let i = r * cols + c;
            let score = match raw[i] {
                s if s < 80 => s,
                _ if rng.random_range(0..5) == 0 => 67,
                _ => 61,
            };
            grid[i] = f64::from(score);
            let least = list[LIST - 1].0;
            let at = if score > least {
                list.iter().position(|&(v, _)| score > v)
            } else if score == least && rng.random_range(0..7) == 0 {
                list.iter().position(|&(v, _)| score >= v)
            } else {
                None
            };
            if let Some(at) = at {
                list.insert(at, (score, Some(i)));
                // Entries past the sixth never take part again.
                list.truncate(LIST);
            }
        }
    }
    let best = list[0].0;
    if best == 0 {
        return None;
    }
    for &(v, i) in &list[..LIST - 1] {
        if let (true, Some(i)) = (v > 0, i) {
            grid[i] = f64::from(best);
        }
    }
    let chosen = if list[picker].0 > 0 { list[picker].1 } else { list[0].1 };
    chosen.map(|i| board.pos(i))
}

/// The sink walk from the first hit (in the order the module documents) that yields a candidate.
fn sink(board: &Board, grid: &mut [f64]) -> Option<Pos> {
    let hits: Vec<Pos> = (0..board.len()).filter(|&i| board.cells()[i] == Cell::Hit).map(|i| board.pos(i)).collect();
    let partners = |h: Pos| board.neighbours(h).filter(|&n| board.get(n) == Cell::Hit).collect::<Vec<_>>();
    let mut attempts: Vec<(Pos, Option<Pos>)> = Vec::new();
    for &h in &hits {
        attempts.extend(partners(h).into_iter().map(|p| (h, Some(p))));
    }
    attempts.extend(hits.iter().map(|&h| (h, None)));
    for (hit, partner) in attempts {
        let found = walk(board, hit, partner);
        if let Some(&first) = found.first() {
            let n = found.len();
            for (k, p) in found.into_iter().enumerate() {
                grid[board.index(p)] = (n - k) as f64;
            }
            return Some(first);
        }
    }
    None
}

/// The `.` cells the original's walk collects from `hit`, in its order: left, up, right, down.
fn walk(board: &Board, hit: Pos, partner: Option<Pos>) -> Vec<Pos> {
    let go_vert = partner.is_some_and(|p| p.col == hit.col && p.row.abs_diff(hit.row) == 1);
    let go_horz = partner.is_some_and(|p| p.row == hit.row && p.col.abs_diff(hit.col) == 1);
    let (x, y) = (hit.col, hit.row);
    let (x_min, x_max) = (x.saturating_sub(MAX_WALK), (x + MAX_WALK).min(board.cols() - 1));
    let (y_min, y_max) = (y.saturating_sub(MAX_WALK), (y + MAX_WALK).min(board.rows() - 1));
    let mut out = Vec::new();
    let mut go = |cells: &mut dyn Iterator<Item = Pos>| {
        for p in cells {
            match board.get(p) {
                Cell::Miss | Cell::Island => break,
                Cell::Unknown | Cell::Ship => out.push(p),
                Cell::Hit | Cell::Sunk => {}
            }
        }
    };
    if !go_vert {
        go(&mut (x_min..=x).rev().map(|c| Pos::new(y, c)));
    }
    if !go_horz {
        go(&mut (y_min..=y).rev().map(|r| Pos::new(r, x)));
    }
    if !go_vert {
        go(&mut (x..=x_max).map(|c| Pos::new(y, c)));
    }
    if !go_horz {
        go(&mut (y..=y_max).map(|r| Pos::new(r, x)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fleet::Fleet;
    use crate::game::rng::seeded;
    use crate::shooting::strategy::testkit;

    fn board(rows: &[&str]) -> Board {
        Board::parse(rows).unwrap()
    }

    fn shot(rows: &[&str], ships: &[usize], seed: u64) -> Pos {
        let b = board(rows);
        let f = Fleet::new(ships, 26).unwrap();
        testkit::check_one(&LongestRun, INFO.grid_kind, &b, &f, seed)
    }

    #[test]
    fn empty_board_scores_match_the_document() {
        let s = raw_scores(&Board::empty(10, 10));
        for (r, c) in [(4, 4), (4, 5), (5, 4), (5, 5)] {
            assert_eq!(s[r * 10 + c], 100);
        }
        for (r, c) in [(0, 0), (0, 9), (9, 0), (9, 9)] {
            assert_eq!(s[r * 10 + c], 4);
        }
        assert_eq!(s.iter().max(), Some(&100));
        // Per axis 2, 4, 6, 8, 10, 10, 8, 6, 4, 2.
        assert_eq!(s[3 * 10 + 3], 64);
        assert_eq!(s[4 * 10 + 3], 80);
    }

    #[test]
    fn shot_cells_block_runs_and_score_zero() {
        let s = raw_scores(&board(&["..o..", ".x#..", "....."]));
        assert_eq!(s[2], 0);
        assert_eq!(s[6], 0);
        // (0,0): row run of 2 from the left edge, column run of 3: 2*1 * 2*1.
        assert_eq!(s[0], 4);
        // (2,2): row f=3, b=3 -> 6; column stops at '#': f=1, b=1 -> 2.
        assert_eq!(s[12], 12);
    }

    #[test]
    fn opening_shots_are_dispersed_over_the_best_cells() {
        // The four 64s outrank the 61s; the pick is one of the five best list entries.
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..400 {
            let p = shot(&[".........."; 10], &[5, 4, 3, 3, 2], seed);
            assert!((3..=6).contains(&p.row) && (3..=6).contains(&p.col), "{p}");
            seen.insert(p);
        }
        assert!(seen.len() > 8, "{seen:?}");
    }

    #[test]
    fn hunt_prefers_the_middle_of_a_lone_run() {
        // Only `o...o` is open: 4, 8, 4. With three positive entries, picks 3 and 4 of the five
        // fall back to the best, so the middle is shot three times in five.
        let rows = ["ooooo", "o...o", "ooooo"];
        let mut counts = [0; 5];
        for seed in 0..500 {
            counts[shot(&rows, &[2], seed).col] += 1;
        }
        assert!(counts[2] > 250 && counts[1] > 50 && counts[3] > 50, "{counts:?}");
    }

    #[test]
    fn sink_walks_left_first_and_steps_over_hits() {
        assert_eq!(shot(&[".....", "..x..", "....."], &[3], 0), Pos::new(1, 1));
        // Left is a miss: up is next.
        assert_eq!(shot(&[".....", ".ox..", "....."], &[3], 0), Pos::new(0, 2));
        // Two hits in a row: only along the row, over the hits.
        assert_eq!(shot(&[".....", "oxx..", "....."], &[3], 0), Pos::new(1, 3));
        // A vertical pair: up first.
        assert_eq!(shot(&["..o..", "..x..", "..x..", "....."], &[3], 0), Pos::new(3, 2));
        // Sunk cells are stepped over too, as the original's grid marks them as hits.
        assert_eq!(shot(&["......", ".#x...", "ooo..."], &[2], 0), Pos::new(1, 0));
    }

    #[test]
    fn a_blocked_pair_is_walked_from_each_hit_alone() {
        // Two ships side by side: the pair's row is blocked, so the hits are walked alone.
        assert_eq!(shot(&["oxxo", "...."], &[2, 2], 0), Pos::new(1, 1));
    }

    #[test]
    fn sink_walk_is_bounded_to_five_cells() {
        // The hit's row is open only beyond five cells to the right; up and down are misses.
        let rows = ["oooooooo", "xxxxxx..", "oooooooo"];
        let b = board(&rows);
        let mut g = vec![0.0; b.len()];
        assert_eq!(walk(&b, Pos::new(1, 0), Some(Pos::new(1, 1))), vec![]);
        assert_eq!(walk(&b, Pos::new(1, 2), Some(Pos::new(1, 1))), vec![Pos::new(1, 6), Pos::new(1, 7)]);
        assert_eq!(sink(&b, &mut g), Some(Pos::new(1, 6)));
    }

    #[test]
    fn blocked_walks_fall_back_to_the_hunt() {
        // Every walk from either hit, along the pair or alone, is blocked: the hunt decides.
        let rows = ["oxxo", "oooo", "....", "...."];
        let b = board(&rows);
        assert!(sink(&b, &mut [0.0; 16]).is_none());
        for seed in 0..20 {
            let expected = hunt(&b, &mut seeded(seed), &mut [0.0; 16]).unwrap();
            assert_eq!(shot(&rows, &[2], seed), expected);
        }
    }

    #[test]
    fn same_seed_same_answer() {
        let b = Board::empty(10, 10);
        let f = Fleet::classic();
        let turn = Turn::checked(&b, &f, crate::game::rules::Rules::CLASSIC).unwrap();
        let a = LongestRun.decide(turn, &mut seeded(9), &mut [0.0; 100]).unwrap();
        assert_eq!(a, LongestRun.decide(turn, &mut seeded(9), &mut [0.0; 100]).unwrap());
    }
}
