//! The runs: reproducible whatever the thread count, learning, islands, and bad configs.

use super::*;

/// A small run of `games` games: `density` on 6x6 with ships 3 and 2, from seed 11, shots kept.
fn config(games: usize) -> Config {
    let classic = Config::classic(vec![Player::full(Algorithm::Density)]);
    Config { games, seed: 11, size: BoardSize { rows: 6, cols: 6 }, ships: vec![3, 2], keep_shots: true, ..classic }
}

#[test]
fn same_results_whatever_the_thread_count() {
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let config = Config {
            players: vec![
                Player::full(Algorithm::Density),
                Player::at(Algorithm::Density, Level::new(3).unwrap()),
                Player::at(Algorithm::Random, Level::new(7).unwrap()),
            ],
            placement: Habit::Hard,
            ..config(64)
        };
        pool.install(|| run(&config, &|_| {}).unwrap())
    };
    let (one, three) = (with(1), with(3));
    assert_eq!(one.len(), 3);
    for (a, b) in one.iter().zip(&three) {
        let key =
            |r: &AlgorithmRun| r.games.iter().map(|g| (g.shots, g.sunk_at.clone(), g.log.clone())).collect::<Vec<_>>();
        assert_eq!(key(a), key(b));
    }
}

#[test]
fn games_that_learn_are_the_same_whatever_the_thread_count() {
    let config = Config { placement: Habit::Edge(2.0), learn: 10, ..config(12) };
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let runs = pool.install(|| run(&config, &|_| {}).unwrap());
        runs[0].games.iter().map(|g| (g.shots, g.log.clone())).collect::<Vec<_>>()
    };
    assert_eq!(with(1), with(2));
    // Each game's shooters learn a model of their own, the same every time.
    let (layout, model) = config.layout(3).unwrap();
    assert!(model.as_ref().is_some_and(|m| !m.is_uniform()));
    assert_eq!(config.layout(3).unwrap(), (layout, model));
    assert_ne!(config.layout(4).unwrap().1, config.layout(3).unwrap().1);
}

#[test]
fn games_on_islands_avoid_them_the_same_for_every_player_and_thread_count() {
    let players = vec![Player::full(Algorithm::Density), Player::full(Algorithm::Bayes)];
    let seas = Config { islands: 8, players, ..config(12) };
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| run(&seas, &|_| {}).unwrap())
    };
    let (one, two) = (with(1), with(2));
    for (a, b) in one.iter().zip(&two) {
        assert_eq!(
            a.games.iter().map(|g| &g.log).collect::<Vec<_>>(),
            b.games.iter().map(|g| &g.log).collect::<Vec<_>>()
        );
    }
    for run in &one {
        for g in &run.games {
            let (sea, _) = seas.layout(g.game).unwrap();
            assert_eq!(sea.islands.len(), 8);
            assert!(sea.layout.ships.iter().flat_map(|s| s.cells()).all(|c| !sea.islands.contains(&c)));
            assert!(g.log.iter().all(|(p, _)| !sea.islands.contains(p)), "{} shot an island", run.player.label());
            assert_eq!(g.hits, 5);
        }
    }
    // Without islands a game's fleet is the one drawn before islands existed.
    let plain = config(12);
    let (sea, _) = plain.layout(5).unwrap();
    let fleet = Fleet::new(&plain.ships, 6).unwrap();
    let placement = plain.placement.draw(6, 6, &fleet, plain.rules, &mut rng::stream(plain.seed, 5));
    assert_eq!((sea.layout, sea.islands), (placement.unwrap(), vec![]));
    let crowded = Config { islands: 32, ..config(1) };
    let refused = run(&crowded, &|_| {}).unwrap_err().to_string();
    assert_eq!(refused, "--islands 32: the fleet's 5 cells do not fit the 4 cells left of the sea");
}

#[test]
fn rejects_bad_configs() {
    let hard_oracle = Config { placement: Habit::Hard, oracle: true, ..config(1) };
    assert!(matches!(run(&hard_oracle, &|_| {}), Err(SimError::Learn(LearnError::NoOracle(Habit::Hard)))));
    assert!(matches!(run(&Config { games: 0, ..config(1) }, &|_| {}), Err(SimError::NoGames)));
    let flat = BoardSize { rows: 0, cols: 6 };
    assert!(matches!(run(&Config { size: flat, ..config(1) }, &|_| {}), Err(SimError::BadSize { .. })));
    assert!(matches!(run(&Config { ships: vec![7], ..config(1) }, &|_| {}), Err(SimError::Fleet(_))));
    assert!(matches!(run(&Config { ships: vec![3; 13], ..config(1) }, &|_| {}), Err(SimError::Layout(_))));
}
