//! The posterior on boards a reveal has written on: `s` cells (known to hold a ship, not hit) and
//! the water it showed (`o`). The programme against the enumerator, touching and no-touch, with
//! and without islands, and the sampler against it on the same kind of positions.

use rand::RngExt;

use super::island_tests::{ISLAND_SHAPES, random_position_on_islands};
use super::tests::{NO_LIMIT, agree_under};
use super::*;
use crate::game::board::Pos;
use crate::game::layout::{MAX_ATTEMPTS, random_islands, random_layout_around};
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};

/// A position from a real game on a sea with `islands` islands: `shots` random shots, then
/// `reveals` random unshot cells revealed (a ship cell `s`, water `o`); with the cells of the
/// hidden fleet (sunk ships' included).
pub(super) fn revealed_position(
    rng: &mut SonarRng,
    (rows, cols): (usize, usize),
    ships: &[usize],
    rules: Rules,
    islands: usize,
    shots: usize,
    reveals: usize,
) -> (Board, Fleet, Vec<Pos>) {
    let land = random_islands(rows, cols, islands, rng);
    let layout = random_layout_around(rows, cols, ships, rules, &land, &mut { MAX_ATTEMPTS }, rng).unwrap();
    let mut game = Game::with_islands(layout.clone(), &land);
    let mut open: Vec<Pos> =
        (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).filter(|p| !land.contains(p)).collect();
    for _ in 0..shots {
        if game.is_over() || open.is_empty() {
            break;
        }
        let before = game.clone();
        game.fire(open.swap_remove(rng.random_range(0..open.len()))).unwrap();
        if game.is_over() {
            game = before;
            break;
        }
    }
    let mut board = game.board().clone();
    let ship_cells: Vec<Pos> = layout.ships.iter().flat_map(|s| s.cells()).collect();
    for _ in 0..reveals.min(open.len()) {
        let p = open.swap_remove(rng.random_range(0..open.len()));
        board.set(p, if ship_cells.contains(&p) { Cell::Ship } else { Cell::Miss });
    }
    (rules.reveal(&board).into_owned(), game.fleet().clone(), ship_cells)
}

/// Shapes, islands and reveals: enough to leave some positions with several `s` cells, some of
/// them on one ship with hits beside them.
pub(super) fn case(seed: u64, rng: &mut SonarRng, rules: Rules) -> (Board, Fleet, Vec<Pos>) {
    let (rows, cols, ships, isles) = ISLAND_SHAPES[seed as usize % ISLAND_SHAPES.len()];
    let islands = if seed.is_multiple_of(3) { isles } else { 0 };
    let shots = rng.random_range(0..(rows * cols - islands) * 2 / 3);
    let reveals = rng.random_range(1..=9);
    revealed_position(rng, (rows, cols), ships, rules, islands, shots, reveals)
}

#[test]
fn revealed_positions_agree_with_brute_force() {
    for rules in [Rules::CLASSIC, Rules::NO_TOUCH] {
        let (mut checked, mut with_ships, mut with_both) = (0, 0, 0);
        for seed in 0..240u64 {
            let mut rng = seeded(90_000 + seed);
            let (b, f, _) = case(seed, &mut rng, rules);
            if f.is_empty() {
                continue;
            }
            assert!(agree_under(&b, &f, rules) > 0, "a real position has a layout\n{b}");
            // Every layout covers every `s` cell: each has probability 1.
            let exact = count_exact_under(&b, &f, rules, NO_LIMIT).unwrap();
            for i in (0..b.len()).filter(|&i| b.cells()[i] == Cell::Ship) {
                assert_eq!(exact.occupancy[i], exact.layouts, "{b}");
            }
            checked += 1;
            with_ships += usize::from(b.has_reveals());
            with_both += usize::from(b.has_reveals() && b.has_hits());
        }
        assert!(checked > 180 && with_ships > 100 && with_both > 30, "{rules:?}: {checked} {with_ships} {with_both}");
    }
}

#[test]
fn a_ship_wholly_on_hits_and_revealed_cells_is_afloat() {
    // An `s` must be covered: fewer layouts than with a `.` there, and it has probability 1.
    let f = Fleet::new(&[3, 2], 5).unwrap();
    let revealed = Board::parse(&["..s..", "ooooo", "....."]).unwrap();
    let brute = super::brute::enumerate(&revealed, &f);
    assert_eq!(agree_under(&revealed, &f, Rules::CLASSIC), brute.layouts);
    assert_eq!(brute.occupancy[2], brute.layouts);
    let open = Board::parse(&[".....", "ooooo", "....."]).unwrap();
    assert!(super::brute::enumerate(&open, &f).layouts > brute.layouts);
    // Wholly on `x` is sunk (no layout here), wholly on `x` and `s` is not.
    let two = Fleet::new(&[2], 5).unwrap();
    let on_hits = Board::parse(&["xxooo"]).unwrap();
    assert_eq!(super::brute::enumerate(&on_hits, &two).layouts, 0);
    let on_both = Board::parse(&["xsooo"]).unwrap();
    assert_eq!(super::brute::enumerate(&on_both, &two).layouts, 1);
    assert_eq!(agree_under(&on_both, &two, Rules::CLASSIC), 1);
}

#[test]
fn the_sampler_matches_enumeration_on_revealed_positions() {
    let mut checked = 0;
    for seed in 0..14u64 {
        let mut rng = seeded(95_000 + seed);
        let (b, f, _) = case(seed, &mut rng, Rules::CLASSIC);
        if !f.is_empty() {
            super::importance_tests::check_sampler(&b, &f, 500 + seed);
            checked += 1;
        }
    }
    assert!(checked > 10);
    // An island map too, from the islands' own positions, with a reveal on top.
    let mut rng = seeded(96_000);
    let (mut b, f) = random_position_on_islands(&mut rng, (5, 5), &[3, 2, 2], Rules::CLASSIC, 3, 4);
    let p = (0..b.len()).find(|&i| b.cells()[i] == Cell::Unknown).unwrap();
    b.set(b.pos(p), Cell::Miss);
    super::importance_tests::check_sampler(&b, &f, 97);
}
