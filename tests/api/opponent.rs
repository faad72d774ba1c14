//! The opponent's habits: `POST /opponent` fits a model from past fleets, `POST /recommend` takes
//! past fleets or a model as `opponent` and echoes the model it used, `GET /algorithms` says which
//! algorithms use it. Hostile inputs each get their 4xx naming the field, row and column.

use actix_web::dev::{Service, ServiceResponse};
use actix_web::test;
use serde_json::{Value, json};
use sonar::http::{AppState, MAX_BODY_BYTES};

use crate::helpers::{app, check_contract, play_game, post_json, post_json_to};

/// Three fleets of ships 3, 2, 2 on a 6x6 board, apart from each other.
fn fleets() -> Value {
    json!([
        ["AAA...", "......", "B....C", "B....C", "......", "......"],
        ["A.....", "A.....", "A....B", ".....B", "......", "CC...."],
        ["......", "B.....", "B.....", "......", "C.....", "C..AAA"]
    ])
}

fn fit_request() -> Value {
    json!({"rows": 6, "cols": 6, "ships": [3, 2, 2], "rules": {"touching": false}, "fleets": fleets()})
}

fn recommend_request(opponent: Value) -> Value {
    json!({"board": vec!["......"; 6], "ships": [3, 2, 2], "algorithm": "density", "seed": 3, "opponent": opponent})
}

/// Requires a problem of `status` naming `field` (and `row`, `col` when given).
fn assert_problem(answer: &(u16, Value), status: u16, field: &str, row: Option<u64>, col: Option<u64>) {
    let (got, body) = answer;
    assert_eq!(*got, status, "{body}");
    assert_eq!(body["field"], field, "{body}");
    assert_eq!(body["row"].as_u64(), row, "{body}");
    assert_eq!(body["col"].as_u64(), col, "{body}");
    assert!(body["detail"].as_str().unwrap().starts_with(field.split('.').next().unwrap()), "{body}");
}

async fn algorithms(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
) -> Vec<Value> {
    let res = test::call_service(app, test::TestRequest::get().uri("/algorithms").to_request()).await;
    let list: Value = test::read_body_json(res).await;
    list.as_array().unwrap().clone()
}

#[actix_web::test]
async fn every_algorithm_says_whether_it_uses_the_model() {
    let app = app(AppState::new()).await;
    let list = algorithms(&app).await;
    assert_eq!(list.len(), sonar::Algorithm::ALL.len());
    for entry in list {
        let note = entry.get("opponent").unwrap_or_else(|| panic!("no `opponent` in {entry}"));
        assert!(note.is_null() || note.as_str().is_some_and(|s| !s.is_empty()), "{entry}");
    }
}

