//! The programme against the brute-force enumerator, known answers, and the sampler.

use rand::RngExt;

use super::brute::enumerate;
use super::*;
use crate::game::board::Pos;
use crate::game::layout::Placement;
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};

pub(super) const NO_LIMIT: u64 = u64::MAX;

pub(super) fn board(rows: &[&str]) -> Board {
    Board::parse(rows).unwrap()
}

pub(super) fn fleet(ships: &[usize]) -> Fleet {
    Fleet::new(ships, 26).unwrap()
}

/// The programme and the enumerator agree on every count, whichever way the board is swept;
/// returns the number of layouts.
pub(super) fn agree(b: &Board, f: &Fleet) -> u128 {
    agree_under(b, f, Rules::CLASSIC)
}

/// [`agree`] under `rules`.
pub(super) fn agree_under(b: &Board, f: &Fleet, rules: Rules) -> u128 {
    let brute = super::brute::enumerate_under(b, f, rules);
    for o in [false, true]
        .into_iter()
        .flat_map(|t| [false, true].map(|r| super::frame::Orientation { transpose: t, reverse: r }))
    {
        match ExactTables::build_in(b, f, rules, NO_LIMIT, o) {
            Ok(t) => assert_eq!(
                (t.posterior().layouts, &t.posterior().occupancy),
                (brute.layouts, &brute.occupancy),
                "{o:?}\n{b}"
            ),
            Err(e) => assert_eq!((e, brute.layouts), (ExactError::NoLayout, 0), "{o:?}\n{b}"),
        }
    }
    match count_exact_under(b, f, rules, NO_LIMIT) {
        Ok(p) => {
            assert_eq!(p.layouts, brute.layouts, "layouts of\n{b}fleet {:?}", f.lengths());
            assert_eq!(p.occupancy, brute.occupancy, "occupancy of\n{b}fleet {:?}", f.lengths());
            let open: f64 =
                p.marginals().iter().zip(b.cells()).filter(|(_, c)| **c == Cell::Unknown).map(|(m, _)| m).sum();
            let expected = (f.total_cells() - b.count(Cell::Hit) - b.count(Cell::Ship)) as f64;
            assert!((open - expected).abs() < 1e-9, "marginals of '.' cells sum to {open}, not {expected}\n{b}");
            p.layouts
        }
        Err(ExactError::NoLayout) => {
            assert_eq!(brute.layouts, 0, "the programme found no layout of\n{b}fleet {:?}", f.lengths());
            0
        }
        Err(e) => panic!("{e} on\n{b}"),
    }
}

#[test]
fn empty_boards_of_many_shapes() {
    let cases: &[(usize, usize, &[usize])] = &[
        (1, 1, &[1]),
        (1, 5, &[2]),
        (5, 1, &[3, 1]),
        (1, 8, &[3, 2, 1]),
        (2, 2, &[1, 1]),
        (3, 4, &[3, 2, 2]),
        (4, 3, &[3, 2, 1, 1]),
        (2, 6, &[4, 1, 1]),
        (4, 4, &[2, 2, 2]),
        (5, 5, &[3, 3, 2]),
        (4, 6, &[4, 3, 2]),
        (6, 4, &[4, 3, 2]),
        (6, 6, &[3, 2, 1]),
        (5, 6, &[5, 2, 2]),
        (3, 7, &[1, 1, 1, 1]),
    ];
    for &(rows, cols, ships) in cases {
        assert!(agree(&Board::empty(rows, cols), &fleet(ships)) > 0);
    }
}

#[test]
fn counts_small_cases_by_hand() {
    // Two 1-ships on a 2x2 board: C(4, 2) unlabelled layouts, each cell covered by 3.
    let p = count_exact(&Board::empty(2, 2), &fleet(&[1, 1]), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy.clone()), (6, vec![3; 4]));
    // A 2-ship on 1x3 has 2 layouts; the middle is always covered.
    let p = count_exact(&Board::empty(1, 3), &fleet(&[2]), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy), (2, vec![1, 2, 1]));
}

