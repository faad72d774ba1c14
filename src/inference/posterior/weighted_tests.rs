//! The weighted programme (a prior over layouts) against brute-force enumeration with the weight
//! of every layout computed from the model's definition: exact integer weights (so the expected
//! marginals are exact rationals) and random real ones, both rules, `t` from 0 up, and ships laid
//! across weighing `d` from 1/20 to 20.

use rand::RngExt;

use super::brute::for_each_layout;
use super::frame::Orientation;
use super::importance::Sampler;
use super::tests::random_position_under;
use super::weighted::count_weighted_in;
use super::*;
use crate::game::layout::Placement;
use crate::game::prior::{Opponent, touching_pairs_of};
use crate::game::rng::{SonarRng, seeded};

/// Every orientation the programme may sweep in.
fn orientations() -> Vec<Orientation> {
    [false, true].into_iter().flat_map(|t| [false, true].map(|r| Orientation { transpose: t, reverse: r })).collect()
}

/// Touching pairs of a layout of the ships afloat, among themselves and with the board's `#`
/// cells, straight from the definition (two cells of different ships sharing an edge or corner).
fn pairs(board: &Board, ships: &[Placement]) -> usize {
    let among = touching_pairs_of(board.rows(), board.cols(), ships);
    let with_sunk = ships
        .iter()
        .flat_map(|p| p.cells())
        .map(|p| {
            board
                .cells()
                .iter()
                .enumerate()
                .filter(|&(i, &c)| {
                    let (r, col) = (i / board.cols(), i % board.cols());
                    c == Cell::Sunk && i != board.index(p) && r.abs_diff(p.row) <= 1 && col.abs_diff(p.col) <= 1
                })
                .count()
        })
        .sum::<usize>();
    among + with_sunk
}

/// Ships of 2 or more laid across and down in a layout of the ships afloat.
fn directions(ships: &[Placement]) -> (u32, u32) {
    let across = ships.iter().filter(|p| p.len > 1 && p.horizontal).count() as u32;
    let down = ships.iter().filter(|p| p.len > 1 && !p.horizontal).count() as u32;
    (across, down)
}

/// Exact brute-force marginals under integer cell weights, an integer touching weight and an
/// across weight `a / b` (each ship across weighs `a`, each down `b`, the same ratio): the total
/// and per-cell weights as exact integers.
fn exact_integer(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    w: &[u128],
    t: u128,
    (a, b): (u128, u128),
) -> (u128, Vec<u128>) {
    let mut total = 0u128;
    let mut occ = vec![0u128; board.len()];
    for_each_layout(board, fleet, rules, |ships, taken| {
        let cells: u128 = ships.iter().flat_map(|p| p.cells()).map(|c| w[board.index(c)]).product();
        let (across, down) = directions(ships);
        let weight = cells * t.pow(pairs(board, ships) as u32) * a.pow(across) * b.pow(down);
        total += weight;
        for (o, &on) in occ.iter_mut().zip(taken) {
            if on {
                *o += weight;
            }
        }
    });
    (total, occ)
}

/// Brute-force marginals under real weights.
fn brute_real(board: &Board, fleet: &Fleet, rules: Rules, m: &Opponent) -> Option<Vec<f64>> {
    let mut total = 0.0;
    let mut occ = vec![0.0; board.len()];
    for_each_layout(board, fleet, rules, |ships, taken| {
        let cells: f64 = ships.iter().flat_map(|p| p.cells()).map(|c| m.cells()[board.index(c)]).product();
        let across = m.across().powi(directions(ships).0 as i32);
        let weight = cells * m.touching().powi(pairs(board, ships) as i32) * across;
        total += weight;
        for (o, &on) in occ.iter_mut().zip(taken) {
            if on {
                *o += weight;
            }
        }
    });
    (total > 0.0).then(|| occ.iter().map(|o| o / total).collect())
}

/// The programme's marginals in every orientation and through [`count_weighted`] match
/// `expected` (None: no layout has a positive weight) to a relative 1e-10.
fn check(board: &Board, fleet: &Fleet, rules: Rules, m: &Opponent, expected: Option<Vec<f64>>) {
    let mut answers: Vec<_> =
        orientations().into_iter().map(|o| count_weighted_in(board, fleet, rules, m, o)).collect();
    answers.push(count_weighted(board, fleet, rules, m, u64::MAX));
    for got in answers {
        match (&expected, got) {
            (Some(e), Ok(p)) => {
                for (i, (x, y)) in e.iter().zip(p.marginals()).enumerate() {
                    assert!((x - y).abs() <= 1e-10 * x.max(1e-300), "cell {i}: brute {x}, programme {y}\n{board}{m:?}");
                }
            }
            (None, Err(ExactError::NoLayout)) => {}
            (e, got) => panic!("brute {e:?}, programme {got:?}\n{board}"),
        }
    }
}

