//! The distribution of shots per algorithm, drawn as an SVG chart.
//!
//! Each line is told apart by two channels, so that it can be read without seeing colour: its
//! colour, from Okabe and Ito's palette for colour-blind readers ([`PALETTE`]), and its style, a
//! dash pattern and, past the palette's seven colours, markers every few shots ([`style`]). The
//! legend is drawn by hand in its own panel to the right of the plot area, so it never covers a
//! curve whatever the data.

use std::path::Path;

use plotters::coord::{CoordTranslate, Shift};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::run::AlgorithmRun;

const WIDTH: u32 = 1100;
const HEIGHT: u32 = 560;
/// The legend panel's width, right of the chart.
const LEGEND_WIDTH: u32 = 290;
const FONT: &str = "sans-serif";
const LINE_WIDTH: u32 = 2;
/// Markers sit on the shot counts that are multiples of this (where the line is off the zero line).
const MARKER_EVERY: usize = 5;
const MARKER_SIZE: i32 = 4;
/// A legend entry's line sample, in pixels.
const SAMPLE_LENGTH: i32 = 44;

/// Okabe and Ito's palette for colour-blind readers (M. Okabe and K. Ito, "Color Universal
/// Design", 2002, <https://jfly.uni-koeln.de/color/>; B. Wong, "Points of view: Color blindness",
/// Nature Methods 8, 441, 2011). Its eighth colour, yellow (#F0E442), is left out: a thin yellow
/// line on white is barely visible.
///
/// The order matters with [`style`], where line `i` takes colour `i % 7`, dash `i % 3` and marker
/// `(i / 7) % 4`: the pairs that look most alike to red-green colour-blind readers (vermillion and
/// orange, blue and sky blue, reddish purple and bluish green) sit at 2 and 4, 5 and 6, 1 and 3,
/// which among the first 28 lines (one round of the markers) never share both dash and marker,
/// nor among the first ten (`all`) a dash.
pub const PALETTE: [RGBColor; 7] = [
    RGBColor(0x00, 0x00, 0x00), // black
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0xD5, 0x5E, 0x00), // vermillion
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
];

/// How a line is stroked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
}

impl Dash {
    const ALL: [Dash; 3] = [Dash::Solid, Dash::Dashed, Dash::Dotted];

    /// Dash and gap lengths in pixels, for the broken lines.
    fn pattern(self) -> Option<(i32, i32)> {
        match self {
            Dash::Solid => None,
            Dash::Dashed => Some((10, 5)),
            Dash::Dotted => Some((2, 4)),
        }
    }
}

/// What marks a line every [`MARKER_EVERY`] shots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    None,
    Circle,
    Triangle,
    Disc,
}

impl Marker {
    const ALL: [Marker; 4] = [Marker::None, Marker::Circle, Marker::Triangle, Marker::Disc];
}

/// A line's look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeriesStyle {
    pub colour: RGBColor,
    pub dash: Dash,
    pub marker: Marker,
}

/// The look of the `i`th line: colours cycle through the 7 of [`PALETTE`] and dashes through 3,
/// so neighbours differ in both and the first 21 lines are all different (7 and 3 are coprime);
/// each further 7 lines take the next marker, which keeps the first 84 different.
pub fn style(i: usize) -> SeriesStyle {
    SeriesStyle {
        colour: PALETTE[i % PALETTE.len()],
        dash: Dash::ALL[i % Dash::ALL.len()],
        marker: Marker::ALL[(i / PALETTE.len()) % Marker::ALL.len()],
    }
}

/// Draws one line per algorithm, the share of games won in each number of shots, with a legend
/// ("name (mean shots)") in a panel to the right of the plot.
pub fn draw(path: &Path, runs: &[AlgorithmRun], title: &str) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    draw_on(&root, runs, title)?;
    root.present()
}

