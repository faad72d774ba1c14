//! The shot-choosing algorithms, each in its own file behind the [`Strategy`] trait, and the
//! [`Algorithm`] registry that names them.

use rand::RngExt;
use thiserror::Error;

use crate::board::{Board, Cell, Pos};
use crate::level::{Level, Weakened};
use crate::rng::SonarRng;
use crate::turn::{Mode, Turn};

pub mod bayes;
pub mod checkerboard;
pub mod density;
pub mod flood;
pub mod hit_lines;
pub mod longest_run;
pub mod middlemost;
pub mod random;
pub mod sources;
pub mod strafing;
#[cfg(test)]
mod testkit;
pub mod weighted_density;

/// What the values of a strategy's grid mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// The algorithm's estimate of the chance that the cell holds a ship.
    Probability,
    /// The algorithm's own preference, scaled so that the best cell is 1.
    Score,
}

impl GridKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GridKind::Probability => "probability",
            GridKind::Score => "score",
        }
    }
}

/// Why a strategy could not answer for a turn that passed the basic checks.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StrategyError {
    #[error("board: no placement of the ships afloat agrees with this board")]
    NoLayout,
}

/// What an algorithm that computes a posterior says about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PosteriorFacts {
    /// Whether the grid is the exact posterior.
    pub exact: bool,
    /// The number of agreeing layouts, when exact.
    pub layouts: Option<u128>,
    /// How many sampled layouts an estimate rests on, when not exact.
    pub samples: Option<u64>,
}

/// A strategy's choice for one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub shot: Pos,
    /// Set by algorithms whose grid is a posterior.
    pub posterior: Option<PosteriorFacts>,
}

impl Decision {
    /// A shot with nothing more to say.
    pub fn at(shot: Pos) -> Decision {
        Decision { shot, posterior: None }
    }
}

/// A shot-choosing algorithm.
///
/// `decide` writes one raw, non-negative value per cell (row-major) into `grid`, which arrives
/// zeroed and has one slot per board cell, and returns the shot, always a `.` cell. Every random
/// choice draws from `rng`.
pub trait Strategy: Send + Sync {
    fn decide(&self, turn: Turn<'_>, rng: &mut SonarRng, grid: &mut [f64]) -> Result<Decision, StrategyError>;

    /// Whether it breaks ties between equally good cells in the turn's one order
    /// ([`crate::tie_order::TieOrder`]) rather than at random (a salvo's ties go the same way).
    fn keeps_one_order(&self) -> bool {
        false
    }

    /// The turn's `k` shots, best first, starting with its own shot `first` (a salvo): by default
    /// the other `.` cells of highest grid value ([`ranked`]). Draws nothing when `k` is 1.
    fn rank(&self, turn: Turn<'_>, first: Pos, grid: &[f64], rng: &mut SonarRng, k: usize) -> Vec<Pos> {
        ranked(self.keeps_one_order(), turn, first, grid, rng, k)
    }
}

/// Where an algorithm comes from and what it returns.
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub source: &'static str,
    pub grid_kind: GridKind,
    /// Whether it draws random numbers beyond breaking ties between equally good cells.
    pub uses_randomness: bool,
}

/// Every algorithm the service offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Bayes,
    WeightedDensity,
    Density,
    Middlemost,
    Strafing,
    LongestRun,
    Checkerboard,
    DensityFlood,
    RandomFlood,
    Random,
}

