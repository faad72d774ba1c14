//! `strafing`: the search-and-destroy plan of Rodin et al. (1988).
//!
//! **Strafe.** The cells of Fig. 9, 33 of them on the diagonals `(row + col) % 3 == 2`
//! (zero-based), are shot in the figure's priority order 1..33 (E5, D6, F7, G6, F4, ...),
//! skipping cells already shot. The plan strafes "until five hits are registered" and resumes
//! after sinking; read order-free, it keeps strafing while the board has fewer `x` cells than
//! ships afloat (counting at most five) and the pattern has an untried cell.
//!
//! **Destroy.** Otherwise, while there is an `x` (the flow chart of Fig. 10 is not in the text;
//! this follows the steps it names): first the `.` cells just beyond either end of every run of
//! two or more adjacent `x` along a row or column (extend the line both ways); then the `.`
//! neighbours of every lone `x` (no `x` beside it); then, for a run whose two ends are both
//! blocked, the `.` cells beside its cells across the run (the perpendicular neighbours). Ties
//! within a step are broken by the seed. When none of these is open, the patterns go on.
//!
//! **Mop-up.** When Fig. 9 is exhausted and there is nothing to destroy, the destroyer hunt of
//! Fig. 11 in its order 1..30 (cells on the other two diagonals; its `X` marks are Fig. 9's
//! cells, and the text shows only 24 of the 33: the anti-diagonal `row + col == 8` is blank in
//! it). Together the two figures leave no two adjacent untried cells. When Fig. 11 is exhausted
//! too, the `density` algorithm decides.
//!
//! **Other boards.** The figures are for 10x10 only. On any other board the strafe is every
//! cell with `(row + col) % 3 == 2` and the mop-up every cell with `(row + col) % 3 == 0` (which
//! meets every pair of adjacent cells the strafe misses), each ordered by the empty-board
//! density of the ships afloat (the prior Fig. 8 is for the classic fleet), highest first, ties
//! in row-major order.
//!
//! **Grid.** Strafe and mop-up: the pattern's untried cells, the next in order highest. Destroy:
//! 3, 2 and 1 for the three steps. Density fallback: the density grid.

use super::contract::{AlgorithmInfo, Decision, GridKind, Strategy, StrategyError};
use super::density::{Density, hunt_density};
use super::hit_lines::hit_lines;
use super::pick::best_open_cell;
use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "strafing",
    summary: "Fixed diagonal strafing pattern in priority order, destroy along lines of hits, mop-up pattern for the destroyer, then density",
    source: super::sources::RODIN,
    grid_kind: GridKind::Score,
    uses_randomness: false,
};

/// Fig. 9: the strafing pattern for the complete game, in priority order (row, column), zero-based.
pub const FIG9: [(usize, usize); 33] = [
    (4, 4),
    (3, 5),
    (5, 6),
    (6, 5),
    (5, 3),
    (4, 7),
    (7, 4),
    (6, 2),
    (3, 2),
    (2, 3),
    (2, 6),
    (7, 7),
    (4, 1),
    (1, 4),
    (3, 8),
    (6, 8),
    (8, 6),
    (8, 3),
    (7, 1),
    (1, 7),
    (5, 9),
    (9, 5),
    (5, 0),
    (0, 5),
    (1, 1),
    (2, 9),
    (9, 2),
    (2, 0),
    (0, 2),
    (0, 8),
    (8, 9),
    (9, 8),
    (8, 0),
];

/// Fig. 11: the mop-up pattern, in priority order (row, column), zero-based.
pub const FIG11: [(usize, usize); 30] = [
    (5, 5),
    (4, 6),
    (6, 4),
    (3, 3),
    (2, 4),
    (4, 2),
    (3, 7),
    (6, 7),
    (7, 6),
    (7, 3),
    (5, 1),
    (1, 5),
    (5, 8),
    (8, 5),
    (8, 2),
    (2, 1),
    (1, 2),
    (2, 8),
    (4, 9),
    (9, 4),
    (6, 0),
    (3, 0),
    (0, 3),
    (0, 6),
    (8, 8),
    (9, 7),
    (7, 9),
    (9, 1),
    (1, 9),
    (0, 0),
];

/// Most hits the strafe waits for before destroying.
const MAX_HITS: usize = 5;

pub struct Strafing;

