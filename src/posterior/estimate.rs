//! A cheap bound on the programme's size, used to pick the orientation to sweep in and to turn
//! away boards far over budget before any sweep.
//!
//! At each frontier, every ship is unused, done, or crossing the frontier in one of the valid
//! placements that start before it and end after it. A state of the programme is a choice of
//! these per ship (up to the order of equal ships), so the product over length classes of the
//! number of such choices bounds the states at that frontier. The bound ignores that ships may
//! not overlap and that hits must be covered, so it overshoots, most on open boards.

use super::frame::Frame;

/// Boards without hits whose [`work_bound`] passes the budget this many times over are turned
/// away unswept. On such boards the bound is 0.5 to 4 times the states the sweep really makes.
pub const SLACK: f64 = 4.0;

/// The same for boards with hits, on which the bound overshoots more (median 2, at most about
/// 100 times on game positions).
pub const SLACK_WITH_HITS: f64 = 32.0;

/// Units of work per state of the sweep (one expansion and about 1.5 edges).
pub const WORK_PER_STATE: f64 = 2.5;

/// Binomial coefficient as a float (small arguments).
fn choose(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Per frontier `0..=len`, the bound on the number of states.
pub fn states_bound(frame: &Frame) -> Vec<f64> {
    let n = frame.len();
    let w = frame.width;
    let mut bound = vec![1.0f64; n + 1];
    for (i, &(len, count)) in frame.classes.iter().enumerate() {
        // crossing[k]: valid placements with start < k <= last cell.
        let mut diff = vec![0i64; n + 2];
        let (mut first_end, mut last_start) = (usize::MAX, None);
        for s in 0..n {
            for (ok, step) in [((frame.start_h[s] >> i) & 1 == 1, 1), ((frame.start_v[s] >> i) & 1 == 1, w)] {
                if ok {
                    let e = s + (len - 1) * step;
                    diff[s + 1] += 1;
                    diff[e + 1] -= 1;
                    first_end = first_end.min(e);
                    last_start = Some(s);
                }
            }
        }
        let mut crossing = 0i64;
        for (k, b) in bound.iter_mut().enumerate() {
            crossing += diff[k];
            let a = crossing as usize;
            let done_ok = first_end < k;
            let unused_ok = last_start.is_some_and(|s| s >= k);
            let options: f64 = (0..=count.min(a))
                .map(|m| {
                    let rest = count - m;
                    let splits = match (done_ok, unused_ok) {
                        (true, true) => rest + 1,
                        (true, false) | (false, true) => 1,
                        (false, false) => usize::from(rest == 0),
                    };
                    choose(a, m) * splits as f64
                })
                .sum();
            *b *= options;
        }
    }
    bound
}

/// The bound summed over frontiers: a rough, generous measure of the sweep's work.
pub fn work_bound(frame: &Frame) -> f64 {
    states_bound(frame).iter().sum()
}
