//! The opponent's habits as a log-linear prior over hidden layouts: a weight per cell, a weight per
//! touching pair and a weight per ship laid across. A turn carries one; fitting it from a player's
//! past fleets is inference's (`src/inference/opponent/`).

use thiserror::Error;

use crate::game::layout::{Layout, Placement};
use crate::game::rules::Rules;

/// Smallest and largest weight a cell may have relative to the model's largest cell weight, and
/// the largest touching weight: within them every layout's weight stays a normal `f64`
/// (at most [`MAX_SHIPS`](crate::game::fleet::MAX_SHIPS) ships on at most
/// [`MAX_SIDE`](crate::game::board::MAX_SIDE) squared cells, so products of weights are bounded
/// well inside range after the cells are scaled to a largest weight of 1).
pub const MIN_CELL_RATIO: f64 = 1e-6;
/// Largest touching weight `t` (a player who crowds ships together at most this much).
pub const MAX_TOUCHING: f64 = 100.0;
/// Largest across weight `d`, and `1 / MAX_ACROSS` the smallest: a player who lays every ship across
/// (or down) is `d` at this bound, where a layout with one ship the other way weighs
/// `1 / MAX_ACROSS` of one without (all but excluded, yet never refused).
pub const MAX_ACROSS: f64 = 1e6;

/// A player's habits as a prior over layouts:
///
/// ```text
/// weight(layout) = product over ship cells c of cells[c]  x  touching ^ (touching cell pairs)
///                                                      x  across ^ (ships laid across)
/// ```
///
/// A touching cell pair is two cells of different ships that share an edge or a corner; a ship laid
/// across lies along a row and is at least 2 long (a ship of one cell has no direction). All cells
/// 1, `touching` 1 and `across` 1 is the uniform prior every algorithm assumed before; `touching` 0
/// is exactly the no-touch rules. Multiplying every cell weight by one constant changes no
/// posterior (every layout has the same number of ship cells), so the model keeps its largest
/// cell weight at 1; likewise every layout has the same number of ships of 2 or more, so a ship
/// weighs [`Opponent::direction`]: `min(d, 1)` across and `min(1 / d, 1)` down, the same prior with
/// every factor at most 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponent {
    rows: usize,
    cols: usize,
    /// Row-major, the largest 1.
    cells: Vec<f64>,
    touching: f64,
    across: f64,
}

/// Why a model cannot be used.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ModelError {
    #[error("model.cells: {found} rows, expected {expected} (the board's rows)")]
    Rows { found: usize, expected: usize },
    #[error("model.cells[{row}]: {found} weights, expected {expected} (the board's columns)")]
    Cols { row: usize, found: usize, expected: usize },
    #[error("model.cells[{row}][{col}]: {value} is not a positive finite weight")]
    Cell { row: usize, col: usize, value: f64 },
    #[error(
        "model.cells[{row}][{col}]: {value} is less than {MIN_CELL_RATIO:e} times the largest weight ({largest}); such a cell is all but excluded, which the model cannot carry exactly"
    )]
    CellRatio { row: usize, col: usize, value: f64, largest: f64 },
    #[error("model.touching: {0} is not a finite weight between 0 and {MAX_TOUCHING}")]
    Touching(f64),
    #[error("model.across: {0} is not a finite weight between {min:e} and {MAX_ACROSS:e}", min = 1.0 / MAX_ACROSS)]
    Across(f64),
}

impl ModelError {
    /// Zero-based row and column at fault, where the error is about one cell.
    pub fn location(&self) -> (Option<usize>, Option<usize>) {
        match *self {
            ModelError::Cell { row, col, .. } | ModelError::CellRatio { row, col, .. } => (Some(row), Some(col)),
            ModelError::Cols { row, .. } => (Some(row), None),
            _ => (None, None),
        }
    }
}

