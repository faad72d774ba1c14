use rand::Rng;

use super::*;
use crate::game::board::Pos;
use crate::game::fleet::Fleet;
use crate::game::layout::random_layout_under;
use crate::game::prior::Opponent;
use crate::game::referee::Game;
use crate::game::rng::{seeded, stream};
use crate::game::rules::Rules;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::{Weakened, Weakness};
use crate::shooting::play::Seat;
use crate::simulate::engine::play;

const P: fn(usize, usize) -> Pos = Pos::new;

/// `count` searches `algorithm` made against uniform classic fleets, from `seed`.
pub fn searches_of(algorithm: Algorithm, count: usize, seed: u64) -> Vec<Search> {
    let fleet = Fleet::classic();
    let player = Weakened { algorithm, weakness: Weakness::NONE };
    (0..count)
        .map(|i| {
            let mut rng = stream(seed, i as u64);
            let layout = random_layout_under(10, 10, fleet.lengths(), Rules::CLASSIC, &mut rng).unwrap();
            let seat = Seat::from_seed(player, rng.next_u64(), 1, Rules::CLASSIC);
            let mut shots = Vec::new();
            play(&seat, Game::new(layout), &mut rng, |_, p, o| shots.push((p, o))).unwrap();
            Search::played(10, 10, &shots)
        })
        .collect()
}

#[test]
fn searches_are_checked_against_the_board() {
    let ok = Search::new(3, 4, 0, vec![(P(0, 0), Answer::Miss), (P(2, 3), Answer::Hit)]);
    assert_eq!(ok.unwrap().shots().len(), 2);
    let e = Search::new(3, 4, 5, vec![(P(0, 0), Answer::Miss), (P(3, 0), Answer::Miss)]).unwrap_err();
    assert_eq!(e.to_string(), "searches[5][1]: D1 is off the 3x4 board");
    let e = Search::new(3, 4, 2, vec![(P(0, 1), Answer::Miss), (P(1, 1), Answer::Hit), (P(0, 1), Answer::Sunk(1))])
        .unwrap_err();
    assert_eq!(e.to_string(), "searches[2][2]: A2 was already shot (searches[2][0])");
    let e = Search::new(30, 2, 0, vec![(P(28, 3), Answer::Miss)]).unwrap_err();
    assert!(matches!(e, SearchError::OffBoard { shot: 0, .. }), "{e}");
    let e = Search::new(1, 2, 1, vec![(P(0, 0), Answer::Miss); 3]).unwrap_err();
    assert_eq!(e.to_string(), "searches[1]: 3 shots, more than the board's 2 cells");
}

#[test]
fn hunting_shots_are_those_with_no_hit_open() {
    // 2x3: A1 miss, A2 hit, A3 sinks a 2 (finishing), B1 miss, B2 hit, B3 hit (finishing) and
    // sinks a 1, still finishing the hit on B2.
    let s = Search::new(
        2,
        3,
        0,
        vec![
            (P(0, 0), Answer::Miss),
            (P(0, 1), Answer::Hit),
            (P(0, 2), Answer::Sunk(2)),
            (P(1, 0), Answer::Miss),
            (P(1, 1), Answer::Hit),
            (P(1, 2), Answer::Sunk(1)),
        ],
    )
    .unwrap();
    assert_eq!(s.hunting(), vec![(0, true), (1, true), (2, false), (3, true), (4, true), (5, false)]);
    let more = Search::new(3, 3, 0, [s.shots(), &[(P(2, 0), Answer::Miss)]].concat()).unwrap();
    assert_eq!(more.hunting()[6], (6, false), "the hit on B2 is still open");
}

#[test]
fn no_searches_and_searches_without_a_habit_give_exactly_no_habit() {
    assert!(fit(10, 10, &[]).is_none());
    assert_eq!(fit(10, 10, &[]).searches(), Some(0));
    // A player who shoots in a uniformly random order, 100 games: no habit, on every seed tried.
    // (`random-flood` is no such player: after a sinking it shoots every neighbour of the ship,
    // choices the model rightly reads as drawn to where ships lie.)
    for seed in 0..6 {
        let model = fit(10, 10, &searches_of(Algorithm::Random, 100, 100 + seed));
        assert!(model.is_none(), "seed {seed}: {:?}", model.pull());
        assert_eq!(model.searches(), Some(100));
    }
}

#[test]
fn a_habit_is_learnt_from_twenty_searches() {
    // Middlemost shoots the middle first: the centre pulls more than the corners.
    let model = fit(10, 10, &searches_of(Algorithm::Middlemost, 20, 7));
    assert!(!model.is_none());
    let pull = model.pull();
    assert!(pull[44] > pull[0] + 1.0, "{pull:?}");
    // Every habit shooter's fitted model explains its unseen searches better than no habit does.
    for algorithm in [Algorithm::Middlemost, Algorithm::Strafing, Algorithm::Checkerboard, Algorithm::Bayes] {
        let model = fit(10, 10, &searches_of(algorithm, 20, 8));
        let (mut gain, mut choices) = (0.0, 0);
        for s in searches_of(algorithm, 10, 9) {
            let (fitted, n) = model.log_likelihood(&s);
            gain += fitted - SearchModel::none(10, 10).log_likelihood(&s).0;
            choices += n;
        }
        let per_choice = gain / choices as f64;
        assert!(per_choice > 0.01, "{algorithm:?}: {per_choice} nats a choice");
    }
    // Only the latest MAX_SEARCHES are read.
    let searches = searches_of(Algorithm::Middlemost, 3, 8);
    let many: Vec<Search> = searches.iter().cycle().take(MAX_SEARCHES + 7).cloned().collect();
    assert_eq!(fit(10, 10, &many).searches(), Some(MAX_SEARCHES));
}