fn draw_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    runs: &[AlgorithmRun],
    title: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
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
    let top = shares.iter().flatten().map(|&(_, v)| v).fold(0.0, f64::max) * 1.05;

    root.fill(&WHITE)?;
    let body = root.titled(title, (FONT, 22))?;
    let (plot_area, legend_area) = body.split_horizontally(WIDTH - LEGEND_WIDTH);
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(min_shots..max_shots, 0.0..top.max(0.01))?;
    chart
        .configure_mesh()
        .x_desc("shots to sink the whole fleet")
        .y_desc("share of games")
        .y_label_formatter(&|v| format!("{:.1}%", v * 100.0))
        .light_line_style(BLACK.mix(0.04))
        .draw()?;

    // Last line first, so that the first (the default, in `all`) lies on top.
    for (i, points) in shares.into_iter().enumerate().rev() {
        let st = style(i);
        let line = st.colour.stroke_width(LINE_WIDTH);
        match st.dash.pattern() {
            None => chart.draw_series(LineSeries::new(points.iter().copied(), line))?,
            Some((dash, gap)) => chart.draw_series(DashedLineSeries::new(points.iter().copied(), dash, gap, line))?,
        };
        // No markers on (or all but on) the zero line, where every curve's tails lie.
        let marked = points.into_iter().filter(|&(s, share)| s % MARKER_EVERY == 0 && share > top * 0.01);
        draw_markers(chart.plotting_area(), st, marked)?;
    }

    // The legend: one row per line, from the top of the plot area down, squeezed (row and font)
    // to fit the panel if there are many.
    let (_, plot_y) = chart.plotting_area().get_pixel_range();
    let first = plot_y.start - legend_area.get_base_pixel().1 + 8;
    let room = legend_area.dim_in_pixel().1 as i32 - first;
    let row = (room / runs.len().max(1) as i32).clamp(1, 26);
    let font = TextStyle::from((FONT, (row - 3).clamp(6, 15))).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, run) in runs.iter().enumerate() {
        let st = style(i);
        let y = first + row * i as i32;
        let (x0, x1) = (12, 12 + SAMPLE_LENGTH);
        let line = st.colour.stroke_width(LINE_WIDTH);
        match st.dash.pattern() {
            None => legend_area.draw(&PathElement::new(vec![(x0, y), (x1, y)], line))?,
            Some((dash, gap)) => legend_area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], dash, gap, line))?,
        }
        draw_markers(&legend_area, st, [((x0 + x1) / 2, y)])?;
        let label = format!("{} (mean {:.2})", run.player.label(), run.summary().mean);
        legend_area.draw(&Text::new(label, (x1 + 10, y), font.clone()))?;
    }
    Ok(())
}