impl Strategy for Strafing {
    fn info(&self) -> AlgorithmInfo {
        INFO
    }

    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError> {
        let board = turn.board;
        let (strafe, mop_up) = patterns(board, turn.fleet);
        let untried = |pattern: &[usize]| {
            pattern.iter().copied().filter(|&i| board.cells()[i] == Cell::Unknown).collect::<Vec<_>>()
        };
        let strafe = untried(&strafe);
        let hits = board.count(Cell::Hit);
        let strafing = hits < turn.fleet.len().min(MAX_HITS) && !strafe.is_empty();
        if hits > 0 && !strafing && destroy(board, grid) {
            let shot = best_open_cell(board, grid, rng).ok_or(StrategyError::NoLayout)?;
            return Ok(Decision::at(shot));
        }
        grid.fill(0.0);
        for pattern in [strafe, untried(&mop_up)] {
            if let Some(&next) = pattern.first() {
                let n = pattern.len();
                for (k, &i) in pattern.iter().enumerate() {
                    grid[i] = (n - k) as f64;
                }
                return Ok(Decision::at(board.pos(next)));
            }
        }
        Density.decide(turn, rng, grid)
    }
}

/// The strafe and mop-up patterns as cell indices in priority order (untried or not).
fn patterns(board: &Board, fleet: &Fleet) -> (Vec<usize>, Vec<usize>) {
    let (rows, cols) = (board.rows(), board.cols());
    if (rows, cols) == (10, 10) {
        let idx = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| r * cols + c).collect();
        return (idx(&FIG9), idx(&FIG11));
    }
    let mut prior = vec![0.0; board.len()];
    hunt_density(&Board::empty(rows, cols), fleet, &mut prior);
    let class = |k: usize| {
        let mut cells: Vec<usize> = (0..board.len())
            .filter(|&i| {
                let p = board.pos(i);
                (p.row + p.col) % 3 == k
            })
            .collect();
        cells.sort_by(|&a, &b| prior[b].total_cmp(&prior[a]).then(a.cmp(&b)));
        cells
    };
    (class(2), class(0))
}

