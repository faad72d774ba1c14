//! Helpers shared by the modules of this test binary: a test app, requests to it, the checks
//! every 200 answer must pass, and a client that plays whole games. [`binary`] runs the real
//! `sonar` binary instead.

pub mod binary;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::test;
use serde_json::{Value, json};
use sonar::Rules;
use sonar::http::AppState;
use sonar::random_layout_under;
use sonar::seeded;
use sonar::{Cell, Pos};
use sonar::{Game, Outcome};

/// The application as the binary serves it, minus the network.
pub async fn app(
    state: AppState,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    test::init_service(sonar::http::app(state)).await
}

/// Shared state whose compute deadline (two minutes) no fit of a test's size reaches, however slow
/// the debug build and however busy the machine: for tests of what a heavy request answers, not of
/// how fast (speed is measured in the examples and benchmarks, never asserted in tests).
pub fn patient() -> AppState {
    AppState::with_limits(sonar::http::default_max_in_flight(), std::time::Duration::from_secs(120))
}

/// Posts `body` to `/recommend`; the status and the JSON answer (null if it is not JSON).
pub async fn post_json(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    body: &Value,
) -> (u16, Value) {
    post_text(app, body.to_string()).await
}

/// Posts `body` as it is written (any bytes) to `/recommend` as `application/json`: for numbers
/// spelt a particular way, whitespace or bodies that are not JSON at all.
pub async fn post_text(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    body: impl Into<actix_web::web::Bytes>,
) -> (u16, Value) {
    post_text_to(app, "/recommend", body).await
}

/// Posts `body` to `path`; the status and the JSON answer (null if it is not JSON).
pub async fn post_json_to(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    path: &str,
    body: &Value,
) -> (u16, Value) {
    post_text_to(app, path, body.to_string()).await
}

/// [`post_text`] to any path.
pub async fn post_text_to(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    path: &str,
    body: impl Into<actix_web::web::Bytes>,
) -> (u16, Value) {
    let req = test::TestRequest::post()
        .uri(path)
        .insert_header(("content-type", "application/json"))
        .set_payload(body)
        .to_request();
    let res = test::call_service(app, req).await;
    let status = res.status().as_u16();
    let bytes = test::read_body(res).await;
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// Checks every promise the contract makes about a 200 answer to `request`.
pub fn check_contract(request: &Value, answer: &Value) {
    let board: Vec<String> = serde_json::from_value(request["board"].clone()).unwrap();
    let rows = board.len();
    let cols = board[0].len();
    let cell = |r: usize, c: usize| board[r].as_bytes()[c] as char;
    let (r, c) = (answer["shot"]["row"].as_u64().unwrap() as usize, answer["shot"]["col"].as_u64().unwrap() as usize);
    assert!(r < rows && c < cols, "shot off the board: {answer}");
    assert!(matches!(cell(r, c), '.' | 's'), "shot at a cell already shot or an island: {answer}");
    assert_eq!(answer["shot"]["label"], Pos::new(r, c).label());
    let has_x = board.iter().any(|row| row.contains('x'));
    assert_eq!(answer["mode"], if has_x { "target" } else { "hunt" });
    let grid = answer["grid"].as_array().unwrap();
    assert_eq!(grid.len(), rows);
    let mut best = 0.0f64;
    for (gr, row) in grid.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), cols);
        for (gc, v) in row.iter().enumerate() {
            let v = v.as_f64().unwrap();
            assert!(v.is_finite() && (0.0..=1.0).contains(&v), "grid value {v} out of range");
            if !matches!(cell(gr, gc), '.' | 's') {
                assert_eq!(v, 0.0, "non-zero grid value on a shot cell ({gr},{gc})");
            }
            best = best.max(v);
        }
    }
    let kind = answer["grid_kind"].as_str().unwrap();
    assert!(kind == "score" || kind == "probability");
    if kind == "score" {
        assert_eq!(best, 1.0, "a score grid's best cell is 1");
    }
    let level = request["level"].as_u64().unwrap_or(10);
    assert_eq!(answer["level"], level, "the level played is reported: {answer}");
    if answer["algorithm"] == "density" && level == 10 {
        assert_eq!(grid[r][c].as_f64().unwrap(), best, "density shoots a cell of maximal value");
    }
    // At level 10 a shot below the grid's best says why (only bayes chooses so: in a classic game,
    // where the most ship placements cross while hunting, the most placements through the hits
    // while targeting, or when its plan found a better cell), and a shot at the best says nothing.
    if answer.get("plan").is_some() {
        check_plan(answer);
    }
    if level == 10 {
        let planned = answer["plan"]["chosen"].as_u64().is_some_and(|k| k > 0);

        // Within a relative 1e-9 of the best is one of the best (as the service reckons it).
        let value = grid[r][c].as_f64().unwrap();
        let below = value < best * (1.0 - 1e-9);
        assert_eq!(
            answer.get("why").is_some(),
            below,
            "why is given exactly when the shot is below the grid's best: {request} -> {answer}"
        );
        let why = answer["why"].as_str().unwrap_or("");
        let (hunting, targeting) = (why.starts_with("hunting:"), why.starts_with("targeting:"));
        if hunting || targeting {
            assert_eq!(answer["algorithm"], "bayes", "{answer}");
            let mode = if hunting { "hunt" } else { "target" };
            assert_eq!(answer["mode"], mode, "the {mode} move is played only in {mode} mode: {answer}");
            assert!(!planned, "a planned shot says so: {answer}");
        }
        if hunting || targeting {
            assert!(value > 0.0, "a counted move shoots a cell the posterior gives a chance: {answer}");
        }
        assert!(
            !below || planned || hunting || targeting,
            "only bayes's counted moves or plan shoot below its grid's best: {answer}"
        );
    }
    let open = check_rules(request, answer);
    check_candidates(request, answer, open);
    if level < 10 {
        check_plausible(request, answer);
    }
}

