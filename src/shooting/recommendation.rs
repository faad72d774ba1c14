//! The domain work of one recommendation, whoever asks for it: the HTTP edge, the game engine
//! and the simulator all go through this module.
//!
//! - [`Ask::check`] reads the board as a shooter who knows the rules reads it ([`Rules::reveal`]),
//!   checks that it is a real game position ([`Turn::checked`]) and fixes the seed (a request
//!   without one gets a drawn seed whose tie order is row-major, so that a client that sends no
//!   seed still plays one coherent order through its game, and the reported seed replays it).
//! - [`Checked::run`] plays the algorithm at its level on that position, with the tie order the
//!   seed picks and every random choice drawn from it, and lists the candidates.
//! - [`Seat`] is what a shooter is told on every move of a game besides the position, and
//!   [`Seat::salvo`] is one move of a game as the engine plays it.

use std::borrow::Cow;
use std::sync::Arc;

use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::history::{Reading, Told};
use crate::game::prior::Opponent;
use crate::game::rng::{SonarRng, stream};
use crate::game::rules::Rules;
use crate::game::tie_order::TieOrder;
use crate::game::turn::{DEFAULT_BUDGET_MS, Mode, Turn, TurnError};
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::{Level, Weakened};
use crate::shooting::strategy::plan::Plan;
use crate::shooting::strategy::{
    GridKind, PosteriorFacts, Strategy, StrategyError, best_open_cell, finish_grid, ranked,
};

/// What a shooter is told on every move of a game besides the position: the tie order (one per
/// game, as a client that sends one seed per game gets), the compute budget and the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub order: TieOrder,
    pub budget_ms: u64,
    pub rules: Rules,
    /// What the shooter believes of the opponent's habits; `None` is the uniform prior.
    pub opponent: Option<Arc<Opponent>>,
}

impl Default for Seat {
    fn default() -> Seat {
        Seat { order: TieOrder::ROW_MAJOR, budget_ms: DEFAULT_BUDGET_MS, rules: Rules::CLASSIC, opponent: None }
    }
}

impl Seat {
    /// The seat of a game played with one seed: the tie order that seed picks.
    pub fn from_seed(seed: u64, budget_ms: u64, rules: Rules) -> Seat {
        Seat { order: TieOrder::from_seed(seed), budget_ms, rules, opponent: None }
    }

    /// The same seat believing `opponent` of the opponent's habits.
    pub fn with_opponent(self, opponent: Option<Arc<Opponent>>) -> Seat {
        Seat { opponent, ..self }
    }

    /// The turn a strategy sees on `board` (already read under the rules) with `fleet` afloat.
    pub fn turn<'a>(&'a self, board: &'a Board, fleet: &'a Fleet) -> Turn<'a> {
        Turn::new(board, fleet)
            .with_rules(self.rules)
            .with_order(self.order)
            .with_budget(self.budget_ms)
            .with_opponent(self.opponent.as_deref())
    }

    /// One move of a game: the board read under the rules ([`Rules::reveal`]), the strategy's shot
    /// and the rest of its salvo, best first. `grid` is scratch space of one zeroed slot per cell.
    pub fn salvo(
        &self,
        strategy: &dyn Strategy,
        board: &Board,
        fleet: &Fleet,
        rng: &mut SonarRng,
        grid: &mut [f64],
    ) -> Result<Vec<Pos>, StrategyError> {
        self.salvo_told(strategy, board, fleet, None, rng, grid)
    }

    /// [`Seat::salvo`] on the position a history implies, with what its announcements tell
    /// beyond the board ([`crate::game::history::Reading`]).
    pub fn salvo_told(
        &self,
        strategy: &dyn Strategy,
        board: &Board,
        fleet: &Fleet,
        told: Option<&Told>,
        rng: &mut SonarRng,
        grid: &mut [f64],
    ) -> Result<Vec<Pos>, StrategyError> {
        let seen = self.rules.reveal(board);
        let turn = self.turn(&seen, fleet).with_told(told);
        let decision = strategy.decide(turn, rng, grid)?;
        Ok(strategy.rank(turn, decision.shot, grid, rng, self.rules.salvo))
    }
}