/// A random small position of a game under `rules`.
fn position(rng: &mut SonarRng, rules: Rules) -> (Board, Fleet) {
    let shapes: &[(usize, usize, &[usize])] =
        &[(5, 5, &[3, 2, 1]), (4, 6, &[3, 2, 2]), (6, 4, &[2, 2, 1, 1]), (5, 6, &[4, 2, 1]), (6, 6, &[3, 2])];
    loop {
        let (rows, cols, ships) = shapes[rng.random_range(0..shapes.len())];
        let shots = rng.random_range(0..rows * cols / 2);
        let (b, f) = random_position_under(rng, rows, cols, ships, rules, shots);
        if !f.is_empty() {
            return (b, f);
        }
    }
}

#[test]
fn integer_weights_give_the_exact_rational_marginals() {
    let mut rng = seeded(24);
    let (mut sunk, mut hits, mut none) = (0, 0, 0);
    for case in 0..160 {
        let rules = if case % 4 == 3 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let (b, f) = position(&mut rng, rules);
        let w: Vec<u128> = (0..b.len()).map(|_| rng.random_range(1..=5)).collect();
        let t: u128 = [0, 1, 2, 3][case % 4];
        // Across weights 1, 2, 1/3 and 3/2, in a cycle that meets every touching weight.
        let (a, d) = [(1, 1), (2, 1), (1, 3), (3, 2)][case / 4 % 4];
        let m = Opponent::new(
            b.rows(),
            b.cols(),
            &w.chunks(b.cols()).map(|r| r.iter().map(|&x| x as f64).collect()).collect::<Vec<_>>(),
            t as f64,
        )
        .unwrap()
        .with_across(a as f64 / d as f64)
        .unwrap();
        let seen = rules.reveal(&b);
        let (total, occ) = exact_integer(&seen, &f, rules, &w, t, (a, d));
        let expected = (total > 0).then(|| occ.iter().map(|&o| o as f64 / total as f64).collect());
        none += usize::from(total == 0);
        sunk += usize::from(b.count(Cell::Sunk) > 0);
        hits += usize::from(b.has_hits());
        check(&b, &f, rules, &m, expected);
    }
    assert!(sunk > 20 && hits > 60 && none > 0, "cases with sunk ships {sunk}, hits {hits}, no layout {none}");
}

#[test]
fn real_weights_agree_with_brute_force_for_both_rules() {
    let mut rng = seeded(2424);
    for case in 0..120 {
        let rules = if case % 3 == 2 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let (b, f) = position(&mut rng, rules);
        let cells: Vec<Vec<f64>> =
            (0..b.rows()).map(|_| (0..b.cols()).map(|_| (rng.random::<f64>() * 6.0 - 3.0).exp()).collect()).collect();
        let t = [0.0, 0.05, 0.3, 0.9, 1.0, 4.0][case % 6];
        // Every other case lays ships one way more than the other, from 1/20 to 20.
        let d = if case % 2 == 0 { 1.0 } else { (rng.random::<f64>() * 6.0 - 3.0).exp() };
        let m = Opponent::new(b.rows(), b.cols(), &cells, t).unwrap().with_across(d).unwrap();
        let seen = rules.reveal(&b);
        check(&b, &f, rules, &m, brute_real(&seen, &f, rules, &m));
    }
}

#[test]
fn touching_zero_is_exactly_the_no_touch_rules() {
    let mut rng = seeded(240);
    for _ in 0..60 {
        let (b, f) = position(&mut rng, Rules::CLASSIC);
        let cells: Vec<Vec<f64>> =
            (0..b.rows()).map(|_| (0..b.cols()).map(|_| rng.random_range(0.2..2.0)).collect()).collect();
        let apart = Opponent::new(b.rows(), b.cols(), &cells, 0.0).unwrap();
        let flat = Opponent::new(b.rows(), b.cols(), &cells, 1.0).unwrap();
        let classic = count_weighted(&b, &f, Rules::CLASSIC, &apart, u64::MAX);
        let no_touch = if Rules::NO_TOUCH.check(&b).is_ok() {
            count_weighted(&b, &f, Rules::NO_TOUCH, &flat, u64::MAX)
        } else {
            Err(ExactError::NoLayout)
        };
        match (classic, no_touch) {
            (Ok(a), Ok(n)) => {
                for (x, y) in a.marginals().iter().zip(n.marginals()) {
                    assert!((x - y).abs() < 1e-12, "{x} {y}\n{b}");
                }
            }
            (Err(ExactError::NoLayout), Err(ExactError::NoLayout)) => {}
            (a, n) => panic!("touching 0 {a:?}, no-touch {n:?}\n{b}"),
        }
    }
}

