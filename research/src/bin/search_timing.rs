//! How long fitting a search model and drawing the fleet that hides from it take: `cargo run
//! --release --example search_timing [SEARCHES]` plays SEARCHES (default 100) classic games with
//! each of a few shooters, fits their searches on one thread (the median of 5 fits, and 200
//! searches too), then draws 1,000 adaptive placements from the fitted model, classic and under
//! the no-touch rules with ten ships, and prints the per-placement p50, p99 and largest times.
//! Nothing is asserted: timings belong here, not in tests.

use std::time::Instant;

use sonar::Board;
use sonar::research::{Search, fit_searches, place_hidden};
use sonar::{Algorithm, Fleet, Game, Hiding, Rules, Seat, Weakened, random_layout, stream};

fn searches(algorithm: Algorithm, n: usize) -> Vec<Search> {
    let seat = Seat::new(Weakened::full(algorithm));
    (0..n)
        .map(|g| {
            let mut rng = stream(0x5EA, g as u64);
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let mut shots = Vec::new();
            sonar::play(&seat, Game::new(layout), &mut rng, |_, p, o| shots.push((p, o))).unwrap();
            Search::played(10, 10, &shots)
        })
        .collect()
}

fn percentiles(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    let at = |p: f64| ms[((p * ms.len() as f64).ceil() as usize).clamp(1, ms.len()) - 1];
    format!("p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", at(0.5), at(0.99), ms[ms.len() - 1])
}

fn main() {
    let n: usize = std::env::args().nth(1).map_or(100, |a| a.parse().expect("a number of searches"));
    for algorithm in
        [Algorithm::Middlemost, Algorithm::Strafing, Algorithm::Checkerboard, Algorithm::Bayes, Algorithm::Random]
    {
        let all = searches(algorithm, 200.max(n));
        for count in [n, 200] {
            let mut times = Vec::new();
            let mut model = None;
            for _ in 0..5 {
                let start = Instant::now();
                model = Some(fit_searches(10, 10, &all[..count]));
                times.push(start.elapsed().as_secs_f64() * 1e3);
            }
            times.sort_by(f64::total_cmp);
            let model = model.unwrap();
            println!(
                "{:<12} {count:>3} searches: fit {:6.1} ms (median of 5), habit {}",
                algorithm.name(),
                times[2],
                !model.is_none()
            );
        }
        let model = fit_searches(10, 10, &all[..n]);
        for (name, fleet, rules) in [
            ("classic", Fleet::classic(), Rules::CLASSIC),
            (
                "no-touch ten ships",
                Fleet::new(&[4, 3, 3, 2, 2, 2, 1, 1, 1, 1], 10).unwrap(),
                Rules::new(false, 1).unwrap(),
            ),
        ] {
            let ms: Vec<f64> = (0..1000u64)
                .map(|seed| {
                    let start = Instant::now();
                    place_hidden(&Board::empty(10, 10), &fleet, rules, &model, Hiding::SERVICE, &mut stream(seed, 0))
                        .unwrap();
                    start.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            println!("    placement {name}: {}", percentiles(ms));
        }
    }
}
