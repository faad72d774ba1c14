//! How fast the importance sampler draws on classic boards: `cargo run --release --example sampler_speed`.

use std::time::Instant;

use sonar::Board;
use sonar::Fleet;
use sonar::Sampler;
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
        let s = Sampler::new(&b, &f);
        let n = 20_000;
        let t = Instant::now();
        let e = s.estimate(n, &mut seeded(1), |_| true).unwrap();
        let us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!(
            "{name:<20} {us:6.3} µs/draw  accepted {:5.1}%  ess {:7.0}  layouts ~{:.4e}",
            100.0 * e.accepted as f64 / n as f64,
            e.effective,
            e.layouts
        );
    }
}