impl Opponent {
    /// The uniform prior on a `rows` x `cols` board.
    pub fn uniform(rows: usize, cols: usize) -> Opponent {
        Opponent { rows, cols, cells: vec![1.0; rows * cols], touching: 1.0, across: 1.0 }
    }

    /// A model from one row of weights per board row, checked, its cells scaled to a largest of 1.
    pub fn new(rows: usize, cols: usize, cells: &[Vec<f64>], touching: f64) -> Result<Opponent, ModelError> {
        if cells.len() != rows {
            return Err(ModelError::Rows { found: cells.len(), expected: rows });
        }
        for (row, line) in cells.iter().enumerate() {
            if line.len() != cols {
                return Err(ModelError::Cols { row, found: line.len(), expected: cols });
            }
            for (col, &value) in line.iter().enumerate() {
                if !(value.is_finite() && value > 0.0) {
                    return Err(ModelError::Cell { row, col, value });
                }
            }
        }
        if !(touching.is_finite() && (0.0..=MAX_TOUCHING).contains(&touching)) {
            return Err(ModelError::Touching(touching));
        }
        let largest = cells.iter().flatten().copied().fold(0.0, f64::max);
        for (row, line) in cells.iter().enumerate() {
            for (col, &value) in line.iter().enumerate() {
                if value < largest * MIN_CELL_RATIO {
                    return Err(ModelError::CellRatio { row, col, value, largest });
                }
            }
        }
        let flat = cells.iter().flatten().map(|&w| w / largest).collect();
        Ok(Opponent { rows, cols, cells: flat, touching, across: 1.0 })
    }

    /// The same model with the across weight `across` (checked: finite, within
    /// `1 / MAX_ACROSS..=MAX_ACROSS`).
    pub fn with_across(self, across: f64) -> Result<Opponent, ModelError> {
        if !(across.is_finite() && (1.0 / MAX_ACROSS..=MAX_ACROSS).contains(&across)) {
            return Err(ModelError::Across(across));
        }
        Ok(Opponent { across, ..self })
    }

