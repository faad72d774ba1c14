//! The replay oracle against the unlabelled enumerator, hand cases for each announcement rule,
//! the prior, salvo turns, and random games.

use rand::RngExt;

use super::brute::enumerate_under;
use super::replay_brute::*;
use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::rng::seeded;
use crate::game::rules::Rules;

/// One shot a turn.
fn singles(shots: &[(usize, usize)]) -> Vec<Cells> {
    shots.iter().map(|&s| vec![s]).collect()
}

/// The oracle for the records the referee gives for `hidden` (no prior, ships may touch).
fn replay(rows: usize, cols: usize, hidden: &[Cells], announce: Announce, turns: &[Cells]) -> Replayed {
    let lengths: Vec<usize> = hidden.iter().map(Vec::len).collect();
    let records = referee(hidden, turns, announce);
    replay_enumerate(rows, cols, &lengths, true, None, announce, turns, &records)
}

fn at(r: &Replayed, cols: usize, cell: (usize, usize)) -> f64 {
    r.marginals[cell.0 * cols + cell.1]
}

/// The board a one-shot-a-turn history under `SunkCells` implies, and the lengths of the ships
/// not announced sunk.
fn implied_board(
    rows: usize,
    cols: usize,
    lengths: &[usize],
    turns: &[Cells],
    records: &[TurnRecord],
) -> (Board, Vec<usize>) {
    let mut grid = vec![vec!['.'; cols]; rows];
    let mut sunk = vec![false; lengths.len()];
    for (turn, record) in turns.iter().zip(records) {
        for (&(r, c), answer) in turn.iter().zip(&record.answers) {
            grid[r][c] = if *answer == ShotAnswer::Miss { 'o' } else { 'x' };
        }
        for (i, cells) in &record.sunk {
            sunk[*i] = true;
            for &(r, c) in cells.as_ref().expect("cells under SunkCells") {
                grid[r][c] = '#';
            }
        }
    }
    let rows: Vec<String> = grid.into_iter().map(String::from_iter).collect();
    let afloat = lengths.iter().zip(&sunk).filter(|(_, s)| !**s).map(|(&l, _)| l).collect();
    (Board::parse(&rows).unwrap(), afloat)
}

#[test]
fn replay_brute_sunk_cells_one_shot_a_turn_matches_the_unlabelled_enumerator() {
    let cases: [(usize, usize, &[usize]); 4] =
        [(4, 4, &[3, 2]), (4, 5, &[2, 2, 1]), (5, 5, &[3, 2, 2]), (4, 6, &[3, 2, 1])];
    let mut rng = seeded(7);
    let (mut with_sunk, mut with_hits) = (0, 0);
    for game in 0..56 {
        let touching = game % 2 == 0;
        let (rows, cols, lengths) = cases[game / 2 % cases.len()];
        let shots = rng.random_range(0..=rows * cols);
        let (hidden, turns) = random_history(rows, cols, lengths, touching, 1, shots, &mut rng);
        let records = referee(&hidden, &turns, Announce::SunkCells);
        let mine = replay_enumerate(rows, cols, lengths, touching, None, Announce::SunkCells, &turns, &records);
        let (board, afloat) = implied_board(rows, cols, lengths, &turns, &records);
        with_sunk += usize::from(board.count(Cell::Sunk) > 0);
        with_hits += usize::from(board.has_hits());
        let (layouts, occupancy) = if afloat.is_empty() {
            (1, vec![0; board.len()])
        } else {
            let rules = if touching { Rules::CLASSIC } else { Rules::NO_TOUCH };
            let seen = rules.reveal(&board);
            let b = enumerate_under(&seen, &Fleet::new(&afloat, 26).unwrap(), rules);
            (b.layouts, b.occupancy)
        };
        // The unlabelled enumerator counts each layout once; labelled, ships afloat of equal
        // length may swap (the sunk ones are named).
        let mut labels = 1u128;
        for len in 1..=rows.max(cols) {
            let same = afloat.iter().filter(|&&l| l == len).count() as u128;
            labels *= (1..=same).product::<u128>();
        }
        assert_eq!(u128::from(mine.kept), layouts * labels, "game {game}\n{board}");
        assert_eq!(mine.weight, mine.kept as f64);
        for (i, (&m, &o)) in mine.marginals.iter().zip(&occupancy).enumerate() {
            let expected = if board.cells()[i] == Cell::Sunk { 1.0 } else { o as f64 / layouts as f64 };
            assert!((m - expected).abs() < 1e-12, "game {game} cell {i}: {m} vs {expected}\n{board}");
        }
    }
    assert!(with_sunk >= 10 && with_hits >= 10, "dull games: {with_sunk} with sinkings, {with_hits} with hits");
}