/// Writes the destroy steps' values (3, 2, 1) on the `.` cells they name; returns whether any.
fn destroy(board: &Board, grid: &mut [f64]) -> bool {
    let mut mark = |p: Pos, value: f64| {
        let i = board.index(p);
        if board.cells()[i] == Cell::Unknown && grid[i] < value {
            grid[i] = value;
        }
    };
    for line in hit_lines(board) {
        let ends: Vec<Pos> = line.ends(board).filter(|&p| board.get(p) == Cell::Unknown).collect();
        if !ends.is_empty() {
            ends.into_iter().for_each(|p| mark(p, 3.0));
        } else {
            for p in line.cells() {
                for n in board.neighbours(p) {
                    if (n.row == p.row) != line.horizontal {
                        mark(n, 1.0);
                    }
                }
            }
        }
    }
    for i in 0..board.len() {
        let p = board.pos(i);
        if board.get(p) == Cell::Hit && !board.neighbours(p).any(|n| board.get(n) == Cell::Hit) {
            board.neighbours(p).for_each(|n| mark(n, 2.0));
        }
    }
    board.cells().iter().zip(grid.iter()).any(|(&c, &v)| c == Cell::Unknown && v > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shooting::strategy::testkit;

    fn shot(rows: &[&str], ships: &[usize], seed: u64) -> Pos {
        let b = Board::parse(rows).unwrap();
        testkit::check_one(&Strafing, INFO.grid_kind, &b, &Fleet::new(ships, 26).unwrap(), seed)
    }

    /// Shots into a board whose every answer is a miss.
    fn all_misses(rows: usize, cols: usize, ships: &[usize], n: usize) -> Vec<(usize, usize)> {
        let mut b = Board::empty(rows, cols);
        let fleet = Fleet::new(ships, rows.max(cols)).unwrap();
        let mut out = Vec::new();
        for seed in 0..n as u64 {
            let mut grid = vec![0.0; b.len()];
            let p =
                Strafing.decide(Turn::new(&b, &fleet), &mut crate::game::rng::seeded(seed), &mut grid).unwrap().shot;
            assert_eq!(b.get(p), Cell::Unknown);
            b.set(p, Cell::Miss);
            out.push((p.row, p.col));
        }
        out
    }

    #[test]
    fn strafes_in_fig9_order_then_mops_up_in_fig11_order() {
        let shots = all_misses(10, 10, &[5, 4, 3, 3, 2], 63);
        assert_eq!(shots[..5], [(4, 4), (3, 5), (5, 6), (6, 5), (5, 3)]);
        assert_eq!(Pos::new(4, 4).label(), "E5");
        assert_eq!(shots[..33], FIG9);
        assert!(shots[..33].iter().all(|&(r, c)| (r + c) % 3 == 2));
        assert_eq!(shots[33..], FIG11);
    }

    #[test]
    fn the_figures_cover_every_pair_of_adjacent_cells() {
        let mut b = Board::empty(10, 10);
        for &(r, c) in FIG9.iter().chain(&FIG11) {
            b.set(Pos::new(r, c), Cell::Miss);
        }
        assert_eq!(crate::game::windows::occupancy(&b, 2, |c| c != Cell::Unknown), vec![0; 100]);
        // Fig. 9 follows the composite density of Fig. 8 (never a lower cell before a higher).
        let mut prior = vec![0.0; 100];
        hunt_density(&Board::empty(10, 10), &Fleet::classic(), &mut prior);
        assert!(FIG9.windows(2).all(|w| prior[w[0].0 * 10 + w[0].1] >= prior[w[1].0 * 10 + w[1].1]));
    }

    #[test]
    fn other_boards_strafe_the_same_diagonals_by_density() {
        let shots = all_misses(7, 8, &[3, 2], 56);
        let strafe = (0..56).filter(|i| (i / 8 + i % 8) % 3 == 2).count();
        let mop = (0..56).filter(|i| (i / 8 + i % 8) % 3 == 0).count();
        assert!(shots[..strafe].iter().all(|&(r, c)| (r + c) % 3 == 2));
        assert!(shots[strafe..strafe + mop].iter().all(|&(r, c)| (r + c) % 3 == 0));
        let mut prior = vec![0.0; 56];
        hunt_density(&Board::empty(7, 8), &Fleet::new(&[3, 2], 8).unwrap(), &mut prior);
        let best = (0..56).filter(|i| (i / 8 + i % 8) % 3 == 2).map(|i| prior[i]).fold(0.0, f64::max);
        assert_eq!(prior[shots[0].0 * 8 + shots[0].1], best);
    }

    #[test]
    fn keeps_strafing_until_as_many_hits_as_ships() {
        // One hit, five ships afloat: the strafe goes on.
        let mut rows = [".........."; 10];
        rows[0] = "x.........";
        assert_eq!(shot(&rows, &[5, 4, 3, 3, 2], 0), Pos::new(4, 4));
        // One hit, one ship afloat: destroy.
        let p = shot(&rows, &[3], 0);
        assert!(p == Pos::new(0, 1) || p == Pos::new(1, 0), "{p}");
    }

    #[test]
    fn destroys_along_the_line_then_around_lone_hits_then_across_blocked_lines() {
        let rows = [".....", ".xx..", ".....", "....x", "....."];
        let p = shot(&rows, &[4, 3], 0);
        assert!(p == Pos::new(1, 0) || p == Pos::new(1, 3), "{p}");
        let rows = [".....", "oxxo.", ".....", "....x", "....."];
        let p = shot(&rows, &[4, 3], 0);
        assert!([Pos::new(2, 4), Pos::new(4, 4), Pos::new(3, 3)].contains(&p), "{p}");
        let rows = [".....", "oxxo.", ".....", ".....", "....."];
        let p = shot(&rows, &[2, 2], 0);
        assert!([Pos::new(0, 1), Pos::new(0, 2), Pos::new(2, 1), Pos::new(2, 2)].contains(&p), "{p}");
    }

    #[test]
    fn falls_back_to_density_when_both_figures_are_spent() {
        let mut b = Board::empty(10, 10);
        for &(r, c) in FIG9.iter().chain(&FIG11) {
            b.set(Pos::new(r, c), Cell::Miss);
        }
        // A 1-ship can still hide in the 37 remaining cells; density and strafing agree.
        let fleet = Fleet::new(&[1], 10).unwrap();
        let turn = Turn::checked(&b, &fleet, crate::game::rules::Rules::CLASSIC).unwrap();
        let mut g1 = vec![0.0; 100];
        let mut g2 = vec![0.0; 100];
        let a = Strafing.decide(turn, &mut crate::game::rng::seeded(3), &mut g1).unwrap();
        let d = Density.decide(turn, &mut crate::game::rng::seeded(3), &mut g2).unwrap();
        assert_eq!((a, g1), (d, g2));
    }
}
