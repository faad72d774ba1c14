//! What count scans cost `bayes` at the default budget on the classic board: real positions of
//! `bayes` games from shot 20 on, each played with 0, 1, 2 and 4 count scans of random 3 x 3 areas
//! (clipped at the edge; each reading the hidden fleet's cells, sunk ones included), the same
//! positions and areas for every count. Prints per count the share of exact answers and
//! percentiles of the move's wall time (no clock: the work bounds alone decide); nothing is
//! asserted.
//!
//! `cargo run --release -p sonar-research --bin scan_timing -- [games] [from]`, e.g. `100 20`
//! (`from`: the first shot whose positions are taken, default 20).

use std::time::Instant;

use rand::RngExt;
use sonar::research::Ask;
use sonar::simulate::percentile;
use sonar::{
    Algorithm, Board, Fleet, Game, Level, Pos, Reading, Seat, Weakened, play, random_layout, read_scans, stream,
};

const SCANS: [usize; 4] = [0, 1, 2, 4];

/// A position, its fleet afloat and the four scans it may be played with.
type Position = (Board, Fleet, Vec<(Vec<Pos>, Reading)>);

fn area(rng: &mut sonar::SonarRng) -> Vec<Pos> {
    let (r, c) = (rng.random_range(0..10usize), rng.random_range(0..10usize));
    (r.saturating_sub(1)..=(r + 1).min(9))
        .flat_map(|r| (c.saturating_sub(1)..=(c + 1).min(9)).map(move |c| Pos::new(r, c)))
        .collect()
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let from: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let seat = Seat::new(Weakened::full(Algorithm::Bayes));
    let mut positions: Vec<Position> = Vec::new();
    for g in 0..games {
        let mut rng = stream(21, g);
        let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
        let ships: Vec<Pos> = layout.ships.iter().flat_map(|s| s.cells()).collect();
        let mut areas = stream(22, g);
        play(&seat, Game::new(layout), &mut rng, |game, _, _| {
            if game.shots() >= from && !game.is_over() {
                let scans = (0..4)
                    .map(|_| {
                        let cells = area(&mut areas);
                        let found = cells.iter().filter(|p| ships.contains(p)).count();
                        (cells, Reading::Count(found))
                    })
                    .collect();
                positions.push((game.board().clone(), game.fleet().clone(), scans));
            }
        })
        .unwrap();
    }
    println!("{} positions of {games} bayes games, from shot {from} on", positions.len());
    for k in SCANS {
        let (mut times, mut exact) = (Vec::with_capacity(positions.len()), 0usize);
        for (i, (board, fleet, scans)) in positions.iter().enumerate() {
            let board = board.clone().with_scans(read_scans(board, scans[..k].to_vec()).expect("true scans"));
            let mut ask = Ask {
                board,
                fleet: fleet.clone(),
                told: None,
                seat: seat.clone(),
                level: Level::STRONGEST,
                seed: i as u64,
                candidates: 0,
                arsenal: None,
                observed: None,
            };
            ask.check().expect("a real position");
            let t = Instant::now();
            let answer = ask.play(sonar::Deadline::NONE).expect("an answer");
            times.push(t.elapsed().as_secs_f64() * 1e3);
            exact += usize::from(answer.posterior.is_some_and(|p| p.exact));
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{k} scans: exact {:5.1}%  p50 {:6.3} ms  p90 {:6.3} ms  p99 {:6.3} ms  max {:6.3} ms",
            100.0 * exact as f64 / positions.len() as f64,
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            percentile(&times, 0.99),
            percentile(&times, 1.0)
        );
    }
}
