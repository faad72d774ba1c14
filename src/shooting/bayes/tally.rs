//! The base policy's counts kept up to date shot by shot, for the rollouts of a plan.
//!
//! `weighted-density` recounts the whole board at every shot, yet a shot changes one row and one
//! column: the hunt totals of the other lines stay as they were, and only the lines holding hits
//! have windows through hits to weigh. A [`Tally`] keeps each line's open and hit cells as bit
//! masks and the hunt totals cell by cell, updates the shot's row and column after a miss or a
//! hit, and recounts everything only when a ship sinks (the fleet, and so the hunt table,
//! changes). It plays exactly the shots [`rollout::step`] plays, in the same
//! order (the totals are whole numbers added in the same order), at a fraction of the work.
//!
//! It applies where the base policy reads the board by line tables: ships touching allowed, both
//! sides at most [`TABLE_MAX_LINE`], no ship of length 1. Elsewhere the rollouts recount.

use std::rc::Rc;

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::referee::{Game, Outcome};
use crate::game::turn::Turn;
use crate::game::windows::Line;
use crate::shooting::strategy::density::{HuntTable, TABLE_MAX_LINE, hunt_table};
use crate::shooting::strategy::weighted_density::{HIT_BONUS, weigh_line};

use super::rollout::{self, tallied_step_units};

/// The base policy's reading of one rollout's board (see the module).
pub struct Tally {
    rows: usize,
    cols: usize,
    /// Bit `c` of `open_rows[r]` (bit `r` of `open_cols[c]`): cell (r, c) is `.`.
    open_rows: [u32; TABLE_MAX_LINE],
    open_cols: [u32; TABLE_MAX_LINE],
    /// The same for `x` cells.
    hit_rows: [u32; TABLE_MAX_LINE],
    hit_cols: [u32; TABLE_MAX_LINE],
    /// Each cell's hunt total: its row's table entry plus its column's.
    hunt: Vec<f64>,
    across: Option<Rc<HuntTable>>,
    down: Option<Rc<HuntTable>>,
    /// The cells in the turn's tie order, first first.
    by_rank: Rc<[u16]>,
    /// `HIT_BONUS` to the power of each number of hits a window can cover.
    bonus: [f64; TABLE_MAX_LINE + 1],
}

impl Clone for Tally {
    fn clone(&self) -> Tally {
        Tally {
            hunt: self.hunt.clone(),
            across: self.across.clone(),
            down: self.down.clone(),
            by_rank: Rc::clone(&self.by_rank),
            ..*self
        }
    }
}

impl Tally {
    /// Sets this tally back to `source`, a tally of the same turn, in the memory already
    /// allocated: a plan starts a rollout per candidate and layout. Only what a rollout's shots
    /// change is copied; the size, the tie order and the bonus table are the turn's, already the
    /// same in both.
    fn reset_to(&mut self, source: &Tally) {
        debug_assert!(
            (self.rows, self.cols) == (source.rows, source.cols) && Rc::ptr_eq(&self.by_rank, &source.by_rank)
        );
        self.open_rows = source.open_rows;
        self.open_cols = source.open_cols;
        self.hit_rows = source.hit_rows;
        self.hit_cols = source.hit_cols;
        self.hunt.clone_from(&source.hunt);
        self.across.clone_from(&source.across);
        self.down.clone_from(&source.down);
    }

    /// The tally of the turn's board, or `None` where the base policy does not read it by line
    /// tables (see the module).
    pub fn start(turn: Turn<'_>) -> Option<Tally> {
        let (board, fleet) = (turn.board, turn.fleet);
        let (rows, cols) = (board.rows(), board.cols());
        if !turn.rules.touching || rows.max(cols) > TABLE_MAX_LINE || fleet.shortest().is_none_or(|s| s == 1) {
            return None;
        }
        let mut by_rank = vec![0u16; board.len()];
        for i in 0..board.len() {
            by_rank[turn.order.rank(rows, cols, board.pos(i))] = i as u16;
        }
        let mut tally = Tally {
            rows,
            cols,
            open_rows: [0; TABLE_MAX_LINE],
            open_cols: [0; TABLE_MAX_LINE],
            hit_rows: [0; TABLE_MAX_LINE],
            hit_cols: [0; TABLE_MAX_LINE],
            hunt: vec![0.0; board.len()],
            across: None,
            down: None,
            by_rank: by_rank.into(),
            bonus: std::array::from_fn(|k| HIT_BONUS.powi(k as i32)),
        };
        tally.recount(board, fleet);
        Some(tally)
    }

