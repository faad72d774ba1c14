//! Power-ups through `POST /recommend`: `arsenal` sent with a board, the answer's `action` and
//! `actions` done by a client that keeps its own board, and the 422 of each way to get the
//! arsenal wrong.

use std::collections::HashSet;

use crate::helpers::{app, check_contract, post_json_to, shot_of};
use serde_json::{Value, json};
use sonar::http::AppState;
use sonar::{Cell, Game, Pos, random_layout, seeded};

fn missile() -> Value {
    json!({"name": "missile", "kind": "strike", "area": ["XXX", "XXX", "XXX"], "uses": 1})
}

fn torpedo() -> Value {
    json!({"name": "torpedo", "kind": "torpedo", "uses": 2})
}

fn radar() -> Value {
    json!({"name": "radar", "kind": "count", "area": ["XXX", "XXX", "XXX"], "uses": 2})
}

fn pos(label: &Value) -> Pos {
    Pos::from_label(label.as_str().unwrap()).unwrap()
}

/// The client's side of a game: the referee's game, the water it learned without shooting (a
/// torpedo's wake) and the scans so far.
struct Client {
    game: Game,
    water: HashSet<Pos>,
    scans: Vec<Value>,
    /// Shots the strikes fired.
    struck: usize,
}

impl Client {
    fn board(&self) -> Vec<String> {
        let mut rows = self.game.board().to_rows();
        for p in &self.water {
            if self.game.board().get(*p) == Cell::Unknown {
                rows[p.row].replace_range(p.col..p.col + 1, "o");
            }
        }
        rows
    }

    fn is_ship(&self, p: Pos) -> bool {
        self.game.ship_at(p).is_some()
    }

    /// Does what the answer's `action` says, as the game's rules define each kind.
    fn act(&mut self, action: &Value) {
        let cells: Vec<Pos> = action["cells"].as_array().unwrap().iter().map(pos).collect();
        match action["kind"].as_str().unwrap() {
            "shot" => {
                assert_eq!(cells.len(), 1);
                self.game.fire(cells[0]).expect("the shot is at an open cell");
            }
            "strike" => {
                for p in cells {
                    if self.game.board().get(p) == Cell::Unknown && !self.water.contains(&p) && !self.game.is_over() {
                        self.game.fire(p).unwrap();
                        self.struck += 1;
                    }
                }
            }
            "torpedo" => {
                for p in cells {
                    match self.game.board().get(p) {
                        Cell::Unknown if self.is_ship(p) => {
                            self.game.fire(p).unwrap();
                            break;
                        }
                        Cell::Unknown => {
                            self.water.insert(p);
                        }
                        Cell::Miss => {}
                        _ => break,
                    }
                }
            }
            "count" => {
                let found = cells.iter().filter(|&&p| self.is_ship(p)).count();
                let labels: Vec<String> = cells.iter().map(|p| p.label()).collect();
                self.scans.push(json!({"count": found, "cells": labels}));
            }
            other => panic!("no such kind in this arsenal: {other}"),
        }
    }
}

/// Whole games by a client holding a missile, two torpedoes and a radar of two uses that does
/// what every answer's `action` says: every game ends, every power-up is used at most as often as
/// it is held, the action's cells are where its anchor aims it, and a plain shot is the answer's
/// `shot`. The games take fewer turns than shots: the strike fired many in one.
#[actix_web::test]
async fn games_with_an_arsenal_are_played_to_the_end_as_the_answers_say() {
    let app = app(AppState::new()).await;
    for seed in 0..3u64 {
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(300 + seed)).unwrap();
        let mut client = Client { game: Game::new(layout), water: HashSet::new(), scans: Vec::new(), struck: 0 };
        let mut arsenal = vec![missile(), torpedo(), radar()];
        let (mut turns, mut used) = (0, 0);
        while !client.game.is_over() {
            turns += 1;
            assert!(turns <= 100, "seed {seed}: the game must end");
            arsenal.retain(|p| p["uses"].as_u64().unwrap() > 0);
            let request = json!({"board": client.board(), "ships": client.game.fleet().lengths(), "seed": seed,
                "observations": client.scans, "arsenal": arsenal});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{request} -> {answer}");
            check_contract(&request, &answer);
            let action = &answer["action"];
            let held: Vec<&str> = arsenal.iter().map(|p| p["name"].as_str().unwrap()).collect();
            assert_eq!(answer["actions"].as_array().unwrap().len(), held.len(), "{answer}");
            if action["kind"] == "shot" {
                assert_eq!(pos(&action["anchor"]["label"]), shot_of(&answer));
                assert_eq!(action["value"], 0.0);
            } else {
                assert!(action["value"].as_f64().unwrap() > 0.0, "{action}");
                let k = held.iter().position(|&n| n == action["name"]).expect("a power-up held");
                let uses = arsenal[k]["uses"].as_u64().unwrap();
                arsenal[k]["uses"] = json!(uses - 1);
                used += 1;
                if action["kind"] != "torpedo" {
                    let anchor = pos(&action["anchor"]["label"]);
                    assert!(action["cells"].as_array().unwrap().iter().map(pos).all(|p| p.row >= anchor.row
                        && p.row < anchor.row + 3
                        && p.col >= anchor.col
                        && p.col < anchor.col + 3));
                }
            }
            client.act(action);
        }
        assert!((1..=5).contains(&used), "seed {seed}: {used} power-ups used of 5");
        assert!(client.struck > 1, "seed {seed}: the strike fired several shots in one turn");
    }
}

