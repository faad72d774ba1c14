//! Fitting a model from the fleets a player hid before.
//!
//! The model's cell weights are tied through the features of [`super::features`] (edge distances
//! of the row and the column, the corner), its touching weight is `t = exp(theta_t)` and its across
//! weight `d = exp(theta_d)`: [`FEATURES`] parameters `theta`, and a layout's log weight is
//! `theta . s(layout)` for its statistics `s`.
//! The fit is the maximum a posteriori of `theta` under a Gaussian prior centred on the uniform
//! model ([`PRIOR_SD`]): a handful of fleets moves the model a little, many move it more.
//!
//! The log-likelihood's gradient is the fleets' statistics minus the model's expected ones, and its
//! Hessian minus the model's covariance of them. Both are estimated by self-normalised importance
//! weighting of a pool of [`POOL`] layouts drawn exactly ([`super::draw()`]) from a proposal model,
//! first uniform; Newton steps (bounded) climb the estimated posterior to its top, and when the
//! pool's effective sample size there is under [`MIN_ESS_SHARE`] of it, a new pool is drawn at the
//! estimate (at most [`REDRAWS`] times). Pools are drawn from [`FIT_SEED`], so the same fleets
//! always give the same model.

use nalgebra::{DMatrix, DVector, SMatrix, SVector};

use super::draw::Sampler;
use super::features::{ACROSS, CELL_FEATURES, FEATURES, Features, TOUCHING, Vector, dot};
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::prior::{MAX_ACROSS, MAX_TOUCHING, Opponent, touching_pairs};
use crate::game::rng::stream;
use crate::game::rules::Rules;

/// A fitted model and what the fleets showed.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub model: Opponent,
    /// Fleets it was fitted from (those that are layouts of the fleet on the board; any other is
    /// left out).
    pub games: usize,
    pub summary: Summary,
}

/// What the fleets showed, against what uniform layouts would show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Share of the fleets' ship cells on the board's border (row or column 0 or last).
    pub edge_share: f64,
    /// Share of the fleets with at least one touching cell pair.
    pub touching_share: f64,
    /// `edge_share` expected of uniform layouts of the same fleet.
    pub uniform_edge_share: f64,
    /// `touching_share` expected of uniform layouts of the same fleet.
    pub uniform_touching_share: f64,
    /// Share of the fleets' ships of 2 or more laid across (along a row).
    pub across_share: f64,
    /// `across_share` expected of uniform layouts of the same fleet.
    pub uniform_across_share: f64,
}

/// The seed of the fit's pools: pool `k` is drawn from `stream(FIT_SEED, k)`.
pub const FIT_SEED: u64 = 0x4649_545f_504f_4f4c;
/// Layouts in a pool. The uniform shares of the summary are estimated from the first pool, within
/// about 0.01.
pub const POOL: usize = 4000;
/// Whole-fleet attempts a pool may spend (a fleet so crowded that they run out is fitted from the
/// layouts drawn).
pub const POOL_ATTEMPTS: u64 = 200 * POOL as u64;
/// New pools drawn at the estimate when the effective sample size is low.
pub const REDRAWS: usize = 4;
/// Effective sample size, as a share of the pool, under which a new pool is drawn.
pub const MIN_ESS_SHARE: f64 = 0.5;
/// Standard deviations of the Gaussian prior of the parameters (edge distances 0, 1, 2, corner,
/// `ln t`, `ln d`), centred on 0 (uniform). Chosen on classic fleets so that 20 fleets of `edge:1`
/// or of `hard:64` (the least exposed of 64 layouts) teach a good part of their lean to the border,
/// while 20 uniform fleets move every cell weight only a little (and then [`HABIT_EVIDENCE`] puts
/// most of them back to exactly uniform). `ln t` is freer: touching pairs are many, and a player
/// who never lets ships touch (`apart`) shows it in 20 fleets. `ln d` is as free: 20 fleets of
/// `parallel` (every ship across) give `d` far above 1, and 20 of `across:p` about their true
/// weight. What 20 fleets teach is measured in `docs/opponent.md`, "Fitting a model from past
/// fleets", and pinned by `fit_tests.rs`.
pub const PRIOR_SD: Vector = [0.1, 0.1, 0.1, 0.1, 1.5, 1.5];
/// The evidence of a habit a fit needs to move off uniform: the log-likelihood ratio statistic of
/// the estimate against uniform at least the 99th percentile of chi-square with [`FEATURES`]
/// degrees of freedom (one per parameter). Fleets that do not show a habit at that level give the
/// uniform model exactly: a model off uniform by the fleets' noise alone costs a shooter shots, as
/// random tie-breaking does (measured in
/// `docs/decisions/0024-opponent-fit-keeps-only-shown-habits.md`).
pub const HABIT_EVIDENCE: f64 = 16.81;
/// The groups of parameters, each tested against "no habit" on its own once the whole model has
/// passed [`HABIT_EVIDENCE`]: the cells' features, `ln t`, `ln d`; each with the 99th percentile of
/// chi-square with its degrees of freedom. A group whose estimate lies within that region of its
/// posterior around 0 (the Wald statistic of its part of the posterior covariance) is set to 0
/// and the rest fitted again without it: 20 fleets of `parallel` show a direction, not their
/// cells' noise, which would otherwise come along with the direction and cost `bayes` shots
/// against them (measured in `docs/decisions/0024-opponent-fit-keeps-only-shown-habits.md`).
pub const GROUPS: [(usize, usize, f64); 3] =
    [(0, CELL_FEATURES, 13.28), (TOUCHING, TOUCHING + 1, 6.63), (ACROSS, ACROSS + 1, 6.63)];
