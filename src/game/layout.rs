//! Hidden fleets: ship placements and the uniform random layout sampler.

use rand::RngExt;
use thiserror::Error;

use crate::game::board::Pos;
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;

/// One ship on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub len: usize,
    pub row: usize,
    pub col: usize,
    pub horizontal: bool,
}

impl Placement {
    /// The cells the ship covers, from its top-left end.
    pub fn cells(self) -> impl Iterator<Item = Pos> {
        (0..self.len).map(move |k| {
            if self.horizontal { Pos::new(self.row, self.col + k) } else { Pos::new(self.row + k, self.col) }
        })
    }

    /// Every placement of a ship of length `len` on a `rows` x `cols` board. A length-1 ship has
    /// one placement per cell (its two orientations are the same cells).
    pub fn all(rows: usize, cols: usize, len: usize) -> Vec<Placement> {
        let mut out = Vec::new();
        if len == 0 {
            return out;
        }
        for row in 0..rows {
            for col in 0..cols {
                if col + len <= cols {
                    out.push(Placement { len, row, col, horizontal: true });
                }
                if len > 1 && row + len <= rows {
                    out.push(Placement { len, row, col, horizontal: false });
                }
            }
        }
        out
    }
}

/// A whole hidden fleet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    pub ships: Vec<Placement>,
}

/// Why no layout could be drawn.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LayoutError {
    #[error("a ship of length {len} does not fit on a {rows}x{cols} board")]
    DoesNotFit { len: usize, rows: usize, cols: usize },
    #[error("the ships cover {total} cells but the board has only {cells}")]
    Overfull { total: usize, cells: usize },
    #[error("no legal layout found in {0} attempts; the fleet is too crowded for this board")]
    TooCrowded(u64),
}

/// Most whole-fleet attempts [`random_layout`] makes before giving up.
pub const MAX_ATTEMPTS: u64 = 1_000_000;

/// A layout drawn uniformly over all legal layouts of the fleet under the classic rules; see
/// [`random_layout_under`].
pub fn random_layout(rows: usize, cols: usize, fleet: &[usize], rng: &mut SonarRng) -> Result<Layout, LayoutError> {
    random_layout_under(rows, cols, fleet, Rules::CLASSIC, rng)
}

/// A layout drawn uniformly over all layouts of the fleet legal under `rules` (ships told apart
/// by their order): every ship takes a uniformly random placement, and on any overlap (or, under
/// the no-touch rules, any ship touching another by an edge or a corner) the whole fleet is drawn
/// again. Retrying only the clashing ship would not be uniform (it favours the centre).
pub fn random_layout_under(
    rows: usize,
    cols: usize,
    fleet: &[usize],
    rules: Rules,
    rng: &mut SonarRng,
) -> Result<Layout, LayoutError> {
    random_layout_within(rows, cols, fleet, rules, MAX_ATTEMPTS, rng)
}

/// `n` distinct island cells drawn uniformly from a `rows` x `cols` sea (all of it where `n` is
/// larger), in row-major order.
pub fn random_islands(rows: usize, cols: usize, n: usize, rng: &mut SonarRng) -> Vec<Pos> {
    let cells = rows * cols;
    let mut drawn = rand::seq::index::sample(rng, cells, n.min(cells)).into_vec();
    drawn.sort_unstable();
    drawn.into_iter().map(|i| Pos::new(i / cols, i % cols)).collect()
}

/// Horizontal and vertical placements of a ship of length `len` (a length-1 ship counts once).
fn placements(rows: usize, cols: usize, len: usize) -> (usize, usize) {
    let h = if len <= cols { rows * (cols + 1 - len) } else { 0 };
    let v = if len > 1 && len <= rows { (rows + 1 - len) * cols } else { 0 };
    (h, v)
}

/// The checks any fleet must pass to fit a `rows` x `cols` board at all: no more ship cells than
/// cells, and a placement for every ship.
pub fn check_room(rows: usize, cols: usize, fleet: &[usize]) -> Result<(), LayoutError> {
    let total: usize = fleet.iter().sum();
    if total > rows * cols {
        return Err(LayoutError::Overfull { total, cells: rows * cols });
    }
    match fleet.iter().find(|&&len| placements(rows, cols, len) == (0, 0)) {
        Some(&len) => Err(LayoutError::DoesNotFit { len, rows, cols }),
        None => Ok(()),
    }
}

/// [`random_layout_under`] giving up after `attempts` whole-fleet draws.
pub fn random_layout_within(
    rows: usize,
    cols: usize,
    fleet: &[usize],
    rules: Rules,
    attempts: u64,
    rng: &mut SonarRng,
) -> Result<Layout, LayoutError> {
    let mut left = attempts;
    random_layout_spending(rows, cols, fleet, rules, &mut left, rng)
}

/// [`random_layout_within`] drawing on a budget of whole-fleet attempts shared by several draws:
/// `attempts` is decreased by the attempts this draw took.
pub fn random_layout_spending(
    rows: usize,
    cols: usize,
    fleet: &[usize],
    rules: Rules,
    attempts: &mut u64,
    rng: &mut SonarRng,
) -> Result<Layout, LayoutError> {
    random_layout_around(rows, cols, fleet, rules, &[], attempts, rng)
}

