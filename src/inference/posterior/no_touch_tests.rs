//! The programme under the no-touch rules: against the brute-force enumerator (which applies the
//! rule as stated to every finished layout), known answers, and the samplers.

use rand::RngExt;

use super::island_tests::{ISLAND_SHAPES, random_position_on_islands};
use super::sample_tests::{replays_to, sunk_ships};
use super::tests::{agree_under, random_position_under};
use super::*;
use crate::game::rng::{SonarRng, seeded};
use crate::game::testdata;

const NO_LIMIT: u64 = u64::MAX;
const NO_TOUCH: Rules = Rules::NO_TOUCH;

fn board(rows: &[&str]) -> Board {
    Board::parse(rows).unwrap()
}

fn fleet(ships: &[usize]) -> Fleet {
    Fleet::new(ships, 26).unwrap()
}

/// `data/no_touch_counts.txt`: the independent counter's layouts of `fleet` ("classic" or
/// "ten-ship") on the empty 10 x 10 board, and its occupancy of rows 0 and 4, columns 0 to 4.
fn counted(fleet: &str) -> (u128, [[u128; 5]; 2]) {
    let layouts = testdata::grid::<u128>(testdata::NO_TOUCH_COUNTS, &format!("{fleet} layouts"));
    assert_eq!(layouts.len(), 1, "one count");
    let rows = testdata::table::<u128>(testdata::NO_TOUCH_COUNTS, &format!("{fleet} rows 0 and 4"));
    let row = |k: usize| -> [u128; 5] { rows[k].clone().try_into().expect("five columns") };
    (layouts[0], [row(0), row(1)])
}

/// A position of a no-touch game: a layout drawn under the rule, then `shots` random shots.
fn no_touch_position(rng: &mut SonarRng, rows: usize, cols: usize, ships: &[usize], shots: usize) -> (Board, Fleet) {
    random_position_under(rng, rows, cols, ships, NO_TOUCH, shots)
}

#[test]
fn small_empty_boards_count_as_the_enumerator_does() {
    let cases: &[(usize, usize, &[usize])] = &[
        (1, 1, &[1]),
        (1, 5, &[2]),
        (1, 5, &[2, 1]),
        (3, 3, &[1, 1]),
        (3, 3, &[2, 1]),
        (3, 4, &[2, 2]),
        (4, 4, &[3, 2]),
        (4, 4, &[2, 2, 1]),
        (5, 5, &[3, 2, 1]),
        (5, 5, &[3, 3, 2]),
        (4, 6, &[4, 2, 1, 1]),
        (6, 4, &[3, 2, 2]),
        (6, 6, &[3, 2, 1]),
    ];
    for &(rows, cols, ships) in cases {
        assert!(agree_under(&Board::empty(rows, cols), &fleet(ships), NO_TOUCH) > 0, "{rows}x{cols} {ships:?}");
    }
    // Two 1-ships on a 2x2 board always touch; on 3x3 they must be two apart: 16 of C(9, 2) pairs.
    assert_eq!(count_exact_under(&Board::empty(2, 2), &fleet(&[1, 1]), NO_TOUCH, NO_LIMIT), Err(ExactError::NoLayout));
    assert_eq!(count_exact_under(&Board::empty(3, 3), &fleet(&[1, 1]), NO_TOUCH, NO_LIMIT).unwrap().layouts, 16);
}

#[test]
fn mid_game_positions_agree_with_the_enumerator() {
    let shapes: &[(usize, usize, &[usize])] = &[
        (5, 5, &[3, 2, 1]),
        (6, 5, &[3, 2, 2]),
        (5, 6, &[2, 2, 1, 1]),
        (6, 6, &[4, 2, 1]),
        (4, 7, &[3, 1, 1]),
        (7, 4, &[2, 2, 1]),
    ];
    let (mut with_hits, mut with_sunk, mut checked) = (0, 0, 0);
    for seed in 0..240u64 {
        let mut rng = seeded(50_000 + seed);
        let (rows, cols, ships) = shapes[seed as usize % shapes.len()];
        let shots = rng.random_range(0..rows * cols);
        let (b, f) = no_touch_position(&mut rng, rows, cols, ships, shots);
        if f.is_empty() {
            continue;
        }
        assert!(agree_under(&b, &f, NO_TOUCH) > 0, "a real no-touch position has a layout\n{b}");
        with_hits += usize::from(b.has_hits());
        with_sunk += usize::from(b.count(Cell::Sunk) > 0);
        checked += 1;
    }
    assert!(checked > 150 && with_hits > 40 && with_sunk > 60, "{checked} {with_hits} {with_sunk}");
}

#[test]
fn positions_on_islands_agree_with_the_enumerator() {
    let mut checked = 0;
    for seed in 0..150u64 {
        let mut rng = seeded(80_000 + seed);
        let (rows, cols, ships, islands) = ISLAND_SHAPES[seed as usize % ISLAND_SHAPES.len()];
        let shots = rng.random_range(0..rows * cols - islands);
        let (b, f) = random_position_on_islands(&mut rng, (rows, cols), ships, NO_TOUCH, islands, shots);
        if f.is_empty() {
            continue;
        }
        assert!(agree_under(&b, &f, NO_TOUCH) > 0, "a real no-touch position has a layout\n{b}");
        checked += 1;
    }
    assert!(checked > 90, "{checked}");
}

