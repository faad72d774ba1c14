//! `bayes-lookahead` (issue 26, hypothesis 3: two shots ahead in target mode): each of the
//! [`CANDIDATES`] likeliest cells `c` scores the expected hits of this shot and the next, greedy
//! one, `P(c) + Σ P(o | c)·max P(· | o)` over the answers `o` a shot at `c` can get (a miss, a hit
//! that sinks nothing, or the sinking of each ship whose other cells are hits), a hit that ends
//! the game counting the next shot as a hit (no shot is needed). Every probability is an exact
//! count of the programme: the board itself, then each answer's board (the sunk ship's cells `#`
//! and the ship out of the fleet under `sunk-cells`). Where the board or an answer's board does not
//! fit the exact work bound it plays `bayes`'s greedy cell; `bayes` in hunt mode
//! ([`super::target_rule`]).

use super::contract::{AlgorithmInfo, GridKind, PosteriorFacts};
use super::target_rule::{Scored, Spend, Variant};
use crate::board::{Board, Cell, Pos};
use crate::fleet::Fleet;
use crate::layout::Placement;
use crate::posterior::{ExactError, count_exact_under};
use crate::rng::SonarRng;
use crate::rules::Rules;
use crate::turn::Turn;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    name: "bayes-lookahead",
    summary: "bayes, but once there are hits it shoots the cell of most expected hits over this shot and the next, among the three likeliest cells, counted exactly for every answer the shot can get (bayes's greedy cell where counting is over budget); a study variant: level with bayes",
    source: "issue 26, hypothesis 3 (two shots ahead in target mode), over the whole-fleet posterior",
    grid_kind: GridKind::Probability,
    uses_randomness: true,
};

/// The likeliest cells scored two shots ahead (on the small boards of `src/optimal.rs` three do as
/// well as every cell).
pub const CANDIDATES: usize = 3;

/// How much a candidate's own probability weighs beside its two-shot value: only enough to break
/// exact ties in favour of the likelier cell.
const TIE_WEIGHT: f64 = 1e-9;

const WHY: &str =
    "the cell of most expected hits over this shot and the next, in target mode, not the most likely cell";

/// The variant, as `GET /algorithms` names it.
pub static BAYES_LOOKAHEAD: Variant = Variant { info: INFO, why: WHY, rule: score };

fn score(turn: Turn<'_>, spend: Spend, _rng: &mut SonarRng) -> Result<Scored, ExactError> {
    let board = turn.board;
    let now = count_exact_under(board, turn.fleet, turn.rules, spend.work)?;
    let total = now.layouts as f64;
    let marginals = now.marginals();
    let mut ranked: Vec<usize> =
        (0..board.len()).filter(|&i| board.cells()[i] == Cell::Unknown && now.occupancy[i] > 0).collect();
    ranked.sort_by(|&a, &b| marginals[b].total_cmp(&marginals[a]).then(a.cmp(&b)));
    let mut score = vec![f64::NEG_INFINITY; board.len()];
    for &c in ranked.iter().take(CANDIDATES) {
        let mut value = marginals[c];
        let mut counted = 0u128;
        for (after, fleet) in answers(board, turn.fleet, board.pos(c), turn.rules) {
            let (layouts, next) = next_best(&after, &fleet, turn.rules, spend.work)?;
            value += layouts as f64 / total * next;
            counted += layouts;
        }
        debug_assert_eq!(counted, now.layouts, "the answers to {c} partition the layouts of\n{board}");
        score[c] = value + TIE_WEIGHT * marginals[c];
    }
    let facts = PosteriorFacts { exact: true, layouts: Some(now.layouts), samples: None };
    Ok(Scored { marginals, score, facts })
}