/// A recommendation asked for: a position from an untrusted client and how to play it.
#[derive(Clone, Debug)]
pub struct Ask {
    pub board: Board,
    pub fleet: Fleet,
    pub rules: Rules,
    pub algorithm: Algorithm,
    pub level: Level,
    /// The seed of every random choice and of the tie order; `None` draws one.
    pub seed: Option<u64>,
    /// Compute budget in milliseconds (only the algorithms whose cost varies look at it).
    pub budget_ms: u64,
    /// How many best cells to list with their values (0: none).
    pub candidates: usize,
    /// The opponent's habits, a prior over layouts; `None` is the uniform prior.
    pub opponent: Option<Arc<Opponent>>,
    /// For a position read from a history ([`crate::game::history::History::read_possible`], which has checked it):
    /// what its announcements tell beyond the board. `None` for a board string.
    pub told: Option<Told>,
}

/// Steps of the consistency search for a history's position (per assignment of its unseen ships).
pub const HISTORY_STEPS: u64 = crate::game::witness::STEP_BUDGET;

/// A position that passed every check, with its seed fixed: ready to compute.
#[derive(Clone, Debug)]
pub struct Checked {
    ask: Ask,
    seed: u64,
}

impl Ask {
    /// The position as the rules let the shooter read it, checked, with its seed: the request's,
    /// or the first seed `draw` gives whose tie order is row-major.
    pub fn check(mut self, draw: impl FnMut() -> u64) -> Result<Checked, TurnError> {
        // Under the no-touch rules the cells they prove to be water become `o`: the checks, the
        // algorithm and the grid all see this one board.
        let revealed = match self.rules.reveal(&self.board) {
            Cow::Owned(board) => Some(board),
            Cow::Borrowed(_) => None,
        };
        if let Some(board) = revealed {
            self.board = board;
        }
        let apart_model = self.rules.touching && self.opponent.as_ref().is_some_and(|m| m.touching() == 0.0);
        // A model that never lets ships touch explains only the boards the no-touch rules do.
        let apart = Rules { touching: false, ..self.rules };
        match &self.told {
            None => {
                Turn::checked(&self.board, &self.fleet, self.rules)?;
                if apart_model {
                    let seen = apart.reveal(&self.board);
                    Turn::checked(&seen, &self.fleet, apart).map_err(|e| TurnError::OpponentApart(Box::new(e)))?;
                }
            }
            Some(told) if apart_model => {
                let reading = Reading {
                    board: apart.reveal(&self.board).into_owned(),
                    fleet: self.fleet.clone(),
                    told: told.clone(),
                };
                if reading.possible(apart, HISTORY_STEPS) == Some(false) {
                    return Err(TurnError::OpponentApart(Box::new(TurnError::NoLayout)));
                }
            }
            Some(_) => {}
        }
        let seed = self.seed.unwrap_or_else(|| TieOrder::row_major_seed(draw));
        Ok(Checked { ask: self, seed })
    }
}

impl Checked {
    /// The seed every random choice is drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn algorithm(&self) -> Algorithm {
        self.ask.algorithm
    }

    /// The board as the algorithm reads it.
    pub fn board(&self) -> &Board {
        &self.ask.board
    }

    /// Plays the algorithm at its level, with the seed's tie order and every random choice drawn
    /// from [`Checked::draws`].
    pub fn run(&self) -> Result<Recommendation, StrategyError> {
        let a = &self.ask;
        let seat = Seat::from_seed(self.seed, a.budget_ms, a.rules).with_opponent(a.opponent.clone());
        let turn = seat.turn(&a.board, &a.fleet).with_told(a.told.as_ref());
        recommend_with_candidates(a.algorithm, a.level, turn, &mut self.draws(), a.candidates)
    }

    /// The generator the turn draws from: the stream of the seed and the number of cells already
    /// shot. A client that sends one seed a game (to keep one tie order through it) still gets
    /// fresh draws every turn, as a game in the simulator does; with the seed's own generator
    /// every turn would draw the same numbers, and a level's mistakes would fall on the same
    /// cells turn after turn (level 1 swept one edge of the board).
    fn draws(&self) -> SonarRng {
        let board = &self.ask.board;
        stream(self.seed, (board.len() - board.count(Cell::Unknown)) as u64)
    }
}