/// Bounds of the cell parameters (so that no cell weight reaches the model's floor,
/// [`crate::game::prior::MIN_CELL_RATIO`]).
pub const CELL_BOUND: f64 = 2.5;
/// Smallest `ln t`: a player whose fleets never touched gets a small `t`, the `exp` of this, never
/// 0 (which would refuse any board only a touching layout explains).
pub const LN_T_FLOOR: f64 = -6.0;
/// Smallest touching weight a pool is drawn at (the importance weights correct it): a smaller one
/// would make the sampler reject most layouts.
pub const PROPOSAL_MIN_T: f64 = 0.05;
/// Newton steps per pool, the largest change of a parameter in one step, and the farthest a
/// parameter may go from the pool's proposal (where the pool's estimates are poor; one that goes
/// that far has a pool drawn at the estimate).
const STEPS: usize = 60;
const MAX_STEP: f64 = 0.5;
const TRUST: f64 = 1.0;

/// The model fitted from `fleets` (each a whole layout of `fleet` on a `rows` x `cols` board),
/// deterministic: the same fleets give the same model. No fleets give the uniform model.
pub fn fit(rows: usize, cols: usize, fleet: &Fleet, fleets: &[Layout]) -> Fit {
    let features = Features::new(rows, cols);
    let used: Vec<&Layout> = fleets.iter().filter(|l| features.fits(l) && is_layout_of(l, fleet)).collect();
    let mut pool = Pool::draw(&features, fleet, &[0.0; FEATURES], 0);
    let summary = Summary {
        edge_share: edge_share(used.iter().copied()),
        touching_share: touching_share(used.iter().copied()),
        uniform_edge_share: edge_share(pool.layouts.iter()),
        uniform_touching_share: touching_share(pool.layouts.iter()),
        across_share: across_share(used.iter().copied()),
        uniform_across_share: across_share(pool.layouts.iter()),
    };
    let n = used.len();
    if n == 0 || pool.stats.is_empty() {
        return Fit { model: Opponent::uniform(rows, cols), games: n, summary };
    }
    let mut sum = [0.0; FEATURES];
    for s in used.iter().map(|l| features.of(l)) {
        for (t, x) in sum.iter_mut().zip(s) {
            *t += x;
        }
    }
    let mut theta = [0.0; FEATURES];
    // The first pool, of uniform layouts, once another replaces it.
    let mut uniform = None;
    for round in 0..=REDRAWS {
        theta = pool.newton(&sum, n as f64, theta);
        let ess = pool.moments(&theta).2;
        let strained = pool.strained(&theta);
        // A low effective sample size at a proposal a new pool would hardly move (`ln t` held at
        // its smallest) is what the proposal can do: drawing again would not help.
        let moves = proposal_for(&theta).iter().zip(&pool.proposal).any(|(a, b)| (a - b).abs() > 0.1);
        if round == REDRAWS || !moves || (!strained && ess >= MIN_ESS_SHARE * pool.stats.len() as f64) {
            break;
        }
        let next = Pool::draw(&features, fleet, &theta, round as u64 + 1);
        if next.stats.is_empty() {
            break;
        }
        let drawn = std::mem::replace(&mut pool, next);
        if round == 0 {
            uniform = Some(drawn);
        }
    }
    if uniform.as_ref().unwrap_or(&pool).likelihood_ratio(&theta, &sum, n as f64) < HABIT_EVIDENCE {
        // The fleets are what uniform layouts would show: a model off uniform by their noise
        // alone would only break the shooters' ties at random.
        return Fit { model: Opponent::uniform(rows, cols), games: n, summary };
    }
    let theta = pool.without_weak_groups(&sum, n as f64, theta);
    Fit { model: features.model(&theta), games: n, summary }
}

