//! Lines of adjacent hits: the runs of two or more `x` along a row or a column, which the
//! hunt/target players extend at their ends.

use crate::game::board::{Board, Cell, Pos};

/// A run of two or more adjacent `x` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitLine {
    /// The first (leftmost or topmost) cell.
    pub start: Pos,
    pub len: usize,
    /// Along a row (`true`) or a column (`false`).
    pub horizontal: bool,
}

impl HitLine {
    /// The `k`-th cell from the start (k may run past the line, not past the board's edge).
    pub fn cell(&self, k: usize) -> Pos {
        if self.horizontal {
            Pos::new(self.start.row, self.start.col + k)
        } else {
            Pos::new(self.start.row + k, self.start.col)
        }
    }

    /// The cells just before and just after the line that lie on the board, whatever they hold.
    pub fn ends(&self, board: &Board) -> impl Iterator<Item = Pos> + use<> {
        let before = if self.horizontal {
            self.start.col.checked_sub(1).map(|c| Pos::new(self.start.row, c))
        } else {
            self.start.row.checked_sub(1).map(|r| Pos::new(r, self.start.col))
        };
        let after = Some(self.cell(self.len)).filter(|&p| board.contains(p));
        [before, after].into_iter().flatten()
    }

    /// The line's cells.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        let line = *self;
        (0..line.len).map(move |k| line.cell(k))
    }
}

/// Every line of two or more adjacent `x`, rows first (top to bottom), then columns.
pub fn hit_lines(board: &Board) -> Vec<HitLine> {
    let mut out = Vec::new();
    let (rows, cols) = (board.rows(), board.cols());
    let mut scan = |n: usize, at: &dyn Fn(usize) -> Pos, horizontal: bool| {
        let mut k = 0;
        while k < n {
            if board.get(at(k)) != Cell::Hit {
                k += 1;
                continue;
            }
            let start = k;
            while k < n && board.get(at(k)) == Cell::Hit {
                k += 1;
            }
            if k - start >= 2 {
                out.push(HitLine { start: at(start), len: k - start, horizontal });
            }
        }
    };
    for r in 0..rows {
        scan(cols, &|k| Pos::new(r, k), true);
    }
    for c in 0..cols {
        scan(rows, &|k| Pos::new(k, c), false);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_lines_and_their_ends() {
        let b = Board::parse(&["xx.x", "...x", "o..."]).unwrap();
        let lines = hit_lines(&b);
        assert_eq!(
            lines,
            vec![
                HitLine { start: Pos::new(0, 0), len: 2, horizontal: true },
                HitLine { start: Pos::new(0, 3), len: 2, horizontal: false },
            ]
        );
        assert_eq!(lines[0].ends(&b).collect::<Vec<_>>(), vec![Pos::new(0, 2)]);
        assert_eq!(lines[1].ends(&b).collect::<Vec<_>>(), vec![Pos::new(2, 3)]);
        assert_eq!(lines[1].cells().collect::<Vec<_>>(), vec![Pos::new(0, 3), Pos::new(1, 3)]);
    }
}
