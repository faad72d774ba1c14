//! The search model: how strongly a player is drawn to each cell while hunting, fitted from their
//! past searches.
//!
//! Each hunting shot is a choice among the cells not yet shot, made with probability proportional
//! to `exp(pull)` of the cell (a Plackett-Luce model of the hunting order): a cell of higher pull
//! is looked at earlier, and a player without a habit has every pull 0. Choices are read against
//! the cells still open at each shot, so the cells a search skipped because it was finishing a hit
//! ship, or never reached, bias nothing.
//!
//! A cell's pull is a linear function of its features (the structure search habits have: its
//! row's and column's distance from the nearer edge, its distance from the centre, its parity,
//! its row and its column, which a sweep in a direction orders) plus a residual of its own. The fit
//! is the maximum a posteriori under Gaussian priors centred on "no habit" ([`WEIGHT_SD`],
//! [`CELL_SD`]): Newton steps on the feature weights alternate with diagonal Newton steps on the
//! residuals, the choice sums kept as running totals over each search's open cells.
//!
//! Searches that do not show a habit give exactly "no habit": the fit is kept only when the
//! hunting choices depart from uniform choices more than a player who hunts in a uniformly random
//! order would show once in a thousand ([`EVIDENCE_Z`]): by the score test of the feature weights,
//! or by Pearson's chi-square of each cell's choices against their expectation given the open
//! cells, over the cells expected often enough for it.

use nalgebra::{SMatrix, SVector};
use thiserror::Error;

use super::search::Search;

/// Most past searches a fit reads (the latest).
pub const MAX_SEARCHES: usize = 200;
/// Prior standard deviation of each feature weight.
pub const WEIGHT_SD: f64 = 1.0;
/// Prior standard deviation of a cell's own residual.
pub const CELL_SD: f64 = 0.5;
/// The standard normal quantile of the habit test's level (0.999).
pub const EVIDENCE_Z: f64 = 3.090_232;
/// Largest pull a model given whole may have, either sign.
pub const MAX_PULL: f64 = 20.0;
/// Largest ratio of shots beside found ships a model given whole may have.
pub const MAX_BESIDE: f64 = 100.0;
/// Expected choices of a cell under no habit below which the per-cell test leaves it out.
pub const MIN_EXPECTED: f64 = 5.0;
/// Rounds of the fit (each a Newton step on the weights and one on the residuals).
const ROUNDS: usize = 25;
/// Largest change of a weight or a residual in one step.
const MAX_STEP: f64 = 2.0;

/// Features of a cell.
const FEATURES: usize = 7;
type Vector = SVector<f64, FEATURES>;
type Matrix = SMatrix<f64, FEATURES, FEATURES>;

/// How strongly a player is drawn to each cell while hunting.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchModel {
    rows: usize,
    cols: usize,
    /// Row-major pulls: 0 everywhere for no habit.
    pull: Vec<f64>,
    /// Searches it was fitted from (`None`: given whole).
    searches: Option<usize>,
    /// Hunting shots beside found ships against a uniform choice's ([`super::beside`]); `None`
    /// when too few to tell.
    beside: Option<f64>,
}

/// A model given whole that is not one.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ModelError {
    #[error("search_model.pull: {found} rows, expected {rows}")]
    Rows { rows: usize, found: usize },
    #[error("search_model.pull[{row}]: {found} columns, expected {cols}")]
    Cols { row: usize, cols: usize, found: usize },
    #[error("search_model.pull[{row}][{col}]: {value} is not a pull from -{MAX_PULL} to {MAX_PULL}")]
    Pull { row: usize, col: usize, value: f64 },
    #[error("search_model.beside_ships: {0} is not a ratio from 0 to {MAX_BESIDE}")]
    Beside(f64),
}

impl ModelError {
    /// The row and column at fault.
    pub fn location(&self) -> (Option<usize>, Option<usize>) {
        match *self {
            ModelError::Rows { .. } => (None, None),
            ModelError::Cols { row, .. } => (Some(row), None),
            ModelError::Pull { row, col, .. } => (Some(row), Some(col)),
            ModelError::Beside(_) => (None, None),
        }
    }
}

impl SearchModel {
    /// No habit on a `rows` x `cols` board: every pull 0.
    pub fn none(rows: usize, cols: usize) -> SearchModel {
        SearchModel { rows, cols, pull: vec![0.0; rows * cols], searches: Some(0), beside: None }
    }

