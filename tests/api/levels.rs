//! Strength levels through the whole app: games at every level, the errors, and the committed
//! table of the levels' means (their ordering over paired games is a statistical check, in
//! `tests/statistics/`).

use crate::helpers;
use serde_json::json;
use sonar::Algorithm;
use sonar::Rules;
use sonar::http::AppState;

/// Whole games through `POST /recommend` by a client that shoots where it is told, at every level:
/// every answer keeps the contract (a `.` cell where a ship fits, the level reported) and every
/// game ends. The default algorithm plays the weakest, a middle and the strongest level; density
/// plays all ten; one no-touch salvo game checks that a weakened salvo keeps the rules.
#[actix_web::test]
async fn games_at_every_level_finish_with_a_legal_shot_every_turn() {
    let app = helpers::app(AppState::new()).await;
    let classic = [5, 4, 3, 3, 2];
    for level in 1..=10 {
        let shots = helpers::play_at(&app, "density", Some(level), 100 + level, &classic, Rules::CLASSIC).await;
        assert!((17..=100).contains(&shots), "level {level}: {shots}");
    }
    for level in [1, 6] {
        let shots = helpers::play_at(&app, "bayes", Some(level), 7, &classic, Rules::CLASSIC).await;
        assert!((17..=100).contains(&shots), "bayes level {level}: {shots}");
    }
    let salvo = Rules::new(false, 3).unwrap();
    let shots = helpers::play_at(&app, "weighted-density", Some(2), 9, &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1], salvo).await;
    assert!((20..=100).contains(&shots), "{shots}");
}

#[actix_web::test]
async fn the_same_request_and_seed_give_the_same_answer_and_bad_levels_are_problems() {
    let app = helpers::app(AppState::new()).await;
    let board = helpers::ONE_HIT;
    for algorithm in ["bayes", "density", "random"] {
        for level in [1, 4, 9] {
            let request = json!({"board": board, "ships": [5, 4, 3, 3, 2], "algorithm": algorithm, "level": level, "seed": 11, "candidates": 3});
            let (status, first) = helpers::post_json(&app, &request).await;
            assert_eq!(status, 200, "{first}");
            helpers::check_contract(&request, &first);
            assert_eq!(helpers::post_json(&app, &request).await.1, first);
        }
    }
    for (level, status, kind) in [
        (json!(0), 422, "invalid-level"),
        (json!(11), 422, "invalid-level"),
        (json!(-1), 400, "invalid-request"),
        (json!(2.5), 400, "invalid-request"),
        (json!("5"), 400, "invalid-request"),
    ] {
        let request = json!({"board": board, "ships": [5, 4, 3, 3, 2], "level": level});
        let (got, problem) = helpers::post_json(&app, &request).await;
        assert_eq!(got, status, "{level} -> {problem}");
        assert_eq!(problem["type"], format!("urn:sonar:problem:{kind}"));
        assert_eq!(problem["field"], "level", "{problem}");
    }
}

/// The committed table of the default algorithm's levels: ten levels of 10,000 games, each
/// stronger than the one below over paired games, from about 75 shots to the algorithm's own.
#[test]
fn the_committed_level_table_is_ordered_and_complete() {
    let table = sonar::levels();
    assert_eq!(table.len(), 10);
    for (i, (level, m)) in table.iter().enumerate() {
        assert_eq!(usize::from(level.get()), i + 1);
        assert_eq!(m.games, 10_000);
        if i > 0 {
            let step = m.paired_vs_previous.expect("a paired difference with the level below");
            assert!(step.ci95_high < 0.0, "level {level}: {step:?}");
        }
    }
    let (first, last) = (table[0].1.mean, table[9].1.mean);
    assert!((71.0..=79.0).contains(&first), "level 1: {first}");
    assert_eq!(Some(last), sonar::classic(Algorithm::DEFAULT).map(|m| m.mean), "level 10 is the algorithm itself");
}

/// `GET /algorithms` reports the table under the default algorithm, with the command that made it.
#[actix_web::test]
async fn algorithms_list_the_levels_of_the_default_algorithm() {
    let app = helpers::app(AppState::new()).await;
    let req = actix_web::test::TestRequest::get().uri("/algorithms").to_request();
    let body: serde_json::Value = actix_web::test::call_and_read_body_json(&app, req).await;
    let entries = body.as_array().unwrap();
    for entry in entries {
        let default = entry["default"] == true;
        assert_eq!(entry.get("levels").is_some(), default, "{entry}");
        assert!(entry["measured_by"].as_str().is_some_and(|c| c.contains("--games 10000")), "{entry}");
    }
    let bayes = entries.iter().find(|e| e["default"] == true).unwrap();
    assert_eq!(bayes["levels"]["measured_by"], sonar::LEVELS_COMMAND);
    let table = bayes["levels"]["table"].as_array().unwrap();
    let levels: Vec<u64> = table.iter().map(|r| r["level"].as_u64().unwrap()).collect();
    assert_eq!(levels, (1..=10).collect::<Vec<_>>());
    let means: Vec<f64> = table.iter().map(|r| r["mean_shots"].as_f64().unwrap()).collect();
    assert!(means.windows(2).all(|m| m[0] > m[1]), "{means:?}");
    assert_eq!(bayes["levels"]["table"][9]["mean_shots"], bayes["mean_shots"]);
}