/// Draws the line's markers, if it has any, at `points` of `area`.
fn draw_markers<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    st: SeriesStyle,
    points: impl IntoIterator<Item = CT::From>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let outline = st.colour.stroke_width(LINE_WIDTH);
    for at in points {
        match st.marker {
            Marker::None => return Ok(()),
            Marker::Circle => area.draw(&Circle::new(at, MARKER_SIZE, outline))?,
            Marker::Triangle => area.draw(&TriangleMarker::new(at, MARKER_SIZE + 1, outline))?,
            Marker::Disc => area.draw(&Circle::new(at, MARKER_SIZE, st.colour.filled()))?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::shooting::algorithm::Algorithm;
    use crate::simulate::run::{GameResult, Player};

    fn run(algorithm: Algorithm, shots: impl IntoIterator<Item = usize>) -> AlgorithmRun {
        let game = |(game, shots)| GameResult {
            game,
            shots,
            turns: shots,
            hits: 17,
            sunk_at: Vec::new(),
            nanos: 0,
            move_nanos: Vec::new(),
            log: Vec::new(),
        };
        AlgorithmRun { player: Player::full(algorithm), games: shots.into_iter().enumerate().map(game).collect() }
    }

    /// The value of attribute `name` in an SVG tag.
    fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(&tag[start..start + tag[start..].find('"')?])
    }

    fn number(tag: &str, name: &str) -> f64 {
        attr(tag, name).unwrap_or_else(|| panic!("no {name} in {tag}")).parse().unwrap()
    }

    /// Draws `runs` into a temporary file and returns the SVG.
    fn render(runs: &[AlgorithmRun]) -> String {
        let path = std::env::temp_dir().join(format!("sonar-plot-{}-{}.svg", std::process::id(), runs.len()));
        draw(&path, runs, "test").unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        svg
    }

    /// The plot area's right edge: where the mesh's grid lines, which span it, end.
    fn plot_right(svg: &str) -> f64 {
        let right = svg.split("<line").skip(1).map(|t| number(t, "x2").max(number(t, "x1"))).fold(0.0, f64::max);
        assert!(right > 0.0, "no grid lines");
        right
    }

    /// The legend's labels, `name (mean 44.44)`, with their x, y and font size.
    fn labels(svg: &str) -> Vec<(f64, f64, f64, &str)> {
        svg.split("<text")
            .skip(1)
            .map(|t| {
                let text = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim();
                (number(t, "x"), number(t, "y"), number(t, "font-size"), text)
            })
            .filter(|(.., text)| text.contains("(mean "))
            .collect()
    }

    #[test]
    fn every_line_has_its_own_look_and_similar_algorithms_differ_in_colour_and_style() {
        let looks: HashSet<SeriesStyle> = (0..84).map(style).collect();
        assert_eq!(looks.len(), 84);
        for i in 0..83 {
            let (a, b) = (style(i), style(i + 1));
            assert!(a.colour != b.colour && a.dash != b.dash, "lines {i} and {} look alike", i + 1);
        }
        // Among the first 28 lines (one round of the markers), lines with the same dash and marker
        // never take colours that red-green colour-blind readers confuse (the 13 lines of `all`
        // included: its last six carry a marker the first seven do not).
        let (vermillion, orange) = (RGBColor(0xD5, 0x5E, 0x00), RGBColor(0xE6, 0x9F, 0x00));
        let (blue, sky_blue) = (RGBColor(0x00, 0x72, 0xB2), RGBColor(0x56, 0xB4, 0xE9));
        let (green, purple) = (RGBColor(0x00, 0x9E, 0x73), RGBColor(0xCC, 0x79, 0xA7));
        let confusable = [[vermillion, orange], [blue, sky_blue], [green, purple]];
        let alike = |i: usize, j: usize| {
            let (a, b) = (style(i), style(j));
            a.dash == b.dash && a.marker == b.marker
        };
        for i in 0..28 {
            for j in (i + 1..28).filter(|&j| alike(i, j)) {
                let pair = [style(i).colour, style(j).colour];
                assert!(!confusable.iter().any(|c| *c == pair || [c[1], c[0]] == pair), "lines {i} and {j}");
            }
        }
        // The curves that lie on one another in docs/strength.svg, by their place in `all`.
        let at = |a: Algorithm| style(Algorithm::ALL.iter().position(|&b| b == a).unwrap());
        use Algorithm::*;
        for (a, b) in [(Bayes, Density), (Bayes, WeightedDensity), (WeightedDensity, Density), (Middlemost, Random)] {
            let (a, b) = (at(a), at(b));
            assert_ne!(a.colour, b.colour);
            assert_ne!((a.dash, a.marker), (b.dash, b.marker));
        }
    }

    #[test]
    fn the_legend_is_right_of_the_plot_and_names_every_line_in_its_colour() {
        // A tall spike at the most shots puts a curve in the top right corner, where a legend
        // inside the plot would sit.
        let runs: Vec<AlgorithmRun> = [
            run(Algorithm::Bayes, (20..40).chain(30..35)),
            run(Algorithm::WeightedDensity, (22..40).chain(31..34)),
            run(Algorithm::Density, 24..40),
            run(Algorithm::Middlemost, 25..38),
            run(Algorithm::Random, [60; 30].into_iter().chain(50..60)),
        ]
        .into();
        let svg = render(&runs);
        let plot_right = plot_right(&svg);
        let labels = labels(&svg);
        assert_eq!(labels.len(), runs.len());
        for ((x, y, _, text), run) in labels.iter().zip(&runs) {
            assert!(text.starts_with(&format!("{} (mean ", run.player.label())), "{text}");
            assert!(*x > plot_right + 10.0, "{text} at x {x}, inside the plot (right edge {plot_right})");
            assert!((0.0..HEIGHT as f64).contains(y), "{text} at y {y}, off the chart");
        }

        // Each line is stroked in its own colour, and the curves stay in the plot area: every
        // stroke left of the legend ends at its edge.
        let strokes: Vec<(&str, Vec<f64>)> = svg
            .split("<polyline")
            .skip(1)
            .filter(|t| attr(t, "stroke-width") == Some(&LINE_WIDTH.to_string()))
            .map(|t| {
                let xs = attr(t, "points")
                    .unwrap()
                    .split_whitespace()
                    .map(|p| p.split(',').next().unwrap().parse().unwrap());
                (attr(t, "stroke").unwrap(), xs.collect())
            })
            .collect();
        let colours: HashSet<&str> = strokes.iter().map(|(c, _)| *c).collect();
        assert_eq!(colours.len(), runs.len());
        for (i, _) in runs.iter().enumerate() {
            let RGBColor(r, g, b) = style(i).colour;
            assert!(colours.contains(format!("#{r:02X}{g:02X}{b:02X}").as_str()), "no line in colour {i}");
        }
        let legend_left = labels.iter().map(|l| l.0).fold(f64::MAX, f64::min) - SAMPLE_LENGTH as f64 - 12.0;
        for (colour, xs) in &strokes {
            let in_plot = xs.iter().any(|&x| x <= plot_right);
            assert!(!in_plot || xs.iter().all(|&x| x <= plot_right + 1.0), "a {colour} curve leaves the plot: {xs:?}");
            assert!(in_plot || xs.iter().all(|&x| x >= legend_left - 1.0), "a {colour} stroke between plot and legend");
        }
    }

    #[test]
    fn a_crowded_legend_still_fits_right_of_the_plot() {
        let runs: Vec<AlgorithmRun> =
            (0..30).map(|i| run(Algorithm::ALL[i % Algorithm::ALL.len()], (20 + i..60 + 2 * i).chain([90]))).collect();
        let svg = render(&runs);
        let (plot_right, labels) = (plot_right(&svg), labels(&svg));
        assert_eq!(labels.len(), runs.len());
        let mut last_y = 0.0;
        for (x, y, size, text) in labels {
            assert!(x > plot_right + 10.0, "{text} at x {x}, inside the plot (right edge {plot_right})");
            assert!(
                y >= last_y + size && y + size / 2.0 <= HEIGHT as f64,
                "{text} at y {y} overlaps the label at {last_y} or leaves the chart"
            );
            last_y = y;
        }
    }
}
