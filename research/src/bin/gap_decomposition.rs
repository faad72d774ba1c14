//! Where one policy's lead over another comes from, exactly, on small boards: the reach-weighted
//! advantage of the second policy's cell over the first's at every board the second reaches where
//! they differ, summed by the number of open hits (0: hunt mode), and the boards of largest gain.
//! The sums add up to the difference of the two policies' exact expected shots (`sonar::research::advantage`).
//!
//! `cargo run --release -p sonar-research --bin gap_decomposition -- [BASE] [OTHER] [ROWSxCOLS:SHIPS ...]`, by
//! default `bayes weighted-density 4x4:3,2 5x5:3,2 6x6:3,2 6x6:4,3,2` (about a minute).

use sonar::research::{Layouts, advantage};
use sonar::{Algorithm, DEFAULT_BUDGET_MS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base: Algorithm = args.first().map_or(Algorithm::Bayes, |a| a.parse().expect("an algorithm"));
    let other: Algorithm = args.get(1).map_or(Algorithm::WeightedDensity, |a| a.parse().expect("an algorithm"));
    let defaults = ["4x4:3,2", "5x5:3,2", "6x6:3,2", "6x6:4,3,2"];
    let instances: Vec<&str> =
        if args.len() > 2 { args[2..].iter().map(String::as_str).collect() } else { defaults.to_vec() };
    for inst in instances {
        let (size, ships) = inst.split_once(':').expect("ROWSxCOLS:SHIPS");
        let (r, c) = size.split_once('x').expect("ROWSxCOLS");
        let ships: Vec<usize> = ships.split(',').map(|s| s.parse().expect("ship length")).collect();
        let layouts = Layouts::enumerate(r.parse().unwrap(), c.parse().unwrap(), &ships).expect("the fleet fits");
        let a = advantage(&layouts, base.strategy(), other.strategy(), DEFAULT_BUDGET_MS).expect("games finish");
        println!(
            "{inst} ({} layouts): {base} {:.4}, {other} {:.4}, {other} − {base} {:+.4}",
            layouts.len(),
            a.base,
            a.other,
            a.total()
        );
        for (hits, p) in a.phases.iter().enumerate().filter(|(_, p)| p.states > 0) {
            println!(
                "  {hits} open hit(s): {:>6} boards differ, {other} gains {:+.4} and loses {:+.4}, net {:+.4}",
                p.states,
                p.gained,
                p.lost,
                p.gained + p.lost
            );
        }
        if let Some((w, board, afloat, ours, theirs)) = a.best.first() {
            let label = |i: usize| board.pos(i).label();
            println!(
                "  largest gain {w:+.5}: {other} shoots {}, {base} {}, ships afloat {afloat:?}\n{}",
                label(*ours),
                label(*theirs),
                board.to_rows().iter().map(|r| format!("    {r}")).collect::<Vec<_>>().join("\n")
            );
        }
    }
}