/// Below level 10 every answer says whether its shot is a deliberate mistake: exactly when the
/// grid values it differently from the algorithm's own shot, which the same request at level 10
/// (the same seed, so the same draws for the algorithm's own choice) gets: below it, or above it
/// where `bayes` chose below the grid's top for a reason (its counted moves, in hunt mode on the
/// open board as in target mode). At level 10 the field is absent.
#[actix_web::test]
async fn answers_below_level_ten_say_whether_the_shot_is_a_deliberate_mistake() {
    let app = helpers::app(AppState::new()).await;
    let open: [String; 10] = std::array::from_fn(|_| ".".repeat(10));
    let one_hit = helpers::ONE_HIT.map(str::to_string);
    for (algorithm, board, seeds) in [("density", &one_hit, 40), ("bayes", &one_hit, 12), ("bayes", &open, 12)] {
        let mut mistakes = 0;
        for seed in 0..seeds {
            let ask = |level: u64| json!({"board": board, "ships": [5, 4, 3, 3, 2], "algorithm": algorithm, "level": level, "seed": seed});
            let (status, own) = helpers::post_json(&app, &ask(10)).await;
            assert_eq!(status, 200, "{own}");
            assert!(own.get("mistake").is_none(), "level 10 has no mistake field: {own}");
            let (status, weak) = helpers::post_json(&app, &ask(1)).await;
            assert_eq!(status, 200, "{weak}");
            let mistake = weak["mistake"].as_bool().expect("a level below 10 says whether it erred");
            let value = |answer: &serde_json::Value| {
                let (row, col) = (answer["shot"]["row"].as_u64().unwrap(), answer["shot"]["col"].as_u64().unwrap());
                own["grid"][row as usize][col as usize].as_f64().unwrap()
            };
            assert_eq!(mistake, value(&weak) != value(&own), "{algorithm} seed {seed}: {weak} against {own}");
            assert_eq!(weak["grid"], own["grid"], "the grid stays the algorithm's own");
            mistakes += usize::from(mistake);
        }
        // Level 1 errs on nearly every turn (its weakness is 0.97).
        assert!(mistakes * 8 >= seeds * 5, "{algorithm}: {mistakes} mistakes in {seeds} level-1 answers");
    }
}

/// A client that sends one seed a game, as the docs ask (to keep one tie order), still gets a
/// level's mistakes drawn afresh every turn: each turn's draws come from the seed and the number of
/// cells already shot. `weighted-density` keeps the seed's tie order and draws nothing of its own
/// (nor does `bayes` where it counts exactly), so if every turn drew from the seed's own generator
/// each turn's first draw (whether it errs) would be the same number, and a game would err on
/// every turn or on none: before this was fixed, seed 1 played level 6 with no mistake in 41 turns.
/// At level 6 (a turn errs with chance 0.55) every game of one seed has turns of both kinds.
#[actix_web::test]
async fn one_seed_a_game_still_draws_afresh_every_turn() {
    use sonar::{Game, Rules, random_layout_under, seeded};
    let app = helpers::app(AppState::new()).await;
    for game_seed in [1u64, 2, 3] {
        let layout = random_layout_under(10, 10, &[5, 4, 3, 3, 2], Rules::CLASSIC, &mut seeded(game_seed)).unwrap();
        let ask = |game: &Game| {
            json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(),
                   "algorithm": "weighted-density", "level": 6, "seed": game_seed})
        };
        let mut erred = 0;
        let read =
            |_: &Game, _: &_, answer: &serde_json::Value, _| erred += usize::from(answer["mistake"] == json!(true));
        let turns = helpers::play_game(&app, Game::new(layout), ask, read).await.len();
        assert!(0 < erred && erred < turns, "seed {game_seed}: {erred} mistakes in {turns} turns");
        // About 55% of the turns err, less the few whose pick ties with the algorithm's own.
        assert!(erred * 5 >= turns && erred * 5 <= turns * 4, "seed {game_seed}: {erred} mistakes in {turns} turns");
    }
}