#[test]
fn two_adjacent_hits_are_not_one_short_ship() {
    // A 2-ship lying exactly on the two hits would have been sunk, so it is excluded.
    assert_eq!(count_exact(&board(&[".xx."]), &fleet(&[2]), NO_LIMIT), Err(ExactError::NoLayout));
    // A 3-ship through both hits: two ways.
    let p = count_exact(&board(&[".xx."]), &fleet(&[3]), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy), (2, vec![1, 2, 2, 1]));
    // Two 2-ships, one through each hit, pointing away from each other.
    let p = count_exact(&board(&[".xx."]), &fleet(&[2, 2]), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy), (1, vec![1, 1, 1, 1]));
    // On a 2-row board the hits may also be crossed by two vertical 2-ships.
    // (one ship left or below the first hit) x (one right or below the second).
    assert_eq!(agree(&board(&[".xx.", "...."]), &fleet(&[2, 2])), 4);
    assert!(agree(&board(&["....", ".xx.", "....", "#o.."]), &fleet(&[2, 2, 1])) > 0);
    // A lone hit may not hold a 1-ship by itself either.
    assert_eq!(count_exact(&board(&["x"]), &fleet(&[1]), NO_LIMIT), Err(ExactError::NoLayout));
}

#[test]
fn boards_nothing_agrees_with() {
    for (rows, ships) in [
        (&["o.o"][..], &[2][..]),
        (&["x.", ".x"], &[2]),
        (&["xox"], &[3, 1]),
        (&["...", "...", "..."], &[3, 3, 3, 3]),
        (&["xxxx"], &[2, 2]),
        (&["#"], &[1]),
    ] {
        assert_eq!(count_exact(&board(rows), &fleet(ships), NO_LIMIT), Err(ExactError::NoLayout), "{rows:?} {ships:?}");
        assert_eq!(enumerate(&board(rows), &fleet(ships)).layouts, 0);
    }
}

#[test]
fn over_budget_is_reported_not_computed() {
    let b = Board::empty(10, 10);
    assert_eq!(count_exact(&b, &Fleet::classic(), 10_000), Err(ExactError::OverBudget));
    assert_eq!(count_exact(&b, &Fleet::classic(), 0), Err(ExactError::OverBudget));
    // A generous budget for a small board is enough, and the work it reports is within it.
    let (b, f) = (Board::empty(5, 5), fleet(&[3, 2]));
    let t = ExactTables::build(&b, &f, Rules::CLASSIC, 100_000).unwrap();
    let work = t.work();
    assert!(work > 100 && work <= 100_000);
    // The budget is a hard bound: one unit less than the work needed is refused.
    assert_eq!(ExactTables::build(&b, &f, Rules::CLASSIC, work - 1).err(), Some(ExactError::OverBudget));
    // And the refusal is deterministic: the same board and budget, the same answer.
    for budget in [work / 4, work / 2, work, 2 * work] {
        let first = ExactTables::build(&b, &f, Rules::CLASSIC, budget).map(|t| t.work());
        assert_eq!(first, ExactTables::build(&b, &f, Rules::CLASSIC, budget).map(|t| t.work()));
    }
}

#[test]
fn an_attempt_says_what_it_spent_whether_or_not_it_finished() {
    // Far over budget: turned away before any sweep, at no cost.
    let (tables, spent) = ExactTables::attempt(&Board::empty(10, 10), &Fleet::classic(), Rules::CLASSIC, 10_000);
    assert_eq!((tables.err(), spent), (Some(ExactError::OverBudget), 0));
    // Finished: the work its tables report.
    let (b, f) = (Board::empty(5, 5), fleet(&[3, 2]));
    let (tables, spent) = ExactTables::attempt(&b, &f, Rules::CLASSIC, 100_000);
    let work = tables.unwrap().work();
    assert_eq!(spent, work);
    // Stopped part way: some of that work, never more, the same every time.
    for budget in [work / 2, work - 1] {
        let (tables, spent) = ExactTables::attempt(&b, &f, Rules::CLASSIC, budget);
        assert_eq!(tables.err(), Some(ExactError::OverBudget));
        assert!(spent > 0 && spent <= work, "{budget}: spent {spent} of {work}");
        assert_eq!(ExactTables::attempt(&b, &f, Rules::CLASSIC, budget).1, spent);
    }
}

