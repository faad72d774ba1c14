//! Property tests through the whole application (routing, extraction, validation, algorithms,
//! serialization), with requests proptest makes up:
//! - a board from a real game (random fleet, random layout, random shots, either rules, any
//!   salvo, with or without `candidates`, at any strength `level` or none, with up to three true
//!   scans in `observations`) gets a legal `.` shot, salvo and hint with a well-formed grid from
//!   every algorithm, and below level 10 a shot where a ship can be;
//! - an arbitrary small board (islands and revealed ship cells `s` among its cells, and made-up
//!   scans) gets such a shot when some layout of the ships agrees with it and its scans under the
//!   request's rules (decided by exact counting, itself checked against brute force) and a 422
//!   otherwise;
//! - a history from a real game (any fleet, rules, salvo and announcement rule, a true scan turn or
//!   none) gets a shot at a cell never fired at, from a grid that is zero on every cell fired at,
//!   and the same history made up (a shot repeated, a ship renamed, a result flipped) gets an
//!   answer or a 4xx problem;
//! - a made-up placement (any small board, fleet, style and islands) gets a layout that keeps off
//!   every island it names, or a 4xx problem;
//! - arbitrary JSON, and arbitrary bytes, get a 2xx or a 4xx problem, never a 5xx.
//!
//! `PROPTEST_CASES` scales every property (default 64; `.ci/run` runs them with 1,024 in release).

mod arsenal;

use crate::helpers;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::test as web_test;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};
use sonar::Algorithm;
use sonar::Fleet;
use sonar::Game;
use sonar::Rules;
use sonar::count_exact_under;
use sonar::http::AppState;
use sonar::random_layout_under;
use sonar::seeded;
use sonar::{Board, Pos, Reading, read_scans};

fn runner() -> TestRunner {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64);
    // Made-up fleets that do not fit and games that end before the board is posted are rejected.
    TestRunner::new(Config { cases, max_global_rejects: 4 * cases, failure_persistence: None, ..Config::default() })
}

/// Runs a property against one in-process app shared by every case.
fn check_property<S: Strategy>(strategy: S, property: impl Fn(&dyn AppService, S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let system = actix_web::rt::System::new();
    let app = system.block_on(helpers::app(AppState::new()));
    let app = Sync(app, system);
    runner().run(&strategy, |value| property(&app, value)).unwrap();
}

/// What a property may ask of the app: a status, the content type and the JSON body.
trait AppService {
    fn call(&self, req: actix_http::Request) -> (u16, String, Value);
}

struct Sync<S>(S, actix_web::rt::SystemRunner);

impl<S> AppService for Sync<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    fn call(&self, req: actix_http::Request) -> (u16, String, Value) {
        self.1.block_on(async {
            let res = web_test::call_service(&self.0, req).await;
            let status = res.status().as_u16();
            let content_type =
                res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            let body = web_test::read_body(res).await;
            (status, content_type, serde_json::from_slice(&body).unwrap_or(Value::Null))
        })
    }
}

fn post(body: &Value) -> actix_http::Request {
    web_test::TestRequest::post().uri("/recommend").set_json(body).to_request()
}

fn algorithm() -> impl Strategy<Value = &'static str> {
    prop::sample::select(Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>())
}

/// A 4xx answer is a problem document that names what went wrong.
fn assert_problem(status: u16, content_type: &str, body: &Value) -> Result<(), TestCaseError> {
    prop_assert!((400..500).contains(&status), "status {status}: {body}");
    prop_assert_eq!(content_type, "application/problem+json");
    prop_assert_eq!(body["status"].as_u64(), Some(u64::from(status)));
    prop_assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "no detail: {}", body);
    Ok(())
}

/// A 200 answer keeps every promise of the contract (a `.` shot, grid shape, range and zeros).
fn assert_answer(request: &Value, status: u16, body: &Value) -> Result<(), TestCaseError> {
    prop_assert_eq!(status, 200, "request {} got {}", request, body);
    std::panic::catch_unwind(|| helpers::check_contract(request, body))
        .map_err(|_| TestCaseError::fail(format!("contract broken: {request} -> {body}")))
}

