//! Reading histories: what each announcement rule tells, and every inconsistency named.

use super::*;
use crate::game::layout::Placement;
use crate::game::rules::Rules;

/// A one-shot-a-turn history on a `rows` x `cols` board. Each shot is `CELL m` (miss), `CELL h`
/// (hit), `CELL h:NAME` (hit naming the ship), `CELL s:NAME` (hit that sinks NAME) or
/// `CELL s:NAME@C1,C2` (the same, showing the cells).
pub fn hist(rows: usize, cols: usize, fleet: &[(&str, usize)], shots: &[&str]) -> History {
    let fleet = fleet
        .iter()
        .map(|&(name, len)| NamedShip { name: (!name.is_empty()).then(|| name.to_string()), len })
        .collect();
    let turns = shots.iter().map(|s| volley(s)).collect();
    History { size: BoardSize::new(rows, cols).unwrap(), fleet, turns, blocked: vec![] }
}

fn cell(label: &str) -> Pos {
    Pos::from_label(label).unwrap()
}

fn volley(text: &str) -> Volley {
    let (label, answer) = text.split_once(' ').unwrap();
    let pos = cell(label);
    let named = |s: &str| (!s.is_empty()).then(|| s.to_string());
    match answer.split_once(':') {
        None if answer == "m" => {
            Volley { shots: vec![Shot { pos, hit: false, ship: None }], sunk: vec![], observed: None }
        }
        None => Volley { shots: vec![Shot { pos, hit: true, ship: None }], sunk: vec![], observed: None },
        Some(("h", name)) => {
            Volley { shots: vec![Shot { pos, hit: true, ship: named(name) }], sunk: vec![], observed: None }
        }
        Some((_, sunk)) => {
            let (name, cells) = match sunk.split_once('@') {
                Some((name, cells)) => (name, Some(cells.split(',').map(cell).collect())),
                None => (sunk, None),
            };
            Volley {
                shots: vec![Shot { pos, hit: true, ship: None }],
                sunk: vec![Sinking { ship: named(name), cells }],
                observed: None,
            }
        }
    }
}

fn rules(announce: Announce) -> Rules {
    Rules::CLASSIC.with_announce(announce)
}

const FLEET: &[(&str, usize)] = &[("cruiser", 3), ("destroyer", 2)];

#[test]
fn sunk_cells_reads_as_the_board_string_says() {
    let h = hist(4, 5, FLEET, &["A1 h", "A2 h", "A3 s:cruiser@A1,A2,A3", "C3 m"]);
    let r = h.read(rules(Announce::SunkCells)).unwrap();
    assert_eq!(r.board.to_rows(), vec!["###..", ".....", "..o..", "....."]);
    assert_eq!(r.fleet.lengths(), &[2]);
    assert!(r.told.is_empty());
    // Unnamed ships: the cells say which length sank.
    let h = hist(4, 5, &[("", 3), ("", 2)], &["A1 h", "A2 s:@A1,A2"]);
    assert_eq!(h.read(rules(Announce::SunkCells)).unwrap().fleet.lengths(), &[3]);
}

#[test]
fn sunk_names_the_ship_and_keeps_its_cells_uncertain() {
    // Four hits in a row, the cruiser sunk on the fourth: it covers A4, so it is A2-A4.
    let h = hist(4, 5, FLEET, &["A1 h", "A2 h", "A3 h", "A4 s:cruiser"]);
    let r = h.read(rules(Announce::Sunk)).unwrap();
    assert_eq!(r.board.to_rows(), vec!["x###.", ".....", ".....", "....."]);
    assert_eq!(r.fleet.lengths(), &[2]);
    assert!(r.told.is_empty());
    // Hits B2, A2, C2 then A1 sinks the destroyer: A1-A2 (A2 was hit) or A1-B1 (B1 was not shot).
    let h = hist(4, 5, FLEET, &["B2 h", "A2 h", "A1 s:destroyer"]);
    let r = h.read(rules(Announce::Sunk)).unwrap();
    assert_eq!(r.board.to_rows(), vec!["##...", ".x...", ".....", "....."]);
    // The same cells, the destroyer sunk on A2 between two hits of the cruiser: A1-A2 or A2-B2.
    let h = hist(4, 5, FLEET, &["B2 h", "A1 h", "A2 s:destroyer"]);
    let r = h.read(rules(Announce::Sunk)).unwrap();
    assert_eq!(r.board.to_rows(), vec!["xx...", ".x...", ".....", "....."]);
    assert_eq!(r.fleet.lengths(), &[3, 2], "the uncertain destroyer counts as afloat for the board");
    assert_eq!(r.told.rest, vec![3]);
    let u = &r.told.unseen[0];
    assert_eq!((u.ship, u.len, u.sunk_turn), (1, 2, Some(2)));
    let mut c = u.candidates.clone();
    c.sort_by_key(|p| (p.row, p.col, p.horizontal));
    assert_eq!(
        c,
        vec![
            Placement { len: 2, row: 0, col: 0, horizontal: true },
            Placement { len: 2, row: 0, col: 1, horizontal: false }
        ]
    );
}