/// A random game position: a random layout, then `shots` random shots by the referee.
pub(super) fn random_position(
    rng: &mut SonarRng,
    rows: usize,
    cols: usize,
    ships: &[usize],
    shots: usize,
) -> (Board, Fleet) {
    random_position_under(rng, rows, cols, ships, Rules::CLASSIC, shots)
}

/// [`random_position`] against a layout drawn under `rules`.
pub(super) fn random_position_under(
    rng: &mut SonarRng,
    rows: usize,
    cols: usize,
    ships: &[usize],
    rules: Rules,
    shots: usize,
) -> (Board, Fleet) {
    let layout = crate::game::layout::random_layout_under(rows, cols, ships, rules, rng).unwrap();
    let open: Vec<Pos> = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).collect();
    fire_at_random(Game::new(layout), open, shots, rng)
}

/// `game` after up to `shots` shots at random cells of `open`, fewer if it ends first.
pub(super) fn fire_at_random(mut game: Game, mut open: Vec<Pos>, shots: usize, rng: &mut SonarRng) -> (Board, Fleet) {
    for _ in 0..shots {
        if game.is_over() || open.is_empty() {
            break;
        }
        let p = open.swap_remove(rng.random_range(0..open.len()));
        game.fire(p).unwrap();
    }
    (game.board().clone(), game.fleet().clone())
}

#[test]
fn random_positions_agree_with_brute_force() {
    let shapes: &[(usize, usize, &[usize])] = &[
        (5, 5, &[3, 2, 2]),
        (4, 6, &[4, 3, 1]),
        (6, 4, &[3, 3, 2]),
        (6, 6, &[4, 3, 2]),
        (6, 5, &[3, 2, 1, 1]),
        (3, 6, &[2, 2, 2]),
        (1, 9, &[3, 2, 1]),
        (2, 7, &[4, 2, 2]),
    ];
    let (mut with_hits, mut with_sunk, mut adjacent_hits) = (0, 0, 0);
    for seed in 0..240u64 {
        let mut rng = seeded(seed);
        let (rows, cols, ships) = shapes[seed as usize % shapes.len()];
        let shots = rng.random_range(0..rows * cols);
        let (b, f) = random_position(&mut rng, rows, cols, ships, shots);
        if f.is_empty() {
            continue;
        }
        agree(&b, &f);
        with_hits += usize::from(b.has_hits());
        with_sunk += usize::from(b.count(Cell::Sunk) > 0);
        adjacent_hits += usize::from(
            (0..b.len()).any(|i| b.cells()[i] == Cell::Hit && b.neighbours(b.pos(i)).any(|q| b.get(q) == Cell::Hit)),
        );
    }
    assert!(with_hits > 60 && with_sunk > 60 && adjacent_hits > 20, "{with_hits} {with_sunk} {adjacent_hits}");
}

#[test]
fn positions_with_adjacent_hits_agree_with_brute_force() {
    // Keep only positions where two hits touch: the case the not-wholly-on-hits rule is about.
    let mut checked = 0;
    for seed in 0..2000u64 {
        let mut rng = seeded(1_000 + seed);
        let (b, f) = random_position(&mut rng, 6, 6, &[3, 2, 2], 12 + (seed as usize % 16));
        let touching =
            (0..b.len()).any(|i| b.cells()[i] == Cell::Hit && b.neighbours(b.pos(i)).any(|q| b.get(q) == Cell::Hit));
        if f.is_empty() || !touching {
            continue;
        }
        assert!(agree(&b, &f) > 0, "a real position has a layout\n{b}");
        checked += 1;
        if checked == 40 {
            break;
        }
    }
    assert_eq!(checked, 40);
}

