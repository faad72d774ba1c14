//! How fast the importance sampler draws on classic boards, without a prior and under an
//! edge-hugging one (each cell `e^(the board edges it lies on)`, touching pairs 0.5):
//! `cargo run --release -p sonar-research --bin sampler_speed --`.

use std::time::Instant;

use sonar::Board;
use sonar::Fleet;
use sonar::Rules;
use sonar::research::Opponent;
use sonar::research::Sampler;
use sonar::seeded;

fn main() {
    let boards: [(&str, [&str; 10]); 3] = [
        ("empty", [".........."; 10]),
        (
            "one hit, 6 misses",
            [
                "..........",
                "...o......",
                "...x..o...",
                "..........",
                ".o.....o..",
                "..........",
                "....o.....",
                "..........",
                "......o...",
                "..........",
            ],
        ),
        (
            "two separate hits",
            [
                "..........",
                "...o......",
                "...x..o...",
                "..........",
                ".o.....o..",
                "..........",
                "....o.....",
                "........x.",
                "......o...",
                "..........",
            ],
        ),
    ];
    for (name, rows) in boards {
        let b = Board::parse(&rows).unwrap();
        let f = Fleet::classic();
        let on_edges = |r: usize, c: usize| f64::from(u8::from(r == 0 || r == 9) + u8::from(c == 0 || c == 9));
        let cells: Vec<Vec<f64>> = (0..10).map(|r| (0..10).map(|c| on_edges(r, c).exp()).collect()).collect();
        let model = Opponent::new(10, 10, &cells, 0.5).unwrap();
        for (prior, label) in [(None, "uniform"), (Some(&model), "edge")] {
            let s = Sampler::with_rules(&b, &f, Rules::CLASSIC).with_prior(prior);
            let n = 20_000;
            let t = Instant::now();
            let e = s.estimate(n, &mut seeded(1), |_| true).unwrap();
            let us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
            println!(
                "{name:<20} {label:<8} {us:6.3} µs/draw  accepted {:5.1}%  ess {:7.0}  layouts ~{:.4e}",
                100.0 * e.accepted as f64 / n as f64,
                e.effective,
                e.layouts
            );
        }
    }
}