#[test]
fn models_given_whole_are_checked() {
    let ok = SearchModel::new(2, 2, &[vec![0.0, 1.0], vec![-0.5, 0.25]], Some(1.2)).unwrap();
    assert_eq!(ok.beside(), Some(1.2));
    assert_eq!(ok.pull(), &[0.0, 1.0, -0.5, 0.25]);
    assert_eq!(ok.searches(), None);
    let e = |pull: &[Vec<f64>]| SearchModel::new(2, 2, pull, None).unwrap_err().to_string();
    assert_eq!(e(&[vec![0.5, 0.5]]), "search_model.pull: 1 rows, expected 2");
    assert_eq!(e(&[vec![0.5, 0.5], vec![0.5]]), "search_model.pull[1]: 1 columns, expected 2");
    assert_eq!(e(&[vec![0.5, 0.5], vec![0.5, 21.0]]), "search_model.pull[1][1]: 21 is not a pull from -20 to 20");
    assert!(e(&[vec![0.5, f64::NAN], vec![0.5, 0.5]]).contains("NaN"));
    let beside = |b: f64| SearchModel::new(2, 2, &[vec![0.5, 0.5], vec![0.5, 0.5]], Some(b)).unwrap_err().to_string();
    assert_eq!(beside(-0.5), "search_model.beside_ships: -0.5 is not a ratio from 0 to 100");
    assert!(beside(f64::NAN).contains("NaN"));
    assert!(beside(101.0).starts_with("search_model.beside_ships: 101"));
}

#[test]
fn the_fleet_hides_where_the_player_looks_last_and_no_habit_is_uniform() {
    let none = SearchModel::none(10, 10);
    assert_eq!(tilt(&none, Hiding::SERVICE), Opponent::uniform(10, 10));
    let model = fit(10, 10, &searches_of(Algorithm::Middlemost, 20, 9));
    let tilted = tilt(&model, Hiding::SERVICE);
    // Middlemost avoids the cells beside the ships it found: its fleets do not lean apart.
    assert_eq!(tilted.touching(), 1.0);
    let cells = tilted.cells();
    let (lo, hi) = cells.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &w| (lo.min(w), hi.max(w)));
    assert!(hi / lo <= (2.0 * DEFAULT_BOUND).exp() * (1.0 + 1e-9), "weights within the bound");
    // Its fleets sit on cells of less pull than uniform fleets do, under both rules.
    let fleet = Fleet::classic();
    for rules in [Rules::CLASSIC, Rules { touching: false, ..Rules::CLASSIC }] {
        let mean_time = |draw: &mut dyn FnMut(&mut crate::game::rng::SonarRng) -> crate::game::layout::Layout| {
            let mut rng = seeded(3);
            let mut total = 0.0;
            for _ in 0..400 {
                let l = draw(&mut rng);
                total += l.ships.iter().flat_map(|s| s.cells()).map(|c| -model.pull()[c.row * 10 + c.col]).sum::<f64>();
            }
            total / (400.0 * 17.0)
        };
        let hidden =
            mean_time(&mut |rng| hide(&model, Hiding::SERVICE, &fleet, rules, &[], &mut 1_000_000, rng).unwrap());
        let uniform = mean_time(&mut |rng| random_layout_under(10, 10, fleet.lengths(), rules, rng).unwrap());
        assert!(hidden > uniform + 0.1, "{rules:?}: hidden {hidden}, uniform {uniform}");
    }
    // The same seed, the same fleet; another seed, another.
    let at =
        |seed| hide(&model, Hiding::SERVICE, &fleet, Rules::CLASSIC, &[], &mut 1_000_000, &mut seeded(seed)).unwrap();
    assert_eq!(at(5), at(5));
    assert_ne!(at(5), at(6));
}

#[test]
fn searches_are_read_from_their_text() {
    let texts = vec![vec!["E5o".to_owned(), "c3x".to_owned(), " C4#2 ".to_owned()], vec![]];
    let read = read_searches(&texts, 10, 10, 200).unwrap();
    assert_eq!(read[0].shots(), &[(P(4, 4), Answer::Miss), (P(2, 2), Answer::Hit), (P(2, 3), Answer::Sunk(2))]);
    assert!(read[1].shots().is_empty());
    let e = |texts: &[&[&str]]| {
        let texts: Vec<Vec<String>> = texts.iter().map(|s| s.iter().map(|t| t.to_string()).collect()).collect();
        read_searches(&texts, 10, 10, 2).unwrap_err()
    };
    for bad in ["E5", "E5y", "E5#", "E5#0", "5o", "E0o", "E5ox", "", "#3"] {
        let err = e(&[&["A1o"], &["B1o", bad]]);
        assert_eq!(err.at(), (Some(1), Some(1)), "{bad}");
        assert!(err.to_string().starts_with("searches[1][1]: "), "{err}");
    }
    assert_eq!(e(&[&["K1o"]]).to_string(), "searches[0][0]: K1 is off the 10x10 board");
    assert_eq!(e(&[&["A1o", "A1x"]]).at(), (Some(0), Some(1)));
    assert_eq!(e(&[&[], &[], &[]]).to_string(), "searches: 3 searches, at most 2");
}

