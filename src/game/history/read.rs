//! Replaying a history: every answer checked against the rules, turn by turn, into a [`Reading`].

use super::{At, History, HistoryError, Observed, Reading, Told, Unseen};
use crate::game::announce::Announce;
use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::observations::read_scans;
use crate::game::rules::{Rules, around};

/// The replay's state: per cell, the turn it was shot and the ship a hit was named for; per ship,
/// the turn it sank.
struct Replay<'h> {
    history: &'h History,
    announce: Announce,
    cols: usize,
    turn_of: Vec<Option<usize>>,
    island: Vec<bool>,
    hit: Vec<bool>,
    label: Vec<Option<usize>>,
    shown: Vec<bool>,
    sunk_turn: Vec<Option<usize>>,
    /// Per cell, where a reveal showed it: whether it holds a ship, and the reveal's turn.
    revealed: Vec<Option<(bool, usize)>>,
}

impl History {
    /// Replays the history under `rules` (its salvo, touching and announcement rules): every
    /// answer is checked as it comes, and what the history tells is returned.
    pub fn read(&self, rules: Rules) -> Result<Reading, HistoryError> {
        let announce = rules.announce;
        self.check_fleet(announce)?;
        let (rows, cols) = (self.size.rows, self.size.cols);
        let n = rows * cols;
        let ships = self.fleet.len();
        let mut island = vec![false; n];
        for (index, &Pos { row, col }) in self.blocked.iter().enumerate() {
            if row >= rows || col >= cols {
                return Err(HistoryError::BlockedOffBoard { index, row, col, size: format!("{rows}x{cols}") });
            }
            island[row * cols + col] = true;
        }
        let mut r = Replay {
            history: self,
            announce,
            cols,
            turn_of: vec![None; n],
            island,
            hit: vec![false; n],
            label: vec![None; n],
            shown: vec![false; n],
            sunk_turn: vec![None; ships],
            revealed: vec![None; n],
        };
        for t in 0..self.turns.len() {
            r.turn(t, rules.salvo)?;
        }
        r.revealed_agree()?;
        if announce.tells_sinkings() && r.sunk_turn.iter().all(Option::is_some) {
            return Err(HistoryError::GameOver);
        }
        let total: usize = self.fleet.iter().map(|s| s.len).sum();
        if r.hit.iter().filter(|&&h| h).count() >= total {
            return Err(HistoryError::GameOver);
        }
        let mut board = Board::empty(rows, cols);
        for i in 0..n {
            let cell = match (r.turn_of[i], r.hit[i], r.shown[i]) {
                (None, _, _) if r.island[i] => Cell::Island,
                (None, _, _) => match r.revealed[i] {
                    Some((true, _)) => Cell::Ship,
                    Some((false, _)) => Cell::Miss,
                    None => continue,
                },
                (Some(_), false, _) => Cell::Miss,
                (Some(_), true, true) => Cell::Sunk,
                (Some(_), true, false) => Cell::Hit,
            };
            board.set(board.pos(i), cell);
        }
        if !board.cells().iter().any(|c| c.is_open()) {
            return Err(HistoryError::NoOpenCell);
        }
        let mut board = self.scanned(board)?;
        let told = r.told(&mut board, rules.touching)?;
        // Every ship not shown `#`: the rest, and the unseen ships (afloat, or sunk in cells the
        // board cannot show).
        let lengths: Vec<usize> = told.rest.iter().copied().chain(told.unseen.iter().map(|u| u.len)).collect();
        let fleet = Fleet::new(&lengths, rows.max(cols)).map_err(HistoryError::Fleet)?;
        Ok(Reading { board, fleet, told })
    }

