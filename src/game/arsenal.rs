//! The arsenal: the power-ups a shooter still holds (area strikes, torpedoes, scans and reveals),
//! and where each may be aimed on a board. Using one costs a turn; the referee answers it
//! ([`crate::game::referee::Game::use_power_up`]) and [`crate::shooting::action`] chooses among
//! them.

use thiserror::Error;

use super::board::{Board, Cell, Pos};

/// Most power-ups one arsenal may hold.
pub const MAX_POWER_UPS: usize = 16;

/// Most uses one power-up may have left.
pub const MAX_USES: usize = 100;

/// Most rows or columns a power-up's area may have.
pub const MAX_AREA_SIDE: usize = 10;

/// What a power-up does where it is aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Shoots every open cell of its area in one turn.
    Strike,
    /// Tells how many cells of its area hold a ship.
    Count,
    /// Tells whether any cell of its area holds a ship.
    Any,
    /// Shows which cells of its area hold a ship, without damaging them.
    Reveal,
    /// Runs along a row or column from the edge and stops at the first ship cell (which it hits)
    /// or island; the cells it passed are water.
    Torpedo,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Strike, Kind::Count, Kind::Any, Kind::Reveal, Kind::Torpedo];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Strike => "strike",
            Kind::Count => "count",
            Kind::Any => "any",
            Kind::Reveal => "reveal",
            Kind::Torpedo => "torpedo",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the kind is aimed with an area (every kind but the torpedo).
    pub fn has_area(self) -> bool {
        self != Kind::Torpedo
    }
}

/// The way a torpedo runs from the edge it enters at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Down,
    Up,
    Right,
    Left,
}

impl Direction {
    pub const ALL: [Direction; 4] = [Direction::Down, Direction::Up, Direction::Right, Direction::Left];

    pub fn name(self) -> &'static str {
        match self {
            Direction::Down => "down",
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Left => "left",
        }
    }
}

/// One power-up held: its name, kind, area (offsets of its `X` cells from the top-left cell it is
/// aimed by; none for a torpedo) and the uses left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerUp {
    pub name: String,
    pub kind: Kind,
    area: Vec<(usize, usize)>,
    pub uses: usize,
}

/// Why an arsenal cannot be read. `power_up` is the index of the power-up at fault.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ArsenalError {
    #[error("{count} power-ups; at most {MAX_POWER_UPS} may be held")]
    TooMany { count: usize },
    #[error("a {kind} needs an `area`")]
    NoArea { power_up: usize, kind: &'static str },
    #[error("a torpedo runs along a row or column and takes no `area`")]
    TorpedoArea { power_up: usize },
    #[error("the area has no `X` cell")]
    EmptyArea { power_up: usize },
    #[error(
        "area row {row} is {found}: rows of `X` and `.` only, all of one length, at most {MAX_AREA_SIDE} by {MAX_AREA_SIDE}"
    )]
    BadArea { power_up: usize, row: usize, found: String },
    #[error("uses must be from 1 to {MAX_USES}")]
    NoUses { power_up: usize },
    #[error("the name {name:?} is held twice; each power-up has a name of its own")]
    NameTwice { power_up: usize, name: String },
}

impl ArsenalError {
    /// The index of the power-up at fault, where the fault is one power-up's.
    pub fn power_up(&self) -> Option<usize> {
        match self {
            ArsenalError::TooMany { .. } => None,
            ArsenalError::NoArea { power_up, .. }
            | ArsenalError::TorpedoArea { power_up }
            | ArsenalError::EmptyArea { power_up }
            | ArsenalError::BadArea { power_up, .. }
            | ArsenalError::NoUses { power_up }
            | ArsenalError::NameTwice { power_up, .. } => Some(*power_up),
        }
    }

    /// The power-up's field at fault (`area`, `uses`), if one is.
    pub fn part(&self) -> Option<&'static str> {
        match self {
            ArsenalError::NoArea { .. }
            | ArsenalError::TorpedoArea { .. }
            | ArsenalError::EmptyArea { .. }
            | ArsenalError::BadArea { .. } => Some("area"),
            ArsenalError::NoUses { .. } => Some("uses"),
            ArsenalError::NameTwice { .. } => Some("name"),
            ArsenalError::TooMany { .. } => None,
        }
    }
}

impl PowerUp {
    /// The power-up `index` of an arsenal, from its parts: `area` as rows of `X` (a cell of the
    /// area) and `.` (a gap), aimed by its top-left cell.
    pub fn new(
        index: usize,
        name: String,
        kind: Kind,
        area: Option<&[String]>,
        uses: usize,
    ) -> Result<PowerUp, ArsenalError> {
        let power_up = index;
        let area = match (kind.has_area(), area) {
            (false, Some(_)) => return Err(ArsenalError::TorpedoArea { power_up }),
            (false, None) => Vec::new(),
            (true, None) => return Err(ArsenalError::NoArea { power_up, kind: kind.name() }),
            (true, Some(rows)) => read_area(power_up, rows)?,
        };
        if !(1..=MAX_USES).contains(&uses) {
            return Err(ArsenalError::NoUses { power_up });
        }
        Ok(PowerUp { name, kind, area, uses })
    }