#[actix_web::test]
async fn a_fit_is_a_model_of_the_boards_shape_and_the_recommendation_echoes_it() {
    let app = app(AppState::new()).await;
    let (status, fitted) = post_json_to(&app, "/opponent", &fit_request()).await;
    assert_eq!(status, 200, "{fitted}");
    assert_eq!(fitted["games"], 3);
    let cells = fitted["model"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 6);
    for row in cells {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 6);
        assert!(row.iter().all(|w| w.as_f64().is_some_and(|w| w > 0.0 && w <= 1.0)), "{fitted}");
    }
    let touching = fitted["model"]["touching"].as_f64().unwrap();
    assert!((0.0..=100.0).contains(&touching));
    let across = fitted["model"]["across"].as_f64().unwrap();
    assert!((1e-6..=1e6).contains(&across), "{fitted}");
    for key in [
        "edge_share",
        "touching_share",
        "across_share",
        "uniform_edge_share",
        "uniform_touching_share",
        "uniform_across_share",
    ] {
        assert!(fitted["summary"][key].as_f64().is_some_and(|v| (0.0..=1.0).contains(&v)), "{key}: {fitted}");
    }

    // The same fleets sent with a turn (under the same rules) are fitted to the same model.
    let mut request = recommend_request(json!({"fleets": fleets()}));
    request["rules"] = json!({"touching": false});
    let (status, by_fleets) = post_json(&app, &request).await;
    assert_eq!(status, 200, "{by_fleets}");
    check_contract(&request, &by_fleets);
    assert_eq!(by_fleets["opponent"], json!({"model": fitted["model"], "games": 3}));

    // Sending the model back gives the same recommendation, the model echoed without `games`.
    request["opponent"] = json!({"model": fitted["model"]});
    let (status, by_model) = post_json(&app, &request).await;
    assert_eq!(status, 200, "{by_model}");
    assert_eq!(by_model["opponent"], json!({"model": fitted["model"]}));
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("opponent");
        v
    };
    assert_eq!(strip(by_model), strip(by_fleets));

    // No `opponent`, no echo; a model is scaled to a largest weight of 1 and echoed.
    request.as_object_mut().unwrap().remove("opponent");
    let (_, plain) = post_json(&app, &request).await;
    assert!(plain.get("opponent").is_none(), "{plain}");
    request["opponent"] = json!({"model": {"cells": vec![vec![4.0; 6]; 6], "touching": 1}});
    let (status, uniform) = post_json(&app, &request).await;
    assert_eq!(status, 200, "{uniform}");
    // A model without `across` (stored before it existed) means 1.
    assert_eq!(uniform["opponent"], json!({"model": {"cells": vec![vec![1.0; 6]; 6], "touching": 1.0, "across": 1.0}}));
    // No past fleets: the uniform model, fitted from none.
    request["opponent"] = json!({"fleets": []});
    let (status, none) = post_json(&app, &request).await;
    assert_eq!(status, 200, "{none}");
    assert_eq!(none["opponent"]["games"], 0);
    let mut empty = fit_request();
    empty["fleets"] = json!([]);
    let (status, fitted) = post_json_to(&app, "/opponent", &empty).await;
    assert_eq!((status, &fitted["games"]), (200, &json!(0)), "{fitted}");
}

#[actix_web::test]
async fn hostile_fleets_get_a_422_naming_the_fleet_row_and_column() {
    let app = app(AppState::new()).await;
    // (fleet 1 replaced by, the field after `fleets`, row, col)
    let bad: [(Value, &str, Option<u64>, Option<u64>); 7] = [
        (json!(vec!["......"; 5]), "fleets[1]", None, None),
        (json!(["A.....", "A.....", "A....B", ".....B", "......", "CC....."]), "fleets[1]", Some(5), None),
        (json!(["A.....", "A.....", "A....B", ".....B", "......", "CC..#."]), "fleets[1]", Some(5), Some(4)),
        (json!(["A.....", "AA....", ".....B", ".....B", "......", "CC...."]), "fleets[1]", Some(1), Some(1)),
        (json!(["A.....", "......", "A....B", ".....B", "A.....", "CC...."]), "fleets[1]", Some(2), Some(0)),
        (json!(["AAAA..", "......", ".....B", ".....B", "......", "CC...."]), "fleets[1]", None, None),
        // B at F3 touches C at E4 by a corner: the pair's first cell in reading order is named.
        (json!(["A.....", "A.....", "A....B", "....CB", "....C.", "......"]), "fleets[1]", Some(2), Some(5)),
    ];
    for (fleet, field, row, col) in bad {
        let mut fit = fit_request();
        fit["fleets"][1] = fleet.clone();
        assert_problem(&post_json_to(&app, "/opponent", &fit).await, 422, field, row, col);
        let mut turn = recommend_request(json!({"fleets": fit["fleets"]}));
        turn["rules"] = json!({"touching": false});
        let answer = post_json(&app, &turn).await;
        assert_problem(&answer, 422, &format!("opponent.{field}"), row, col);
        assert_eq!(answer.1["type"], "urn:sonar:problem:invalid-opponent");
    }
    // Ships that touch are any player's right under the classic rules.
    let mut touching = fit_request();
    touching["fleets"][1] = json!(["A.....", "A.....", "A....B", "....CB", "....C.", "......"]);
    touching["rules"] = json!({"touching": true});
    assert_eq!(post_json_to(&app, "/opponent", &touching).await.0, 200);
    // Another starting fleet than the request's ships.
    let mut other = fit_request();
    other["ships"] = json!([3, 3, 2]);
    let answer = post_json_to(&app, "/opponent", &other).await;
    assert_problem(&answer, 422, "fleets[0]", None, None);
    assert!(answer.1["detail"].as_str().unwrap().contains("missing 3, extra 2"), "{}", answer.1);
}

