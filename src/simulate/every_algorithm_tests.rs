//! The checks every strategy shares ([`crate::shooting::strategy::testkit`]) run over every
//! algorithm ([`Algorithm::ALL`]): the contract on many positions, a model of the opponent used or
//! ignored exactly, and whole games through the engine under every rule. They live above the
//! shooting layer, which they import, so that the strategies' own tests do not import the
//! algorithms list back.

use crate::game::layout::random_layout;
use crate::game::referee::Game;
use crate::game::rng::{SonarRng, seeded};
use crate::game::turn::Turn;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Weakened;
use crate::shooting::play::Seat;
use crate::shooting::strategy::testkit::{SHAPES, check_always_open, check_turn, mid_game_positions, random_model};
use crate::simulate::engine::play;

/// With a model of the opponent: the contract holds; an algorithm that says it ignores the model
/// answers exactly as without it, and one that uses it changes its grid on some positions.
pub fn check_model(algorithm: Algorithm, count: usize) {
    let strategy = algorithm.strategy();
    let kind = algorithm.info().grid_kind;
    let mut rng = seeded(24);
    let mut changed = 0;
    for (i, (board, fleet)) in mid_game_positions(13, count).iter().enumerate() {
        let model = random_model(board.rows(), board.cols(), &mut rng);
        let plain = check_turn(strategy, kind, Turn::new(board, fleet), i as u64);
        let with = check_turn(strategy, kind, Turn::new(board, fleet).with_opponent(Some(&model)), i as u64);
        match algorithm.opponent_note() {
            None => assert_eq!(plain, with, "{} ignores the model\n{board}", algorithm.name()),
            Some(_) => changed += usize::from(plain.1 != with.1),
        }
    }
    if algorithm.opponent_note().is_some() {
        assert!(changed * 2 > count, "{}: the model changed {changed} grids of {count}", algorithm.name());
    }
}

/// `games` whole classic games, then one on each of [`SHAPES`], always end with every ship sunk.
pub fn check_games_finish(algorithm: Algorithm, games: usize) {
    let mut rng: SonarRng = seeded(5);
    let seat = Seat::new(Weakened::full(algorithm));
    for _ in 0..games {
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
        let rec = play(&seat, Game::new(layout), &mut rng, |_, _, _| {}).unwrap();
        assert_eq!(rec.hits, 17);
        assert!((17..=100).contains(&rec.shots));
    }
    for &(rows, cols, ships) in SHAPES {
        let layout = random_layout(rows, cols, ships, &mut rng).unwrap();
        let rec = play(&seat, Game::new(layout), &mut rng, |_, _, _| {}).unwrap();
        assert_eq!(rec.hits, ships.iter().sum::<usize>());
    }
}

/// How many positions of each kind, and how many classic games, the shared checks below give
/// an algorithm: fewer to the slow one (`bayes`, whose cost grows with the budget), so that
/// `cargo test` stays quick.
fn effort(algorithm: Algorithm) -> (usize, usize) {
    if algorithm.is_heavy() { (100, 2) } else { (400, 30) }
}

#[test]
fn every_algorithm_always_shoots_an_open_cell() {
    for &algorithm in Algorithm::ALL {
        println!("{}", algorithm.name());
        let (positions, _) = effort(algorithm);
        check_always_open(algorithm.strategy(), algorithm.info().grid_kind, positions);
    }
}

#[test]
fn every_algorithm_finishes_whole_games() {
    for &algorithm in Algorithm::ALL {
        println!("{}", algorithm.name());
        let (_, games) = effort(algorithm);
        check_games_finish(algorithm, games);
    }
}

#[test]
fn every_algorithm_plays_whole_games_under_every_announcement_rule() {
    // Told only what each rule says, every algorithm still sinks the whole fleet within the
    // board, on 6 x 6 boards (the classic board is the engine's test, for bayes).
    let mut rng = seeded(41);
    for &algorithm in Algorithm::ALL {
        for announce in crate::game::announce::Announce::ALL {
            for (touching, salvo) in [(true, 1), (false, 2)] {
                let rules = crate::game::rules::Rules::new(touching, salvo).unwrap().with_announce(announce);
                let layout = crate::game::layout::random_layout_under(6, 6, &[3, 2, 2], rules, &mut rng).unwrap();
                let seat = Seat { rules, ..Seat::new(Weakened::full(algorithm)) };
                let rec = play(&seat, Game::new(layout), &mut rng, |_, _, _| {})
                    .unwrap_or_else(|e| panic!("{} under {announce}: {e}", algorithm.name()));
                assert_eq!(rec.hits, 7, "{} under {announce}", algorithm.name());
                assert!(rec.shots <= 36);
            }
        }
    }
}

