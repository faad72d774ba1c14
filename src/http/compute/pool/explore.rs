//! The schedule explored deterministically: small scenarios of requests, the clock and every event
//! in the test's hands, and every order of the events that can happen at the same instant tried
//! (a promise, a job queued, a promise given back, a thread starting, finishing and answering).
//! After each event: no thread is idle while a job it may run waits; when an answer leaves, its
//! thread is not counted busy; every planning job starts by its latest start (the machine keeps up:
//! threads start at once and jobs cost no more than expected); and a lone client asking again at
//! once is never refused. Where a job overruns what the schedule expects of it (a machine that
//! does not keep up), a planning job may start late, but no default job starts while one that is
//! already late waits: default traffic that never stops cannot keep it waiting.
//!
//! The threads follow the pool's own order ([`super::serve`]): count the thread free, then answer.
//! The same exploration with the answer leaving first, as a pool that counts its thread free after
//! the answer does, must find the fault, so the checks are seen to bite.

use std::time::{Duration, Instant};

use super::schedule::{FIRST_DEFAULT_COST, JobId, Schedule, Start};
use crate::http::compute::promise::Planned;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Planning { budget: u64 },
    Default,
}

#[derive(Clone, Copy, Debug)]
enum Arrival {
    /// At this many milliseconds from the start.
    At(u64),
    /// As soon as the answer to this earlier request has come: a client asking again at once.
    After(usize),
}

#[derive(Clone, Copy, Debug)]
struct Req {
    kind: Kind,
    arrival: Arrival,
    /// Milliseconds its job computes.
    cost: u64,
    /// Milliseconds from its promise to its job being queued (the request read and checked).
    reading: u64,
    /// Whether the request fails between its promise and its job: the promise is given back.
    fails: bool,
}

fn planning(budget: u64, arrival: Arrival) -> Req {
    // A plan means to spend nine tenths of its budget.
    Req { kind: Kind::Planning { budget }, arrival, cost: budget * 9 / 10, reading: 0, fails: false }
}

/// What the schedule expects a default job to cost before any has run, in milliseconds.
const DEFAULT_COST: u64 = FIRST_DEFAULT_COST.as_millis() as u64;

fn default(arrival: Arrival) -> Req {
    Req { kind: Kind::Default, arrival, cost: DEFAULT_COST, reading: 0, fails: false }
}