    /// The offsets of its area's cells from the cell it is aimed by, row by row.
    pub fn area(&self) -> &[(usize, usize)] {
        &self.area
    }

    /// Every way to aim it on `board`: for an area, each top-left cell whose clipped area holds an
    /// open cell (`.` or `s`; a strike or scan on cells all known says nothing new), for a torpedo
    /// each edge cell and the way it runs from there, where its path crosses an open cell before
    /// any island or ship cell already found.
    pub fn aims(&self, board: &Board) -> Vec<Aim> {
        let mut aims = Vec::new();
        if self.kind == Kind::Torpedo {
            for direction in Direction::ALL {
                for anchor in entries(board, direction) {
                    let cells = torpedo_run(board, anchor, direction);
                    if cells.iter().any(|&i| board.cells()[i].is_open()) {
                        aims.push(Aim { anchor, direction: Some(direction), cells });
                    }
                }
            }
            return aims;
        }
        for i in 0..board.len() {
            let anchor = board.pos(i);
            let cells = self.cells_at(board, anchor);
            if cells.iter().any(|&i| matches!(board.cells()[i], Cell::Unknown | Cell::Ship)) {
                aims.push(Aim { anchor, direction: None, cells });
            }
        }
        aims
    }

    /// The board cells its area covers aimed at `anchor`, clipped at the board's edge, islands
    /// left out.
    pub fn cells_at(&self, board: &Board, anchor: Pos) -> Vec<usize> {
        self.area
            .iter()
            .map(|&(r, c)| Pos::new(anchor.row + r, anchor.col + c))
            .filter(|&p| board.contains(p) && board.get(p) != Cell::Island)
            .map(|p| board.index(p))
            .collect()
    }
}

/// Where a power-up is aimed: the cell it is aimed by (an area's top-left cell, the edge cell a
/// torpedo enters at), the way a torpedo runs, and the cells it covers (a torpedo's whole run up
/// to the first island or shot ship cell; the referee stops it sooner at a ship).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aim {
    pub anchor: Pos,
    pub direction: Option<Direction>,
    pub cells: Vec<usize>,
}

/// The edge cells a torpedo running `direction` enters at.
fn entries(board: &Board, direction: Direction) -> Vec<Pos> {
    let (rows, cols) = (board.rows(), board.cols());
    match direction {
        Direction::Down => (0..cols).map(|c| Pos::new(0, c)).collect(),
        Direction::Up => (0..cols).map(|c| Pos::new(rows - 1, c)).collect(),
        Direction::Right => (0..rows).map(|r| Pos::new(r, 0)).collect(),
        Direction::Left => (0..rows).map(|r| Pos::new(r, cols - 1)).collect(),
    }
}

/// The cells a torpedo entering at `anchor` and running `direction` may cross, in order: up to
/// and including the first cell that stops it whatever the hidden fleet (a shot or known ship
/// cell), and before the first island, which stops it too.
pub fn torpedo_run(board: &Board, anchor: Pos, direction: Direction) -> Vec<usize> {
    let mut cells = Vec::new();
    let mut p = Some(anchor);
    while let Some(here) = p.filter(|&q| board.contains(q)) {
        match board.get(here) {
            Cell::Island => break,
            Cell::Hit | Cell::Sunk | Cell::Ship => {
                cells.push(board.index(here));
                break;
            }
            Cell::Unknown | Cell::Miss => cells.push(board.index(here)),
        }
        p = step(here, direction);
    }
    cells
}

fn step(p: Pos, direction: Direction) -> Option<Pos> {
    Some(match direction {
        Direction::Down => Pos::new(p.row + 1, p.col),
        Direction::Up => Pos::new(p.row.checked_sub(1)?, p.col),
        Direction::Right => Pos::new(p.row, p.col + 1),
        Direction::Left => Pos::new(p.row, p.col.checked_sub(1)?),
    })
}

/// An area from its rows: `X` a cell of it, `.` a gap; rows of one length, at most
/// [`MAX_AREA_SIDE`] each way.
fn read_area(power_up: usize, rows: &[String]) -> Result<Vec<(usize, usize)>, ArsenalError> {
    let width = rows.first().map_or(0, |r| r.chars().count());
    let bad = |row: usize, found: &str| ArsenalError::BadArea { power_up, row, found: format!("{found:?}") };
    if rows.is_empty() {
        return Err(ArsenalError::EmptyArea { power_up });
    }
    if rows.len() > MAX_AREA_SIDE {
        return Err(bad(MAX_AREA_SIDE, &rows[MAX_AREA_SIDE]));
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != width || width > MAX_AREA_SIDE || row.chars().any(|c| c != 'X' && c != '.') {
            return Err(bad(r, row));
        }
        cells.extend(row.chars().enumerate().filter(|&(_, ch)| ch == 'X').map(|(c, _)| (r, c)));
    }
    if cells.is_empty() {
        return Err(ArsenalError::EmptyArea { power_up });
    }
    Ok(cells)
}

