//! What to do this turn when the shooter holds power-ups: a plain shot, or one power-up aimed
//! somewhere. Every use costs a turn.
//!
//! The one-step rule values each choice in turns saved against the plain shot, and a power-up is
//! used when its best aim's value is above zero (at least [`WORTH`]):
//!
//! - A strike or a torpedo, which shoot: every ship cell must be hit once, so each ship cell it
//!   hits is a shot the rest of the game need not fire, and every cell it proves to be water (a
//!   strike's misses, a torpedo's wake) is one the rest of the game would have shot with the
//!   chance [`WATER_WORTH`]; the turn itself costs one. Its value is that sum less the plain shot's
//!   (its hit and its miss counted alike).
//! - A scan or a reveal, which only tell: the information its answer is expected to carry (the
//!   entropy of the answer over the posterior, in bits) less the plain shot's (the entropy of
//!   hit or miss), in turns of [`BITS_PER_TURN`] bits, what a turn of a game resolves on average.
//!
//! Cell probabilities are the grid's where it is a posterior, else the share of [`ACTION_DRAWS`]
//! layouts drawn from the posterior (the importance sampler, every observation on the board read);
//! what depends on several cells at once (where a torpedo stops, what a scan answers) is always
//! read from those layouts.

use crate::game::arsenal::{Aim, Kind, PowerUp};
use crate::game::board::{Board, Cell, Pos};
use crate::game::rng::SonarRng;
use crate::game::turn::Turn;
use crate::inference::posterior::importance::Sampler;

/// The chance that the rest of a game would shoot a cell proved water now: about the share of
/// water cells `bayes` shoots in a classic game (`docs/power-ups.md#the-arsenal`).
pub const WATER_WORTH: f64 = 0.3;

/// Bits of the hidden layout a turn resolves on average: the classic opening's 15,046,987,768
/// layouts (33.8 bits) over the 43.9 turns `bayes` takes to sink them
/// (`docs/power-ups.md#the-arsenal`).
pub const BITS_PER_TURN: f64 = 0.77;

/// Least value, in turns, for which a power-up is used: the answer's precision (its `value` has six
/// decimals), so that a power-up chosen never shows a value of 0.
pub const WORTH: f64 = 1e-6;

/// Values closer than this are a tie, broken by the order of aims (the board's order of their
/// anchors, a torpedo's directions in turn) and of the arsenal.
const TIE: f64 = 1e-9;

/// Layouts drawn from the posterior to value the choices.
pub const ACTION_DRAWS: u64 = 400;

/// How the arsenal is used: the one-step rule's best choice, never (shots only), or each power-up
/// the first turn it can be (the simulator's comparisons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    Best,
    Never,
    Eager,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::Best, Policy::Never, Policy::Eager];

    pub fn name(self) -> &'static str {
        match self {
            Policy::Best => "best",
            Policy::Never => "never",
            Policy::Eager => "eager",
        }
    }

    pub fn from_name(name: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// One choice for the turn: a plain shot (`power_up` none) or a power-up of the arsenal aimed.
#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    /// The index of the power-up in the arsenal; `None` for a plain shot.
    pub power_up: Option<usize>,
    pub aim: Aim,
    /// Ship cells it is expected to hit this turn.
    pub expected_hits: f64,
    /// Turns it is expected to save against the plain shot by the one-step rule (0 for the shot).
    pub value: f64,
}

/// The turn's choice and each power-up's best aim, in arsenal order.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub action: Action,
    pub actions: Vec<Action>,
    /// Whether the deadline came before every power-up was weighed (those left were not offered).
    pub cut: bool,
}

/// The posterior as the choice reads it: cell probabilities and weighted layouts as ship masks.
struct Beliefs {
    p: Vec<f64>,
    /// Each layout's cells holding a ship, with its weight (summing to 1).
    layouts: Vec<(Vec<bool>, f64)>,
}

