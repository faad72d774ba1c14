//! `bayes`'s hunting move: on a board without a hit, under the classic rules and the uniform prior,
//! the shot is the cell the most ship placements cross (each ship's placements that avoid the
//! misses and sunk cells, counted as `weighted-density` counts them), among the cells the
//! posterior gives a chance. The cell most likely to hold a ship is not the best hunting move: a
//! hit there finds a ship no sooner on average, and a miss rules out fewer placements (measured in
//! `docs/simulator.md`, "Board sizes"). Once a ship is hit the posterior's likeliest cell is the
//! shot again.
//!
//! The count stands for what the posterior knows only where ships are placed independently of
//! each other and of the board's cells: under the no-touch rules (ships keep apart) and under a
//! model of the opponent's habits the likeliest cell stays the hunting move, as measured there
//! (the no-touch ten-ship game lost 1.3 shots a game hunting by the count). Salvos keep the
//! posterior's k likeliest cells.

use crate::board::{Cell, Pos};
use crate::turn::Turn;

use super::weighted_density::scores;

/// Why a hunting shot is not the grid's most likely cell.
pub const HUNTING: &str = "hunting: no ship is hit yet, so the shot is the cell the most ship placements cross (a miss there rules out the most), which finds the fleet sooner than the likeliest cell (measured; see docs/simulator.md)";

/// The hunting cell of a one-shot turn on a board without a hit, under the classic touching
/// rules and the uniform prior; `None` otherwise: the open cell of highest placement count among
/// those of positive `marginals`, ties in the turn's order.
pub fn hunting_cell(turn: Turn<'_>, marginals: &[f64]) -> Option<Pos> {
    let board = turn.board;
    let uniform = turn.opponent.is_none_or(|m| m.is_uniform());
    if turn.rules.salvo != 1 || !turn.rules.touching || !uniform || board.has_hits() {
        return None;
    }
    let mut count = vec![0.0; board.len()];
    scores(board, turn.fleet, None, &mut count);
    let open = |i: usize| board.cells()[i] == Cell::Unknown && marginals[i] > 0.0;
    turn.order.best(board, &count, open)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::fleet::Fleet;
    use crate::rng::seeded;
    use crate::rules::Rules;
    use crate::strategy::bayes::Bayes;
    use crate::strategy::contract::{Decision, GridKind, Strategy};
    use crate::strategy::testkit::{check_turn, mid_game_positions, random_model};
    use crate::strategy::weighted_density::WeightedDensity;
    use crate::tie_order::TieOrder;

    fn decide(strategy: &dyn Strategy, turn: Turn<'_>) -> (Decision, Vec<f64>) {
        let mut grid = vec![0.0; turn.board.len()];
        (strategy.decide(turn, &mut seeded(7), &mut grid).unwrap(), grid)
    }

    /// Hunt positions: real mid-game boards with their hits and sunk ships shot no more.
    fn hunt_positions() -> Vec<(Board, Fleet)> {
        let mut out = vec![(Board::empty(10, 10), Fleet::classic()), (Board::empty(15, 15), Fleet::classic())];
        for (board, fleet) in mid_game_positions(36, 60) {
            let mut b = board.clone();
            for i in 0..b.len() {
                if matches!(b.cells()[i], Cell::Hit | Cell::Sunk) {
                    b.set(b.pos(i), Cell::Unknown);
                }
            }
            out.push((b, fleet));
        }
        out
    }

    #[test]
    fn without_a_hit_bayes_shoots_where_weighted_density_does_and_says_why_when_it_is_not_the_likeliest() {
        let mut differ = 0;
        for (n, (board, fleet)) in hunt_positions().iter().enumerate() {
            let order = TieOrder::from_seed(n as u64);
            let turn = Turn::new(board, fleet).with_order(order);
            let (bayes, grid) = decide(&Bayes, turn);
            // Every hunting cell of these boards has a chance, so it is the heuristic's cell.
            assert_eq!(bayes.shot, decide(&WeightedDensity, turn).0.shot, "{board}");
            let best = grid.iter().copied().fold(0.0, f64::max);
            let below = grid[board.index(bayes.shot)] < best;
            assert_eq!(bayes.why, below.then_some(HUNTING), "{board}");
            differ += usize::from(below);
            check_turn(&Bayes, GridKind::Probability, turn, n as u64);
        }
        // The two moves differ often enough for the rule to matter (a check that can fail).
        assert!(differ >= 5, "the hunting cell was the likeliest on all but {differ} boards");
    }

    #[test]
    fn with_a_hit_or_a_salvo_bayes_shoots_the_likeliest_cells() {
        for (n, (board, fleet)) in mid_game_positions(37, 40).iter().enumerate().filter(|(_, (b, _))| b.has_hits()) {
            let turn = Turn::new(board, fleet).with_order(TieOrder::from_seed(n as u64));
            let (bayes, grid) = decide(&Bayes, turn);
            assert_eq!(bayes.why, None, "{board}");
            let best = grid.iter().copied().fold(0.0, f64::max);
            assert_eq!(grid[board.index(bayes.shot)], best, "{board}");
        }
        let (board, fleet) = (Board::empty(10, 10), Fleet::classic());
        let salvo = Rules { salvo: 3, ..Rules::default() };
        assert_eq!(hunting_cell(Turn::new(&board, &fleet).with_rules(salvo), &[1.0; 100]), None);
    }

    #[test]
    fn under_the_no_touch_rules_or_a_habit_model_bayes_hunts_the_likeliest_cell() {
        let rules = Rules { touching: false, ..Rules::default() };
        let mut rng = seeded(36);
        let mut checked = 0;
        for (n, (board, fleet)) in hunt_positions().iter().enumerate().filter(|(_, (b, _))| b.rows() <= 10) {
            let apart = rules.reveal(board).into_owned();
            let model = random_model(board.rows(), board.cols(), &mut rng);
            let plain = Turn::new(board, fleet).with_order(TieOrder::from_seed(n as u64));
            for turn in
                [Turn::new(&apart, fleet).with_rules(rules), Turn::new(board, fleet).with_opponent(Some(&model))]
            {
                let turn = turn.with_order(TieOrder::from_seed(n as u64));
                assert_eq!(hunting_cell(turn, &vec![1.0; board.len()]), None);
                let mut grid = vec![0.0; board.len()];
                // Some of these boards' misses leave no layout whose ships keep apart.
                let Ok(bayes) = Bayes.decide(turn, &mut seeded(7), &mut grid) else { continue };
                checked += 1;
                assert_eq!(bayes.why, None, "{}", turn.board);
                assert_eq!(grid[board.index(bayes.shot)], grid.iter().copied().fold(0.0, f64::max));
            }
            // The same board under the classic rules and the uniform prior has a hunting cell.
            assert!(hunting_cell(plain, &vec![1.0; board.len()]).is_some(), "{board}");
        }
        assert!(checked >= 40, "only {checked} turns checked");
        // A uniform model is no habit: the hunting move applies.
        let (board, fleet) = (Board::empty(10, 10), Fleet::classic());
        let uniform = crate::opponent::Opponent::uniform(10, 10);
        assert!(hunting_cell(Turn::new(&board, &fleet).with_opponent(Some(&uniform)), &[1.0; 100]).is_some());
    }
}
