//! The exact sampler: its draws are uniform over the agreeing layouts, agree with the board in
//! every sweep orientation, and reproduce the marginals.

use std::collections::HashMap;

use super::tests::{NO_LIMIT, board, fleet, random_position};
use super::*;
use crate::game::board::Pos;
use crate::game::layout::Placement;
use crate::game::referee::Game;
use crate::game::rng::seeded;

fn canonical(ships: &[Placement]) -> Vec<(usize, usize, usize, bool)> {
    let mut v: Vec<_> = ships.iter().map(|p| (p.len, p.row, p.col, p.horizontal)).collect();
    v.sort_unstable();
    v
}

#[test]
fn samples_are_uniform_over_agreeing_layouts() {
    let b = board(&["..x..", ".o...", "....."]);
    let f = fleet(&[3, 2]);
    let t = ExactTables::build(&b, &f, Rules::CLASSIC, NO_LIMIT).unwrap();
    let n = t.posterior().layouts as usize;
    assert!(n > 20 && n < 400, "{n}");
    let mut rng = seeded(5);
    let draws = 400 * n;
    let mut seen: HashMap<_, usize> = HashMap::new();
    for _ in 0..draws {
        let l = t.sample_layout(&mut rng);
        assert_eq!(l.ships.len(), 2);
        // The drawn layout agrees with the board: replaying the board's shots gives the same marks.
        assert!(replays_to(&l, &b), "{l:?}");
        *seen.entry(canonical(&l.ships)).or_default() += 1;
    }
    assert_eq!(seen.len(), n, "every layout is drawn");
    // Each layout is drawn 400 times on average; 6 standard deviations is 120.
    assert!(seen.values().all(|&c| (280..=520).contains(&c)), "{:?}", seen.values().min());
}

/// Replays the board's shots against `layout`: the layout agrees with the board when the
/// referee marks the same cells.
pub(super) fn replays_to(layout: &crate::game::layout::Layout, b: &Board) -> bool {
    let mut game = Game::new(layout.clone());
    for i in 0..b.len() {
        if b.cells()[i] != Cell::Unknown && game.board().cells()[i] == Cell::Unknown && game.fire(b.pos(i)).is_err() {
            return false;
        }
    }
    game.board() == b
}

#[test]
fn samples_in_every_orientation_agree_with_the_board_and_the_marginals() {
    use super::frame::Orientation;
    for (seed, (rows, cols)) in [(9u64, (4, 9)), (21, (7, 5)), (33, (6, 6))] {
        let (b, f) = random_position(&mut seeded(seed), rows, cols, &[4, 3, 2, 1], 12);
        assert!(b.has_hits() || b.count(Cell::Sunk) > 0, "seed {seed} makes a dull board\n{b}");
        for transpose in [false, true] {
            for reverse in [false, true] {
                let o = Orientation { transpose, reverse };
                let t = ExactTables::build_in(&b, &f, Rules::CLASSIC, NO_LIMIT, o).unwrap();
                let mut rng = seeded(1);
                let mut cover = vec![0u128; b.len()];
                let draws = 2000;
                for _ in 0..draws {
                    let l = t.sample_layout(&mut rng);
                    assert_eq!(l.ships.len(), f.len());
                    // The sunk ships are not part of the drawn layout; put them back to replay.
                    let mut whole = l.clone();
                    whole.ships.extend(sunk_ships(&b));
                    assert!(replays_to(&whole, &b), "{o:?} drew {l:?} on\n{b}");
                    for p in &l.ships {
                        for c in p.cells() {
                            cover[b.index(c)] += 1;
                        }
                    }
                }
                for (i, m) in t.posterior().marginals().iter().enumerate() {
                    let freq = cover[i] as f64 / draws as f64;
                    assert!((freq - m).abs() < 0.06, "{o:?} cell {i}: sampled {freq}, exact {m}\n{b}");
                }
            }
        }
    }
}

/// The sunk ships of a board whose `#` runs are straight and separate (true of these tests).
pub(super) fn sunk_ships(b: &Board) -> Vec<Placement> {
    let mut seen = vec![false; b.len()];
    let mut out = Vec::new();
    for i in 0..b.len() {
        if b.cells()[i] != Cell::Sunk || seen[i] {
            continue;
        }
        let p = b.pos(i);
        let right = (p.col..b.cols()).take_while(|&c| b.get(Pos::new(p.row, c)) == Cell::Sunk).count();
        let down = (p.row..b.rows()).take_while(|&r| b.get(Pos::new(r, p.col)) == Cell::Sunk).count();
        let placement = if right >= down {
            Placement { len: right, row: p.row, col: p.col, horizontal: true }
        } else {
            Placement { len: down, row: p.row, col: p.col, horizontal: false }
        };
        for c in placement.cells() {
            seen[b.index(c)] = true;
        }
        out.push(placement);
    }
    out
}

#[test]
fn every_layout_lists_the_brute_force_layouts_once_each() {
    use std::collections::BTreeSet;
    let mut rng = seeded(17);
    for (k, touching) in (0..24).map(|k| (k, k % 2 == 0)) {
        let rules = Rules { touching, ..Rules::CLASSIC };
        let (b, f) = super::tests::random_position_under(&mut rng, 5, 4 + k % 3, &[3, 2, 2], rules, 4 + k % 7);
        if f.is_empty() {
            continue;
        }
        let Ok(t) = ExactTables::build(&b, &f, rules, NO_LIMIT) else { continue };
        let listed: Vec<_> = t.every_layout().iter().map(|l| canonical(&l.ships)).collect();
        let unique: BTreeSet<_> = listed.iter().cloned().collect();
        assert_eq!(unique.len(), listed.len(), "{b}: a layout listed twice");
        let mut brute = BTreeSet::new();
        super::brute::for_each_layout(&b, &f, rules, |ships, _| {
            brute.insert(canonical(ships));
        });
        assert_eq!(unique, brute, "{b}");
        assert_eq!(listed.len() as u128, t.posterior().layouts);
    }
}