#[test]
fn positions_from_real_games_get_a_legal_shot_from_every_algorithm() {
    let fleet = prop::collection::vec(1usize..=5, 1..=4);
    let shape = (1usize..=9, 1usize..=9);
    let rules = (any::<bool>(), 1u64..=10, prop::option::of(1u64..=10), prop::option::of(1u64..=10));
    // Scans of random rectangles of up to 3 x 3 cells (clipped at the edge), read from the hidden
    // fleet as a count or as yes/no.
    let scans = prop::collection::vec((0usize..9, 0usize..9, 1usize..=3, 1usize..=3, any::<bool>()), 0..=3);
    let strategy = (shape, fleet, any::<u64>(), 0.0f64..1.0, algorithm(), any::<u64>(), rules, scans);
    check_property(
        strategy,
        |app, ((rows, cols), ships, layout_seed, fraction, algorithm, seed, (touching, salvo, candidates, level), scans)| {
            let mut rng = seeded(layout_seed);
            let rules = Rules::new(touching, salvo).unwrap();
            let Ok(layout) = random_layout_under(rows, cols, &ships, rules, &mut rng) else {
                return Err(TestCaseError::reject("fleet does not fit"));
            };
            let mut game = Game::new(layout);
            let mut cells: Vec<Pos> = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).collect();
            rand::seq::SliceRandom::shuffle(cells.as_mut_slice(), &mut rng);
            let shots = (fraction * cells.len() as f64) as usize;
            for &p in &cells[..shots] {
                game.fire(p).expect("each cell is fired once");
                if game.is_over() {
                    return Err(TestCaseError::reject("game over"));
                }
            }
            let ship_cells: Vec<Pos> = game.layout().ships.iter().flat_map(|s| s.cells()).collect();
            let observations: Vec<Value> = scans
                .iter()
                .map(|&(top, left, h, w, count)| {
                    let (top, left) = (top % rows, left % cols);
                    let area: Vec<Pos> = (top..(top + h).min(rows))
                        .flat_map(|r| (left..(left + w).min(cols)).map(move |c| Pos::new(r, c)))
                        .collect();
                    let found = area.iter().filter(|p| ship_cells.contains(p)).count();
                    let labels: Vec<String> = area.iter().map(|p| p.label()).collect();
                    if count { json!({"count": found, "cells": labels}) } else { json!({"any": found > 0, "cells": labels}) }
                })
                .collect();
            let request = json!({
                "board": game.board().to_rows(), "ships": game.fleet().lengths(), "algorithm": algorithm, "seed": seed,
                "rules": {"touching": touching, "salvo": salvo}, "observations": observations,
            });
            let mut request = request;
            if let Some(k) = candidates {
                request["candidates"] = json!(k);
            }
            if let Some(level) = level {
                request["level"] = json!(level);
            }
            let (status, _, body) = app.call(post(&request));
            assert_answer(&request, status, &body)
        },
    );
}

#[test]
fn arbitrary_small_boards_get_a_shot_exactly_when_some_layout_agrees() {
    let row =
        |cols: usize| prop::collection::vec(prop::sample::select(vec!['.', '.', '.', 'x', 'o', '#', 's', '^']), cols);
    let board = (1usize..=5, 1usize..=5)
        .prop_flat_map(move |(rows, cols)| prop::collection::vec(row(cols).prop_map(String::from_iter), rows));
    // Scans of up to 4 cells given as (row, col) pairs that may fall off the board, read as a count
    // (0 to 4, which may pass the cells) or as yes/no.
    let scan = (prop::collection::vec((0usize..5, 0usize..5), 1..=4), prop::option::of(0usize..=4), any::<bool>());
    let scans = prop::collection::vec(scan, 0..=2);
    let strategy = (board, prop::collection::vec(1usize..=5, 1..=3), algorithm(), any::<u64>(), any::<bool>(), scans);
    check_property(strategy, |app, (rows, ships, algorithm, seed, touching, scans)| {
        let observations: Vec<Value> = scans
            .iter()
            .map(|(cells, count, any)| {
                let labels: Vec<String> = cells.iter().map(|&(r, c)| Pos::new(r, c).label()).collect();
                match count {
                    Some(k) => json!({"count": k, "cells": labels}),
                    None => json!({"any": any, "cells": labels}),
                }
            })
            .collect();
        let request = json!({"board": rows, "ships": ships, "algorithm": algorithm, "seed": seed,
            "rules": {"touching": touching}, "observations": observations});
        let rules = Rules::new(touching, 1).unwrap();
        let board = Board::parse(&rows).unwrap();
        let readings = scans.iter().map(|(cells, count, any)| {
            let cells = cells.iter().map(|&(r, c)| Pos::new(r, c)).collect();
            (cells, count.map_or(Reading::Any(*any), Reading::Count))
        });
        let board = read_scans(&board, readings.collect()).map(|scans| board.with_scans(scans));
        let fleet = Fleet::new(&ships, 26).ok();
        let possible = board.as_ref().is_ok_and(|board| {
            rules.check(board).is_ok()
                && fleet.is_some_and(|fleet| count_exact_under(board, &fleet, rules, u64::MAX).is_ok())
        });
        let (status, content_type, body) = app.call(post(&request));
        if possible {
            assert_answer(&request, status, &body)
        } else {
            prop_assert_eq!(status, 422, "{} got {}", request, body);
            assert_problem(status, &content_type, &body)
        }
    });
}

