//! Checks every strategy's unit tests share: the shot is always a `.` cell of maximal grid value,
//! and the same seed gives the same answer. Each strategy's file tests what is its own, with
//! [`check_one`] checking the contract on every position it tries; the simulator's tests run the
//! shared checks over every algorithm, whole games included (`simulate::every_algorithm_tests`),
//! so that nothing here imports the algorithms it checks.

use rand::RngExt;

use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::random_layout;
use crate::game::prior::Opponent;
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};
use crate::game::turn::Turn;
use crate::shooting::strategy::{GridKind, Strategy, finish_grid};

/// Board sizes and fleets the property checks play on, from the smallest board to the largest.
pub const SHAPES: &[(usize, usize, &[usize])] = &[
    (10, 10, &[5, 4, 3, 3, 2]),
    (10, 10, &[5, 4, 3, 3, 2]),
    (10, 10, &[5, 4, 3, 3, 2]),
    (1, 1, &[1]),
    (1, 6, &[2, 1]),
    (6, 1, &[3]),
    (2, 2, &[1, 1]),
    (3, 7, &[3, 2]),
    (5, 5, &[1, 1, 1, 1]),
    (7, 12, &[6, 4, 2]),
    (26, 26, &[5, 4, 3, 3, 2]),
    (26, 3, &[3, 3, 3, 2, 2]),
];

/// Positions from real games: a random layout, then a random number of random shots.
pub fn mid_game_positions(seed: u64, count: usize) -> Vec<(Board, Fleet)> {
    let mut rng = seeded(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (rows, cols, ships) = SHAPES[rng.random_range(0..SHAPES.len())];
        let mut game = Game::new(random_layout(rows, cols, ships, &mut rng).unwrap());
        let shots = rng.random_range(0..rows * cols);
        for _ in 0..shots {
            let open: Vec<usize> =
                (0..game.board().len()).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
            let p = game.board().pos(open[rng.random_range(0..open.len())]);
            game.fire(p).unwrap();
            if game.is_over() {
                break;
            }
        }
        if !game.is_over() {
            out.push((game.board().clone(), game.fleet().clone()));
        }
    }
    out
}

/// Random boards (any mix of `.`, `o`, `x`, `#`, `^`) with random fleets, kept when they pass
/// [`Turn::checked`]: positions no game of ours reaches, such as hits that no ship explains well.
pub fn odd_positions(seed: u64, count: usize) -> Vec<(Board, Fleet)> {
    let mut rng = seeded(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let rows = rng.random_range(1..=8);
        let cols = rng.random_range(1..=8);
        let weights = [
            rng.random_range(1..6),
            rng.random_range(0..4),
            rng.random_range(0..4),
            rng.random_range(0..3),
            rng.random_range(0..2),
        ];
        let total: u32 = weights.iter().sum();
        let text: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| {
                        let mut k = rng.random_range(0..total);
                        let mut i = 0;
                        while k >= weights[i] {
                            k -= weights[i];
                            i += 1;
                        }
                        ['.', 'o', 'x', '#', '^'][i]
                    })
                    .collect()
            })
            .collect();
        let board = Board::parse(&text).unwrap();
        let n = rng.random_range(1..=4);
        let longest = rows.max(cols);
        let ships: Vec<usize> = (0..n).map(|_| rng.random_range(1..=longest.min(5))).collect();
        let fleet = Fleet::new(&ships, longest).unwrap();
        if Turn::checked(&board, &fleet, crate::game::rules::Rules::CLASSIC).is_ok() {
            out.push((board, fleet));
        }
    }
    out
}

/// Runs `decide` on one position and checks the contract; returns the shot. The position need
/// not be possible: the service refuses the ones the witness search proves impossible, but the
/// search may give up, so every strategy must still answer when the hits explain nothing.
pub fn check_one(strategy: &dyn Strategy, kind: GridKind, board: &Board, fleet: &Fleet, seed: u64) -> Pos {
    check_turn(strategy, kind, Turn::new(board, fleet), seed).0
}

