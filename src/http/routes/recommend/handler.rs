//! How `POST /recommend` is answered. A planning budget is a promise from the request's arrival:
//! the compute pool admits it only if the work already there lets it start in time, and otherwise
//! it is refused at once, or served at the default budget where the operator chose so. Heavy work
//! runs on the pool, held to the clock from its start: what still runs when the budget is spent
//! (or when the promise is due) stops, and the answer says so.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::game::arsenal::PowerUp;
use crate::game::deadline::Deadline;
use crate::game::turn::DEFAULT_BUDGET_MS;
use crate::shooting::algorithm::Algorithm;
use crate::shooting::level::Level;
use crate::shooting::play::{Ask, Recommendation};

use crate::http::body::{BodyTimeout, read_json, read_object};
use crate::http::compute::admission::Admission;
use crate::http::compute::policy::{BudgetPolicy, Clock, OverBudget};
use crate::http::compute::pool::{Allot, ComputePool};
use crate::http::compute::promise::{REFUSAL_HOLD, promise};
use crate::http::middleware::metrics::Metrics;
use crate::http::problem::ApiError;
use crate::http::problem_docs::PostProblems;
use crate::http::routes::recommend::endpoint::{RecommendProblems, RecommendRequest, Terms};
use crate::http::routes::recommend::opponent::{OpponentEcho, Prior};
use crate::http::routes::recommend::response::{ComputeAnswer, RecommendResponse};

/// Recommend the next shot.
///
/// Takes the board as the shooter sees it and the ships still afloat, or the game's history
/// instead (the fleet and every shot with its answer), and optionally the rules
/// (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
/// of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
/// the full per-cell grid behind them. Stateless: the same request with the same seed always gets
/// the same answer.
#[utoipa::path(
    post,
    path = "/recommend",
    tag = "recommend",
    request_body(content = RecommendRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The recommended shot and the algorithm's grid", body = RecommendResponse),
        PostProblems,
        RecommendProblems,
    )
)]
pub async fn recommend(
    req: HttpRequest,
    payload: web::Payload,
    timeout: web::Data<BodyTimeout>,
    metrics: web::Data<Metrics>,
    admission: web::Data<Admission>,
    pool: web::Data<ComputePool>,
    policy: web::Data<BudgetPolicy>,
) -> Result<HttpResponse, actix_web::Error> {
    let arrival = Instant::now();
    let body = read_json(&req, payload, **timeout).await?;
    let shared = Shared {
        metrics: metrics.into_inner(),
        admission: admission.into_inner(),
        pool: pool.into_inner(),
        policy: **policy,
    };
    Ok(answer(&body, arrival, shared).await?)
}

/// What the handler shares with every request.
pub struct Shared {
    pub metrics: Arc<Metrics>,
    pub admission: Arc<Admission>,
    pub pool: Arc<ComputePool>,
    pub policy: BudgetPolicy,
}

/// A computed answer and what it took.
struct Done {
    rec: Recommendation,
    /// The power-ups the request held, which the answer's `action` and `actions` name.
    arsenal: Vec<PowerUp>,
    echo: Option<OpponentEcho>,
    algorithm: Algorithm,
    level: Level,
    cols: usize,
    seed: u64,
    budget_ms: u64,
    /// The algorithm's own time, for the compute metric.
    played: Duration,
    /// The whole computation's time, from its start on the pool.
    spent: Duration,
}