/// Any JSON value, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        "[.oxX# ]{0,12}".prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn made_up_json_gets_an_answer_or_a_problem_never_a_5xx() {
    // Each field is either plausible or any JSON at all; an unknown field now and then.
    let board = prop_oneof![
        prop::collection::vec("[.ox#]{1,6}", 1..6).prop_map(|rows| json!(rows)),
        prop::collection::vec("[.ox#]{0,30}", 0..30).prop_map(|rows| json!(rows)),
        json_value(),
    ];
    let ships = prop_oneof![prop::collection::vec(0u64..30, 0..70).prop_map(|s| json!(s)), json_value()];
    let algorithm = prop_oneof![algorithm().prop_map(Value::from), json_value()];
    let optional = |v: BoxedStrategy<Value>| prop::option::weighted(0.7, v);
    let seed = optional(prop_oneof![any::<u64>().prop_map(Value::from), json_value()].boxed());
    let budget = optional(prop_oneof![(0u64..2000).prop_map(Value::from), json_value()].boxed());
    let extra = optional(json_value().boxed());
    let candidates = optional(prop_oneof![(0u64..13).prop_map(Value::from), json_value()].boxed());
    let level = optional(prop_oneof![(0u64..13).prop_map(Value::from), json_value()].boxed());
    let plausible_rules = (
        optional(prop_oneof![any::<bool>().prop_map(Value::from), json_value()].boxed()),
        optional(prop_oneof![(0u64..13).prop_map(Value::from), json_value()].boxed()),
        optional(json_value().boxed()),
    )
        .prop_map(|(touching, salvo, extra)| {
            let mut rules = json!({});
            for (key, value) in [("touching", touching), ("salvo", salvo), ("diagonal", extra)] {
                if let Some(v) = value {
                    rules[key] = v;
                }
            }
            rules
        });
    let rules = optional(prop_oneof![plausible_rules, json_value()].boxed());
    let strategy = (board, ships, optional(algorithm.boxed()), seed, budget, (extra, rules, candidates, level));
    check_property(strategy, |app, (board, ships, algorithm, seed, budget, (extra, rules, candidates, level))| {
        let mut request = json!({"board": board, "ships": ships});
        for (key, value) in [
            ("algorithm", algorithm),
            ("seed", seed),
            ("budget_ms", budget),
            ("color", extra),
            ("rules", rules),
            ("candidates", candidates),
            ("level", level),
        ] {
            if let Some(v) = value {
                request[key] = v;
            }
        }
        let (status, content_type, body) = app.call(post(&request));
        if status == 200 {
            assert_answer(&request, status, &body)
        } else {
            assert_problem(status, &content_type, &body)
        }
    });
}

#[test]
fn made_up_bytes_get_a_problem_never_a_5xx() {
    let content_type =
        prop::sample::select(vec!["application/json", "text/plain", "application/json; charset=utf-8", ""]);
    let body = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        "[\\[\\]{}\":,0-9a-z.ox# ]{0,300}".prop_map(String::into_bytes),
    ];
    check_property((content_type, body), |app, (content_type, body)| {
        let mut req = web_test::TestRequest::post().uri("/recommend").set_payload(body);
        if !content_type.is_empty() {
            req = req.insert_header(("content-type", content_type));
        }
        let (status, content_type, answer) = app.call(req.to_request());
        if status == 200 {
            return Ok(()); // a made-up body can be a valid request; the other properties check those
        }
        assert_problem(status, &content_type, &answer)
    });
}

