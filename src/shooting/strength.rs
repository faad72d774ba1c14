//! The committed strength tables: each algorithm's, and each strength level's, mean shots to sink
//! the classic fleet on the classic board, as `sonar simulate` measured them, so that a client can
//! rank them (`GET /algorithms`) without running a simulation.
//!
//! The tables are the simulator's own `--json` output, embedded at build time:
//! `data/strength.jsonl` from [`COMMAND`] and `data/levels.jsonl` from [`LEVELS_COMMAND`].

use std::sync::OnceLock;

use serde::Deserialize;

use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Level;

/// The command that produced the algorithms' table.
pub const COMMAND: &str = "sonar simulate --algorithm all --games 10000 --seed 1 --json > data/strength.jsonl";
/// The command that produced the levels' table (the default algorithm at each level).
pub const LEVELS_COMMAND: &str =
    "sonar simulate --algorithm bayes --levels 1-10 --games 10000 --seed 1 --json > data/levels.jsonl";

const TABLE: &str = include_str!("../../data/strength.jsonl");
const LEVELS: &str = include_str!("../../data/levels.jsonl");

/// One algorithm's measured strength.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Measured {
    /// Games played.
    pub games: usize,
    /// Mean shots to sink the whole fleet.
    pub mean: f64,
    /// Half-width of the mean's 95% interval.
    pub ci95: f64,
    /// Standard deviation of the shots.
    pub sd: f64,
    pub median: f64,
    /// The paired difference with the row above (for levels: with the level below).
    #[serde(default)]
    pub paired_vs_previous: Option<Step>,
}

/// A paired difference of mean shots and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Step {
    pub mean: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
}

#[derive(Deserialize)]
struct Line {
    algorithm: String,
    #[serde(default)]
    level: Option<u64>,
    #[serde(flatten)]
    measured: Measured,
}

fn parse(text: &'static str, name: &str) -> Vec<Line> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Line>(l).unwrap_or_else(|e| panic!("{name} is the simulator's JSON: {e}")))
        .collect()
}

fn table() -> &'static Vec<(Algorithm, Measured)> {
    static PARSED: OnceLock<Vec<(Algorithm, Measured)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        parse(TABLE, "data/strength.jsonl")
            .into_iter()
            .filter_map(|l| Algorithm::from_name(&l.algorithm).map(|a| (a, l.measured)))
            .collect()
    })
}

/// The default algorithm's measured strength at each level, weakest first.
pub fn levels() -> &'static Vec<(Level, Measured)> {
    static PARSED: OnceLock<Vec<(Level, Measured)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        parse(LEVELS, "data/levels.jsonl")
            .into_iter()
            .filter(|l| l.algorithm == Algorithm::DEFAULT.name())
            .filter_map(|l| Some((Level::new(l.level?).ok()?, l.measured)))
            .collect()
    })
}

/// The algorithm's measured strength on the classic board, if the table has it.
pub fn classic(algorithm: Algorithm) -> Option<Measured> {
    table().iter().find(|(a, _)| *a == algorithm).map(|(_, m)| *m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_is_measured_over_ten_thousand_games() {
        for &a in Algorithm::ALL {
            let m = classic(a).unwrap_or_else(|| panic!("{} is not in data/strength.jsonl", a.name()));
            assert_eq!(m.games, 10_000, "{}", a.name());
            assert!((17.0..=100.0).contains(&m.mean) && m.ci95 > 0.0 && m.ci95 < 1.0, "{}: {m:?}", a.name());
        }
        // The random shooter's mean is known exactly: 17 * 101 / 18.
        let random = classic(Algorithm::Random).unwrap();
        assert!((random.mean - 17.0 * 101.0 / 18.0).abs() <= random.ci95);
    }

    /// `data/board_sizes.jsonl` (`tools/board_sizes.sh`, merged with `sonar simulate merge --json`):
    /// on every board and fleet it holds, the default algorithm's mean is at most
    /// `weighted-density`'s, and the paired interval's upper end at most 0.5% of the mean (the
    /// target of `docs/decisions/0005-bayes-hunts-by-the-placement-count.md`).
    #[test]
    fn the_default_is_level_with_the_heuristic_on_every_board_size() {
        #[derive(Deserialize)]
        struct Sized {
            algorithm: String,
            games: usize,
            mean: f64,
            size: String,
            ships: Vec<usize>,
            paired_vs_first: Option<Step>,
        }
        let lines: Vec<Sized> = include_str!("../../data/board_sizes.jsonl")
            .lines()
            .map(|l| serde_json::from_str(l).expect("data/board_sizes.jsonl is the simulator's JSON"))
            .collect();
        let mut boards = 0;
        for pair in lines.chunks(2) {
            let [bayes, wd] = pair else { panic!("bayes and weighted-density come in pairs") };
            assert_eq!(
                (bayes.algorithm.as_str(), wd.algorithm.as_str()),
                (Algorithm::DEFAULT.name(), "weighted-density")
            );
            assert_eq!((&bayes.size, &bayes.ships), (&wd.size, &wd.ships));
            assert!(bayes.games >= 1000 && bayes.size != "10x10", "{}", bayes.size);
            // The heuristic's line holds its paired difference against bayes: wd - bayes.
            let step = wd.paired_vs_first.expect("paired against bayes");
            let board = format!("{} {:?}", bayes.size, bayes.ships);
            assert!(bayes.mean <= wd.mean, "{board}: bayes {} against {}", bayes.mean, wd.mean);
            assert!(-step.ci95_low <= 0.005 * bayes.mean, "{board}: upper end {}", -step.ci95_low);
            boards += 1;
        }
        assert_eq!(boards, 5, "12x12, 15x15, 20x20 and 26x26 with two fleets");
    }
}