/// The boards (and fleets afloat) a shot at `at` can leave, one per answer: a miss, a hit that
/// sinks nothing, and the sinking of each placement through `at` whose other cells are all hits
/// when `rules` announce sinkings (and allow it: under the no-touch rules no other hit may touch
/// it). Their layouts partition the layouts of `board` (the programme reads each board as `rules`
/// do: under the no-touch rules the cells around a sunk ship are water).
fn answers(board: &Board, fleet: &Fleet, at: Pos, rules: Rules) -> Vec<(Board, Fleet)> {
    let with = |cell: Cell| {
        let mut b = board.clone();
        b.set(at, cell);
        (b, fleet.clone())
    };
    let mut out = vec![with(Cell::Miss), with(Cell::Hit)];
    // Where sinkings are not announced (`none`), a hit that sinks is only a hit, and the hit
    // answer's layouts include it.
    let sinkings = if rules.announce.tells_sinkings() { fleet.groups().collect() } else { Vec::new() };
    for (len, _) in sinkings {
        for p in Placement::all(board.rows(), board.cols(), len) {
            let cells: Vec<Pos> = p.cells().collect();
            if cells.contains(&at) && cells.iter().all(|&q| q == at || board.get(q) == Cell::Hit) {
                let (mut b, mut f) = (board.clone(), fleet.clone());
                cells.iter().for_each(|&q| b.set(q, Cell::Sunk));
                f.remove(len);
                // Under the no-touch rules a sinking beside another ship's hit cannot be.
                if rules.check(&b).is_ok() {
                    out.push((b, f));
                }
            }
        }
    }
    out
}