#[test]
fn the_uniform_model_weighs_every_layout_one() {
    let mut rng = seeded(7);
    for _ in 0..40 {
        let (b, f) = position(&mut rng, Rules::CLASSIC);
        let counted = count_exact_under(&b, &f, Rules::CLASSIC, u64::MAX).unwrap();
        let weighed = count_weighted(&b, &f, Rules::CLASSIC, &Opponent::uniform(b.rows(), b.cols()), u64::MAX).unwrap();
        assert_eq!(weighed.weight, counted.layouts as f64);
        for (x, y) in counted.marginals().iter().zip(weighed.marginals()) {
            assert!((x - y).abs() < 1e-12);
        }
    }
}

#[test]
fn the_importance_sampler_under_a_prior_converges_to_the_exact_posterior() {
    // Positions with hits and sunk ships, a strong edge, touching and direction prior: 40,000 draws bring
    // every marginal within 0.03 of the exact one; only boards where the prior moves some cell by
    // 0.1 or more count, so a sampler that ignored it would fail.
    let mut rng = seeded(99);
    let mut checked = 0;
    while checked < 6 {
        let (b, f) = position(&mut rng, Rules::CLASSIC);
        if !b.has_hits() || b.count(Cell::Unknown) < 12 {
            continue;
        }
        let edge = |r: usize, c: usize| {
            let on = usize::from(r == 0 || r + 1 == b.rows()) + usize::from(c == 0 || c + 1 == b.cols());
            (1.5 * on as f64).exp()
        };
        let cells: Vec<Vec<f64>> = (0..b.rows()).map(|r| (0..b.cols()).map(|c| edge(r, c)).collect()).collect();
        // Ships laid across four times as often as down, where alone.
        let m = Opponent::new(b.rows(), b.cols(), &cells, 0.2).unwrap().with_across(4.0).unwrap();
        let Ok(exact) = count_weighted(&b, &f, Rules::CLASSIC, &m, u64::MAX) else { continue };
        let uniform = count_exact_under(&b, &f, Rules::CLASSIC, u64::MAX).unwrap().marginals();
        let exact = exact.marginals();
        let open = |i: usize| b.cells()[i] == Cell::Unknown;
        let prior_matters =
            (0..b.len()).filter(|&i| open(i)).map(|i| (uniform[i] - exact[i]).abs()).fold(0.0, f64::max);
        if prior_matters < 0.1 {
            continue;
        }
        let est = Sampler::with_rules(&b, &f, Rules::CLASSIC).with_prior(Some(&m)).estimate(40_000, &mut rng, |_| true);
        let est = est.expect("draws agree");
        let worst = (0..b.len()).filter(|&i| open(i)).map(|i| (est.marginals[i] - exact[i]).abs()).fold(0.0, f64::max);
        // Four standard deviations of a marginal near 1/2 at the draws' effective sample size, at
        // least 0.03: a sampler that ignored the prior would miss by `prior_matters`, twice as far.
        let tolerance = (2.0 / est.effective.sqrt()).max(0.03);
        if prior_matters < 2.0 * tolerance {
            continue;
        }
        assert!(worst < tolerance, "worst {worst}, tolerance {tolerance}\n{b}");
        checked += 1;
    }
}

#[test]
fn revealed_ship_cells_weigh_exactly_as_brute_force_says() {
    // Real positions with one or two `.` cells turned to `s` (some then have no layout at all,
    // which both must say), real weights, both rules.
    let mut rng = seeded(2525);
    let (mut some, mut none) = (0, 0);
    for case in 0..80 {
        let rules = if case % 3 == 2 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let (b, f) = position(&mut rng, rules);
        let mut seen = rules.reveal(&b).into_owned();
        for _ in 0..1 + case % 2 {
            let open: Vec<usize> = (0..seen.len()).filter(|&i| seen.cells()[i] == Cell::Unknown).collect();
            if let Some(&i) = open.get(rng.random_range(0..open.len().max(1))) {
                seen.set(seen.pos(i), Cell::Ship);
            }
        }
        let seen = rules.reveal(&seen).into_owned();
        let cells: Vec<Vec<f64>> =
            (0..b.rows()).map(|_| (0..b.cols()).map(|_| (rng.random::<f64>() * 4.0 - 2.0).exp()).collect()).collect();
        let m = Opponent::new(b.rows(), b.cols(), &cells, [0.3, 1.0, 2.0][case % 3]).unwrap();
        let expected = brute_real(&seen, &f, rules, &m);
        some += usize::from(expected.is_some());
        none += usize::from(expected.is_none());
        check(&seen, &f, rules, &m, expected);
    }
    assert!(some > 40 && none > 0, "{some} with a layout, {none} without");
}
