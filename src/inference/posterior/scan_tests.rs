//! The posterior on boards with scans: count scans and yes/no scans of small areas, alone and
//! together, on positions with islands and `s` cells, touching and no-touch. The programme (every
//! orientation) against the enumerator, and the sampler against it.

use rand::RngExt;

use super::importance::Sampler;
use super::reveal_tests::case;
use super::tests::{NO_LIMIT, agree_under};
use super::*;
use crate::game::board::Pos;
use crate::game::observations::read_scans;
use crate::game::rng::{SonarRng, seeded};
use crate::game::scan::Reading;

/// Draws per position.
const SCAN_DRAWS: u64 = 60_000;

/// A random rectangle of at most 3 x 3 cells on `board`.
fn area(board: &Board, rng: &mut SonarRng) -> Vec<Pos> {
    let (h, w) = (rng.random_range(1..=3.min(board.rows())), rng.random_range(1..=3.min(board.cols())));
    let (top, left) = (rng.random_range(0..=board.rows() - h), rng.random_range(0..=board.cols() - w));
    (top..top + h).flat_map(|r| (left..left + w).map(move |c| Pos::new(r, c))).collect()
}

/// How many of `cells` hold a ship of the hidden fleet, whose cells are `ships`.
fn found(cells: &[Pos], ships: &[Pos]) -> usize {
    cells.iter().filter(|p| ships.contains(p)).count()
}

/// What a scan of `cells` reads of the hidden fleet: a count, or with `count` false yes or no.
fn true_reading(cells: &[Pos], ships: &[Pos], count: bool) -> Reading {
    let found = found(cells, ships);
    if count { Reading::Count(found) } else { Reading::Any(found > 0) }
}

/// One to three scans of random areas, each a count or a yes/no scan: read from the hidden fleet's
/// `ships` cells (the truth) or, for one in four, made up (which may leave no layout, or be refused).
fn scans(board: &Board, ships: &[Pos], rng: &mut SonarRng) -> Vec<(Vec<Pos>, Reading)> {
    (0..rng.random_range(1..=3))
        .map(|_| {
            let cells = area(board, rng);
            let found =
                if rng.random_range(0..4) == 0 { rng.random_range(0..=cells.len()) } else { found(&cells, ships) };
            let reading = if rng.random_bool(0.6) { Reading::Count(found) } else { Reading::Any(found > 0) };
            (cells, reading)
        })
        .collect()
}

#[test]
fn scanned_positions_agree_with_brute_force() {
    for rules in [Rules::CLASSIC, Rules::NO_TOUCH] {
        let (mut checked, mut none, mut counts, mut anys, mut several) = (0, 0, 0, 0, 0);
        for seed in 0..300u64 {
            let mut rng = seeded(120_000 + seed);
            let (b, f, ships) = case(seed, &mut rng, rules);
            if f.is_empty() {
                continue;
            }
            let Ok(read) = read_scans(&b, scans(&b, &ships, &mut rng)) else { continue };
            counts += read.iter().filter(|s| matches!(s.reading(), Reading::Count(_))).count();
            anys += read.iter().filter(|s| matches!(s.reading(), Reading::Any(_))).count();
            several += usize::from(read.len() > 1);
            let b = b.with_scans(read);
            none += usize::from(agree_under(&b, &f, rules) == 0);
            checked += 1;
        }
        let tally = format!("{rules:?}: {checked} checked, {none} with no layout, {counts} counts, {anys} yes/no");
        assert!(
            checked > 200 && none > 5 && none < checked / 3 && counts > 150 && anys > 100 && several > 80,
            "{tally}"
        );
    }
}

#[test]
fn a_count_scan_pins_the_ships_of_its_area() {
    // Two ships of 2 on a 3 x 4 board, and a scan of the top-left 2 x 2 counting 4 ship cells:
    // both ships lie in it, side by side (across or down).
    let f = Fleet::new(&[2, 2], 4).unwrap();
    let b = Board::parse(&["....", "....", "...."]).unwrap();
    let area: Vec<Pos> = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(r, c)| Pos::new(r, c)).into();
    let scanned = b.clone().with_scans(read_scans(&b, vec![(area.clone(), Reading::Count(4))]).unwrap());
    assert_eq!(agree_under(&scanned, &f, Rules::CLASSIC), 2);
    assert_eq!(agree_under(&scanned, &f, Rules::NO_TOUCH), 0);
    // A yes/no scan that found none empties its area; one that found some keeps every layout that
    // puts a ship there.
    let none = b.clone().with_scans(read_scans(&b, vec![(area.clone(), Reading::Any(false))]).unwrap());
    let exact = count_exact_under(&none, &f, Rules::CLASSIC, NO_LIMIT).unwrap();
    assert!(area.iter().all(|&p| exact.occupancy[b.index(p)] == 0));
    let some = b.clone().with_scans(read_scans(&b, vec![(area, Reading::Any(true))]).unwrap());
    let all = agree_under(&b, &f, Rules::CLASSIC);
    assert_eq!(agree_under(&some, &f, Rules::CLASSIC) + agree_under(&none, &f, Rules::CLASSIC), all);
}