/// The layouts that agree with an answer's board, and the best probability of a hit at the shot
/// after it (1 when the answer ends the game: no shot is needed).
fn next_best(board: &Board, fleet: &Fleet, rules: Rules, work: u64) -> Result<(u128, f64), ExactError> {
    if fleet.is_empty() {
        return Ok((u128::from(!board.has_hits()), 1.0));
    }
    match count_exact_under(board, fleet, rules, work) {
        Ok(p) => {
            let open = p.occupancy.iter().zip(board.cells()).filter(|(_, c)| **c == Cell::Unknown);
            let best = open.map(|(&o, _)| o).max().unwrap_or(0);
            Ok((p.layouts, best as f64 / p.layouts as f64))
        }
        Err(ExactError::NoLayout) => Ok((0, 0.0)),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::Announce;
    use crate::rng::seeded;
    use crate::strategy::contract::Strategy;

    /// The last cell of the last ship ends the game: it scores as two hits, and is the shot.
    #[test]
    fn the_shot_that_ends_the_game_is_taken() {
        let board = Board::parse(&["oooooo", ".xxxx.", "oooooo"]).unwrap();
        let fleet = Fleet::new(&[5], 6).unwrap();
        let mut grid = vec![0.0; 18];
        let d = BAYES_LOOKAHEAD.decide(Turn::new(&board, &fleet), &mut seeded(1), &mut grid).unwrap();
        assert!(d.shot == Pos::new(1, 0) || d.shot == Pos::new(1, 5), "{d:?}");
        assert_eq!((grid[6], grid[11]), (0.5, 0.5));
        assert_eq!(d.posterior.unwrap().layouts, Some(2));
    }

    /// A shot's answers: a miss, a hit, and one sinking per ship its hits could complete; their
    /// counts add up to the board's, under either touching rule.
    #[test]
    fn the_answers_partition_the_layouts() {
        let board = Board::parse(&[".....", ".xx..", "..x..", "....."]).unwrap();
        let fleet = Fleet::new(&[3, 2, 2], 5).unwrap();
        let at = Pos::new(1, 3);
        let got = answers(&board, &fleet, at, Rules::CLASSIC);
        // A miss, a hit, the three-ship across B2..D2 and the two-ship across C2..D2 (then B2 is
        // another ship's); no ship through D2 and an unshot cell sinks.
        let rows: Vec<(String, Vec<usize>)> =
            got.iter().map(|(b, f)| (b.to_rows()[1].clone(), f.lengths().to_vec())).collect();
        let want = [(".xxo.", vec![3, 2, 2]), (".xxx.", vec![3, 2, 2]), (".###.", vec![2, 2]), (".x##.", vec![3, 2])];
        assert_eq!(rows, want.map(|(r, f)| (r.to_owned(), f)), "{got:?}");
        let count =
            |b: &Board, f: &Fleet, rules: Rules| count_exact_under(b, f, rules, 1 << 30).map_or(0, |p| p.layouts);
        let parts: u128 = got.iter().map(|(b, f)| count(b, f, Rules::CLASSIC)).sum();
        assert_eq!(parts, count(&board, &fleet, Rules::CLASSIC));
        // Under `none` a sinking is not announced (a ship may lie wholly on hits), so a hit that
        // sinks is a hit; under the no-touch rules the cells around a sinking are water. The board
        // of the game the whole-game test once stopped on (under `none`), every open cell's answers.
        let board = Board::parse(&["......", ".o..x.", "..o...", "...o..", "....o.", "......"]).unwrap();
        for rules in [Rules::CLASSIC.with_announce(Announce::None), Rules::NO_TOUCH] {
            let board = rules.reveal(&board).into_owned();
            for i in (0..board.len()).filter(|&i| board.cells()[i] == Cell::Unknown) {
                let got = answers(&board, &fleet, board.pos(i), rules);
                let parts: u128 = got.iter().map(|(b, f)| count(b, f, rules)).sum();
                assert_eq!(parts, count(&board, &fleet, rules), "{rules:?} cell {i}");
                assert!(rules.announce.tells_sinkings() || got.len() == 2);
            }
        }
    }

    /// The same on positions of random shots at random fleets (as the API's property test makes
    /// them), under both touching rules and with sinkings announced or not, at every open cell.
    #[test]
    fn the_answers_partition_the_layouts_of_random_positions() {
        use crate::layout::random_layout_under;
        use rand::RngExt;
        let mut rng = seeded(7);
        for _ in 0..100 {
            let (rows, cols) = (rng.random_range(2..=7), rng.random_range(2..=7));
            let mut ships: Vec<usize> = (0..rng.random_range(1..=4)).map(|_| rng.random_range(1..=5)).collect();
            ships.sort_unstable_by(|a, b| b.cmp(a));
            let announce = if rng.random_bool(0.5) { Announce::SunkCells } else { Announce::None };
            let rules = Rules::new(rng.random_bool(0.5), 1).unwrap().with_announce(announce);
            let Ok(layout) = random_layout_under(rows, cols, &ships, rules, &mut rng) else { continue };
            let mut cells: Vec<Pos> = (0..rows * cols).map(|i| Pos::new(i / cols, i % cols)).collect();
            rand::seq::SliceRandom::shuffle(cells.as_mut_slice(), &mut rng);
            let shot = &cells[..rng.random_range(0..cells.len())];
            // The board those shots leave: a sunk ship shows `#` and leaves the fleet where
            // sinkings are announced; under `none` its cells stay hits and it stays listed.
            let mut board = Board::empty(rows, cols);
            shot.iter().for_each(|&p| board.set(p, Cell::Miss));
            let mut afloat = Vec::new();
            for ship in &layout.ships {
                let sunk = ship.cells().all(|c| shot.contains(&c));
                let shown = if sunk && announce.tells_sinkings() { Cell::Sunk } else { Cell::Hit };
                ship.cells().filter(|c| shot.contains(c)).for_each(|c| board.set(c, shown));
                if !(sunk && announce.tells_sinkings()) {
                    afloat.push(ship.len);
                }
            }
            if layout.ships.iter().all(|ship| ship.cells().all(|c| shot.contains(&c))) {
                continue;
            }
            afloat.sort_unstable_by(|a, b| b.cmp(a));
            let fleet = Fleet::new(&afloat, rows.max(cols)).unwrap();
            let board = rules.reveal(&board).into_owned();
            let count = |b: &Board, f: &Fleet| count_exact_under(b, f, rules, 1 << 30).map_or(0, |p| p.layouts);
            let total = count(&board, &fleet);
            for i in (0..board.len()).filter(|&i| board.cells()[i] == Cell::Unknown) {
                let parts: u128 = answers(&board, &fleet, board.pos(i), rules).iter().map(|(b, f)| count(b, f)).sum();
                assert_eq!(parts, total, "{rules:?} {:?} cell {i}\n{board}", fleet.lengths());
            }
        }
    }
}
