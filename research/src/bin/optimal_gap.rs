//! Exact expected shots on small boards: the optimum next to each policy's own value, over every
//! layout of the fleet (no sampling error), `bayes` at the default budget and thinking 100 ms a
//! move (planning over every agreeing layout where there are at most 1,000, exact draws beyond). Nothing is asserted; the pinned figures are in the
//! tests of `sonar::optimal`.
//!
//! `cargo run --release -p sonar-research --bin optimal_gap -- [ROWSxCOLS:SHIPS ...]`, e.g. `4x4:3,2 5x5:3,2`.

use std::time::Instant;

use sonar::Algorithm;
use sonar::research::{Layouts, optimal_value, policy_value};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let defaults = ["4x4:3", "5x4:3", "4x4:2,2", "4x4:3,2"];
    let instances: Vec<&str> =
        if args.is_empty() { defaults.to_vec() } else { args.iter().map(String::as_str).collect() };
    let policies = [
        (Algorithm::Bayes, 10, "bayes"),
        (Algorithm::Bayes, 100, "bayes@100ms"),
        (Algorithm::WeightedDensity, 10, "weighted-density"),
        (Algorithm::Density, 10, "density"),
    ];
    print!("{:<12} {:>7} {:>9} {:>8}", "instance", "layouts", "optimal", "seconds");
    for (_, _, name) in policies {
        print!(" {:>17}", format!("{name} (gap)"));
    }
    println!();
    for inst in instances {
        let (size, ships) = inst.split_once(':').expect("ROWSxCOLS:SHIPS");
        let (r, c) = size.split_once('x').expect("ROWSxCOLS");
        let ships: Vec<usize> = ships.split(',').map(|s| s.parse().expect("ship length")).collect();
        let layouts = Layouts::enumerate(r.parse().unwrap(), c.parse().unwrap(), &ships).expect("the fleet fits");
        let start = Instant::now();
        let best = optimal_value(&layouts);
        print!("{inst:<12} {:>7} {best:>9.4} {:>8.1}", layouts.len(), start.elapsed().as_secs_f64());
        for (p, budget_ms, _) in policies {
            let v = policy_value(p.strategy(), &layouts, budget_ms).expect("games finish");
            print!(" {:>17}", format!("{v:.4} ({:+.4})", v - best));
        }
        println!();
    }
}