#[test]
fn sunk_ships_whose_halos_overlap() {
    // Two sunk ships one cell apart share the water between them; a third ship fits only away
    // from both, and the hit's corners are water too.
    let cases: &[(&[&str], &[usize])] = &[
        (&["#.#...", "#.#...", "......", "......", "....x.", "......"], &[3, 2]),
        (&["##....", "......", "##....", "......", "......", "......"], &[3, 1]),
        (&["#.....", "..#...", "......", "......", "......", "......"], &[2, 2]),
        (&["......", ".###..", "......", ".#....", "......", "..x..."], &[2, 2, 1]),
    ];
    for &(rows, ships) in cases {
        let b = board(rows);
        assert_eq!(NO_TOUCH.check(&b), Ok(()), "{b}");
        let n = agree_under(&b, &fleet(ships), NO_TOUCH);
        assert!(n > 0, "{b}");
        let p = count_exact_under(&b, &fleet(ships), NO_TOUCH, NO_LIMIT).unwrap();
        let water = NO_TOUCH.known_water(&b);
        for i in (0..b.len()).filter(|&i| water[i]) {
            assert_eq!(p.occupancy[i], 0, "cell {i} next to a sunk ship or diagonal to a hit\n{b}");
        }
    }
}

#[test]
fn fewer_layouts_than_with_touching_and_none_where_only_touching_fits() {
    // Three 2-ships on a 3x3 board fit only touching.
    let b = Board::empty(3, 3);
    assert!(count_exact_under(&b, &fleet(&[2, 2, 2]), Rules::CLASSIC, NO_LIMIT).is_ok());
    assert_eq!(count_exact_under(&b, &fleet(&[2, 2, 2]), NO_TOUCH, NO_LIMIT), Err(ExactError::NoLayout));
    assert_eq!(brute::enumerate_under(&b, &fleet(&[2, 2, 2]), NO_TOUCH).layouts, 0);
    let b = Board::empty(7, 7);
    let f = fleet(&[4, 3, 2]);
    let classic = count_exact(&b, &f, NO_LIMIT).unwrap().layouts;
    let apart = count_exact_under(&b, &f, NO_TOUCH, NO_LIMIT).unwrap().layouts;
    assert!(apart < classic, "{apart} {classic}");
}

#[test]
fn samples_keep_ships_apart_and_match_the_marginals() {
    for (seed, (rows, cols)) in [(4u64, (6, 7)), (12, (7, 6))] {
        let (b, f) = no_touch_position(&mut seeded(seed), rows, cols, &[4, 3, 2, 1], 14);
        assert!(b.has_hits() || b.count(Cell::Sunk) > 0, "seed {seed} makes a dull board\n{b}");
        let t = ExactTables::build(&b, &f, NO_TOUCH, NO_LIMIT).unwrap();
        let mut rng = seeded(1);
        let mut cover = vec![0u128; b.len()];
        let draws = 3000;
        for _ in 0..draws {
            let l = t.sample_layout(&mut rng);
            let mut whole = l.clone();
            whole.ships.extend(sunk_ships(&b));
            assert!(replays_to(&whole, &b), "drew {l:?} on\n{b}");
            for (i, a) in whole.ships.iter().enumerate() {
                for c in whole.ships[i + 1..].iter().flat_map(|s| s.cells()) {
                    assert!(a.cells().all(|p| p.row.abs_diff(c.row) > 1 || p.col.abs_diff(c.col) > 1), "{whole:?}");
                }
            }
            for p in &l.ships {
                for c in p.cells() {
                    cover[b.index(c)] += 1;
                }
            }
        }
        for (i, m) in t.posterior().marginals().iter().enumerate() {
            let freq = cover[i] as f64 / draws as f64;
            assert!((freq - m).abs() < 0.05, "cell {i}: sampled {freq}, exact {m}\n{b}");
        }
        // Importance sampling under the rule converges to the same marginals.
        let seen = NO_TOUCH.reveal(&b);
        let est =
            importance::Sampler::with_rules(&seen, &f, NO_TOUCH).estimate(40_000, &mut seeded(2), |_| true).unwrap();
        let open = (0..b.len()).filter(|&i| seen.cells()[i] == Cell::Unknown);
        for (i, (e, m)) in open.map(|i| (i, (est.marginals[i], t.posterior().marginals()[i]))) {
            assert!((e - m).abs() < 0.05, "cell {i}: importance {e}, exact {m}\n{b}");
        }
        let exact = t.posterior().layouts as f64;
        assert!((est.layouts / exact - 1.0).abs() < 0.1, "layouts {} vs {exact}", est.layouts);
    }
}