/// The promises of a `plan` (bayes with a budget above the default): candidates that are open cells
/// of the grid, the default budget's shot first (the grid's best, or a counted move) and the rest
/// in order of probability, each with its measured mean shots;
/// at level 10 the shot is the chosen candidate, and a candidate other than the first is chosen
/// only with a lower mean, past 1.5 paired standard errors unless every layout was played.
fn check_plan(answer: &Value) {
    let plan = &answer["plan"];
    let grid = answer["grid"].as_array().unwrap();
    let lines = plan["candidates"].as_array().unwrap();
    assert!((2..=6).contains(&lines.len()), "{plan}");
    let mut last = f64::INFINITY;
    for (k, line) in lines.iter().enumerate() {
        let (r, c) = (line["row"].as_u64().unwrap() as usize, line["col"].as_u64().unwrap() as usize);
        assert_eq!(line["label"], Pos::new(r, c).label());
        let p = line["probability"].as_f64().unwrap();
        assert_eq!(grid[r][c].as_f64().unwrap(), p, "a candidate's probability is its grid value: {plan}");
        // The first is the default budget's shot (the grid's best, or in a classic game a counted
        // move, which has a chance); the others follow in order of probability.
        assert!(p > 0.0 && p <= last, "{plan}");
        last = if k == 0 { f64::INFINITY } else { p };
        assert!(line["mean_shots"].as_f64().unwrap() >= 1.0, "{plan}");
        assert!(line["std_error"].as_f64().unwrap() >= 0.0 && line["paired_std_error"].as_f64().unwrap() >= 0.0);
    }
    let from = plan["layouts_from"].as_str().unwrap();
    assert!(["every", "exact", "resampled"].contains(&from), "{plan}");
    assert!(plan["layouts"].as_u64().unwrap() >= 2, "{plan}");
    let chosen = plan["chosen"].as_u64().unwrap() as usize;
    let mean = |k: usize| lines[k]["mean_shots"].as_f64().unwrap();
    if chosen > 0 {
        let gain = mean(0) - mean(chosen);
        let se = lines[chosen]["paired_std_error"].as_f64().unwrap();
        assert!(gain > 0.0 && (from == "every" || gain > 1.5 * se), "{plan}");
    }
    if answer["level"] == 10 {
        assert_eq!(answer["shot"]["label"], lines[chosen]["label"], "the shot is the chosen candidate: {answer}");
    }
}

/// The promise of a level below 10: its mistakes are never absurd. For the algorithms whose own
/// shots never are (`bayes`, `density`; a random hunter's own shot may fall anywhere, and a level
/// keeps its turns without a mistake unchanged), the shot is a cell some ship afloat fits over
/// (past misses and sunk ships) and, on an exact posterior, a cell of positive probability. (A
/// salvo's later shots fill up with other cells once those run out, as the algorithm's own do.)
fn check_plausible(request: &Value, answer: &Value) {
    if answer["algorithm"] != "bayes" && answer["algorithm"] != "density" {
        return;
    }
    let rows: Vec<String> = serde_json::from_value(request["board"].clone()).unwrap();
    let board = sonar::Board::parse(&rows).unwrap();
    let ships: Vec<usize> = serde_json::from_value(request["ships"].clone()).unwrap();
    let possible = sonar::possible_cells(&board, &ships);
    let shot = &answer["shot"];
    let p = Pos::new(shot["row"].as_u64().unwrap() as usize, shot["col"].as_u64().unwrap() as usize);
    assert!(possible[board.index(p)], "level {}: shot {p} where no ship fits: {answer}", request["level"]);
    if answer["grid_kind"] == "probability" && answer["exact"] == true {
        let value = answer["grid"][p.row][p.col].as_f64().unwrap();
        assert!(value > 0.0, "level {}: shot {p} of probability 0: {answer}", request["level"]);
    }
}