/// A model's parameters as a matrix, for nalgebra.
type Matrix = SMatrix<f64, FEATURES, FEATURES>;

/// Whether `layout` is a layout of `fleet`: its ships' lengths, no two sharing a cell.
fn is_layout_of(layout: &Layout, fleet: &Fleet) -> bool {
    let mut lens: Vec<usize> = layout.ships.iter().map(|s| s.len).collect();
    lens.sort_unstable_by(|a, b| b.cmp(a));
    let mut cells: Vec<_> = layout.ships.iter().flat_map(|p| p.cells()).collect();
    let total = cells.len();
    cells.sort_unstable_by_key(|c| (c.row, c.col));
    cells.dedup();
    lens == fleet.lengths() && cells.len() == total
}

/// Share of the layouts' ship cells on the board's border (0 with no layouts).
fn edge_share<'a>(layouts: impl Iterator<Item = &'a Layout>) -> f64 {
    let (mut edge, mut all) = (0usize, 0usize);
    for l in layouts {
        for c in l.ships.iter().flat_map(|p| p.cells()) {
            all += 1;
            edge += usize::from(c.row == 0 || c.col == 0 || c.row + 1 == l.rows || c.col + 1 == l.cols);
        }
    }
    if all == 0 { 0.0 } else { edge as f64 / all as f64 }
}

/// Share of the layouts with at least one touching cell pair (0 with no layouts).
fn touching_share<'a>(layouts: impl Iterator<Item = &'a Layout>) -> f64 {
    let (mut touching, mut all) = (0usize, 0usize);
    for l in layouts {
        all += 1;
        touching += usize::from(touching_pairs(l) > 0);
    }
    if all == 0 { 0.0 } else { touching as f64 / all as f64 }
}

/// Share of the layouts' ships of 2 or more laid across (0 with no such ships).
fn across_share<'a>(layouts: impl Iterator<Item = &'a Layout>) -> f64 {
    let (mut across, mut all) = (0usize, 0usize);
    for p in layouts.flat_map(|l| &l.ships).filter(|p| p.len > 1) {
        all += 1;
        across += usize::from(p.horizontal);
    }
    if all == 0 { 0.0 } else { across as f64 / all as f64 }
}

/// Layouts drawn from a proposal model, with their statistics and proposal log weights.
struct Pool {
    /// The parameters of the proposal model.
    proposal: Vector,
    layouts: Vec<Layout>,
    stats: Vec<Vector>,
    /// `ln` of each layout's weight under the proposal (up to one constant).
    ln_proposal: Vec<f64>,
}

impl Pool {
    /// [`POOL`] layouts from the model of `theta` (its touching weight kept between
    /// [`PROPOSAL_MIN_T`] and 1, the sampler's range), drawn from `stream(FIT_SEED, index)`.
    fn draw(features: &Features, fleet: &Fleet, theta: &Vector, index: u64) -> Pool {
        let proposal = proposal_for(theta);
        let model = features.model(&proposal);
        let mut pool = Pool { proposal, layouts: Vec::new(), stats: Vec::new(), ln_proposal: Vec::new() };
        let Ok(sampler) = Sampler::new(&model, fleet.lengths(), Rules::CLASSIC, false) else { return pool };
        let (mut rng, mut attempts) = (stream(FIT_SEED, index), POOL_ATTEMPTS);
        for _ in 0..POOL {
            let Ok(layout) = sampler.draw(&mut attempts, &mut rng) else { break };
            pool.stats.push(features.of(&layout));
            pool.ln_proposal.push(model.ln_weight(&layout));
            pool.layouts.push(layout);
        }
        pool
    }

