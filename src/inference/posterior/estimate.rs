//! A cheap bound on the programme's size, used to pick the orientation to sweep in and to turn
//! away boards far over budget before any sweep.
//!
//! At each frontier, every ship is unused, done, or crossing the frontier in one of the valid
//! placements that start before it and end after it. A live state of the programme is a choice
//! of these per ship (up to the order of equal ships), so the number of such choices bounds the
//! states at that frontier.
//!
//! Hits cut this down: some hits are picked that no one placement can cover two of
//! ("representatives", at most [`MAX_REPS`]); each needs a ship of its own, done (if the hit is
//! behind the frontier) or not yet started (if ahead), in a placement that covers it, or
//! crossing the frontier through it. The bound counts choices of statuses together with such
//! an assignment of ships to representatives, by a small programme over length classes whose
//! state is the set of representatives served so far. It still ignores that ships may not
//! overlap, so it overshoots, most on open boards.

use super::frame::Frame;

/// Boards without hits whose bound ([`work_bound`]) passes the budget this many times
/// over are turned away unswept. Without hits the bound is seldom far above the real work on
/// classic game positions, so a board it puts this far over budget would not have fitted
/// (`docs/decisions/0040-exact-counting-budget-and-forecasts.md`).
pub const SLACK: f64 = 4.0;

/// The same for boards with hits, where the bound strays much further from the real work: above it
/// by more, and sometimes below it, because the sweep also makes dead-end states, which the bound
/// leaves out (`docs/decisions/0040-exact-counting-budget-and-forecasts.md`).
pub const SLACK_WITH_HITS: f64 = 16.0;

/// Units of work per state of the sweep (one expansion and about 1.5 edges).
pub const WORK_PER_STATE: f64 = 2.5;

/// Most representative hits the bound tracks (it costs `3^MAX_REPS` steps per class and
/// frontier; leaving hits out only loosens the bound).
pub const MAX_REPS: usize = 4;

/// A valid placement: first and last frame cell, and the representative it covers, if any.
struct Span {
    start: usize,
    end: usize,
    rep: Option<usize>,
}

/// Every valid placement of class `i`.
fn spans(frame: &Frame, i: usize, reps: &[usize]) -> Vec<Span> {
    let (len, w) = (frame.classes[i].0, frame.width);
    let mut out = Vec::new();
    for s in 0..frame.len() {
        for (ok, step) in [((frame.start_h[s] >> i) & 1 == 1, 1), ((frame.start_v[s] >> i) & 1 == 1, w)] {
            if ok {
                let end = s + (len - 1) * step;
                let covers =
                    |x: usize| x >= s && x <= end && (x - s).is_multiple_of(step) && (step == w || x / w == s / w);
                out.push(Span { start: s, end, rep: reps.iter().position(|&x| covers(x)) });
            }
        }
    }
    out
}

/// Hits no two of which one valid placement covers, in frame order, at most [`MAX_REPS`].
fn representatives(frame: &Frame) -> Vec<usize> {
    let w = frame.width;
    let longest = frame.classes.iter().map(|&(l, _)| l).max().unwrap_or(0);
    // Whether some ship could cover both hits: they share a line, close enough, with only
    // `.`/`x` cells between them.
    let together = |a: usize, b: usize| {
        let (lo, hi) = (a.min(b), a.max(b));
        let step = if lo / w == hi / w {
            1
        } else if lo % w == hi % w {
            w
        } else {
            return false;
        };
        (hi - lo) / step < longest && (lo..=hi).step_by(step).all(|k| frame.cells[k].may_hold_afloat())
    };
    let mut reps: Vec<usize> = Vec::new();
    for x in (0..frame.len()).filter(|&k| frame.cells[k].holds_ship()) {
        if reps.len() < MAX_REPS && reps.iter().all(|&r| !together(r, x)) {
            reps.push(x);
        }
    }
    reps
}

