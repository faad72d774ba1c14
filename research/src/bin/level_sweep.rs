//! The calibration of the strength levels: mean shots against the weakness `x` of
//! [`sonar::research::Weakness::at`], every point over the same hidden fleets (paired), from which
//! the table `sonar::research::CALIBRATED` is read off.
//!
//! ```text
//! cargo run --release -p sonar-research --bin level_sweep -- ALGORITHM GAMES SEED X [X ...]
//! cargo run --release -p sonar-research --bin level_sweep -- bayes 1000 7 0 0.05 0.1 0.2 0.3 0.45 0.6 0.8 1
//! ```
//!
//! An `X` may also be the four knobs `MISTAKES/HUNT/TARGET/STRAY`, `HUNT` and `TARGET` each
//! `SPREAD` or `BIAS,SPREAD` ([`sonar::research::Noise`]), to study one kind of mistake alone.

use sonar::Algorithm;
use sonar::research::{Noise, Weakness};
use sonar::simulate::{Config, Player, reports, run};

fn weakness(arg: &str) -> Weakness {
    let n = |s: &str| s.parse::<f64>().unwrap_or_else(|e| panic!("{arg:?}: {e}"));
    match arg.split('/').collect::<Vec<_>>()[..] {
        [x] => Weakness::at(n(x)),
        [mistakes, hunt, target, stray] => {
            let noise = |s: &str| match s.split_once(',') {
                Some((bias, spread)) => Noise { bias: n(bias), spread: n(spread) },
                None => Noise { bias: 0.0, spread: n(s) },
            };
            Weakness { mistakes: n(mistakes), hunt: noise(hunt), target: noise(target), stray: n(stray) }
        }
        _ => panic!("{arg:?}: expected X or MISTAKES/HUNT/TARGET/STRAY, HUNT and TARGET SPREAD or BIAS,SPREAD"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: level_sweep ALGORITHM GAMES SEED X [X ...]");
        std::process::exit(2);
    }
    let algorithm = Algorithm::from_name(&args[0]).expect("a known algorithm");
    let players = args[3..].iter().map(|x| Player::swept(algorithm, weakness(x))).collect::<Vec<_>>();
    let config = Config {
        games: args[1].parse().expect("GAMES"),
        seed: args[2].parse().expect("SEED"),
        ..Config::classic(players)
    };
    let runs = run(&config, &|_| {}).expect("the classic game runs");
    let reports = reports(&runs);
    println!("{:<8} {:>8} {:>7} {:>6}  paired against the first", "x", "mean", "±95%", "sd");
    for (arg, r) in args[3..].iter().zip(&reports) {
        let paired = r
            .paired_vs_first
            .as_ref()
            .map_or(String::new(), |d| format!("{:+.2} ({:+.2} to {:+.2})", d.mean, d.ci95_low, d.ci95_high));
        println!("{arg:<8} {:>8.2} {:>7.2} {:>6.2}  {paired}", r.mean, r.ci95, r.sd);
    }
}