#[test]
fn every_algorithm_plays_around_islands() {
    // On seas with islands, every algorithm sinks the whole fleet and never shoots an island (the
    // referee refuses such a shot, which would end the game with an error): classic boards with 8
    // islands, and 6 x 6 ones with 4 under the no-touch rules and salvos of 2.
    use crate::game::layout::{random_islands, random_layout_around};
    use crate::game::rules::Rules;
    let mut rng = seeded(43);
    for &algorithm in Algorithm::ALL {
        let (_, games) = effort(algorithm);
        let cases = [
            (10, 10, &[5, 4, 3, 3, 2][..], 8, Rules::CLASSIC),
            (6, 6, &[3, 2, 2][..], 4, Rules::new(false, 2).unwrap()),
        ];
        for (rows, cols, ships, n, rules) in cases {
            for _ in 0..games.div_ceil(3) {
                let islands = random_islands(rows, cols, n, &mut rng);
                let mut attempts = crate::game::layout::MAX_ATTEMPTS;
                let layout = random_layout_around(rows, cols, ships, rules, &islands, &mut attempts, &mut rng).unwrap();
                let seat = Seat { rules, ..Seat::new(Weakened::full(algorithm)) };
                let rec = play(&seat, Game::with_islands(layout, &islands), &mut rng, |_, p, _| {
                    assert!(!islands.contains(&p), "{} shot the island {p}", algorithm.name());
                })
                .unwrap_or_else(|e| panic!("{} on {rows}x{cols} with islands {islands:?}: {e}", algorithm.name()));
                assert_eq!(rec.hits, ships.iter().sum::<usize>(), "{}", algorithm.name());
                assert!(rec.shots <= rows * cols - n, "{}: {} shots", algorithm.name(), rec.shots);
            }
        }
    }
}

#[test]
fn every_algorithm_uses_a_model_or_ignores_it_exactly() {
    for &algorithm in Algorithm::ALL {
        println!("{}", algorithm.name());
        check_model(algorithm, if algorithm.is_heavy() { 40 } else { 100 });
    }
}

#[test]
fn every_algorithm_answers_boards_a_reveal_wrote_on() {
    // Positions from real games with a few unshot cells revealed (`s` a ship, `o` water), under
    // both rules and salvos of 2: every algorithm shoots open cells (`.` or `s`) and never an `o`;
    // one that reads reveals (bayes) shoots an `s` first and gives each `s` probability 1; one that
    // does not answers exactly as on the board with each `s` a `.`.
    use crate::game::board::{Cell, Pos};
    use crate::game::deadline::Deadline;
    use crate::game::rules::Rules;
    use rand::RngExt;
    let mut rng = seeded(47);
    let mut positions = Vec::new();
    for k in 0..24 {
        let rules = [Rules::CLASSIC, Rules::NO_TOUCH, Rules::new(true, 2).unwrap()][k % 3];
        let layout = crate::game::layout::random_layout_under(8, 8, &[4, 3, 2, 2], rules, &mut rng).unwrap();
        let mut game = Game::new(layout.clone());
        for _ in 0..rng.random_range(0..30) {
            let open: Vec<usize> = (0..64).filter(|&i| game.board().cells()[i] == Cell::Unknown).collect();
            let before = game.clone();
            game.fire(game.board().pos(open[rng.random_range(0..open.len())])).unwrap();
            if game.is_over() {
                game = before;
                break;
            }
        }
        let mut board = game.board().clone();
        let ships: Vec<Pos> = layout.ships.iter().flat_map(|s| s.cells()).collect();
        let unshot: Vec<usize> = (0..64).filter(|&i| board.cells()[i] == Cell::Unknown).collect();
        for i in unshot {
            if rng.random_range(0..8) == 0 {
                let p = board.pos(i);
                board.set(p, if ships.contains(&p) { Cell::Ship } else { Cell::Miss });
            }
        }
        if board.has_reveals() {
            positions.push((board, game.fleet().clone(), rules));
        }
    }
    assert!(positions.len() > 15, "{}", positions.len());
    for &algorithm in Algorithm::ALL {
        for (k, (board, fleet, rules)) in positions.iter().enumerate() {
            let seat = Seat { rules: *rules, ..Seat::new(Weakened::full(algorithm)) };
            let answer = |b| seat.play(b, fleet, None, &mut seeded(k as u64), 3, Deadline::NONE).unwrap();
            let rec = answer(board);
            for p in &rec.shots {
                assert!(board.get(*p).is_open(), "{} shot {p} on\n{board}", algorithm.name());
            }
            if algorithm.reads_observations() {
                assert_eq!(board.get(rec.shot), Cell::Ship, "{} on\n{board}", algorithm.name());
                for i in (0..board.len()).filter(|&i| board.cells()[i] == Cell::Ship) {
                    assert_eq!(rec.grid[i], 1.0, "{} on\n{board}", algorithm.name());
                }
            } else {
                let plain = answer(&board.without_observations());
                assert_eq!((rec.shots, rec.grid), (plain.shots, plain.grid), "{}", algorithm.name());
            }
        }
    }
}
