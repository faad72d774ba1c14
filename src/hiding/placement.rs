//! Fleet placement: the computer's own hidden fleet, drawn exactly uniformly over every layout
//! the rules allow, or refused with the reason when none exists.
//!
//! A draw first settles whether the fleet fits at all, cheaply and within a bounded time: the
//! totals, each ship's length against the board, under the no-touch rules the area the ships and
//! their gaps need, then the consistency search on the empty board ([`crate::game::witness`], bounded). A fleet that fits is drawn by whole-fleet rejection
//! ([`crate::game::layout::random_layout_under`]: every ship uniformly placed, the whole fleet drawn again on any clash,
//! exactly uniform) within a fixed amount of work; a fleet so crowded that rejection seldom
//! succeeds is drawn from the exact programme's tables ([`ExactTables::sample_layout`], also
//! exactly uniform) when they fit the work budget. A fleet neither can draw within their budgets is
//! refused rather than drawn from a biased sampler. No clock decides anything: the same request
//! and seed always give the same layout.
//!
//! The fleet is placed on a sea: an empty board whose island cells (`^`) no ship may cover (ships
//! may lie beside them, under every rule). Every draw is uniform over the layouts that avoid them.

use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;

use thiserror::Error;

use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::{Layout, LayoutError, check_room, random_layout_around};
use crate::game::rng::SonarRng;
use crate::game::rules::Rules;
use crate::game::witness::{self, Witness};
use crate::hiding::searcher::{Hiding, SearchModel, hide};
use crate::inference::posterior::{ExactError, ExactTables};

/// Ship placements the rejection sampler may draw for one request, spread over whole-fleet
/// attempts: a bound on its time. It is many times the attempts the no-touch ten-ship fleet on
/// 10x10 needs for a layout on average (`docs/computer-player.md`), so a uniform draw virtually
/// never runs out, and the simulator's `hard:k` gets most of its candidates even at
/// [`MAX_HARD_CANDIDATES`].
pub const REJECTION_WORK: u64 = 4_000_000;

/// Whole-fleet rejection attempts for a fleet: [`REJECTION_WORK`] over its ships.
pub fn rejection_attempts(fleet: &Fleet) -> u64 {
    REJECTION_WORK / fleet.len().max(1) as u64
}
/// Work units the exact programme may spend on a crowded fleet: a bounded time, and no more memory
/// than `bayes`'s exact counting may take for one request.
pub const EXACT_WORK: u64 = 2_000_000;

/// Why no layout was drawn.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// A ship longer than the board, or more ship cells than cells.
    #[error("ships: {0}")]
    NoRoom(#[from] LayoutError),
    #[error("ships: no layout of these ships fits a {rows}x{cols} board{around} {rule}")]
    NoLayout { rows: usize, cols: usize, around: &'static str, rule: &'static str },
    #[error(
        "ships: these ships fill a {rows}x{cols} board so tightly that no uniform layout could be drawn within the service's limits; use fewer or shorter ships or a larger board"
    )]
    TooCrowded { rows: usize, cols: usize },
}

/// How the computer's layout is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, SerializeDisplay, DeserializeFromStr)]
pub enum Style {
    /// Exactly uniform over every layout the rules allow.
    #[default]
    Uniform,
    /// The least exposed of [`HARD_CANDIDATES`] uniform layouts: the one whose cells a shooter
    /// that assumes uniform layouts expects least (the smallest sum of each cell's count of ship
    /// windows on the empty board, [`exposure`]). Ships end up along the edges and in the corners,
    /// which such shooters search last; a shooter who knows it searches there first.
    Hard,
}

/// A placement style that is neither `uniform` nor `hard`.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("placement {0:?}: expected uniform or hard")]
pub struct UnknownStyle(pub String);

impl Style {
    /// Its name: `uniform` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Style::Uniform => "uniform",
            Style::Hard => "hard",
        }
    }
}

/// A style is written as its name.
impl std::str::FromStr for Style {
    type Err = UnknownStyle;