impl Beliefs {
    /// The beliefs of `turn` (its board, rules and opponent model): every layout counts the board's
    /// sunk cells as ship cells, as the referee's scans do.
    fn draw(turn: Turn<'_>, grid: Option<&[f64]>, rng: &mut SonarRng) -> Beliefs {
        let board = turn.board;
        let sampler = Sampler::with_rules(board, turn.fleet, turn.rules).with_prior(turn.opponent);
        let sunk: Vec<usize> = (0..board.len()).filter(|&i| board.cells()[i] == Cell::Sunk).collect();
        let mut layouts = Vec::new();
        sampler.estimate_seeing(
            ACTION_DRAWS,
            rng,
            |_| true,
            |d, w| {
                let mut mask = vec![false; board.len()];
                d.ships.iter().flat_map(|s| s.cells()).for_each(|p| mask[board.index(p)] = true);
                sunk.iter().for_each(|&i| mask[i] = true);
                layouts.push((mask, w));
            },
        );
        let total: f64 = layouts.iter().map(|(_, w)| w).sum();
        if total > 0.0 && total.is_finite() {
            layouts.iter_mut().for_each(|(_, w)| *w /= total);
        } else {
            layouts.clear();
        }
        let p = match grid {
            Some(g) => g.to_vec(),
            None => (0..board.len()).map(|i| layouts.iter().filter(|(m, _)| m[i]).map(|(_, w)| w).sum()).collect(),
        };
        Beliefs { p, layouts }
    }
}

/// What one aim of a power-up is expected to do: ship cells hit and cells proved water (a strike,
/// a torpedo), or the bits its answer carries (a scan, a reveal), and how uncertain its answer is
/// (the entropy of a scan's answer; a strike's or torpedo's expected hits stand for it).
struct Outlook {
    hits: f64,
    water: f64,
    bits: Option<f64>,
    doubt: f64,
}

impl Outlook {
    /// Turns saved against the plain shot at a cell of probability `p`.
    fn value(&self, p: f64) -> f64 {
        match self.bits {
            None => self.hits + WATER_WORTH * self.water - (p + WATER_WORTH * (1.0 - p)),
            Some(bits) => (bits - binary_entropy(p)) / BITS_PER_TURN,
        }
    }
}

fn outlook(board: &Board, b: &Beliefs, kind: Kind, aim: &Aim) -> Outlook {
    let open = |i: usize| board.cells()[i].is_open();
    let unknown = |i: usize| board.cells()[i] == Cell::Unknown;
    match kind {
        Kind::Strike => {
            let hits: f64 = aim.cells.iter().filter(|&&i| open(i)).map(|&i| b.p[i]).sum();
            // Every open cell not a ship is water (an `s` cell is one for certain): written from
            // `hits` so that of two areas of as many open cells, the one of more hits is worth
            // more, not reordered by rounding.
            let water = aim.cells.iter().filter(|&&i| open(i)).count() as f64 - hits;
            Outlook { hits, water, bits: None, doubt: hits }
        }
        Kind::Torpedo => {
            let (mut hits, mut water) = (0.0, 0.0);
            for (m, w) in &b.layouts {
                let stop = aim.cells.iter().position(|&i| m[i]).unwrap_or(aim.cells.len());
                water += w * aim.cells[..stop].iter().filter(|&&i| unknown(i)).count() as f64;
                hits += w * aim.cells.get(stop).map_or(0.0, |&i| f64::from(u8::from(open(i))));
            }
            Outlook { hits, water, bits: None, doubt: hits }
        }
        Kind::Count | Kind::Any => {
            // Each layout's answer: the ship cells found, or whether any.
            let mut answers = vec![0.0; aim.cells.len() + 1];
            for (m, w) in &b.layouts {
                let found = aim.cells.iter().filter(|&&i| m[i]).count();
                answers[if kind == Kind::Any { found.min(1) } else { found }] += w;
            }
            let bits = entropy(answers.into_iter());
            Outlook { hits: 0.0, water: 0.0, bits: Some(bits), doubt: bits }
        }
        Kind::Reveal => {
            // Each layout's answer, which cells hold a ship, as one bit a cell (an area has at
            // most 100), sorted so that equal answers are summed together and in one order.
            let mut answers: Vec<(u128, f64)> = b
                .layouts
                .iter()
                .map(|(m, w)| {
                    (aim.cells.iter().enumerate().filter(|&(_, &i)| m[i]).fold(0, |a, (k, _)| a | 1 << k), *w)
                })
                .collect();
            answers.sort_by_key(|&(answer, _)| answer);
            let groups = answers.chunk_by(|x, y| x.0 == y.0).map(|g| g.iter().map(|&(_, w)| w).sum::<f64>());
            let bits = entropy(groups);
            Outlook { hits: 0.0, water: 0.0, bits: Some(bits), doubt: bits }
        }
    }
}

