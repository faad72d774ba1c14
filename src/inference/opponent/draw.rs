//! Layouts drawn exactly from a model ([`Opponent`]) whose touching weight is at most 1.
//!
//! Each ship takes a placement with probability proportional to its placement weight (the product
//! of its cells' weights times its direction's, [`Opponent::placement_weight`]) over the
//! placements allowed; on any overlap the whole fleet is drawn again, which is
//! exact for the product measure restricted to layouts without overlap (the same argument as the
//! uniform sampler's, [`crate::game::layout::random_layout_under`]). A layout without overlap is then
//! accepted with probability `t ^ pairs` (its touching cell pairs), which makes it exactly the
//! model; with `t` 0, or under the no-touch rules, ships that touch are redrawn at once (the cells
//! around a ship are marked taken, as the uniform sampler does). The work is bounded by a number of
//! whole-fleet attempts, after which the draw is an error rather than a hang.

use rand::RngExt;
use thiserror::Error;

use crate::game::board::Pos;
use crate::game::layout::{Layout, LayoutError, Placement, check_room};
use crate::game::prior::{Opponent, touching_pairs};
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;

/// Why no layout was drawn.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum DrawError {
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error("model.touching: {0} is above 1, which the sampler cannot draw exactly")]
    Crowding(f64),
    #[error("a ship of length {len} cannot lie horizontally on a board {cols} columns wide")]
    NotHorizontal { len: usize, cols: usize },
    #[error("a ship of length {len} has no place clear of the islands")]
    Islands { len: usize },
}

/// The placements of each ship and their cumulative weights, ready to draw many layouts.
#[derive(Clone, Debug)]
pub struct Sampler {
    rows: usize,
    cols: usize,
    /// Per ship: its placements and their cumulative weights (the last the total).
    ships: Vec<(Vec<Placement>, Vec<f64>)>,
    touching: f64,
    /// 1 when ships may not touch at all (the no-touch rules, or `t` 0), else 0.
    reach: usize,
}

impl Sampler {
    /// A sampler of `fleet`'s layouts under `rules` from `model`; `horizontal` allows only
    /// horizontal ships (a habit the model does not describe, drawn with its weights all the same).
    pub fn new(model: &Opponent, fleet: &[usize], rules: Rules, horizontal: bool) -> Result<Sampler, DrawError> {
        Sampler::build(model, fleet, rules, horizontal, &[])
    }

    /// A sampler of `fleet`'s layouts under `rules` from `model` whose ships cover none of
    /// `islands`: the model restricted to the layouts that avoid them.
    pub fn around(model: &Opponent, fleet: &[usize], rules: Rules, islands: &[Pos]) -> Result<Sampler, DrawError> {
        Sampler::build(model, fleet, rules, false, islands)
    }

    fn build(
        model: &Opponent,
        fleet: &[usize],
        rules: Rules,
        horizontal: bool,
        islands: &[Pos],
    ) -> Result<Sampler, DrawError> {
        let (rows, cols) = (model.rows(), model.cols());
        check_room(rows, cols, fleet)?;
        let touching = model.touching();
        if touching > 1.0 {
            return Err(DrawError::Crowding(touching));
        }
        let mut ships = Vec::with_capacity(fleet.len());
        for &len in fleet {
            let placements: Vec<Placement> = Placement::all(rows, cols, len)
                .into_iter()
                .filter(|p| !horizontal || p.horizontal || len == 1)
                .filter(|p| !p.cells().any(|c| islands.contains(&c)))
                .collect();
            if placements.is_empty() {
                return Err(if horizontal {
                    DrawError::NotHorizontal { len, cols }
                } else {
                    DrawError::Islands { len }
                });
            }
            let mut total = 0.0;
            let cumulative = placements
                .iter()
                .map(|p| {
                    total += model.placement_weight(*p);
                    total
                })
                .collect();
            ships.push((placements, cumulative));
        }
        let reach = usize::from(!rules.touching || touching == 0.0);
        Ok(Sampler { rows, cols, ships, touching, reach })
    }

    /// One layout, spending whole-fleet attempts from `attempts` (a budget several draws may
    /// share); an error when they run out.
    pub fn draw(&self, attempts: &mut u64, rng: &mut SonarRng) -> Result<Layout, DrawError> {
        let (rows, cols) = (self.rows, self.cols);
        let budget = *attempts;
        let mut taken = vec![false; rows * cols];
        let mut placed = Vec::with_capacity(self.ships.len());
        while *attempts > 0 {
            *attempts -= 1;
            taken.fill(false);
            placed.clear();
            let mut clash = false;
            for (placements, cumulative) in &self.ships {
                let total = cumulative[cumulative.len() - 1];
                let u = rng.random::<f64>() * total;
                let k = cumulative.partition_point(|&c| c <= u).min(placements.len() - 1);
                let p = placements[k];
                clash = p.cells().any(|c| taken[c.row * cols + c.col]);
                if clash {
                    break;
                }
                let reach = self.reach;
                for c in p.cells() {
                    for r in c.row.saturating_sub(reach)..=(c.row + reach).min(rows - 1) {
                        for k in c.col.saturating_sub(reach)..=(c.col + reach).min(cols - 1) {
                            taken[r * cols + k] = true;
                        }
                    }
                }
                placed.push(p);
            }
            if clash {
                continue;
            }
            let layout = Layout { rows, cols, ships: placed.clone() };
            if self.reach == 1 || self.touching == 1.0 {
                return Ok(layout);
            }
            let pairs = touching_pairs(&layout);
            if pairs == 0 || rng.random::<f64>() < self.touching.powi(pairs as i32) {
                return Ok(layout);
            }
        }
        Err(LayoutError::TooCrowded(budget).into())
    }
}

