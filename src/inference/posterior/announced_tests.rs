//! The posterior of a history against the order-aware brute-force enumerator (`replay_brute`):
//! random games on small boards under every announcement rule, both touching rules, one shot or
//! a salvo a turn, with and without a prior, cell by cell.

use rand::RngExt;

use super::announced::Mixture;
use super::replay_brute::{self as oracle, Cells, Prior, ShotAnswer, TurnRecord};
use crate::game::announce::Announce;
use crate::game::board::{BoardSize, Cell, Pos};
use crate::game::history::{History, NamedShip, Reading, Shot, Sinking, Volley};
use crate::game::prior::Opponent;
use crate::game::rng::seeded;
use crate::game::rules::Rules;

fn oracle_rule(a: Announce) -> oracle::Announce {
    match a {
        Announce::SunkCells => oracle::Announce::SunkCells,
        Announce::Sunk => oracle::Announce::Sunk,
        Announce::Hit => oracle::Announce::Hit,
        Announce::None => oracle::Announce::None,
    }
}

fn name(i: usize) -> String {
    format!("s{i}")
}

/// The history a backend would send for the referee's records.
fn history_of(rows: usize, cols: usize, lengths: &[usize], turns: &[Cells], records: &[TurnRecord]) -> History {
    let fleet = lengths.iter().enumerate().map(|(i, &len)| NamedShip { name: Some(name(i)), len }).collect();
    let turns = turns
        .iter()
        .zip(records)
        .map(|(shots, record)| Volley {
            shots: shots
                .iter()
                .zip(&record.answers)
                .map(|(&(r, c), answer)| match answer {
                    ShotAnswer::Miss => Shot { pos: Pos::new(r, c), hit: false, ship: None },
                    ShotAnswer::Hit(ship) => Shot { pos: Pos::new(r, c), hit: true, ship: ship.map(name) },
                })
                .collect(),
            sunk: record
                .sunk
                .iter()
                .map(|(i, cells)| Sinking {
                    ship: Some(name(*i)),
                    cells: cells.as_ref().map(|cs| cs.iter().map(|&(r, c)| Pos::new(r, c)).collect()),
                })
                .collect(),
            observed: None,
        })
        .collect();
    History { size: BoardSize::new(rows, cols).unwrap(), fleet, turns, blocked: vec![] }
}

/// Compares the exact posterior with the oracle on every unshot cell, for one random game.
#[allow(clippy::too_many_arguments)]
fn check(
    rows: usize,
    cols: usize,
    lengths: &[usize],
    touching: bool,
    salvo: usize,
    announce: Announce,
    prior: Option<(&[f64], f64, f64)>,
    rng: &mut crate::game::rng::SonarRng,
) -> bool {
    let shots = rng.random_range(1..rows * cols * 2 / 3);
    let (hidden, turns) = oracle::random_history(rows, cols, lengths, touching, salvo, shots, rng);
    let records = oracle::referee(&hidden, &turns, oracle_rule(announce));
    let history = history_of(rows, cols, lengths, &turns, &records);
    let rules = Rules::new(touching, salvo as u64).unwrap().with_announce(announce);
    let Ok(Reading { board, told, .. }) = history.read_possible(rules, 1_000_000) else {
        // The game is over, or no cell is left: nothing to recommend.
        let read = history.read(rules);
        assert!(
            matches!(
                read,
                Err(crate::game::history::HistoryError::GameOver | crate::game::history::HistoryError::NoOpenCell)
            ),
            "{read:?}"
        );
        return false;
    };
    let expected = oracle::replay_enumerate(
        rows,
        cols,
        lengths,
        touching,
        prior.map(|(cells, touching, across)| Prior { cells, touching, across }),
        oracle_rule(announce),
        &turns,
        &records,
    );
    assert!(expected.kept >= 1);
    let model = prior.map(|(cells, t, d)| {
        let grid: Vec<Vec<f64>> = cells.chunks(cols).map(<[f64]>::to_vec).collect();
        Opponent::new(rows, cols, &grid, t).unwrap().with_across(d).unwrap()
    });
    // A model that never lets ships touch is the no-touch rules with its cells (as bayes reads it).
    let (rules, model) = match &model {
        Some(m) if m.touching() == 0.0 && touching => (Rules { touching: false, ..rules }, Some(m.with_touching(1.0))),
        m => (rules, m.clone()),
    };
    let seen = rules.reveal(&board);
    let got = match Mixture::new(&seen, &told, rules, model.as_ref()).and_then(|m| m.count(u64::MAX / 4)) {
        Ok(got) => got,
        Err(e) => {
            // Only a prior of touching 0 can weigh every agreeing layout 0.
            assert_eq!((e, expected.weight), (super::ExactError::NoLayout, 0.0), "{announce} {turns:?}");
            return false;
        }
    };
    assert!(expected.weight > 0.0);
    for i in 0..board.len() {
        let unshot = board.cells()[i] == Cell::Unknown;
        let want = if unshot { expected.marginals[i] } else { 0.0 };
        assert!(
            (got.marginals[i] - want).abs() < 1e-9,
            "{announce} touching {touching} salvo {salvo} prior {prior:?} cell {i}: {} against {want}\nboard {:?}\nturns {turns:?}",
            got.marginals[i],
            board.to_rows()
        );
    }
    !told.is_empty()
}