impl Algorithm {
    /// All algorithms, strongest first.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Bayes,
        Algorithm::WeightedDensity,
        Algorithm::Density,
        Algorithm::Middlemost,
        Algorithm::Strafing,
        Algorithm::LongestRun,
        Algorithm::Checkerboard,
        Algorithm::DensityFlood,
        Algorithm::RandomFlood,
        Algorithm::Random,
    ];

    /// The algorithm used when a request names none: the strongest.
    pub const DEFAULT: Algorithm = Algorithm::Bayes;

    pub fn info(self) -> AlgorithmInfo {
        match self {
            Algorithm::Bayes => bayes::INFO,
            Algorithm::WeightedDensity => weighted_density::INFO,
            Algorithm::Density => density::INFO,
            Algorithm::Middlemost => middlemost::INFO,
            Algorithm::LongestRun => longest_run::INFO,
            Algorithm::Strafing => strafing::INFO,
            Algorithm::Checkerboard => checkerboard::INFO,
            Algorithm::DensityFlood => flood::DENSITY_FLOOD_INFO,
            Algorithm::RandomFlood => flood::RANDOM_FLOOD_INFO,
            Algorithm::Random => random::INFO,
        }
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The known names, comma-separated, for error messages.
    pub fn names() -> String {
        Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
    }

    /// Whether its compute time grows with the budget (milliseconds rather than microseconds), so
    /// that a server should run it off its request-handling threads.
    pub fn is_heavy(self) -> bool {
        matches!(self, Algorithm::Bayes)
    }

    /// Whether it breaks ties between equally good cells in the turn's one order
    /// ([`crate::tie_order::TieOrder`]) rather than at random.
    pub fn keeps_one_order(self) -> bool {
        self.strategy().keeps_one_order()
    }

    /// How the algorithm plays the no-touch rules (`rules.touching: false`).
    pub fn no_touch_note(self) -> &'static str {
        match self {
            Algorithm::Bayes => {
                "Counts only the layouts whose ships keep apart (no shared edge or corner) and stay off the cells around sunk ships: exactly 0 wherever no such layout puts a ship"
            }
            _ => {
                "Reads the board with the rule applied to its candidate cells: every cell next to a sunk ship or diagonal to a hit is water (never shot, 0 in the grid); its own method is unchanged"
            }
        }
    }

    /// How the algorithm fills a salvo of k shots (`rules.salvo`).
    pub fn salvo_note(self) -> &'static str {
        match (self, self.keeps_one_order()) {
            (Algorithm::Bayes, _) => {
                "The k cells of highest posterior probability, which maximise the expected number of hits (expectation is additive); ties in the turn's order"
            }
            (_, true) => "Its own shot first, then the open cells of highest grid value, ties in the turn's order",
            (_, false) => "Its own shot first, then the open cells of highest grid value, ties broken by the seed",
        }
    }

    pub fn strategy(self) -> &'static dyn Strategy {
        match self {
            Algorithm::Bayes => &bayes::Bayes,
            Algorithm::WeightedDensity => &weighted_density::WeightedDensity,
            Algorithm::Density => &density::Density,
            Algorithm::Middlemost => &middlemost::Middlemost,
            Algorithm::LongestRun => &longest_run::LongestRun,
            Algorithm::Strafing => &strafing::Strafing,
            Algorithm::Checkerboard => &checkerboard::Checkerboard,
            Algorithm::DensityFlood => &flood::DensityFlood,
            Algorithm::RandomFlood => &flood::RandomFlood,
            Algorithm::Random => &random::Random,
        }
    }
}

/// A name that is none of [`Algorithm::ALL`]'s.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown algorithm {0:?}; known: {names}", names = Algorithm::names())]
pub struct UnknownAlgorithm(pub String);

/// An algorithm is written as its name ([`Algorithm::name`]): `bayes`, `weighted-density`, ...
impl std::str::FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(name: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::from_name(name).ok_or_else(|| UnknownAlgorithm(name.to_owned()))
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

crate::text::serde_as_text!(Algorithm);

/// A recommendation as the service returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    pub algorithm: Algorithm,
    /// The strength level it played at (10: the algorithm itself).
    pub level: Level,
    pub shot: Pos,
    /// The turn's shots under its rules' salvo size, best first: `shot`, then the `.` cells of
    /// highest grid value. Fewer when fewer `.` cells are left.
    pub shots: Vec<Pos>,
    /// The best cells with their grid values, best first, as many as asked (a hint); `shots` is
    /// their head.
    pub candidates: Vec<(Pos, f64)>,
    pub mode: Mode,
    /// Row-major, finite, in [0, 1], exactly 0 on every cell that is not `.`.
    pub grid: Vec<f64>,
    pub grid_kind: GridKind,
    pub posterior: Option<PosteriorFacts>,
}

/// Runs an algorithm on a turn and scales its grid for the caller.
pub fn recommend(algorithm: Algorithm, turn: Turn<'_>, rng: &mut SonarRng) -> Result<Recommendation, StrategyError> {
    recommend_with_candidates(algorithm, Level::STRONGEST, turn, rng, 0)
}

/// [`recommend`] at a strength level ([`crate::level`]), also listing the `candidates` best cells
/// with their grid values (a hint). The grid and the candidates are the algorithm's own at every
/// level; below level 10 the shots are the level's, which may differ from the best cells.
pub fn recommend_with_candidates(
    algorithm: Algorithm,
    level: Level,
    turn: Turn<'_>,
    rng: &mut SonarRng,
    candidates: usize,
) -> Result<Recommendation, StrategyError> {
    let mut grid = vec![0.0; turn.board.len()];
    let player = Weakened::new(algorithm, level);
    let decision = player.decide(turn, rng, &mut grid)?;
    let info = algorithm.info();
    finish_grid(turn.board, &mut grid, info.grid_kind);
    let salvo = turn.rules.salvo.max(1);
    let index = |p: Pos| turn.board.index(p);
    let (shots, best) = if level == Level::STRONGEST {
        // One ranking serves both lists, so a salvo is always the head of the candidates.
        let best = ranked(algorithm.keeps_one_order(), turn, decision.shot, &grid, rng, salvo.max(candidates));
        (best.iter().copied().take(salvo).collect(), best)
    } else {
        let shots = player.rank(turn, decision.shot, &grid, rng, salvo);
        // The hint is the algorithm's own best cells, ranked only when asked for.
        let best = match candidates {
            0 => Vec::new(),
            k => {
                let top = best_open_cell(turn.board, &grid, rng).unwrap_or(decision.shot);
                ranked(algorithm.keeps_one_order(), turn, top, &grid, rng, k)
            }
        };
        (shots, best)
    };
    Ok(Recommendation {
        algorithm,
        level,
        shot: decision.shot,
        shots,
        candidates: best.iter().take(candidates).map(|&p| (p, grid[index(p)])).collect(),
        mode: turn.mode(),
        grid,
        grid_kind: info.grid_kind,
        posterior: decision.posterior,
    })
}