    /// The range parameter `i` may take with this pool: within [`TRUST`] of the proposal, and
    /// within the parameter's own bounds; `ln t` below the smallest proposal's as far as its floor
    /// (the pool's layouts without touching pairs, which such a model almost only draws, are
    /// there in number).
    fn bounds(&self, i: usize) -> (f64, f64) {
        let near = self.proposal[i];
        if i != TOUCHING {
            return ((near - TRUST).max(own_low(i)), (near + TRUST).min(own_high(i)));
        }
        let low = if near <= PROPOSAL_MIN_T.ln() + 1e-9 { LN_T_FLOOR } else { (near - TRUST).max(LN_T_FLOOR) };
        (low, (near + TRUST).min(MAX_TOUCHING.ln()))
    }

    /// Whether `theta` is close to a bound of the trust region (not of the parameters' own): the
    /// pool's estimates there are poor, and a pool drawn at `theta` does better.
    fn strained(&self, theta: &Vector) -> bool {
        (0..FEATURES).any(|i| {
            let (low, high) = self.bounds(i);
            let margin = 0.2 * TRUST;
            (theta[i] < low + margin && low > own_low(i)) || (theta[i] > high - margin && high < own_high(i))
        })
    }

    /// The log-likelihood ratio statistic of `theta` against the uniform model for `n` fleets whose
    /// statistics sum to `sum`, this being a pool of uniform layouts: `2 (theta . sum - n ln
    /// Z(theta)/Z(0))`, the ratio of normalising constants estimated by the pool's mean of
    /// `exp(theta . s)` (an estimate that errs low for a `theta` far from 0, where the statistic
    /// is large anyway, so toward keeping the habit).
    fn likelihood_ratio(&self, theta: &Vector, sum: &Vector, n: f64) -> f64 {
        let logs: Vec<f64> = self.stats.iter().map(|s| dot(theta, s)).collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mean = logs.iter().map(|l| (l - top).exp()).sum::<f64>() / logs.len() as f64;
        2.0 * (dot(theta, sum) - n * (top + mean.ln()))
    }

    /// The model's mean and covariance of the statistics at `theta`, estimated by self-normalised
    /// importance weights, and the weights' effective sample size.
    fn moments(&self, theta: &Vector) -> (Vector, [Vector; FEATURES], f64) {
        let logs: Vec<f64> = self.stats.iter().zip(&self.ln_proposal).map(|(s, q)| dot(theta, s) - q).collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut mean = [0.0; FEATURES];
        for (w, s) in weights.iter().zip(&self.stats) {
            for (m, x) in mean.iter_mut().zip(s) {
                *m += w * x / total;
            }
        }
        let mut cov = [[0.0; FEATURES]; FEATURES];
        for (w, s) in weights.iter().zip(&self.stats) {
            let d: Vector = std::array::from_fn(|i| s[i] - mean[i]);
            for i in 0..FEATURES {
                for j in 0..FEATURES {
                    cov[i][j] += w * d[i] * d[j] / total;
                }
            }
        }
        let ess = total * total / weights.iter().map(|w| w * w).sum::<f64>();
        (mean, cov, ess)
    }

