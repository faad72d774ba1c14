//! The one-step choice against brute force: on small boards every layout is listed, and what each
//! power-up's best aim is expected to do is recomputed from them.

use std::collections::BTreeMap;

use super::action::{ACTION_DRAWS, BITS_PER_TURN, Policy, choose};
use crate::game::arsenal::{Kind, PowerUp};
use crate::game::board::{Board, Pos};
use crate::game::fleet::Fleet;
use crate::game::rng::seeded;
use crate::game::rules::Rules;
use crate::game::turn::Turn;
use crate::inference::posterior::brute::for_each_layout;

fn power_up(kind: Kind, area: Option<&[&str]>, uses: usize) -> PowerUp {
    let area: Option<Vec<String>> = area.map(|a| a.iter().map(|s| s.to_string()).collect());
    PowerUp::new(0, kind.name().into(), kind, area.as_deref(), uses).unwrap()
}

/// Every agreeing layout's ship cells, each layout weighing alike.
fn layouts(board: &Board, fleet: &Fleet) -> Vec<Vec<bool>> {
    let mut all = Vec::new();
    for_each_layout(board, fleet, Rules::CLASSIC, |_, taken| all.push(taken.to_vec()));
    all
}

fn entropy(counts: impl Iterator<Item = usize>, n: usize) -> f64 {
    counts.map(|c| c as f64 / n as f64).filter(|&q| q > 0.0).map(|q| -q * q.log2()).sum()
}

/// Sampled from [`ACTION_DRAWS`] layouts: an estimate of a share is within about three of its
/// standard errors (at most 0.025 for that many draws) of the exact one.
const TOLERANCE: f64 = 0.08;
const _: () = assert!(ACTION_DRAWS >= 400, "the tolerance assumes at least 400 draws");

#[test]
fn each_kinds_best_aim_expects_what_brute_force_says() {
    let board = Board::parse(&["..o..", ".....", "..x..", ".....", "o...."]).unwrap();
    let fleet = Fleet::new(&[3, 2], 5).unwrap();
    let all = layouts(&board, &fleet);
    let n = all.len();
    let p = |i: usize| all.iter().filter(|m| m[i]).count() as f64 / n as f64;
    let shot = Pos::new(1, 2);
    let p_shot = p(board.index(shot));
    let strike = power_up(Kind::Strike, Some(&["XX", "XX"]), 1);
    let torpedo = power_up(Kind::Torpedo, None, 1);
    let count = power_up(Kind::Count, Some(&["XXX"]), 1);
    let any = power_up(Kind::Any, Some(&["X", "X"]), 1);
    let reveal = power_up(Kind::Reveal, Some(&["XX"]), 1);
    let arsenal = vec![strike, torpedo, count, any, reveal];
    let choice = choose(Turn::new(&board, &fleet), &arsenal, shot, None, Policy::Best, &mut seeded(5));
    assert_eq!(choice.actions.len(), 5);
    // The strike: the sum of its open cells' probabilities.
    let a = &choice.actions[0];
    let hits: f64 = a.aim.cells.iter().filter(|&&i| board.cells()[i].is_open()).map(|&i| p(i)).sum();
    assert!((a.expected_hits - hits).abs() < 2.0 * TOLERANCE, "strike {} against {hits}", a.expected_hits);
    // The torpedo: the share of layouts in which the first ship cell of its run is open.
    let a = &choice.actions[1];
    let first_open = |m: &Vec<bool>| a.aim.cells.iter().find(|&&i| m[i]).is_some_and(|&i| board.cells()[i].is_open());
    let hits = all.iter().filter(|m| first_open(m)).count() as f64 / n as f64;
    assert!((a.expected_hits - hits).abs() < TOLERANCE, "torpedo {} against {hits}", a.expected_hits);
    // The scans: the entropy of their answers, in turns, less the shot's.
    let shot_bits = entropy([p_shot, 1.0 - p_shot].map(|q| (q * n as f64).round() as usize).into_iter(), n);
    for (k, most) in [(2, usize::MAX), (3, 1)] {
        let a = &choice.actions[k];
        let mut answers = BTreeMap::new();
        for m in &all {
            *answers.entry(a.aim.cells.iter().filter(|&&i| m[i]).count().min(most)).or_insert(0) += 1;
        }
        let value = (entropy(answers.into_values(), n) - shot_bits) / BITS_PER_TURN;
        assert!((a.value - value).abs() < 3.0 * TOLERANCE, "scan {k}: {} against {value}", a.value);
        assert_eq!(a.expected_hits, 0.0);
    }
    // The reveal: the entropy of which of its cells hold a ship.
    let a = &choice.actions[4];
    let mut answers = BTreeMap::new();
    for m in &all {
        *answers.entry(a.aim.cells.iter().map(|&i| m[i]).collect::<Vec<bool>>()).or_insert(0) += 1;
    }
    let value = (entropy(answers.into_values(), n) - shot_bits) / BITS_PER_TURN;
    assert!((a.value - value).abs() < 3.0 * TOLERANCE, "reveal: {} against {value}", a.value);
    // The choice is the best of them, and above the shot.
    let best = choice.actions.iter().map(|a| a.value).fold(f64::MIN, f64::max);
    assert_eq!(choice.action.value, best);
    assert!(best > 0.0);
}

#[test]
fn policies_choose_as_they_say() {
    let board = Board::empty(6, 6);
    let fleet = Fleet::new(&[3, 2], 6).unwrap();
    let shot = Pos::new(2, 2);
    let radar = power_up(Kind::Count, Some(&["XXX", "XXX", "XXX"]), 1);
    let missile = power_up(Kind::Strike, Some(&["XXX", "XXX", "XXX"]), 1);
    let arsenal = vec![radar.clone(), missile];
    let never = choose(Turn::new(&board, &fleet), &arsenal, shot, None, Policy::Never, &mut seeded(1));
    assert_eq!((never.action.power_up, never.action.aim.anchor), (None, shot));
    // Eager takes the first power-up held, aimed where its answer is least certain.
    let eager = choose(Turn::new(&board, &fleet), &arsenal, shot, None, Policy::Eager, &mut seeded(1));
    assert_eq!(eager.action.power_up, Some(0));
    // Best takes the missile: nine cells shot in one turn.
    let best = choose(Turn::new(&board, &fleet), &arsenal, shot, None, Policy::Best, &mut seeded(1));
    assert_eq!(best.action.power_up, Some(1));
    assert_eq!(best.action.aim.cells.len(), 9);
    // A power-up with no use left is not offered.
    let mut spent = vec![radar];
    spent[0].uses = 0;
    let none = choose(Turn::new(&board, &fleet), &spent, shot, None, Policy::Eager, &mut seeded(1));
    assert!(none.actions.is_empty());
    assert_eq!(none.action.power_up, None);
    // Held to a deadline already passed, no power-up is weighed, and the choice says so.
    let late = Turn::new(&board, &fleet).with_deadline(crate::game::deadline::Deadline::at(std::time::Instant::now()));
    let cut = choose(late, &arsenal, shot, None, Policy::Best, &mut seeded(1));
    assert!(cut.cut && cut.actions.is_empty() && cut.action.power_up.is_none());
    assert!(!best.cut);
    // The same draws give the same choice.
    assert_eq!(best, choose(Turn::new(&board, &fleet), &arsenal, shot, None, Policy::Best, &mut seeded(1)));
}