    /// A model given whole (a backend that stored a fitted one): one row of pulls per board row,
    /// and the ratio of hunting shots beside found ships if it was known.
    pub fn new(rows: usize, cols: usize, pull: &[Vec<f64>], beside: Option<f64>) -> Result<SearchModel, ModelError> {
        if let Some(b) = beside.filter(|b| !(0.0..=MAX_BESIDE).contains(b)) {
            return Err(ModelError::Beside(b));
        }
        if pull.len() != rows {
            return Err(ModelError::Rows { rows, found: pull.len() });
        }
        for (row, line) in pull.iter().enumerate() {
            if line.len() != cols {
                return Err(ModelError::Cols { row, cols, found: line.len() });
            }
            if let Some((col, &value)) = line.iter().enumerate().find(|(_, p)| !(-MAX_PULL..=MAX_PULL).contains(*p)) {
                return Err(ModelError::Pull { row, col, value });
            }
        }
        Ok(SearchModel { rows, cols, pull: pull.concat(), searches: None, beside })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row-major pulls: higher is looked at earlier.
    pub fn pull(&self) -> &[f64] {
        &self.pull
    }

    /// Searches it was fitted from, `None` for a model given whole.
    pub fn searches(&self) -> Option<usize> {
        self.searches
    }

    /// Hunting shots beside found ships against a uniform choice's: about 1 for no regard to them,
    /// below 1 for a player who reasons a ship seldom lies there; `None` when too few to tell.
    pub fn beside(&self) -> Option<f64> {
        self.beside
    }

    /// Whether it shows no habit: every pull 0.
    pub fn is_none(&self) -> bool {
        self.pull.iter().all(|&p| p == 0.0)
    }

    #[cfg(test)]
    /// The log-likelihood of a search's hunting choices under the model, and their number.
    pub fn log_likelihood(&self, search: &Search) -> (f64, usize) {
        let mut open_sum: f64 = self.pull.iter().map(|p| p.exp()).sum();
        let (mut total, mut choices) = (0.0, 0);
        for (cell, hunts) in search.hunting() {
            if hunts {
                total += self.pull[cell] - open_sum.ln();
                choices += 1;
            }
            open_sum -= self.pull[cell].exp();
        }
        (total, choices)
    }
}

/// The features of cell `(r, c)` of a `rows` x `cols` board: the row's and the column's distance
/// from the nearer edge, one-hot for 0, 1 and 2 (summed over the two); the distance from the
/// centre (0 to 1); the parity (±1/2); the row and the column (-1/2 to 1/2).
fn features(r: usize, c: usize, rows: usize, cols: usize) -> Vector {
    let mut f = Vector::zeros();
    for (i, n) in [(r, rows), (c, cols)] {
        let d = i.min(n - 1 - i);
        if d < 3 {
            f[d] += 1.0;
        }
    }
    let off = |i: usize, n: usize| if n > 1 { i as f64 / (n - 1) as f64 - 0.5 } else { 0.0 };
    let (y, x) = (off(r, rows), off(c, cols));
    f[3] = (2.0 * (y * y + x * x)).sqrt();
    f[4] = if (r + c).is_multiple_of(2) { 0.5 } else { -0.5 };
    f[5] = y;
    f[6] = x;
    f
}

/// The 0.999 quantile of chi-square with `df` degrees of freedom (Wilson and Hilferty).
fn chi_square_999(df: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + EVIDENCE_Z * a.sqrt()).powi(3)
}

/// What one pass over the searches gives at the current pulls.
struct Pass {
    /// Gradient and minus the Hessian of the log-likelihood in the feature weights.
    gradient: Vector,
    information: Matrix,
    /// Per cell: the times it was chosen, and the sum over the choices it was open for of
    /// `1 / (sum of exp(pull) over the open cells)`.
    chosen: Vec<f64>,
    exposure: Vec<f64>,
}

/// One pass at `pull`, with each cell's features as plain arrays (`plain`).
fn pass(searches: &[Search], pull: &[f64], plain: &[[f64; FEATURES]]) -> Pass {
    let cells = pull.len();
    let weight: Vec<f64> = pull.iter().map(|p| p.exp()).collect();
    let s0_all: f64 = weight.iter().sum();
    let mut s1_all = [0.0; FEATURES];
    for (f, w) in plain.iter().zip(&weight) {
        for k in 0..FEATURES {
            s1_all[k] += f[k] * w;
        }
    }
    let mut chosen = vec![0.0; cells];
    let mut exposure = vec![0.0; cells];
    // The sum over choices of the open cells' mean features, times its transpose.
    let mut means = [[0.0; FEATURES]; FEATURES];
    let mut shot = vec![false; cells];
    for search in searches {
        let (mut s0, mut s1) = (s0_all, s1_all);
        let mut acc = 0.0;
        for (cell, hunts) in search.hunting() {
            if hunts {
                let mean: [f64; FEATURES] = std::array::from_fn(|k| s1[k] / s0);
                for i in 0..FEATURES {
                    for j in i..FEATURES {
                        means[i][j] += mean[i] * mean[j];
                    }
                }
                chosen[cell] += 1.0;
                acc += 1.0 / s0;
            }
            // A cell shot was open until its shot.
            exposure[cell] += acc;
            shot[cell] = true;
            s0 = (s0 - weight[cell]).max(f64::MIN_POSITIVE);
            for k in 0..FEATURES {
                s1[k] -= plain[cell][k] * weight[cell];
            }
        }
        // The others were open through the last choice.
        for cell in 0..cells {
            if !shot[cell] {
                exposure[cell] += acc;
            }
            shot[cell] = false;
        }
    }
    // Summed over choices, the open cells' weighted features are each cell's weighted features
    // times its exposure: the gradient is the chosen features less their expectation, and the
    // information the expected outer products less the means'.
    let mut gradient = Vector::zeros();
    let mut information = Matrix::zeros();
    for c in 0..cells {
        let e = weight[c] * exposure[c];
        for i in 0..FEATURES {
            gradient[i] += (chosen[c] - e) * plain[c][i];
            for j in i..FEATURES {
                information[(i, j)] += e * plain[c][i] * plain[c][j];
            }
        }
    }
    for i in 0..FEATURES {
        for j in i..FEATURES {
            information[(i, j)] -= means[i][j];
            information[(j, i)] = information[(i, j)];
        }
    }
    Pass { gradient, information, chosen, exposure }
}