/// The first of the best of `items` by `value`, values within [`TIE`] of each other counted equal:
/// aims a symmetric position makes equal differ only by the order in which their terms were
/// summed.
fn first_best<T>(items: impl Iterator<Item = T>, value: impl Fn(&T) -> f64) -> Option<T> {
    items.fold(None, |best, item| match best {
        Some(b) if value(&b) >= value(&item) - TIE => Some(b),
        _ => Some(item),
    })
}

/// A kind and area's aims with their outlooks, worked out once a turn.
type Scored<'a> = (Kind, &'a [(usize, usize)], Vec<(Aim, Outlook)>);

/// The entropy in bits of a distribution given by its probabilities.
fn entropy(q: impl Iterator<Item = f64>) -> f64 {
    q.filter(|&x| x > 0.0).map(|x| -x * x.log2()).sum()
}

fn binary_entropy(q: f64) -> f64 {
    entropy([q, 1.0 - q].into_iter())
}

/// The turn's choice on `turn`'s board (read under its rules, every observation on it): the plain
/// `shot` or one power-up of `arsenal` with uses left, as `policy` uses them. `grid` is the
/// algorithm's posterior where its grid is one.
pub fn choose(
    turn: Turn<'_>,
    arsenal: &[PowerUp],
    shot: Pos,
    grid: Option<&[f64]>,
    policy: Policy,
    rng: &mut SonarRng,
) -> Choice {
    let board = turn.board;
    let b = Beliefs::draw(turn, grid, rng);
    let i = board.index(shot);
    let plain = b.p[i];
    let shot_action = Action {
        power_up: None,
        aim: Aim { anchor: shot, direction: None, cells: vec![i] },
        expected_hits: b.p[i],
        value: 0.0,
    };
    let mut actions = Vec::new();
    let mut eager = None;
    // The aims and outlooks of each kind and area once, however many power-ups share them.
    let mut seen: Vec<Scored> = Vec::new();
    let mut cut = false;
    for (k, power_up) in arsenal.iter().enumerate().filter(|(_, p)| p.uses > 0) {
        // Past the deadline no other power-up is weighed.
        if turn.deadline.passed() {
            cut = true;
            break;
        }
        // Without layouts (none drawn agreed) only a strike, which the grid values alone, can be.
        if b.layouts.is_empty() && !(power_up.kind == Kind::Strike && grid.is_some()) {
            continue;
        }
        let (kind, area) = (power_up.kind, power_up.area());
        let at = match seen.iter().position(|(k, a, _)| *k == kind && *a == area) {
            Some(at) => at,
            None => {
                let scored = power_up.aims(board).into_iter().map(|aim| {
                    let o = outlook(board, &b, kind, &aim);
                    (aim, o)
                });
                seen.push((kind, area, scored.collect()));
                seen.len() - 1
            }
        };
        let scored = &seen[at].2;
        // In the board's order of aims.
        let by = |f: &dyn Fn(&Outlook) -> f64| first_best(scored.iter(), |s| f(&s.1));
        let Some((aim, o)) = by(&|o: &Outlook| o.value(plain)) else { continue };
        actions.push(Action { power_up: Some(k), aim: aim.clone(), expected_hits: o.hits, value: o.value(plain) });
        if eager.is_none() {
            let (aim, o) = by(&|o: &Outlook| o.doubt).expect("a power-up with a best aim has aims");
            eager = Some(Action { power_up: Some(k), aim: aim.clone(), expected_hits: o.hits, value: o.value(plain) });
        }
    }
    let action = match policy {
        Policy::Never => None,
        Policy::Eager => eager,
        Policy::Best => first_best(actions.iter().filter(|a| a.value >= WORTH), |a| a.value).cloned(),
    };
    Choice { action: action.unwrap_or(shot_action), actions, cut }
}
