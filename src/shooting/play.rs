//! Playing a move: the one place a shooter's move is made, whoever asks for it. The service asks
//! through [`Ask`], whole games through [`Seat::play`] directly; both end in [`Seat::play`].
//!
//! - [`Seat`]: who shoots (an algorithm at a weakness) and what they are told on every move of a
//!   game besides the position: the tie order, the compute budget, the rules, and what they
//!   believe of the opponent's habits.
//! - [`Seat::play`]: one move on a position: the board read under the rules, the algorithm's
//!   decision at its weakness, the turn's salvo and the hint's candidates ranked, the grid finished
//!   for the caller.
//! - [`Ask`]: a recommendation asked for by an untrusted client: a position and the seat to play
//!   it from. [`Ask::check`] reads the board as a shooter who knows the rules reads it
//!   ([`Rules::reveal`]) and checks that it is a real game position ([`Turn::checked`]);
//!   [`Ask::play`] plays the move from its seat with every random choice drawn from the request's
//!   seed.

use std::borrow::Cow;
use std::sync::Arc;

use crate::game::arsenal::PowerUp;
use crate::game::board::{Board, Pos};
use crate::game::deadline::Deadline;
use crate::game::fleet::Fleet;
use crate::game::history::{Reading, Told};
use crate::game::prior::Opponent;
use crate::game::rng::{SonarRng, stream};
use crate::game::rules::Rules;
use crate::game::tie_order::TieOrder;
use crate::game::turn::{DEFAULT_BUDGET_MS, Mode, Turn, TurnError};
use crate::game::witness;
use crate::shooting::action::{self, Choice, Policy};
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::{Level, Weakened};
use crate::shooting::strategy::plan::Plan;
use crate::shooting::strategy::{Cut, GridKind, PosteriorFacts, StrategyError, best_open_cell, finish_grid, ranked};

/// Who shoots, and what they are told on every move of a game besides the position: the tie order
/// (one per game, as a client that sends one seed per game gets), the compute budget, the rules and
/// the opponent's habits as they believe them.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub player: Weakened,
    pub order: TieOrder,
    pub budget_ms: u64,
    pub rules: Rules,
    /// What the shooter believes of the opponent's habits; `None` is the uniform prior.
    pub opponent: Option<Arc<Opponent>>,
    /// Whether each move of a whole game is held to the wall clock, its budget from its start, as
    /// the service holds it ([`Seat::deadline`]); otherwise the work bounds alone decide.
    pub clock: bool,
}

impl Default for Seat {
    /// The default algorithm at full strength, in row-major order, with the default budget, under
    /// the classic rules.
    fn default() -> Seat {
        Seat::new(Weakened::full(Algorithm::DEFAULT))
    }
}

impl Seat {
    /// `player`'s seat in row-major order, with the default budget, under the classic rules.
    pub fn new(player: Weakened) -> Seat {
        Seat {
            player,
            order: TieOrder::ROW_MAJOR,
            budget_ms: DEFAULT_BUDGET_MS,
            rules: Rules::CLASSIC,
            opponent: None,
            clock: false,
        }
    }

    /// The seat of a game played with one seed: the tie order that seed picks.
    pub fn from_seed(player: Weakened, seed: u64, budget_ms: u64, rules: Rules) -> Seat {
        Seat { order: TieOrder::from_seed(seed), budget_ms, rules, ..Seat::new(player) }
    }

    /// The same seat believing `opponent` of the opponent's habits.
    pub fn with_opponent(self, opponent: Option<Arc<Opponent>>) -> Seat {
        Seat { opponent, ..self }
    }

    /// The deadline of a move starting now: its budget from now when the seat is held to the
    /// clock, none otherwise.
    pub fn deadline(&self) -> Deadline {
        match self.clock {
            true => Deadline::after(std::time::Duration::from_millis(self.budget_ms)),
            false => Deadline::NONE,
        }
    }

    /// The turn a strategy sees on `board` (already read under the rules) with `fleet` afloat and
    /// what a history's announcements told beyond them.
    pub fn turn<'a>(&'a self, board: &'a Board, fleet: &'a Fleet, told: Option<&'a Told>) -> Turn<'a> {
        Turn::new(board, fleet)
            .with_rules(self.rules)
            .with_order(self.order)
            .with_budget(self.budget_ms)
            .with_opponent(self.opponent.as_deref())
            .with_told(told)
    }