/// An arsenal's power-ups, at most [`MAX_POWER_UPS`].
pub fn check_count(count: usize) -> Result<(), ArsenalError> {
    (count <= MAX_POWER_UPS).then_some(()).ok_or(ArsenalError::TooMany { count })
}

/// Each power-up's name once: the answer names the power-up to use.
pub fn check_names(arsenal: &[PowerUp]) -> Result<(), ArsenalError> {
    for (k, p) in arsenal.iter().enumerate() {
        if arsenal[..k].iter().any(|q| q.name == p.name) {
            return Err(ArsenalError::NameTwice { power_up: k, name: p.name.clone() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    fn missile() -> PowerUp {
        PowerUp::new(0, "missile".into(), Kind::Strike, Some(&rows(&["XXX", "XXX", "XXX"])), 1).unwrap()
    }

    #[test]
    fn an_area_is_clipped_at_the_edge_and_skips_islands() {
        let b = Board::parse(&["....", "..^.", "...."]).unwrap();
        let m = missile();
        assert_eq!(m.cells_at(&b, Pos::new(0, 0)).len(), 8, "the island is not a cell of the strike");
        assert_eq!(m.cells_at(&b, Pos::new(0, 2)).len(), 5, "clipped at the right edge, less the island");
        assert_eq!(m.cells_at(&b, Pos::new(1, 3)).len(), 2);
        assert_eq!(m.cells_at(&b, Pos::new(2, 3)), vec![b.index(Pos::new(2, 3))]);
        assert_eq!(m.aims(&b).len(), 12);
    }

    #[test]
    fn aims_skip_areas_with_nothing_open() {
        let b = Board::parse(&["oo.", "oo.", "..."]).unwrap();
        let one = PowerUp::new(0, "shell".into(), Kind::Strike, Some(&rows(&["X"])), 1).unwrap();
        assert_eq!(one.aims(&b).len(), 5);
    }

    #[test]
    fn a_torpedo_runs_to_the_first_known_ship_cell_or_island() {
        let b = Board::parse(&["..x.", "^...", "o..s"]).unwrap();
        let at = |r, c| b.index(Pos::new(r, c));
        assert_eq!(torpedo_run(&b, Pos::new(0, 0), Direction::Right), vec![at(0, 0), at(0, 1), at(0, 2)]);
        assert_eq!(torpedo_run(&b, Pos::new(1, 0), Direction::Right), Vec::<usize>::new());
        assert_eq!(torpedo_run(&b, Pos::new(2, 0), Direction::Down), vec![at(2, 0)]);
        assert_eq!(torpedo_run(&b, Pos::new(2, 0), Direction::Up), vec![at(2, 0)]);
        assert_eq!(torpedo_run(&b, Pos::new(2, 3), Direction::Left), vec![at(2, 3)]);
        let t = PowerUp::new(0, "torpedo".into(), Kind::Torpedo, None, 2).unwrap();
        // Of 14 entries, the row behind the island, the column behind it, and the runs that meet a
        // known ship cell first with nothing open before it cross nothing open.
        let aims = t.aims(&b);
        assert!(aims.iter().all(|a| a.cells.iter().any(|&i| b.cells()[i].is_open())));
        assert!(!aims.iter().any(|a| a.anchor == Pos::new(1, 0) && a.direction == Some(Direction::Right)));
    }

    #[test]
    fn bad_arsenals_name_the_part_at_fault() {
        let t = |area: Option<&[String]>, kind, uses| PowerUp::new(3, "p".into(), kind, area, uses).unwrap_err();
        assert_eq!(t(None, Kind::Count, 1), ArsenalError::NoArea { power_up: 3, kind: "count" });
        assert_eq!(t(Some(&rows(&["X"])), Kind::Torpedo, 1), ArsenalError::TorpedoArea { power_up: 3 });
        assert_eq!(t(Some(&rows(&["..", ".."])), Kind::Strike, 1), ArsenalError::EmptyArea { power_up: 3 });
        assert!(matches!(t(Some(&rows(&["XX", "X"])), Kind::Strike, 1), ArsenalError::BadArea { row: 1, .. }));
        assert!(matches!(t(Some(&rows(&["XO"])), Kind::Any, 1), ArsenalError::BadArea { row: 0, .. }));
        assert_eq!(t(Some(&rows(&["X"])), Kind::Reveal, 0), ArsenalError::NoUses { power_up: 3 });
        assert_eq!(t(Some(&rows(&["X"])), Kind::Reveal, 0).part(), Some("uses"));
        assert_eq!(check_count(17), Err(ArsenalError::TooMany { count: 17 }));
        assert_eq!(check_count(16), Ok(()));
    }
}
