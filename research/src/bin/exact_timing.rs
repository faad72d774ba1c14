//! Times the exact engine on the empty classic board and on real game boards after 10, 20, 30
//! and 40 shots (density-strategy games and random-shot games), split by whether the board has
//! hits. Prints percentiles of wall time and of work units; nothing is asserted. Given a budget,
//! it first tells how the budget check does: boards that would fit but were turned away, and
//! how long turning away the others took.
//!
//! `cargo run --release -p sonar-research --bin exact_timing -- [games] [budget]`, e.g. `40 250000`.

use std::time::Instant;

use rand::RngExt;
use sonar::Algorithm;
use sonar::Fleet;
use sonar::Rules;
use sonar::random_layout;
use sonar::research::{ExactError, ExactTables, estimate_work};
use sonar::stream;
use sonar::{Board, Cell, Pos};
use sonar::{Game, Seat, Weakened, play};

const CHECKPOINTS: [usize; 4] = [10, 20, 30, 40];

struct Sample {
    shots: usize,
    hits: bool,
    micros: f64,
    work: Option<u64>,
}

fn positions(games: u64) -> Vec<(&'static str, usize, Board, Fleet)> {
    let mut out = Vec::new();
    let seat = Seat::new(Weakened::full(Algorithm::Density));
    for g in 0..games {
        let mut rng = stream(11, g);
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
        play(&seat, Game::new(layout.clone()), &mut rng, |game, _, _| {
            if CHECKPOINTS.contains(&game.shots()) && !game.is_over() {
                out.push(("density", game.shots(), game.board().clone(), game.fleet().clone()));
            }
        })
        .unwrap();
        let mut game = Game::new(layout);
        let mut open: Vec<Pos> = (0..100).map(|i| Pos::new(i / 10, i % 10)).collect();
        while !game.is_over() && game.shots() < 40 {
            let p = open.swap_remove(rng.random_range(0..open.len()));
            game.fire(p).unwrap();
            if CHECKPOINTS.contains(&game.shots()) && !game.is_over() {
                out.push(("random", game.shots(), game.board().clone(), game.fleet().clone()));
            }
        }
    }
    out
}

/// How the budget check does: boards that would fit but are turned away, and the time spent
/// turning away those that would not.
fn rejections(boards: &[(&'static str, usize, Board, Fleet)], budget: u64) {
    let (mut fit, mut false_reject) = (0, 0);
    let mut wasted: Vec<f64> = Vec::new();
    for (source, shots, board, fleet) in boards {
        let full = ExactTables::build(board, fleet, Rules::CLASSIC, u64::MAX).unwrap().work();
        let t = Instant::now();
        let r = ExactTables::build(board, fleet, Rules::CLASSIC, budget);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        match (full <= budget, r.is_ok()) {
            (true, true) => fit += 1,
            (true, false) => {
                false_reject += 1;
                println!(
                    "  turned away though it fits: {source} after {shots} shots, {} hits, work {full}, estimate {:.0}",
                    board.count(Cell::Hit),
                    estimate_work(board, fleet)
                );
            }
            (false, false) => wasted.push(ms),
            (false, true) => unreachable!("the budget is a hard bound"),
        }
    }
    let over = wasted.len();
    let (w50, w90, wmax) = if wasted.is_empty() {
        (0.0, 0.0, 0.0)
    } else {
        (pct(&mut wasted, 0.5), pct(&mut wasted, 0.9), pct(&mut wasted, 1.0))
    };
    println!(
        "budget {budget}: {fit} fit, {false_reject} turned away though they fit, {over} over (turned away in p50 {w50:.3} ms, p90 {w90:.3} ms, max {wmax:.3} ms)"
    );
}

fn pct(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map(|s| s.parse().unwrap()).unwrap_or(40);
    let budget: u64 = args.next().map(|s| s.parse().unwrap()).unwrap_or(u64::MAX);

    let t = Instant::now();
    let tables = ExactTables::build(&Board::empty(10, 10), &Fleet::classic(), Rules::CLASSIC, u64::MAX).unwrap();
    println!(
        "empty 10x10 classic: {:.2} s, {} layouts, {} states, {} edges, {} work units",
        t.elapsed().as_secs_f64(),
        tables.posterior().layouts,
        tables.states(),
        tables.edges(),
        tables.work()
    );
    drop(tables);

    let boards = positions(games);
    if budget != u64::MAX {
        rejections(&boards, budget);
    }
    let mut samples: Vec<(&str, Sample)> = Vec::new();
    for (source, shots, board, fleet) in boards {
        let t = Instant::now();
        let result = ExactTables::build(&board, &fleet, Rules::CLASSIC, budget);
        let micros = t.elapsed().as_secs_f64() * 1e6;
        let work = match result {
            Ok(t) => Some(t.work()),
            Err(ExactError::OverBudget) => None,
            Err(e) => panic!("{e}\n{board}"),
        };
        samples.push((source, Sample { shots, hits: board.has_hits(), micros, work }));
    }
    println!("budget {budget}; times in ms; work in units (over-budget boards count their time, not their work)");
    println!(
        "{:8} {:>5} {:>5} {:>4} {:>5} {:>8} {:>8} {:>8} {:>8} {:>10} {:>10}",
        "source", "shots", "hits", "n", "over", "p50", "p90", "p99", "max", "work p50", "work max"
    );
    for source in ["density", "random"] {
        for shots in CHECKPOINTS {
            for hits in [false, true] {
                let sel: Vec<&Sample> = samples
                    .iter()
                    .filter(|(s, x)| *s == source && x.shots == shots && x.hits == hits)
                    .map(|(_, x)| x)
                    .collect();
                if sel.is_empty() {
                    continue;
                }
                let mut ms: Vec<f64> = sel.iter().map(|x| x.micros / 1e3).collect();
                let mut work: Vec<f64> = sel.iter().filter_map(|x| x.work.map(|w| w as f64)).collect();
                let over = sel.len() - work.len();
                let (w50, wmax) =
                    if work.is_empty() { (f64::NAN, f64::NAN) } else { (pct(&mut work, 0.5), pct(&mut work, 1.0)) };
                println!(
                    "{:8} {:>5} {:>5} {:>4} {:>5} {:>8.3} {:>8.3} {:>8.3} {:>8.3} {:>10.0} {:>10.0}",
                    source,
                    shots,
                    hits,
                    sel.len(),
                    over,
                    pct(&mut ms, 0.5),
                    pct(&mut ms, 0.9),
                    pct(&mut ms, 0.99),
                    pct(&mut ms, 1.0),
                    w50,
                    wmax
                );
            }
        }
    }
}