#[test]
fn replay_brute_sunk_hides_the_cells_and_the_order_of_shots_matters() {
    // Ship 0 (length 2) on B2-B3, ship 1 (length 3) down column 0. Shooting B1, B3, then B2
    // sinks ship 0 with B2: told only "ship 0 sunk", it may as well have been B1-B2 (with ship 1
    // down column 2).
    let hidden = vec![vec![(1, 1), (1, 2)], vec![(0, 0), (1, 0), (2, 0)]];
    let shots = [(1, 0), (1, 2), (1, 1)];
    let cells = replay(3, 3, &hidden, Announce::SunkCells, &singles(&shots));
    let sunk = replay(3, 3, &hidden, Announce::Sunk, &singles(&shots));
    assert_eq!((cells.kept, at(&cells, 3, (0, 0)), at(&cells, 3, (0, 2))), (1, 1.0, 0.0));
    assert_eq!((sunk.kept, at(&sunk, 3, (0, 0)), at(&sunk, 3, (0, 2))), (2, 0.5, 0.5));
    assert_ne!(cells.marginals, sunk.marginals);
    // The same shots, B2 before B3: ship 0 sinks with B3, so it is B2-B3 after all.
    let reordered = [(1, 0), (1, 1), (1, 2)];
    let sunk_late = replay(3, 3, &hidden, Announce::Sunk, &singles(&reordered));
    assert_eq!((sunk_late.kept, at(&sunk_late, 3, (0, 0))), (1, 1.0));
    assert_ne!(sunk.marginals, sunk_late.marginals);
}

#[test]
fn replay_brute_hit_names_the_ship() {
    // Ship 0 (length 3) down column 1, ship 1 (length 2) on A1-B1. B1 then B2 hit.
    let hidden = vec![vec![(0, 1), (1, 1), (2, 1)], vec![(0, 0), (1, 0)]];
    let turns = singles(&[(1, 0), (1, 1)]);
    let named = replay(3, 3, &hidden, Announce::Hit, &turns);
    let sunk = replay(3, 3, &hidden, Announce::Sunk, &turns);
    // Named, the hits are two ships: ship 0 down column 1, ship 1 on A1-B1 or B1-C1.
    assert_eq!((named.kept, at(&named, 3, (1, 2))), (2, 0.0));
    // Unnamed, ship 0 may lie along row B over both hits.
    assert!(sunk.kept > named.kept && at(&sunk, 3, (1, 2)) > 0.0, "{sunk:?}");
}

#[test]
fn replay_brute_none_keeps_a_ship_wholly_hit_in_silence() {
    // Both length-2 ships on row A and C; A1 and A2 sink ship 0, and nothing is said.
    let hidden = vec![vec![(0, 0), (0, 1)], vec![(2, 0), (2, 1)]];
    let turns = singles(&[(0, 0), (0, 1)]);
    let records = referee(&hidden, &turns, Announce::None);
    assert!(records.iter().all(|r| r.sunk.is_empty()));
    // SunkCells would have announced the sinking, so the same record rejects this layout there.
    assert_ne!(referee(&hidden, &turns, Announce::SunkCells), records);
    let silent = replay_enumerate(3, 3, &[2, 2], true, None, Announce::None, &turns, &records);
    let told = replay_enumerate(3, 3, &[2, 2], true, None, Announce::SunkCells, &turns, &records);
    // Under SunkCells, "no sinking" leaves a ship on A1-B1 and one on A2-B2 or A2-A3 (either
    // labelled either way), none on row C.
    assert_eq!((told.kept, at(&told, 3, (2, 0))), (4, 0.0));
    assert!(silent.kept > told.kept && at(&silent, 3, (2, 0)) > 0.0, "{silent:?}");
}

