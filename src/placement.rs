//! Fleet placement: the computer's own hidden fleet, drawn exactly uniformly over every layout
//! the rules allow, or refused with the reason when none exists.
//!
//! A draw first settles whether the fleet fits at all, cheaply and within a bounded time: the
//! totals, each ship's length against the board, under the no-touch rules the area the ships and
//! their gaps need, then the consistency search on the empty board ([`crate::witness`], bounded). A fleet that fits is drawn by whole-fleet rejection
//! ([`random_layout_under`]: every ship uniformly placed, the whole fleet drawn again on any clash,
//! exactly uniform) within a fixed number of attempts; a fleet so crowded that rejection seldom
//! succeeds is drawn from the exact programme's tables ([`ExactTables::sample_layout`], also
//! exactly uniform) when they fit the work budget. A fleet neither can draw within their budgets is
//! refused rather than drawn from a biased sampler. No clock decides anything: the same request
//! and seed always give the same layout.

use thiserror::Error;

use crate::board::Board;
use crate::fleet::Fleet;
use crate::layout::{Layout, LayoutError, check_room, random_layout_within};
use crate::posterior::{ExactError, ExactTables};
use crate::rng::SonarRng;
use crate::rules::Rules;
use crate::witness::{self, Witness};

/// Whole-fleet attempts the rejection sampler may make (some milliseconds at most).
pub const REJECTION_ATTEMPTS: u64 = 20_000;
/// Work units the exact programme may spend on a crowded fleet (about 40 ms and 80 MB).
pub const EXACT_WORK: u64 = 2_000_000;

/// Why no layout was drawn.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// A ship longer than the board, or more ship cells than cells.
    #[error("ships: {0}")]
    NoRoom(#[from] LayoutError),
    #[error("ships: no layout of these ships fits a {rows}x{cols} board {rule}")]
    NoLayout { rows: usize, cols: usize, rule: &'static str },
    #[error(
        "ships: these ships fill a {rows}x{cols} board so tightly that no uniform layout could be drawn within the service's limits; use fewer or shorter ships or a larger board"
    )]
    TooCrowded { rows: usize, cols: usize },
}

/// A layout of `fleet` on an empty `rows` x `cols` board, uniform over every layout `rules` allow.
pub fn place(
    rows: usize,
    cols: usize,
    fleet: &Fleet,
    rules: Rules,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    place_within(rows, cols, fleet, rules, REJECTION_ATTEMPTS, rng)
}

