//! Whole games: a shooter plays its seat move after move against the referee, told only what the
//! game's announcement rule says.

use thiserror::Error;

use crate::game::announce::Announce;
use crate::game::arsenal::{Aim, Kind, PowerUp};
use crate::game::board::Pos;
use crate::game::board::{Board, Cell};
use crate::game::history::{Observed, Volley};
use crate::game::referee::{Game, Outcome, ShotError};
use crate::game::rng::SonarRng;
use crate::shooting::action::Policy;
use crate::shooting::play::Seat;
use crate::shooting::strategy::StrategyError;

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Shots to sink the whole fleet.
    pub shots: usize,
    /// Turns to sink it: the shots under one-shot rules, fewer with salvos.
    pub turns: usize,
    pub hits: usize,
    /// Power-ups used.
    pub power_ups: usize,
    /// For each ship of the layout, in layout order: its length and the shot number that sank it.
    pub sunk_at: Vec<(usize, usize)>,
}

/// Why a game could not be finished.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    #[error("the strategy gave up: {0}")]
    Strategy(#[from] StrategyError),
    #[error("the strategy broke the rules: {0}")]
    IllegalShot(#[from] ShotError),
}

/// Plays a whole game from `seat`, calling `on_shot` after every shot. Each move is [`Seat::play`],
/// as the service plays it: the shooter reads the board under the seat's rules and, with salvos,
/// fires its whole salvo before it is told any answer (the game ends at the shot that sinks the
/// last ship).
///
/// Under an announcement rule other than `sunk-cells` the shooter is told only what the rule says:
/// the referee keeps the game's [`crate::game::history::History`] as that rule answers it, and
/// every move reads it ([`crate::game::history::History::read`]) into the board, the fleet and what the announcements tell beyond them.
pub fn play(
    seat: &Seat,
    game: Game,
    rng: &mut SonarRng,
    on_shot: impl FnMut(&Game, Pos, Outcome),
) -> Result<GameRecord, PlayError> {
    play_armed(seat, game, Vec::new(), Policy::Never, rng, on_shot)
}

/// [`play`] with the shooter holding `arsenal`, used as `policy` says: every turn on which a
/// power-up is left the move is [`Seat::play_armed`], and a power-up chosen is used in place of
/// the turn's shots ([`Game::use_power_up`]), one use gone. The referee's board carries what each
/// use told (scans, reveals, a torpedo's wake); under an announcement rule other than `sunk-cells`
/// the history it keeps writes each use as its turn. An arsenal is played with one shot a turn
/// ([`super::run::Config`] checks it).
pub fn play_armed(
    seat: &Seat,
    mut game: Game,
    mut arsenal: Vec<PowerUp>,
    policy: Policy,
    rng: &mut SonarRng,
    mut on_shot: impl FnMut(&Game, Pos, Outcome),
) -> Result<GameRecord, PlayError> {
    let mut sunk_at = vec![0; game.layout().ships.len()];
    let (mut hits, mut turns, mut power_ups) = (0, 0, 0);
    // Each shot's answer as it comes, with the number of shots fired by then.
    let mut note = |game: &Game, shot: Pos, outcome: Outcome, shots: usize| {
        if outcome != Outcome::Miss {
            hits += 1;
        }
        if let Outcome::Sunk(_) = outcome {
            sunk_at[game.ship_at(shot).expect("a sunk ship lies on its last shot")] = shots;
        }
        on_shot(game, shot, outcome);
    };
    let announce = seat.rules.announce;
    let mut log = (announce != Announce::SunkCells).then(|| game.new_history());
    while !game.is_over() {
        arsenal.retain(|p| p.uses > 0);
        let rec = match &log {
            None => {
                let held = (!arsenal.is_empty()).then_some(&arsenal[..]);
                seat.play_armed(game.board(), game.fleet(), None, rng, 0, seat.deadline(), held, policy)?
            }
            Some(history) => {
                let reading = history.read(seat.rules).map_err(|_| StrategyError::NoLayout)?;
                let (held, deadline) = ((!arsenal.is_empty()).then_some(&arsenal[..]), seat.deadline());
                seat.play_armed(&reading.board, &reading.fleet, Some(&reading.told), rng, 0, deadline, held, policy)?
            }
        };
        turns += 1;
        if let Some((k, aim)) = rec.choice.as_ref().and_then(|c| c.action.power_up.map(|k| (k, &c.action.aim))) {
            power_ups += 1;
            arsenal[k].uses -= 1;
            let (before, seen) = (game.shots(), log.as_ref().map(|_| game.board().clone()));
            let kind = arsenal[k].kind;
            let fired = game.use_power_up(kind, aim)?;
            if let (Some(history), Some(seen)) = (&mut log, seen) {
                history.turns.push(power_volley(&game, &seen, kind, aim, &fired, announce));
            }
            for (j, (shot, outcome)) in fired.into_iter().enumerate() {
                note(&game, shot, outcome, before + j + 1);
            }
            continue;
        }
        let mut volley = Volley::default();
        for shot in rec.shots {
            if game.is_over() {
                break;
            }
            let outcome = game.fire(shot)?;
            note(&game, shot, outcome, game.shots());
            if log.is_some() {
                let (answer, sinking) = game.answer(shot, outcome, announce);
                volley.shots.push(answer);
                volley.sunk.extend(sinking);
            }
        }
        if let Some(history) = &mut log {
            history.turns.push(volley);
        }
    }
    let ships = &game.layout().ships;
    Ok(GameRecord {
        shots: game.shots(),
        turns,
        hits,
        power_ups,
        sunk_at: ships.iter().zip(sunk_at).map(|(s, t)| (s.len, t)).collect(),
    })
}

/// The turn of a history a power-up of `kind` aimed at `aim` was, as the defender tells it under
/// `announce`: `seen` is the board before it, `fired` its shots with their answers.
fn power_volley(
    game: &Game,
    seen: &Board,
    kind: Kind,
    aim: &Aim,
    fired: &[(Pos, Outcome)],
    announce: Announce,
) -> Volley {
    let mut volley = Volley::default();
    for &(shot, outcome) in fired {
        let (answer, sinking) = game.answer(shot, outcome, announce);
        volley.shots.push(answer);
        volley.sunk.extend(sinking);
    }
    let board = game.board();
    let new = |i: &&usize| seen.cells()[**i] == Cell::Unknown;
    let cells = |keep: &dyn Fn(usize) -> bool| {
        aim.cells.iter().filter(new).filter(|&&i| keep(i)).map(|&i| board.pos(i)).collect()
    };
    volley.observed = Some(match kind {
        Kind::Strike => Observed::Strike,
        Kind::Torpedo => Observed::Torpedo { wake: cells(&|i| board.cells()[i] == Cell::Miss) },
        Kind::Count | Kind::Any => {
            let scan = board.scans().last().expect("a scan was just added");
            Observed::Scan(aim.cells.iter().map(|&i| board.pos(i)).collect(), scan.reading())
        }
        Kind::Reveal => Observed::Reveal { cells: cells(&|_| true), ships: cells(&|i| board.cells()[i] == Cell::Ship) },
    });
    volley
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layout::random_layout;
    use crate::game::rng::seeded;
    use crate::game::rules::Rules;
    use crate::shooting::algorithm::Algorithm;
    use crate::shooting::level::Weakened;

    #[test]
    fn density_finishes_games_with_every_ship_sunk() {
        let mut rng = seeded(7);
        let seat = Seat::new(Weakened::full(Algorithm::Density));
        for _ in 0..50 {
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let rec = play(&seat, Game::new(layout), &mut rng, |_, _, _| {}).unwrap();
            assert_eq!(rec.hits, 17);
            assert!((17..=100).contains(&rec.shots));
            assert!(rec.sunk_at.iter().all(|&(_, t)| t >= 1 && t <= rec.shots));
            assert_eq!(rec.sunk_at.iter().map(|&(_, t)| t).max(), Some(rec.shots));
        }
    }

    #[test]
    fn a_sunk_cells_history_reads_as_the_referees_board() {
        // The log the referee keeps under sunk-cells says what its board says, move by move.
        let mut rng = seeded(11);
        let rules = Rules::CLASSIC;
        for _ in 0..20 {
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
            let mut game = Game::new(layout);
            let mut history = game.new_history();
            let mut grid = vec![0.0; 100];
            while !game.is_over() {
                let reading = history.read(rules).unwrap();
                assert_eq!(reading.board, *game.board());
                assert_eq!(reading.fleet, *game.fleet());
                assert!(reading.told.is_empty());
                let shot = Algorithm::Density.strategy().decide(game.turn(), &mut rng, &mut grid).unwrap().shot;
                let outcome = game.fire(shot).unwrap();
                let (answer, sinking) = game.answer(shot, outcome, Announce::SunkCells);
                history.turns.push(Volley { shots: vec![answer], sunk: sinking.into_iter().collect(), observed: None });
            }
        }
    }

    #[test]
    fn games_with_an_arsenal_use_it_as_the_policy_says() {
        let area = |rows: &[&str]| rows.iter().map(|r| r.to_string()).collect::<Vec<String>>();
        let arsenal = vec![
            PowerUp::new(0, "missile".into(), crate::game::arsenal::Kind::Strike, Some(&area(&["XXX"; 3])), 1).unwrap(),
            PowerUp::new(1, "torpedo".into(), crate::game::arsenal::Kind::Torpedo, None, 2).unwrap(),
            PowerUp::new(2, "radar".into(), crate::game::arsenal::Kind::Count, Some(&area(&["XXX"; 3])), 1).unwrap(),
        ];
        let seat = Seat::new(Weakened::full(Algorithm::Bayes));
        for seed in 0..4 {
            let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut seeded(40 + seed)).unwrap();
            let game = |policy| {
                let (held, rng) = (arsenal.clone(), &mut seeded(seed));
                play_armed(&seat, Game::new(layout.clone()), held, policy, rng, |_, _, _| {}).unwrap()
            };
            // Never using it is the plain game, draw for draw.
            let plain = play(&seat, Game::new(layout.clone()), &mut seeded(seed), |_, _, _| {}).unwrap();
            assert_eq!(game(Policy::Never), GameRecord { power_ups: 0, ..plain.clone() });
            // Eager spends all four uses first; best spends what it values, and both win.
            let (eager, best) = (game(Policy::Eager), game(Policy::Best));
            assert_eq!(eager.power_ups, 4);
            assert!((1..=4).contains(&best.power_ups), "{best:?}");
            // Every plain turn fires one shot: the rest are the power-ups', the missile's nine on
            // the first turn of an eager game among them.
            let fired = |rec: &GameRecord| rec.shots - (rec.turns - rec.power_ups);
            assert!(fired(&eager) >= 9, "{eager:?}");
            assert!(fired(&best) >= 3, "the missile fired several shots in one turn: {best:?}");
            for rec in [eager, best] {
                assert_eq!(rec.hits, 17);
            }
        }
    }

    #[test]
    fn an_arsenal_of_every_kind_is_played_under_every_announcement_rule() {
        use crate::game::arsenal::Kind;
        let area = |rows: &[&str]| rows.iter().map(|r| r.to_string()).collect::<Vec<String>>();
        let block = area(&["XX", "XX"]);
        let arsenal: Vec<PowerUp> = [Kind::Strike, Kind::Torpedo, Kind::Count, Kind::Any, Kind::Reveal]
            .into_iter()
            .enumerate()
            .map(|(i, kind)| {
                PowerUp::new(i, kind.name().into(), kind, kind.has_area().then_some(&block[..]), 1).unwrap()
            })
            .collect();
        for announce in Announce::ALL {
            let rules = Rules::CLASSIC.with_announce(announce);
            let seat = Seat { rules, ..Seat::new(Weakened::full(Algorithm::Bayes)) };
            for seed in 0..2 {
                let layout = random_layout(8, 8, &[4, 3, 2], &mut seeded(60 + seed)).unwrap();
                let (held, rng) = (arsenal.clone(), &mut seeded(seed));
                let rec = play_armed(&seat, Game::new(layout), held, Policy::Eager, rng, |_, _, _| {}).unwrap();
                assert_eq!((rec.hits, rec.power_ups), (9, 5), "{announce}");
            }
        }
    }

    #[test]
    fn every_announcement_rule_plays_whole_games() {
        let mut rng = seeded(3);
        for announce in Announce::ALL {
            for algorithm in [Algorithm::Bayes, Algorithm::WeightedDensity] {
                for salvo in [1, 3] {
                    let layout = random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).unwrap();
                    let rules = Rules::new(true, salvo).unwrap().with_announce(announce);
                    let seat = Seat { rules, ..Seat::new(Weakened::full(algorithm)) };
                    let rec = play(&seat, Game::new(layout), &mut rng, |_, _, _| {}).unwrap();
                    assert_eq!(rec.hits, 17, "{announce} {algorithm:?} salvo {salvo}");
                    assert!(rec.shots <= 100);
                }
            }
        }
    }
}
