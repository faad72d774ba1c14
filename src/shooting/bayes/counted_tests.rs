//! Tests of `bayes`'s counted moves ([`super::counted`]): where they apply the shot is
//! `weighted-density`'s best cell among those the posterior gives a chance, with the reason when
//! that is not a likeliest cell; elsewhere `bayes` shoots a likeliest cell.

use super::counted::{HUNTING, TARGETING, counted};
use crate::game::board::Board;
use crate::game::board::Cell;
use crate::game::fleet::Fleet;
use crate::game::rng::seeded;
use crate::game::rules::Rules;
use crate::game::tie_order::TieOrder;
use crate::game::turn::Turn;
use crate::shooting::bayes::Bayes;
use crate::shooting::strategy::testkit::{check_turn, mid_game_positions, random_model};
use crate::shooting::strategy::weighted_density::WeightedDensity;
use crate::shooting::strategy::{Decision, GridKind, Strategy};

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
        assert_eq!(bayes.why.as_deref(), below.then_some(HUNTING), "{board}");
        differ += usize::from(below);
        check_turn(&Bayes, GridKind::Probability, turn, n as u64);
    }
    // The two moves differ often enough for the rule to matter (a check that can fail).
    assert!(differ >= 5, "the hunting cell was the likeliest on all but {differ} boards");
}

#[test]
fn with_a_hit_bayes_shoots_the_highest_count_among_the_possible_cells_and_a_salvo_the_likeliest() {
    let mut differ = 0;
    let positions = mid_game_positions(37, 120).into_iter().chain(
        mid_game_positions(38, 60).into_iter().filter(|(b, _)| b.rows() <= 14 && b.cols() <= 14).map(|(b, f)| {
            // The same fleets on a larger board: their hits and misses in its corner.
            let mut big = Board::empty(14, 14);
            for i in 0..b.len() {
                big.set(crate::game::board::Pos { row: i / b.cols(), col: i % b.cols() }, b.cells()[i]);
            }
            (big, f)
        }),
    );
    for (n, (board, fleet)) in positions.enumerate().filter(|(_, (b, _))| b.has_hits()) {
        let turn = Turn::new(&board, &fleet).with_order(TieOrder::from_seed(n as u64));
        let (bayes, grid) = decide(&Bayes, turn);
        let (wd, count) = decide(&WeightedDensity, turn);
        let open = |i: &usize| board.cells()[*i] == Cell::Unknown;
        // The grid holds 1 on the hits: the best is over the open cells.
        let best = (0..board.len()).filter(open).map(|i| grid[i]).fold(0.0, f64::max);
        let shot = board.index(bayes.shot);
        // The shot has a chance, and no cell with a chance has a higher count.
        assert!(grid[shot] > 0.0, "{board}");
        let possible = (0..board.len()).filter(open).filter(|&i| grid[i] > 0.0);
        assert!(possible.clone().all(|i| count[i] <= count[shot]), "{board}");
        // Where the heuristic's own cell has a chance, it is the shot.
        if grid[board.index(wd.shot)] > 0.0 {
            assert_eq!(bayes.shot, wd.shot, "{board}");
        }
        let below = grid[shot] < best;
        assert_eq!(bayes.why.as_deref(), below.then_some(TARGETING), "{board}");
        differ += usize::from(below);
        if n % 10 == 0 {
            check_turn(&Bayes, GridKind::Probability, turn, n as u64);
        }
    }
    // The count leaves the likeliest cell often enough for the rule to matter (a check that can fail).
    assert!(differ >= 5, "the targeting cell was the likeliest on all but {differ} boards");
    let (board, fleet) = (Board::empty(10, 10), Fleet::classic());
    let salvo = Rules { salvo: 3, ..Rules::default() };
    assert_eq!(counted(Turn::new(&board, &fleet).with_rules(salvo), &[1.0; 100]), None);
    for (board, fleet) in mid_game_positions(39, 20).iter().filter(|(b, _)| b.has_hits()) {
        let turn = Turn::new(board, fleet).with_rules(salvo);
        let mut grid = vec![0.0; board.len()];
        let bayes = Bayes.decide(turn, &mut seeded(7), &mut grid).unwrap();
        assert_eq!(bayes.why, None, "{board}");
    }
}