/// A recommendation as the service returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    pub algorithm: Algorithm,
    /// The strength level it played at (10: the algorithm itself).
    pub level: Level,
    pub shot: Pos,
    /// Whether `shot` is a deliberate mistake of the level: a cell whose grid value differs from
    /// the algorithm's own shot's (always false at level 10; a level's pick among equally good
    /// cells is none). Where the algorithm's own shot is a top cell of its grid this means a
    /// cell valued below it; where it chose below the top for a reason (`bayes`'s counted moves),
    /// a cell valued above it is a departure from that choice too.
    pub mistake: bool,
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
    /// Why the algorithm's own shot is not a cell of the grid's highest value, when it is not and
    /// `shot` is that shot (the `bayes` study variants choose by a rule of their own).
    pub why: Option<&'static str>,
    /// What `bayes` found when it planned ahead with a budget above the default ([`crate::shooting::bayes::planner`]).
    pub plan: Option<Plan>,
}

/// Runs an algorithm on a turn and scales its grid for the caller.
pub fn recommend(algorithm: Algorithm, turn: Turn<'_>, rng: &mut SonarRng) -> Result<Recommendation, StrategyError> {
    recommend_with_candidates(algorithm, Level::STRONGEST, turn, rng, 0)
}

/// [`recommend`] at a strength level ([`crate::shooting::level`]), also listing the `candidates` best cells
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
    let (decision, own) = player.decide_with_own(turn, rng, &mut grid)?;
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
        mistake: grid[index(decision.shot)] != grid[index(own)],
        shots,
        candidates: best.iter().take(candidates).map(|&p| (p, grid[index(p)])).collect(),
        mode: turn.mode(),
        grid,
        grid_kind: info.grid_kind,
        posterior: decision.posterior,
        why: decision.why.filter(|_| decision.shot == own),
        plan: decision.plan,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::seeded;

    // density's shot through the whole recommendation: a best open cell of the finished grid, the
    // same for the same seed, and the hunt fallback when the hits explain nothing open.

    #[test]
    fn shot_is_a_best_open_cell_and_reproducible() {
        let rows = [".........."; 10];
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::classic();
        let turn = Turn::checked(&b, &f, Rules::CLASSIC).unwrap();
        let r = recommend(Algorithm::Density, turn, &mut seeded(42)).unwrap();
        assert_eq!(r.grid[b.index(r.shot)], 1.0);
        assert!([Pos::new(4, 4), Pos::new(4, 5), Pos::new(5, 4), Pos::new(5, 5)].contains(&r.shot));
        assert_eq!(r, recommend(Algorithm::Density, turn, &mut seeded(42)).unwrap());
    }

    #[test]
    fn falls_back_to_hunt_when_hits_explain_nothing_open() {
        // The only windows through the hits lie wholly on them; the open row decides. The service
        // refuses this impossible position, but a position the witness search gives up on may
        // be like it, so the fallback stays.
        let rows = ["oxxo", "...."];
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::new(&[2], 4).unwrap();
        assert!(Turn::checked(&b, &f, Rules::CLASSIC).is_err());
        let r = recommend(Algorithm::Density, Turn::new(&b, &f), &mut seeded(1)).unwrap();
        assert_eq!(r.shot.row, 1);
        assert!([1, 2].contains(&r.shot.col));
    }
}
