//! How long `bayes` thinks a move at a budget above the default, by where its plan's layouts came
//! from: `cargo run --release -p sonar-research --bin thinking_timing -- [GAMES] [BUDGET_MS] [no-touch]`. One
//! thread; each move's time against the budget (the target: p99 within the budget plus 20%).

use std::time::Instant;

use sonar::simulate::percentile;
use sonar::{Algorithm, Deadline, Game, Rules, Seat, Weakened, random_layout_under, seeded};

fn main() {
    let arg = |n: usize| std::env::args().nth(n);
    let games: u64 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let budget: u64 = arg(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let no_touch = arg(3).is_some_and(|a| a == "no-touch");
    let (rules, ships): (Rules, &[usize]) =
        if no_touch { (Rules::NO_TOUCH, &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1]) } else { (Rules::CLASSIC, &[5, 4, 3, 3, 2]) };
    // Per source of the layouts: (milliseconds, layouts played, moves off the greedy cell).
    let mut by_source: Vec<(String, Vec<f64>, Vec<f64>, usize)> = Vec::new();
    let mut all = Vec::new();
    let (mut shots, mut switched) = (0usize, 0usize);
    let seat = Seat { budget_ms: budget, rules, ..Seat::new(Weakened::full(Algorithm::Bayes)) };
    for g in 0..games {
        let mut rng = seeded(1000 + g);
        let mut game = Game::new(random_layout_under(10, 10, ships, rules, &mut rng).unwrap());
        while !game.is_over() {
            let t = Instant::now();
            let r = seat.play(game.board(), game.fleet(), None, &mut rng, 0, Deadline::NONE).unwrap();
            let ms = t.elapsed().as_secs_f64() * 1e3;
            all.push(ms);
            let (name, layouts) = match &r.plan {
                Some(p) => (p.source.as_str().to_owned(), p.layouts as f64),
                None => ("no plan".to_owned(), 0.0),
            };
            let off = usize::from(r.plan.as_ref().is_some_and(|p| p.chosen != 0));
            switched += off;
            match by_source.iter_mut().find(|(n, _, _, _)| *n == name) {
                Some((_, t, l, s)) => {
                    t.push(ms);
                    l.push(layouts);
                    *s += off;
                }
                None => by_source.push((name, vec![ms], vec![layouts], off)),
            }
            game.fire(r.shot).unwrap();
            shots += 1;
        }
    }
    let pct = |v: &mut Vec<f64>, p: f64| {
        v.sort_by(f64::total_cmp);
        percentile(v, p)
    };
    println!("{games} games, {shots} moves at {budget} ms, {switched} moves off the greedy cell");
    for (name, t, l, off) in &mut by_source {
        let n = t.len();
        println!(
            "{name:>10}: {n:>5} moves ({off:>4} off greedy)  ms p50 {:7.2} p99 {:7.2} max {:7.2}  layouts p50 {:6.0} min {:6.0}",
            pct(t, 0.5),
            pct(t, 0.99),
            t.iter().copied().fold(0.0, f64::max),
            pct(l, 0.5),
            l.first().copied().unwrap_or(0.0)
        );
    }
    println!(
        "all moves: ms p50 {:.2} p99 {:.2} max {:.2}",
        pct(&mut all, 0.5),
        pct(&mut all, 0.99),
        all[all.len() - 1]
    );
}