/// A scan's answer, sent back, is not asked for again, by `bayes` or by an algorithm that reads no
/// observations (the choice reads them all); nor is an area whose answer the board already gives
/// (a yes/no scan over a sunk ship's cells).
#[actix_web::test]
async fn a_scan_answered_is_not_asked_again() {
    let app = app(AppState::new()).await;
    for algorithm in ["bayes", "density"] {
        let radar = json!({"name": "radar", "kind": "count", "area": ["XXX", "XXX", "XXX"], "uses": 100});
        let mut observations: Vec<Value> = Vec::new();
        let mut asked = HashSet::new();
        for _ in 0..3 {
            let request = json!({"board": vec!["......"; 6], "ships": [3, 2], "seed": 1, "algorithm": algorithm,
                "observations": observations, "arsenal": [radar]});
            let (status, answer) = post_json_to(&app, "/recommend", &request).await;
            assert_eq!(status, 200, "{answer}");
            assert_eq!(answer["action"]["kind"], "count", "{algorithm}: {answer}");
            let cells = answer["action"]["cells"].clone();
            assert!(asked.insert(cells.to_string()), "{algorithm} asked {cells} twice");
            // Whatever the answer, here 1: it is sent back with the next board.
            observations.push(json!({"count": 1, "cells": cells}));
        }
    }
    let any = json!({"name": "scanner", "kind": "any", "area": ["XXX"], "uses": 1});
    let request = json!({"board": ["##...", "ooooo"], "ships": [2], "seed": 1, "arsenal": [any]});
    let (status, answer) = post_json_to(&app, "/recommend", &request).await;
    assert_eq!(status, 200, "{answer}");
    let cells: Vec<&str> =
        answer["actions"][0]["cells"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(!cells.contains(&"A1") && !cells.contains(&"A2"), "a scan over the sunk ship tells nothing: {answer}");
}

/// Without `arsenal` the answer has neither `action` nor `actions`.
#[actix_web::test]
async fn an_answer_without_an_arsenal_has_no_action() {
    let app = app(AppState::new()).await;
    let request = json!({"board": vec![".".repeat(10); 10], "ships": [5, 4, 3, 3, 2], "seed": 1});
    let (status, answer) = post_json_to(&app, "/recommend", &request).await;
    assert_eq!(status, 200);
    assert!(answer.get("action").is_none() && answer.get("actions").is_none(), "{answer}");
}

/// A row whose ship of three lies at one end or the other: a torpedo along it hits for certain
/// and proves water half the time, worth more than the sure plain shot (which proves none), so it
/// is the action, expecting one hit.
#[actix_web::test]
async fn a_sure_torpedo_that_proves_water_is_taken() {
    let app = app(AppState::new()).await;
    let request = json!({"board": ["....", "oooo"], "ships": [3], "seed": 3, "arsenal": [torpedo()]});
    let (status, answer) = post_json_to(&app, "/recommend", &request).await;
    assert_eq!(status, 200, "{answer}");
    let action = &answer["action"];
    assert_eq!(action["kind"], "torpedo", "{answer}");
    assert_eq!(action["expected_hits"], 1.0);
    let (anchor, direction) = (action["anchor"]["label"].as_str().unwrap(), action["direction"].as_str().unwrap());
    assert!([("A1", "right"), ("A4", "left")].contains(&(anchor, direction)), "{action}");
    assert_eq!(answer["actions"][0], *action);
}

/// Each way to get an arsenal wrong is a 422 `invalid-arsenal` naming its path.
#[actix_web::test]
async fn a_bad_arsenal_is_a_422_naming_its_path() {
    let app = app(AppState::new()).await;
    let cases: Vec<(Value, Value, &str)> = vec![
        (json!([missile(), {"name": "laser", "kind": "laser", "uses": 1}]), json!(null), "arsenal[1].kind"),
        (json!([{"name": "t", "kind": "torpedo", "area": ["X"], "uses": 1}]), json!(null), "arsenal[0].area"),
        (json!([{"name": "r", "kind": "count", "uses": 1}]), json!(null), "arsenal[0].area"),
        (json!([{"name": "r", "kind": "any", "area": ["...", "..."], "uses": 1}]), json!(null), "arsenal[0].area"),
        (json!([{"name": "r", "kind": "reveal", "area": ["XX", "X"], "uses": 1}]), json!(null), "arsenal[0].area"),
        (json!([{"name": "m", "kind": "strike", "area": ["X"], "uses": 0}]), json!(null), "arsenal[0].uses"),
        (json!([{"name": "", "kind": "strike", "area": ["X"], "uses": 1}]), json!(null), "arsenal[0].name"),
        (json!(vec![missile(); 17]), json!(null), "arsenal"),
        (json!([missile()]), json!({"salvo": 2}), "arsenal"),
    ];
    for (arsenal, rules, field) in cases {
        let request =
            json!({"board": vec![".".repeat(10); 10], "ships": [5, 4, 3, 3, 2], "arsenal": arsenal, "rules": rules});
        let (status, answer) = post_json_to(&app, "/recommend", &request).await;
        assert_eq!(status, 422, "{request} -> {answer}");
        assert_eq!(answer["type"], "urn:sonar:problem:invalid-arsenal", "{answer}");
        assert_eq!(answer["field"], field, "{answer}");
    }
}