fn millis(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// The answer to a request body that is well-formed JSON, which arrived at `arrival`.
pub async fn answer(body: &[u8], arrival: Instant, shared: Shared) -> Result<HttpResponse, ApiError> {
    // The shape is checked here, so that the error can name the field at fault.
    let request = read_object::<RecommendRequest>(body)?;
    let mut terms = request.terms()?;
    let asked_ms = terms.budget_ms;
    // A budget is a promise only where the clock holds the work to it.
    let held = shared.policy.clock == Clock::Wall;
    let promised = match (held && terms.plans()).then_some(asked_ms) {
        None => None,
        Some(budget) => match shared.pool.promise_within(arrival, millis(budget), hold(shared.policy)).await {
            Ok(promised) => {
                shared.metrics.planning("promised");
                Some(promised)
            }
            Err(refused) if shared.policy.over_budget == OverBudget::Refuse => {
                shared.metrics.planning("refused");
                let promise_ms = u64::try_from(promise(millis(budget)).as_millis()).unwrap_or(u64::MAX);
                let retry_after = refused.drains_in.as_secs_f64().ceil().max(1.0) as u64;
                return Err(ApiError::BudgetUnavailable { budget_ms: budget, promise_ms, retry_after });
            }
            Err(_) => {
                shared.metrics.planning("lowered");
                terms.budget_ms = DEFAULT_BUDGET_MS;
                None
            }
        },
    };
    let heavy = request.is_heavy(terms);
    let finish_by = promised.as_ref().map(|p| p.finish_by());
    let clock = held && heavy;
    // A board is read here, so that a bad one gets its 422 even when the pool is full; a history
    // is read on the pool, since reading it replays every answer and searches for a fleet that
    // gives them all.
    let question = match request.history.is_some() {
        true => Question::Unread(request, terms),
        false => Question::Read(request.ask(terms)?),
    };
    let work = move |start: Instant, allot: Allot| compute(question, start, finish_by, clock.then_some(allot));
    // Heavy work runs on the batch-scheduled compute pool, so that it never holds up the threads
    // answering other requests; past the bound on heavy work in flight it is shed before its
    // position is checked or its history replayed, so that an overload costs little per refusal.
    // The pool catches a heavy job's panic; a light one's is caught here.
    let failed = || ApiError::Internal("the algorithm failed".to_owned());
    let done = match heavy {
        false => catch_unwind(AssertUnwindSafe(|| work(Instant::now(), Allot::WHOLE))).map_err(|_| failed())??,
        true => {
            let job = move |allot| work(Instant::now(), allot);
            shared.pool.run_admitted(&shared.admission, promised, job).await.map_err(|e| match e {
                ApiError::Internal(_) => failed(),
                e => e,
            })??
        }
    };
    let name = done.algorithm.name();
    shared.metrics.recommend_duration.with_label_values(&[name]).observe(done.played.as_secs_f64());
    if let Some(cut) = done.rec.cut {
        shared.metrics.cut(name, cut.as_str());
    }
    let compute = ComputeAnswer::new(asked_ms, done.budget_ms, done.spent, done.rec.cut);
    let choice = done.rec.choice.clone();
    let response = RecommendResponse {
        opponent: done.echo,
        compute,
        ..RecommendResponse::new(done.rec, done.level, done.cols, done.seed)
    }
    .with_choice(choice.as_ref(), &done.arsenal, done.cols);
    Ok(HttpResponse::Ok().content_type(header::ContentType::json()).body(response.to_json()))
}

/// How long a planning request the pool cannot promise at once waits for a place: up to the
/// [`REFUSAL_HOLD`] where it would be refused, not at all where it is served at the default budget.
fn hold(policy: BudgetPolicy) -> Duration {
    match policy.over_budget {
        OverBudget::Refuse => REFUSAL_HOLD,
        OverBudget::DefaultBudget => Duration::ZERO,
    }
}

/// The core's question: already read, or a request whose history is still to read.
enum Question {
    Read((Ask, Option<Prior>)),
    Unread(RecommendRequest, Terms),
}

/// Reads the question if it is not yet (a history is replayed), fits past fleets, checks the
/// position and plays the move, from `start`. Held to the clock (`allot` given), the computation
/// stops when its budget from `start` is spent, and never later than a promise's `finish_by`; and
/// it plans the work that the CPU its thread gets can finish by then.
fn compute(
    question: Question,
    start: Instant,
    finish_by: Option<Instant>,
    allot: Option<Allot>,
) -> Result<Done, ApiError> {
    let (mut ask, prior) = match question {
        Question::Read(read) => read,
        Question::Unread(request, terms) => request.ask(terms)?,
    };
    let echo = prior.map(|prior| {
        let (model, games) = prior.model();
        let echo = OpponentEcho::new(&model, games);
        ask.seat.opponent = Some(Arc::new(model));
        echo
    });
    let deadline = match allot {
        None => Deadline::NONE,
        Some(allot) => {
            let budget = &mut ask.seat.budget_ms;
            let spent = start + millis(*budget);
            let stop = finish_by.map_or(spent, |latest| spent.min(latest));
            // Only a planning budget shrinks: the default budget's work is what every answer has.
            if *budget > DEFAULT_BUDGET_MS {
                *budget = allot.fit(*budget, stop.saturating_duration_since(start)).max(DEFAULT_BUDGET_MS);
            }
            Deadline::at(stop)
        }
    };
    ask.check()?;
    let played = Instant::now();
    let algorithm = ask.seat.player.algorithm;
    let rec = ask.play(deadline)?;
    Ok(Done {
        rec,
        arsenal: ask.arsenal.take().unwrap_or_default(),
        echo,
        algorithm,
        level: ask.level,
        cols: ask.board.cols(),
        seed: ask.seed,
        budget_ms: ask.seat.budget_ms,
        played: played.elapsed(),
        spent: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::Cell;
    use crate::game::turn::MAX_BUDGET_MS;
    use crate::shooting::strategy::Cut;

    fn question(body: serde_json::Value) -> Question {
        let request = read_object::<RecommendRequest>(body.to_string()).unwrap();
        let terms = request.terms().unwrap();
        Question::Read(request.ask(terms).unwrap())
    }

    /// The served clock's path in-process, whatever the build's speed: a computation whose
    /// budget was spent before it started stops at its first look at the clock and says where.
    #[test]
    fn a_computation_held_to_a_spent_budget_stops_and_says_where() {
        let body = serde_json::json!({"board": vec![".".repeat(26); 26], "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
                                      "algorithm": "bayes", "budget_ms": 1, "seed": 7});
        let an_hour_ago = Instant::now() - Duration::from_secs(3_600);
        let done = compute(question(body.clone()), an_hour_ago, None, Some(Allot::WHOLE)).unwrap();
        assert!(matches!(done.rec.cut, Some(Cut::Counting | Cut::Sampling)), "{:?}", done.rec.cut);
        assert!(done.spent >= Duration::from_secs(3_600));
        let board = crate::game::board::Board::parse(&vec![".".repeat(26); 26]).unwrap();
        assert_eq!(board.get(done.rec.shot), Cell::Unknown, "still an open cell");
        // Held to the work bounds alone, the same request is never cut.
        let whole = compute(question(body), an_hour_ago, None, None).unwrap();
        assert_eq!(whole.rec.cut, None);
    }

    /// A promise due before the budget is spent plans what the time left to it holds (the default
    /// budget's work when none is left), and stops the work at the promise.
    #[test]
    fn a_promise_due_first_plans_what_its_room_holds_and_stops_the_work() {
        let body = serde_json::json!({"board": vec![".".repeat(10); 10], "ships": [5, 4, 3, 3, 2],
                                      "algorithm": "bayes", "budget_ms": MAX_BUDGET_MS, "seed": 3});
        let start = Instant::now();
        let done = compute(question(body), start, Some(start + millis(200)), Some(Allot::WHOLE)).unwrap();
        assert_eq!(done.budget_ms, 200, "the plan's work is what 200 ms hold, not its budget's");
        // A board whose default work looks at the clock: due at its start, it stops at once,
        // though its budget from the start is not spent.
        let body = serde_json::json!({"board": vec![".".repeat(26); 26], "ships": [5, 4, 3, 3, 2, 5, 4, 3, 3, 2],
                                      "algorithm": "bayes", "budget_ms": MAX_BUDGET_MS, "seed": 7});
        let late = compute(question(body), start, Some(start), Some(Allot::WHOLE)).unwrap();
        assert_eq!(late.budget_ms, DEFAULT_BUDGET_MS, "no time left: the default budget's work");
        assert!(
            matches!(late.rec.cut, Some(Cut::Counting | Cut::Sampling)),
            "stopped at the promise: {:?}",
            late.rec.cut
        );
    }
}
