//! How long fitting an opponent model takes, and what it learns: `cargo run --release --example
//! fit_timing [FLEETS]` fits FLEETS (default 100) classic fleets of each habit on one thread and
//! prints the time (the median of 5 fits) and the fitted weights of a corner, the border, one and
//! two cells in from it (over the middle's), of touching and of across, with the true ones where
//! the habit has a model.

use std::time::Instant;

use sonar::research::{Opponent, fit};
use sonar::{Fleet, Habit, Layout, Rules, stream};

fn main() {
    let n: usize = std::env::args().nth(1).map_or(100, |a| a.parse().expect("a number of fleets"));
    let f = Fleet::classic();
    let ratios = |m: &Opponent| {
        let w = |r: usize, c: usize| m.cells()[r * 10 + c] / m.cells()[55];
        format!(
            "corner {:.2}  border {:.2}  in 1 {:.2}  in 2 {:.2}  t {:.3}  d {:.2}",
            w(0, 0),
            w(0, 5),
            w(1, 5),
            w(2, 5),
            m.touching(),
            m.across()
        )
    };
    for habit in [
        Habit::Uniform,
        Habit::Hard,
        Habit::Edge(1.0),
        Habit::Edge(-0.5),
        Habit::Apart,
        Habit::Parallel,
        Habit::Across(0.8),
    ] {
        let fleets: Vec<Layout> = (0..n)
            .map(|i| habit.draw(10, 10, &f, Rules::CLASSIC, &mut stream(0xF1, i as u64)).expect("a layout"))
            .collect();
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..5 {
            let start = Instant::now();
            last = Some(fit(10, 10, &f, &fleets));
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let fitted = last.expect("fitted");
        let s = fitted.summary;
        println!("{habit:<10} {n} fleets: {:6.1} ms (median of 5)", times[2]);
        println!("  fitted  {}", ratios(&fitted.model));
        if let Some(truth) = habit.oracle(10, 10) {
            println!("  true    {}", ratios(&truth));
        }
        println!(
            "  border share {:.3} (uniform {:.3}), touching share {:.3} (uniform {:.3}), across share {:.3} (uniform {:.3})",
            s.edge_share,
            s.uniform_edge_share,
            s.touching_share,
            s.uniform_touching_share,
            s.across_share,
            s.uniform_across_share
        );
    }
}
