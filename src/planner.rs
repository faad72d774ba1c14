//! Planning beyond greedy: one step of policy improvement by rollouts.
//!
//! The greedy shot (the posterior's most likely cell) and the next few most likely cells are each
//! played out to the end of the game by a fixed, cheap base policy (`weighted-density`, in the
//! turn's tie order) on the same layouts drawn from the posterior (common random numbers, so that
//! the comparison is not lost in the noise of the draws). A candidate replaces the greedy cell
//! only when its mean shots to finish are lower by more than [`Z`] standard errors of the paired
//! difference, so that noise never turns play into random tie-breaking.
//!
//! On small boards, with every agreeing layout in place of the draws, this closes most of greedy's
//! gap to the optimum (4x4 {2,2}: optimal 8.6696, greedy 8.7411, planner 8.6696; 4x4 {3,2}:
//! 8.7462, 8.9091, 8.7879; pinned in the tests of [`crate::optimal`]). On the classic board with
//! 32 sampled layouts it was not stronger than greedy (docs/simulator.md, "Small boards"), so `bayes` does not use it
//! yet.

use crate::board::{Board, Cell, Pos};
use crate::engine::{Game, play};
use crate::layout::Layout;
use crate::recommendation::Seat;
use crate::rng::seeded;
use crate::strategy::weighted_density::WeightedDensity;
use crate::turn::Turn;

/// What the planner chose and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub shot: Pos,
    /// Mean shots to finish the game, this one included, after the chosen shot (over the draws).
    pub expected_shots: f64,
    /// The same for the greedy cell.
    pub greedy_expected_shots: f64,
}

/// Up to `candidates` open cells of highest `marginals` (ties in the turn's order), greedy first.
pub fn candidates(turn: Turn<'_>, marginals: &[f64], candidates: usize) -> Vec<usize> {
    let b = turn.board;
    let mut open: Vec<usize> = (0..b.len()).filter(|&i| b.cells()[i] == Cell::Unknown && marginals[i] > 0.0).collect();
    let rank = |i: usize| turn.order.rank(b.rows(), b.cols(), b.pos(i));
    open.sort_by(|&x, &y| marginals[y].total_cmp(&marginals[x]).then(rank(x).cmp(&rank(y))));
    open.truncate(candidates);
    open
}

/// The game against `layout` with every shot of `board` already fired.
fn replay(layout: &Layout, board: &Board) -> Game {
    let mut game = Game::new(layout.clone());
    for (i, &c) in board.cells().iter().enumerate() {
        if c != Cell::Unknown && game.board().cells()[i] == Cell::Unknown {
            game.fire(board.pos(i)).expect("a drawn layout agrees with the board");
        }
    }
    game
}

/// Plays `cells` (greedy first) out on every draw and keeps the greedy cell unless another's
/// mean is lower by more than `z` standard errors of the paired difference. `None` when there is
/// nothing to compare.
pub fn improve(turn: Turn<'_>, cells: &[usize], draws: &[Layout], z: f64) -> Option<Plan> {
    if draws.len() < 2 || cells.len() < 2 {
        return None;
    }
    let board = turn.board;
    let seat = Seat { order: turn.order, budget_ms: turn.budget_ms, rules: turn.rules, opponent: None };
    let mut grid = Vec::new();
    // shots[d][k]: shots from now to the end on draw d after shooting cells[k] first.
    let shots: Vec<Vec<f64>> = draws
        .iter()
        .map(|layout| {
            let start = replay(layout, board);
            let before = start.shots();
            cells
                .iter()
                .map(|&c| {
                    let mut game = start.clone();
                    game.fire(board.pos(c)).expect("an open cell");
                    let total = if game.is_over() {
                        game.shots()
                    } else {
                        // weighted-density draws no random numbers; the generator is a formality.
                        play(&WeightedDensity, game, &seat, &mut seeded(0), &mut grid, |_, _, _| {})
                            .expect("weighted-density finishes every game")
                            .shots
                    };
                    (total - before) as f64
                })
                .collect()
        })
        .collect();
    let n = draws.len() as f64;
    let mean = |k: usize| shots.iter().map(|s| s[k]).sum::<f64>() / n;
    let greedy_mean = mean(0);
    let mut best = (0usize, greedy_mean);
    for k in 1..cells.len() {
        let diffs: Vec<f64> = shots.iter().map(|s| s[k] - s[0]).collect();
        let d = diffs.iter().sum::<f64>() / n;
        let var = diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        if d < -z * se && d < -1e-12 && mean(k) < best.1 {
            best = (k, mean(k));
        }
    }
    Some(Plan { shot: board.pos(cells[best.0]), expected_shots: best.1, greedy_expected_shots: greedy_mean })
}
