//! Where `bayes` spends its time, move by move:
//! `cargo run --release -p sonar-research --bin bayes_timing -- [GAMES] [PLAYER] [no-touch]`. With `no-touch` the
//! games are of the no-touch rules with the ten-ship fleet 4,3,3,2,2,2,1,1,1,1; otherwise classic.

use std::time::Instant;

use sonar::Algorithm;
use sonar::DEFAULT_BUDGET_MS;
use sonar::Game;
use sonar::Rules;
use sonar::count_exact_under;
use sonar::random_layout_under;
use sonar::research::Sampler;
use sonar::research::exact_work;
use sonar::seeded;
use sonar::simulate::percentile;

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    percentile(v, p)
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let player = std::env::args().nth(2).and_then(|a| Algorithm::from_name(&a)).unwrap_or(Algorithm::Density);
    let no_touch = std::env::args().nth(3).is_some_and(|a| a == "no-touch");
    let (rules, ships): (Rules, &[usize]) =
        if no_touch { (Rules::NO_TOUCH, &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1]) } else { (Rules::CLASSIC, &[5, 4, 3, 3, 2]) };
    let mut decide = vec![];
    let budget = exact_work(DEFAULT_BUDGET_MS, rules);
    let (mut exact_ok, mut exact_fail, mut sample) = (vec![], vec![], vec![]);
    let mut by_shot: Vec<(usize, bool)> = vec![];
    for g in 0..games {
        let mut rng = seeded(g);
        let mut game = Game::new(random_layout_under(10, 10, ships, rules, &mut rng).unwrap());
        let mut grid = vec![0.0; 100];
        while !game.is_over() {
            let seen = rules.reveal(game.board());
            let turn = game.turn();
            let turn = sonar::Turn { board: &seen, rules, ..turn };
            let t = Instant::now();
            let r = count_exact_under(&seen, game.fleet(), rules, budget);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            by_shot.push((game.shots(), r.is_ok()));
            if r.is_ok() {
                exact_ok.push(ms);
            } else {
                exact_fail.push(ms);
                let t = Instant::now();
                Sampler::with_rules(&seen, game.fleet(), rules).estimate(3600, &mut seeded(1), |_| true);
                sample.push(t.elapsed().as_secs_f64() * 1e3);
            }
            grid.fill(0.0);
            let t = Instant::now();
            let d = player.strategy().decide(turn, &mut rng, &mut grid).unwrap();
            decide.push(t.elapsed().as_secs_f64() * 1e3);
            game.fire(d.shot).unwrap();
        }
    }
    let first_exact = by_shot.iter().filter(|(_, ok)| *ok).map(|(s, _)| *s).min();
    println!("budget {budget} units; first exact at shot {first_exact:?}");
    for (name, v) in [
        ("exact ok", &mut exact_ok),
        ("exact over budget", &mut exact_fail),
        ("sampling 3600", &mut sample),
        ("player's decide", &mut decide),
    ] {
        let n = v.len();
        println!(
            "{name:<18} n={n:5} p50={:8.3} ms p99={:8.3} ms max={:8.3} ms",
            pct(v, 0.5),
            pct(v, 0.99),
            pct(v, 1.0)
        );
    }
}
