//! The referee: a hidden layout, its answers to shots (miss, hit, sunk), and what the defender
//! announces of them under each announcement rule.

use thiserror::Error;

use super::announce::Announce;
use super::arsenal::{Aim, Kind};
use super::board::{Board, BoardSize, Cell, Pos};
use super::fleet::Fleet;
use super::history::{History, NamedShip, Shot as HistoryShot, Sinking};
use super::layout::Layout;
use super::scan::{Reading, Scan};
use super::turn::Turn;

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
    #[error("shot {0} is at an island, which cannot be shot")]
    Island(Pos),
    #[error("the game is over")]
    GameOver,
}

const NO_SHIP: u8 = u8::MAX;

/// One game in progress: the hidden layout and what the shooter has seen so far.
#[derive(Debug)]
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

impl Clone for Game {
    fn clone(&self) -> Game {
        let (board, fleet, owner, damage) =
            (self.board.clone(), self.fleet.clone(), self.owner.clone(), self.damage.clone());
        Game { layout: self.layout.clone(), owner, damage, board, fleet, shots: self.shots }
    }

    /// Copies into the memory already allocated: a plan resets a game per candidate, thousands of
    /// times a move.
    fn clone_from(&mut self, source: &Game) {
        self.board.clone_from(&source.board);
        self.fleet.clone_from(&source.fleet);
        self.owner.clone_from(&source.owner);
        self.damage.clone_from(&source.damage);
        (self.layout.rows, self.layout.cols) = (source.layout.rows, source.layout.cols);
        self.layout.ships.clone_from(&source.layout.ships);
        self.shots = source.shots;
    }
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

    /// A game against a layout on a sea with islands: the board shows every cell of `islands` as
    /// `^` from the start. The layout must avoid them (as
    /// [`random_layout_around`](super::layout::random_layout_around) draws it).
    pub fn with_islands(layout: Layout, islands: &[Pos]) -> Game {
        let mut game = Game::new(layout);
        for &p in islands {
            debug_assert_eq!(game.ship_at(p), None, "no ship lies on an island");
            game.board.set(p, Cell::Island);
        }
        game
    }