#[test]
fn replay_brute_prior_weighs_cells_and_touching_pairs() {
    // 3x3, ship 0 of length 2, ship 1 of length 1, summed directly over dominoes and cells.
    let w = [1.0, 2.0, 3.0, 1.0, 2.0, 1.0, 3.0, 1.0, 2.0];
    let near = |a: usize, b: usize| a != b && (a / 3).abs_diff(b / 3) <= 1 && (a % 3).abs_diff(b % 3) <= 1;
    let dominoes: Vec<(usize, usize)> =
        (0..9).flat_map(|p| [(p, p + 1), (p, p + 3)]).filter(|&(p, q)| q < 9 && (q == p + 3 || p % 3 != 2)).collect();
    assert_eq!(dominoes.len(), 12);
    for t in [0.0, 2.0] {
        for missed in [None, Some(4)] {
            let (mut total, mut cover, mut count) = (0.0, [0.0; 9], 0);
            for &(p, q) in &dominoes {
                for a in (0..9).filter(|&a| a != p && a != q) {
                    if [p, q, a].iter().any(|c| Some(*c) == missed) {
                        continue;
                    }
                    let pairs = i32::from(near(a, p)) + i32::from(near(a, q));
                    let weight = w[p] * w[q] * w[a] * f64::powi(t, pairs);
                    count += 1;
                    total += weight;
                    for c in [p, q, a] {
                        cover[c] += weight;
                    }
                }
            }
            let turns: Vec<Cells> = missed.map(|m| vec![(m / 3, m % 3)]).into_iter().collect();
            let records = referee(&[vec![(0, 0), (0, 1)], vec![(2, 2)]], &turns, Announce::Sunk);
            let prior = Prior { cells: &w, touching: t, across: 1.0 };
            let r = replay_enumerate(3, 3, &[2, 1], true, Some(prior), Announce::Sunk, &turns, &records);
            assert_eq!((r.kept, r.weight), (count, total), "t {t}, missed {missed:?}");
            for (m, c) in r.marginals.iter().zip(cover) {
                assert!((m - c / total).abs() < 1e-12, "t {t}, missed {missed:?}: {:?}", r.marginals);
            }
        }
    }
    // t = 0 weighs every touching layout 0: what is left is the no-touch posterior.
    let w: Vec<f64> = (0..16).map(|i| f64::from(i % 3 + 1)).collect();
    let prior = Prior { cells: &w, touching: 0.0, across: 1.0 };
    let mut rng = seeded(5);
    for _ in 0..10 {
        let shots = rng.random_range(0..8);
        let (hidden, turns) = random_history(4, 4, &[2, 2, 1], false, 2, shots, &mut rng);
        let records = referee(&hidden, &turns, Announce::Sunk);
        let run =
            |touching| replay_enumerate(4, 4, &[2, 2, 1], touching, Some(prior), Announce::Sunk, &turns, &records);
        let (zero, apart) = (run(true), run(false));
        assert!(zero.kept > apart.kept, "touching layouts are kept, weighing 0");
        assert!((zero.weight - apart.weight).abs() < 1e-9 * apart.weight && apart.weight > 0.0);
        for (a, b) in zero.marginals.iter().zip(&apart.marginals) {
            assert!((a - b).abs() < 1e-12, "{zero:?}\n{apart:?}");
        }
    }
}