#[test]
fn marginals_sum_to_the_cells_afloat() {
    for (rows, cols) in [(7, 7), (8, 6), (6, 9)] {
        let p = count_exact(&Board::empty(rows, cols), &Fleet::classic(), NO_LIMIT).unwrap();
        let sum: f64 = p.marginals().iter().sum();
        assert!((sum - 17.0).abs() < 1e-9, "{rows}x{cols}: {sum}");
    }
}

/// The known answers for the empty classic board, counted from scratch (about 10 s in a debug
/// build, 2 s in release, some 700 MB of tables).
#[test]
fn classic_empty_board() {
    let p = count_exact(&Board::empty(10, 10), &Fleet::classic(), NO_LIMIT).unwrap();
    assert_eq!(p.layouts, 15_046_987_768);
    let m = p.marginals();
    let round = |x: f64| (x * 1e4).round() as i64;
    let top = [0.0800, 0.1149, 0.1435, 0.1587, 0.1667, 0.1667, 0.1587, 0.1435, 0.1149, 0.0800];
    let row4 = [0.1667, 0.1842, 0.1994, 0.2084, 0.2136, 0.2136, 0.2084, 0.1994, 0.1842, 0.1667];
    for c in 0..10 {
        assert_eq!(round(m[c]), round(top[c]), "top row, column {c}");
        assert_eq!(round(m[40 + c]), round(row4[c]), "row 4, column {c}");
    }
    assert_eq!(round(m[0]), 800);
    assert_eq!(round(m[44]), 2136);
    assert_eq!(&m[..], &CLASSIC_PRIOR[..], "the committed prior is the programme's");
}

#[test]
fn committed_prior_is_symmetric_and_sums_to_the_fleet() {
    let p = classic_prior();
    assert!((p.iter().sum::<f64>() - 17.0).abs() < 1e-12);
    for r in 0..10 {
        for c in 0..10 {
            let v = p[r * 10 + c];
            for (r2, c2) in [(c, r), (9 - r, c), (r, 9 - c), (9 - c, 9 - r)] {
                assert_eq!(v, p[r2 * 10 + c2], "({r}, {c}) vs ({r2}, {c2})");
            }
        }
    }
    assert_eq!((p[0] * 1e4).round(), 800.0);
    assert_eq!((p[44] * 1e4).round(), 2136.0);
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn large_boards_long_ships_and_many_ships() {
    // Two 26-ships on a 26 x 26 board: both in rows or both in columns (a row and a column
    // always cross). The state needs three words here.
    let p = count_exact(&Board::empty(26, 26), &fleet(&[26, 26]), NO_LIMIT).unwrap();
    assert_eq!(p.layouts, 2 * binomial(26, 2));
    // One 25-ship on 26 x 26: 2 per row and 2 per column.
    let p = count_exact(&Board::empty(26, 26), &fleet(&[25]), NO_LIMIT).unwrap();
    assert_eq!(p.layouts, 104);
    assert_eq!(p.occupancy[0], 2);
    assert_eq!(p.occupancy[27], 4);
    // Fifty 1-ships on 10 x 10: every half of the cells.
    let p = count_exact(&Board::empty(10, 10), &Fleet::new(&[1; 50], 10).unwrap(), NO_LIMIT).unwrap();
    assert_eq!(p.layouts, binomial(100, 50));
    assert!(p.marginals().iter().all(|&m| m == 0.5));
    // Sixty-four 1-ships fill an 8 x 8 board one way.
    let p = count_exact(&Board::empty(8, 8), &Fleet::new(&[1; 64], 8).unwrap(), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy), (1, vec![1; 64]));
}

