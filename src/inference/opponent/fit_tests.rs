//! Tests of the fit (`fit.rs`): it recovers a known model from many fleets, stays near uniform on
//! few uniform ones, learns most of a strong habit from 20 (edges, touching, direction), is
//! deterministic, and summarises right.

use super::draw::Sampler;
use super::features::Features;
use super::fit::{Fit, fit};
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, Placement};
use crate::game::prior::{Opponent, touching_pairs};
use crate::game::rng::{SonarRng, seeded, stream};
use crate::game::rules::Rules;
use crate::hiding::habit::Habit;

/// `n` layouts of the classic fleet drawn from `model`.
fn fleets_of(model: &Opponent, n: usize, rng: &mut SonarRng) -> Vec<Layout> {
    let sampler = Sampler::new(model, Fleet::classic().lengths(), Rules::CLASSIC, false).unwrap();
    let mut attempts = u64::MAX;
    (0..n).map(|_| sampler.draw(&mut attempts, rng).unwrap()).collect()
}

/// `n` layouts of the classic fleet hidden with `habit`.
fn fleets_with(habit: Habit, n: usize, seed: u64) -> Vec<Layout> {
    let f = Fleet::classic();
    (0..n).map(|i| habit.draw(10, 10, &f, Rules::CLASSIC, &mut stream(seed, i as u64)).unwrap()).collect()
}

fn classic_fit(fleets: &[Layout]) -> Fit {
    fit(10, 10, &Fleet::classic(), fleets)
}

/// `ln` of a cell's weight over the middle cell's (which has no feature).
fn ln_ratio(model: &Opponent, row: usize, col: usize) -> f64 {
    (model.cells()[row * 10 + col] / model.cells()[5 * 10 + 5]).ln()
}

/// The cells whose ratios tell the features apart: a corner, the border, 1 and 2 from it.
const PROBES: [(usize, usize); 5] = [(0, 0), (0, 5), (1, 5), (2, 5), (1, 1)];

#[test]
fn many_fleets_recover_a_known_model() {
    // Edges weigh e^0.8 per edge, touching pairs 0.3 and ships across 2: 600 fleets drawn from it.
    let truth = Features::new(10, 10).model(&[0.8, 0.0, 0.0, 0.0, 0.3f64.ln(), 2.0f64.ln()]);
    let fleets = fleets_of(&truth, 600, &mut seeded(21));
    let fitted = classic_fit(&fleets).model;
    // The tolerance: 600 fleets carry about 3,000 edge cells, so each parameter is known to about
    // 0.03-0.05 (one sd, the features being correlated), a corner's ratio sums three of them, and the
    // prior's pull is about 1% at this count; 0.2 is 4 sd or more on each, and a fit that ignored
    // the edges (0.8 off) or the touching (ln 0.3 = -1.2 off) fails it.
    for (r, c) in PROBES {
        let (got, want) = (ln_ratio(&fitted, r, c), ln_ratio(&truth, r, c));
        assert!((got - want).abs() < 0.2, "cell ({r},{c}): fitted {got:.3}, true {want:.3}");
    }
    let t = fitted.touching();
    assert!((t.ln() - 0.3f64.ln()).abs() < 0.2, "touching {t:.3}, true 0.3");
    // 3,000 ships, each across or down: ln d known to about 0.04.
    let d = fitted.across();
    assert!((d.ln() - 2.0f64.ln()).abs() < 0.2, "across {d:.3}, true 2");
}

#[test]
fn twenty_uniform_fleets_give_a_model_near_uniform() {
    let mut exactly = 0;
    for seed in 0..5 {
        let fitted = classic_fit(&fleets_with(Habit::Uniform, 20, seed)).model;
        // The likelihood ratio test leaves uniform fleets uniform but for 1% of them.
        exactly += usize::from(fitted.is_uniform());
        for (r, c) in PROBES {
            let ratio = ln_ratio(&fitted, r, c);
            assert!(ratio.abs() < 0.2, "seed {seed}, cell ({r},{c}): ln ratio {ratio:.3}");
        }
        let t = fitted.touching();
        assert!(t.ln().abs() < 0.2, "seed {seed}: touching {t:.3}");
        let d = fitted.across();
        assert!(d.ln().abs() < 0.2, "seed {seed}: across {d:.3}");
    }
    assert!(exactly >= 4, "{exactly} of 5 uniform");
}

/// The border's share of ship cells of layouts drawn from `model`.
fn edge_share_of(model: &Opponent) -> f64 {
    // The sampler draws touching weights up to 1 only; the border share hardly depends on it.
    let model = Opponent::new(10, 10, &model.cell_rows(), model.touching().min(1.0)).unwrap();
    let layouts = fleets_of(&model, 4000, &mut seeded(8));
    let cells: usize = layouts
        .iter()
        .flat_map(|l| l.ships.iter().flat_map(|p| p.cells()))
        .filter(|c| c.row == 0 || c.col == 0 || c.row == 9 || c.col == 9)
        .count();
    cells as f64 / (17 * layouts.len()) as f64
}

