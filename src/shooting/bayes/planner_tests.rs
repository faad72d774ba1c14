//! The plan's pieces against independent references: the rollout referee against the engine's
//! games, the resampling against its weights, and a plan's report and reproducibility through
//! `bayes` itself.

use super::counted::counted;
use super::draws;
use super::meter::{Meter, sample_draws};
use super::planner::*;
use super::regime::regime;
use super::rollout::{self, Path};
use crate::game::board::Board;
use crate::game::board::Cell;
use crate::game::deadline::Deadline;
use crate::game::fleet::Fleet;
use crate::game::layout::Layout;
use crate::game::layout::{Placement, random_layout_under};
use crate::game::prior::Opponent;
use crate::game::referee::Game;
use crate::game::rng::seeded;
use crate::game::rules::Rules;
use crate::game::tie_order::TieOrder;
use crate::game::turn::{DEFAULT_BUDGET_MS, Turn};
use crate::inference::posterior::importance::Draw;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Weakened;
use crate::shooting::play::Seat;
use crate::shooting::strategy::plan::Source;
use crate::simulate::engine::play;
use rand::RngExt;

/// A game `shots` random shots in, under `rules`, with its referee.
fn game_after(seed: u64, rules: Rules, ships: &[usize], shots: usize) -> Game {
    let mut rng = seeded(seed);
    let mut game = Game::new(random_layout_under(10, 10, ships, rules, &mut rng).unwrap());
    for _ in 0..shots {
        let open: Vec<usize> = (0..100).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
        game.fire(game.board().pos(open[rng.random_range(0..open.len())])).unwrap();
        if game.is_over() {
            break;
        }
    }
    game
}

/// The ships of the game's layout still afloat.
fn afloat(game: &Game) -> Layout {
    let ships: Vec<Placement> =
        game.layout().ships.iter().copied().filter(|p| p.cells().any(|c| game.board().get(c) != Cell::Sunk)).collect();
    Layout { ships, ..game.layout().clone() }
}

#[test]
fn the_rollout_referee_finishes_games_as_the_engine_does() {
    let mut compared = 0;
    for seed in 0..60 {
        let rules = if seed % 3 == 0 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let game = game_after(seed, rules, &[5, 4, 3, 3, 2], (seed as usize * 7) % 60);
        if game.is_over() {
            continue;
        }
        let order = TieOrder::from_seed(seed);
        let seat = Seat { order, rules, ..Seat::new(Weakened::full(Algorithm::WeightedDensity)) };
        let before = game.shots();
        let engine = play(&seat, game.clone(), &mut seeded(0), |_, _, _| {}).unwrap();
        let seen = rules.reveal(game.board());
        let turn = seat.turn(&seen, game.fleet(), None);
        let (mut grid, mut work) = (Vec::new(), 0);
        let ours =
            rollout::finish(Game::from_position(&seen, game.fleet(), &afloat(&game)), turn, &mut grid, &mut work);
        assert_eq!(ours, engine.shots - before, "seed {seed}: {}", game.board());
        assert!(work >= 100 * ours as u64);
        compared += 1;
    }
    assert!(compared > 50);
}

#[test]
fn resampling_keeps_each_draw_in_proportion_to_its_weight() {
    let board = Board::empty(4, 4);
    let fleet = Fleet::new(&[2], 4).unwrap();
    let ship = |col| vec![Placement { len: 2, row: 0, col, horizontal: true }];
    let draws: Vec<(Draw, f64)> = [1.0, 2.0, 3.0, 0.0, 4.0]
        .iter()
        .enumerate()
        .map(|(c, &w)| (Draw { ships: ship(c % 3), weight: w }, w))
        .collect();
    let n = 10_000;
    let out = draws::resampled(&board, &fleet, &draws, n, &mut seeded(3));
    assert_eq!(out.len(), n);
    // Draws 0 and 3 share a placement (weights 1 and 0), as do 1 and 4 (2 and 4): 1, 6 and 3 tenths.
    let share = |col| out.iter().filter(|l| l.ships[0].col == col).count() as f64 / n as f64;
    // Systematic resampling is within one copy of the expected count.
    for (col, want) in [(0, 0.1), (1, 0.6), (2, 0.3)] {
        assert!((share(col) - want).abs() <= 1.0 / n as f64 + 1e-12, "{col}: {}", share(col));
    }
    assert!(draws::resampled(&board, &fleet, &[], n, &mut seeded(3)).is_empty());
}

