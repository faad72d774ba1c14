//! Tests of the witness search, against exact counting on small boards.

use super::witness::*;
use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::rules::Rules;
use crate::inference::posterior::{ExactError, count_exact};

fn board(rows: &[&str]) -> Board {
    Board::parse(rows).unwrap()
}

fn fleet(ships: &[usize]) -> Fleet {
    Fleet::new(ships, 26).unwrap()
}

/// A found layout really agrees with the board.
fn assert_agrees(b: &Board, f: &Fleet, ships: &[Placement]) {
    let mut lens: Vec<usize> = ships.iter().map(|p| p.len).collect();
    lens.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(lens, f.lengths(), "one placement per ship afloat");
    let mut covered = vec![false; b.len()];
    for p in ships {
        let cells: Vec<usize> = p.cells().map(|c| b.index(c)).collect();
        assert!(cells.iter().all(|&i| b.cells()[i].may_hold_afloat() && !covered[i]), "{p:?} on {b}");
        assert!(cells.iter().any(|&i| b.cells()[i] == Cell::Unknown), "{p:?} wholly on hits");
        cells.iter().for_each(|&i| covered[i] = true);
    }
    assert!((0..b.len()).all(|i| b.cells()[i] != Cell::Hit || covered[i]), "every x covered");
}

#[test]
fn known_positions() {
    let f = fleet(&[2]);
    assert!(matches!(find(&board(&["oxxo"]), &f, Rules::CLASSIC, STEP_BUDGET), Witness::Impossible));
    assert!(matches!(find(&board(&["x.x"]), &f, Rules::CLASSIC, STEP_BUDGET), Witness::Impossible));
    assert!(matches!(find(&board(&["ox.o"]), &f, Rules::CLASSIC, STEP_BUDGET), Witness::Found(_)));
    // Two hits in a row that one ship cannot both cover with a '.' to spare, but two can.
    let b = board(&[".xx.", "oooo"]);
    assert!(matches!(find(&b, &fleet(&[2, 2]), Rules::CLASSIC, STEP_BUDGET), Witness::Found(_)));
    assert!(matches!(find(&b, &fleet(&[3, 1]), Rules::CLASSIC, STEP_BUDGET), Witness::Found(_)));
    assert!(matches!(
        find(&board(&["oxxo", "oooo", "...."]), &fleet(&[3, 1]), Rules::CLASSIC, STEP_BUDGET),
        Witness::Impossible
    ));
    // The classic fleet fits the empty board at once.
    let empty = Board::empty(10, 10);
    let Witness::Found(ships) = find(&empty, &Fleet::classic(), Rules::CLASSIC, STEP_BUDGET) else { panic!() };
    assert_agrees(&empty, &Fleet::classic(), &ships);
}

#[test]
fn a_tiny_budget_gives_up_rather_than_guess() {
    let b = board(&["....", "....", "....", "...."]);
    assert_eq!(find(&b, &fleet(&[4, 4, 4, 4]), Rules::CLASSIC, 2), Witness::GaveUp);
    assert!(matches!(find(&b, &fleet(&[4, 4, 4, 4]), Rules::CLASSIC, STEP_BUDGET), Witness::Found(_)));
    // 17 cells of ships cannot fit in 16.
    assert_eq!(find(&b, &fleet(&[4, 4, 4, 4, 1]), Rules::CLASSIC, STEP_BUDGET), Witness::Impossible);
}

/// Every board of small random shapes and contents: the search agrees with exact counting
/// (itself checked against brute-force enumeration) on whether any layout exists.
#[test]
fn agrees_with_exact_counting_on_random_small_boards() {
    use rand::RngExt;
    let mut rng = crate::game::rng::seeded(7);
    let (mut possible, mut impossible) = (0, 0);
    for _ in 0..4000 {
        let (rows, cols) = (rng.random_range(1..=5), rng.random_range(1..=5));
        let rows_text: Vec<String> = (0..rows)
            .map(|_| (0..cols).map(|_| ['.', '.', '.', 'x', 'x', 'o', '#'][rng.random_range(0..7)]).collect())
            .collect();
        let b = Board::parse(&rows_text).unwrap();
        let n = rng.random_range(1..=3);
        let ships: Vec<usize> = (0..n).map(|_| rng.random_range(1..=rows.max(cols).min(4))).collect();
        let f = fleet(&ships);
        let exact = count_exact(&b, &f, u64::MAX);
        match find(&b, &f, Rules::CLASSIC, STEP_BUDGET) {
            Witness::Found(layout) => {
                assert!(exact.is_ok(), "{b}\n{ships:?}: found a layout, exact says {exact:?}");
                assert_agrees(&b, &f, &layout);
                possible += 1;
            }
            Witness::Impossible => {
                assert_eq!(exact.err(), Some(ExactError::NoLayout), "{b}\n{ships:?}");
                impossible += 1;
            }
            Witness::GaveUp => panic!("gave up on a tiny board\n{b}\n{ships:?}"),
        }
    }
    assert!(possible > 500 && impossible > 500, "both kinds exercised: {possible} / {impossible}");
}