    /// A model from row-major log weights (any finite values; the largest becomes weight 1, and
    /// weights are kept at least [`MIN_CELL_RATIO`] of it).
    pub fn from_log(rows: usize, cols: usize, log_cells: &[f64], touching: f64) -> Opponent {
        assert_eq!(log_cells.len(), rows * cols, "one log weight per cell");
        let top = log_cells.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let floor = MIN_CELL_RATIO.ln();
        let cells = log_cells.iter().map(|&l| (l - top).max(floor).exp()).collect();
        Opponent { rows, cols, cells, touching: touching.clamp(0.0, MAX_TOUCHING), across: 1.0 }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row-major cell weights, the largest 1.
    pub fn cells(&self) -> &[f64] {
        &self.cells
    }

    /// One row of weights per board row.
    pub fn cell_rows(&self) -> Vec<Vec<f64>> {
        self.cells.chunks(self.cols).map(<[f64]>::to_vec).collect()
    }

    /// The weight of each touching cell pair.
    pub fn touching(&self) -> f64 {
        self.touching
    }

    /// The weight of each ship laid across (1 indifferent).
    pub fn across(&self) -> f64 {
        self.across
    }

    /// The factor a ship of `len` adds to a layout's weight by its direction: `min(d, 1)` across,
    /// `min(1 / d, 1)` down (the model's definition scaled by a constant per fleet), 1 for a ship of
    /// one cell.
    #[inline]
    pub fn direction(&self, len: usize, across: bool) -> f64 {
        match (len > 1, across) {
            (false, _) => 1.0,
            (true, true) => self.across.min(1.0),
            (true, false) => (1.0 / self.across).min(1.0),
        }
    }

    /// The weight a placement adds to a layout: its cells' weights times its direction's.
    pub fn placement_weight(&self, p: Placement) -> f64 {
        let cells: f64 = p.cells().map(|c| self.cells[c.row * self.cols + c.col]).product();
        cells * self.direction(p.len, p.horizontal)
    }

    /// The same cell weights with another touching weight (`0..=MAX_TOUCHING`).
    pub fn with_touching(&self, touching: f64) -> Opponent {
        assert!((0.0..=MAX_TOUCHING).contains(&touching), "touching {touching}");
        Opponent { touching, ..self.clone() }
    }

    /// The rules a board is read under when the opponent is believed to hold this model: one that
    /// never lets ships touch (touching 0) explains only what the no-touch rules do, so a game whose
    /// ships may touch is read as a no-touch game; `None` when the model changes nothing.
    pub fn apart_rules(&self, rules: Rules) -> Option<Rules> {
        (rules.touching && self.touching == 0.0).then_some(Rules { touching: false, ..rules })
    }

    /// Whether the model is the uniform prior (every cell the same weight, touching 1, across 1).
    pub fn is_uniform(&self) -> bool {
        self.touching == 1.0 && self.across == 1.0 && self.cells.iter().all(|&w| w == 1.0)
    }

    /// Whether every cell has the same weight (`touching` and `across` may differ from uniform).
    pub fn flat_cells(&self) -> bool {
        self.cells.iter().all(|&w| w == 1.0)
    }

    /// `ln` of a layout's weight (negative infinity when it has touching pairs and `touching` is 0),
    /// from the definition: `across` for each ship laid across.
    pub fn ln_weight(&self, layout: &Layout) -> f64 {
        let cells: f64 =
            layout.ships.iter().flat_map(|p| p.cells()).map(|c| self.cells[c.row * self.cols + c.col].ln()).sum();
        let across = ships_across(&layout.ships);
        let pairs = touching_pairs(layout);
        let cells = if across == 0 { cells } else { cells + across as f64 * self.across.ln() };
        if pairs == 0 { cells } else { cells + pairs as f64 * self.touching.ln() }
    }
}

/// The number of touching cell pairs of a layout: two cells of different ships that share an
/// edge or a corner.
pub fn touching_pairs(layout: &Layout) -> usize {
    touching_pairs_of(layout.rows, layout.cols, &layout.ships)
}

/// The ships laid across among `ships`: along a row and at least 2 long (a ship of one cell has no
/// direction), each weighing `across` in a layout's weight.
pub fn ships_across(ships: &[Placement]) -> usize {
    ships.iter().filter(|p| p.len > 1 && p.horizontal).count()
}

/// [`touching_pairs`] of the ships `ships` on a `rows` x `cols` board.
pub fn touching_pairs_of(rows: usize, cols: usize, ships: &[Placement]) -> usize {
    let mut owner = vec![usize::MAX; rows * cols];
    for (s, p) in ships.iter().enumerate() {
        for c in p.cells() {
            owner[c.row * cols + c.col] = s;
        }
    }
    let mut pairs = 0;
    for r in 0..rows {
        for c in 0..cols {
            let a = owner[r * cols + c];
            if a == usize::MAX {
                continue;
            }
            // Each unordered pair once: the neighbours right, below-left, below, below-right.
            for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 || r2 >= rows as isize || c2 >= cols as isize {
                    continue;
                }
                let b = owner[r2 as usize * cols + c2 as usize];
                if b != usize::MAX && b != a {
                    pairs += 1;
                }
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::Placement;

    fn ship(len: usize, row: usize, col: usize, horizontal: bool) -> Placement {
        Placement { len, row, col, horizontal }
    }

    #[test]
    fn touching_pairs_count_edges_and_corners_between_different_ships() {
        // AA.
        // .BB   A(0,1) touches B(1,1) by an edge and B(1,2) by a corner; A(0,0) touches B(1,1)
        //       by a corner: three pairs.
        let layout = Layout { rows: 2, cols: 3, ships: vec![ship(2, 0, 0, true), ship(2, 1, 1, true)] };
        assert_eq!(touching_pairs(&layout), 3);
        let apart = Layout { rows: 3, cols: 3, ships: vec![ship(2, 0, 0, true), ship(2, 2, 0, true)] };
        assert_eq!(touching_pairs(&apart), 0);
        // A ship's own cells never pair.
        let one = Layout { rows: 1, cols: 3, ships: vec![ship(3, 0, 0, true)] };
        assert_eq!(touching_pairs(&one), 0);
    }

    #[test]
    fn a_model_is_checked_and_scaled_to_a_largest_weight_of_one() {
        let m = Opponent::new(1, 2, &[vec![2.0, 4.0]], 0.5).unwrap();
        assert_eq!(m.cells(), &[0.5, 1.0]);
        assert!(!m.is_uniform());
        assert!(Opponent::new(1, 2, &[vec![3.0, 3.0]], 1.0).unwrap().is_uniform());
        assert_eq!(Opponent::new(2, 2, &[vec![1.0, 1.0]], 1.0), Err(ModelError::Rows { found: 1, expected: 2 }));
        assert!(matches!(Opponent::new(1, 2, &[vec![1.0, -1.0]], 1.0), Err(ModelError::Cell { row: 0, col: 1, .. })));
        assert!(matches!(Opponent::new(1, 2, &[vec![1.0, f64::NAN]], 1.0), Err(ModelError::Cell { .. })));
        assert!(matches!(Opponent::new(1, 2, &[vec![1.0, 1e-9]], 1.0), Err(ModelError::CellRatio { .. })));
        assert_eq!(Opponent::new(1, 1, &[vec![1.0]], f64::INFINITY), Err(ModelError::Touching(f64::INFINITY)));
        assert_eq!(Opponent::new(1, 1, &[vec![1.0]], -0.5), Err(ModelError::Touching(-0.5)));
        let flat = Opponent::uniform(2, 2);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 2e6, 1e-7] {
            assert!(matches!(flat.clone().with_across(bad), Err(ModelError::Across(_))), "{bad}");
        }
        let across = flat.clone().with_across(4.0).unwrap();
        assert!(!across.is_uniform() && across.flat_cells());
        assert!(flat.with_across(1.0).unwrap().is_uniform());
    }

    #[test]
    fn a_ships_direction_weighs_across_against_down_and_not_at_all_for_one_cell() {
        for (d, across, down) in [(4.0, 1.0, 0.25), (0.5, 0.5, 1.0), (1.0, 1.0, 1.0)] {
            let m = Opponent::uniform(3, 3).with_across(d).unwrap();
            assert_eq!((m.direction(2, true), m.direction(2, false)), (across, down));
            // Across over down is always d; a ship of one cell has no direction.
            assert_eq!(m.direction(3, true) / m.direction(3, false), d);
            assert_eq!((m.direction(1, true), m.direction(1, false)), (1.0, 1.0));
        }
        let m = Opponent::new(2, 2, &[vec![1.0, 0.5], vec![0.25, 1.0]], 1.0).unwrap().with_across(0.1).unwrap();
        assert!((m.placement_weight(ship(2, 0, 0, true)) - 0.5 * 0.1).abs() < 1e-15);
        assert!((m.placement_weight(ship(2, 0, 1, false)) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn a_layouts_weight_is_its_cells_times_touching_per_pair() {
        let m = Opponent::new(2, 3, &[vec![1.0, 0.5, 0.25], vec![1.0, 1.0, 0.5]], 0.1).unwrap();
        let layout = Layout { rows: 2, cols: 3, ships: vec![ship(2, 0, 0, true), ship(2, 1, 1, true)] };
        let expected = (1.0 * 0.5 * 1.0 * 0.5) * 0.1f64.powi(3);
        assert!((m.ln_weight(&layout) - expected.ln()).abs() < 1e-12);
        // Two ships of 2 laid across: `across` twice.
        let m = m.with_across(3.0).unwrap();
        assert!((m.ln_weight(&layout) - (expected * 9.0).ln()).abs() < 1e-12);
    }
}
