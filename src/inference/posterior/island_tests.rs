//! The posterior on seas with islands: the programme against the enumerator, touching and
//! no-touch, and the sampler (in `importance_tests`) on the same positions.

use rand::RngExt;

use super::tests::{NO_LIMIT, agree, fire_at_random};
use super::*;
use crate::game::board::Pos;
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};

/// A position on a sea with `islands` random islands: a layout drawn under `rules` around them,
/// then `shots` random shots at the other cells.
pub(super) fn random_position_on_islands(
    rng: &mut SonarRng,
    (rows, cols): (usize, usize),
    ships: &[usize],
    rules: Rules,
    islands: usize,
    shots: usize,
) -> (Board, Fleet) {
    use crate::game::layout::{MAX_ATTEMPTS, random_islands, random_layout_around};
    let land = random_islands(rows, cols, islands, rng);
    let layout = random_layout_around(rows, cols, ships, rules, &land, &mut { MAX_ATTEMPTS }, rng).unwrap();
    let open = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).filter(|p| !land.contains(p)).collect();
    fire_at_random(Game::with_islands(layout, &land), open, shots, rng)
}

/// The shapes the island tests play on, and a count of islands for each.
pub(super) const ISLAND_SHAPES: &[(usize, usize, &[usize], usize)] = &[
    (5, 5, &[3, 2, 2], 3),
    (4, 6, &[3, 2, 1], 4),
    (6, 5, &[3, 2, 1, 1], 2),
    (6, 6, &[4, 2, 1], 6),
    (3, 7, &[2, 2, 1], 1),
];

#[test]
fn positions_on_islands_agree_with_brute_force() {
    let (mut checked, mut with_hits) = (0, 0);
    for seed in 0..200u64 {
        let mut rng = seeded(70_000 + seed);
        let (rows, cols, ships, islands) = ISLAND_SHAPES[seed as usize % ISLAND_SHAPES.len()];
        let shots = rng.random_range(0..rows * cols - islands);
        let (b, f) = random_position_on_islands(&mut rng, (rows, cols), ships, Rules::CLASSIC, islands, shots);
        if f.is_empty() {
            continue;
        }
        assert_eq!(b.count(Cell::Island), islands);
        assert!(agree(&b, &f) > 0, "a real position has a layout\n{b}");
        // No layout puts a ship on an island.
        let exact = count_exact(&b, &f, NO_LIMIT).unwrap();
        assert!((0..b.len()).all(|i| b.cells()[i] != Cell::Island || exact.occupancy[i] == 0));
        checked += 1;
        with_hits += usize::from(b.has_hits());
    }
    assert!(checked > 120 && with_hits > 40, "{checked} {with_hits}");
}
