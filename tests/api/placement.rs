//! `POST /placement`: the computer's own fleet, through the whole app.

use crate::helpers;
use actix_web::test;
use serde_json::{Value, json};
use sonar::Board;
use sonar::Fleet;
use sonar::Pos;
use sonar::Rules;
use sonar::count_exact_under;
use sonar::http::ApiKey;
use sonar::http::AppState;

async fn post(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
    body: &Value,
) -> (u16, Value) {
    helpers::post_json_to(app, "/placement", body).await
}

/// Checks a 200 answer: the board and the ship list agree, every ship afloat is placed once, on
/// the board, without overlap, and apart from the others under the no-touch rules.
fn check_layout(request: &Value, answer: &Value) -> Vec<(usize, usize)> {
    let rows = request["rows"].as_u64().unwrap_or(10) as usize;
    let cols = request["cols"].as_u64().unwrap_or(10) as usize;
    let touching = request["rules"]["touching"].as_bool().unwrap_or(true);
    let board: Vec<&str> = answer["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(board.len(), rows);
    assert!(board.iter().all(|r| r.len() == cols));
    let mut lengths: Vec<u64> =
        answer["ships"].as_array().unwrap().iter().map(|s| s["length"].as_u64().unwrap()).collect();
    let mut asked: Vec<u64> = request["ships"].as_array().unwrap().iter().map(|l| l.as_u64().unwrap()).collect();
    asked.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(lengths, asked, "longest first, one per ship asked for");
    lengths.dedup();
    let mut cells = Vec::new();
    let ships = answer["ships"].as_array().unwrap();
    for ship in ships {
        let letter = ship["letter"].as_str().unwrap().as_bytes()[0];
        let mine: Vec<(usize, usize)> = ship["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["row"].as_u64().unwrap() as usize, c["col"].as_u64().unwrap() as usize))
            .collect();
        assert_eq!(mine.len() as u64, ship["length"].as_u64().unwrap());
        let straight = mine.windows(2).all(|w| {
            if ship["horizontal"] == true { w[1] == (w[0].0, w[0].1 + 1) } else { w[1] == (w[0].0 + 1, w[0].1) }
        });
        assert!(straight, "{ship}");
        for &(r, c) in &mine {
            assert_eq!(board[r].as_bytes()[c], letter, "{answer}");
        }
        cells.extend(mine);
    }
    let marked = board.iter().map(|r| r.bytes().filter(|&b| b != b'.' && b != b'^').count()).sum::<usize>();
    assert_eq!(marked, cells.len(), "no overlap and nothing else on the board");
    // The islands asked for, and only they, are `^`; no ship covers one.
    let mut islands: Vec<(usize, usize)> = request["blocked"]
        .as_array()
        .map(|b| b.iter().map(|l| Pos::from_label(l.as_str().unwrap()).unwrap()).map(|p| (p.row, p.col)).collect())
        .unwrap_or_default();
    islands.sort_unstable();
    islands.dedup();
    let drawn: Vec<(usize, usize)> =
        (0..rows * cols).map(|i| (i / cols, i % cols)).filter(|&(r, c)| board[r].as_bytes()[c] == b'^').collect();
    assert_eq!(drawn, islands, "{answer}");
    if !touching {
        for (i, a) in ships.iter().enumerate() {
            for b in &ships[i + 1..] {
                for ca in a["cells"].as_array().unwrap() {
                    for cb in b["cells"].as_array().unwrap() {
                        let d = |k: &str| ca[k].as_u64().unwrap().abs_diff(cb[k].as_u64().unwrap());
                        assert!(d("row") > 1 || d("col") > 1, "ships touch: {answer}");
                    }
                }
            }
        }
    }
    cells
}

#[actix_web::test]
async fn places_legal_fleets_reproducibly() {
    let app = helpers::app(AppState::new()).await;
    for request in [
        json!({"ships": [5, 4, 3, 3, 2], "seed": 1}),
        json!({"ships": [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], "rules": {"touching": false}, "seed": 2}),
        json!({"rows": 26, "cols": 26, "ships": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2], "rules": {"touching": false}}),
        json!({"rows": 3, "cols": 7, "ships": [7, 7, 7]}),
        json!({"rows": 1, "cols": 1, "ships": [1], "style": "uniform", "seed": 0}),
    ] {
        let (status, answer) = post(&app, &request).await;
        assert_eq!(status, 200, "{request} -> {answer}");
        check_layout(&request, &answer);
        assert_eq!(answer["style"], "uniform");
        let mut again = request.clone();
        again["seed"] = answer["seed"].clone();
        assert_eq!(post(&app, &again).await.1, answer, "the reported seed replays the layout");
    }
}

/// Cell frequencies over many requests against the exact marginals of every layout the rules
/// allow (the posterior programme on the empty board, itself checked against brute force).
#[actix_web::test]
async fn layouts_are_uniform_under_both_rules() {
    let app = helpers::app(AppState::new()).await;
    for (touching, ships) in [(true, vec![3, 2, 2]), (false, vec![3, 2, 1])] {
        let rules = Rules::new(touching, 1).unwrap();
        let exact = count_exact_under(&Board::empty(5, 5), &Fleet::new(&ships, 5).unwrap(), rules, u64::MAX)
            .unwrap()
            .marginals();
        let draws = 4000;
        let mut counts = [0usize; 25];
        for seed in 0..draws {
            let request = json!({"rows": 5, "cols": 5, "ships": ships, "rules": {"touching": touching}, "seed": seed});
            let (status, answer) = post(&app, &request).await;
            assert_eq!(status, 200, "{answer}");
            for (r, c) in check_layout(&request, &answer) {
                counts[r * 5 + c] += 1;
            }
        }
        for (i, (&k, &p)) in counts.iter().zip(&exact).enumerate() {
            let z = (k as f64 / draws as f64 - p).abs() / (p * (1.0 - p) / draws as f64).sqrt();
            assert!(z < 4.5, "touching {touching}, cell {i}: z = {z:.2}");
        }
    }
}

/// The hard style: legal under both rules, reproducible, and measurably further from the middle
/// than uniform layouts: the mean number of ship cells on the board's border, over 200 layouts each.
#[actix_web::test]
async fn hard_layouts_are_legal_and_keep_to_the_border() {
    let app = helpers::app(AppState::new()).await;
    for touching in [true, false] {
        let ships = json!([5, 4, 3, 3, 2]);
        let mut border = [0usize; 2];
        for (k, style) in ["uniform", "hard"].iter().enumerate() {
            for seed in 0..200 {
                let request = json!({"ships": ships, "rules": {"touching": touching}, "style": style, "seed": seed});
                let (status, answer) = post(&app, &request).await;
                assert_eq!(status, 200, "{request} -> {answer}");
                assert_eq!(answer["style"], *style);
                let cells = check_layout(&request, &answer);
                border[k] += cells.iter().filter(|&&(r, c)| r == 0 || c == 0 || r == 9 || c == 9).count();
                if seed < 3 {
                    assert_eq!(post(&app, &request).await.1, answer, "the same seed gives the same layout");
                }
            }
        }
        let (uniform, hard) = (border[0] as f64 / 200.0, border[1] as f64 / 200.0);
        assert!(hard > uniform + 2.0, "touching {touching}: border cells uniform {uniform:.2}, hard {hard:.2}");
    }
    // The no-touch ten-ship fleet (some 3,900 rejection attempts a layout) and a fleet so crowded
    // that only the exact tables draw it still get hard layouts.
    let request =
        json!({"ships": [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], "rules": {"touching": false}, "style": "hard", "seed": 8});
    let (status, answer) = post(&app, &request).await;
    assert_eq!(status, 200, "{answer}");
    check_layout(&request, &answer);
    let request = json!({"rows": 4, "cols": 4, "ships": [4, 4, 4, 3], "style": "hard", "seed": 5});
    let (status, answer) = post(&app, &request).await;
    assert_eq!(status, 200, "{answer}");
    check_layout(&request, &answer);
}

/// Islands (`blocked`): every style keeps its ships off them, under both rules, and the uniform
/// draw is uniform over the layouts that avoid them (the exact marginals of the sea with islands).
#[actix_web::test]
async fn every_style_places_around_islands() {
    let app = helpers::app(AppState::new()).await;
    let blocked = json!(["A1", "B2", "C3", "E5", "F6", "D8", "H3", "J10", "E5"]);
    // A player drawn to the left half, so the adaptive fleet leans right.
    let pull: Vec<Vec<f64>> = (0..10).map(|_| (0..10).map(|c| if c < 5 { 2.0 } else { -2.0 }).collect()).collect();
    for touching in [true, false] {
        for style in [json!({}), json!({"style": "hard"}), json!({"style": "adaptive", "search_model": {"pull": pull}})]
        {
            for seed in 0..40 {
                let mut request = json!({"ships": [5, 4, 3, 3, 2], "rules": {"touching": touching}, "blocked": blocked, "seed": seed});
                style.as_object().unwrap().iter().for_each(|(k, v)| request[k] = v.clone());
                let (status, answer) = post(&app, &request).await;
                assert_eq!(status, 200, "{request} -> {answer}");
                check_layout(&request, &answer);
            }
        }
    }
    let sea = Board::parse(&["^....", ".....", "..^..", ".....", "....^"]).unwrap();
    let blocked = json!(["A1", "C3", "E5"]);
    for (touching, ships) in [(true, vec![3, 2, 2]), (false, vec![3, 2, 1])] {
        let rules = Rules::new(touching, 1).unwrap();
        let exact = count_exact_under(&sea, &Fleet::new(&ships, 5).unwrap(), rules, u64::MAX).unwrap().marginals();
        let draws = 3000;
        let mut counts = [0usize; 25];
        for seed in 0..draws {
            let request = json!({"rows": 5, "cols": 5, "ships": ships, "rules": {"touching": touching}, "blocked": blocked, "seed": seed});
            let (status, answer) = post(&app, &request).await;
            assert_eq!(status, 200, "{answer}");
            for (r, c) in check_layout(&request, &answer) {
                counts[r * 5 + c] += 1;
            }
        }
        for (i, (&k, &p)) in counts.iter().zip(&exact).enumerate() {
            let sd = (p * (1.0 - p) / draws as f64).sqrt().max(1e-9);
            let z = (k as f64 / draws as f64 - p).abs() / sd;
            assert!(z < 4.5, "touching {touching}, cell {i}: z = {z:.2}");
        }
    }
    // A sea so crowded that only the exact tables draw it: 14 ship cells on the 14 open cells.
    let request =
        json!({"rows": 4, "cols": 4, "ships": [4, 4, 3, 3], "blocked": ["C4", "D4"], "style": "hard", "seed": 3});
    let (status, answer) = post(&app, &request).await;
    assert_eq!(status, 200, "{answer}");
    check_layout(&request, &answer);
}

#[actix_web::test]
async fn islands_that_cannot_be_read_or_leave_no_room_are_problems() {
    let app = helpers::app(AppState::new()).await;
    for (request, status, kind, field, detail) in [
        (
            json!({"ships": [2], "blocked": ["K1"]}),
            422,
            "invalid-islands",
            "blocked[0]",
            "blocked[0]: K1 is off the 10x10 board",
        ),
        (
            json!({"ships": [2], "blocked": ["A1", "1A"]}),
            422,
            "invalid-islands",
            "blocked[1]",
            "blocked[1]: \"1A\" is not a cell label",
        ),
        (
            json!({"rows": 3, "cols": 3, "ships": [3], "blocked": ["A1", "B2", "C3"]}),
            422,
            "impossible-placement",
            "ships",
            "ships: no layout of these ships fits a 3x3 board around its islands without overlapping",
        ),
        (json!({"ships": [2], "blocked": "A1"}), 400, "invalid-request", "blocked", "blocked: "),
    ] {
        let (got, problem) = post(&app, &request).await;
        assert_eq!(problem["type"], format!("urn:sonar:problem:{kind}"), "{request} -> {problem}");
        assert_eq!((got, problem["field"].as_str()), (status, Some(field)), "{problem}");
        assert!(problem["detail"].as_str().unwrap().starts_with(detail), "{problem}");
    }
}

#[actix_web::test]
async fn impossible_and_malformed_requests_are_problems() {
    let app = helpers::app(AppState::new()).await;
    let cases = [
        (json!({"rows": 3, "cols": 3, "ships": [3, 3, 3, 1]}), 422, "urn:sonar:problem:impossible-placement"),
        (
            json!({"rows": 3, "cols": 3, "ships": [2, 2, 2], "rules": {"touching": false}}),
            422,
            "urn:sonar:problem:impossible-placement",
        ),
        (
            json!({"rows": 26, "cols": 26, "ships": vec![26; 14], "rules": {"touching": false}}),
            422,
            "urn:sonar:problem:impossible-placement",
        ),
        (json!({"rows": 26, "cols": 26, "ships": vec![26; 26]}), 422, "urn:sonar:problem:impossible-placement"),
        (json!({"rows": 3, "cols": 3, "ships": [4]}), 422, "urn:sonar:problem:invalid-fleet"),
        (json!({"rows": 0, "ships": [1]}), 422, "urn:sonar:problem:invalid-size"),
        (json!({"cols": 27, "ships": [1]}), 422, "urn:sonar:problem:invalid-size"),
        (json!({"ships": []}), 422, "urn:sonar:problem:invalid-fleet"),
        (json!({"ships": [2], "style": "sneaky"}), 400, "urn:sonar:problem:invalid-request"),
        (
            json!({"rows": 3, "cols": 3, "ships": [2, 2, 2], "rules": {"touching": false}, "style": "hard"}),
            422,
            "urn:sonar:problem:impossible-placement",
        ),
        (json!({"ships": [2], "colour": "red"}), 400, "urn:sonar:problem:invalid-request"),
        (json!({"rows": 10}), 400, "urn:sonar:problem:invalid-request"),
        (json!([2]), 400, "urn:sonar:problem:invalid-request"),
    ];
    for (request, status, kind) in cases {
        let (got, problem) = post(&app, &request).await;
        assert_eq!((got, &problem["type"]), (status, &json!(kind)), "{request} -> {problem}");
        assert!(problem["detail"].as_str().is_some_and(|d| d.len() > 10), "{problem}");
    }
}

#[actix_web::test]
async fn an_api_key_guards_placement_too() {
    let app = helpers::app(AppState::new().with_api_key(ApiKey::new("k"))).await;
    let (status, _) = post(&app, &json!({"ships": [2]})).await;
    assert_eq!(status, 401);
    let req = test::TestRequest::post()
        .uri("/placement")
        .insert_header(("authorization", "Bearer k"))
        .set_json(json!({"ships": [2]}))
        .to_request();
    assert_eq!(test::call_service(&app, req).await.status(), 200);
}