/// The bound on the number of live states at each frontier `0, step, 2 step, ...` up to `len`.
pub(crate) fn states_bound(frame: &Frame, step: usize) -> Vec<f64> {
    let n = frame.len();
    let reps = representatives(frame);
    let r = reps.len();
    let full = (1usize << r) - 1;
    // Per class: crossing placements per frontier, split by the representative they cover.
    struct Class {
        count: usize,
        /// crossing[rep or r for none][k].
        crossing: Vec<Vec<u32>>,
        first_end: usize,
        last_start: Option<usize>,
        /// Per representative: earliest end and latest start of a placement covering it.
        rep_first_end: Vec<usize>,
        rep_last_start: Vec<Option<usize>>,
    }
    let classes: Vec<Class> = (0..frame.classes.len())
        .map(|i| {
            let mut diff = vec![vec![0i64; n + 2]; r + 1];
            let mut c = Class {
                count: frame.classes[i].1,
                crossing: Vec::new(),
                first_end: usize::MAX,
                last_start: None,
                rep_first_end: vec![usize::MAX; r],
                rep_last_start: vec![None; r],
            };
            for sp in spans(frame, i, &reps) {
                let slot = sp.rep.unwrap_or(r);
                diff[slot][sp.start + 1] += 1;
                diff[slot][sp.end + 1] -= 1;
                c.first_end = c.first_end.min(sp.end);
                c.last_start = c.last_start.max(Some(sp.start));
                if let Some(q) = sp.rep {
                    c.rep_first_end[q] = c.rep_first_end[q].min(sp.end);
                    c.rep_last_start[q] = c.rep_last_start[q].max(Some(sp.start));
                }
            }
            c.crossing = diff
                .iter()
                .map(|d| {
                    d.iter()
                        .take(n + 1)
                        .scan(0i64, |acc, &v| {
                            *acc += v;
                            Some(*acc as u32)
                        })
                        .collect()
                })
                .collect();
            c
        })
        .collect();

    let mut bound = vec![0.0f64; n / step + 1];
    let mut f = vec![0.0f64; full + 1];
    let mut ways = vec![0.0f64; full + 1];
    let mut g = vec![0.0f64; full + 1];
    let mut spares: Vec<f64> = Vec::new();
    let mut serve: Vec<f64> = Vec::new();
    for (k, b) in (0..=n).step_by(step).zip(bound.iter_mut()) {
        f.fill(0.0);
        f[0] = 1.0;
        for c in &classes {
            let free = c.crossing[r][k] as usize;
            let done_ok = c.first_end < k;
            let unused_ok = c.last_start.is_some_and(|s| s >= k);
            // spares[q]: ways for q ships of the class to take statuses serving no
            // representative: j of them crossing (distinct placements), the rest done or unused.
            spares.clear();
            spares.extend((0..=c.count).map(|q| {
                let mut total = 0.0;
                let mut crossing_ways = 1.0;
                for j in 0..=q.min(free) {
                    let rest = q - j;
                    let splits = match (done_ok, unused_ok) {
                        (true, true) => rest + 1,
                        (true, false) | (false, true) => 1,
                        (false, false) => usize::from(rest == 0),
                    };
                    total += crossing_ways * splits as f64;
                    crossing_ways *= (free - j) as f64 / (j + 1) as f64;
                }
                total
            }));
            if r == 0 {
                f[0] *= spares[c.count];
                continue;
            }
            // serve[q]: ways for one ship of the class to serve representative q.
            serve.clear();
            serve.extend((0..r).map(|q| {
                f64::from(c.crossing[q][k])
                    + f64::from(u8::from(c.rep_first_end[q] < k))
                    + f64::from(u8::from(c.rep_last_start[q].is_some_and(|s| s >= k)))
            }));
            // ways[set]: ships of the class serving exactly that set of representatives, the
            // rest serving none.
            ways[0] = 1.0;
            for set in 1..=full {
                let low = set.trailing_zeros() as usize;
                ways[set] = ways[set & (set - 1)] * serve[low];
            }
            for (set, w) in ways.iter_mut().enumerate() {
                let size = set.count_ones() as usize;
                *w = if size <= c.count { *w * spares[c.count - size] } else { 0.0 };
            }
            g.fill(0.0);
            for (mask, &fm) in f.iter().enumerate() {
                if fm == 0.0 {
                    continue;
                }
                let rest = full & !mask;
                let mut s = rest;
                loop {
                    g[mask | s] += fm * ways[s];
                    if s == 0 {
                        break;
                    }
                    s = (s - 1) & rest;
                }
            }
            std::mem::swap(&mut f, &mut g);
        }
        *b = f[full];
    }
    bound
}

/// The bound at frontiers sampled twice a row, and the sampling step.
pub(crate) fn sampled_bound(frame: &Frame) -> (Vec<f64>, usize) {
    let step = frame.width.div_ceil(2);
    (states_bound(frame, step), step)
}

/// The bound summed over frontiers, in units of work: a rough, generous measure of the sweep's.
pub(crate) fn work_bound(sampled: &(Vec<f64>, usize)) -> f64 {
    WORK_PER_STATE * sampled.1 as f64 * sampled.0.iter().sum::<f64>()
}

/// Per frontier `0..=n` of the frame swept (the sampled one, or it turned half a turn when
/// `reversed`), the bound on the work left from that frontier on.
pub(crate) fn work_left(sampled: &(Vec<f64>, usize), n: usize, reversed: bool) -> Vec<f64> {
    let (bound, step) = sampled;
    let unit = WORK_PER_STATE * *step as f64;
    // Sampled frontier i is frontier i * step of the sampled frame, n - i * step once reversed.
    (0..=n)
        .map(|k| {
            let ahead = |i: &usize| if reversed { i * step <= n - k } else { i * step >= k };
            unit * (0..bound.len()).filter(ahead).map(|i| bound[i]).sum::<f64>()
        })
        .collect()
}
