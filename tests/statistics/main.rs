//! The statistical checks: thousands of simulated games whose means, intervals and paired
//! differences the assertions read. Kept out of `cargo test` (`test = false` in `Cargo.toml`), so
//! that the product's fast tests stay fast; `.ci/run` runs them in release:
//!
//! ```sh
//! cargo test --release --test statistics
//! ```

use std::process::Command;

use serde_json::Value;
use sonar::simulate::{Config, Player, reports, run};
use sonar::{Algorithm, Habit, Level};

/// Each level is stronger than the one below it: over the same 500 hidden fleets, the paired
/// difference of every level's shots minus the level below's has its whole 95% interval below
/// zero. Density stands in for the default algorithm (same layer, a thousand times cheaper); the
/// committed 10,000-game table of the default algorithm is checked the same way by the API tests
/// (`tests/api/levels.rs`).
#[test]
fn the_levels_means_are_ordered_over_paired_games() {
    let players = Level::all().map(|l| Player::at(Algorithm::Density, l)).collect();
    let config = Config { games: 500, seed: 4, ..Config::classic(players) };
    let reports = reports(&run(&config, &|_| {}).unwrap());
    for r in &reports[1..] {
        let d = r.paired_vs_previous.as_ref().expect("every row after the first");
        assert!(d.ci95_high < 0.0, "level {:?} against {}: {d:?}", r.level, d.against);
    }
    assert!(reports[0].mean > 68.0, "level 1 averages {:.2}", reports[0].mean);
}

/// Hard layouts cost a shooter that assumes uniform layouts: live over 1,000 games each with
/// `density`, and in the committed 10,000-game tables for `bayes` (of `hard:64`, the style before it
/// was made safe for learners), by more than the two means' intervals together.
#[test]
fn hard_layouts_cost_uniform_shooters_measurably_more() {
    let mean = |placement| {
        let config = Config { seed: 2, placement, ..Config::classic(vec![Player::full(Algorithm::Density)]) };
        run(&config, &|_| {}).unwrap()[0].summary()
    };
    let (uniform, hard) = (mean(Habit::Uniform), mean(Habit::Hard));
    assert!(hard.mean - uniform.mean > hard.ci95 + uniform.ci95, "density: uniform {uniform:?}, hard {hard:?}");

    let bayes = |text: &str| -> Value {
        let line = text.lines().find(|l| l.contains("\"algorithm\":\"bayes\"")).expect("a bayes row");
        serde_json::from_str(line).unwrap()
    };
    let uniform = bayes(include_str!("../../data/strength.jsonl"));
    let hard = bayes(include_str!("../../data/hard_placement.jsonl"));
    for row in [&uniform, &hard] {
        assert_eq!(row["games"], 10_000);
    }
    let gap = hard["mean"].as_f64().unwrap() - uniform["mean"].as_f64().unwrap();
    let noise = hard["ci95"].as_f64().unwrap() + uniform["ci95"].as_f64().unwrap();
    assert!(gap > noise, "bayes: hard costs {gap:.2} shots, intervals {noise:.2}");
}

/// The simulator's self-test: the random shooter lands within its interval of k(n+1)/(k+1). The
/// run's mean, 95.39, is pinned too: any change to how the random shooter draws moves it.
#[test]
fn random_shooter_self_test_passes_and_its_seeded_mean_is_pinned() {
    let run = Command::new(env!("CARGO_BIN_EXE_sonar"))
        .args(["simulate", "--algorithm", "random", "--games", "3000", "--seed", "3"])
        .env_remove("JOB_COMPLETION_INDEX")
        .output()
        .expect("the binary runs");
    let (out, err) = (String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "{out}{err}");
    assert!(out.contains("self-test PASS"), "{out}");
    assert!(out.contains("95.39"), "{out}");
}