#[test]
fn a_plan_reports_its_candidates_and_replays_with_its_seed() {
    for (seed, shots) in [(1, 0), (2, 25), (3, 40), (4, 55)] {
        let game = game_after(seed, Rules::CLASSIC, &[5, 4, 3, 3, 2], shots);
        if game.is_over() {
            continue;
        }
        let turn = game.turn().with_budget(40).with_order(TieOrder::from_seed(seed));
        let decide = || {
            let mut grid = vec![0.0; 100];
            let d = Algorithm::Bayes.strategy().decide(turn, &mut seeded(seed), &mut grid).unwrap();
            (d, grid)
        };
        let (d, grid) = decide();
        assert_eq!((d.clone(), grid.clone()), decide(), "the same seed, the same plan");
        let plan = d.plan.clone().expect("a budget above the default plans");
        assert!(plan.layouts >= 2 && plan.layouts <= Meter::new(40, Deadline::NONE).most_layouts(), "{}", plan.layouts);
        let likeliest = turn.order.best(game.board(), &grid, |i| game.board().cells()[i] == Cell::Unknown).unwrap();
        // The first candidate is the default budget's shot: the counted move, or the likeliest.
        let default = counted(turn, &grid).map_or(likeliest, |(cell, _)| cell);
        assert_eq!(plan.lines[0].cell, default);
        assert!(plan.lines.len() <= CANDIDATES && plan.lines.len() >= 2);
        assert!(plan.lines[1..].windows(2).all(|w| w[0].probability >= w[1].probability));
        for line in &plan.lines {
            assert_eq!(line.probability, grid[game.board().index(line.cell)]);
            assert!(line.mean_shots >= 1.0 && line.std_error >= 0.0 && line.paired_std_error >= 0.0, "{line:?}");
        }
        let chosen = &plan.lines[plan.chosen];
        assert_eq!(d.shot, chosen.cell);
        assert!(chosen.mean_shots <= plan.lines[0].mean_shots);
        if plan.chosen != 0 && plan.source != Source::Every {
            let gain = plan.lines[0].mean_shots - chosen.mean_shots;
            assert!(gain > Z * chosen.paired_std_error && plan.layouts >= MIN_LAYOUTS, "{plan:?}");
        }
        assert_eq!(d.why.is_some(), chosen.probability < grid[game.board().index(likeliest)]);
    }
}

#[test]
fn no_plan_at_the_default_budget_nor_where_rollouts_cannot_play_the_game() {
    let game = game_after(9, Rules::CLASSIC, &[5, 4, 3, 3, 2], 30);
    let bayes = Algorithm::Bayes.strategy();
    let decide = |turn: Turn<'_>| bayes.decide(turn, &mut seeded(1), &mut [0.0; 100]).unwrap();
    assert!(decide(game.turn()).plan.is_none(), "the default budget plays greedy");
    let thinking = game.turn().with_budget(100);
    assert!(decide(thinking).plan.is_some());
    let salvo = Rules::new(true, 3).unwrap();
    let none = Rules::CLASSIC.with_announce(crate::game::announce::Announce::None);
    for rules in [salvo, none] {
        assert!(!regime(thinking.with_rules(rules)).plans);
        assert!(decide(thinking.with_rules(rules)).plan.is_none());
    }
    let habit = Opponent::new(
        10,
        10,
        &vec![vec![2.0; 10]; 10]
            .into_iter()
            .enumerate()
            .map(|(r, mut row)| {
                row[0] = r as f64 + 1.0;
                row
            })
            .collect::<Vec<_>>(),
        1.0,
    )
    .unwrap();
    assert!(!habit.is_uniform());
    assert!(decide(thinking.with_opponent(Some(&habit))).plan.is_none());
}

