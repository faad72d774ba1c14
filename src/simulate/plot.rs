//! The distribution of shots per algorithm, drawn as an SVG chart.

use std::path::Path;

use plotters::prelude::*;

use super::AlgorithmRun;

/// Draws one line per algorithm: the share of games won in each number of shots.
pub fn draw(path: &Path, runs: &[AlgorithmRun], title: &str) -> Result<(), String> {
    let max_shots = runs.iter().flat_map(|r| r.games.iter().map(|g| g.shots)).max().unwrap_or(1);
    let min_shots = runs.iter().flat_map(|r| r.games.iter().map(|g| g.shots)).min().unwrap_or(0);
    let shares: Vec<Vec<(usize, f64)>> = runs
        .iter()
        .map(|r| {
            let mut hist = vec![0usize; max_shots + 1];
            for g in &r.games {
                hist[g.shots] += 1;
            }
            let n = r.games.len() as f64;
            (min_shots..=max_shots).map(|s| (s, hist[s] as f64 / n)).collect()
        })
        .collect();
    let top = shares.iter().flatten().map(|&(_, v)| v).fold(0.0, f64::max) * 1.1;
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(min_shots..max_shots, 0.0..top.max(0.01))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("shots to sink the whole fleet")
        .y_desc("share of games")
        .y_label_formatter(&|v| format!("{:.1}%", v * 100.0))
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, (run, points)) in runs.iter().zip(shares).enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        let label = format!("{} (mean {:.2})", run.player.label(), run.summary().mean);
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