/// Whether choices read at no habit depart from uniform choices more than chance would once in a
/// thousand, by either of two tests: the score test of the feature weights (their gradient
/// against its covariance, chi-square with one degree of freedom a feature), and Pearson's
/// chi-square of each cell's choices against their expectation (`exposure` at no habit), over the
/// cells expected to be chosen at least [`MIN_EXPECTED`] times (where its chi-square reading holds).
fn shows_a_habit(at_none: &Pass) -> bool {
    // A feature constant on the board (the edge distances of a board too small for the third)
    // varies nowhere: a tiny ridge keeps the information invertible, and its score is 0 anyway.
    let ridge = 1e-9 * (1.0 + at_none.information.trace());
    let score = (at_none.information + Matrix::identity() * ridge)
        .cholesky()
        .map(|ch| at_none.gradient.dot(&ch.solve(&at_none.gradient)))
        .is_some_and(|s| s > chi_square_999(FEATURES as f64));
    let cells: Vec<usize> = (0..at_none.chosen.len()).filter(|&c| at_none.exposure[c] >= MIN_EXPECTED).collect();
    let pearson: f64 =
        cells.iter().map(|&c| (at_none.chosen[c] - at_none.exposure[c]).powi(2) / at_none.exposure[c]).sum();
    score || (cells.len() >= 2 && pearson > chi_square_999((cells.len() - 1) as f64))
}

/// The model fitted from a player's past searches on a `rows` x `cols` board (the latest
/// [`MAX_SEARCHES`] are read): exactly "no habit" when they show none.
pub fn fit(rows: usize, cols: usize, searches: &[Search]) -> SearchModel {
    let cells = rows * cols;
    let searches = &searches[searches.len().saturating_sub(MAX_SEARCHES)..];
    let beside = super::beside::beside_ratio(rows, cols, searches);
    let none = SearchModel { searches: Some(searches.len()), beside, ..SearchModel::none(rows, cols) };
    let feats: Vec<Vector> = (0..cells).map(|i| features(i / cols, i % cols, rows, cols)).collect();
    let plain: Vec<[f64; FEATURES]> = feats.iter().map(|f| std::array::from_fn(|k| f[k])).collect();
    if !shows_a_habit(&pass(searches, &vec![0.0; cells], &plain)) {
        return none;
    }
    let mut weights = Vector::zeros();
    let mut residual = vec![0.0; cells];
    let mut pull = vec![0.0; cells];
    for _ in 0..ROUNDS {
        let p = pass(searches, &pull, &plain);
        let gradient = p.gradient - weights / (WEIGHT_SD * WEIGHT_SD);
        let information = p.information + Matrix::identity() / (WEIGHT_SD * WEIGHT_SD);
        if let Some(step) = information.cholesky().map(|ch| ch.solve(&gradient)) {
            weights += step.map(|s| s.clamp(-MAX_STEP, MAX_STEP));
        }
        for c in 0..cells {
            pull[c] = feats[c].dot(&weights) + residual[c];
        }
        let p = pass(searches, &pull, &plain);
        for c in 0..cells {
            let expected = pull[c].exp() * p.exposure[c];
            let gradient = p.chosen[c] - expected - residual[c] / (CELL_SD * CELL_SD);
            let information = expected + 1.0 / (CELL_SD * CELL_SD);
            residual[c] += (gradient / information).clamp(-MAX_STEP, MAX_STEP);
            pull[c] = feats[c].dot(&weights) + residual[c];
        }
    }
    // Pulls are relative: centred on their mean, and kept within the bound of a model given whole.
    let mean = pull.iter().sum::<f64>() / cells as f64;
    let pull = pull.iter().map(|p| (p - mean).clamp(-MAX_PULL, MAX_PULL)).collect();
    SearchModel { rows, cols, pull, searches: Some(searches.len()), beside }
}
