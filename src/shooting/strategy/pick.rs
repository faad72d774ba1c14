//! Picking cells from a grid: the best open cell (ties at random), a random open cell, and the
//! ranking of a salvo or a hint.

use rand::RngExt;

use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;

/// The `k` best open cells (`.`, `s`), best first: the algorithm's own shot `first`, then the other open cells
/// by decreasing grid value (fewer when fewer are left). Ties go in the turn's order for the
/// algorithms that play one order through a game (`in_order`, [`crate::shooting::strategy::Strategy::keeps_one_order`]) and at
/// random, from `rng`, for the others, as their own ties do. Draws nothing when `k` is 1.
pub fn ranked(in_order: bool, turn: Turn<'_>, first: Pos, grid: &[f64], rng: &mut SonarRng, k: usize) -> Vec<Pos> {
    let board = turn.board;
    if k <= 1 {
        return vec![first];
    }
    let (rows, cols) = (board.rows(), board.cols());
    let mut rest: Vec<usize> =
        (0..board.len()).filter(|&i| board.cells()[i].is_open() && board.pos(i) != first).collect();
    let rank: Vec<usize> = if in_order {
        (0..board.len()).map(|i| turn.order.rank(rows, cols, board.pos(i))).collect()
    } else {
        let mut ranks: Vec<usize> = (0..board.len()).collect();
        rand::seq::SliceRandom::shuffle(ranks.as_mut_slice(), rng);
        ranks
    };
    rest.sort_by(|&a, &b| grid[b].total_cmp(&grid[a]).then_with(|| rank[a].cmp(&rank[b])));
    std::iter::once(first).chain(rest.into_iter().map(|i| board.pos(i))).take(k).collect()
}

/// The open cell (`.`, `s`) of highest value, ties broken uniformly at random (one pass, reservoir
/// style). Returns `None` only when the board has no open cell.
pub fn best_open_cell(board: &Board, grid: &[f64], rng: &mut SonarRng) -> Option<Pos> {
    pick_best(board, grid, rng, Cell::is_open)
}

/// The highest-valued cell among those `eligible` says yes to, ties broken uniformly at random.
pub fn pick_best(board: &Board, grid: &[f64], rng: &mut SonarRng, eligible: impl Fn(Cell) -> bool) -> Option<Pos> {
    let mut best = f64::NEG_INFINITY;
    let mut chosen = None;
    let mut ties = 0u32;
    for (i, (&v, &c)) in grid.iter().zip(board.cells()).enumerate() {
        if !eligible(c) {
            continue;
        }
        if v > best {
            best = v;
            chosen = Some(i);
            ties = 1;
        } else if v == best {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                chosen = Some(i);
            }
        }
    }
    chosen.map(|i| board.pos(i))
}

/// A uniformly random `.` cell. Returns `None` only when the board has no `.` cell.
pub fn random_open_cell(board: &Board, rng: &mut SonarRng) -> Option<Pos> {
    let open = board.count(Cell::Unknown);
    if open == 0 {
        return None;
    }
    let k = rng.random_range(0..open);
    board.cells().iter().enumerate().filter(|(_, c)| **c == Cell::Unknown).nth(k).map(|(i, _)| board.pos(i))
}