    fn from_str(name: &str) -> Result<Style, UnknownStyle> {
        match name {
            "uniform" => Ok(Style::Uniform),
            "hard" => Ok(Style::Hard),
            other => Err(UnknownStyle(other.to_owned())),
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Uniform layouts a hard placement chooses among: few enough that a shooter who learns from this
/// player's past fleets gains nothing from them, as measured in the repeated game (more candidates
/// lean the ships further toward the edges, which a learner turns into a gift of shots;
/// `docs/decisions/0049-hiding-calibration.md#hard-is-the-least-exposed-of-3-uniform-layouts`).
pub const HARD_CANDIDATES: usize = 3;
/// Most candidates the simulator's `hard:k` placement chooses among.
pub const MAX_HARD_CANDIDATES: usize = 64;

#[cfg(test)]
/// A layout of `fleet` on an empty `rows` x `cols` board, uniform over every layout `rules` allow.
pub fn place(
    rows: usize,
    cols: usize,
    fleet: &Fleet,
    rules: Rules,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    place_styled(&Board::empty(rows, cols), fleet, rules, Style::Uniform, rng)
}

/// A layout of `fleet` on `sea` (an unshot board, its islands `^`) in the given style (see
/// [`Style`]).
pub fn place_styled(
    sea: &Board,
    fleet: &Fleet,
    rules: Rules,
    style: Style,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    match style {
        Style::Uniform => Drawer::new(sea, fleet, rules, rejection_attempts(fleet))?.draw(rng),
        Style::Hard => place_least_exposed(sea, fleet, rules, HARD_CANDIDATES, rng),
    }
}

/// Whole-fleet attempts a tilted draw may make at one bound, a bound on its time (a classic fleet
/// needs a handful, the no-touch ten-ship fleet some thousands untilted).
pub const HIDE_ATTEMPTS: u64 = 10_000;

/// A layout of `fleet` hidden from the player whose search habits `model` holds: drawn from
/// uniform tilted away from the cells they look at first, each cell's log weight within
/// `hiding.bound`, the ships leaning apart by `hiding.touching` ([`crate::hiding::searcher::hide`]).
/// Exactly the uniform draw when the model shows no habit (or is of another board); a fleet so
/// crowded that the tilted sampler runs out of [`HIDE_ATTEMPTS`] is drawn at half the bound, then a
/// quarter, then uniformly.
pub fn place_hidden(
    sea: &Board,
    fleet: &Fleet,
    rules: Rules,
    model: &SearchModel,
    hiding: Hiding,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    let mut drawer = Drawer::new(sea, fleet, rules, rejection_attempts(fleet))?;
    if model.is_none() || (model.rows(), model.cols()) != (sea.rows(), sea.cols()) {
        return drawer.draw(rng);
    }
    // A tilt so strong that the fleet is seldom drawn (no-touch fleets) is halved, twice, before
    // the uniform draw: a bounded time whatever the model.
    for b in [hiding.bound, hiding.bound / 2.0, hiding.bound / 4.0] {
        let mut attempts = HIDE_ATTEMPTS;
        if let Ok(layout) = hide(model, hiding.with_bound(b), fleet, rules, &drawer.islands, &mut attempts, rng) {
            return Ok(layout);
        }
    }
    drawer.draw(rng)
}

/// The least exposed of `candidates` uniform layouts of `fleet` (at least one): the `hard` style
/// with another number of candidates (1 is uniform).
pub fn place_least_exposed(
    sea: &Board,
    fleet: &Fleet,
    rules: Rules,
    candidates: usize,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    let mut drawer = Drawer::new(sea, fleet, rules, rejection_attempts(fleet))?;
    let windows = exposure(sea, fleet.lengths());
    let cols = sea.cols();
    let cost =
        |l: &Layout| -> u64 { l.ships.iter().flat_map(|s| s.cells()).map(|c| windows[c.row * cols + c.col]).sum() };
    let mut best = drawer.draw(rng)?;
    let mut best_cost = cost(&best);
    for _ in 1..candidates {
        // A fleet so crowded that the draws run out of budget chooses among those it has.
        let Ok(layout) = drawer.draw(rng) else { break };
        let c = cost(&layout);
        if c < best_cost {
            (best, best_cost) = (layout, c);
        }
    }
    Ok(best)
}

/// Per cell (row-major): how many windows of the fleet's ships cover it on the unshot `sea` (no
/// window covers an island), the occupancy a shooter that assumes uniform layouts starts from
/// (highest in the middle).
pub fn exposure(sea: &Board, ships: &[usize]) -> Vec<u64> {
    let mut total = vec![0u64; sea.len()];
    for &len in ships {
        for (t, n) in total.iter_mut().zip(crate::game::windows::occupancy(sea, len, |c| c == Cell::Island)) {
            *t += u64::from(n);
        }
    }
    total
}

/// Uniform layouts of one fleet, drawn one after another: the checks once, whole-fleet rejection
/// while its budget of attempts (shared by all the draws) lasts, then the exact tables (built
/// once). Every draw is exactly uniform either way.
struct Drawer<'a> {
    sea: &'a Board,
    /// The sea's islands.
    islands: Vec<Pos>,
    fleet: &'a Fleet,
    rules: Rules,
    /// Rejection attempts left.
    attempts: u64,
    rule: &'static str,
    /// " around its islands" where the sea has any, for the no-layout error.
    around: &'static str,
    tables: Option<ExactTables>,
}

impl<'a> Drawer<'a> {
    /// Settles quickly whether the fleet fits at all.
    fn new(sea: &'a Board, fleet: &'a Fleet, rules: Rules, attempts: u64) -> Result<Drawer<'a>, PlacementError> {
        let (rows, cols) = (sea.rows(), sea.cols());
        check_room(rows, cols, fleet.lengths())?;
        let islands = sea.islands();
        let around = if islands.is_empty() { "" } else { " around its islands" };
        let rule = if rules.touching { "without overlapping" } else { "with no two ships touching, even at a corner" };
        // Under the no-touch rules each ship with the cells to its right and below is a 2 x (len + 1)
        // block of the board grown by one row and one column, and the blocks of ships that do not
        // touch do not overlap: their area bounds the fleet.
        let blocks: usize = fleet.lengths().iter().map(|&len| 2 * (len + 1)).sum();
        if !rules.touching && blocks > (rows + 1) * (cols + 1) {
            return Err(PlacementError::NoLayout { rows, cols, around, rule });
        }
        if witness::find(sea, fleet, rules, witness::STEP_BUDGET) == Witness::Impossible {
            return Err(PlacementError::NoLayout { rows, cols, around, rule });
        }
        Ok(Drawer { sea, islands, fleet, rules, attempts, rule, around, tables: None })
    }

    fn draw(&mut self, rng: &mut SonarRng) -> Result<Layout, PlacementError> {
        let (rows, cols) = (self.sea.rows(), self.sea.cols());
        if self.tables.is_none() {
            let (lengths, islands) = (self.fleet.lengths(), &self.islands);
            match random_layout_around(rows, cols, lengths, self.rules, islands, &mut self.attempts, rng) {
                Ok(layout) => return Ok(layout),
                Err(LayoutError::TooCrowded(_)) => {}
                Err(room) => return Err(room.into()),
            }
            self.tables = Some(match ExactTables::build(self.sea, self.fleet, self.rules, EXACT_WORK) {
                Ok(tables) => tables,
                Err(ExactError::NoLayout) => {
                    return Err(PlacementError::NoLayout { rows, cols, around: self.around, rule: self.rule });
                }
                Err(ExactError::OverBudget | ExactError::Overflow | ExactError::TimedOut) => {
                    return Err(PlacementError::TooCrowded { rows, cols });
                }
            });
        }
        Ok(self.tables.as_ref().expect("built above").sample_layout(rng))
    }
}

/// A uniform layout on `sea` with `attempts` rejection draws before the exact tables take over.
#[cfg(test)]
fn place_within(
    sea: &Board,
    fleet: &Fleet,
    rules: Rules,
    attempts: u64,
    rng: &mut SonarRng,
) -> Result<Layout, PlacementError> {
    Drawer::new(sea, fleet, rules, attempts)?.draw(rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::seeded;
    use crate::game::text::round_trips;
    use crate::inference::posterior::count_exact_under;

    #[test]
    fn styles_are_written_by_name() {
        round_trips(Style::Uniform, "uniform", r#""uniform""#);
        round_trips(Style::Hard, "hard", r#""hard""#);
        let e = "sneaky".parse::<Style>().unwrap_err().to_string();
        assert_eq!(e, r#"placement "sneaky": expected uniform or hard"#);
        // Through serde, the same message.
        let e = serde_json::from_str::<Style>(r#""sneaky""#).unwrap_err().to_string();
        assert!(e.starts_with(r#"placement "sneaky": expected uniform or hard"#), "{e}");
    }

    fn fleet(ships: &[usize]) -> Fleet {
        Fleet::new(ships, 26).unwrap()
    }

    /// Cell frequencies over many draws against the exact marginals, for both rules, on open seas
    /// and seas with islands, drawn by rejection and (with no rejection attempts, as for a fleet
    /// too crowded for it) by the exact tables.
    #[test]
    fn uniform_over_the_layouts_the_rules_allow() {
        let isles = Board::parse(&[".^...", ".....", "...^.", "^....", "....."]).unwrap();
        for (sea, ships, rules, attempts) in [
            (Board::empty(5, 5), &[3, 2, 1][..], Rules::CLASSIC, REJECTION_WORK),
            (Board::empty(5, 5), &[3, 2, 1][..], Rules::NO_TOUCH, REJECTION_WORK),
            (Board::empty(4, 4), &[4, 4, 4, 3][..], Rules::CLASSIC, 0),
            (Board::empty(5, 5), &[3, 3, 1, 1][..], Rules::NO_TOUCH, 0),
            (isles.clone(), &[3, 2, 2][..], Rules::CLASSIC, REJECTION_WORK),
            (isles.clone(), &[3, 2, 2][..], Rules::CLASSIC, 0),
            (isles.clone(), &[3, 2, 1][..], Rules::NO_TOUCH, REJECTION_WORK),
            (isles, &[3, 2, 1][..], Rules::NO_TOUCH, 0),
        ] {
            let (rows, cols) = (sea.rows(), sea.cols());
            let f = fleet(ships);
            let exact = count_exact_under(&sea, &f, rules, u64::MAX).unwrap().marginals();
            let draws = 6000;
            let mut counts = vec![0usize; rows * cols];
            let mut rng = seeded(3);
            for _ in 0..draws {
                let layout = place_within(&sea, &f, rules, attempts, &mut rng).unwrap();
                let mut lens: Vec<usize> = layout.ships.iter().map(|s| s.len).collect();
                lens.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(lens, f.lengths());
                for s in &layout.ships {
                    for c in s.cells() {
                        assert_ne!(sea.get(c), Cell::Island, "{layout:?}");
                        counts[c.row * cols + c.col] += 1;
                    }
                }
            }
            for (i, (&k, &p)) in counts.iter().zip(&exact).enumerate() {
                let sd = (p * (1.0 - p) / draws as f64).sqrt().max(1e-9);
                let z = (k as f64 / draws as f64 - p).abs() / sd;
                assert!(z < 4.5, "{rows}x{cols} {ships:?} {rules:?} {attempts} cell {i}: z = {z:.2}");
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
            for style in [Style::Uniform, Style::Hard] {
                let sea = Board::empty(10, 10);
                let once = place_styled(&sea, &f, rules, style, &mut seeded(9));
                assert_eq!(once, place_styled(&sea, &f, rules, style, &mut seeded(9)));
            }
        }
        // Seed 259 ran out of the former budget of 20,000 whole-fleet attempts on the no-touch
        // ten-ship fleet (which needs about 3,900 a layout) and was refused as too crowded.
        let ten = fleet(&[4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
        assert!(place(10, 10, &ten, Rules::NO_TOUCH, &mut seeded(259)).is_ok());
    }
}
