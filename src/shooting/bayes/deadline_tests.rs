//! `bayes` held to a deadline: far off, it answers as without one; passed, it stops where it is and
//! says so, with a shot still on an open cell.

use std::time::Duration;

use rand::RngExt;

use super::Bayes;
use super::planner::improve;
use crate::game::board::Cell;
use crate::game::deadline::{Deadline, Work};
use crate::game::layout::random_layout;
use crate::game::referee::Game;
use crate::game::rng::seeded;
use crate::game::turn::Turn;
use crate::shooting::strategy::plan::Source;
use crate::shooting::strategy::{Cut, Decision, Strategy};

/// Classic games `shots` random shots in, from `seed`.
fn games(seeds: std::ops::Range<u64>, shots: usize) -> Vec<Game> {
    seeds
        .map(|seed| {
            let mut rng = seeded(seed);
            let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap());
            for _ in 0..shots {
                let open: Vec<usize> = (0..100).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
                game.fire(game.board().pos(open[rng.random_range(0..open.len())])).unwrap();
            }
            game
        })
        .filter(|g| !g.is_over())
        .collect()
}

fn decide(game: &Game, budget_ms: u64, deadline: Deadline, seed: u64) -> Decision {
    let turn = Turn::new(game.board(), game.fleet()).with_budget(budget_ms).with_deadline(deadline);
    Bayes.decide(turn, &mut seeded(seed), &mut [0.0; 100]).unwrap()
}

#[test]
fn a_deadline_far_off_changes_nothing() {
    let far = Deadline::after(Duration::from_secs(3600));
    for (seed, game) in games(0..6, 15).iter().enumerate() {
        for budget in [10, 40] {
            assert_eq!(decide(game, budget, far, seed as u64), decide(game, budget, Deadline::NONE, seed as u64));
        }
    }
}

#[test]
fn a_passed_deadline_answers_at_once_with_the_count_and_says_so() {
    // Boards past the committed opening tables: counting stops at its first frontier, sampling
    // after its first draws, and the answer rests on the ships' placement count.
    for (seed, game) in games(10..16, 12).iter().enumerate() {
        for budget in [10, 100] {
            let d = decide(game, budget, Deadline::at(std::time::Instant::now()), seed as u64);
            assert_eq!(game.board().get(d.shot), Cell::Unknown);
            assert!(matches!(d.cut, Some(Cut::Counting | Cut::Sampling)), "{:?} at {budget} ms", d.cut);
            assert!(d.plan.is_none(), "no time was left to plan");
        }
    }
}

#[test]
fn rollouts_stop_at_a_passed_deadline() {
    let game = &games(20..21, 30)[0];
    let turn = Turn::new(game.board(), game.fleet()).with_budget(100);
    let d = decide(game, 100, Deadline::NONE, 1);
    let plan = d.plan.expect("a plan without a deadline");
    let cells: Vec<usize> = plan.lines.iter().map(|l| game.board().index(l.cell)).collect();
    let marginals = vec![0.5; 100];
    let layouts = vec![game.layout().clone(); 4];
    let whole = improve(turn, &marginals, &cells, &layouts, Source::Exact, u64::MAX).unwrap();
    assert!(!whole.cut_short && whole.layouts == 4);
    let passed = Work::from(u64::MAX).until(Deadline::at(std::time::Instant::now()));
    assert_eq!(improve(turn, &marginals, &cells, &layouts, Source::Exact, passed), None);
}