#[test]
fn under_the_no_touch_rules_or_a_habit_model_bayes_shoots_the_likeliest_cell() {
    let rules = Rules { touching: false, ..Rules::default() };
    let mut rng = seeded(36);
    let mut checked = 0;
    for (n, (board, fleet)) in hunt_positions().iter().enumerate().filter(|(_, (b, _))| b.rows() <= 10) {
        let apart = rules.reveal(board).into_owned();
        let model = random_model(board.rows(), board.cols(), &mut rng);
        let plain = Turn::new(board, fleet).with_order(TieOrder::from_seed(n as u64));
        for turn in [Turn::new(&apart, fleet).with_rules(rules), Turn::new(board, fleet).with_opponent(Some(&model))] {
            let turn = turn.with_order(TieOrder::from_seed(n as u64));
            assert_eq!(counted(turn, &vec![1.0; board.len()]), None);
            let mut grid = vec![0.0; board.len()];
            // Some of these boards' misses leave no layout whose ships keep apart.
            let Ok(bayes) = Bayes.decide(turn, &mut seeded(7), &mut grid) else { continue };
            checked += 1;
            assert_eq!(bayes.why, None, "{}", turn.board);
            assert_eq!(grid[board.index(bayes.shot)], grid.iter().copied().fold(0.0, f64::max));
        }
        // The same board under the classic rules and the uniform prior has a hunting cell.
        assert!(counted(plain, &vec![1.0; board.len()]).is_some(), "{board}");
    }
    assert!(checked >= 40, "only {checked} turns checked");
    // A uniform model is no habit: the hunting move applies.
    let (board, fleet) = (Board::empty(10, 10), Fleet::classic());
    let uniform = crate::game::prior::Opponent::uniform(10, 10);
    assert!(counted(Turn::new(&board, &fleet).with_opponent(Some(&uniform)), &[1.0; 100]).is_some());
}

#[test]
fn where_sinkings_go_unannounced_bayes_targets_by_its_posterior_and_hunts_by_the_count() {
    // Under `none` a hit may be a cell of a ship sunk unannounced, which the count cannot read:
    // with a hit on the board the shot is a likeliest cell. The positions: boards with hits and
    // no ship sunk yet, their fleets whole, as such a game's board shows them.
    let none = Rules::CLASSIC.with_announce(crate::game::announce::Announce::None);
    let mut checked = 0;
    let positions = mid_game_positions(40, 200);
    let silent_boards = positions.iter().filter(|(b, _)| b.rows() <= 10 && b.has_hits() && b.count(Cell::Sunk) == 0);
    for (n, (silent, fleet)) in silent_boards.enumerate() {
        let turn = Turn::new(silent, fleet).with_rules(none).with_order(TieOrder::from_seed(n as u64));
        assert!(!turn.board_tells_all(), "{silent}");
        assert_eq!(counted(turn, &vec![1.0; silent.len()]), None, "{silent}");
        let (bayes, grid) = decide(&Bayes, turn);
        let open = |i: &usize| silent.cells()[*i] == Cell::Unknown;
        let best = (0..silent.len()).filter(open).map(|i| grid[i]).fold(0.0, f64::max);
        assert_eq!(bayes.why, None, "{silent}");
        assert_eq!(grid[silent.index(bayes.shot)], best, "{silent}");
        // The same board read as a board string (every hit afloat) gets the counted move.
        assert!(counted(Turn::new(silent, fleet), &vec![1.0; silent.len()]).is_some(), "{silent}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} boards with hits");
    // Before the first hit nothing can have sunk: the board is a board string's, and bayes hunts.
    let (board, fleet) = (Board::empty(10, 10), Fleet::classic());
    let turn = Turn::new(&board, &fleet).with_rules(none);
    assert!(turn.board_tells_all());
    assert!(counted(turn, &[1.0; 100]).is_some());
}