    /// `theta` with every group of [`GROUPS`] that does not show a habit on its own set to 0, the
    /// other parameters fitted again: the group's Wald statistic, its estimate against its part
    /// of the posterior covariance (estimated by this pool at `theta`), under the group's bound.
    fn without_weak_groups(&self, sum: &Vector, n: f64, theta: Vector) -> Vector {
        let hessian = hessian(&self.moments(&theta).1, n);
        let Some(covariance) = Matrix::from_fn(|i, j| hessian[i][j]).cholesky().map(|ch| ch.inverse()) else {
            return theta;
        };
        let mut free = [true; FEATURES];
        for &(from, to, bound) in &GROUPS {
            let k = to - from;
            let block = DMatrix::from_fn(k, k, |i, j| covariance[(from + i, from + j)]);
            let estimate = DVector::from_fn(k, |i, _| theta[from + i]);
            let wald = block.cholesky().map(|ch| estimate.dot(&ch.solve(&estimate)));
            if wald.is_some_and(|w| w < bound) {
                free[from..to].fill(false);
            }
        }
        if free.iter().all(|&f| f) {
            return theta;
        }
        let start: Vector = std::array::from_fn(|i| if free[i] { theta[i] } else { 0.0 });
        self.newton_free(sum, n, start, &free)
    }

    /// The top of the posterior as this pool estimates it, from `theta`, by bounded Newton steps:
    /// `n` fleets whose statistics sum to `sum`.
    fn newton(&self, sum: &Vector, n: f64, theta: Vector) -> Vector {
        self.newton_free(sum, n, theta, &[true; FEATURES])
    }

    /// [`Pool::newton`] moving only the parameters marked free (the others keep their values).
    fn newton_free(&self, sum: &Vector, n: f64, mut theta: Vector, free: &[bool; FEATURES]) -> Vector {
        for _ in 0..STEPS {
            let (mean, cov, _) = self.moments(&theta);
            let gradient: Vector = std::array::from_fn(|i| {
                if free[i] { sum[i] - n * mean[i] - theta[i] / (PRIOR_SD[i] * PRIOR_SD[i]) } else { 0.0 }
            });
            let mut hessian = hessian(&cov, n);
            // A fixed parameter's row and column are the identity's: its step is 0.
            for i in (0..FEATURES).filter(|&i| !free[i]) {
                hessian[i] = [0.0; FEATURES];
                hessian.iter_mut().for_each(|row| row[i] = 0.0);
                hessian[i][i] = 1.0;
            }
            let mut step = solve(hessian, gradient);
            let largest = step.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            if largest > MAX_STEP {
                step = step.map(|x| x * MAX_STEP / largest);
            }
            let before = theta;
            for (i, t) in theta.iter_mut().enumerate().filter(|&(i, _)| free[i]) {
                let (low, high) = self.bounds(i);
                *t = (*t + step[i]).clamp(low, high);
            }
            if theta.iter().zip(&before).all(|(a, b)| (a - b).abs() < 1e-9) {
                break;
            }
        }
        theta
    }
}

/// The posterior's Hessian (negated) for `n` fleets whose statistics have covariance `cov`.
fn hessian(cov: &[Vector; FEATURES], n: f64) -> [Vector; FEATURES] {
    let mut hessian = cov.map(|row| row.map(|c| n * c));
    for (i, row) in hessian.iter_mut().enumerate() {
        row[i] += 1.0 / (PRIOR_SD[i] * PRIOR_SD[i]);
    }
    hessian
}

/// The parameters a pool is drawn at for the estimate `theta`: its own, with `t` kept between
/// [`PROPOSAL_MIN_T`] and 1 (the sampler's range).
fn proposal_for(theta: &Vector) -> Vector {
    let mut proposal = *theta;
    proposal[TOUCHING] = proposal[TOUCHING].clamp(PROPOSAL_MIN_T.ln(), 0.0);
    proposal
}

/// The own bounds of parameter `i`, whatever the pool.
fn own_low(i: usize) -> f64 {
    match i {
        TOUCHING => LN_T_FLOOR,
        ACROSS => -MAX_ACROSS.ln(),
        _ => -CELL_BOUND,
    }
}

fn own_high(i: usize) -> f64 {
    match i {
        TOUCHING => MAX_TOUCHING.ln(),
        ACROSS => MAX_ACROSS.ln(),
        _ => CELL_BOUND,
    }
}

/// `x` with `a x = b`, for a symmetric positive definite `a` (Cholesky; 0 where `a` is not).
fn solve(a: [Vector; FEATURES], b: Vector) -> Vector {
    let step = Matrix::from_fn(|i, j| a[i][j]).cholesky().map(|ch| ch.solve(&SVector::from(b)));
    step.map_or([0.0; FEATURES], |x| x.into())
}