#[actix_web::test]
async fn the_fleets_must_be_of_the_positions_game() {
    let app = app(AppState::new()).await;
    // The ships afloat must be among the fleets' ships.
    let mut request = recommend_request(json!({"fleets": fleets()}));
    request["ships"] = json!([4, 2]);
    assert_problem(&post_json(&app, &request).await, 422, "opponent.fleets", None, None);
    // The sunk cells and the ships afloat must make up the starting fleet.
    request["ships"] = json!([3, 2]);
    assert_problem(&post_json(&app, &request).await, 422, "opponent.fleets", None, None);
    request["board"] = json!(["##....", "......", "......", "......", "......", "......"]);
    assert_eq!(post_json(&app, &request).await.0, 200);
    // Fleets of another board size.
    request["board"] = json!(["##.....", "......."]);
    assert_problem(&post_json(&app, &request).await, 422, "opponent.fleets[0]", None, None);
}

#[actix_web::test]
async fn hostile_models_and_opponent_objects_are_refused() {
    let app = app(AppState::new()).await;
    let model =
        |cells: Value, touching: Value| recommend_request(json!({"model": {"cells": cells, "touching": touching}}));
    let mut cells = vec![vec![json!(1.0); 6]; 6];
    cells[2][4] = json!(0);
    assert_problem(
        &post_json(&app, &model(json!(cells), json!(1))).await,
        422,
        "opponent.model.cells",
        Some(2),
        Some(4),
    );
    cells[2][4] = json!(-1.5);
    assert_problem(
        &post_json(&app, &model(json!(cells), json!(1))).await,
        422,
        "opponent.model.cells",
        Some(2),
        Some(4),
    );
    cells[2][4] = json!(1e-9);
    assert_problem(
        &post_json(&app, &model(json!(cells), json!(1))).await,
        422,
        "opponent.model.cells",
        Some(2),
        Some(4),
    );
    cells[2][4] = json!(1.0);
    cells[3].pop();
    assert_problem(&post_json(&app, &model(json!(cells), json!(1))).await, 422, "opponent.model.cells", Some(3), None);
    cells.remove(3);
    assert_problem(&post_json(&app, &model(json!(cells), json!(1))).await, 422, "opponent.model.cells", None, None);
    let six = json!(vec![vec![1.0; 6]; 6]);
    for t in [json!(-0.5), json!(101)] {
        assert_problem(&post_json(&app, &model(six.clone(), t)).await, 422, "opponent.model.touching", None, None);
    }
    for d in [json!(0), json!(-2), json!(2e6), json!(1e-7)] {
        let request = recommend_request(json!({"model": {"cells": six, "touching": 1, "across": d}}));
        assert_problem(&post_json(&app, &request).await, 422, "opponent.model.across", None, None);
    }
    for d in [json!("4"), json!(null), json!([4])] {
        let request = recommend_request(json!({"model": {"cells": six, "touching": 1, "across": d}}));
        let (status, body) = post_json(&app, &request).await;
        assert_eq!((status, &body["field"]), (400, &json!("opponent")), "{body}");
    }
    // A weight past any double is not a number JSON can carry to the service.
    let text =
        recommend_request(json!(null)).to_string().replace("null", r#"{"model": {"cells": [[1e999]], "touching": 1}}"#);
    assert_eq!(crate::helpers::post_text(&app, text).await.0, 400);

    let both = recommend_request(json!({"fleets": fleets(), "model": {"cells": six, "touching": 1}}));
    let answer = post_json(&app, &both).await;
    assert_problem(&answer, 422, "opponent", None, None);
    assert!(answer.1["detail"].as_str().unwrap().contains("got both"), "{}", answer.1);
    let neither = post_json(&app, &recommend_request(json!({}))).await;
    assert_problem(&neither, 422, "opponent", None, None);
    for shape in [json!([fleets()]), json!("fleets"), json!({"fleet": []}), json!({"model": [six, 1]})] {
        let (status, body) = post_json(&app, &recommend_request(shape)).await;
        assert_eq!((status, &body["field"]), (400, &json!("opponent")), "{body}");
    }
    // A model that never lets ships touch refuses a board only touching ships explain.
    let mut apart = recommend_request(json!({"model": {"cells": vec![vec![1.0; 6]; 6], "touching": 0}}));
    apart["board"] = json!(["#x....", "......", "......", "......", "......", "......"]);
    apart["ships"] = json!([2]);
    let (status, body) = post_json(&app, &apart).await;
    assert_eq!((status, &body["field"]), (422, &json!("opponent")), "{body}");
}

#[actix_web::test]
async fn two_hundred_fleets_fit_the_body_limit_and_one_more_is_refused() {
    let app = app(crate::helpers::patient()).await;
    let fleet = json!([
        "AAAAA.....",
        "..........",
        "BBBB......",
        "..........",
        "CCC.......",
        "..........",
        "DDD.......",
        "..........",
        "EE........",
        ".........."
    ]);
    let mut request = json!({"ships": [5, 4, 3, 3, 2], "fleets": vec![fleet.clone(); 200]});
    assert!(request.to_string().len() <= MAX_BODY_BYTES, "200 classic fleets fit the body limit");
    let (status, body) = post_json_to(&app, "/opponent", &request).await;
    assert_eq!((status, &body["games"]), (200, &json!(200)), "{body}");
    request["fleets"] = json!(vec![fleet; 201]);
    assert_problem(&post_json_to(&app, "/opponent", &request).await, 422, "fleets", None, None);
    // 400 fleets of the largest board do not fit 256 KiB: a 413, as any body past the limit, before
    // their number is read.
    let big = json!(vec![vec!["A".repeat(26); 26]; 400]);
    let request = json!({"rows": 26, "cols": 26, "ships": vec![26; 26], "fleets": big});
    assert!(request.to_string().len() > MAX_BODY_BYTES);
    assert_eq!(post_json_to(&app, "/opponent", &request).await.0, 413);
}

/// Whole games through `POST /recommend` with a fitted model, by a client that shoots where it is
/// told, for every algorithm whose `GET /algorithms` entry says it uses the model, and for
/// `bayes` and `weighted-density` whatever their entries say.
#[actix_web::test]
async fn whole_games_with_a_model_keep_the_contract() {
    let app = app(AppState::new()).await;
    // A player who hides ships nearer the edges: the "hard" style of the computer's own fleet.
    let mut fleets = Vec::new();
    for seed in 0..8 {
        let (status, placed) =
            post_json_to(&app, "/placement", &json!({"ships": [5, 4, 3, 3, 2], "style": "hard", "seed": seed})).await;
        assert_eq!(status, 200, "{placed}");
        fleets.push(placed["board"].clone());
    }
    let (status, fitted) = post_json_to(&app, "/opponent", &json!({"ships": [5, 4, 3, 3, 2], "fleets": fleets})).await;
    assert_eq!(status, 200, "{fitted}");
    let mut names: Vec<String> = algorithms(&app)
        .await
        .into_iter()
        .filter(|a| !a["opponent"].is_null())
        .map(|a| a["name"].as_str().unwrap().to_owned())
        .collect();
    for name in ["bayes", "weighted-density"] {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    for (g, name) in names.iter().enumerate() {
        let layout = sonar::random_layout(10, 10, &[5, 4, 3, 3, 2], &mut sonar::seeded(g as u64)).unwrap();
        let ask = |game: &sonar::Game| {
            let opponent = match game.shots() % 2 {
                0 => json!({"model": fitted["model"]}),
                _ => json!({"fleets": fleets}),
            };
            let board = game.board().to_rows();
            let sunk = board.iter().map(|r| r.matches('#').count()).sum::<usize>();
            // Past fleets need the starting fleet on the board: sunk cells and ships afloat.
            assert_eq!(sunk + game.fleet().lengths().iter().sum::<usize>(), 17);
            json!({"board": board, "ships": game.fleet().lengths(), "algorithm": name, "seed": g, "opponent": opponent})
        };
        let read = |_: &sonar::Game, _: &Value, answer: &Value, _| {
            assert_eq!(answer["opponent"]["model"], fitted["model"], "{name}");
        };
        let shots = play_game(&app, sonar::Game::new(layout), ask, read).await.len();
        assert!((17..=100).contains(&shots), "{name}: {shots} shots");
    }
}
