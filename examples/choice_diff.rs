//! Where `bayes` and `weighted-density` choose differently, and what each choice leads to:
//! `cargo run --release --example choice_diff [GAMES] [SEED] [SIZE] [SHIPS]` (SIZE `10x10` and
//! SHIPS `5,4,3,3,2` by default).
//!
//! `bayes` plays games on uniform layouts. At every move where `weighted-density` would
//! shoot elsewhere, the game is branched twice from that position with one fresh seed: one branch
//! takes `bayes`'s cell, the other the heuristic's, and `bayes` plays each to the end. Printed per
//! kind of position: how often the two differ, the mean posterior probability of each one's cell,
//! and the mean change in the game's shots of taking the heuristic's cell instead (paired, with its
//! 95% interval). One thread; the same arguments give the same figures.

use sonar::{Algorithm, Board, Cell, Game, Pos, Seat, TieOrder, random_layout, seeded, stream};

/// The kind of position: no hits (hunt), one hit, or a line or group of two or more hits.
fn kind(board: &Board) -> usize {
    match board.count(Cell::Hit) {
        0 => 0,
        1 => 1,
        _ => 2,
    }
}

/// The algorithm's shot, and the grid it computed (the posterior for `bayes`).
fn shot(algorithm: Algorithm, game: &Game, seat: &Seat, seed: u64) -> (Pos, Vec<f64>) {
    let mut grid = vec![0.0; game.board().len()];
    let salvo = seat.salvo(algorithm.strategy(), game.board(), game.fleet(), &mut seeded(seed), &mut grid).unwrap();
    (salvo[0], grid)
}

/// The shots `bayes` needs to finish the game after firing `first`.
fn finish(mut game: Game, first: Pos, seat: &Seat, seed: u64) -> usize {
    game.fire(first).unwrap();
    let mut k = 0;
    while !game.is_over() {
        let (p, _) = shot(Algorithm::Bayes, &game, seat, seed ^ k);
        game.fire(p).unwrap();
        k += 1;
    }
    game.shots()
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i).and_then(|a| a.parse::<u64>().ok());
    let (games, seed) = (arg(1).unwrap_or(100), arg(2).unwrap_or(1));
    let text = |i: usize, default: &str| std::env::args().nth(i).unwrap_or_else(|| default.to_owned());
    let size: sonar::BoardSize = text(3, "10x10").parse().expect("a board size, ROWSxCOLS");
    let ships = sonar::Fleet::parse_list(&text(4, "5,4,3,3,2")).expect("ship lengths");
    let names = ["hunt (no hit)", "one hit", "two or more hits"];
    // Per kind: moves, differing moves, sum P(bayes's cell), sum P(heuristic's cell), paired changes.
    let mut moves = [0usize; 3];
    let mut differ = [0usize; 3];
    let mut p_bayes = [0.0f64; 3];
    let mut p_heuristic = [0.0f64; 3];
    let mut change: [Vec<f64>; 3] = Default::default();
    for g in 0..games {
        let mut rng = stream(seed, g);
        let mut game = Game::new(random_layout(size.rows, size.cols, &ships, &mut rng).unwrap());
        let seat = Seat { order: TieOrder::from_seed(seed ^ g), ..Seat::default() };
        let mut k = 0u64;
        while !game.is_over() {
            let move_seed = seed.wrapping_mul(1_000_003) ^ (g << 20) ^ k;
            let (ours, posterior) = shot(Algorithm::Bayes, &game, &seat, move_seed);
            let (theirs, _) = shot(Algorithm::WeightedDensity, &game, &seat, move_seed);
            let at = kind(game.board());
            moves[at] += 1;
            if ours != theirs {
                differ[at] += 1;
                p_bayes[at] += posterior[game.board().index(ours)];
                p_heuristic[at] += posterior[game.board().index(theirs)];
                let branch = move_seed ^ 0x5eed;
                let a = finish(game.clone(), ours, &seat, branch);
                let b = finish(game.clone(), theirs, &seat, branch);
                change[at].push(b as f64 - a as f64);
            }
            game.fire(ours).unwrap();
            k += 1;
        }
    }
    println!(
        "{games} games on {size}, ships {ships:?}, seed {seed}: bayes plays; at each move where weighted-density differs, both cells are played on by bayes"
    );
    println!(
        "| position | moves | differ | P(bayes's cell) | P(heuristic's cell) | shots, heuristic's cell − bayes's (95% interval) |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | --- |");
    for at in 0..3 {
        let n = differ[at].max(1) as f64;
        let c = &change[at];
        let mean = c.iter().sum::<f64>() / c.len().max(1) as f64;
        let var = c.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (c.len().max(2) - 1) as f64;
        let half = 1.96 * (var / c.len().max(1) as f64).sqrt();
        println!(
            "| {} | {} | {} ({:.0}%) | {:.4} | {:.4} | {:+.3} ({:+.3} to {:+.3}) |",
            names[at],
            moves[at],
            differ[at],
            100.0 * differ[at] as f64 / moves[at].max(1) as f64,
            p_bayes[at] / n,
            p_heuristic[at] / n,
            mean,
            mean - half,
            mean + half
        );
    }
}
