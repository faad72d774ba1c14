//! The repeated game's report: each shooter against each hider over the games after the warmup,
//! paired with the first hider by series; and its games as CSV, written by a shard and read back
//! to merge.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use thiserror::Error;

use super::series::SeriesGame;
use super::stats::Summary;

/// The CSV header of a series' games.
pub const HEADER: &str = "shooter,hider,series,game,shots";

/// Writes the games as CSV.
pub fn write_csv(w: &mut impl Write, games: &[SeriesGame]) -> io::Result<()> {
    writeln!(w, "{HEADER}")?;
    for g in games {
        writeln!(w, "{},{},{},{},{}", g.shooter, g.hider, g.series, g.game, g.shots)?;
    }
    Ok(())
}

/// A line of a series CSV that is not a game.
#[derive(Debug, Error)]
#[error("line {line}: {problem}")]
pub struct CsvError {
    pub line: usize,
    pub problem: String,
}

/// Reads games written by [`write_csv`] (one file's text; header lines are skipped).
pub fn read_csv(text: &str) -> Result<Vec<SeriesGame>, CsvError> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line == HEADER {
            continue;
        }
        let bad = |problem: &str| CsvError { line: i + 1, problem: problem.to_owned() };
        let parts: Vec<&str> = line.split(',').collect();
        let [shooter, hider, series, game, shots] = parts[..] else {
            return Err(bad(&format!("expected 5 fields ({HEADER})")));
        };
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad(&format!("{s:?} is not a count")));
        games.push(SeriesGame {
            shooter: shooter.to_owned(),
            hider: hider.to_owned(),
            series: number(series)?,
            game: number(game)?,
            shots: number(shots)?,
        });
    }
    Ok(games)
}

/// The report: per shooter and hider, the mean shots of the games from `warmup` on, and the paired
/// difference with the shooter's first hider (series by series: each series' mean against the
/// same series' under the first hider; 95% interval over series).
pub fn table(games: &[SeriesGame], warmup: usize) -> String {
    // shooter -> hider -> series -> shots of the measured games; in order of first appearance.
    let mut order: Vec<(String, Vec<String>)> = Vec::new();
    let mut by: BTreeMap<(String, String), BTreeMap<usize, Vec<f64>>> = BTreeMap::new();
    for g in games {
        match order.iter_mut().find(|(s, _)| *s == g.shooter) {
            Some((_, hiders)) if !hiders.contains(&g.hider) => hiders.push(g.hider.clone()),
            Some(_) => {}
            None => order.push((g.shooter.clone(), vec![g.hider.clone()])),
        }
        let series = by.entry((g.shooter.clone(), g.hider.clone())).or_default().entry(g.series).or_default();
        if g.game >= warmup {
            series.push(g.shots as f64);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Games from {} on of each series; paired with the shooter's first hider series by series.",
        warmup + 1
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "| shooter | hider | series | games | mean ± 95% | − first hider (95% interval) |");
    let _ = writeln!(out, "| --- | --- | ---: | ---: | ---: | --- |");
    for (shooter, hiders) in &order {
        let base = &by[&(shooter.clone(), hiders[0].clone())];
        for hider in hiders {
            let runs = &by[&(shooter.clone(), hider.clone())];
            let all: Vec<f64> = runs.values().flatten().copied().collect();
            if all.is_empty() {
                continue;
            }
            let s = Summary::of(&all);
            let diffs: Vec<f64> = runs
                .iter()
                .filter_map(|(k, v)| {
                    let b = base.get(k)?;
                    (!v.is_empty() && !b.is_empty()).then(|| mean(v) - mean(b))
                })
                .collect();
            let paired = if hider == &hiders[0] || diffs.len() < 2 {
                "".to_owned()
            } else {
                let d = Summary::of(&diffs);
                format!("{:+.2} ({:+.2} to {:+.2})", d.mean, d.mean - d.ci95, d.mean + d.ci95)
            };
            let _ = writeln!(
                out,
                "| `{shooter}` | `{hider}` | {} | {} | {:.2} ± {:.2} | {paired} |",
                runs.len(),
                s.n,
                s.mean,
                s.ci95
            );
        }
    }
    out
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hiding::habit::Habit;
    use crate::shooting::algorithm::Algorithm;
    use crate::simulate::series::{Hider, run_series, small_config};
    use crate::simulate::shard::Shard;

    #[test]
    fn the_report_pairs_series_and_the_csv_reads_back() {
        let c =
            small_config(&[Algorithm::Middlemost], &[Hider::Habit(Habit::Uniform), Hider::Habit(Habit::HardOf(64))]);
        let games = run_series(&c, Shard::WHOLE, &|_| {}).unwrap();
        let mut csv = Vec::new();
        write_csv(&mut csv, &games).unwrap();
        let text = String::from_utf8(csv).unwrap();
        assert_eq!(read_csv(&text).unwrap(), games);
        assert_eq!(read_csv(&format!("{text}{text}")).unwrap().len(), 2 * games.len(), "headers are skipped");
        assert_eq!(
            read_csv("a,b,c").unwrap_err().to_string(),
            "line 1: expected 5 fields (shooter,hider,series,game,shots)"
        );
        let report = table(&games, 3);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 6, "{report}");
        // Each row: 4 series of 5 measured games; the second paired with the first.
        let mean = |hider: &str| {
            let v: Vec<f64> =
                games.iter().filter(|g| g.hider == hider && g.game >= 3).map(|g| g.shots as f64).collect();
            v.iter().sum::<f64>() / v.len() as f64
        };
        assert!(
            lines[4].starts_with(&format!("| `middlemost` | `uniform` | 4 | 20 | {:.2} ± ", mean("uniform"))),
            "{report}"
        );
        assert!(lines[5].contains(&format!("| {:+.2} (", mean("hard:64") - mean("uniform"))), "{report}");
    }
}