#[test]
fn wide_states_on_a_mostly_shot_26x26_board() {
    // Only the top row and the left column are open: the 26-ship takes one, the 25-ship the
    // rest of the other.
    let rows: Vec<String> =
        (0..26).map(|r| if r == 0 { ".".repeat(26) } else { format!(".{}", "o".repeat(25)) }).collect();
    let b = Board::parse(&rows).unwrap();
    let p = count_exact(&b, &fleet(&[26, 25]), NO_LIMIT).unwrap();
    assert_eq!(p.layouts, 2);
    assert_eq!((p.occupancy[0], p.occupancy[1], p.occupancy[26]), (2, 2, 2));
    // The largest fleets are refused by the budget, not by a panic or a long wait.
    let every_length: Vec<usize> = (1..=26).chain(1..=26).chain(1..=12).collect();
    let big = Fleet::new(&every_length, 26).unwrap();
    assert_eq!(count_exact(&Board::empty(26, 26), &big, RECOMMENDED_BUDGET), Err(ExactError::OverBudget));
}

#[test]
fn counts_past_u128_are_an_error_not_a_wrap() {
    // C(676, 64) is about 10^91.
    let f = Fleet::new(&[1; 64], 26).unwrap();
    assert_eq!(count_exact(&Board::empty(26, 26), &f, NO_LIMIT), Err(ExactError::Overflow));
}

#[test]
fn the_estimate_bounds_the_live_states_of_every_frontier() {
    for seed in 0..120u64 {
        let mut rng = seeded(7_000 + seed);
        let shots = rng.random_range(0..30);
        let (b, f) = random_position(&mut rng, 6, 7, &[4, 3, 2, 2], shots);
        if f.is_empty() {
            continue;
        }
        let Ok(t) = ExactTables::build(&b, &f, Rules::CLASSIC, NO_LIMIT) else { continue };
        let bound = super::estimate::states_bound(&t.frame, 1);
        let sw = &t.sweep;
        for (k, &bound) in bound.iter().enumerate() {
            let live = sw.ways[sw.base[k]..sw.base[k + 1]].iter().filter(|&&w| w > 0).count();
            assert!(live as f64 <= bound * (1.0 + 1e-9), "frontier {k}: {live} live states, bound {bound}\n{b}");
        }
    }
}

mod fuzz {
    use proptest::prelude::*;

    use super::*;

    fn arbitrary_board() -> impl Strategy<Value = Board> {
        (1usize..=5, 1usize..=5).prop_flat_map(|(rows, cols)| {
            // Mostly '.', some of each other mark, islands too.
            let cell = prop_oneof![6 => Just('.'), 2 => Just('o'), 2 => Just('x'), 1 => Just('#'), 1 => Just('^')];
            proptest::collection::vec(cell, rows * cols).prop_map(move |cells| {
                let lines: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
                Board::parse(&lines).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// Any board, not only game positions: the programme and the enumerator agree.
        #[test]
        fn any_small_board_agrees_with_brute_force(
            b in arbitrary_board(),
            ships in proptest::collection::vec(1usize..=4, 1..=3),
        ) {
            let Ok(f) = Fleet::new(&ships, 26) else { return Ok(()) };
            agree(&b, &f);
        }
    }
}

#[test]
fn a_finished_game_has_one_empty_layout() {
    let ships = vec![Placement { len: 2, row: 0, col: 0, horizontal: true }];
    let mut game = Game::new(crate::game::layout::Layout { rows: 2, cols: 3, ships });
    game.fire(Pos::new(0, 0)).unwrap();
    game.fire(Pos::new(0, 1)).unwrap();
    assert!(game.fleet().is_empty());
    let p = count_exact(game.board(), game.fleet(), NO_LIMIT).unwrap();
    assert_eq!((p.layouts, p.occupancy), (1, vec![0; 6]));
    // With no ship afloat a hit cannot be explained.
    assert_eq!(count_exact(&board(&["x.."]), game.fleet(), NO_LIMIT), Err(ExactError::NoLayout));
}
