//! A fixed corpus of realistic boards for benchmarks and load tests, regenerated deterministically
//! from simulated games: the empty board, an early hunt, a target with one cluster of hits, a
//! target with several, and a late game.

use crate::game::board::{Board, Cell, Pos};
use crate::game::fleet::Fleet;
use crate::game::layout::random_layout;
use crate::game::referee::Game;
use crate::game::rng;
use crate::shooting::algorithm::Algorithm;

/// One board of the corpus.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The kind of position: `empty`, `early-hunt`, `target-one-cluster`, `target-clusters`, `late`.
    pub kind: &'static str,
    pub board: Board,
    pub fleet: Fleet,
}

/// The kinds of position, in corpus order.
pub const KINDS: [&str; 5] = ["empty", "early-hunt", "target-one-cluster", "target-clusters", "late"];

/// `per_kind` boards of each kind from classic games played by `density`, in [`KINDS`] order.
pub fn corpus(per_kind: usize) -> Vec<Sample> {
    let mut out = Vec::new();
    for kind in KINDS {
        let mut found = 0;
        let mut seed = 0u64;
        while found < per_kind {
            if let Some((board, fleet)) = find(kind, seed) {
                out.push(Sample { kind, board, fleet });
                found += 1;
            }
            seed += 1;
        }
    }
    out
}

/// The first position of the game seeded `seed` that is of the given kind.
fn find(kind: &str, seed: u64) -> Option<(Board, Fleet)> {
    let mut rng = rng::stream(0xC0_4905, seed);
    let mut game = Game::new(random_layout(10, 10, &[5, 4, 3, 3, 2], &mut rng).ok()?);
    let mut grid = vec![0.0; 100];
    while !game.is_over() {
        let (board, shots) = (game.board(), game.shots());
        let clusters = hit_clusters(board);
        let fits = match kind {
            "empty" => true,
            "early-hunt" => shots >= 8 && clusters == 0,
            "target-one-cluster" => shots >= 12 && clusters == 1,
            "target-clusters" => shots >= 12 && clusters >= 2,
            _ => shots >= 40 && clusters >= 1,
        };
        if fits {
            return Some((board.clone(), game.fleet().clone()));
        }
        if kind == "early-hunt" && clusters > 0 {
            return None;
        }
        grid.fill(0.0);
        let shot = Algorithm::Density.strategy().decide(game.turn(), &mut rng, &mut grid).ok()?.shot;
        game.fire(shot).ok()?;
    }
    None
}

/// Groups of orthogonally connected `x` cells.
pub fn hit_clusters(board: &Board) -> usize {
    let mut seen = vec![false; board.len()];
    let mut clusters = 0;
    for start in 0..board.len() {
        if board.cells()[start] != Cell::Hit || seen[start] {
            continue;
        }
        clusters += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let neighbours: Vec<Pos> = board.neighbours(board.pos(i)).collect();
            for n in neighbours {
                let j = board.index(n);
                if board.cells()[j] == Cell::Hit && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    clusters
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::turn::Turn;

    #[test]
    fn corpus_is_deterministic_and_of_the_kinds_it_names() {
        let a = corpus(3);
        let b = corpus(3);
        assert_eq!(a.len(), 15);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((x.kind, &x.board, &x.fleet), (y.kind, &y.board, &y.fleet));
            assert!(Turn::checked(&x.board, &x.fleet, crate::game::rules::Rules::CLASSIC).is_ok());
            let clusters = hit_clusters(&x.board);
            match x.kind {
                "empty" => assert_eq!(x.board.count(Cell::Unknown), 100),
                "early-hunt" => assert_eq!(clusters, 0),
                "target-one-cluster" => assert_eq!(clusters, 1),
                "target-clusters" => assert!(clusters >= 2),
                _ => assert!(x.board.count(Cell::Unknown) <= 60),
            }
        }
    }
}