#[test]
fn against_a_habit_the_ships_lean_apart_by_the_touching_weight() {
    // The same model drawn with and without the lean: each touching cell pair weighs 0.5, so
    // touching fleets get rarer, but some still touch (it is a lean, not the `apart` habit).
    let model = fit(10, 10, &searches_of(Algorithm::Strafing, 20, 9));
    assert_eq!(tilt(&model, Hiding::SERVICE).touching(), TOUCHING);
    let fleet = Fleet::classic();
    let draws = |touching: f64| {
        let hiding = Hiding { touching, ..Hiding::SERVICE };
        let mut rng = seeded(11);
        let pairs: Vec<usize> = (0..3000)
            .map(|_| {
                let l = hide(&model, hiding, &fleet, Rules::CLASSIC, &[], &mut 1_000_000, &mut rng).unwrap();
                crate::game::prior::touching_pairs(&l)
            })
            .collect();
        let touching = pairs.iter().filter(|&&p| p > 0).count() as f64 / 3000.0;
        (pairs.iter().sum::<usize>() as f64 / 3000.0, touching)
    };
    let ((lean, lean_share), (none, none_share)) = (draws(TOUCHING), draws(1.0));
    assert!(lean < 0.3 * none, "touching cell pairs a fleet: {lean} with the lean, {none} without");
    assert!(
        lean_share < 0.7 * none_share && lean_share > 0.1,
        "fleets that touch: {lean_share} with, {none_share} without"
    );
}

#[test]
fn shots_beside_found_ships_tell_the_flooders_the_indifferent_and_the_reasoners_apart() {
    // 40 classic games each: floods around found ships, hunts with no regard to them, or avoids
    // the cells beside them as a shooter who counts where ships fit does.
    let ratio = |a: Algorithm| beside_ratio(10, 10, &searches_of(a, 40, 5)).unwrap();
    for a in [Algorithm::DensityFlood, Algorithm::RandomFlood] {
        assert!(ratio(a) > 3.0, "{a:?}: {}", ratio(a));
    }
    for a in [Algorithm::Checkerboard, Algorithm::Strafing] {
        assert!((LEAN_FROM..1.3).contains(&ratio(a)), "{a:?}: {}", ratio(a));
    }
    for a in [Algorithm::Bayes, Algorithm::WeightedDensity, Algorithm::Middlemost, Algorithm::LongestRun] {
        assert!(ratio(a) < 0.75, "{a:?}: {}", ratio(a));
    }
    // Counted by hand on one search of 3x3: a ship of 2 at A1-A2 found first, then B3 (beside A2)
    // and C1 (beside nothing) hunted. At B3 the open cells are 7, of which A3, B1, B2 and B3 are
    // beside the ship (4/7); at C1, 6 open of which A3, B1 and B2 (3/6).
    let search = Search::new(
        3,
        3,
        0,
        vec![(P(0, 0), Answer::Hit), (P(0, 1), Answer::Sunk(2)), (P(1, 2), Answer::Miss), (P(2, 0), Answer::Miss)],
    )
    .unwrap();
    let (observed, expected) = (1.0, 4.0 / 7.0 + 3.0 / 6.0);
    assert_eq!(super::beside::expected_and_observed(3, 3, std::slice::from_ref(&search)), (expected, observed));
    // Too few chances to tell: no ratio, and no lean.
    assert_eq!(beside_ratio(3, 3, &[search]), None);
    assert_eq!(beside_ratio(10, 10, &searches_of(Algorithm::DensityFlood, 1, 5)), None);
}

#[test]
fn the_ships_lean_apart_only_against_a_habit_that_does_not_avoid_found_ships() {
    for (a, leans) in [
        (Algorithm::Checkerboard, true),
        (Algorithm::DensityFlood, true),
        (Algorithm::Bayes, false),
        (Algorithm::Middlemost, false),
    ] {
        let model = fit(10, 10, &searches_of(a, 30, 9));
        assert!(!model.is_none(), "{a:?} shows a habit");
        let expected = if leans { TOUCHING } else { 1.0 };
        assert_eq!(tilt(&model, Hiding::SERVICE).touching(), expected, "{a:?}: beside {:?}", model.beside());
    }
    // No habit: uniform, whatever the ratio.
    let none = fit(10, 10, &searches_of(Algorithm::Random, 30, 9));
    assert!(none.is_none());
    assert_eq!(tilt(&none, Hiding::SERVICE), Opponent::uniform(10, 10));
}