/// The promises `candidates` adds: absent unless asked; else k distinct `.` cells (all of them when
/// fewer are left), `shot` first, each with its grid value, the rest in decreasing value, and the
/// salvo their head.
fn check_candidates(request: &Value, answer: &Value, open: usize) {
    let Some(k) = request["candidates"].as_u64() else {
        assert!(answer.get("candidates").is_none(), "candidates nobody asked for: {answer}");
        return;
    };
    let list = answer["candidates"].as_array().expect("candidates asked for");
    let shots = answer["shots"].as_array().unwrap();
    assert_eq!(list.len(), (k as usize).min(open), "{k} candidates with {open} open cells: {answer}");
    let grid = answer["grid"].as_array().unwrap();
    if request["level"].as_u64().unwrap_or(10) == 10 {
        assert_eq!(list[0]["label"], answer["shot"]["label"], "the first candidate is the shot");
        for (c, s) in list.iter().zip(shots) {
            assert_eq!((&c["row"], &c["col"]), (&s["row"], &s["col"]), "the salvo is the head of the candidates");
        }
    } else {
        // Below level 10 the candidates are still the algorithm's own best cells.
        let best = grid.iter().flat_map(|r| r.as_array().unwrap()).filter_map(Value::as_f64).fold(0.0, f64::max);
        assert_eq!(list[0]["value"].as_f64(), Some(best), "the first candidate is a best cell: {answer}");
    }
    let mut seen = std::collections::HashSet::new();
    let values: Vec<f64> = list
        .iter()
        .map(|c| {
            let (r, col) = (c["row"].as_u64().unwrap() as usize, c["col"].as_u64().unwrap() as usize);
            assert!(seen.insert((r, col)), "a candidate twice: {answer}");
            assert_eq!(c["value"].as_f64(), grid[r][col].as_f64(), "a candidate's value is its grid value");
            assert_eq!(c["label"], Pos::new(r, col).label());
            c["value"].as_f64().unwrap()
        })
        .collect();
    assert!(values.windows(2).skip(1).all(|w| w[0] >= w[1]), "candidates best first: {values:?}");
}

/// The promises the request's `rules` add: `shots` holds `salvo` distinct open cells (`.` or `s`;
/// all of them when fewer are left), the first being `shot`; under the no-touch rules no shot and
/// no positive grid value lies on a cell the rule proves to be water (from the board the algorithm
/// is shown). Returns how many cells the algorithm may shoot (open cells the rules do not prove to be water).
fn check_rules(request: &Value, answer: &Value) -> usize {
    let rules = &request["rules"];
    let touching = rules["touching"].as_bool().unwrap_or(true);
    let salvo = rules["salvo"].as_u64().unwrap_or(1) as usize;
    let rules = Rules::new(touching, salvo as u64).expect("a 200 answer had valid rules");
    let rows: Vec<String> = serde_json::from_value(request["board"].clone()).unwrap();
    let board = sonar::Board::parse(&rows).unwrap();
    // An algorithm that does not read reveals is shown each `s` as a `.`: nothing the rules
    // infer from an `s` binds it, while the `s` itself stays a cell it may shoot.
    let reads =
        request["algorithm"].as_str().and_then(sonar::Algorithm::from_name).is_none_or(|a| a.reads_observations());
    let water = rules.known_water(&if reads { board.clone() } else { board.without_observations() });
    let open = (0..board.len()).filter(|&i| board.cells()[i].is_open() && !water[i]).count();
    let shots = answer["shots"].as_array().expect("shots is a list");
    assert_eq!(shots.len(), salvo.min(open), "salvo {salvo} with {open} open cells: {answer}");
    assert_eq!(shots[0], answer["shot"], "the salvo starts with the shot");
    let mut seen = std::collections::HashSet::new();
    for s in shots {
        let p = Pos::new(s["row"].as_u64().unwrap() as usize, s["col"].as_u64().unwrap() as usize);
        assert!(board.contains(p) && board.get(p).is_open(), "salvo shot {p} is not an open cell: {answer}");
        assert!(!water[board.index(p)], "salvo shot {p} is known water under {rules:?}: {answer}");
        assert!(seen.insert(p), "salvo shot {p} twice: {answer}");
        assert_eq!(s["label"], p.label());
    }
    let grid = answer["grid"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap().iter());
    for (i, v) in grid.enumerate() {
        assert!(!water[i] || v.as_f64() == Some(0.0), "grid value {v} on known water (cell {i}): {answer}");
    }
    open
}