#[test]
fn sunk_cells_count_in_a_scan() {
    // The sunk ship of 2 lies in the scanned area, which counted 3: one cell of the ship afloat
    // (length 2) lies there too.
    let f = Fleet::new(&[2], 4).unwrap();
    let b = Board::parse(&["##..", "....", "...."]).unwrap();
    let area: Vec<Pos> = (0..2).flat_map(|r| (0..3).map(move |c| Pos::new(r, c))).collect();
    let scanned = b.clone().with_scans(read_scans(&b, vec![(area.clone(), Reading::Count(3))]).unwrap());
    let brute = super::brute::enumerate(&scanned, &f);
    assert_eq!(agree_under(&scanned, &f, Rules::CLASSIC), brute.layouts);
    assert!(brute.layouts > 0);
    let two = b.clone().with_scans(read_scans(&b, vec![(area, Reading::Count(2))]).unwrap());
    assert!(count_exact_under(&two, &f, Rules::CLASSIC, NO_LIMIT).unwrap().occupancy[b.index(Pos::new(0, 2))] == 0);
}

#[test]
fn the_sampler_matches_enumeration_on_scanned_positions() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let mut rng = seeded(130_000 + seed);
        let (b, f, ships) = case(seed, &mut rng, Rules::CLASSIC);
        let truth: Vec<(Vec<Pos>, Reading)> = scans(&b, &ships, &mut rng)
            .into_iter()
            .map(|(cells, reading)| {
                let reading = true_reading(&cells, &ships, matches!(reading, Reading::Count(_)));
                (cells, reading)
            })
            .collect();
        if f.is_empty() || checked == 12 {
            continue;
        }
        let b = b.clone().with_scans(read_scans(&b, truth).unwrap());
        let exact = count_exact_under(&b, &f, Rules::CLASSIC, NO_LIMIT).unwrap().marginals();
        let est =
            Sampler::with_rules(&b, &f, Rules::CLASSIC).estimate(SCAN_DRAWS, &mut seeded(seed), |_| true).unwrap();
        // Offered only placements the scans have room for, every position keeps at least one
        // draw in 20 (rejection alone kept 1,139 of 60,000 on one of them).
        assert!(est.accepted * 20 >= SCAN_DRAWS, "{} of {SCAN_DRAWS} draws kept\n{b}{:?}", est.accepted, b.scans());
        // The sampler reports the open cells' marginals (0 elsewhere).
        let open = |i: usize| b.cells()[i].is_open();
        let worst = (0..b.len()).filter(|&i| open(i)).map(|i| (exact[i] - est.marginals[i]).abs()).fold(0.0, f64::max);
        assert!(
            worst <= 0.03,
            "sampled marginals {worst:.4} from the exact ones, ess {:.0} of {}\n{b}{:?}",
            est.effective,
            est.accepted,
            b.scans()
        );
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn the_sampler_under_a_prior_matches_the_weighted_count_on_scanned_positions() {
    use crate::game::prior::Opponent;
    let mut checked = 0;
    for seed in 0..30u64 {
        let mut rng = seeded(140_000 + seed);
        let (b, f, ships) = case(seed, &mut rng, Rules::CLASSIC);
        let truth = scans(&b, &ships, &mut rng).into_iter().map(|(cells, _)| {
            let reading = true_reading(&cells, &ships, true);
            (cells, reading)
        });
        if f.is_empty() || checked == 6 {
            continue;
        }
        let b = b.clone().with_scans(read_scans(&b, truth.collect()).unwrap());
        let edge = |r: usize, c: usize| if r == 0 || c == 0 { 3.0 } else { 1.0 };
        let cells: Vec<Vec<f64>> = (0..b.rows()).map(|r| (0..b.cols()).map(|c| edge(r, c)).collect()).collect();
        let m = Opponent::new(b.rows(), b.cols(), &cells, 0.5).unwrap().with_across(2.0).unwrap();
        let exact = count_weighted(&b, &f, Rules::CLASSIC, &m, u64::MAX).unwrap().marginals();
        let est =
            Sampler::with_rules(&b, &f, Rules::CLASSIC).with_prior(Some(&m)).estimate(SCAN_DRAWS, &mut rng, |_| true);
        let est = est.expect("draws agree");
        let open = |i: usize| b.cells()[i].is_open();
        let worst = (0..b.len()).filter(|&i| open(i)).map(|i| (exact[i] - est.marginals[i]).abs()).fold(0.0, f64::max);
        let tolerance = (2.0 / est.effective.sqrt()).max(0.03);
        assert!(worst < tolerance, "worst {worst:.4}, tolerance {tolerance:.4}\n{b}{:?}", b.scans());
        checked += 1;
    }
    assert_eq!(checked, 6);
}
