//! The arsenal's property: a board from a real game (random fleet, layout and shots, islands among
//! its cells, either touching rule) sent with a made-up arsenal (one to four power-ups of any kind,
//! areas of any shape, some of them wrong) gets a legal answer whose `action` is the plain shot or
//! a power-up held aimed on the board, or, for an arsenal that cannot be read, a 422
//! `invalid-arsenal` naming a path inside it; never a 5xx.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Value, json};
use sonar::{Cell, Game, Pos, Rules, random_layout_under, seeded};

use super::{assert_answer, assert_problem, check_property, post};

/// A made-up power-up: a kind (or a wrong one), an area of up to 4 x 4 cells each `X` or `.` (or
/// none), and its uses.
fn power_up() -> impl Strategy<Value = Value> {
    let kind = prop::sample::select(vec!["strike", "count", "any", "reveal", "torpedo", "laser"]);
    let area = prop::option::weighted(0.8, prop::collection::vec(prop::collection::vec(any::<bool>(), 1..=4), 1..=4));
    (kind, area, 0u64..=3).prop_map(|(kind, area, uses)| {
        let mut p = json!({"name": kind, "kind": kind, "uses": uses});
        if let Some(rows) = area {
            let width = rows[0].len();
            let rows: Vec<String> = rows
                .iter()
                .map(|r| (0..width).map(|c| if *r.get(c).unwrap_or(&true) { 'X' } else { '.' }).collect())
                .collect();
            p["area"] = json!(rows);
        }
        p
    })
}

#[test]
fn made_up_arsenals_get_a_legal_action_or_a_problem_naming_it() {
    let fleet = prop::collection::vec(1usize..=4, 1..=3);
    let strategy = (
        (2usize..=7, 2usize..=7),
        fleet,
        any::<u64>(),
        0.0f64..0.7,
        any::<bool>(),
        prop::collection::vec(power_up(), 1..=4),
    );
    check_property(strategy, |app, ((rows, cols), ships, layout_seed, fraction, touching, arsenal)| {
        let mut rng = seeded(layout_seed);
        let rules = Rules::new(touching, 1).unwrap();
        let Ok(layout) = random_layout_under(rows, cols, &ships, rules, &mut rng) else {
            return Err(TestCaseError::reject("fleet does not fit"));
        };
        let mut game = Game::new(layout);
        let cells: Vec<Pos> = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).collect();
        let shots = (fraction * cells.len() as f64) as usize;
        for &p in cells.iter().step_by(3).take(shots) {
            game.fire(p).expect("each cell is fired once");
            if game.is_over() {
                return Err(TestCaseError::reject("game over"));
            }
        }
        // The cells of water left unshot in the last row become islands.
        let mut board = game.board().to_rows();
        let ship_cells: Vec<Pos> = game.layout().ships.iter().flat_map(|s| s.cells()).collect();
        for c in (0..cols).filter(|&c| !ship_cells.contains(&Pos::new(rows - 1, c))) {
            if game.board().get(Pos::new(rows - 1, c)) == Cell::Unknown {
                board[rows - 1].replace_range(c..c + 1, "^");
            }
        }
        // Each its own name, but for one in eight arsenals, which hold a name twice.
        let mut arsenal = arsenal;
        let twice = layout_seed % 8 == 0 && arsenal.len() > 1;
        arsenal.iter_mut().enumerate().for_each(|(i, p)| p["name"] = json!(format!("p{}", if twice { 0 } else { i })));
        let request = json!({"board": board, "ships": game.fleet().lengths(), "seed": layout_seed,
            "rules": {"touching": touching}, "arsenal": arsenal});
        let (status, content_type, body) = app.call(post(&request));
        if status != 200 {
            assert_problem(status, &content_type, &body)?;
            prop_assert_eq!(status, 422, "{} -> {}", request, body);
            prop_assert_eq!(&body["type"], "urn:sonar:problem:invalid-arsenal", "{} -> {}", request, body);
            prop_assert!(body["field"].as_str().is_some_and(|f| f.starts_with("arsenal")), "{}", body);
            return Ok(());
        }
        assert_answer(&request, status, &body)?;
        let held: Vec<&Value> = arsenal.iter().filter(|p| p["uses"].as_u64() > Some(0)).collect();
        let actions = body["actions"].as_array().expect("an answer to an arsenal lists its actions");
        prop_assert!(actions.len() <= held.len(), "{}", body);
        let inside = |label: &Value| {
            let p = Pos::from_label(label.as_str().unwrap_or_default());
            p.filter(|p| p.row < rows && p.col < cols)
        };
        let on_sea = |label: &Value| inside(label).is_some_and(|p| board[p.row].as_bytes()[p.col] != b'^');
        for a in actions.iter().chain([&body["action"]]) {
            // An area may be aimed by an island; none of its cells is one.
            prop_assert!(inside(&a["anchor"]["label"]).is_some(), "{}", a);
            prop_assert!(a["cells"].as_array().unwrap().iter().all(on_sea), "{}", a);
            prop_assert!(a["expected_hits"].as_f64().is_some_and(|h| (0.0..=16.0).contains(&h)), "{}", a);
        }
        let action = &body["action"];
        if action["kind"] == "shot" {
            prop_assert_eq!(&action["anchor"]["label"], &body["shot"]["label"]);
        } else {
            prop_assert!(action["value"].as_f64() > Some(0.0), "{}", action);
            prop_assert!(actions.contains(action), "the action is one of the actions: {}", body);
        }
        Ok(())
    });
}