/// Plays one whole game through `POST /recommend`: a client shooting where it is told, marking
/// `o`, `x` and `#`, and removing sunk ships. Returns the number of shots.
pub async fn play_through_api(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    algorithm: &str,
    game_seed: u64,
) -> usize {
    play_under(app, algorithm, game_seed, &[5, 4, 3, 3, 2], Rules::CLASSIC).await
}

/// [`play_through_api`] with another fleet, under `rules` (sent as the request's `rules` when
/// they are not the classic ones), against a layout drawn uniformly under them. Under the no-touch
/// rules it also checks that no shot and no positive grid value is on a cell the rule proves to be
/// water (next to a sunk ship, or diagonal to a hit).
pub async fn play_under(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    algorithm: &str,
    game_seed: u64,
    ships: &[usize],
    rules: Rules,
) -> usize {
    play_at(app, algorithm, None, game_seed, ships, rules).await
}

/// [`play_under`] at a strength level (`None`: the request names none).
pub async fn play_at(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    algorithm: &str,
    level: Option<u64>,
    game_seed: u64,
    ships: &[usize],
    rules: Rules,
) -> usize {
    let mut rng = seeded(game_seed);
    let layout = random_layout_under(10, 10, ships, rules, &mut rng).unwrap();
    let ask = |game: &Game| {
        let mut request = json!({
            "board": game.board().to_rows(),
            "ships": game.fleet().lengths(),
            "algorithm": algorithm,
            "seed": game_seed.wrapping_mul(1000).wrapping_add(game.shots() as u64),
        });
        if rules != Rules::CLASSIC {
            request["rules"] = json!({"touching": rules.touching, "salvo": rules.salvo});
        }
        if let Some(level) = level {
            request["level"] = json!(level);
        }
        request
    };
    let read = |game: &Game, _: &Value, answer: &Value, shot: Pos| {
        let water = rules.known_water(game.board());
        assert!(
            !water[game.board().index(shot)],
            "{algorithm} shot {shot}, known water under {rules:?}\n{}",
            game.board()
        );
        for (i, v) in answer["grid"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap()).enumerate() {
            assert!(!water[i] || v.as_f64() == Some(0.0), "{algorithm}: grid value {v} on known water, cell {i}");
        }
        assert_eq!(answer["shots"][0], answer["shot"], "the salvo starts with the shot");
    };
    play_game(app, Game::new(layout), ask, read).await.len()
}

/// The shot an answer recommends.
pub fn shot_of(answer: &Value) -> Pos {
    Pos::new(answer["shot"]["row"].as_u64().unwrap() as usize, answer["shot"]["col"].as_u64().unwrap() as usize)
}

/// Plays `game` to its end through `POST /recommend`, as a client that shoots where it is told:
/// `ask` writes each turn's request from the game, every answer must be a 200 that keeps the
/// contract ([`check_contract`]), and `read` sees the game, the request, the answer and its shot
/// before the shot is fired. A game takes at most one shot a cell. Returns the shots in order.
pub async fn play_game(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    mut game: Game,
    mut ask: impl FnMut(&Game) -> Value,
    mut read: impl FnMut(&Game, &Value, &Value, Pos),
) -> Vec<Pos> {
    let mut shots = Vec::new();
    while !game.is_over() {
        let request = ask(&game);
        let (status, answer) = post_json(app, &request).await;
        assert_eq!(status, 200, "request {request} got {answer}");
        check_contract(&request, &answer);
        let shot = shot_of(&answer);
        read(&game, &request, &answer, shot);
        assert_eq!(game.board().get(shot), Cell::Unknown);
        if let Outcome::Sunk(_) = game.fire(shot).expect("the recommended shot is legal") {
            assert_eq!(game.board().get(shot), Cell::Sunk);
        }
        shots.push(shot);
        assert!(shots.len() <= game.board().len(), "a game cannot take more shots than the board has cells");
    }
    shots
}

/// The classic board after a miss and a hit below it.
pub const ONE_HIT: [&str; 10] = [
    "..........",
    "...o......",
    "...x......",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
];