#[test]
fn every_rule_agrees_with_the_order_aware_enumerator() {
    let cases: [(usize, usize, &[usize]); 4] =
        [(4, 4, &[3, 2]), (4, 5, &[2, 2, 1]), (5, 5, &[3, 2, 2]), (4, 6, &[3, 2, 1])];
    let mut rng = seeded(25);
    for announce in Announce::ALL {
        // Random games rarely leave a sunk ship's cells uncertain: play until 20 did (under
        // `sunk` and `hit`), at least 40 games and at most 2,000.
        let (mut told, mut games) = (0, 0);
        while games < 40 || (announce.names_ships() && told < 20 && games < 2000) {
            let (rows, cols, lengths) = cases[games % cases.len()];
            let touching = games % 2 == 0;
            let salvo = 1 + (games / 2) % 2;
            told += usize::from(check(rows, cols, lengths, touching, salvo, announce, None, &mut rng));
            games += 1;
        }
        if announce.names_ships() {
            assert!(told >= 20, "{announce}: only {told} of {games} games told more than the board");
        }
    }
}

#[test]
fn every_rule_agrees_with_the_enumerator_under_a_prior() {
    let mut rng = seeded(26);
    for announce in Announce::ALL {
        for k in 0..24 {
            let (rows, cols, lengths): (usize, usize, &[usize]) =
                if k % 2 == 0 { (4, 5, &[3, 2]) } else { (5, 5, &[2, 2, 1]) };
            let cells: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    if k % 3 == 0 {
                        f64::from(rng.random_range(1..=5u8))
                    } else {
                        (rng.random::<f64>() * 6.0 - 3.0).exp()
                    }
                })
                .collect();
            let t = [0.0, 0.5, 1.0, 2.5][k % 4];
            // Ships laid across: indifferent, a fifth as often, or three times as often as down.
            let d = [1.0, 0.2, 3.0][k % 3];
            let touching = k % 5 != 0;
            let salvo = 1 + k % 2;
            check(rows, cols, lengths, touching, salvo, announce, Some((&cells, t, d)), &mut rng);
        }
    }
}

#[test]
fn the_sampled_posterior_converges_to_the_exact_one() {
    // Under `sunk`, a position where the sunk ship's cells are uncertain.
    let mut rng = seeded(27);
    let mut compared = 0;
    while compared < 3 {
        let lengths = [2, 2, 1];
        let shots = rng.random_range(6..14);
        let (hidden, turns) = oracle::random_history(5, 5, &lengths, true, 1, shots, &mut rng);
        let records = oracle::referee(&hidden, &turns, oracle::Announce::Sunk);
        let history = history_of(5, 5, &lengths, &turns, &records);
        let rules = Rules::CLASSIC.with_announce(Announce::Sunk);
        let Ok(reading) = history.read(rules) else { continue };
        if reading.told.is_empty() {
            continue;
        }
        let mixture = Mixture::new(&reading.board, &reading.told, rules, None).unwrap();
        let exact = mixture.count(u64::MAX / 4).unwrap();
        let sampled = mixture.sample(400_000, |_| true, &mut rng).unwrap();
        for (e, s) in exact.marginals.iter().zip(&sampled.marginals) {
            assert!((e - s).abs() < 0.01, "{e} against {s}");
        }
        compared += 1;
    }
}

/// The exact posterior of the game `hidden` with one shot a turn at `shots` under `announce`.
fn posterior_of(hidden: &[Cells], shots: &[(usize, usize)], announce: Announce) -> Vec<f64> {
    let lengths: Vec<usize> = hidden.iter().map(Vec::len).collect();
    let turns: Vec<Cells> = shots.iter().map(|&s| vec![s]).collect();
    let records = oracle::referee(hidden, &turns, oracle_rule(announce));
    let history = history_of(3, 3, &lengths, &turns, &records);
    let rules = Rules::CLASSIC.with_announce(announce);
    let reading = history.read_possible(rules, 1_000_000).unwrap();
    Mixture::new(&reading.board, &reading.told, rules, None).unwrap().count(u64::MAX / 4).unwrap().marginals
}

#[test]
fn sunk_hides_what_sunk_cells_shows_and_the_order_of_shots_matters() {
    // Ship 0 (length 2) on B2-B3, ship 1 (length 3) down column 1. Shooting B1, B3, then B2 sinks
    // ship 0 with B2: told only its name, it may as well be B1-B2, with ship 1 down column 3.
    let hidden = vec![vec![(1, 1), (1, 2)], vec![(0, 0), (1, 0), (2, 0)]];
    let cells = posterior_of(&hidden, &[(1, 0), (1, 2), (1, 1)], Announce::SunkCells);
    let sunk = posterior_of(&hidden, &[(1, 0), (1, 2), (1, 1)], Announce::Sunk);
    assert_eq!((cells[0], cells[2]), (1.0, 0.0));
    assert_eq!((sunk[0], sunk[2]), (0.5, 0.5));
    // B2 before B3: ship 0 sinks with B3, so it is B2-B3 after all.
    let sunk_late = posterior_of(&hidden, &[(1, 0), (1, 1), (1, 2)], Announce::Sunk);
    assert_eq!((sunk_late[0], sunk_late[2]), (1.0, 0.0));
}