/// [`check_one`] on any turn; returns the shot and the raw grid.
pub fn check_turn(strategy: &dyn Strategy, kind: GridKind, turn: Turn<'_>, seed: u64) -> (Pos, Vec<f64>) {
    let (board, fleet) = (turn.board, turn.fleet);
    let mut grid = vec![0.0; board.len()];
    let decision = strategy
        .decide(turn, &mut seeded(seed), &mut grid)
        .expect("every strategy answers a position with an open cell");
    let shot = decision.shot;
    assert!(board.contains(shot), "shot {shot} off the board\n{board}");
    assert_eq!(board.get(shot), Cell::Unknown, "shot {shot} is not a '.' cell\n{board}fleet {:?}", fleet.lengths());
    assert!(grid.iter().all(|v| v.is_finite() && *v >= 0.0), "raw grid has a negative or non-finite value");
    let mut again = vec![0.0; board.len()];
    let shot2 = strategy.decide(turn, &mut seeded(seed), &mut again).unwrap().shot;
    assert_eq!(shot, shot2, "same seed, different shot\n{board}");
    assert_eq!(grid, again, "same seed, different grid\n{board}");
    finish_grid(board, &mut grid, kind);
    let best = grid.iter().copied().fold(0.0, f64::max);
    // A shot below the grid's best says why (`bayes` planning ahead), and only such a shot does.
    match decision.why {
        None => assert_eq!(
            grid[board.index(shot)],
            best,
            "shot {shot} is not a cell of maximal grid value\n{board}{grid:?}"
        ),
        Some(why) => assert!(
            grid[board.index(shot)] < best * (1.0 - TIE),
            "shot {shot} is a best cell, yet says {why:?}\n{board}"
        ),
    }
    (shot, grid)
}

/// How far below the grid's best a shot that says why lies, at least (relative).
const TIE: f64 = 1e-9;

/// A random model of a player's habits on a `rows` x `cols` board: weights from e^-2 to e^2, a
/// touching weight from 0.1 to 2 (0 would refuse positions that only touching ships explain) and
/// an across weight from 1/4 to 4.
pub fn random_model(rows: usize, cols: usize, rng: &mut SonarRng) -> Opponent {
    let cells: Vec<Vec<f64>> =
        (0..rows).map(|_| (0..cols).map(|_| rng.random_range(-2.0f64..2.0).exp()).collect()).collect();
    let touching = [0.1, 0.5, 1.0, 2.0][rng.random_range(0..4)];
    let across = [0.25, 1.0, 4.0][rng.random_range(0..3)];
    Opponent::new(rows, cols, &cells, touching).and_then(|m| m.with_across(across)).expect("weights in range")
}

/// The contract on `count` mid-game and `count` odd positions, and on the 1x1 board.
pub fn check_always_open(strategy: &dyn Strategy, kind: GridKind, count: usize) {
    let b = Board::parse(&["."]).unwrap();
    check_one(strategy, kind, &b, &Fleet::new(&[1], 1).unwrap(), 0);
    let b = Board::parse(&["#o.", "###", "..o"]).unwrap();
    check_one(strategy, kind, &b, &Fleet::new(&[2], 3).unwrap(), 0);
    for (i, (board, fleet)) in mid_game_positions(11, count).iter().enumerate() {
        check_one(strategy, kind, board, fleet, i as u64);
    }
    for (i, (board, fleet)) in odd_positions(12, count).iter().enumerate() {
        check_one(strategy, kind, board, fleet, i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_varied() {
        let mid = mid_game_positions(11, 400);
        let odd = odd_positions(12, 400);
        let with_hits = |ps: &[(Board, Fleet)]| ps.iter().filter(|(b, _)| b.has_hits()).count();
        assert!(with_hits(&mid) > 100, "{}", with_hits(&mid));
        assert!(with_hits(&odd) > 100, "{}", with_hits(&odd));
        assert!(mid.iter().any(|(b, _)| b.len() == 1));
        assert!(mid.iter().any(|(b, _)| b.len() == 676 && b.count(Cell::Unknown) < 100));
        assert!(odd.iter().any(|(b, _)| b.count(Cell::Sunk) > 0 && !b.has_hits()));
        assert!(odd.iter().filter(|(b, _)| b.count(Cell::Island) > 0).count() > 100);
    }
}
