//! Fuzzes what `POST /recommend` does with a body, minus HTTP: the JSON syntax check, the typed
//! read, the field rules, the position checks (witness search included) and every light
//! algorithm. Any panic is a bug; an accepted position must get a `.` shot and a grid that keeps
//! the contract.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::value::RawValue;
use sonar::Cell;
use sonar::http::RecommendRequest;
use sonar::seeded;
use sonar::recommend;
use sonar::Algorithm;
use sonar::Turn;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(raw) = serde_json::from_str::<Box<RawValue>>(text) else { return };
    let Ok(req) = RecommendRequest::ask_from_json(raw.get()) else { return };
    let seen = req.rules.reveal(&req.board);
    let Ok(turn) = Turn::checked(&seen, &req.fleet, req.rules) else { return };
    for algorithm in Algorithm::ALL.iter().copied().filter(|a| !a.is_heavy()) {
        let rec = recommend(algorithm, turn, &mut seeded(req.seed.unwrap_or(0)))
            .unwrap_or_else(|e| panic!("{} refused a checked position: {e}", algorithm.name()));
        assert_eq!(seen.get(rec.shot), Cell::Unknown, "{} shot at a cell already shot or known empty", algorithm.name());
        assert_eq!(rec.shots.len(), req.rules.salvo.min(seen.count(Cell::Unknown)));
        assert_eq!(rec.grid.len(), req.board.len());
        assert!(rec.grid.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)));
    }
});