#[test]
fn a_position_from_a_classic_game_may_be_impossible_without_touching() {
    // Two hits side by side, two 2-ships afloat: two ships through one hit each when ships may
    // touch; impossible when they may not (the hits would be one ship, wholly on hits, so sunk).
    let b = board(&["....", ".x..", ".x..", "...."]);
    let f = fleet(&[2, 2]);
    assert!(agree_under(&b, &f, Rules::CLASSIC) > 0);
    assert_eq!(agree_under(&b, &f, NO_TOUCH), 0);
}

/// The published count of no-touch layouts of the classic fleet on the empty 10 x 10 board
/// (Canon-Regularis/mayflower), counted from scratch, and the committed table of its marginals.
#[test]
fn classic_fleet_on_the_empty_board() {
    let p = count_exact_under(&Board::empty(10, 10), &Fleet::classic(), NO_TOUCH, NO_LIMIT).unwrap();
    // Rows 0 and 4 as the independent counter `tools/count_no_touch.py --occupancy` prints them.
    let (layouts, [row0, row4]) = counted("classic");
    assert_eq!(p.layouts, layouts);
    assert_eq!(p.layouts, NO_TOUCH_CLASSIC_LAYOUTS);
    for c in 0..5 {
        assert_eq!((p.occupancy[c], p.occupancy[9 - c]), (row0[c], row0[c]), "row 0, column {c}");
        assert_eq!((p.occupancy[40 + c], p.occupancy[49 - c]), (row4[c], row4[c]), "row 4, column {c}");
    }
    assert_eq!(&p.marginals()[..], &NO_TOUCH_CLASSIC_PRIOR[..], "the committed prior is the programme's");
}

/// The ten-ship fleet of the no-touch game (4, 3, 3, 2, 2, 2, 1, 1, 1, 1) on the empty 10 x 10
/// board: the same count as `tools/count_no_touch.py`, an independent row-by-row programme. Some
/// 190 million units of work and 8 GB of tables, so it is left out of `cargo test` and run in
/// release by `.ci/run`.
#[test]
#[ignore = "8 GB and a minute in release: .ci/run runs it"]
fn ten_ship_fleet_on_the_empty_board() {
    let t =
        ExactTables::build(&Board::empty(10, 10), &fleet(&[4, 3, 3, 2, 2, 2, 1, 1, 1, 1]), NO_TOUCH, NO_LIMIT).unwrap();
    assert_eq!(t.posterior().layouts, counted("ten-ship").0);
    assert_eq!(&t.posterior().marginals()[..], &NO_TOUCH_TEN_SHIP_PRIOR[..], "the committed prior is the programme's");
}

/// The committed ten-ship table against the independent counter's integers, on rows 0 and 4
/// (`python3 tools/count_no_touch.py --ships 4,3,3,2,2,2,1,1,1,1 --occupancy`): each committed
/// value is the correctly rounded quotient of the two exact counts (both below 2^53, so exact as
/// doubles). And every table is symmetric and sums to the fleet's cells.
#[test]
fn committed_no_touch_priors() {
    let (layouts, [row0, row4]) = counted("ten-ship");
    assert_eq!(NO_TOUCH_TEN_SHIP_LAYOUTS, layouts);
    assert_eq!(NO_TOUCH_CLASSIC_LAYOUTS, counted("classic").0);
    let total = NO_TOUCH_TEN_SHIP_LAYOUTS as f64;
    for c in 0..5 {
        for (cell, count) in [(c, row0[c]), (9 - c, row0[c]), (40 + c, row4[c]), (49 - c, row4[c])] {
            assert_eq!(NO_TOUCH_TEN_SHIP_PRIOR[cell], count as f64 / total, "cell {cell}");
        }
    }
    for (table, cells) in [(&NO_TOUCH_CLASSIC_PRIOR, 17.0), (&NO_TOUCH_TEN_SHIP_PRIOR, 20.0)] {
        let sum: f64 = table.iter().sum();
        assert!((sum - cells).abs() < 1e-9, "{sum}");
        for r in 0..10 {
            for c in 0..10 {
                let v = table[r * 10 + c];
                assert_eq!([table[c * 10 + r], table[r * 10 + 9 - c], table[(9 - r) * 10 + c]], [v; 3]);
            }
        }
    }
    // bayes reads them on the untouched board, and only under the rules they were made for.
    let empty = Board::empty(10, 10);
    let ten = fleet(&[4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    assert_eq!(opening_prior(&empty, &ten, NO_TOUCH).map(|p| p.1), Some(NO_TOUCH_TEN_SHIP_LAYOUTS));
    assert_eq!(opening_prior(&empty, &ten, Rules::CLASSIC), None);
    assert_eq!(opening_prior(&empty, &Fleet::classic(), NO_TOUCH).map(|p| p.1), Some(NO_TOUCH_CLASSIC_LAYOUTS));
    assert_eq!(opening_prior(&board(&["o........."; 10]), &Fleet::classic(), NO_TOUCH), None);
}