/// The `history` a backend records for `game`'s hidden layout after firing `turns`, answered as
/// `announce` tells it (ships named `s0`, `s1`, ...): one shot a turn, or salvoes.
fn history_of(layout: &sonar::Layout, turns: &[Vec<Pos>], announce: &str) -> Value {
    let owner = |p: Pos| layout.ships.iter().position(|s| s.cells().any(|c| c == p));
    let label = |p: Pos| p.label();
    let mut hits = vec![0usize; layout.ships.len()];
    let mut salvoes = Vec::new();
    for turn in turns {
        let (mut shots, mut sunk) = (Vec::new(), Vec::new());
        for &p in turn {
            let Some(i) = owner(p) else {
                shots.push(json!({"cell": label(p), "result": "miss"}));
                continue;
            };
            hits[i] += 1;
            let mut shot = json!({"cell": label(p), "result": "hit"});
            if announce == "hit" {
                shot["ship"] = json!(format!("s{i}"));
            }
            shots.push(shot);
            if hits[i] == layout.ships[i].len && announce != "none" {
                sunk.push(match announce {
                    "sunk-cells" => json!({"ship": format!("s{i}"), "cells": layout.ships[i].cells().map(label).collect::<Vec<_>>()}),
                    _ => json!(format!("s{i}")),
                });
            }
        }
        salvoes.push(json!({"shots": shots, "sunk": sunk}));
    }
    let fleet: Vec<Value> =
        layout.ships.iter().enumerate().map(|(i, s)| json!({"name": format!("s{i}"), "length": s.len})).collect();
    json!({"rows": layout.rows, "cols": layout.cols, "fleet": fleet, "salvoes": salvoes})
}