    /// Reads every line of `board` again, with the hunt tables of `fleet`.
    fn recount(&mut self, board: &Board, fleet: &Fleet) {
        let (rows, cols) = (self.rows, self.cols);
        self.open_rows = [0; TABLE_MAX_LINE];
        self.open_cols = [0; TABLE_MAX_LINE];
        self.hit_rows = [0; TABLE_MAX_LINE];
        self.hit_cols = [0; TABLE_MAX_LINE];
        for (i, &cell) in board.cells().iter().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let open = u32::from(cell == Cell::Unknown);
            let hit = u32::from(cell == Cell::Hit);
            self.open_rows[r] |= open << c;
            self.open_cols[c] |= open << r;
            self.hit_rows[r] |= hit << c;
            self.hit_cols[c] |= hit << r;
        }
        if fleet.is_empty() {
            return;
        }
        self.across = Some(hunt_table(cols, fleet));
        self.down = Some(hunt_table(rows, fleet));
        for r in 0..rows {
            self.rehunt_row(r);
        }
    }

    /// The hunt totals of row `r`'s cells, from the masks.
    fn rehunt_row(&mut self, r: usize) {
        let (Some(across), Some(down)) = (&self.across, &self.down) else { return };
        let row = across.totals(self.open_rows[r]);
        for (c, &v) in row.iter().enumerate() {
            let col = down.totals(self.open_cols[c])[r];
            self.hunt[r * self.cols + c] = f64::from(v) + f64::from(col);
        }
    }

    /// The hunt totals of column `c`'s cells, from the masks.
    fn rehunt_col(&mut self, c: usize) {
        let (Some(across), Some(down)) = (&self.across, &self.down) else { return };
        let col = down.totals(self.open_cols[c]);
        for (r, &v) in col.iter().enumerate() {
            let row = across.totals(self.open_rows[r])[c];
            self.hunt[r * self.cols + c] = f64::from(row) + f64::from(v);
        }
    }

    /// Fires `cell` in `game` (an open cell of a game not over) and brings the tally up to date.
    pub fn fire(&mut self, game: &mut Game, cell: usize) {
        let p = game.board().pos(cell);
        let outcome = game.fire(p).expect("a rollout shoots an open cell of a game not over");
        let (r, c) = (p.row, p.col);
        self.open_rows[r] &= !(1 << c);
        self.open_cols[c] &= !(1 << r);
        match outcome {
            Outcome::Miss => {}
            Outcome::Hit => {
                self.hit_rows[r] |= 1 << c;
                self.hit_cols[c] |= 1 << r;
            }
            Outcome::Sunk(_) => return self.recount(game.board(), game.fleet()),
        }
        self.rehunt_row(r);
        self.rehunt_col(c);
    }

    /// One shot of `weighted-density` in the turn's tie order, the very shot [`rollout::step`]
    /// would fire, in a game not over whose board this tally reads. Returns the cell fired.
    pub fn step(&mut self, game: &mut Game, grid: &mut Vec<f64>) -> usize {
        grid.clone_from(&self.hunt);
        let (fleet, bonus, rows, cols) = (game.fleet(), &self.bonus, self.rows, self.cols);
        // The windows through hits, rows first, then columns, as `weighted_density` adds them.
        for (r, &hits) in self.hit_rows[..rows].iter().enumerate().filter(|&(_, &h)| h != 0) {
            let row = Line { start: r * cols, step: 1, len: cols };
            weigh_line(fleet, &row, self.open_rows[r], hits, |k| bonus[k as usize], grid);
        }
        for (c, &hits) in self.hit_cols[..cols].iter().enumerate().filter(|&(_, &h)| h != 0) {
            let col = Line { start: c, step: cols, len: rows };
            weigh_line(fleet, &col, self.open_cols[c], hits, |k| bonus[k as usize], grid);
        }
        let is_open = |i: usize| self.open_rows[i / cols] >> (i % cols) & 1 != 0;
        let mut best = None;
        let mut top = f64::NEG_INFINITY;
        for &i in self.by_rank.iter() {
            let i = usize::from(i);
            if grid[i] > top && is_open(i) {
                (best, top) = (Some(i), grid[i]);
            }
        }
        let shot = best.expect("a game not over has an open cell");
        self.fire(game, shot);
        shot
    }
}