/// [`place`] with `attempts` rejection draws before the exact tables take over.
fn place_within(
    rows: usize,
    cols: usize,
    fleet: &Fleet,
    rules: Rules,
    attempts: u64,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    check_room(rows, cols, fleet.lengths())?;
    let board = Board::empty(rows, cols);
    let rule = if rules.touching { "without overlapping" } else { "with no two ships touching, even at a corner" };
    // Under the no-touch rules each ship with the cells to its right and below is a 2 x (len + 1)
    // block of the board grown by one row and one column, and the blocks of ships that do not
    // touch do not overlap: their area bounds the fleet.
    let blocks: usize = fleet.lengths().iter().map(|&len| 2 * (len + 1)).sum();
    if !rules.touching && blocks > (rows + 1) * (cols + 1) {
        return Err(PlacementError::NoLayout { rows, cols, rule });
    }
    if witness::find(&board, fleet, rules, witness::STEP_BUDGET) == Witness::Impossible {
        return Err(PlacementError::NoLayout { rows, cols, rule });
    }
    match random_layout_within(rows, cols, fleet.lengths(), rules, attempts, rng) {
        Ok(layout) => return Ok(layout),
        Err(LayoutError::TooCrowded(_)) => {}
        Err(room) => return Err(room.into()),
    }
    match ExactTables::build(&board, fleet, rules, EXACT_WORK) {
        Ok(tables) => Ok(tables.sample_layout(rng)),
        Err(ExactError::NoLayout) => Err(PlacementError::NoLayout { rows, cols, rule }),
        Err(ExactError::OverBudget | ExactError::Overflow) => Err(PlacementError::TooCrowded { rows, cols }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::posterior::count_exact_under;
    use crate::rng::seeded;

    fn fleet(ships: &[usize]) -> Fleet {
        Fleet::new(ships, 26).unwrap()
    }

    /// Cell frequencies over many draws against the exact marginals, for both rules, drawn by
    /// rejection and (with no rejection attempts, as for a fleet too crowded for it) by the exact
    /// tables.
    #[test]
    fn uniform_over_the_layouts_the_rules_allow() {
        for (rows, cols, ships, rules, attempts) in [
            (5, 5, &[3, 2, 1][..], Rules::CLASSIC, REJECTION_ATTEMPTS),
            (5, 5, &[3, 2, 1][..], Rules::NO_TOUCH, REJECTION_ATTEMPTS),
            (4, 4, &[4, 4, 4, 3][..], Rules::CLASSIC, 0),
            (5, 5, &[3, 3, 1, 1][..], Rules::NO_TOUCH, 0),
        ] {
            let f = fleet(ships);
            let exact = count_exact_under(&Board::empty(rows, cols), &f, rules, u64::MAX).unwrap().marginals();
            let draws = 6000;
            let mut counts = vec![0usize; rows * cols];
            let mut rng = seeded(3);
            for _ in 0..draws {
                let layout = place_within(rows, cols, &f, rules, attempts, &mut rng).unwrap();
                let mut lens: Vec<usize> = layout.ships.iter().map(|s| s.len).collect();
                lens.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(lens, f.lengths());
                for s in &layout.ships {
                    for c in s.cells() {
                        counts[c.row * cols + c.col] += 1;
                    }
                }
            }
            for (i, (&k, &p)) in counts.iter().zip(&exact).enumerate() {
                let sd = (p * (1.0 - p) / draws as f64).sqrt().max(1e-9);
                let z = (k as f64 / draws as f64 - p).abs() / sd;
                assert!(z < 4.5, "{rows}x{cols} {ships:?} {rules:?} cell {i}: z = {z:.2}");
            }
        }
    }

    #[test]
    fn impossible_fleets_are_refused_at_once() {
        let no =
            |rows, cols, ships: &[usize], rules| place(rows, cols, &fleet(ships), rules, &mut seeded(1)).unwrap_err();
        assert_eq!(
            no(3, 3, &[4], Rules::CLASSIC),
            PlacementError::NoRoom(LayoutError::DoesNotFit { len: 4, rows: 3, cols: 3 })
        );
        assert_eq!(
            no(3, 3, &[3, 3, 3, 1], Rules::CLASSIC),
            PlacementError::NoRoom(LayoutError::Overfull { total: 10, cells: 9 })
        );
        assert!(matches!(no(3, 3, &[2, 2, 2], Rules::NO_TOUCH), PlacementError::NoLayout { .. }));
        assert!(matches!(no(2, 5, &[4, 3, 3], Rules::CLASSIC), PlacementError::NoLayout { .. }));
        // The largest board, crowded past what fits, whichever check catches it first.
        let mut many = vec![26; 26];
        many.push(1);
        assert_eq!(
            no(26, 26, &many, Rules::CLASSIC),
            PlacementError::NoRoom(LayoutError::Overfull { total: 677, cells: 676 })
        );
        assert!(matches!(no(26, 26, &[26; 14], Rules::NO_TOUCH), PlacementError::NoLayout { .. }));
        // Exactly full: 26 ships of 26 have two layouts (all rows or all columns), which neither
        // rejection nor the programme within its budget draws: refused, never drawn with a bias.
        assert_eq!(no(26, 26, &[26; 26], Rules::CLASSIC), PlacementError::TooCrowded { rows: 26, cols: 26 });
    }

    #[test]
    fn the_same_seed_gives_the_same_layout() {
        let f = Fleet::classic();
        for rules in [Rules::CLASSIC, Rules::NO_TOUCH] {
            assert_eq!(place(10, 10, &f, rules, &mut seeded(9)), place(10, 10, &f, rules, &mut seeded(9)));
        }
    }
}
