//! Uniform sampling of agreeing layouts by walking the programme forward, each step weighted by
//! the completions of the state it leads to.

use rand::RngExt;

use super::ExactTables;
use super::sweep::{EMPTY, GO_ON, started};
use crate::game::layout::Layout;
use crate::game::rng::SonarRng;

/// A uniform integer in `0..n` (`n > 0`), without modulo bias.
fn below(rng: &mut SonarRng, n: u128) -> u128 {
    if let Ok(small) = u64::try_from(n) {
        return u128::from(rng.random_range(0..small));
    }
    // Reject the lowest 2^128 mod n values so that every residue is equally likely.
    let floor = n.wrapping_neg() % n;
    loop {
        let x: u128 = rng.random();
        if x >= floor {
            return x % n;
        }
    }
}

impl ExactTables {
    /// A layout drawn uniformly among those that agree with the board: each of the
    /// [`layouts`](super::ExactPosterior::layouts) comes with the same probability.
    pub fn sample_layout(&self, rng: &mut SonarRng) -> Layout {
        let (frame, sw) = (&self.frame, &self.sweep);
        let mut ships = Vec::new();
        let mut g = 0usize;
        for k in 0..frame.len() {
            debug_assert!((sw.base[k]..sw.base[k + 1]).contains(&g), "state {g} is not on frontier {k}");
            let mut pick = below(rng, sw.ways[g]);
            let edges = sw.edge_start[g] as usize..sw.edge_start[g + 1] as usize;
            let mut chosen = edges.end;
            for e in edges {
                let w = sw.ways[sw.dst[e] as usize];
                if pick < w {
                    chosen = e;
                    break;
                }
                pick -= w;
            }
            let act = sw.act[chosen];
            if act != EMPTY && act != GO_ON {
                let (class, horizontal) = started(act);
                ships.push(frame.placement(k, class, horizontal));
            }
            g = sw.dst[chosen] as usize;
        }
        Layout { rows: self.posterior.rows, cols: self.posterior.cols, ships }
    }
}

impl ExactTables {
    /// Every agreeing layout, once each, in the programme's order: a walk down every edge that
    /// leads to a completion. Meant for boards with few layouts ([`super::ExactPosterior::layouts`]).
    pub fn every_layout(&self) -> Vec<Layout> {
        let (frame, sw) = (&self.frame, &self.sweep);
        let mut out = Vec::new();
        // Depth-first: (frontier, state, ships placed so far); a path's ships are its own copy.
        let mut stack = vec![(0usize, 0usize, Vec::new())];
        while let Some((k, g, ships)) = stack.pop() {
            if k == frame.len() {
                out.push(Layout { rows: self.posterior.rows, cols: self.posterior.cols, ships });
                continue;
            }
            for e in (sw.edge_start[g] as usize..sw.edge_start[g + 1] as usize).rev() {
                let next = sw.dst[e] as usize;
                if sw.ways[next] == 0 {
                    continue;
                }
                let mut ships = ships.clone();
                let act = sw.act[e];
                if act != EMPTY && act != GO_ON {
                    let (class, horizontal) = started(act);
                    ships.push(frame.placement(k, class, horizontal));
                }
                stack.push((k + 1, next, ships));
            }
        }
        out
    }
}
