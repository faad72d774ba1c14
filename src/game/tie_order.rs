//! The order in which a strategy breaks ties between equally good cells.
//!
//! Breaking ties at random costs a greedy shooter shots on the classic board against breaking them
//! in one fixed order (measured in `docs/algorithms.md`, "Ties: one order through a game"): play
//! that keeps sweeping the board in one consistent direction leaves the ships it has not found in
//! fewer, larger regions. A stateless service can keep one order through a whole game only if the
//! order is a function of the request, so it is one of the board's symmetries applied to row-major
//! order: the cell that comes first is the one whose image under the symmetry has the lowest
//! row-major index. A request's seed picks the symmetry (so games still differ from seed to seed,
//! and a client that sends one seed per game keeps one order through it); a request without a
//! seed gets plain row-major order, the same on every move.
//!
//! Every symmetry gives the same strength against uniformly placed fleets: playing under a
//! symmetry against a layout is playing row-major against the mirrored layout, which is just as
//! likely.

use crate::game::board::{Board, Pos};

/// One of the eight symmetries of a square board (four of a rectangular one), as an order of its
/// cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TieOrder {
    /// Bit 0: mirror the rows; bit 1: mirror the columns; bit 2: transpose (square boards only).
    symmetry: u8,
}

impl TieOrder {
    /// Plain row-major order: the lowest cell index first.
    pub const ROW_MAJOR: TieOrder = TieOrder { symmetry: 0 };

    /// The order a seed picks, uniformly among the eight symmetries.
    pub fn from_seed(seed: u64) -> TieOrder {
        // SplitMix64's finaliser, so that consecutive seeds pick unrelated symmetries.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        TieOrder { symmetry: ((z ^ (z >> 31)) >> 61) as u8 }
    }

    /// A seed from `draw` whose order is row-major (one draw in eight qualifies), for requests
    /// that give no seed: they play row-major order, and the seed reported with the answer
    /// replays it exactly.
    pub fn row_major_seed(mut draw: impl FnMut() -> u64) -> u64 {
        loop {
            let seed = draw();
            if TieOrder::from_seed(seed) == TieOrder::ROW_MAJOR {
                return seed;
            }
        }
    }

    /// The symmetry number, 0 to 7 (row-major is 0).
    pub fn symmetry(self) -> u8 {
        self.symmetry
    }

    /// The rank of a cell in this order on a `rows` x `cols` board: 0 comes first. On a board
    /// that is not square the transposing symmetries act as their non-transposing halves.
    #[inline]
    pub fn rank(self, rows: usize, cols: usize, p: Pos) -> usize {
        let r = if self.symmetry & 1 != 0 { rows - 1 - p.row } else { p.row };
        let c = if self.symmetry & 2 != 0 { cols - 1 - p.col } else { p.col };
        if self.symmetry & 4 != 0 && rows == cols { c * cols + r } else { r * cols + c }
    }

    /// Of the cells `eligible` accepts, the one of highest value, ties going to the cell that
    /// comes first in this order. `None` when no cell is eligible.
    pub fn best(self, board: &Board, grid: &[f64], eligible: impl Fn(usize) -> bool) -> Option<Pos> {
        // One pass: the rank is worked out only for a cell that ties the best so far (the
        // rollouts of thinking time call this at every shot).
        let (rows, cols) = (board.rows(), board.cols());
        let mut best: Option<(f64, usize, usize)> = None;
        for (i, &v) in grid.iter().enumerate() {
            if v.is_nan() || best.is_some_and(|(top, _, _)| v < top) || !eligible(i) {
                continue;
            }
            let rank = self.rank(rows, cols, board.pos(i));
            if best.is_none_or(|(top, _, first)| v > top || rank < first) {
                best = Some((v, i, rank));
            }
        }
        best.map(|(_, i, _)| board.pos(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Cell;

    impl TieOrder {
        /// The rank of every cell of `board`, row-major.
        fn ranks(self, board: &Board) -> Vec<u16> {
            (0..board.len()).map(|i| self.rank(board.rows(), board.cols(), board.pos(i)) as u16).collect()
        }
    }

    #[test]
    fn every_symmetry_is_a_permutation_and_row_major_is_the_index() {
        for (rows, cols) in [(10, 10), (3, 7), (1, 1), (26, 26)] {
            let b = Board::empty(rows, cols);
            for s in 0..8 {
                let mut ranks = TieOrder { symmetry: s }.ranks(&b);
                ranks.sort_unstable();
                assert_eq!(ranks, (0..(rows * cols) as u16).collect::<Vec<_>>(), "{rows}x{cols} symmetry {s}");
            }
            assert_eq!(TieOrder::ROW_MAJOR.ranks(&b), (0..(rows * cols) as u16).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_first_cell_of_each_symmetry_is_a_corner() {
        let b = Board::empty(4, 4);
        let firsts: std::collections::BTreeSet<Pos> =
            (0..8).map(|s| TieOrder { symmetry: s }.best(&b, &[1.0; 16], |_| true).unwrap()).collect();
        let corners = [Pos::new(0, 0), Pos::new(0, 3), Pos::new(3, 0), Pos::new(3, 3)];
        assert_eq!(firsts.into_iter().collect::<Vec<_>>(), corners.to_vec());
        // Transposed: the first cells run down the first column instead of along the first row.
        let t = TieOrder { symmetry: 4 };
        assert_eq!(t.rank(4, 4, Pos::new(1, 0)), 1);
        assert_eq!(t.rank(4, 4, Pos::new(0, 1)), 4);
    }

    #[test]
    fn seeds_pick_every_symmetry_about_equally() {
        let mut seen = [0u32; 8];
        for seed in 0..8000 {
            seen[TieOrder::from_seed(seed).symmetry() as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(TieOrder::from_seed(42), TieOrder::from_seed(42));
        let mut next = 0u64;
        let seed = TieOrder::row_major_seed(|| {
            next += 1;
            next
        });
        assert_eq!(TieOrder::from_seed(seed), TieOrder::ROW_MAJOR);
    }

    #[test]
    fn best_takes_the_highest_value_then_the_first_in_order() {
        let b = Board::parse(&["...", "o.."]).unwrap();
        let grid = [1.0, 3.0, 3.0, 9.0, 3.0, 2.0];
        let open = |i: usize| b.cells()[i] == Cell::Unknown;
        assert_eq!(TieOrder::ROW_MAJOR.best(&b, &grid, open), Some(Pos::new(0, 1)));
        // Columns mirrored: (0, 2) comes before (0, 1).
        assert_eq!(TieOrder { symmetry: 2 }.best(&b, &grid, open), Some(Pos::new(0, 2)));
        // Rows mirrored: the second row comes first, and (1, 1) is tied with the top row's best.
        assert_eq!(TieOrder { symmetry: 1 }.best(&b, &grid, open), Some(Pos::new(1, 1)));
        assert_eq!(TieOrder::ROW_MAJOR.best(&b, &grid, |_| false), None);
    }
}