    /// `board` with the scans of the scan turns read on it, a fault naming the scan's turn.
    fn scanned(&self, board: Board) -> Result<Board, HistoryError> {
        let (turns, scans): (Vec<usize>, Vec<_>) = (self.turns.iter().enumerate())
            .filter_map(|(t, v)| match &v.observed {
                Some(Observed::Scan(cells, found)) => Some((t, (cells.clone(), *found))),
                _ => None,
            })
            .unzip();
        if turns.is_empty() {
            return Ok(board);
        }
        // Too many scans is the fault of the last one.
        let read = read_scans(&board, scans).map_err(|error| {
            let turn = turns[error.scan().unwrap_or(turns.len() - 1)];
            HistoryError::Scan { at: At::turn(turn), error }
        })?;
        Ok(board.with_scans(read))
    }

    fn check_fleet(&self, announce: Announce) -> Result<(), HistoryError> {
        let lengths: Vec<usize> = self.fleet.iter().map(|s| s.len).collect();
        Fleet::new(&lengths, self.size.rows.max(self.size.cols)).map_err(HistoryError::Fleet)?;
        for (ship, s) in self.fleet.iter().enumerate() {
            match &s.name {
                None if announce.names_ships() => return Err(HistoryError::NameMissing { ship, announce }),
                Some(name) if self.fleet[..ship].iter().any(|o| o.name.as_ref() == Some(name)) => {
                    return Err(HistoryError::NameTwice { ship, name: name.clone() });
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl Replay<'_> {
    fn ship_named(&self, name: &str, at: At) -> Result<usize, HistoryError> {
        self.history
            .fleet
            .iter()
            .position(|s| s.name.as_deref() == Some(name))
            .ok_or_else(|| HistoryError::UnknownShip { at, name: name.to_string() })
    }

    fn name(&self, ship: usize) -> String {
        self.history.fleet[ship]
            .name
            .clone()
            .unwrap_or_else(|| format!("the ship of length {}", self.history.fleet[ship].len))
    }

    fn not_sunk(&self, ship: usize, at: At) -> Result<(), HistoryError> {
        match self.sunk_turn[ship] {
            Some(sunk_turn) => Err(HistoryError::AlreadySunk { at, name: self.name(ship), sunk_turn }),
            None => Ok(()),
        }
    }

    fn labelled(&self, ship: usize) -> Vec<usize> {
        (0..self.label.len()).filter(|&i| self.label[i] == Some(ship)).collect()
    }

    fn turn(&mut self, t: usize, salvo: usize) -> Result<(), HistoryError> {
        let history = self.history;
        let volley = &history.turns[t];
        // The most shots the turn may fire: a salvo's, a strike's whole area, a torpedo's one.
        let most = match &volley.observed {
            Some(Observed::Scan(..) | Observed::Reveal { .. })
                if !(volley.shots.is_empty() && volley.sunk.is_empty()) =>
            {
                return Err(HistoryError::ShotsAndScan { at: At::turn(t) });
            }
            Some(Observed::Scan(..)) => return Ok(()),
            Some(Observed::Reveal { cells, ships }) => return self.reveal(t, cells, ships),
            Some(Observed::Strike) => usize::MAX,
            Some(Observed::Torpedo { wake }) => {
                self.reveal(t, wake, &[])?;
                1
            }
            None => salvo,
        };
        let torpedo = matches!(volley.observed, Some(Observed::Torpedo { .. }));
        if volley.shots.is_empty() && !torpedo {
            return Err(HistoryError::EmptyTurn { at: At::turn(t) });
        }
        if torpedo && volley.shots.len() > most {
            return Err(HistoryError::TorpedoShots { at: At::turn(t), shots: volley.shots.len() });
        }
        if torpedo && volley.shots.iter().any(|s| !s.hit) {
            return Err(HistoryError::TorpedoMissed { at: At::turn(t) });
        }
        if volley.shots.len() > most {
            return Err(HistoryError::SalvoTooLarge { at: At::turn(t), shots: volley.shots.len(), salvo });
        }
        for (j, shot) in volley.shots.iter().enumerate() {
            self.shot(t, j, shot)?;
        }
        let hit_this_turn = volley.shots.iter().any(|s| s.hit);
        for sinking in &volley.sunk {
            let at = At::turn(t);
            if !self.announce.tells_sinkings() {
                return Err(HistoryError::SinkingNotTold { at });
            }
            if !hit_this_turn {
                return Err(HistoryError::SinkingWithoutHit { at });
            }
            let ship = match (&sinking.ship, &sinking.cells) {
                (Some(name), _) => self.ship_named(name, at)?,
                (None, _) if self.announce.names_ships() => {
                    return Err(HistoryError::SinkingUnnamed { at, announce: self.announce });
                }
                (None, None) => return Err(HistoryError::CellsRequired { at }),
                (None, Some(cells)) => (0..history.fleet.len())
                    .find(|&k| self.sunk_turn[k].is_none() && history.fleet[k].len == cells.len())
                    .ok_or(HistoryError::NoShipOfLength { at, len: cells.len() })?,
            };
            self.not_sunk(ship, at)?;
            match (self.announce, &sinking.cells) {
                (Announce::SunkCells, None) => return Err(HistoryError::CellsRequired { at }),
                (Announce::SunkCells, Some(cells)) => self.show(t, ship, cells)?,
                (announce, Some(_)) => return Err(HistoryError::CellsNotTold { at, announce }),
                (Announce::Hit, None) => {
                    let named = self.labelled(ship);
                    let len = history.fleet[ship].len;
                    if named.len() != len {
                        return Err(HistoryError::SunkLength { at, name: self.name(ship), len, hits: named.len() });
                    }
                    named.iter().for_each(|&i| self.shown[i] = true);
                }
                (_, None) => {}
            }
            self.sunk_turn[ship] = Some(t);
        }
        if self.announce == Announce::Hit {
            // A ship whose every cell is hit sinks, and the rule says so on that turn.
            for ship in (0..history.fleet.len()).filter(|&k| self.sunk_turn[k].is_none()) {
                if self.labelled(ship).len() == history.fleet[ship].len {
                    return Err(HistoryError::NotAnnounced { at: At::turn(t), name: self.name(ship) });
                }
            }
        }
        Ok(())
    }

    /// Turn `t`'s reveal of `cells`, `ships` among them holding a ship: each on the board, shown
    /// once, no ship on an island, and none that a shot answered otherwise (checked by
    /// [`Replay::revealed_agree`] once every shot is in).
    fn reveal(&mut self, t: usize, cells: &[Pos], ships: &[Pos]) -> Result<(), HistoryError> {
        let at = At::turn(t);
        let size = self.history.size;
        let fault = |detail: String| Err(HistoryError::Reveal { at, detail });
        if let Some(p) = ships.iter().find(|p| !cells.contains(p)) {
            return fault(format!("{} holds a ship but is not a cell of the reveal", p.label()));
        }
        for &p in cells {
            if p.row >= size.rows || p.col >= size.cols {
                return fault(format!("{} is off the {size} board", p.label()));
            }
            let (i, ship) = (p.row * self.cols + p.col, ships.contains(&p));
            if ship && self.island[i] {
                return fault(format!("{} is an island, which holds no ship", p.label()));
            }
            match self.revealed[i] {
                Some((was, _)) if was != ship => return fault(format!("{} was revealed otherwise before", p.label())),
                Some(_) => {}
                None => self.revealed[i] = Some((ship, t)),
            }
        }
        Ok(())
    }

    /// Every revealed cell a shot answered: a hit where the reveal showed a ship, a miss where it
    /// showed water.
    fn revealed_agree(&self) -> Result<(), HistoryError> {
        for (i, r) in self.revealed.iter().enumerate() {
            if let (Some((ship, t)), Some(shot)) = (r, self.turn_of[i])
                && *ship != self.hit[i]
            {
                let cell = Pos::new(i / self.cols, i % self.cols).label();
                let (shown, answered) = if *ship { ("a ship", "a miss") } else { ("water", "a hit") };
                let detail =
                    format!("the reveal shows {shown} at {cell}, but the shot on turn {} was {answered}", shot + 1);
                return Err(HistoryError::Reveal { at: At::turn(*t), detail });
            }
        }
        Ok(())
    }

    fn shot(&mut self, t: usize, j: usize, shot: &super::Shot) -> Result<(), HistoryError> {
        let at = At::shot(t, j);
        let size = self.history.size;
        let Pos { row, col } = shot.pos;
        if row >= size.rows || col >= size.cols {
            return Err(HistoryError::OffBoard { at, row, col, size: format!("{}x{}", size.rows, size.cols) });
        }
        let i = row * self.cols + col;
        if self.island[i] {
            return Err(HistoryError::ShotAtIsland { at, cell: shot.pos.label() });
        }
        if let Some(first_turn) = self.turn_of[i] {
            return Err(HistoryError::ShotTwice { at, cell: shot.pos.label(), first_turn });
        }
        self.turn_of[i] = Some(t);
        self.hit[i] = shot.hit;
        match (shot.hit, &shot.ship) {
            (false, Some(_)) => Err(HistoryError::MissNamed { at }),
            (false, None) => Ok(()),
            (true, None) if self.announce == Announce::Hit => Err(HistoryError::HitUnnamed { at }),
            (true, None) => Ok(()),
            (true, Some(_)) if self.announce != Announce::Hit => {
                Err(HistoryError::HitNamed { at, announce: self.announce })
            }
            (true, Some(name)) => {
                let ship = self.ship_named(name, at)?;
                self.not_sunk(ship, at)?;
                self.label[i] = Some(ship);
                let cells = self.labelled(ship);
                let len = self.history.fleet[ship].len;
                let (rows, cols): (Vec<usize>, Vec<usize>) =
                    cells.iter().map(|&k| (k / self.cols, k % self.cols)).unzip();
                let span = |v: &[usize]| v.iter().max().unwrap() - v.iter().min().unwrap() + 1;
                let straight = (rows.iter().all(|&r| r == rows[0]) && span(&cols) <= len)
                    || (cols.iter().all(|&c| c == cols[0]) && span(&rows) <= len);
                if straight { Ok(()) } else { Err(HistoryError::HitCannotReach { at, name: self.name(ship), len }) }
            }
        }
    }

    /// Under `sunk-cells`: checks the cells shown for `ship`, sunk on turn `t`, and marks them.
    fn show(&mut self, t: usize, ship: usize, cells: &[Pos]) -> Result<(), HistoryError> {
        let at = At::turn(t);
        let wrong = |reason: String| Err(HistoryError::SunkCellsWrong { at, reason });
        let len = self.history.fleet[ship].len;
        if cells.len() != len {
            return wrong(format!("are {} cells, but {} has {len}", cells.len(), self.name(ship)));
        }
        let size = self.history.size;
        if let Some(p) = cells.iter().find(|p| p.row >= size.rows || p.col >= size.cols) {
            return wrong(format!("include ({}, {}), off the board", p.row, p.col));
        }
        let Some(placement) = placement_of(cells) else {
            return wrong("are not one straight run of neighbouring cells".to_string());
        };
        let index = |p: Pos| p.row * self.cols + p.col;
        if let Some(p) = placement.cells().find(|&p| !(self.hit[index(p)] && self.turn_of[index(p)].is_some())) {
            return wrong(format!("include {}, which no shot hit", p.label()));
        }
        if let Some(p) = placement.cells().find(|&p| self.shown[index(p)]) {
            return wrong(format!("include {}, a cell of a ship sunk before", p.label()));
        }
        if !placement.cells().any(|p| self.turn_of[index(p)] == Some(t)) {
            return wrong("were all hit before this turn, so the ship sank earlier".to_string());
        }
        placement.cells().for_each(|p| self.shown[index(p)] = true);
        Ok(())
    }

    /// What the announcements tell beyond `board`; under `sunk`, the ships left one placement
    /// are marked `#` on it (repeatedly, as each narrows the others).
    fn told(&self, board: &mut Board, touching: bool) -> Result<Told, HistoryError> {
        let fleet = &self.history.fleet;
        let mut unseen: Vec<Unseen> = Vec::new();
        let mut rest = Vec::new();
        for (ship, s) in fleet.iter().enumerate() {
            let sunk_turn = self.sunk_turn[ship];
            let named = self.labelled(ship);
            match (self.announce, sunk_turn) {
                (Announce::Sunk, Some(t)) => {
                    unseen.push(Unseen { ship, len: s.len, sunk_turn, candidates: self.sunk_within(t, s.len) })
                }
                (Announce::Hit, None) if !named.is_empty() => {
                    let candidates = Placement::all(board.rows(), board.cols(), s.len)
                        .into_iter()
                        .filter(|p| {
                            let cells: Vec<usize> = p.cells().map(|c| board.index(c)).collect();
                            named.iter().all(|k| cells.contains(k))
                                && cells.iter().all(|&k| named.contains(&k) || board.cells()[k].is_open())
                        })
                        .collect();
                    unseen.push(Unseen { ship, len: s.len, sunk_turn, candidates });
                }
                (_, None) => rest.push(s.len),
                (_, Some(_)) => {}
            }
        }
        // Keep only the candidates that fit the board (and, under no-touch, touch no other ship's
        // cells); a sunk ship left one placement is shown.
        loop {
            for u in &mut unseen {
                u.candidates.retain(|p| fits(board, *p, touching));
                if u.candidates.is_empty() {
                    let name = self.name(u.ship);
                    return Err(match u.sunk_turn {
                        Some(t) => HistoryError::SunkUnexplained { at: At::turn(t), name, len: u.len },
                        // Under `hit`: the turn of its last named hit.
                        None => {
                            let last = self.labelled(u.ship).iter().filter_map(|&i| self.turn_of[i]).max().unwrap_or(0);
                            HistoryError::HitCannotReach { at: At::turn(last), name, len: u.len }
                        }
                    });
                }
            }
            let Some(k) = unseen.iter().position(|u| u.sunk_turn.is_some() && u.candidates.len() == 1) else {
                break;
            };
            let forced = unseen.remove(k).candidates[0];
            forced.cells().for_each(|c| board.set(c, Cell::Sunk));
        }
        rest.sort_unstable_by(|a, b| b.cmp(a));
        Ok(Told { unseen, rest })
    }

    /// Under `sunk`: the placements of a ship of `len` sunk on turn `t`: on cells hit by then, one
    /// of them on turn `t`.
    fn sunk_within(&self, t: usize, len: usize) -> Vec<Placement> {
        let size = self.history.size;
        Placement::all(size.rows, size.cols, len)
            .into_iter()
            .filter(|p| {
                let turns: Vec<Option<usize>> = p.cells().map(|c| self.turn_of[c.row * self.cols + c.col]).collect();
                p.cells().all(|c| self.hit[c.row * self.cols + c.col])
                    && turns.iter().all(|&u| u.is_some_and(|u| u <= t))
                    && turns.contains(&Some(t))
            })
            .collect()
    }
}

/// Whether `p` lies on cells `board` leaves it (its own `x` under `sunk`, or `.` and `x` under
/// `hit`: never `o` or `#`), and under the no-touch rules has no `x` or `#` around it.
fn fits(board: &Board, p: Placement, touching: bool) -> bool {
    let own: Vec<Pos> = p.cells().collect();
    own.iter().all(|&c| board.get(c).may_hold_afloat())
        && (touching
            || own.iter().all(|&c| {
                around(board, c)
                    .all(|q| own.contains(&q) || !matches!(board.get(q), Cell::Hit | Cell::Ship | Cell::Sunk))
            }))
}

/// The placement covering exactly `cells` (in any order), if they are one straight run.
fn placement_of(cells: &[Pos]) -> Option<Placement> {
    let top = cells.iter().min_by_key(|p| (p.row, p.col))?;
    let len = cells.len();
    [true, false].into_iter().find_map(|horizontal| {
        let p = Placement { len, row: top.row, col: top.col, horizontal };
        let mut want: Vec<Pos> = p.cells().collect();
        let mut have = cells.to_vec();
        want.sort_by_key(|q| (q.row, q.col));
        have.sort_by_key(|q| (q.row, q.col));
        (want == have).then_some(p)
    })
}