/// Most whole-fleet attempts one [`draw`] makes.
pub const MAX_ATTEMPTS: u64 = crate::game::layout::MAX_ATTEMPTS;

/// One layout of `fleet` drawn exactly from `model` under `rules`.
pub fn draw(model: &Opponent, fleet: &[usize], rules: Rules, rng: &mut SonarRng) -> Result<Layout, DrawError> {
    let mut attempts = MAX_ATTEMPTS;
    Sampler::new(model, fleet, rules, false)?.draw(&mut attempts, rng)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::game::rng::seeded;

    /// Every layout of `fleet` on the board (ships in fleet order) with its model weight, by brute
    /// force.
    fn enumerate(model: &Opponent, fleet: &[usize], rules: Rules) -> Vec<(Vec<Placement>, f64)> {
        let mut out = Vec::new();
        let mut stack = vec![(Vec::new(), 0usize)];
        while let Some((ships, depth)) = stack.pop() {
            if depth == fleet.len() {
                let layout = Layout { rows: model.rows(), cols: model.cols(), ships: ships.clone() };
                let pairs = touching_pairs(&layout);
                if !rules.touching && pairs > 0 {
                    continue;
                }
                out.push((ships, model.ln_weight(&layout).exp()));
                continue;
            }
            for p in Placement::all(model.rows(), model.cols(), fleet[depth]) {
                let overlap = ships.iter().any(|q: &Placement| q.cells().any(|c| p.cells().any(|d| d == c)));
                if !overlap {
                    let mut next = ships.clone();
                    next.push(p);
                    stack.push((next, depth + 1));
                }
            }
        }
        out
    }

    /// Chi-square of `draws` layouts against the exact probabilities of every layout; the
    /// statistic has (layouts - 1) degrees of freedom, so it should be near that, and a wrong
    /// sampler (ships independent, `t` ignored, weights ignored) is hundreds of sd off.
    fn chi_square(model: &Opponent, fleet: &[usize], rules: Rules, horizontal: bool, draws: usize) -> (f64, usize) {
        chi_square_around(model, fleet, rules, horizontal, &[], draws)
    }

    /// [`chi_square`] of the sampler that keeps off `islands`.
    fn chi_square_around(
        model: &Opponent,
        fleet: &[usize],
        rules: Rules,
        horizontal: bool,
        islands: &[Pos],
        draws: usize,
    ) -> (f64, usize) {
        let dry = |ships: &[Placement]| ships.iter().all(|p| p.cells().all(|c| !islands.contains(&c)));
        let all: Vec<_> = enumerate(model, fleet, rules)
            .into_iter()
            .filter(|(ships, w)| *w > 0.0 && (!horizontal || ships.iter().all(|p| p.horizontal || p.len == 1)))
            .filter(|(ships, _)| dry(ships))
            .collect();
        let total: f64 = all.iter().map(|(_, w)| w).sum();
        let sampler = Sampler::build(model, fleet, rules, horizontal, islands).unwrap();
        let mut rng = seeded(5);
        let mut counts: HashMap<Vec<Placement>, usize> = HashMap::new();
        let mut attempts = u64::MAX;
        for _ in 0..draws {
            *counts.entry(sampler.draw(&mut attempts, &mut rng).unwrap().ships).or_default() += 1;
        }
        let mut chi = 0.0;
        let mut seen = 0;
        for (ships, w) in &all {
            let expected = draws as f64 * w / total;
            let k = counts.get(ships).copied().unwrap_or(0);
            seen += k;
            chi += (k as f64 - expected).powi(2) / expected;
        }
        assert_eq!(seen, draws, "every drawn layout is one of the enumerated ones");
        (chi, all.len() - 1)
    }

    #[test]
    fn draws_follow_the_model_exactly_on_a_tiny_board() {
        // A 3x3 board, ships of 2 and 2: edge-heavy cells, touching rare but allowed.
        let cells = [vec![3.0, 1.0, 2.0], vec![1.0, 0.5, 1.0], vec![2.0, 1.0, 0.25]];
        let cases = [
            (Opponent::new(3, 3, &cells, 0.3).unwrap(), Rules::CLASSIC, false),
            (Opponent::new(3, 3, &cells, 1.0).unwrap(), Rules::CLASSIC, false),
            (Opponent::new(3, 3, &cells, 0.0).unwrap(), Rules::CLASSIC, false),
            (Opponent::new(3, 3, &cells, 0.3).unwrap(), Rules::NO_TOUCH, false),
            (Opponent::uniform(3, 3), Rules::CLASSIC, true),
            // Ships laid across three times as often, or a quarter as often, as down.
            (Opponent::new(3, 3, &cells, 0.3).unwrap().with_across(3.0).unwrap(), Rules::CLASSIC, false),
            (Opponent::new(3, 3, &cells, 1.0).unwrap().with_across(0.25).unwrap(), Rules::NO_TOUCH, false),
        ];
        for (model, rules, horizontal) in cases {
            let (chi, dof) = chi_square(&model, &[2, 2], rules, horizontal, 40_000);
            // Chi-square with dof degrees of freedom has mean dof and sd sqrt(2 dof): 5 sd above.
            let bound = dof as f64 + 5.0 * (2.0 * dof as f64).sqrt();
            assert!(chi < bound, "{model:?} {rules:?}: chi-square {chi:.1} with {dof} dof");
        }
        // Around islands: the model restricted to the layouts that keep off them.
        let model = Opponent::new(3, 3, &cells, 0.3).unwrap();
        for (rules, islands) in [(Rules::CLASSIC, vec![Pos::new(0, 1)]), (Rules::NO_TOUCH, vec![Pos::new(1, 1)])] {
            let (chi, dof) = chi_square_around(&model, &[2, 2], rules, false, &islands, 40_000);
            let bound = dof as f64 + 5.0 * (2.0 * dof as f64).sqrt();
            assert!(chi < bound, "{rules:?} around {islands:?}: chi-square {chi:.1} with {dof} dof");
        }
        let no_room = Sampler::around(
            &model,
            &[3],
            Rules::CLASSIC,
            &[Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 2), Pos::new(2, 1)],
        );
        assert_eq!(no_room.unwrap_err(), DrawError::Islands { len: 3 });
    }

    #[test]
    fn a_wrong_sampler_fails_the_same_test() {
        // Drawing from t = 1 while the model says 0.3: the test above must see it.
        let cells = vec![vec![1.0; 3]; 3];
        let truth = Opponent::new(3, 3, &cells, 0.3).unwrap();
        let all = enumerate(&truth, &[2, 2], Rules::CLASSIC);
        let total: f64 = all.iter().map(|(_, w)| w).sum();
        let wrong = Sampler::new(&Opponent::uniform(3, 3), &[2, 2], Rules::CLASSIC, false).unwrap();
        let (mut rng, mut attempts, draws) = (seeded(5), u64::MAX, 40_000);
        let mut counts: HashMap<Vec<Placement>, usize> = HashMap::new();
        for _ in 0..draws {
            *counts.entry(wrong.draw(&mut attempts, &mut rng).unwrap().ships).or_default() += 1;
        }
        let chi: f64 = all
            .iter()
            .map(|(ships, w)| {
                let e = draws as f64 * w / total;
                (counts.get(ships).copied().unwrap_or(0) as f64 - e).powi(2) / e
            })
            .sum();
        let dof = (all.len() - 1) as f64;
        assert!(chi > dof + 5.0 * (2.0 * dof).sqrt(), "chi-square {chi:.1}, dof {dof}");
    }

    #[test]
    fn no_touch_layouts_never_touch() {
        let mut rng = seeded(2);
        for _ in 0..200 {
            let layout = draw(&Opponent::uniform(5, 5), &[3, 2, 1], Rules::NO_TOUCH, &mut rng).unwrap();
            assert_eq!(touching_pairs(&layout), 0);
        }
    }

    #[test]
    fn impossible_draws_are_errors_not_hangs() {
        let model = Opponent::uniform(3, 3);
        assert!(matches!(draw(&model, &[4], Rules::CLASSIC, &mut seeded(1)), Err(DrawError::Layout(_))));
        let crowding = Opponent::new(3, 3, &vec![vec![1.0; 3]; 3], 2.0).unwrap();
        assert_eq!(draw(&crowding, &[2], Rules::CLASSIC, &mut seeded(1)), Err(DrawError::Crowding(2.0)));
        // Three ships of 3 fill 3x3 only by touching: t = 0 can never accept one.
        let apart = Opponent::new(3, 3, &vec![vec![1.0; 3]; 3], 0.0).unwrap();
        let sampler = Sampler::new(&apart, &[3, 3, 3], Rules::CLASSIC, false).unwrap();
        assert_eq!(sampler.draw(&mut 1000, &mut seeded(1)), Err(DrawError::Layout(LayoutError::TooCrowded(1000))));
        assert!(matches!(
            Sampler::new(&Opponent::uniform(4, 2), &[3], Rules::CLASSIC, true),
            Err(DrawError::NotHorizontal { len: 3, cols: 2 })
        ));
    }
}