/// How a plan's rollouts read the board: by a [`Tally`] kept up to date shot by shot where it
/// applies, recounted at every shot ([`rollout::step`]) elsewhere. Both play the same shots.
pub enum Reader {
    /// The tally of the turn's board, and the one the current rollout updates.
    Tallied {
        origin: Box<Tally>,
        tally: Box<Tally>,
    },
    Recounted,
}

impl Reader {
    pub fn new(turn: Turn<'_>) -> Reader {
        match Tally::start(turn) {
            Some(origin) => Reader::Tallied { tally: Box::new(origin.clone()), origin: Box::new(origin) },
            None => Reader::Recounted,
        }
    }

    /// Starts a rollout of `game` (the turn's position) by firing the open cell `cell`.
    pub fn first(&mut self, game: &mut Game, cell: usize) {
        match self {
            Reader::Tallied { origin, tally } => {
                tally.reset_to(origin);
                tally.fire(game, cell);
            }
            Reader::Recounted => {
                game.fire(game.board().pos(cell)).expect("a candidate is an open cell");
            }
        }
    }

    /// One shot of the base policy in a game not over, adding its work to `work`
    /// ([`rollout::step_units`], [`tallied_step_units`]). Returns the cell fired.
    pub fn step(&mut self, game: &mut Game, turn: Turn<'_>, grid: &mut Vec<f64>, work: &mut u64) -> usize {
        match self {
            Reader::Tallied { tally, .. } => {
                *work += tallied_step_units(turn, game.fleet());
                tally.step(game, grid)
            }
            Reader::Recounted => rollout::step(game, turn, grid, work),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::random_layout_under;
    use crate::game::rng::seeded;
    use crate::game::rules::Rules;
    use crate::game::tie_order::TieOrder;
    use rand::RngExt;

    /// A game of `ships` on a `rows` x `cols` board after `shots` random shots (fewer if it ends).
    fn mid_game(rows: usize, cols: usize, ships: &[usize], shots: usize, seed: u64) -> Game {
        let mut rng = seeded(seed);
        let mut game = Game::new(random_layout_under(rows, cols, ships, Rules::CLASSIC, &mut rng).unwrap());
        for _ in 0..shots {
            let open: Vec<usize> =
                (0..game.board().len()).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
            let i = open[rng.random_range(0..open.len())];
            game.fire(game.board().pos(i)).unwrap();
            if game.is_over() {
                break;
            }
        }
        game
    }

    #[test]
    fn a_tally_plays_the_shots_the_recounting_base_policy_plays() {
        let boards: [(usize, usize, &[usize]); 4] =
            [(10, 10, &[5, 4, 3, 3, 2]), (8, 12, &[4, 3, 2, 2]), (12, 12, &[6, 5, 4, 4, 3, 2]), (5, 7, &[3, 2, 2])];
        let mut compared = 0;
        for (n, &(rows, cols, ships)) in boards.iter().enumerate() {
            for seed in 0..40u64 {
                let start = mid_game(rows, cols, ships, (seed as usize * 3) % 30, 100 * n as u64 + seed);
                if start.is_over() {
                    continue;
                }
                let order = TieOrder::from_seed(seed);
                let turn = Turn::new(start.board(), start.fleet()).with_order(order);
                let mut tally = Tally::start(turn).expect("a classic board the tables read");
                let (mut recounted, mut tallied) = (start.clone(), start.clone());
                let (mut grid, mut work) = (Vec::new(), 0);
                while !recounted.is_over() {
                    let want = rollout::step(&mut recounted, turn, &mut grid, &mut work);
                    assert_eq!(tally.step(&mut tallied, &mut grid), want, "{rows}x{cols} seed {seed}");
                    compared += 1;
                }
                assert!(tallied.is_over());
            }
        }
        assert!(compared > 4_000, "{compared} shots compared");
    }

    #[test]
    fn a_tally_is_only_started_where_the_base_policy_reads_line_tables() {
        let game = mid_game(10, 10, &[5, 4, 3, 3, 2], 10, 1);
        let (board, fleet) = (game.board(), game.fleet());
        assert!(Tally::start(Turn::new(board, fleet)).is_some());
        let empty = Board::empty(10, 10);
        assert!(Tally::start(Turn::new(&empty, fleet)).is_some());
        assert!(Tally::start(Turn::new(&empty, fleet).with_rules(Rules::NO_TOUCH)).is_none());
        let singles = Fleet::new(&[4, 1], 10).unwrap();
        assert!(Tally::start(Turn::new(board, &singles)).is_none());
        let wide = Board::empty(13, 13);
        assert!(Tally::start(Turn::new(&wide, fleet)).is_none());
    }
}