#[test]
fn hit_names_every_hit() {
    let h = hist(4, 5, FLEET, &["B2 h:cruiser", "B3 h:destroyer"]);
    let r = h.read(rules(Announce::Hit)).unwrap();
    assert_eq!(r.board.to_rows(), vec![".....", ".xx..", ".....", "....."]);
    assert!(r.told.rest.is_empty());
    assert_eq!(r.told.unseen.len(), 2);
    // The cruiser through B2 and not B3 (the destroyer's): vertical only, A2-C2 or B2-D2; the
    // destroyer through B3 and not B2: B3-B4, A3-B3 or B3-C3.
    assert_eq!(r.told.unseen[0].candidates.len(), 2);
    assert_eq!(r.told.unseen[1].candidates.len(), 3);
    // Under hit the sinking shot names its ship too.
    let h = hist(4, 5, FLEET, &["B2 h:destroyer", "B3 s:destroyer"]);
    let r = h.read(rules(Announce::Hit));
    assert!(matches!(r, Err(HistoryError::HitUnnamed { .. })), "{r:?}");
}

#[test]
fn none_tells_no_sinking() {
    let h = hist(4, 5, FLEET, &["A1 h", "A2 h"]);
    let r = h.read(rules(Announce::None)).unwrap();
    assert_eq!(r.fleet.lengths(), &[3, 2]);
    assert!(r.told.is_empty());
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:destroyer"]);
    assert!(matches!(h.read(rules(Announce::None)), Err(HistoryError::SinkingNotTold { .. })));
    // Every ship cell hit ends the game.
    let h = hist(4, 5, FLEET, &["A1 h", "A2 h", "A3 h", "B1 h", "B2 h"]);
    assert_eq!(h.read(rules(Announce::None)), Err(HistoryError::GameOver));
}

fn err(h: &History, announce: Announce) -> HistoryError {
    h.read_possible(rules(announce), 100_000).unwrap_err()
}

