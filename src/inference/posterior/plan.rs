//! Planning a sweep: which of the board's orientations to sweep in, and whether the board is worth
//! sweeping at all (some layout can agree, and the work bound is within the budget's slack).

use super::estimate;
use super::frame;
use super::sweep::ExactError;
use crate::game::board::Board;
use crate::game::fleet::Fleet;
use crate::game::prior::Opponent;
use crate::game::rules::Rules;

/// The frame to sweep `board` (already revealed under `rules`) and the work ceilings of its
/// frontiers, or why there is no need to sweep: no layout, or far over budget.
pub fn prepare(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    prior: Option<&Opponent>,
    budget: u64,
) -> Result<(frame::Frame, Vec<f64>), ExactError> {
    let (frame, sampled, bound) = plan(board, fleet, rules, prior);
    if !frame.quota[0].is_empty() {
        return Err(ExactError::NoLayout);
    }
    // Boards far over budget are turned away before any sweep (the bound is within a few times
    // the real work without hits, and can overshoot a hundredfold with them).
    // Known ship cells (`s`) shape the bound as hits do.
    let slack = if board.cells().iter().any(|c| c.holds_ship()) { estimate::SLACK_WITH_HITS } else { estimate::SLACK };
    if bound > budget as f64 * slack {
        return Err(ExactError::OverBudget);
    }
    // Sweep from the end nearer the hits: hits behind the frontier prune states, hits ahead of it
    // leave dead ends behind.
    let n = frame.len();
    let hits: Vec<usize> = (0..n).filter(|&k| frame.cells[k].holds_ship()).collect();
    let reverse = 2 * hits.iter().sum::<usize>() > hits.len() * (n - 1);
    let ceiling = estimate::work_left(&sampled, n, reverse);
    let frame = if reverse {
        frame::Frame::new(board, fleet, rules, prior, frame::Orientation { reverse: true, ..frame.orientation })
    } else {
        frame
    };
    Ok((frame, ceiling))
}

/// The frame to sweep (of the board's narrow orientations, the one with the smaller bound) and
/// its work bound.
pub fn plan(
    board: &Board,
    fleet: &Fleet,
    rules: Rules,
    prior: Option<&Opponent>,
) -> (frame::Frame, (Vec<f64>, usize), f64) {
    frame::Orientation::narrow(board)
        .into_iter()
        .filter(|o| !o.reverse)
        .map(|o| {
            let f = frame::Frame::new(board, fleet, rules, prior, o);
            let sampled = estimate::sampled_bound(&f);
            let work = estimate::work_bound(&sampled);
            (f, sampled, work)
        })
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .expect("every board has a narrow orientation")
}
