//! Thinking time through `POST /recommend`: `bayes` with a `budget_ms` above the default plans
//! ahead and says what it found (`plan`), and plays greedy where the rollouts cannot play the game.

use crate::helpers::{app, check_contract, play_game, post_json};
use serde_json::{Value, json};
use sonar::http::AppState;
use sonar::{Game, random_layout, seeded};

/// The service these tests drive: the debug build plans at a small fraction of the release
/// build's speed, so a busy machine may take seconds a move; the compute deadline waits for it.
fn patient() -> AppState {
    AppState::with_limits(64, std::time::Duration::from_secs(120))
}

/// Game `g` on a 6x6 board with three ships.
fn six_by_six(g: u64) -> Game {
    Game::new(random_layout(6, 6, &[3, 3, 2], &mut seeded(g)).unwrap())
}

/// The turn's request: `bayes` at 30 ms, one seed a game.
fn at_30_ms(game: &Game, g: u64) -> Value {
    json!({"board": game.board().to_rows(), "ships": game.fleet().lengths(), "algorithm": "bayes", "budget_ms": 30, "seed": g})
}

/// Whole games on a 6x6 board with three ships at 30 ms a move, by a client that shoots where it is
/// told: every answer keeps the contract (the plan's promises included), every move with a choice
/// plans, and some plan leaves the grid's most likely cell.
#[actix_web::test]
async fn whole_games_with_thinking_time_plan_every_move_and_keep_the_contract() {
    let app = app(patient()).await;
    let (mut moves, mut off_greedy, mut sources) = (0, 0, std::collections::BTreeSet::new());
    for g in 0..4u64 {
        let read = |_: &Game, _: &Value, answer: &Value, _| {
            let plan = &answer["plan"];
            // Nothing to plan where one layout is left, or one cell may hold a ship.
            let grid = answer["grid"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap().clone());
            let choice = grid.filter(|v| v.as_f64().unwrap() > 0.0).count() > 1 && answer["layouts"] != "1";
            assert_eq!(plan.is_object(), choice, "a move with a choice plans: {answer}");
            off_greedy += usize::from(plan["chosen"].as_u64().is_some_and(|k| k > 0));
            sources.insert(plan["layouts_from"].as_str().unwrap_or("none").to_owned());
            moves += 1;
        };
        play_game(&app, six_by_six(g), |game| at_30_ms(game, g), read).await;
    }
    assert!(off_greedy > 0, "{moves} moves, none off the grid's best");
    assert!(sources.contains("every") && sources.contains("exact"), "{sources:?}");
}

/// The production path in-process: the served policy (the wall clock holds the work, a planning
/// request the pool cannot start in time is refused). One client playing whole games at 30 ms a
/// move, each request as soon as the last answer came, is never refused, however fast the build:
/// nothing else is queued. Every answer keeps the contract and says what it computed: a budget
/// between the default and the one asked for, cut short or not.
#[actix_web::test]
async fn a_lone_client_under_the_served_policy_is_never_refused() {
    use sonar::http::BudgetPolicy;
    let app = app(AppState { budgets: BudgetPolicy::SERVED, ..patient() }).await;
    for g in 0..2u64 {
        // A refusal would be a status other than 200, which play_game refuses.
        let read = |_: &Game, _: &Value, answer: &Value, _| {
            if let Some(compute) = answer.get("compute") {
                assert_eq!(compute["asked_ms"], 30, "{answer}");
                let budget = compute["budget_ms"].as_u64().unwrap();
                assert!((10..=30).contains(&budget), "{answer}");
                assert!(compute["cut_short"].is_boolean(), "{answer}");
            }
        };
        play_game(&app, six_by_six(g), |game| at_30_ms(game, g), read).await;
    }
}

/// The same board at the default budget, under salvos and under an announcement rule the rollouts
/// do not play: no plan, the greedy shot.
#[actix_web::test]
async fn no_plan_at_the_default_budget_nor_under_salvos() {
    let app = app(patient()).await;
    let board = json!(["......", "..x...", "......", "...o..", "......", "......"]);
    let ask = |extra: Value| {
        let mut request = json!({"board": board, "ships": [3, 3, 2], "algorithm": "bayes", "seed": 3});
        request.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        request
    };
    let (_, planned) = post_json(&app, &ask(json!({"budget_ms": 40}))).await;
    assert!(planned["plan"]["candidates"].as_array().is_some_and(|c| c.len() >= 2), "{planned}");
    for extra in [json!({}), json!({"budget_ms": 40, "rules": {"salvo": 2}})] {
        let request = ask(extra);
        let (status, answer) = post_json(&app, &request).await;
        assert_eq!(status, 200, "{answer}");
        check_contract(&request, &answer);
        assert!(answer.get("plan").is_none() && answer.get("why").is_none(), "{request} -> {answer}");
    }
}
