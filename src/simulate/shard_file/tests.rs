//! Tests of the shard files: writing, reading and merging them back into the whole run.

use super::*;
use crate::game::board::BoardSize;
use crate::game::rules::Rules;
use crate::hiding::habit::Habit;
use crate::shooting::action::Policy;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Level;
use crate::simulate::Player;
use crate::simulate::arsenal::PowerUpSpec;
use crate::simulate::report::{self, AlgorithmReport};
use crate::simulate::{run, run_shard};

/// The classic game with three light algorithms, and a smaller board with levels, the hard
/// placement, the no-touch rules and salvos of 2, and a small board on which density holds a
/// torpedo and a radar, used best and never; game counts that no shard count divides.
fn configs() -> Vec<Config> {
    let classic = Config {
        games: 61,
        seed: 7,
        ..Config::classic(vec![
            Player::full(Algorithm::Density),
            Player::full(Algorithm::Checkerboard),
            Player::full(Algorithm::Random),
        ])
    };
    let small = Config {
        players: vec![
            Player::at(Algorithm::Density, Level::new(2).unwrap()),
            Player::at(Algorithm::Density, Level::new(9).unwrap()),
            Player::full(Algorithm::RandomFlood),
        ],
        games: 47,
        seed: 3,
        size: BoardSize { rows: 7, cols: 8 },
        ships: vec![4, 3, 2],
        keep_shots: false,
        budget_ms: 3,
        rules: Rules::new(false, 2).unwrap(),
        placement: Habit::Hard,
        learn: 0,
        oracle: false,
        islands: 0,
        clock: false,
        arsenal: Vec::new(),
    };
    let torpedo = PowerUpSpec { name: "torpedo".into(), kind: "torpedo".into(), area: None, uses: 1 };
    let radar = PowerUpSpec { name: "radar".into(), kind: "count".into(), area: Some(vec!["XX".into()]), uses: 1 };
    let armed = Config {
        players: [Policy::Best, Policy::Never].map(|p| Player::full(Algorithm::Density).with_policy(p)).to_vec(),
        games: 9,
        size: BoardSize { rows: 6, cols: 6 },
        ships: vec![3, 2],
        arsenal: vec![torpedo, radar],
        ..Config::classic(Vec::new())
    };
    vec![classic, small, armed]
}

/// Plays every shard of `count`, writes each as the command does, and reads it back.
fn shards(config: &Config, count: usize) -> Vec<ShardFile> {
    (0..count)
        .map(|k| {
            let shard = Shard::new(k, count).unwrap();
            let runs = run_shard(config, shard, &|_| {}).unwrap();
            let mut out = Vec::new();
            write(&mut out, config, shard, &runs).unwrap();
            read(&format!("shard-{k}"), &out[..]).unwrap()
        })
        .collect()
}

/// The report with its clock readings zeroed: what must not depend on how a run was split.
fn without_timing(mut r: AlgorithmReport) -> AlgorithmReport {
    r.us_per_game = 0.0;
    r.games_per_second_per_core = 0.0;
    (r.move_us_p50, r.move_us_p99, r.move_us_max) = (0.0, 0.0, 0.0);
    r
}

/// Every output of a run but its timings: the JSON lines, the table, the self-test, the CSV.
fn outputs(config: &Config, runs: &[AlgorithmRun]) -> (Vec<String>, String, Option<(bool, String)>, String) {
    let reports: Vec<AlgorithmReport> = report::reports(runs).into_iter().map(without_timing).collect();
    let json = reports.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
    let mut csv = Vec::new();
    report::write_csv(&mut csv, config, runs).unwrap();
    (json, report::table(config, &reports), report::self_test(config, runs), String::from_utf8(csv).unwrap())
}

/// A game's index, shots, turns, hits and sink turns.
type Game = (usize, usize, usize, usize, Vec<(usize, usize)>);

/// The games themselves, timings aside.
fn games(runs: &[AlgorithmRun]) -> Vec<Vec<Game>> {
    runs.iter()
        .map(|r| r.games.iter().map(|g| (g.game, g.shots, g.turns, g.hits, g.sunk_at.clone())).collect())
        .collect()
}

#[test]
fn merged_shards_give_the_unsharded_report() {
    for config in configs() {
        let whole = run(&config, &|_| {}).unwrap();
        let expected = outputs(&config, &whole);
        // More shards than games: the last ones have no game.
        for count in [1, 2, 3, 7, config.games + 3] {
            let mut files = shards(&config, count);
            files.reverse();
            let (merged_config, merged) = merge(files).unwrap();
            assert_eq!(merged_config, Config { keep_shots: false, ..config.clone() });
            assert_eq!(games(&merged), games(&whole), "{count} shards");
            assert_eq!(outputs(&merged_config, &merged), expected, "{count} shards");
        }
    }
}

