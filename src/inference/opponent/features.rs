//! The features the fit ties cell weights through: the habits players have are about edges and
//! corners, the same for rows and columns and for either side of the board.
//!
//! A cell's log weight is the sum of the parameters of its features:
//!
//! - the distance of its row from the nearer top or bottom edge, one-hot, capped at 3 (distances
//!   0, 1 and 2 have a parameter each, 3 and more is the reference at 0);
//! - the same for its column, with the same three parameters (mirror and transpose symmetry);
//! - whether it is a corner.
//!
//! A layout's log weight is then its statistics (the sums of its ship cells' features, its
//! touching cell pairs and its ships laid across) dotted with the parameters, the last two of
//! which are `ln t` and `ln d`.

use crate::game::layout::Layout;
use crate::game::prior::{MAX_ACROSS, Opponent, ships_across, touching_pairs};

/// Parameters of a cell: three edge distances and the corner.
pub const CELL_FEATURES: usize = 4;
/// Parameters of a model: the cell's, then `ln t`, then `ln d`.
pub const FEATURES: usize = CELL_FEATURES + 2;
/// The index of `ln t` among the parameters.
pub const TOUCHING: usize = CELL_FEATURES;
/// The index of `ln d` (the across weight) among the parameters.
pub const ACROSS: usize = CELL_FEATURES + 1;
/// The index of the corner among the parameters.
pub const CORNER: usize = 3;
/// Distances from an edge at and beyond which a row or column has no parameter.
pub const DISTANCE_CAP: usize = 3;

/// A model's parameters, or a layout's statistics, in the order above.
pub type Vector = [f64; FEATURES];

/// The features of every cell of a `rows` x `cols` board.
#[derive(Clone, Debug)]
pub struct Features {
    rows: usize,
    cols: usize,
    /// Row-major, each cell's feature counts (a corner counts distance 0 twice, and the corner).
    cells: Vec<[f64; CELL_FEATURES]>,
}

/// The distance of line `i` of `n` from the nearer end, capped at [`DISTANCE_CAP`].
fn distance(i: usize, n: usize) -> usize {
    i.min(n - 1 - i).min(DISTANCE_CAP)
}

impl Features {
    pub fn new(rows: usize, cols: usize) -> Features {
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let mut f = [0.0; CELL_FEATURES];
                for d in [distance(r, rows), distance(c, cols)] {
                    if d < DISTANCE_CAP {
                        f[d] += 1.0;
                    }
                }
                let corner = (r == 0 || r == rows - 1) && (c == 0 || c == cols - 1);
                f[CORNER] = f64::from(u8::from(corner));
                cells.push(f);
            }
        }
        Features { rows, cols, cells }
    }

    /// Whether `layout` lies on this board.
    pub fn fits(&self, layout: &Layout) -> bool {
        layout.rows == self.rows
            && layout.cols == self.cols
            && layout.ships.iter().flat_map(|p| p.cells()).all(|c| c.row < self.rows && c.col < self.cols)
    }

    /// A layout's statistics: the sums of its ship cells' features, its touching pairs and its
    /// ships of 2 or more laid across.
    pub fn of(&self, layout: &Layout) -> Vector {
        let mut s = [0.0; FEATURES];
        for c in layout.ships.iter().flat_map(|p| p.cells()) {
            for (t, f) in s.iter_mut().zip(&self.cells[c.row * self.cols + c.col]) {
                *t += f;
            }
        }
        s[TOUCHING] = touching_pairs(layout) as f64;
        s[ACROSS] = ships_across(&layout.ships) as f64;
        s
    }

    /// The model of parameters `theta`.
    pub fn model(&self, theta: &Vector) -> Opponent {
        let log: Vec<f64> = self.cells.iter().map(|f| f.iter().zip(theta).map(|(a, b)| a * b).sum()).collect();
        let across = theta[ACROSS].exp().clamp(1.0 / MAX_ACROSS, MAX_ACROSS);
        Opponent::from_log(self.rows, self.cols, &log, theta[TOUCHING].exp())
            .with_across(across)
            .expect("an across weight within its bounds")
    }
}

/// `a` dotted with `b`.
pub fn dot(a: &Vector, b: &Vector) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::Placement;

    #[test]
    fn cells_have_their_edge_distances_and_corners() {
        let f = Features::new(10, 10);
        assert_eq!(f.cells[0], [2.0, 0.0, 0.0, 1.0]); // a corner: row and column on an edge
        assert_eq!(f.cells[1], [1.0, 1.0, 0.0, 0.0]);
        assert_eq!(f.cells[2 * 10 + 8], [0.0, 1.0, 1.0, 0.0]); // row 2, column 8 (1 from the right)
        assert_eq!(f.cells[5 * 10 + 4], [0.0; 4]); // the middle: the reference
        // Mirror and transpose symmetry.
        assert_eq!(f.cells[3 * 10 + 9], f.cells[9 * 10 + 3]);
        assert_eq!(f.cells[3 * 10 + 9], f.cells[6 * 10]);
    }

    #[test]
    fn a_layouts_statistics_give_its_models_log_weight() {
        let f = Features::new(5, 6);
        let layout = Layout {
            rows: 5,
            cols: 6,
            ships: vec![
                Placement { len: 3, row: 0, col: 0, horizontal: true },
                Placement { len: 2, row: 1, col: 2, horizontal: false },
            ],
        };
        let s = f.of(&layout);
        // Cells (0,0) corner: 2 edges; (0,1): edge + 1; (0,2): edge + 2; (1,2): 1 + 2; (2,2): 2 + 2.
        // Two touching pairs, one ship across.
        assert_eq!(s, [4.0, 2.0, 4.0, 1.0, 2.0, 1.0]);
        let theta = [0.7, -0.2, 0.1, 0.4, -1.5, 0.9];
        let m = f.model(&theta);
        let other = Layout {
            rows: 5,
            cols: 6,
            ships: vec![layout.ships[0], Placement { len: 2, row: 3, col: 3, horizontal: true }],
        };
        // Weights are relative (the largest cell is scaled to 1): compare differences.
        let diff = m.ln_weight(&layout) - m.ln_weight(&other);
        assert!((diff - (dot(&theta, &s) - dot(&theta, &f.of(&other)))).abs() < 1e-9);
        assert!(f.fits(&layout));
        assert!(!Features::new(4, 6).fits(&layout));
    }
}