impl Req {
    /// Whether it costs no more than the schedule expects: a plan its budget, a default job
    /// [`DEFAULT_COST`].
    fn keeps_up(&self) -> bool {
        match self.kind {
            Kind::Planning { budget } => self.cost <= budget,
            Kind::Default => self.cost <= DEFAULT_COST,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Status {
    Coming,
    Promised {
        id: JobId,
        planned: Planned,
        since: u64,
    },
    Refused,
    GivenBack,
    Queued {
        id: JobId,
        planned: Option<Planned>,
    },
    Handed {
        id: JobId,
        thread: usize,
        planned: Option<Planned>,
    },
    Running {
        id: JobId,
        thread: usize,
        began: u64,
    },
    /// Counted free, its answer not yet sent.
    Freed,
    /// Its answer sent, its thread not yet counted free (the order a pool must not follow).
    AnsweredBusy {
        id: JobId,
        thread: usize,
        took: u64,
    },
    Answered,
}

/// The order in which a thread that has finished its job counts itself free and answers.
#[derive(Clone, Copy, PartialEq)]
enum Order {
    FreeThenAnswer,
    AnswerThenFree,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Event {
    Arrive(usize),
    Submit(usize),
    Begin(usize),
    Finish(usize),
    Answer(usize),
    Tick(u64),
}

#[derive(Clone, Debug, PartialEq)]
enum Fault {
    IdleWithWork,
    BusyAfterAnswer(usize),
    LateStart(usize),
    LoneClientRefused(usize),
    /// A default job started while this planning job, past its latest start, waited.
    DefaultBeforeLatePlan(usize),
}

#[derive(Clone)]
struct World {
    base: Instant,
    now: u64,
    schedule: Schedule<usize>,
    status: Vec<Status>,
    reqs: Vec<Req>,
    order: Order,
    /// Whether a lone client asks: then no request may be refused.
    lone: bool,
    /// Whether every job costs no more than expected: then no planning job may start late.
    keeps_up: bool,
}

impl World {
    fn at(&self, at: u64) -> Instant {
        self.base + ms(at)
    }

    /// Whether a planning job starting now would start past its latest start.
    fn past_start(&self, planned: &Planned) -> bool {
        self.at(self.now) > planned.latest_start()
    }

    fn hand(&mut self, starts: Vec<Start<usize>>) -> Result<(), Fault> {
        let default_started = starts.iter().any(|s| matches!(self.reqs[s.job].kind, Kind::Default));
        for Start { thread, id, job } in starts {
            let planned = match self.status[job] {
                Status::Queued { planned, .. } => planned,
                s => panic!("request {job} handed out as {s:?}"),
            };
            for s in &self.status {
                assert!(
                    !matches!(s, Status::Handed { thread: t, .. } | Status::Running { thread: t, .. } if *t == thread),
                    "thread {thread} handed a second job"
                );
            }
            self.status[job] = Status::Handed { id, thread, planned };
        }
        let late =
            self.status.iter().position(|s| matches!(s, Status::Queued { planned: Some(p), .. } if self.past_start(p)));
        match (default_started, late) {
            (true, Some(k)) => Err(Fault::DefaultBeforeLatePlan(k)),
            _ => Ok(()),
        }
    }

    fn answered(&self, k: usize) -> bool {
        matches!(self.status[k], Status::Answered | Status::AnsweredBusy { .. })
    }

    fn events(&self) -> Vec<Event> {
        let mut now = Vec::new();
        let mut later = Vec::new();
        for (k, (req, status)) in self.reqs.iter().zip(&self.status).enumerate() {
            match *status {
                Status::Coming => match req.arrival {
                    Arrival::At(t) if t == self.now => now.push(Event::Arrive(k)),
                    Arrival::At(t) => later.push(t),
                    Arrival::After(first) if self.answered(first) => now.push(Event::Arrive(k)),
                    Arrival::After(_) => {}
                },
                Status::Promised { since, .. } if since + req.reading <= self.now => now.push(Event::Submit(k)),
                Status::Promised { since, .. } => later.push(since + req.reading),
                Status::Handed { .. } => now.push(Event::Begin(k)),
                Status::Running { began, .. } if began + req.cost <= self.now => match self.order {
                    Order::FreeThenAnswer => now.push(Event::Finish(k)),
                    Order::AnswerThenFree => now.push(Event::Answer(k)),
                },
                Status::Running { began, .. } => later.push(began + req.cost),
                Status::Freed => now.push(Event::Answer(k)),
                Status::AnsweredBusy { .. } => now.push(Event::Finish(k)),
                _ => {}
            }
        }
        if now.is_empty()
            && let Some(&t) = later.iter().min()
        {
            now.push(Event::Tick(t));
        }
        now
    }

    fn apply(&mut self, event: Event) -> Result<(), Fault> {
        let now = self.at(self.now);
        match event {
            Event::Tick(t) => self.now = t,
            Event::Arrive(k) => match self.reqs[k].kind {
                Kind::Planning { budget } => {
                    let planned = Planned::new(now, ms(budget));
                    match self.schedule.promise(now, planned) {
                        Ok(id) => self.status[k] = Status::Promised { id, planned, since: self.now },
                        Err(_) if self.lone => return Err(Fault::LoneClientRefused(k)),
                        Err(_) => self.status[k] = Status::Refused,
                    }
                }
                Kind::Default => {
                    let (id, starts) = self.schedule.submit_default(now, k);
                    self.status[k] = Status::Queued { id, planned: None };
                    self.hand(starts)?;
                }
            },
            Event::Submit(k) => {
                let Status::Promised { id, planned, .. } = self.status[k] else { unreachable!() };
                let starts = match self.reqs[k].fails {
                    true => {
                        self.status[k] = Status::GivenBack;
                        self.schedule.give_back(now, id)
                    }
                    false => {
                        self.status[k] = Status::Queued { id, planned: Some(planned) };
                        self.schedule.submit_promised(now, id, planned, k)
                    }
                };
                self.hand(starts)?;
            }
            Event::Begin(k) => {
                let Status::Handed { id, thread, planned } = self.status[k] else { unreachable!() };
                if self.keeps_up && planned.is_some_and(|p| self.past_start(&p)) {
                    return Err(Fault::LateStart(k));
                }
                self.status[k] = Status::Running { id, thread, began: self.now };
            }
            Event::Finish(k) => {
                let (thread, took) = match self.status[k] {
                    Status::Running { thread, began, .. } => (thread, self.now - began),
                    Status::AnsweredBusy { thread, took, .. } => (thread, took),
                    s => unreachable!("{s:?}"),
                };
                let done = matches!(self.status[k], Status::AnsweredBusy { .. });
                self.status[k] = if done { Status::Answered } else { Status::Freed };
                let starts = self.schedule.finish(now, thread, ms(took));
                self.hand(starts)?;
            }
            Event::Answer(k) => {
                let (id, thread) = match self.status[k] {
                    Status::Running { id, thread, began } => {
                        self.status[k] = Status::AnsweredBusy { id, thread, took: self.now - began };
                        (id, thread)
                    }
                    Status::Freed => {
                        self.status[k] = Status::Answered;
                        return Ok(());
                    }
                    s => unreachable!("{s:?}"),
                };
                if self.schedule.running()[thread].is_some_and(|r| r.id == id) {
                    return Err(Fault::BusyAfterAnswer(k));
                }
            }
        }
        self.check()
    }

    /// No idle thread while a job it may run waits: a planning job queued, or a default job with
    /// no planning job promised ahead of it.
    fn check(&self) -> Result<(), Fault> {
        let now = self.at(self.now);
        let idle = self.schedule.running().iter().any(Option::is_none);
        let queued = |planning: bool| {
            self.status.iter().any(|s| matches!(s, Status::Queued { planned, .. } if planned.is_some() == planning))
        };
        let promised = self.status.iter().any(|s| matches!(s, Status::Promised { .. }));
        let waits = queued(true) || (queued(false) && !promised);
        match idle && (waits || self.schedule.runnable(now)) {
            true => Err(Fault::IdleWithWork),
            false => Ok(()),
        }
    }
}

/// What the exploration of a scenario found: how many orders it tried, and the first fault with
/// the events that led to it.
struct Explored {
    orders: usize,
    fault: Option<(Fault, Vec<Event>)>,
    /// Whether some order reached a state with a thread idle, a default job queued and a promise
    /// held: the default job waits for the plan that is still being read.
    held_default: bool,
    /// Each request's latest start over the orders, in milliseconds.
    latest_begin: Vec<Option<u64>>,
    /// Whether some order started a planning job past its latest start.
    started_late: bool,
}

fn explore(threads: usize, reqs: &[Req], order: Order, lone: bool) -> Explored {
    let world = World {
        base: Instant::now(),
        now: 0,
        schedule: Schedule::new(threads),
        status: vec![Status::Coming; reqs.len()],
        reqs: reqs.to_vec(),
        order,
        lone,
        keeps_up: reqs.iter().all(Req::keeps_up),
    };
    let mut out = Explored {
        orders: 0,
        fault: None,
        held_default: false,
        latest_begin: vec![None; reqs.len()],
        started_late: false,
    };
    walk(&world, &mut Vec::new(), &mut out);
    out
}

fn walk(world: &World, path: &mut Vec<Event>, out: &mut Explored) {
    if out.fault.is_some() {
        return;
    }
    let idle = world.schedule.running().iter().any(Option::is_none);
    let default_queued = world.status.iter().any(|s| matches!(s, Status::Queued { planned: None, .. }));
    let promised = world.status.iter().any(|s| matches!(s, Status::Promised { .. }));
    out.held_default |= idle && default_queued && promised;
    let events = world.events();
    if events.is_empty() {
        out.orders += 1;
        assert!(world.schedule.idle(), "a scenario ends with every job done: {:?}", world.status);
        return;
    }
    for event in events {
        let mut next = world.clone();
        path.push(event);
        if let Event::Begin(k) = event {
            out.latest_begin[k] = out.latest_begin[k].max(Some(world.now));
            out.started_late |=
                matches!(world.status[k], Status::Handed { planned: Some(p), .. } if world.past_start(&p));
        }
        match next.apply(event) {
            Ok(()) => walk(&next, path, out),
            Err(fault) => out.fault = Some((fault, path.clone())),
        }
        path.pop();
        if out.fault.is_some() {
            return;
        }
    }
}

fn kept(explored: Explored) -> usize {
    if let Some((fault, path)) = explored.fault {
        panic!("{fault:?} after {path:?}");
    }
    explored.orders
}

mod scenarios;