/// The `k` best `.` cells, best first: the algorithm's own shot `first`, then the other `.` cells
/// by decreasing grid value (fewer when fewer are left). Ties go in the turn's order for the
/// algorithms that play one order through a game (`in_order`, [`Strategy::keeps_one_order`]) and at
/// random, from `rng`, for the others, as their own ties do. Draws nothing when `k` is 1.
pub fn ranked(in_order: bool, turn: Turn<'_>, first: Pos, grid: &[f64], rng: &mut SonarRng, k: usize) -> Vec<Pos> {
    let board = turn.board;
    if k <= 1 {
        return vec![first];
    }
    let (rows, cols) = (board.rows(), board.cols());
    let mut rest: Vec<usize> =
        (0..board.len()).filter(|&i| board.cells()[i] == Cell::Unknown && board.pos(i) != first).collect();
    let rank: Vec<usize> = if in_order {
        (0..board.len()).map(|i| turn.order.rank(rows, cols, board.pos(i))).collect()
    } else {
        let mut ranks: Vec<usize> = (0..board.len()).collect();
        rand::seq::SliceRandom::shuffle(ranks.as_mut_slice(), rng);
        ranks
    };
    rest.sort_by(|&a, &b| grid[b].total_cmp(&grid[a]).then_with(|| rank[a].cmp(&rank[b])));
    std::iter::once(first).chain(rest.into_iter().map(|i| board.pos(i))).take(k).collect()
}

/// Zeroes every cell that is not `.`, replaces anything not finite or negative by 0, and for a
/// score grid divides by the best value so that it is 1 (a grid with no positive `.` value
/// becomes 1 on every `.` cell: the algorithm has no preference).
pub fn finish_grid(board: &Board, grid: &mut [f64], kind: GridKind) {
    for (v, &c) in grid.iter_mut().zip(board.cells()) {
        if c != Cell::Unknown || !v.is_finite() || *v < 0.0 {
            *v = 0.0;
        }
    }
    match kind {
        GridKind::Score => {
            let max = grid.iter().copied().fold(0.0, f64::max);
            for (v, &c) in grid.iter_mut().zip(board.cells()) {
                if c == Cell::Unknown {
                    *v = if max > 0.0 { *v / max } else { 1.0 };
                }
            }
        }
        GridKind::Probability => grid.iter_mut().for_each(|v| *v = v.min(1.0)),
    }
}

/// The `.` cell of highest value, ties broken uniformly at random (one pass, reservoir style).
/// Returns `None` only when the board has no `.` cell.
pub fn best_open_cell(board: &Board, grid: &[f64], rng: &mut SonarRng) -> Option<Pos> {
    pick_best(board, grid, rng, |c| c == Cell::Unknown)
}

/// The highest-valued cell among those `eligible` says yes to, ties broken uniformly at random.
pub fn pick_best(board: &Board, grid: &[f64], rng: &mut SonarRng, eligible: impl Fn(Cell) -> bool) -> Option<Pos> {
    let mut best = f64::NEG_INFINITY;
    let mut chosen = None;
    let mut ties = 0u32;
    for (i, (&v, &c)) in grid.iter().zip(board.cells()).enumerate() {
        if !eligible(c) {
            continue;
        }
        if v > best {
            best = v;
            chosen = Some(i);
            ties = 1;
        } else if v == best {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                chosen = Some(i);
            }
        }
    }
    chosen.map(|i| board.pos(i))
}

/// A uniformly random `.` cell. Returns `None` only when the board has no `.` cell.
pub fn random_open_cell(board: &Board, rng: &mut SonarRng) -> Option<Pos> {
    let open = board.count(Cell::Unknown);
    if open == 0 {
        return None;
    }
    let k = rng.random_range(0..open);
    board.cells().iter().enumerate().filter(|(_, c)| **c == Cell::Unknown).nth(k).map(|(i, _)| board.pos(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn ties_are_broken_by_the_seed_and_cover_every_tied_cell() {
        let b = Board::parse(&["....", "o..."]).unwrap();
        let grid = [1.0, 3.0, 3.0, 0.0, 9.0, 3.0, 1.0, 3.0];
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let p = best_open_cell(&b, &grid, &mut seeded(seed)).unwrap();
            assert_eq!(p, best_open_cell(&b, &grid, &mut seeded(seed)).unwrap());
            seen.insert(b.index(p));
        }
        // Cell 4 is a miss, so its 9.0 does not count.
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
    }

    #[test]
    fn finished_grids_are_scaled_and_zero_off_open_cells() {
        let b = Board::parse(&["..", "ox"]).unwrap();
        let mut g = vec![2.0, 4.0, 7.0, f64::NAN];
        finish_grid(&b, &mut g, GridKind::Score);
        assert_eq!(g, vec![0.5, 1.0, 0.0, 0.0]);
        let mut flat = vec![0.0; 4];
        finish_grid(&b, &mut flat, GridKind::Score);
        assert_eq!(flat, vec![1.0, 1.0, 0.0, 0.0]);
    }
}
