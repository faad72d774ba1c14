//! Whole games through `POST /recommend`, by a client that shoots where it is told: every
//! algorithm keeps the contract, and one seed per game (or none) plays the simulator's game.

use crate::helpers::{app, play_game, play_through_api, post_json};
use serde_json::json;
use sonar::Algorithm;
use sonar::http::AppState;

/// Whole games through the API with every algorithm: set SONAR_API_GAMES to play more (the
/// note's 1,000-game figure) and SONAR_API_ALGORITHMS to choose which.
#[actix_web::test]
async fn whole_games_through_the_api_keep_the_contract() {
    let app = app(AppState::new()).await;
    let games: u64 = std::env::var("SONAR_API_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(8);
    let names: Vec<String> = match std::env::var("SONAR_API_ALGORITHMS") {
        Ok(list) => list.split(',').map(str::to_owned).collect(),
        Err(_) => sonar::Algorithm::ALL.iter().map(|a| a.name().to_owned()).collect(),
    };
    for name in names {
        let mut total = 0;
        for g in 0..games {
            let shots = play_through_api(&app, &name, g).await;
            assert!((17..=100).contains(&shots));
            total += shots;
        }
        eprintln!("{name} through the API: {games} games, mean {:.2} shots", total as f64 / games as f64);
    }
}

/// Plays one classic game through the API with `seed` sent on every move (or none), and returns
/// the shots in order.
async fn shots_over_api(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    algorithm: &str,
    layout: sonar::Layout,
    seed: Option<u64>,
) -> Vec<sonar::Pos> {
    let ask = |game: &sonar::Game| {
        let mut request =
            json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(), "algorithm": algorithm});
        if let Some(s) = seed {
            request["seed"] = json!(s);
        }
        request
    };
    play_game(app, sonar::Game::new(layout), ask, |_, _, _, _| {}).await
}

#[actix_web::test]
async fn one_seed_per_game_or_none_plays_the_simulators_coherent_game() {
    use sonar::TieOrder;
    use sonar::{Game, Seat, Weakened, play};
    let app = app(AppState::new()).await;
    let mut orders = std::collections::BTreeSet::new();
    for g in 0..6u64 {
        let layout = sonar::random_layout(10, 10, &[5, 4, 3, 3, 2], &mut sonar::seeded(g)).unwrap();
        for seed in [Some(g * 7919), None] {
            let order = seed.map_or(TieOrder::ROW_MAJOR, TieOrder::from_seed);
            orders.insert(order.symmetry());
            let over_http = shots_over_api(&app, "weighted-density", layout.clone(), seed).await;
            let mut in_process = Vec::new();
            let seat = Seat { order, ..Seat::new(Weakened::full(Algorithm::WeightedDensity)) };
            play(&seat, Game::new(layout.clone()), &mut sonar::seeded(0), |_, p, _| in_process.push(p)).unwrap();
            assert_eq!(over_http, in_process, "game {g}, seed {seed:?}");
        }
    }
    assert!(orders.len() >= 4, "seeds should pick several orders: {orders:?}");
    // Without a seed the empty classic board's answer is the first of the four central cells.
    let (_, a) = post_json(
        &app,
        &json!({"board": vec![".........."; 10], "ships": [5, 4, 3, 3, 2], "algorithm": "weighted-density"}),
    )
    .await;
    assert_eq!((a["shot"]["row"].as_u64(), a["shot"]["col"].as_u64()), (Some(4), Some(4)));
}