/// [`random_layout_spending`] on a sea with islands: no ship lies on a cell of `islands` (ships
/// may touch them, under every rule). Uniform over the layouts that avoid them; without islands
/// it draws exactly what [`random_layout_spending`] draws.
pub fn random_layout_around(
    rows: usize,
    cols: usize,
    fleet: &[usize],
    rules: Rules,
    islands: &[Pos],
    attempts: &mut u64,
    rng: &mut SonarRng,
) -> Result<Layout, LayoutError> {
    check_room(rows, cols, fleet)?;
    let budget = *attempts;
    let counts: Vec<(usize, usize)> = fleet.iter().map(|&len| placements(rows, cols, len)).collect();
    let mut land = vec![false; rows * cols];
    islands.iter().filter(|p| p.row < rows && p.col < cols).for_each(|p| land[p.row * cols + p.col] = true);
    // Cells a ship may not take: the islands, those of the ships placed, and under the no-touch
    // rules the cells around the ships too.
    let mut taken = vec![false; rows * cols];
    let reach = usize::from(!rules.touching);
    let mut ships = Vec::with_capacity(fleet.len());
    while *attempts > 0 {
        *attempts -= 1;
        taken.copy_from_slice(&land);
        ships.clear();
        let mut clash = false;
        for (&len, &(h, v)) in fleet.iter().zip(&counts) {
            let k = rng.random_range(0..h + v);
            let p = if k < h {
                let w = cols + 1 - len;
                Placement { len, row: k / w, col: k % w, horizontal: true }
            } else {
                let k = k - h;
                Placement { len, row: k / cols, col: k % cols, horizontal: false }
            };
            clash = p.cells().any(|c| taken[c.row * cols + c.col]);
            if clash {
                break;
            }
            for c in p.cells() {
                for r in c.row.saturating_sub(reach)..=(c.row + reach).min(rows - 1) {
                    for k in c.col.saturating_sub(reach)..=(c.col + reach).min(cols - 1) {
                        taken[r * cols + k] = true;
                    }
                }
            }
            ships.push(p);
        }
        if !clash {
            return Ok(Layout { rows, cols, ships });
        }
    }
    Err(LayoutError::TooCrowded(budget))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::seeded;

    #[test]
    fn placements_are_counted_right() {
        assert_eq!(Placement::all(10, 10, 4).len(), 140);
        assert_eq!(Placement::all(10, 10, 1).len(), 100);
        assert_eq!(Placement::all(3, 5, 4).len(), 6);
    }

    #[test]
    fn layouts_never_overlap_and_stay_on_the_board() {
        let mut rng = seeded(3);
        for _ in 0..500 {
            let l = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let mut seen = std::collections::HashSet::new();
            for s in &l.ships {
                for c in s.cells() {
                    assert!(c.row < 10 && c.col < 10);
                    assert!(seen.insert(c), "overlap at {c}");
                }
            }
            assert_eq!(seen.len(), 17);
        }
    }

    #[test]
    fn layouts_avoid_islands_and_draw_the_same_without_them() {
        let islands = [Pos::new(0, 0), Pos::new(4, 4), Pos::new(4, 5), Pos::new(9, 9)];
        let mut rng = seeded(5);
        for _ in 0..300 {
            let l =
                random_layout_around(10, 10, &[5, 4, 3, 3, 2], Rules::CLASSIC, &islands, &mut 1000, &mut rng).unwrap();
            assert!(l.ships.iter().flat_map(|s| s.cells()).all(|c| !islands.contains(&c)), "{l:?}");
        }
        let (mut a, mut b) = (seeded(9), seeded(9));
        for _ in 0..50 {
            let plain = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut a).unwrap();
            let mut left = MAX_ATTEMPTS;
            let around = random_layout_around(10, 10, &[5, 4, 3, 3, 2], Rules::CLASSIC, &[], &mut left, &mut b);
            assert_eq!(around.unwrap(), plain);
        }
        // A ship of 3 cannot fit a 1x3 sea with an island in it.
        let full = random_layout_around(1, 3, &[3], Rules::CLASSIC, &[Pos::new(0, 1)], &mut 100, &mut rng);
        assert_eq!(full, Err(LayoutError::TooCrowded(100)));
    }

    #[test]
    fn impossible_fleets_are_errors_not_hangs() {
        assert_eq!(
            random_layout(3, 3, &[4], &mut seeded(1)),
            Err(LayoutError::DoesNotFit { len: 4, rows: 3, cols: 3 })
        );
        assert_eq!(
            random_layout(3, 3, &[3, 3, 3, 3], &mut seeded(1)),
            Err(LayoutError::Overfull { total: 12, cells: 9 })
        );
        // 10 cells hold these 10 ship cells only in ways a 2x5 board cannot: the sampler gives up
        // after its bounded number of attempts rather than spin for ever.
        assert!(matches!(random_layout(2, 5, &[4, 3, 3], &mut seeded(1)), Err(LayoutError::TooCrowded(_))));
    }
}