    /// The game from a position on: `board` with `fleet` afloat, and `layout` (the ships afloat,
    /// covering every `x`) hidden under it. A ship's `x` cells count as hits it has taken.
    pub fn from_position(board: &Board, fleet: &Fleet, layout: &Layout) -> Game {
        let mut owner = vec![NO_SHIP; board.len()];
        let mut damage = Vec::with_capacity(layout.ships.len());
        for (k, ship) in layout.ships.iter().enumerate() {
            let mut hits = 0;
            for c in ship.cells() {
                let i = board.index(c);
                owner[i] = k as u8;
                hits += usize::from(board.cells()[i] == Cell::Hit);
            }
            damage.push(hits);
        }
        debug_assert!(
            board.cells().iter().zip(&owner).all(|(&c, &o)| (c == Cell::Hit) <= (o != NO_SHIP)),
            "the layout covers every hit"
        );
        Game { layout: layout.clone(), owner, damage, board: board.clone(), fleet: fleet.clone(), shots: 0 }
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
            blocked: (0..self.board.len())
                .filter(|&i| self.board.cells()[i] == Cell::Island)
                .map(|i| self.board.pos(i))
                .collect(),
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

    /// Shots fired since the game began (or since the position it began from).
    pub fn shots(&self) -> usize {
        self.shots
    }

    /// The index in the layout of the ship on `p`, if any.
    pub fn ship_at(&self, p: Pos) -> Option<usize> {
        Some(self.owner[self.board.index(p)] as usize).filter(|&k| k != usize::from(NO_SHIP))
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
        match self.board.get(p) {
            Cell::Unknown | Cell::Ship => {}
            Cell::Island => return Err(ShotError::Island(p)),
            _ => return Err(ShotError::AlreadyShot(p)),
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

impl Game {
    /// Uses a power-up of `kind` aimed at `aim` ([`PowerUp::aims`](super::arsenal::PowerUp::aims)),
    /// and marks what it tells: a strike fires every open cell of its area (the game may end part
    /// way); a torpedo marks the water it passes `o` and fires the first ship cell it meets, stopping
    /// there or at a cell already hit; a scan is added to the board's scans, counting hit and sunk
    /// cells; a reveal marks its ship cells not yet hit `s` and its unshot water `o`. Returns the
    /// shots fired with their answers.
    pub fn use_power_up(&mut self, kind: Kind, aim: &Aim) -> Result<Vec<(Pos, Outcome)>, ShotError> {
        if self.is_over() {
            return Err(ShotError::GameOver);
        }
        let ship = |game: &Game, i: usize| game.owner[i] != NO_SHIP;
        let mut fired = Vec::new();
        match kind {
            Kind::Strike => {
                for &i in &aim.cells {
                    let p = self.board.pos(i);
                    if self.board.get(p).is_open() && !self.is_over() {
                        fired.push((p, self.fire(p)?));
                    }
                }
            }
            Kind::Torpedo => {
                for &i in &aim.cells {
                    let p = self.board.pos(i);
                    match (self.board.get(p), ship(self, i)) {
                        (Cell::Unknown, false) => self.board.set(p, Cell::Miss),
                        (Cell::Unknown | Cell::Ship, true) => {
                            fired.push((p, self.fire(p)?));
                            break;
                        }
                        (Cell::Hit | Cell::Sunk | Cell::Island, _) => break,
                        _ => {}
                    }
                }
            }
            Kind::Count | Kind::Any => {
                let found = aim.cells.iter().filter(|&&i| ship(self, i)).count();
                let reading = match kind {
                    Kind::Count => Reading::Count(found),
                    _ => Reading::Any(found > 0),
                };
                self.board.add_scan(Scan::new(aim.cells.clone(), reading));
            }
            Kind::Reveal => {
                for &i in &aim.cells {
                    let p = self.board.pos(i);
                    match (self.board.get(p), ship(self, i)) {
                        (Cell::Unknown, true) => self.board.set(p, Cell::Ship),
                        (Cell::Unknown, false) => self.board.set(p, Cell::Miss),
                        _ => {}
                    }
                }
            }
        }
        Ok(fired)
    }
}

/// The name the referee gives the layout's ship `i` in a history.
pub fn ship_name(i: usize) -> String {
    format!("ship {}", i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::Placement;

    fn small_game() -> Game {
        let ships = vec![
            Placement { len: 2, row: 0, col: 0, horizontal: true },
            Placement { len: 3, row: 1, col: 2, horizontal: false },
        ];
        Game::new(Layout { rows: 4, cols: 4, ships })
    }

    #[test]
    fn power_ups_are_answered_as_their_kinds_say() {
        use crate::game::arsenal::{Direction, PowerUp, torpedo_run};
        let mut g = small_game();
        let aim = |g: &Game, anchor: Pos, area: &[&str]| {
            let area: Vec<String> = area.iter().map(|s| s.to_string()).collect();
            let p = PowerUp::new(0, "p".into(), Kind::Reveal, Some(&area), 1).unwrap();
            Aim { anchor, direction: None, cells: p.cells_at(g.board(), anchor) }
        };
        // The torpedo passes two cells of water and hits the long ship.
        let run = torpedo_run(g.board(), Pos::new(1, 0), Direction::Right);
        let torpedo = Aim { anchor: Pos::new(1, 0), direction: Some(Direction::Right), cells: run };
        assert_eq!(g.use_power_up(Kind::Torpedo, &torpedo), Ok(vec![(Pos::new(1, 2), Outcome::Hit)]));
        assert_eq!(g.board().to_rows(), vec!["....", "oox.", "....", "...."]);
        // The strike fires the open cells of its area only, and sinks the short ship.
        let strike = aim(&g, Pos::new(0, 0), &["XX", "XX"]);
        let fired = g.use_power_up(Kind::Strike, &strike).unwrap();
        assert_eq!(fired, vec![(Pos::new(0, 0), Outcome::Hit), (Pos::new(0, 1), Outcome::Sunk(2))]);
        assert_eq!(g.shots(), 3, "the torpedo's wake is not a shot");
        // A count scan counts the hit cell too; a yes/no scan of water says no.
        g.use_power_up(Kind::Count, &aim(&g, Pos::new(1, 2), &["X", "X", "X"])).unwrap();
        g.use_power_up(Kind::Any, &aim(&g, Pos::new(2, 0), &["XX", "XX"])).unwrap();
        let readings: Vec<Reading> = g.board().scans().iter().map(|s| s.reading()).collect();
        assert_eq!(readings, vec![Reading::Count(3), Reading::Any(false)]);
        // A reveal marks the ship cells not hit `s` and the water `o`; a shot sinks through them.
        g.use_power_up(Kind::Reveal, &aim(&g, Pos::new(2, 1), &["XXX", "XXX"])).unwrap();
        assert_eq!(g.board().to_rows(), vec!["##..", "oox.", ".oso", ".oso"]);
        assert_eq!(g.fire(Pos::new(2, 2)), Ok(Outcome::Hit));
        assert_eq!(g.fire(Pos::new(3, 2)), Ok(Outcome::Sunk(3)));
        assert_eq!(g.use_power_up(Kind::Strike, &strike), Err(ShotError::GameOver));
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
    fn islands_show_from_the_start_and_cannot_be_shot() {
        let ships = vec![Placement { len: 2, row: 0, col: 0, horizontal: true }];
        let mut g = Game::with_islands(Layout { rows: 2, cols: 3, ships }, &[Pos::new(0, 2), Pos::new(1, 1)]);
        assert_eq!(g.board().to_rows(), vec!["..^", ".^."]);
        assert_eq!(g.fire(Pos::new(1, 1)), Err(ShotError::Island(Pos::new(1, 1))));
        assert_eq!(g.shots(), 0);
        assert_eq!(g.fire(Pos::new(0, 0)), Ok(Outcome::Hit));
        assert_eq!(g.fire(Pos::new(0, 1)), Ok(Outcome::Sunk(2)));
        assert_eq!(g.board().to_rows(), vec!["##^", ".^."]);
    }
}