#[test]
fn a_shard_plays_its_games_as_the_whole_run_does() {
    let config = &configs()[1];
    let whole = run(config, &|_| {}).unwrap();
    let shard = Shard::new(2, 5).unwrap();
    let part = run_shard(config, shard, &|_| {}).unwrap();
    for (w, p) in whole.iter().zip(&part) {
        let indices: Vec<usize> = p.games.iter().map(|g| g.game).collect();
        assert_eq!(indices, (2..config.games).step_by(5).collect::<Vec<_>>());
        for g in &p.games {
            let same = &w.games[g.game];
            assert_eq!((g.shots, g.turns, g.hits, &g.sunk_at), (same.shots, same.turns, same.hits, &same.sunk_at));
        }
    }
}

/// Records carry every figure, timings included, exactly: the whole run written as shard 0/1
/// and merged gives its report to the last digit.
#[test]
fn records_round_trip_exactly() {
    let config = &configs()[0];
    let whole = run(config, &|_| {}).unwrap();
    let mut out = Vec::new();
    write(&mut out, config, Shard::WHOLE, &whole).unwrap();
    let (_, merged) = merge(vec![read("whole", &out[..]).unwrap()]).unwrap();
    let json = |runs: &[AlgorithmRun]| {
        report::reports(runs).iter().map(|r| serde_json::to_string(r).unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(json(&merged), json(&whole));
}

fn small() -> Config {
    Config {
        games: 10,
        seed: 4,
        size: BoardSize { rows: 6, cols: 6 },
        ships: vec![3, 2],
        ..Config::classic(vec![Player::full(Algorithm::Density), Player::full(Algorithm::Random)])
    }
}

fn error(files: Vec<ShardFile>) -> String {
    merge(files).map(|_| ()).unwrap_err().to_string()
}

#[test]
fn merge_refuses_a_missing_or_repeated_shard() {
    let config = small();
    let mut files = shards(&config, 4);
    files.remove(2);
    assert_eq!(error(files), "missing shard 2/4 of the 4");
    let mut files = shards(&config, 4);
    files.truncate(1);
    assert_eq!(error(files), "missing shards 1/4, 2/4, 3/4 of the 4");
    let mut files = shards(&config, 3);
    files.extend(shards(&config, 3).into_iter().skip(1).take(1));
    assert_eq!(error(files), "shard 1/3 given twice: shard-1 and shard-1");
    assert_eq!(error(Vec::new()), "no shard to merge");
    let mut files = shards(&config, 1);
    files[0].header.shard = Shard::new(0, 1 << 40).unwrap();
    let e = error(files);
    assert!(
        e.starts_with("missing shards 1/1099511627776, 2/1099511627776,")
            && e.ends_with("and 1099511627765 more of the 1099511627776"),
        "{e}"
    );
}

#[test]
fn merge_refuses_shards_of_other_runs() {
    let config = small();
    let mut files = shards(&config, 2);
    files.extend(shards(&Config { seed: 5, ..small() }, 2).into_iter().skip(1));
    let e = error(files);
    assert!(e.contains("shard-1 is not from the run of shard-0") && e.contains("seed: 5 vs 4"), "{e}");
    let mut files = shards(&config, 2);
    files.extend(shards(&config, 3).into_iter().skip(1));
    let e = error(files);
    assert!(e.contains("shard-1 is shard 1/3 but shard-0 is shard 0/2"), "{e}");
    let mut files = shards(&config, 2);
    files[1].header.sonar = "0.0.1".into();
    let e = error(files);
    assert!(e.contains("written by sonar 0.0.1"), "{e}");
    let levels = Config { players: vec![Player::at(Algorithm::Density, Level::new(4).unwrap())], ..small() };
    let mut files = shards(&config, 2);
    files.extend(shards(&levels, 2).into_iter().skip(1));
    let e = error(files);
    assert!(e.contains(r#"players: [{"algorithm":"density","level":4}] vs [{"algorithm":"density"},"#), "{e}");
}

/// The text of shard `k` of `n` of the small run.
fn text(k: usize, n: usize) -> String {
    let config = small();
    let shard = Shard::new(k, n).unwrap();
    let mut out = Vec::new();
    write(&mut out, &config, shard, &run_shard(&config, shard, &|_| {}).unwrap()).unwrap();
    String::from_utf8(out).unwrap()
}

fn read_error(text: &str) -> String {
    read("f", text.as_bytes()).map(|_| ()).unwrap_err().to_string()
}

#[test]
fn read_refuses_what_is_not_a_whole_shard() {
    let good = text(1, 3);
    let lines: Vec<&str> = good.lines().collect();
    // 10 games, shard 1/3 has 1, 4, 7 for each of two players, and a header and an end line.
    assert_eq!(lines.len(), 8);
    assert!(read("f", good.as_bytes()).is_ok());
    assert!(read_error("").contains("f: empty"));
    assert!(read_error("30 games on 10x10\n").contains("f:1: not a shard's header"));
    let cut = lines[..5].join("\n");
    assert!(read_error(&cut).contains("f: no end line after 4 records"), "{}", read_error(&cut));
    let cut_mid_line = &good[..good.len() - 30];
    assert!(read_error(cut_mid_line).contains("f:7: not a game record"));
    let mut dropped = lines.clone();
    dropped.remove(2);
    let e = read_error(&dropped.join("\n"));
    assert!(e.contains("the end line counts 6 records, but 5 precede it"), "{e}");
    let repeated = [&lines[..3], &lines[2..6], &[r#"{"end":{"records":6}}"#]].concat().join("\n");
    assert!(read_error(&repeated).contains("f: game 4 of density appears twice"), "{}", read_error(&repeated));
    let missing = [&lines[..3], &lines[4..7], &[r#"{"end":{"records":5}}"#]].concat().join("\n");
    assert!(read_error(&missing).contains("f: game 7 of density is missing"), "{}", read_error(&missing));
    let foreign = good.replacen(r#""game":4,"#, r#""game":5,"#, 1);
    assert!(read_error(&foreign).contains("f:3: game 5 is not one of shard 1/3 of 10 games"));
    let after = format!("{good}{}\n", lines[1]);
    assert!(read_error(&after).contains("f:9: a line after the end line"));
    let logged = format!("{}\nWARN something\n{}", lines[0], lines[1..].join("\n"));
    assert!(read_error(&logged).contains("f:2: not a game record"));
    let unknown = good.replacen(r#""algorithm":"density""#, r#""algorithm":"nope""#, 1);
    assert!(read_error(&unknown).contains(r#"f:1: unknown algorithm "nope""#), "{}", read_error(&unknown));
    let newer = good.replacen(r#""version":2"#, r#""version":3"#, 1);
    assert!(read_error(&newer).contains("version 3; this sonar reads sonar-simulate-shard version 2"));
}

#[test]
fn shards_parse_and_partition() {
    assert_eq!("2/5".parse::<Shard>().unwrap(), Shard { index: 2, count: 5 });
    assert!("0/0".parse::<Shard>().unwrap_err().to_string().contains("at least 1"));
    assert!("3/3".parse::<Shard>().unwrap_err().to_string().contains("below N (0 to 2)"));
    assert!("2/x".parse::<Shard>().unwrap_err().to_string().contains("invalid digit"));
    assert!("2".parse::<Shard>().unwrap_err().to_string().contains("expected K/N"));
    let mut seen: Vec<usize> = (0..4).flat_map(|k| Shard::new(k, 4).unwrap().games(11)).collect();
    seen.sort();
    assert_eq!(seen, (0..11).collect::<Vec<_>>());
    assert_eq!(Shard::new(5, 7).unwrap().games(5).count(), 0);
    assert!(Shard::new(1, 3).unwrap().contains(7));
}

#[test]
fn calibration_players_cannot_be_sharded() {
    let weak = Player::swept(Algorithm::Density, Level::new(3).unwrap().weakness());
    let e = check(&Config::classic(vec![weak])).unwrap_err().to_string();
    assert!(e.contains("only levels can be sharded"), "{e}");
    let mut out = Vec::new();
    assert!(write(&mut out, &Config::classic(vec![weak]), Shard::WHOLE, &[]).is_err());
    assert!(out.is_empty());
}

/// A run without a habit, learning or an oracle writes the header version 2 always wrote (no
/// `learn`, no `oracle`), and one with them carries them through a shard and back.
#[test]
fn the_header_carries_the_habit_learning_and_the_oracle() {
    let config = Config { games: 2, ..small() };
    let header = |config: &Config| {
        let mut out = Vec::new();
        write(&mut out, config, Shard::WHOLE, &run(config, &|_| {}).unwrap()).unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        (text.lines().next().unwrap().to_owned(), read("whole", &out[..]).unwrap().header.config)
    };
    let (line, _) = header(&config);
    assert!(line.contains(r#""placement":"uniform""#) && !line.contains("learn") && !line.contains("oracle"), "{line}");
    let learning = Config { placement: Habit::Edge(0.5), learn: 3, ..config.clone() };
    let (line, read_back) = header(&learning);
    assert!(line.contains(r#""placement":"edge:0.5","learn":3"#), "{line}");
    assert_eq!(read_back, Config { keep_shots: false, ..learning });
    let told = Config { placement: Habit::Apart, oracle: true, ..config };
    let (line, read_back) = header(&told);
    assert!(line.contains(r#""placement":"apart","oracle":true"#), "{line}");
    assert_eq!(read_back, Config { keep_shots: false, ..told });
}