#[test]
fn a_budget_that_cannot_pay_for_two_layouts_plans_nothing() {
    let board = Board::empty(26, 26);
    let fleet = Fleet::new(&[5, 5, 4, 4, 3, 3, 3, 2, 2, 1], 26).unwrap();
    let turn = Turn::new(&board, &fleet).with_budget(11);
    assert!(regime(turn).plans);
    let d = Algorithm::Bayes.strategy().decide(turn, &mut seeded(1), &mut vec![0.0; board.len()]).unwrap();
    // It plays the default budget's shot (here the hunting move, which says why), not a planned one.
    assert!(d.plan.is_none() && d.why.as_deref() != Some(planned_why().as_str()), "{:?} {:?}", d.plan, d.why);
    // The allowance check on its own: a layout's rollouts on the classic board need more than 1 unit.
    let classic = Board::empty(10, 10);
    let five = Fleet::classic();
    let turn = Turn::new(&classic, &five);
    let layout = random_layout_under(10, 10, &[5, 4, 3, 3, 2], Rules::CLASSIC, &mut seeded(2)).unwrap();
    let layouts = vec![layout.clone(), layout];
    let marginals = vec![0.17; 100];
    let cells: Vec<usize> = (40..40 + CANDIDATES).collect();
    assert!(improve(turn, &marginals, &cells, &layouts, Source::Exact, 1).is_none());
    assert!(improve(turn, &marginals, &cells, &layouts, Source::Exact, u64::MAX).is_some());
}

#[test]
fn rollouts_that_meet_take_the_total_a_whole_rollout_gives() {
    // Plans stop a candidate's rollout where it has fired the cells an earlier one had; every
    // mean and error must be what playing each rollout out whole gives.
    let mut met = 0;
    for seed in 0..24u64 {
        let rules = if seed % 3 == 0 { Rules::NO_TOUCH } else { Rules::CLASSIC };
        let ships: &[usize] = if seed % 3 == 0 { &[4, 3, 3, 2, 2] } else { &[5, 4, 3, 3, 2] };
        let game = game_after(seed, rules, ships, (seed as usize * 5) % 45);
        if game.is_over() {
            continue;
        }
        let fleet = game.fleet().clone();
        let seen = rules.reveal(game.board());
        let turn = Turn::new(&seen, &fleet).with_rules(rules).with_order(TieOrder::from_seed(seed));
        let tables = crate::inference::posterior::ExactTables::build(&seen, &fleet, rules, u64::MAX).unwrap();
        let mut rng = seeded(seed);
        let layouts: Vec<Layout> = (0..20).map(|_| tables.sample_layout(&mut rng)).collect();
        let marginals = vec![0.5; seen.len()];
        let open: Vec<usize> = (0..seen.len()).filter(|&i| seen.cells()[i] == Cell::Unknown).collect();
        // Neighbouring and far cells, in a seeded order.
        let cells: Vec<usize> = (0..CANDIDATES).map(|k| open[(k * 7 + seed as usize) % open.len()]).collect();
        let plan = improve(turn, &marginals, &cells, &layouts, Source::Exact, u64::MAX).unwrap();
        assert_eq!(plan.layouts, layouts.len());
        let (mut grid, mut work) = (Vec::new(), 0);
        let whole: Vec<Vec<f64>> = layouts
            .iter()
            .map(|l| {
                let start = Game::from_position(&seen, &fleet, l);
                cells
                    .iter()
                    .map(|&c| {
                        let mut s = start.clone();
                        s.fire(seen.pos(c)).unwrap();
                        (1 + rollout::finish(s, turn, &mut grid, &mut work)) as f64
                    })
                    .collect()
            })
            .collect();
        let n = layouts.len() as f64;
        for (k, line) in plan.lines.iter().enumerate() {
            let mean = whole.iter().map(|r| r[k]).sum::<f64>() / n;
            assert!(
                (line.mean_shots - mean).abs() < 1e-9,
                "seed {seed} candidate {k}: {} against {mean}",
                line.mean_shots
            );
            let d: Vec<f64> = whole.iter().map(|r| r[k] - r[0]).collect();
            let m = d.iter().sum::<f64>() / n;
            let se = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt();
            assert!((line.paired_std_error - if k == 0 { 0.0 } else { se }).abs() < 1e-9, "seed {seed} candidate {k}");
        }
        met += 1;
    }
    assert!(met > 15, "positions compared: {met}");
}

