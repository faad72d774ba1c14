//! A brute-force enumerator written straight from the model's definition, independent of the
//! dynamic programme, for checking it on small boards (up to about 6 x 6 with three ships).

use crate::game::board::{Board, Cell};
use crate::game::fleet::Fleet;
use crate::game::layout::Placement;
use crate::game::rules::{Rules, around};
use crate::game::scan::Reading;

/// Agreeing layouts and, per cell (row-major), how many of them cover it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteCount {
    pub layouts: u128,
    pub occupancy: Vec<u128>,
}

/// Counts the agreeing layouts of `fleet` on `board` by trying every placement of every ship.
///
/// Ships are placed longest first; a ship of the same length as the one before takes only
/// placements later in [`Placement::all`]'s order, so each unlabelled layout is met once.
pub fn enumerate(board: &Board, fleet: &Fleet) -> BruteCount {
    enumerate_under(board, fleet, Rules::CLASSIC)
}

/// [`enumerate`] under `rules`. Under the no-touch rules a whole layout is kept only when no cell
/// of one ship has a cell of another ship or a `#` cell among its eight neighbours: the rule as
/// stated, checked on each finished layout (nothing is pruned early). So is each scan of the
/// board: a layout is kept when the ship cells of each scan's area, its own and the `#` cells,
/// give the scan's reading.
pub fn enumerate_under(board: &Board, fleet: &Fleet, rules: Rules) -> BruteCount {
    let mut count = BruteCount { layouts: 0, occupancy: vec![0; board.len()] };
    for_each_layout(board, fleet, rules, |_, taken| {
        count.layouts += 1;
        for (o, &t) in count.occupancy.iter_mut().zip(taken) {
            *o += u128::from(t);
        }
    });
    count
}

/// Calls `visit` with every agreeing layout of `fleet` on `board` under `rules` (each unlabelled
/// layout once) and the cells it covers.
pub fn for_each_layout(board: &Board, fleet: &Fleet, rules: Rules, mut visit: impl FnMut(&[Placement], &[bool])) {
    let (rows, cols) = (board.rows(), board.cols());
    let lengths = fleet.lengths();
    // A placement may be used when it covers no `o`/`#` and not only `x`.
    let options: Vec<Vec<Placement>> = lengths
        .iter()
        .map(|&len| {
            Placement::all(rows, cols, len)
                .into_iter()
                .filter(|p| {
                    p.cells().all(|c| board.get(c).may_hold_afloat())
                        && (!rules.announce.tells_sinkings() || p.cells().any(|c| board.get(c).is_open()))
                })
                .collect()
        })
        .collect();
    let mut taken = vec![false; board.len()];
    let mut ships = Vec::new();
    let mut search = Search { board, lengths, options: &options, touching: rules.touching, visit: &mut visit };
    search.place(0, 0, &mut taken, &mut ships);
}

struct Search<'a, F> {
    board: &'a Board,
    lengths: &'a [usize],
    options: &'a [Vec<Placement>],
    touching: bool,
    visit: &'a mut F,
}

/// Whether some cell of `a` has a cell of `b` among its eight neighbours.
fn touch(a: &Placement, b: &Placement) -> bool {
    a.cells().any(|p| b.cells().any(|q| p.row.abs_diff(q.row) <= 1 && p.col.abs_diff(q.col) <= 1))
}

impl<F: FnMut(&[Placement], &[bool])> Search<'_, F> {
    fn place(&mut self, ship: usize, first: usize, taken: &mut Vec<bool>, ships: &mut Vec<Placement>) {
        let board = self.board;
        if ship == self.lengths.len() {
            let all_hits_covered = board.cells().iter().zip(taken.iter()).all(|(&c, &t)| !c.holds_ship() || t);
            let apart = self.touching
                || ships.iter().enumerate().all(|(i, a)| {
                    ships[i + 1..].iter().all(|b| !touch(a, b))
                        && a.cells().all(|p| around(board, p).all(|q| board.get(q) != Cell::Sunk))
                });
            // Each scan's reading, from the ship cells of its area: this layout's and the sunk ones.
            let scans_read = board.scans().iter().all(|scan| {
                let ships = scan.cells().iter().filter(|&&i| taken[i] || board.cells()[i] == Cell::Sunk).count();
                match scan.reading() {
                    Reading::Count(k) => ships == k,
                    Reading::Any(any) => (ships > 0) == any,
                }
            });
            if all_hits_covered && apart && scans_read {
                (self.visit)(ships, taken);
            }
            return;
        }
        for (i, p) in self.options[ship].iter().enumerate().skip(first) {
            let cells: Vec<usize> = p.cells().map(|c| board.index(c)).collect();
            if cells.iter().any(|&c| taken[c]) {
                continue;
            }
            for &c in &cells {
                taken[c] = true;
            }
            ships.push(*p);
            let same_as_next = ship + 1 < self.lengths.len() && self.lengths[ship + 1] == self.lengths[ship];
            self.place(ship + 1, if same_as_next { i + 1 } else { 0 }, taken, ships);
            ships.pop();
            for &c in &cells {
                taken[c] = false;
            }
        }
    }
}