#[test]
fn twenty_fleets_of_a_strong_habit_give_most_of_it() {
    // edge:1: the border's log ratio (1 when learnt fully) at least half of it.
    let edge = classic_fit(&fleets_with(Habit::Edge(1.0), 20, 3)).model;
    assert!(ln_ratio(&edge, 0, 5) > 0.5, "edge:1 learnt {:.3}", ln_ratio(&edge, 0, 5));
    // hard:64 (the least exposed of 64 layouts): the fitted model puts most of the way from
    // uniform's border share to the habit's.
    let hard = fleets_with(Habit::HardOf(64), 20, 3);
    let fitted = classic_fit(&hard);
    let (uniform, habit) = (fitted.summary.uniform_edge_share, fitted.summary.edge_share);
    let learnt = edge_share_of(&fitted.model);
    assert!(learnt - uniform > 0.5 * (habit - uniform), "uniform {uniform:.3}, hard {habit:.3}, learnt {learnt:.3}");
    // apart: never touching, so t small, but above 0.
    let apart = classic_fit(&fleets_with(Habit::Apart, 20, 3)).model;
    assert!(apart.touching() > 0.0 && apart.touching() < 0.2, "apart: t = {}", apart.touching());
    // parallel (every ship across): d far above 1, so that a ship down is rare; across:0.8 (d 4)
    // about its own, across:0.2 (d 1/4) the other way.
    let parallel = classic_fit(&fleets_with(Habit::Parallel, 20, 3)).model;
    assert!(parallel.across() > 20.0, "parallel: d = {}", parallel.across());
    assert!(parallel.cells().iter().all(|&w| w > 0.9), "parallel: cells {:?}", parallel.cells());
    for (p, low, high) in [(0.8, 2.5, 6.5), (0.2, 1.0 / 6.5, 1.0 / 2.5)] {
        let d = classic_fit(&fleets_with(Habit::Across(p), 20, 3)).model.across();
        assert!((low..high).contains(&d), "across:{p}: d = {d:.3}");
    }
}

#[test]
fn the_same_fleets_give_the_same_model_and_no_fleets_the_uniform_one() {
    let fleets = fleets_with(Habit::Edge(0.7), 30, 5);
    assert_eq!(classic_fit(&fleets), classic_fit(&fleets));
    let none = classic_fit(&[]);
    assert!(none.model.is_uniform());
    assert_eq!(none.games, 0);
    assert_eq!((none.summary.edge_share, none.summary.touching_share), (0.0, 0.0));
}

#[test]
fn the_summary_counts_border_cells_and_touching_fleets() {
    let ship = |len, row, col, horizontal| Placement { len, row, col, horizontal };
    let board = |ships| Layout { rows: 5, cols: 5, ships };
    let fleets = [
        // Cells (0,0) (0,1) on the border, (1,1) (1,2) not; the ships touch.
        board(vec![ship(2, 0, 0, true), ship(2, 1, 1, true)]),
        // (4,3) (4,4) on the border, (2,1) (3,1) not; apart.
        board(vec![ship(2, 4, 3, true), ship(2, 2, 1, false)]),
        // Not a layout of the fleet (one ship of 3): left out.
        board(vec![ship(3, 0, 0, true), ship(2, 2, 2, true)]),
        // On another board: left out.
        Layout { rows: 6, cols: 5, ships: vec![ship(2, 0, 0, true), ship(2, 5, 0, true)] },
    ];
    let f = fit(5, 5, &Fleet::new(&[2, 2], 5).unwrap(), &fleets);
    assert_eq!(f.games, 2);
    assert_eq!((f.summary.edge_share, f.summary.touching_share), (0.5, 0.5));
    // Three of the four ships across.
    assert_eq!(f.summary.across_share, 0.75);
    assert!((f.summary.uniform_across_share - 0.5).abs() < 0.025, "{}", f.summary.uniform_across_share);
    // Uniform layouts, by enumerating every pair of placements that do not overlap.
    let (mut edge, mut cells, mut touching, mut layouts) = (0, 0, 0, 0);
    let all = Placement::all(5, 5, 2);
    for &a in &all {
        for &b in &all {
            if a.cells().any(|c| b.cells().any(|d| d == c)) {
                continue;
            }
            let l = board(vec![a, b]);
            layouts += 1;
            touching += usize::from(touching_pairs(&l) > 0);
            for c in a.cells().chain(b.cells()) {
                cells += 1;
                edge += usize::from(c.row == 0 || c.col == 0 || c.row == 4 || c.col == 4);
            }
        }
    }
    let (edge, touching) = (edge as f64 / cells as f64, touching as f64 / layouts as f64);
    // The summary estimates them from the fit's first pool of 4,000 uniform layouts: within 0.025
    // is over 3 sd.
    assert!((f.summary.uniform_edge_share - edge).abs() < 0.025, "{} against {edge}", f.summary.uniform_edge_share);
    assert!(
        (f.summary.uniform_touching_share - touching).abs() < 0.025,
        "{} against {touching}",
        f.summary.uniform_touching_share
    );
}