#[test]
fn a_path_meets_another_that_fired_the_same_cells_in_as_many_shots() {
    let path = |cells: &[usize], total| {
        let mut p = Path::default();
        cells.iter().for_each(|&c| p.push(c));
        p.total = total;
        p
    };
    let earlier = path(&[3, 7, 9, 12, 40], 30);
    assert_eq!(path(&[7, 3], 0).meets(&earlier), Some(30));
    assert_eq!(path(&[9, 3, 7], 0).meets(&earlier), Some(30));
    assert_eq!(path(&[7, 4], 0).meets(&earlier), None);
    assert_eq!(path(&[3], 0).meets(&earlier), Some(30));
    // Not after a different number of shots, nor past the other's end.
    assert_eq!(path(&[3, 7, 9], 0).meets(&path(&[3, 7], 12)), None);
    assert_eq!(path(&[3, 7, 9, 12, 40, 41], 0).meets(&earlier), None);
}

#[test]
fn an_opening_plan_resamples_at_most_half_its_pool_whatever_the_budget() {
    let game = game_after(6, Rules::CLASSIC, &[5, 4, 3, 3, 2], 2);
    let pool = sample_draws(game.board(), game.fleet(), DEFAULT_BUDGET_MS) as usize;
    let most = |budget| Meter::new(budget, Deadline::NONE).most_layouts();
    assert_eq!(most_resampled(most(1_000), pool), pool / 2);
    assert_eq!(most_resampled(most(10), pool), most(10), "below half the pool of {pool} the budget's bound holds");
    let turn = game.turn().with_budget(1_000);
    let plan = Algorithm::Bayes.strategy().decide(turn, &mut seeded(6), &mut vec![0.0; 100]).unwrap().plan.unwrap();
    assert_eq!(plan.source, Source::Resampled);
    // Past the cap the budget would have paid for more: the 1,000 ms plans played about 7,400.
    assert!(plan.layouts <= pool / 2 && plan.layouts * 3 >= pool, "{} layouts from {pool} draws", plan.layouts);
}

#[test]
fn a_plan_drawing_from_the_tables_pays_for_its_draws_and_draws_what_it_plays() {
    let game = game_after(5, Rules::CLASSIC, &[5, 4, 3, 3, 2], 25);
    let fleet = game.fleet().clone();
    let turn = Turn::new(game.board(), &fleet);
    let tables =
        crate::inference::posterior::ExactTables::build(game.board(), &fleet, Rules::CLASSIC, u64::MAX).unwrap();
    // The same draws, listed beforehand or drawn as the plan plays them.
    let listed: Vec<Layout> = {
        let mut rng = seeded(9);
        (0..400).map(|_| tables.sample_layout(&mut rng)).collect()
    };
    let marginals = vec![0.5; game.board().len()];
    let open: Vec<usize> = (0..game.board().len()).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
    let cells: Vec<usize> = open.iter().copied().take(CANDIDATES).collect();
    let whole = improve(turn, &marginals, &cells, &listed, Source::Exact, u64::MAX).unwrap();
    let mut rng = seeded(9);
    let drawn = draws::Layouts::Drawn { tables: &tables, most: listed.len(), rng: &mut rng };
    let same = improve(turn, &marginals, &cells, drawn, Source::Exact, u64::MAX).unwrap();
    assert_eq!(same, whole, "drawn as played, the plan is the listed one");
    // An allowance that lists a hundred layouts' rollouts pays for fewer once the draws cost.
    let allowance = 100 * draws::draw_units(&tables) * 4;
    let listed_plan = improve(turn, &marginals, &cells, &listed, Source::Exact, allowance).unwrap();
    let mut rng = seeded(9);
    let drawn = draws::Layouts::Drawn { tables: &tables, most: listed.len(), rng: &mut rng };
    let drawn_plan = improve(turn, &marginals, &cells, drawn, Source::Exact, allowance).unwrap();
    assert!(drawn_plan.layouts < listed_plan.layouts, "{} vs {}", drawn_plan.layouts, listed_plan.layouts);
    assert!(drawn_plan.layouts >= 2);
}
