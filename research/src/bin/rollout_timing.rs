//! What a rollout shot of `bayes`'s plans costs, read two ways: `weighted-density` recounting the
//! board at every shot, and the tally that keeps its counts up to date shot by shot. Both play the
//! same shots; this times them shot by shot, by the number of ship lengths afloat, with the units
//! each is charged: `cargo run --release -p sonar-research --bin rollout_timing -- [POSITIONS]`.
//! One thread; classic rules and fleet, positions after 8 to 25 random shots, ten rollouts each.

use std::time::Instant;

use rand::RngExt;
use sonar::research::{Tally, rollout_step, step_units, tallied_step_units};
use sonar::{Cell, Game, Rules, Turn, random_layout_under, seeded};

fn main() {
    let positions: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3000);
    // By lengths afloat: (recount ns, recount units, tally ns, tally units, shots).
    let mut by = [(0u128, 0u64, 0u128, 0u64, 0u64); 6];
    let mut grid = Vec::new();
    for seed in 0..positions {
        let mut rng = seeded(seed);
        let mut start = Game::new(random_layout_under(10, 10, &[5, 4, 3, 3, 2], Rules::CLASSIC, &mut rng).unwrap());
        for _ in 0..8 + seed % 18 {
            let open: Vec<usize> = (0..100).filter(|&i| start.board().cells()[i] == Cell::Unknown).collect();
            start.fire(start.board().pos(open[rng.random_range(0..open.len())])).unwrap();
            if start.is_over() {
                break;
            }
        }
        if start.is_over() {
            continue;
        }
        let turn = Turn::new(start.board(), start.fleet());
        let origin = Tally::start(turn).expect("the classic board is read by line tables");
        let (mut game, mut tally) = (start.clone(), origin.clone());
        for _ in 0..10 {
            game.clone_from(&start);
            while !game.is_over() {
                let (k, units) = (game.fleet().groups().count(), step_units(turn, game.fleet()));
                let t = Instant::now();
                rollout_step(&mut game, turn, &mut grid, &mut 0);
                by[k].0 += t.elapsed().as_nanos();
                by[k].1 += units;
                by[k].4 += 1;
            }
            game.clone_from(&start);
            tally.clone_from(&origin);
            while !game.is_over() {
                let (k, units) = (game.fleet().groups().count(), tallied_step_units(turn, game.fleet()));
                let t = Instant::now();
                tally.step(&mut game, &mut grid);
                by[k].2 += t.elapsed().as_nanos();
                by[k].3 += units;
            }
        }
    }
    println!(
        "| lengths afloat | shots | recount ns a shot | tally ns a shot | tally / recount | recount ns a unit | tally ns a unit |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let total = by.iter().fold((0, 0, 0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3, a.4 + b.4));
    for (k, b) in by.iter().enumerate().filter(|(_, b)| b.4 > 0).chain([(0, &total)]) {
        let label = if k == 0 { "all".to_owned() } else { k.to_string() };
        let (re, ta) = (b.0 as f64 / b.4 as f64, b.2 as f64 / b.4 as f64);
        println!(
            "| {label} | {} | {re:.0} | {ta:.0} | {:.2} | {:.2} | {:.2} |",
            b.4,
            ta / re,
            b.0 as f64 / b.1 as f64,
            b.2 as f64 / b.3 as f64
        );
    }
}
