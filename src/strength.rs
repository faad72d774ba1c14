//! The committed strength table: each algorithm's mean shots to sink the classic fleet on the
//! classic board, as `sonar simulate` measured it, so that a client can rank the algorithms
//! (`GET /algorithms`) without running a simulation.
//!
//! The table is `docs/strength.jsonl`, the simulator's own `--json` output of
//! `sonar simulate --algorithm all --games 10000 --seed 1 --json > docs/strength.jsonl`, embedded
//! at build time.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::strategy::Algorithm;

/// The command that produced the table.
pub const COMMAND: &str = "sonar simulate --algorithm all --games 10000 --seed 1 --json > docs/strength.jsonl";

const TABLE: &str = include_str!("../docs/strength.jsonl");

/// One algorithm's measured strength.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Measured {
    /// Games played.
    pub games: usize,
    /// Mean shots to sink the whole fleet.
    pub mean: f64,
    /// Half-width of the mean's 95% interval.
    pub ci95: f64,
}

#[derive(Deserialize)]
struct Line {
    algorithm: String,
    #[serde(flatten)]
    measured: Measured,
}

fn table() -> &'static Vec<(Algorithm, Measured)> {
    static PARSED: OnceLock<Vec<(Algorithm, Measured)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<Line>(l).expect("docs/strength.jsonl is the simulator's JSON"))
            .filter_map(|l| Algorithm::from_name(&l.algorithm).map(|a| (a, l.measured)))
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
            let m = classic(a).unwrap_or_else(|| panic!("{} is not in docs/strength.jsonl", a.name()));
            assert_eq!(m.games, 10_000, "{}", a.name());
            assert!((17.0..=100.0).contains(&m.mean) && m.ci95 > 0.0 && m.ci95 < 1.0, "{}: {m:?}", a.name());
        }
        // The random shooter's mean is known exactly: 17 * 101 / 18.
        let random = classic(Algorithm::Random).unwrap();
        assert!((random.mean - 17.0 * 101.0 / 18.0).abs() <= random.ci95);
    }
}
