//! The game engine: a hidden layout, the referee's answers, and whole games played by a strategy.

use thiserror::Error;

use crate::game::announce::Announce;
use crate::game::board::{Board, BoardSize, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::history::{History, NamedShip, Shot as HistoryShot, Sinking, Volley};
use crate::game::layout::Layout;
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::shooting::recommendation::Seat;
use crate::shooting::strategy::{Strategy, StrategyError};

/// The referee's answer to a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Miss,
    Hit,
    /// The shot sank the ship of this length; its cells are now `#`.
    Sunk(usize),
}

/// A shot the rules do not allow.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ShotError {
    #[error("shot {0} is off the board")]
    OffBoard(Pos),
    #[error("shot {0} is at a cell already shot")]
    AlreadyShot(Pos),
    #[error("the game is over")]
    GameOver,
}

const NO_SHIP: u8 = u8::MAX;

/// One game in progress: the hidden layout and what the shooter has seen so far.
#[derive(Clone, Debug)]
pub struct Game {
    layout: Layout,
    /// Index of the ship on each cell, or `NO_SHIP`.
    owner: Vec<u8>,
    /// Hits taken by each ship.
    damage: Vec<usize>,
    board: Board,
    fleet: Fleet,
    shots: usize,
}

impl Game {
    /// A game against a layout (at most 254 ships, which every valid fleet satisfies).
    pub fn new(layout: Layout) -> Game {
        let mut owner = vec![NO_SHIP; layout.rows * layout.cols];
        for (i, s) in layout.ships.iter().enumerate() {
            for c in s.cells() {
                owner[c.row * layout.cols + c.col] = i as u8;
            }
        }
        let lengths: Vec<usize> = layout.ships.iter().map(|s| s.len).collect();
        let fleet = Fleet::new(&lengths, layout.rows.max(layout.cols)).expect("a drawn layout is a valid fleet");
        Game {
            damage: vec![0; layout.ships.len()],
            board: Board::empty(layout.rows, layout.cols),
            fleet,
            owner,
            layout,
            shots: 0,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The ships still afloat.
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The game's history before its first shot, as the referee keeps it: every ship of the
    /// layout, named `ship 1`, `ship 2`... in its order.
    pub fn new_history(&self) -> History {
        let fleet = self.layout.ships.iter().enumerate();
        History {
            size: BoardSize { rows: self.layout.rows, cols: self.layout.cols },
            fleet: fleet.map(|(i, s)| NamedShip { name: Some(ship_name(i)), len: s.len }).collect(),
            turns: Vec::new(),
        }
    }

    /// What the defender tells of `shot`, just fired with `outcome`, under `announce`: the shot's
    /// answer (naming the ship hit under `hit`), and the sinking announced after its turn (with
    /// the ship's cells under `sunk-cells`; none under `none`).
    pub fn answer(&self, shot: Pos, outcome: Outcome, announce: Announce) -> (HistoryShot, Option<Sinking>) {
        let owner = self.owner[self.board.index(shot)] as usize;
        let hit = outcome != Outcome::Miss;
        let ship = (hit && announce == Announce::Hit).then(|| ship_name(owner));
        let sinking = (matches!(outcome, Outcome::Sunk(_)) && announce.tells_sinkings()).then(|| Sinking {
            ship: Some(ship_name(owner)),
            cells: announce.shows_sunk_cells().then(|| self.layout.ships[owner].cells().collect()),
        });
        (HistoryShot { pos: shot, hit, ship }, sinking)
    }

    pub fn shots(&self) -> usize {
        self.shots
    }

    pub fn is_over(&self) -> bool {
        self.fleet.is_empty()
    }

    /// What the shooter sees: the board and the ships afloat.
    pub fn turn(&self) -> Turn<'_> {
        Turn::new(&self.board, &self.fleet)
    }

    /// Fires at a cell and marks the answer: `o`, `x`, or the whole ship `#` when it sinks.
    pub fn fire(&mut self, p: Pos) -> Result<Outcome, ShotError> {
        if self.is_over() {
            return Err(ShotError::GameOver);
        }
        if !self.board.contains(p) {
            return Err(ShotError::OffBoard(p));
        }
        if self.board.get(p) != Cell::Unknown {
            return Err(ShotError::AlreadyShot(p));
        }
        self.shots += 1;
        let ship = self.owner[self.board.index(p)];
        if ship == NO_SHIP {
            self.board.set(p, Cell::Miss);
            return Ok(Outcome::Miss);
        }
        let ship = ship as usize;
        self.damage[ship] += 1;
        let placement = self.layout.ships[ship];
        if self.damage[ship] < placement.len {
            self.board.set(p, Cell::Hit);
            return Ok(Outcome::Hit);
        }
        for c in placement.cells() {
            self.board.set(c, Cell::Sunk);
        }
        self.fleet.remove(placement.len);
        Ok(Outcome::Sunk(placement.len))
    }
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Shots to sink the whole fleet.
    pub shots: usize,
    /// Turns to sink it: the shots under one-shot rules, fewer with salvos.
    pub turns: usize,
    pub hits: usize,
    /// For each ship of the layout, in layout order: its length and the shot number that sank it.
    pub sunk_at: Vec<(usize, usize)>,
}

/// Why a game could not be finished.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    #[error("the strategy gave up: {0}")]
    Strategy(#[from] StrategyError),
    #[error("the strategy broke the rules: {0}")]
    IllegalShot(#[from] ShotError),
}

/// Plays a whole game, calling `on_shot` after every shot. `grid` is scratch space of one slot per
/// cell, reused across moves. Each move is [`Seat::salvo`]: the shooter reads the board under the
/// seat's rules and, with salvos, fires its whole salvo before it is told any answer (the game ends
/// at the shot that sinks the last ship).
///
/// Under an announcement rule other than `sunk-cells` the shooter is told only what the rule says:
/// the referee keeps the game's [`History`] as that rule answers it, and every move reads it
/// ([`History::read`]) into the board, the fleet and what the announcements tell beyond them.
pub fn play(
    strategy: &dyn Strategy,
    mut game: Game,
    seat: &Seat,
    rng: &mut SonarRng,
    grid: &mut Vec<f64>,
    mut on_shot: impl FnMut(&Game, Pos, Outcome),
) -> Result<GameRecord, PlayError> {
    let n = game.board().len();
    let mut sunk_at = vec![0; game.layout().ships.len()];
    let (mut hits, mut turns) = (0, 0);
    let announce = seat.rules.announce;
    let mut log = (announce != Announce::SunkCells).then(|| game.new_history());
    while !game.is_over() {
        grid.clear();
        grid.resize(n, 0.0);
        let shots = match &log {
            None => seat.salvo(strategy, game.board(), game.fleet(), rng, grid)?,
            Some(history) => {
                let reading = history.read(seat.rules).map_err(|_| StrategyError::NoLayout)?;
                seat.salvo_told(strategy, &reading.board, &reading.fleet, Some(&reading.told), rng, grid)?
            }
        };
        turns += 1;
        let mut volley = Volley::default();
        for shot in shots {
            if game.is_over() {
                break;
            }
            let outcome = game.fire(shot)?;
            if outcome != Outcome::Miss {
                hits += 1;
            }
            if let Outcome::Sunk(_) = outcome {
                sunk_at[game.owner[game.board.index(shot)] as usize] = game.shots();
            }
            on_shot(&game, shot, outcome);
            if log.is_some() {
                let (answer, sinking) = game.answer(shot, outcome, announce);
                volley.shots.push(answer);
                volley.sunk.extend(sinking);
            }
        }
        if let Some(history) = &mut log {
            history.turns.push(volley);
        }
    }
    let ships = &game.layout().ships;
    Ok(GameRecord {
        shots: game.shots(),
        turns,
        hits,
        sunk_at: ships.iter().zip(sunk_at).map(|(s, t)| (s.len, t)).collect(),
    })
}

/// The name the referee gives the layout's ship `i` in a history.
fn ship_name(i: usize) -> String {
    format!("ship {}", i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::{Placement, random_layout};
    use crate::game::rng::seeded;
    use crate::game::rules::Rules;
    use crate::shooting::strategy::Algorithm;

    fn small_game() -> Game {
        let ships = vec![
            Placement { len: 2, row: 0, col: 0, horizontal: true },
            Placement { len: 3, row: 1, col: 2, horizontal: false },
        ];
        Game::new(Layout { rows: 4, cols: 4, ships })
    }

    #[test]
    fn referee_marks_miss_hit_and_sunk() {
        let mut g = small_game();
        assert_eq!(g.fire(Pos::new(3, 0)), Ok(Outcome::Miss));
        assert_eq!(g.fire(Pos::new(0, 0)), Ok(Outcome::Hit));
        assert_eq!(g.board().to_rows(), vec!["x...", "....", "....", "o..."]);
        assert_eq!(g.fire(Pos::new(0, 1)), Ok(Outcome::Sunk(2)));
        assert_eq!(g.board().to_rows(), vec!["##..", "....", "....", "o..."]);
        assert_eq!(g.fleet().lengths(), &[3]);
        assert_eq!(g.fire(Pos::new(0, 1)), Err(ShotError::AlreadyShot(Pos::new(0, 1))));
        assert_eq!(g.fire(Pos::new(4, 0)), Err(ShotError::OffBoard(Pos::new(4, 0))));
        for r in 1..4 {
            g.fire(Pos::new(r, 2)).unwrap();
        }
        assert!(g.is_over());
        assert_eq!(g.fire(Pos::new(3, 3)), Err(ShotError::GameOver));
    }

    #[test]
    fn density_finishes_games_with_every_ship_sunk() {
        let mut rng = seeded(7);
        let mut grid = Vec::new();
        for _ in 0..50 {
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let rec = play(
                Algorithm::Density.strategy(),
                Game::new(layout),
                &Seat::default(),
                &mut rng,
                &mut grid,
                |_, _, _| {},
            )
            .unwrap();
            assert_eq!(rec.hits, 17);
            assert!((17..=100).contains(&rec.shots));
            assert!(rec.sunk_at.iter().all(|&(_, t)| t >= 1 && t <= rec.shots));
            assert_eq!(rec.sunk_at.iter().map(|&(_, t)| t).max(), Some(rec.shots));
        }
    }

    #[test]
    fn a_sunk_cells_history_reads_as_the_referees_board() {
        // The log the referee keeps under sunk-cells says what its board says, move by move.
        let mut rng = seeded(11);
        let rules = Rules::CLASSIC;
        for _ in 0..20 {
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let mut game = Game::new(layout);
            let mut history = game.new_history();
            let mut grid = vec![0.0; 100];
            while !game.is_over() {
                let reading = history.read(rules).unwrap();
                assert_eq!(reading.board, *game.board());
                assert_eq!(reading.fleet, *game.fleet());
                assert!(reading.told.is_empty());
                let shot = Algorithm::Density.strategy().decide(game.turn(), &mut rng, &mut grid).unwrap().shot;
                let outcome = game.fire(shot).unwrap();
                let (answer, sinking) = game.answer(shot, outcome, Announce::SunkCells);
                history.turns.push(Volley { shots: vec![answer], sunk: sinking.into_iter().collect() });
            }
        }
    }

    #[test]
    fn every_announcement_rule_plays_whole_games() {
        let mut rng = seeded(3);
        let mut grid = Vec::new();
        for announce in Announce::ALL {
            for algorithm in [Algorithm::Bayes, Algorithm::WeightedDensity] {
                for salvo in [1, 3] {
                    let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
                    let rules = Rules::new(true, salvo).unwrap().with_announce(announce);
                    let seat = Seat { rules, ..Seat::default() };
                    let rec = play(algorithm.strategy(), Game::new(layout), &seat, &mut rng, &mut grid, |_, _, _| {})
                        .unwrap();
                    assert_eq!(rec.hits, 17, "{announce} {algorithm:?} salvo {salvo}");
                    assert!(rec.shots <= 100);
                }
            }
        }
    }
}