    /// What the seat's algorithm is shown of `board` where that differs from the board: an
    /// algorithm that does not read observations sees each `s` as a `.` it knows nothing of, and
    /// no scans.
    fn shown(&self, board: &Board) -> Option<Board> {
        (board.has_observations() && !self.player.algorithm.reads_observations()).then(|| board.without_observations())
    }

    /// One move on the position `board` (read here under the rules, [`Rules::reveal`]) with `fleet`
    /// afloat and what a history's announcements told beyond them: the algorithm's decision at the
    /// seat's weakness, the turn's shots under its salvo size and the `candidates` best cells (a
    /// hint), every random choice drawn from `rng`. The grid and the candidates are the algorithm's
    /// own at every weakness; below full strength the shots are the weakness's.
    pub fn play(
        &self,
        board: &Board,
        fleet: &Fleet,
        told: Option<&Told>,
        rng: &mut SonarRng,
        candidates: usize,
        deadline: Deadline,
    ) -> Result<Recommendation, StrategyError> {
        let player = self.player;
        let plain = self.shown(board);
        let board = plain.as_ref().unwrap_or(board);
        let seen = self.rules.reveal(board);
        let turn = self.turn(&seen, fleet, told).with_deadline(deadline);
        let mut grid = vec![0.0; seen.len()];
        let (decision, own) = player.decide_with_own(turn, rng, &mut grid)?;
        // Where the deadline came before any posterior, the grid is the placement count.
        let grid_kind = match decision.cut {
            Some(Cut::Counting) => GridKind::Score,
            _ => player.algorithm.info().grid_kind,
        };
        finish_grid(&seen, &mut grid, grid_kind);
        let salvo = self.rules.salvo.max(1);
        let index = |p: Pos| seen.index(p);
        let in_order = player.algorithm.keeps_one_order();
        let (shots, best) = if player.weakness.is_none() {
            // One ranking serves both lists, so a salvo is always the head of the candidates.
            let best = ranked(in_order, turn, decision.shot, &grid, rng, salvo.max(candidates));
            (best.iter().copied().take(salvo).collect(), best)
        } else {
            let shots = player.rank(turn, decision.shot, &grid, rng, salvo);
            // The hint is the algorithm's own best cells, ranked only when asked for.
            let best = match candidates {
                0 => Vec::new(),
                k => {
                    let top = best_open_cell(&seen, &grid, rng).unwrap_or(decision.shot);
                    ranked(in_order, turn, top, &grid, rng, k)
                }
            };
            (shots, best)
        };
        Ok(Recommendation {
            algorithm: player.algorithm,
            shot: decision.shot,
            mistake: grid[index(decision.shot)] != grid[index(own)],
            shots,
            candidates: best.iter().take(candidates).map(|&p| (p, grid[index(p)])).collect(),
            mode: turn.mode(),
            grid,
            grid_kind,
            posterior: decision.posterior,
            why: decision.why.filter(|_| decision.shot == own).map(String::from),
            plan: decision.plan,
            cut: decision.cut,
            choice: None,
        })
    }

    /// [`Seat::play`] holding `arsenal`: the move, and what to do this turn as `policy` uses the
    /// power-ups ([`Seat::choose`]), from the same generator after the move's draws.
    #[allow(clippy::too_many_arguments)]
    pub fn play_armed(
        &self,
        board: &Board,
        fleet: &Fleet,
        told: Option<&Told>,
        rng: &mut SonarRng,
        candidates: usize,
        deadline: Deadline,
        arsenal: Option<&[PowerUp]>,
        policy: Policy,
    ) -> Result<Recommendation, StrategyError> {
        let mut rec = self.play(board, fleet, told, rng, candidates, deadline)?;
        self.choose(board, fleet, &mut rec, arsenal, policy, rng, deadline);
        Ok(rec)
    }