#[test]
fn replay_brute_salvo_announces_sinkings_after_the_whole_turn() {
    // Ship 0 on A1-A2, ship 1 on B3; the second turn sinks both.
    let hidden = vec![vec![(0, 1), (0, 0)], vec![(1, 2)]];
    let turns = vec![vec![(0, 0), (1, 0)], vec![(0, 1), (1, 2)], vec![(1, 1)]];
    let (hit, miss) = (ShotAnswer::Hit(None), ShotAnswer::Miss);
    let expected = vec![
        TurnRecord { answers: vec![hit, miss], sunk: vec![] },
        TurnRecord { answers: vec![hit, hit], sunk: vec![(0, Some(vec![(0, 0), (0, 1)])), (1, Some(vec![(1, 2)]))] },
        TurnRecord { answers: vec![miss], sunk: vec![] },
    ];
    assert_eq!(referee(&hidden, &turns, Announce::SunkCells), expected);
    let named = referee(&hidden, &turns, Announce::Hit);
    assert_eq!(named[1].answers, vec![ShotAnswer::Hit(Some(0)), ShotAnswer::Hit(Some(1))]);
    assert_eq!(named[1].sunk, vec![(0, None), (1, None)]);
    assert_eq!(replay(2, 3, &hidden, Announce::Sunk, &turns).kept, 1);
    // Two length-1 ships sunk in one turn: Sunk cannot tell which is which, SunkCells can.
    let ones = vec![vec![(0, 0)], vec![(1, 2)]];
    let turn = vec![vec![(0, 0), (1, 2)]];
    assert_eq!(replay(2, 3, &ones, Announce::Sunk, &turn).kept, 2);
    assert_eq!(replay(2, 3, &ones, Announce::SunkCells, &turn).kept, 1);
    // Ship 0 on A2-A3 and ship 1 on A1-B1; B2 hit, then A1 and A3 in one turn sink ship 0. Either
    // hit of that turn may have sunk it; shot one at a time, A3 did.
    let hidden = vec![vec![(0, 1), (0, 2)], vec![(0, 0), (1, 0)]];
    let salvo = replay(2, 5, &hidden, Announce::Sunk, &[vec![(0, 1)], vec![(0, 0), (0, 2)]]);
    let single = replay(2, 5, &hidden, Announce::Sunk, &singles(&[(0, 1), (0, 0), (0, 2)]));
    assert_eq!((salvo.kept, at(&salvo, 5, (1, 0))), (3, 1.0 / 3.0));
    assert_eq!((single.kept, at(&single, 5, (1, 0))), (1, 1.0));
}

#[test]
fn replay_brute_random_games_keep_their_hidden_layout() {
    let cases: [(usize, usize, &[usize]); 4] =
        [(4, 4, &[2, 2, 1]), (5, 5, &[3, 2, 2]), (4, 6, &[3, 2]), (3, 5, &[2, 1])];
    let mut rng = seeded(11);
    for game in 0..100 {
        let (rows, cols, lengths) = cases[game % cases.len()];
        let touching = game % 3 != 0;
        let salvo = rng.random_range(1..=3);
        let shots = rng.random_range(0..=rows * cols);
        let (hidden, turns) = random_history(rows, cols, lengths, touching, salvo, shots, &mut rng);
        assert_eq!(turns.iter().map(Vec::len).sum::<usize>(), shots);
        assert!(turns.iter().all(|t| (1..=salvo).contains(&t.len())));
        let kept = Announce::ALL.map(|announce| {
            let records = referee(&hidden, &turns, announce);
            let r = replay_enumerate(rows, cols, lengths, touching, None, announce, &turns, &records);
            assert!(r.kept >= 1, "game {game} {announce:?} lost its hidden layout");
            // Every hit cell holds a ship in every kept layout, every miss none.
            for (&(row, col), answer) in turns.iter().flatten().zip(records.iter().flat_map(|r| &r.answers)) {
                let expected = if *answer == ShotAnswer::Miss { 0.0 } else { 1.0 };
                assert!((at(&r, cols, (row, col)) - expected).abs() < 1e-12, "game {game} {announce:?}");
            }
            r.kept
        });
        // Each record tells at least what a coarser one does: SunkCells and Hit refine Sunk,
        // which refines None.
        let [cells, sunk, hit, none] = kept;
        assert!(cells <= sunk && hit <= sunk && sunk <= none, "game {game}: {kept:?}");
    }
}
