//! The `sonar` binary's subcommands, run as a user would.

use std::process::Command;

use serde_json::Value;

fn sonar(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sonar")).args(args).output().expect("the binary runs");
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn without_timing(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line).unwrap();
    // Everything measured with a clock; the rest must not depend on the thread count.
    v.as_object_mut().unwrap().retain(|k, _| !(k.contains("us_") || k.contains("per_second")));
    v
}

#[test]
fn simulate_writes_every_output_and_ignores_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("sonar-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (csv, log, svg) = (dir.join("games.csv"), dir.join("games.md"), dir.join("shots.svg"));
    let base = ["simulate", "--algorithm", "density", "--games", "40", "--seed", "5", "--json"];
    let mut one = base.to_vec();
    one.extend(["--threads", "1", "--csv", csv.to_str().unwrap(), "--log", log.to_str().unwrap()]);
    one.extend(["--plot", svg.to_str().unwrap()]);
    let (ok, out1, err) = sonar(&one);
    assert!(ok, "{err}");
    let mut two = base.to_vec();
    two.extend(["--threads", "2"]);
    let (ok, out2, _) = sonar(&two);
    assert!(ok);
    let (l1, l2): (Vec<&str>, Vec<&str>) = (out1.lines().collect(), out2.lines().collect());
    assert_eq!(l1.len(), 1);
    assert_eq!(without_timing(l1[0]), without_timing(l2[0]));
    let r = without_timing(l1[0]);
    for field in ["algorithm", "games", "mean", "ci95", "sd", "median", "p95", "min", "max", "hit_rate"] {
        assert!(!r[field].is_null(), "missing {field}");
    }
    assert_eq!(r["games"], 40);
    let hit_rate = r["hit_rate"].as_f64().unwrap();
    assert!((17.0 / r["mean"].as_f64().unwrap() - hit_rate).abs() < 1e-9);

    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv.lines().count(), 41);
    assert!(csv.starts_with("algorithm,game,shots,ship1_len5_sunk_at"));
    let log = std::fs::read_to_string(&log).unwrap();
    assert_eq!(log.matches("## Game").count(), 40);
    assert_eq!(log.matches("sank the").count(), 40 * 5);
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("density (mean"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simulate_table_and_bad_options() {
    let (ok, out, _) =
        sonar(&["simulate", "--algorithm", "density", "--games", "20", "--size", "6x7", "--ships", "3,2"]);
    assert!(ok);
    assert!(out.starts_with("20 games on 6x7, fleet 3,2, seed 1"), "{out}");
    let (ok, _, err) = sonar(&["simulate", "--algorithm", "nope"]);
    assert!(!ok && err.contains("unknown algorithm"), "{err}");
    let (ok, _, err) = sonar(&["simulate", "--size", "10by10"]);
    assert!(!ok && err.contains("ROWSxCOLS"), "{err}");
    let (ok, _, err) = sonar(&["simulate", "--ships", "5,40"]);
    assert!(!ok && err.contains("ships[1]"), "{err}");
    for (flag, value, message) in [
        ("--levels", "0-3", "out of range"),
        ("--levels", "5-2", "must go up"),
        ("--levels", "x", "invalid digit"),
        ("--placement", "sneaky", "expected uniform or hard"),
    ] {
        let (ok, _, err) = sonar(&["simulate", "--algorithm", "density", "--games", "5", flag, value]);
        assert!(!ok && err.contains(message), "{flag} {value}: {err}");
    }
}

#[test]
fn simulate_levels_and_hard_placement() {
    let (ok, out, err) = sonar(&[
        "simulate",
        "--algorithm",
        "density",
        "--levels",
        "1,5-6,10",
        "--placement",
        "hard",
        "--games",
        "30",
        "--json",
    ]);
    assert!(ok, "{err}");
    let rows: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let levels: Vec<u64> = rows.iter().map(|r| r["level"].as_u64().unwrap()).collect();
    assert_eq!(levels, vec![1, 5, 6, 10]);
    for pair in rows.windows(2) {
        assert_eq!(pair[1]["paired_vs_previous"]["against"], format!("density L{}", pair[0]["level"]));
    }
    let (ok, out, _) = sonar(&["simulate", "--algorithm", "density", "--levels", "2,9", "--games", "30"]);
    assert!(ok && out.contains("density L9") && out.contains("against the row above"), "{out}");
}

#[test]
fn openapi_subcommand_prints_the_committed_document() {
    let (ok, out, _) = sonar(&["openapi"]);
    assert!(ok);
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json")).unwrap();
    assert_eq!(out, committed);
}

/// The simulator's self-test: the random shooter lands within its interval of k(n+1)/(k+1).
#[test]
fn random_shooter_self_test_passes() {
    let (ok, out, err) = sonar(&["simulate", "--algorithm", "random", "--games", "3000", "--seed", "3"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("self-test PASS"), "{out}");
    assert!(out.contains("95.39"), "{out}");
}