    /// Adds to `rec`, the move played on `board` with `fleet` afloat, what to do this turn
    /// ([`action::choose`]), and [`Cut::Arsenal`] where the deadline stopped the choice. No choice
    /// is made (and nothing drawn) without an arsenal or under [`Policy::Never`]; an empty one
    /// chooses the plain shot. The choice reads every observation on `board`, whatever the
    /// algorithm reads (a scan it did not read would otherwise win again), under the seat's rules
    /// and opponent model; the move's grid serves where the algorithm was shown this board and it
    /// is a posterior.
    #[allow(clippy::too_many_arguments)]
    pub fn choose(
        &self,
        board: &Board,
        fleet: &Fleet,
        rec: &mut Recommendation,
        arsenal: Option<&[PowerUp]>,
        policy: Policy,
        rng: &mut SonarRng,
        deadline: Deadline,
    ) {
        let Some(arsenal) = arsenal.filter(|_| policy != Policy::Never) else { return };
        let seen = self.rules.reveal(board);
        let own = rec.grid_kind == GridKind::Probability && self.shown(board).is_none();
        let grid = own.then_some(&rec.grid[..]);
        let turn = Turn::new(&seen, fleet).with_rules(self.rules).with_opponent(self.opponent.as_deref());
        let choice = action::choose(turn.with_deadline(deadline), arsenal, rec.shot, grid, policy, rng);
        rec.cut = rec.cut.or(choice.cut.then_some(Cut::Arsenal));
        rec.choice = Some(choice);
    }
}

/// A recommendation asked for by an untrusted client: a position and the seat to play it from.
#[derive(Clone, Debug)]
pub struct Ask {
    pub board: Board,
    pub fleet: Fleet,
    /// For a position read from a history ([`crate::game::history::History::read_possible`], which
    /// has checked it): what its announcements tell beyond the board. `None` for a board string.
    pub told: Option<Told>,
    /// Who plays the move and what they are told: the algorithm at the level's weakness, the
    /// seed's tie order, the compute budget (only the algorithms whose cost varies look at it),
    /// the rules and the opponent's habits.
    pub seat: Seat,
    /// The level the seat's weakness is, as the answer reports it.
    pub level: Level,
    /// The seed of every random choice and of the tie order ([`TieOrder::from_seed`]; a request
    /// without one gets a seed of row-major order, [`TieOrder::row_major_seed`]).
    pub seed: u64,
    /// How many best cells to list with their values (0: none).
    pub candidates: usize,
    /// The power-ups the shooter holds (`None`: the answer makes no choice among them).
    pub arsenal: Option<Vec<PowerUp>>,
    /// After [`Ask::check`], where the algorithm is shown less than the board tells (it reads no
    /// observations): the whole board read under the rules, which the choice among the arsenal
    /// reads. `None` otherwise.
    pub observed: Option<Board>,
}

/// Steps of the consistency search for a history's position (per assignment of its unseen ships).
pub const HISTORY_STEPS: u64 = witness::STEP_BUDGET;

impl Ask {
    /// Reads the board as the rules let the shooter read it (under the no-touch rules the cells
    /// they prove to be water become `o`: the checks, the algorithm and the grid all see this one
    /// board) and checks the position. The checks read every `s` cell; an algorithm that does not
    /// read reveals is then given the board read with each `s` a `.`, so that nothing the rules
    /// infer from an `s` reaches it either.
    pub fn check(&mut self) -> Result<(), TurnError> {
        let rules = self.seat.rules;
        let plain = self.seat.shown(&self.board);
        if let Cow::Owned(board) = rules.reveal(&self.board) {
            self.board = board;
        }
        // A model that never lets ships touch explains only the boards the no-touch rules do.
        let apart = self.seat.opponent.as_ref().and_then(|m| m.apart_rules(rules));
        match (&self.told, apart) {
            (None, apart) => {
                Turn::checked(&self.board, &self.fleet, rules)?;
                if let Some(apart) = apart {
                    let seen = apart.reveal(&self.board);
                    Turn::checked(&seen, &self.fleet, apart).map_err(|e| TurnError::OpponentApart(Box::new(e)))?;
                }
            }
            (Some(told), Some(apart)) => {
                let reading = Reading {
                    board: apart.reveal(&self.board).into_owned(),
                    fleet: self.fleet.clone(),
                    told: told.clone(),
                };
                if reading.possible(apart, HISTORY_STEPS) == Some(false) {
                    return Err(TurnError::OpponentApart(Box::new(TurnError::NoLayout)));
                }
            }
            (Some(_), None) => {}
        }
        if let Some(plain) = plain {
            self.observed = Some(std::mem::replace(&mut self.board, rules.reveal(&plain).into_owned()));
        }
        Ok(())
    }

