//! Whether a player looks beside the ships they have found: of their hunting shots, how many land
//! on a cell beside (sharing an edge or a corner with) a cell of a ship already found, against how
//! many a choice uniform over the open cells would put there. About 1 for a player who hunts
//! without regard to the ships found (a fixed order, parity, no habit), above 1 for one who floods
//! the water around them, below 1 for one who reasons that a ship seldom fits there (the
//! posterior and density shooters, `docs/hiding.md`), which is how a player who could learn that
//! the computer's ships keep apart shows itself.

use super::search::{Answer, Search};

/// Fewest expected shots beside found ships before the ratio is read: below it, too few of the
/// player's hunting shots had a found ship to look beside.
pub const MIN_EXPECTED: f64 = 20.0;

/// The ratio of the player's hunting shots beside found ships to what uniform choices among the
/// open cells would give, over `searches` on a `rows` x `cols` board; `None` when they expect
/// fewer than [`MIN_EXPECTED`] such shots.
pub fn beside_ratio(rows: usize, cols: usize, searches: &[Search]) -> Option<f64> {
    let (expected, observed) = expected_and_observed(rows, cols, searches);
    (expected >= MIN_EXPECTED).then(|| observed / expected)
}

/// The hunting shots beside found ships that uniform choices would give, and the player's.
pub fn expected_and_observed(rows: usize, cols: usize, searches: &[Search]) -> (f64, f64) {
    let (mut observed, mut expected) = (0.0, 0.0);
    // Per search: the cells shot, and the cells beside a ship found (open ones counted).
    let (mut shot, mut beside) = (vec![false; rows * cols], vec![false; rows * cols]);
    for search in searches {
        shot.fill(false);
        beside.fill(false);
        let mut open = rows * cols;
        let mut open_beside = 0usize;
        for (&(p, answer), (cell, hunts)) in search.shots().iter().zip(search.hunting()) {
            if hunts {
                expected += open_beside as f64 / open as f64;
                observed += f64::from(u8::from(beside[cell]));
            }
            if beside[cell] {
                open_beside -= 1;
            }
            open -= 1;
            shot[cell] = true;
            if answer != Answer::Miss {
                for r in p.row.saturating_sub(1)..=(p.row + 1).min(rows - 1) {
                    for c in p.col.saturating_sub(1)..=(p.col + 1).min(cols - 1) {
                        let i = r * cols + c;
                        if !shot[i] && !beside[i] {
                            beside[i] = true;
                            open_beside += 1;
                        }
                    }
                }
            }
        }
    }
    (expected, observed)
}
