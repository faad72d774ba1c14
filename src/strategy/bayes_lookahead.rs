//! `bayes-lookahead` (issue 26, hypothesis 3: two shots ahead in target mode): each of the
//! [`CANDIDATES`] likeliest cells `c` scores the expected hits of this shot and the next, greedy
//! one, `P(c) + P(c)·max P(· | hit at c) + (1 − P(c))·max P(· | miss at c)`, a hit that ends the
//! game counting the next shot as a hit (no shot is needed). The probabilities come from
//! [`LAYOUTS`] layouts drawn from the posterior (exactly uniformly where the programme fits the
//! budget, as many importance draws beyond it), the grid is their marginals; `bayes` in hunt mode
//! ([`super::target_rule`]).

use super::contract::{AlgorithmInfo, GridKind, PosteriorFacts};
use super::target_rule::{Scored, Spend, Variant};
use crate::board::Cell;
use crate::posterior::ExactError;
use crate::posterior::held::draw_layouts;
use crate::rng::SonarRng;
use crate::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes-lookahead",
    summary: "bayes, but once there are hits it shoots the cell of most expected hits over this shot and the next, among the likeliest cells, from layouts drawn from the posterior (a study variant: it measured weaker than bayes)",
    source: "issue 26, hypothesis 3 (two shots ahead in target mode), over the whole-fleet posterior",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

/// Layouts drawn a turn: exactly uniform where the board is countable, importance draws (those of
/// weight 0 left out) otherwise.
pub const LAYOUTS: u64 = 3000;
/// The likeliest cells scored two shots ahead.
pub const CANDIDATES: usize = 8;

const WHY: &str =
    "the cell of most expected hits over this shot and the next, in target mode, not the most likely cell";

/// The variant, as `GET /algorithms` names it.
pub static BAYES_LOOKAHEAD: Variant = Variant { info: INFO, why: WHY, rule: score };

fn score(turn: Turn<'_>, spend: Spend, rng: &mut SonarRng) -> Result<Scored, ExactError> {
    let board = turn.board;
    let layouts = draw_layouts(board, turn.fleet, turn.rules, spend.work, LAYOUTS, rng)?;
    // Each layout as the set of open cells it covers.
    let open: Vec<bool> = board.cells().iter().map(|&c| c == Cell::Unknown).collect();
    let sets: Vec<(Vec<usize>, f64)> = layouts
        .iter()
        .map(|(ships, w)| {
            (ships.iter().flat_map(|p| p.cells()).map(|c| board.index(c)).filter(|&i| open[i]).collect(), *w)
        })
        .collect();
    let total: f64 = sets.iter().map(|(_, w)| w).sum();
    let mut marginals = vec![0.0; board.len()];
    for (cells, w) in &sets {
        cells.iter().for_each(|&i| marginals[i] += w);
    }
    // One division a cell: equal counts of drawn layouts give equal probabilities.
    marginals.iter_mut().for_each(|m| *m /= total);
    let mut ranked: Vec<usize> = (0..board.len()).filter(|&i| open[i]).collect();
    ranked.sort_by(|&a, &b| marginals[b].total_cmp(&marginals[a]).then(a.cmp(&b)));
    let mut score = vec![f64::NEG_INFINITY; board.len()];
    for &c in ranked.iter().take(CANDIDATES) {
        let (mut on_hit, mut on_miss) = (vec![0.0; board.len()], vec![0.0; board.len()]);
        let (mut hit, mut ended) = (0.0, 0.0);
        for (cells, w) in &sets {
            if cells.contains(&c) {
                hit += w;
                ended += if cells.len() == 1 { *w } else { 0.0 };
                cells.iter().filter(|&&i| i != c).for_each(|&i| on_hit[i] += w);
            } else {
                cells.iter().for_each(|&i| on_miss[i] += w);
            }
        }
        let miss = total - hit;
        let best = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
        let next_on_hit = if hit > 0.0 { (best(&on_hit) + ended) / hit } else { 0.0 };
        let next_on_miss = if miss > 0.0 { best(&on_miss) / miss } else { 0.0 };
        let p = hit / total;
        score[c] = p + p * next_on_hit + (1.0 - p) * next_on_miss;
    }
    let facts = PosteriorFacts { exact: false, layouts: None, samples: Some(layouts.len() as u64) };
    Ok(Scored { marginals, score, facts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Pos};
    use crate::fleet::Fleet;
    use crate::rng::seeded;
    use crate::strategy::contract::Strategy;

    /// The last cell of the last ship ends the game: it scores as two hits, and is the shot.
    #[test]
    fn the_shot_that_ends_the_game_is_taken() {
        let board = Board::parse(&["oooooo", ".xxxx.", "oooooo"]).unwrap();
        let fleet = Fleet::new(&[5], 6).unwrap();
        let mut grid = vec![0.0; 18];
        let d = BAYES_LOOKAHEAD.decide(Turn::new(&board, &fleet), &mut seeded(1), &mut grid).unwrap();
        assert!(d.shot == Pos::new(1, 0) || d.shot == Pos::new(1, 5), "{d:?}");
        assert!((grid[6] - 0.5).abs() < 0.05 && (grid[11] - 0.5).abs() < 0.05, "{grid:?}");
    }
}