#[test]
fn every_inconsistency_names_its_turn() {
    use HistoryError as E;
    let at = |turn, shot| At { turn, shot };
    let h = hist(4, 5, FLEET, &["A1 m", "A1 h"]);
    assert_eq!(err(&h, Announce::Sunk), E::ShotTwice { at: at(1, Some(0)), cell: "A1".into(), first_turn: 0 });
    let h = hist(4, 5, FLEET, &["A1 m", "E1 m"]);
    assert!(matches!(err(&h, Announce::Sunk), E::OffBoard { at: At { turn: 1, .. }, row: 4, col: 0, .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:carrier"]);
    assert!(matches!(err(&h, Announce::Sunk), E::UnknownShip { at: At { turn: 1, .. }, .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:destroyer", "C1 h", "C2 s:destroyer"]);
    assert!(matches!(err(&h, Announce::Sunk), E::AlreadySunk { at: At { turn: 3, .. }, sunk_turn: 1, .. }));
    let h = hist(4, 5, FLEET, &["A1 h:destroyer", "A3 h:destroyer"]);
    assert!(matches!(err(&h, Announce::Hit), E::HitCannotReach { at: At { turn: 1, shot: Some(0) }, len: 2, .. }));
    // Walled in by misses: the destroyer named at B2 has no room.
    let h = hist(4, 5, FLEET, &["A2 m", "C2 m", "B1 m", "B3 m", "B2 h:destroyer"]);
    assert!(matches!(err(&h, Announce::Hit), E::HitCannotReach { at: At { turn: 4, .. }, len: 2, .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 m"]);
    let mut h2 = h.clone();
    h2.turns[1].sunk.push(Sinking { ship: Some("destroyer".into()), cells: None });
    assert!(matches!(err(&h2, Announce::Sunk), E::SinkingWithoutHit { at: At { turn: 1, .. } }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:destroyer"]);
    assert!(matches!(err(&h, Announce::SunkCells), E::CellsRequired { .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:destroyer@A1,A2"]);
    assert!(matches!(err(&h, Announce::Sunk), E::CellsNotTold { .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "A2 s:cruiser@A1,A2"]);
    assert!(matches!(err(&h, Announce::SunkCells), E::SunkCellsWrong { .. }));
    let h = hist(4, 5, FLEET, &["A1 h:cruiser", "A2 s:cruiser"]);
    let mut h3 = h.clone();
    h3.turns[1].shots[0].ship = Some("cruiser".into());
    assert!(matches!(err(&h3, Announce::Hit), E::SunkLength { at: At { turn: 1, .. }, len: 3, hits: 2, .. }));
    let h = hist(4, 5, FLEET, &["A1 h:destroyer", "A2 h:destroyer"]);
    assert!(matches!(err(&h, Announce::Hit), E::NotAnnounced { at: At { turn: 1, .. }, .. }));
    let h = hist(4, 5, FLEET, &["A1 h", "C1 s:cruiser"]);
    assert!(matches!(err(&h, Announce::Sunk), E::SunkUnexplained { at: At { turn: 1, .. }, len: 3, .. }));
    let h = hist(4, 5, &[("cruiser", 3), ("", 2)], &["A1 m"]);
    assert!(matches!(err(&h, Announce::Sunk), E::NameMissing { ship: 1, .. }));
    let h = hist(4, 5, &[("a", 3), ("a", 2)], &["A1 m"]);
    assert!(matches!(err(&h, Announce::SunkCells), E::NameTwice { ship: 1, .. }));
}

#[test]
fn an_answer_no_fleet_gives_is_refused_at_its_turn() {
    // The destroyer sinks at A1-A2; then B1 is hit, walled in: the cruiser cannot reach it (A1 is
    // the destroyer's, C1 and B3 are misses), so the history is impossible from turn 7 on.
    let h = hist(3, 5, FLEET, &["A1 h", "A2 s:destroyer", "C1 m", "C2 m", "A3 m", "B3 m", "B1 h", "B2 h"]);
    assert_eq!(err(&h, Announce::Sunk), HistoryError::NoFleet { at: At { turn: 6, shot: None } });
    // The same under sunk-cells, and a history that stops before is fine.
    let h_cells = hist(3, 5, FLEET, &["A1 h", "A2 s:destroyer@A1,A2", "C1 m", "C2 m", "A3 m", "B3 m", "B1 h", "B2 h"]);
    assert_eq!(err(&h_cells, Announce::SunkCells), HistoryError::NoFleet { at: At { turn: 6, shot: None } });
    let short = History { turns: h.turns[..6].to_vec(), ..h.clone() };
    assert!(short.read_possible(rules(Announce::Sunk), 100_000).is_ok());
}

#[test]
fn salvo_turns_announce_after_their_shots() {
    let shot = |l: &str, hit| Shot { pos: cell(l), hit, ship: None };
    let mut h = hist(4, 5, FLEET, &[]);
    h.turns = vec![
        Volley { shots: vec![shot("A1", true), shot("C3", false)], sunk: vec![], observed: None },
        Volley {
            shots: vec![shot("A2", true), shot("D5", false)],
            sunk: vec![Sinking { ship: Some("destroyer".into()), cells: None }],
            observed: None,
        },
    ];
    let salvo = Rules::new(true, 2).unwrap().with_announce(Announce::Sunk);
    let r = h.read(salvo).unwrap();
    assert_eq!(r.board.to_rows(), vec!["##...", ".....", "..o..", "....o"]);
    assert!(matches!(h.read(rules(Announce::Sunk)), Err(HistoryError::SalvoTooLarge { shots: 2, salvo: 1, .. })));
}

#[test]
fn many_sunk_ships_on_a_block_of_hits_stay_bounded() {
    // Twelve destroyers sunk on a 6 x 6 block of hits, each with its cells uncertain: each row is
    // shot at columns 1, 3, 2 (the sinking: 1-2 or 2-3), then 4, 6, 5, so that the assignments
    // pass the limit. The search stops at its bounds and lets the history through.
    let fleet: Vec<(String, usize)> = (0..40).map(|i| (format!("d{i}"), 2)).collect();
    let fleet: Vec<(&str, usize)> = fleet.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    let mut shots = Vec::new();
    for r in 0..6 {
        for (k, c) in [0, 2, 1, 3, 5, 4].into_iter().enumerate() {
            let label = Pos::new(r, c).label();
            shots.push(if k % 3 == 2 { format!("{label} s:d{}", shots.len() / 3) } else { format!("{label} h") });
        }
    }
    let shots: Vec<&str> = shots.iter().map(String::as_str).collect();
    let h = hist(10, 10, &fleet, &shots);
    let rules = rules(Announce::Sunk);
    let reading = h.read(rules).unwrap();
    assert_eq!(reading.told.unseen.len(), 12);
    assert_eq!(reading.possible(rules, 200_000), None, "too many assignments to decide");
    assert!(h.read_possible(rules, 200_000).is_ok());
}