    /// Plays the checked move ([`Ask::check`]) from its seat, every random choice drawn from
    /// [`Ask::draws`], held to `deadline`.
    pub fn play(&self, deadline: Deadline) -> Result<Recommendation, StrategyError> {
        let (seat, board, fleet, rng) = (&self.seat, &self.board, &self.fleet, &mut self.draws());
        let mut rec = seat.play(board, fleet, self.told.as_ref(), rng, self.candidates, deadline)?;
        let (whole, arsenal) = (self.observed.as_ref().unwrap_or(board), self.arsenal.as_deref());
        seat.choose(whole, fleet, &mut rec, arsenal, Policy::Best, rng, deadline);
        Ok(rec)
    }

    /// The generator the turn draws from: the stream of the seed and the number of cells already
    /// shot. A client that sends one seed a game (to keep one tie order through it) still gets
    /// fresh draws every turn, as a game in the simulator does; with the seed's own generator
    /// every turn would draw the same numbers, and a level's mistakes would fall on the same
    /// cells turn after turn.
    fn draws(&self) -> SonarRng {
        let board = &self.board;
        stream(self.seed, board.shots() as u64)
    }
}

/// A move as the service returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    pub algorithm: Algorithm,
    pub shot: Pos,
    /// Whether `shot` is a deliberate mistake of a weakness: a cell whose grid value differs from
    /// the algorithm's own shot's (always false at full strength; a pick among equally good cells
    /// is none). Where the algorithm's own shot is a top cell of its grid this means a cell valued
    /// below it; where it chose below the top for a reason (`bayes`'s counted moves), a cell valued
    /// above it is a departure from that choice too.
    pub mistake: bool,
    /// The turn's shots under its rules' salvo size, best first: `shot`, then the open cells of
    /// highest grid value. Fewer when fewer open cells are left.
    pub shots: Vec<Pos>,
    /// The best cells with their grid values, best first, as many as asked (a hint); `shots` is
    /// their head.
    pub candidates: Vec<(Pos, f64)>,
    pub mode: Mode,
    /// Row-major, finite, in [0, 1], exactly 0 on every cell that is not open (`.`, `s`).
    pub grid: Vec<f64>,
    pub grid_kind: GridKind,
    pub posterior: Option<PosteriorFacts>,
    /// Why the algorithm's own shot is not a cell of the grid's highest value, when it is not and
    /// `shot` is that shot.
    pub why: Option<String>,
    /// What `bayes` found when it planned ahead with a budget above the default.
    pub plan: Option<Plan>,
    /// Where the deadline stopped the work the budget planned, if it did: the answer rests on what
    /// was done by then.
    pub cut: Option<Cut>,
    /// With an arsenal: what to do this turn, and each power-up's best aim.
    pub choice: Option<Choice>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::seeded;

    // density's shot through the whole move: a best open cell of the finished grid, the same for
    // the same seed, and the hunt fallback when the hits explain nothing open.

    fn density() -> Seat {
        Seat::new(Weakened::full(Algorithm::Density))
    }

    #[test]
    fn shot_is_a_best_open_cell_and_reproducible() {
        let rows = [".........."; 10];
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::classic();
        Turn::checked(&b, &f, Rules::CLASSIC).unwrap();
        let r = density().play(&b, &f, None, &mut seeded(42), 0, Deadline::NONE).unwrap();
        assert_eq!(r.grid[b.index(r.shot)], 1.0);
        assert!([Pos::new(4, 4), Pos::new(4, 5), Pos::new(5, 4), Pos::new(5, 5)].contains(&r.shot));
        assert_eq!(r, density().play(&b, &f, None, &mut seeded(42), 0, Deadline::NONE).unwrap());
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
        let r = density().play(&b, &f, None, &mut seeded(1), 0, Deadline::NONE).unwrap();
        assert_eq!(r.shot.row, 1);
        assert!([1, 2].contains(&r.shot.col));
    }
}
