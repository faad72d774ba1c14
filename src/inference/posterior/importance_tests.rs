//! The sampler against brute-force enumeration on small boards.

use super::importance::Sampler;
use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::{Placement, random_layout};
use crate::game::referee::Game;
use crate::game::rng::seeded;
use crate::game::rules::Rules;

/// Every agreeing layout (ships of equal length interchangeable), counted straight from the
/// definition: returns the number of layouts and, per cell, how many cover it.
fn brute(board: &Board, fleet: &Fleet) -> (u64, Vec<u64>) {
    let lengths = fleet.lengths().to_vec();
    let mut occ = vec![0u64; board.len()];
    let mut count = 0u64;
    #[allow(clippy::too_many_arguments)]
    fn rec(
        b: &Board,
        lengths: &[usize],
        i: usize,
        min_index: usize,
        used: &mut Vec<bool>,
        chosen: &mut Vec<Placement>,
        occ: &mut [u64],
        count: &mut u64,
    ) {
        if i == lengths.len() {
            let covered = b.cells().iter().enumerate().all(|(k, &c)| !c.holds_ship() || used[k]);
            if covered {
                *count += 1;
                for p in chosen.iter() {
                    for c in p.cells() {
                        occ[b.index(c)] += 1;
                    }
                }
            }
            return;
        }
        let all = Placement::all(b.rows(), b.cols(), lengths[i]);
        // Equal lengths in increasing placement order, so each unlabelled layout counts once.
        let start = if i > 0 && lengths[i - 1] == lengths[i] { min_index } else { 0 };
        for (k, &p) in all.iter().enumerate().skip(start) {
            let cells: Vec<_> = p.cells().collect();
            let ok = cells.iter().all(|&c| b.get(c).may_hold_afloat() && !used[b.index(c)])
                && cells.iter().any(|&c| b.get(c).is_open());
            if !ok {
                continue;
            }
            for &c in &cells {
                used[b.index(c)] = true;
            }
            chosen.push(p);
            rec(b, lengths, i + 1, k + 1, used, chosen, occ, count);
            chosen.pop();
            for &c in &cells {
                used[b.index(c)] = false;
            }
        }
    }
    rec(board, &lengths, 0, 0, &mut vec![false; board.len()], &mut Vec::new(), &mut occ, &mut count);
    (count, occ)
}

/// Mid-game boards from random games: random shots until `shots` have been fired or the game ends.
fn midgame(rows: usize, cols: usize, ships: &[usize], seed: u64, shots: usize) -> (Board, Fleet) {
    let mut rng = seeded(seed);
    let mut game = Game::new(random_layout(rows, cols, ships, &mut rng).unwrap());
    for _ in 0..shots {
        let open: Vec<_> = (0..game.board().len()).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
        let before = game.clone();
        let i = open[rand::RngExt::random_range(&mut rng, 0..open.len())];
        game.fire(game.board().pos(i)).unwrap();
        if game.is_over() {
            game = before;
            break;
        }
    }
    (game.board().clone(), game.fleet().clone())
}

pub(super) fn check_sampler(board: &Board, fleet: &Fleet, seed: u64) {
    let (count, occ) = brute(board, fleet);
    assert!(count > 0, "test boards come from real games");
    let est = Sampler::with_rules(board, fleet, Rules::CLASSIC)
        .estimate(60_000, &mut seeded(seed), |_| true)
        .expect("some draw agrees");
    for (i, (&o, &m)) in occ.iter().zip(&est.marginals).enumerate() {
        let exact = if board.cells()[i].is_open() { o as f64 / count as f64 } else { 0.0 };
        // Generous bound from the effective sample size: 5 standard errors, plus a floor.
        let tol = 5.0 * (exact * (1.0 - exact) / est.effective).sqrt() + 0.01;
        assert!(
            (m - exact).abs() <= tol,
            "cell {i}: sampled {m:.4}, exact {exact:.4}, ess {:.0}\n{board}",
            est.effective
        );
    }
    let rel = (est.layouts - count as f64).abs() / count as f64;
    assert!(rel < 0.05, "layouts: estimated {:.1}, exact {count}\n{board}", est.layouts);
}

#[test]
fn sampler_matches_enumeration_on_empty_boards() {
    check_sampler(&Board::empty(5, 5), &Fleet::new(&[3, 2, 2], 5).unwrap(), 1);
    check_sampler(&Board::empty(4, 6), &Fleet::new(&[4, 3, 1], 6).unwrap(), 2);
}

#[test]
fn sampler_matches_enumeration_mid_game() {
    for seed in 0..12 {
        let (b, f) = midgame(6, 6, &[4, 3, 2], seed, 6 + (seed as usize % 4) * 4);
        check_sampler(&b, &f, 100 + seed);
    }
}

#[test]
fn sampler_matches_enumeration_on_islands() {
    use rand::RngExt;
    for seed in 0..10u64 {
        let mut rng = seeded(300 + seed);
        let (rows, cols, ships, islands) = super::island_tests::ISLAND_SHAPES[seed as usize % 5];
        let shots = rng.random_range(0..(rows * cols - islands) / 2);
        let (b, f) = super::island_tests::random_position_on_islands(
            &mut rng,
            (rows, cols),
            ships,
            Rules::CLASSIC,
            islands,
            shots,
        );
        if !f.is_empty() {
            check_sampler(&b, &f, 400 + seed);
        }
    }
}

#[test]
fn adjacent_hits_are_not_a_ship_wholly_on_hits() {
    // Two hits side by side and a 2-ship afloat: the 2-ship cannot be exactly those hits, so
    // a longer ship must run through them.
    let b = Board::parse(&["o.xx.o", "oooooo", "......"]).unwrap();
    let f = Fleet::new(&[3, 2], 6).unwrap();
    check_sampler(&b, &f, 7);
    let (count, occ) = brute(&b, &f);
    assert!(count > 0);
    // The 3-ship takes one of the two `.` beside the hits.
    assert_eq!(occ[1] + occ[4], count);
}