#[test]
fn histories_from_real_games_get_a_legal_shot_and_made_up_ones_a_problem() {
    let fleet = prop::collection::vec(1usize..=5, 1..=4);
    let shape = (2usize..=9, 2usize..=9);
    let announce = prop::sample::select(vec!["sunk-cells", "sunk", "hit", "none"]);
    let rules = (any::<bool>(), 1u64..=3, announce, 0usize..4);
    // A scan turn with a true reading, of the block at (row, col) of up to 3 x 3 cells, before turn k.
    let scan = prop::option::of((0usize..9, 0usize..9, 0usize..20, any::<bool>()));
    let strategy = (shape, fleet, any::<u64>(), 0.0f64..1.0, algorithm(), any::<u64>(), rules, scan);
    check_property(
        strategy,
        |app, ((rows, cols), ships, layout_seed, fraction, algorithm, seed, (touching, salvo, announce, mutation), scan)| {
            let mut rng = seeded(layout_seed);
            let rules = Rules::new(touching, salvo).unwrap();
            let Ok(layout) = random_layout_under(rows, cols, &ships, rules, &mut rng) else {
                return Err(TestCaseError::reject("fleet does not fit"));
            };
            let mut cells: Vec<Pos> = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).collect();
            rand::seq::SliceRandom::shuffle(cells.as_mut_slice(), &mut rng);
            let shots = (fraction * cells.len() as f64) as usize;
            let mut game = Game::new(layout.clone());
            for &p in &cells[..shots] {
                game.fire(p).expect("each cell is fired once");
                if game.is_over() {
                    return Err(TestCaseError::reject("game over"));
                }
            }
            let turns: Vec<Vec<Pos>> = cells[..shots].chunks(salvo as usize).map(<[Pos]>::to_vec).collect();
            let mut history = history_of(&layout, &turns, announce);
            if let (Some((r, c, k, count)), Some(log)) = (scan, history["salvoes"].as_array_mut()) {
                let (r, c) = (r % rows, c % cols);
                let area: Vec<Pos> = (r..(r + 3).min(rows)).flat_map(|r| (c..(c + 3).min(cols)).map(move |c| Pos::new(r, c))).collect();
                let found = area.iter().filter(|p| layout.ships.iter().any(|s| s.cells().any(|q| q == **p))).count();
                let labels: Vec<String> = area.iter().map(|p| p.label()).collect();
                let scan = if count { json!({"count": found, "cells": labels}) } else { json!({"any": found > 0, "cells": labels}) };
                log.insert(k % log.len().max(1), json!({"scan": scan}));
            }
            let mut request = json!({
                "history": history, "algorithm": algorithm, "seed": seed,
                "rules": {"touching": touching, "salvo": salvo, "announce": announce},
            });
            let (status, _, body) = app.call(post(&request));
            // A history of a real game gets a shot at a cell never fired at, from a grid that is
            // zero on every cell fired at.
            prop_assert_eq!(status, 200, "request {} got {}", request, body);
            let fired: std::collections::HashSet<String> = cells[..shots].iter().map(|p| p.label()).collect();
            let shot = body["shot"]["label"].as_str().unwrap_or_default().to_owned();
            prop_assert!(!fired.contains(&shot), "{} fired twice: {}", shot, request);
            let grid = body["grid"].as_array().unwrap();
            prop_assert_eq!(grid.len(), rows);
            for p in &cells[..shots] {
                prop_assert_eq!(grid[p.row][p.col].as_f64(), Some(0.0));
            }
            prop_assert!(
                grid.iter()
                    .flat_map(|r| r.as_array().unwrap())
                    .all(|v| v.as_f64().is_some_and(|v| (0.0..=1.0).contains(&v)))
            );
            // The same history made up: a shot repeated, a ship renamed, a result flipped. Each is
            // an answer or a problem, never a 5xx.
            let Some(turn) = request["history"]["salvoes"].as_array_mut().and_then(|t| t.last_mut()).filter(|t| t.get("scan").is_none()) else {
                return Ok(());
            };
            match mutation {
                0 => {
                    let first = turn["shots"][0].clone();
                    turn["shots"].as_array_mut().unwrap().push(first);
                }
                1 => turn["sunk"] = json!(["nobody"]),
                2 => {
                    turn["shots"][0]["result"] =
                        json!(if turn["shots"][0]["result"] == "miss" { "hit" } else { "miss" })
                }
                _ => turn["shots"][0]["ship"] = json!("s0"),
            }
            let (status, content_type, body) = app.call(post(&request));
            if status != 200 {
                assert_problem(status, &content_type, &body)?;
            }
            Ok(())
        },
    );
}

#[test]
fn made_up_placements_keep_off_their_islands_or_get_a_problem() {
    // Small boards, any fleet, any style, islands as labels (some off the board, some not labels).
    let label = prop_oneof![
        4 => (0u8..8, 1u8..9).prop_map(|(r, c)| format!("{}{c}", (b'A' + r) as char)),
        1 => "[A-Za-z0-9]{0,3}",
    ];
    let blocked = prop::option::weighted(0.8, prop::collection::vec(label, 0..12));
    let style = prop::sample::select(vec!["uniform", "hard", "adaptive"]);
    let strategy =
        (1u64..8, 1u64..8, prop::collection::vec(1u64..6, 1..5), blocked, style, any::<bool>(), any::<u64>());
    check_property(strategy, |app, (rows, cols, ships, blocked, style, touching, seed)| {
        let request = json!({"rows": rows, "cols": cols, "ships": ships, "blocked": blocked, "style": style,
            "rules": {"touching": touching}, "seed": seed});
        let req = web_test::TestRequest::post().uri("/placement").set_json(&request).to_request();
        let (status, content_type, body) = app.call(req);
        if status != 200 {
            return assert_problem(status, &content_type, &body);
        }
        let board: Vec<&str> = body["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        for text in blocked.iter().flatten() {
            let p = Pos::from_label(text).unwrap();
            prop_assert_eq!(board[p.row].as_bytes()[p.col], b'^', "{} -> {}", request, body);
        }
        let islands = board.iter().flat_map(|r| r.bytes()).filter(|&b| b == b'^').count();
        let ship_cells = board.iter().flat_map(|r| r.bytes()).filter(|&b| b != b'^' && b != b'.').count();
        prop_assert!(islands <= blocked.as_ref().map_or(0, Vec::len));
        prop_assert_eq!(ship_cells as u64, ships.iter().sum::<u64>(), "{} -> {}", request, body);
        Ok(())
    });
}
