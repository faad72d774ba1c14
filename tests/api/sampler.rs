//! The hidden-fleet sampler is uniform over legal layouts: cell occupancy matches exact counts.

use rand::RngExt;
use sonar::{Layout, Placement, random_layout};
use sonar::{SonarRng, seeded};

const ROWS: usize = 4;
const COLS: usize = 4;
const FLEET: [usize; 3] = [3, 3, 2];
const SAMPLES: usize = 20_000;

/// Exact per-cell occupancy probability over all legal layouts, by enumeration.
fn exact_occupancy() -> (Vec<f64>, u64) {
    let placements: Vec<Vec<Placement>> = FLEET.iter().map(|&l| Placement::all(ROWS, COLS, l)).collect();
    let mut occ = vec![0u64; ROWS * COLS];
    let mut layouts = 0u64;
    fn rec(i: usize, used: u32, chosen: &mut Vec<Placement>, p: &[Vec<Placement>], occ: &mut [u64], n: &mut u64) {
        if i == p.len() {
            *n += 1;
            for s in chosen.iter() {
                for c in s.cells() {
                    occ[c.row * COLS + c.col] += 1;
                }
            }
            return;
        }
        for &pl in &p[i] {
            let mask = pl.cells().fold(0u32, |m, c| m | 1 << (c.row * COLS + c.col));
            if used & mask == 0 {
                chosen.push(pl);
                rec(i + 1, used | mask, chosen, p, occ, n);
                chosen.pop();
            }
        }
    }
    rec(0, 0, &mut Vec::new(), &placements, &mut occ, &mut layouts);
    (occ.iter().map(|&o| o as f64 / layouts as f64).collect(), layouts)
}

/// The largest |z| of sampled cell frequencies against the exact probabilities.
fn max_z(sample: impl Fn(&mut SonarRng) -> Layout) -> f64 {
    let (exact, _) = exact_occupancy();
    let mut counts = vec![0usize; ROWS * COLS];
    let mut rng = seeded(2024);
    for _ in 0..SAMPLES {
        for s in sample(&mut rng).ships {
            for c in s.cells() {
                counts[c.row * COLS + c.col] += 1;
            }
        }
    }
    exact
        .iter()
        .zip(&counts)
        .map(|(&p, &k)| {
            let freq = k as f64 / SAMPLES as f64;
            (freq - p).abs() / (p * (1.0 - p) / SAMPLES as f64).sqrt()
        })
        .fold(0.0, f64::max)
}

#[test]
fn enumeration_counts_the_layouts() {
    // Labelled ships; the same figure the brute force in Python gave.
    assert_eq!(exact_occupancy().1, 1608);
}

#[test]
fn whole_fleet_rejection_is_uniform() {
    let z = max_z(|rng| random_layout(ROWS, COLS, &FLEET, rng).unwrap());
    assert!(z < 4.5, "cell occupancy is off the exact counts: max |z| = {z:.2}");
}

/// The test has the power to see the classic mistake: placing ships one by one and retrying only
/// the clashing ship over-weights the centre by about 0.046 here, some 13 standard errors.
#[test]
fn retrying_only_the_clashing_ship_is_detectably_biased() {
    let naive = |rng: &mut SonarRng| {
        let mut ships: Vec<Placement> = Vec::new();
        for &len in &FLEET {
            let all = Placement::all(ROWS, COLS, len);
            loop {
                let p = all[rng.random_range(0..all.len())];
                let clash = ships.iter().any(|s| s.cells().any(|a| p.cells().any(|b| a == b)));
                if !clash {
                    ships.push(p);
                    break;
                }
            }
        }
        Layout { rows: ROWS, cols: COLS, ships }
    };
    let z = max_z(naive);
    assert!(z > 8.0, "the uniformity check cannot tell the biased sampler apart: max |z| = {z:.2}");
}

/// Under the no-touch rules the sampler is uniform over the layouts whose ships keep apart: cell
/// frequencies against the exact marginals of the posterior programme (itself checked against
/// brute force), and no drawn layout has two ships touching.
#[test]
fn no_touch_layouts_are_uniform_too() {
    use sonar::Board;
    use sonar::Fleet;
    use sonar::Rules;
    use sonar::count_exact_under;
    use sonar::random_layout_under;
    let (rows, cols, fleet) = (5, 5, [3, 2, 1]);
    let exact =
        count_exact_under(&Board::empty(rows, cols), &Fleet::new(&fleet, 5).unwrap(), Rules::NO_TOUCH, u64::MAX)
            .unwrap()
            .marginals();
    let mut counts = vec![0usize; rows * cols];
    let mut rng = seeded(7);
    for _ in 0..SAMPLES {
        let layout = random_layout_under(rows, cols, &fleet, Rules::NO_TOUCH, &mut rng).unwrap();
        for (i, a) in layout.ships.iter().enumerate() {
            for b in &layout.ships[i + 1..] {
                let apart =
                    a.cells().all(|p| b.cells().all(|q| p.row.abs_diff(q.row) > 1 || p.col.abs_diff(q.col) > 1));
                assert!(apart, "{layout:?}");
            }
            for c in a.cells() {
                counts[c.row * cols + c.col] += 1;
            }
        }
    }
    let z = exact
        .iter()
        .zip(&counts)
        .map(|(&p, &k)| (k as f64 / SAMPLES as f64 - p).abs() / (p * (1.0 - p) / SAMPLES as f64).sqrt())
        .fold(0.0, f64::max);
    assert!(z < 4.5, "no-touch cell occupancy is off the exact counts: max |z| = {z:.2}");
}
