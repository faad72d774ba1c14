//! The `sonar` binary's subcommands, run as a user would.

use std::process::Command;

use serde_json::Value;

fn sonar(args: &[&str]) -> (bool, String, String) {
    sonar_with(args, &[])
}

/// Runs the binary with `env` set besides the inherited environment (without any
/// `JOB_COMPLETION_INDEX` of the machine's own).
fn sonar_with(args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sonar"))
        .args(args)
        .env_remove("JOB_COMPLETION_INDEX")
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
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
        ("--placement", "sneaky", "expected uniform, hard, hard:k (k from 1 to 64), apart, parallel, edge:θ"),
        ("--placement", "edge:9", "expected uniform, hard, hard:k (k from 1 to 64), apart, parallel, edge:θ"),
        ("--size", "27x10", "each side must be between 1 and 26"),
        ("--ships", "5,x", "bad ship length \"x\""),
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

/// `--shard K/N` runs, and `--shards N` in an Indexed Job's pod, merged by `simulate merge`, print
/// what the unsharded run prints: the same JSON lines (timings aside), the same CSV, the same
/// table lines bar the timing columns, with the self-test.
#[test]
fn simulate_shards_merge_into_the_unsharded_report() {
    let dir = std::env::temp_dir().join(format!("sonar-cli-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let base = ["simulate", "--algorithm", "density,random", "--games", "50", "--seed", "9", "--ships", "4,3,3,2"];
    let (whole_csv, merged_csv) = (path("whole.csv"), path("merged.csv"));
    let (ok, whole_json, err) = sonar(&[&base[..], &["--json", "--csv", &whole_csv]].concat());
    assert!(ok, "{err}");
    let (ok, whole_table, err) = sonar(&base);
    assert!(ok, "{err}");

    let mut shards = Vec::new();
    for k in 0..3usize {
        let shard = format!("{k}/3");
        // Shard 2 takes its index from the environment, as in a Kubernetes Indexed Job.
        let (ok, out, err) = if k == 2 {
            sonar_with(
                &[&base[..], &["--shards", "3"]].concat(),
                &[("JOB_COMPLETION_INDEX", "2"), ("RUST_LOG", "debug")],
            )
        } else {
            sonar_with(&[&base[..], &["--shard", &shard, "--threads", "1"]].concat(), &[("RUST_LOG", "debug")])
        };
        assert!(ok, "{err}");
        // Nothing but records on standard output, whatever the log level.
        let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines[0]["shard"], shard);
        assert_eq!(lines.len(), 2 + 2 * (50 - k).div_ceil(3));
        let file = path(&format!("shard-{k}.jsonl"));
        std::fs::write(&file, out).unwrap();
        shards.push(file);
    }
    let files: Vec<&str> = shards.iter().rev().map(String::as_str).collect();

    let (ok, merged_json, err) =
        sonar(&[&["simulate", "merge"][..], &files, &["--json", "--csv", &merged_csv]].concat());
    assert!(ok, "{err}");
    let (whole, merged): (Vec<&str>, Vec<&str>) = (whole_json.lines().collect(), merged_json.lines().collect());
    assert_eq!(whole.len(), 2);
    assert_eq!(
        whole.iter().map(|l| without_timing(l)).collect::<Vec<_>>(),
        merged.iter().map(|l| without_timing(l)).collect::<Vec<_>>()
    );
    assert_eq!(
        std::fs::read_to_string(path("whole.csv")).unwrap(),
        std::fs::read_to_string(path("merged.csv")).unwrap()
    );

    let (ok, merged_table, err) = sonar(&[&["simulate", "merge"][..], &files].concat());
    assert!(ok, "{err}");
    // The rows (lines 2 and 3) hold timing columns; every other line must be identical.
    let others = |table: &str| {
        table.lines().enumerate().filter(|(i, _)| !(2..=3).contains(i)).map(|(_, l)| l.to_owned()).collect::<Vec<_>>()
    };
    assert_eq!(others(&whole_table), others(&merged_table));
    assert!(merged_table.starts_with("50 games on 10x10, fleet 4,3,3,2, seed 9"), "{merged_table}");
    assert!(
        merged_table.contains("paired difference against density") && merged_table.contains("self-test"),
        "{merged_table}"
    );
    let row =
        |table: &str, i: usize| table.lines().nth(i).unwrap().split_whitespace().take(9).collect::<Vec<_>>().join(" ");
    assert_eq!(row(&whole_table, 2), row(&merged_table, 2));

    let (ok, _, err) = sonar(&[&["simulate", "merge"][..], &files[..2]].concat());
    assert!(!ok && err.contains("missing shard 0/3 of the 3"), "{err}");
    let (ok, _, err) = sonar(&["simulate", "merge", &shards[0], &shards[1], &shards[1], &shards[2]]);
    assert!(!ok && err.contains("shard 1/3 given twice"), "{err}");
    let (ok, _, err) = sonar(&["simulate", "merge", &whole_csv]);
    assert!(!ok && err.contains("not a shard's header"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simulate_shard_options() {
    let shard = |value: &str| sonar(&["simulate", "--algorithm", "density", "--games", "5", "--shard", value]);
    for (value, message) in
        [("0/0", "at least 1"), ("3/3", "below N (0 to 2)"), ("2/x", "invalid digit"), ("1", "expected K/N")]
    {
        let (ok, _, err) = shard(value);
        assert!(!ok && err.contains(message), "--shard {value}: {err}");
    }
    // More shards than games: a shard with no game is valid, and empty.
    let (ok, out, err) = shard("6/7");
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 2);
    assert!(out.ends_with("{\"end\":{\"records\":0}}\n"), "{out}");

    let simulate = |extra: &[&str], env: &[(&str, &str)]| {
        sonar_with(&[&["simulate", "--algorithm", "density", "--games", "5"][..], extra].concat(), env)
    };
    for flag in [&["--json"][..], &["--csv", "x.csv"], &["--shards", "2"]] {
        let (ok, _, err) = simulate(&[&["--shard", "0/2"][..], flag].concat(), &[]);
        assert!(!ok && err.contains("cannot be used with"), "{flag:?}: {err}");
    }
    let (ok, _, err) = simulate(&["--shards", "2"], &[]);
    assert!(!ok && err.contains("JOB_COMPLETION_INDEX is not set"), "{err}");
    let (ok, _, err) = simulate(&["--shards", "2"], &[("JOB_COMPLETION_INDEX", "2")]);
    assert!(!ok && err.contains("below N (0 to 1)"), "{err}");
    let (ok, _, err) = simulate(&["--shards", "0"], &[("JOB_COMPLETION_INDEX", "0")]);
    assert!(!ok && err.contains("--shards"), "{err}");
    // An Indexed Job's variable changes nothing without --shards.
    let (ok, out, err) = simulate(&["--json"], &[("JOB_COMPLETION_INDEX", "1")]);
    assert!(ok && out.lines().count() == 1, "{err}");

    let (ok, _, err) = sonar(&["simulate", "merge"]);
    assert!(!ok && err.contains("FILE"), "{err}");
    let (ok, _, err) = sonar(&["simulate", "--games", "5", "merge", "x.jsonl"]);
    assert!(!ok && (err.contains("cannot be used with") || err.contains("unexpected argument")), "{err}");
    let (ok, _, err) = sonar(&["simulate", "merge", "/nonexistent/shard-0.jsonl"]);
    assert!(!ok && err.contains("/nonexistent/shard-0.jsonl: No such file"), "{err}");
}
