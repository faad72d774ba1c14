//! What the service does with budgets: whether computations are held to the wall clock, and what
//! a planning request gets when the compute pool cannot keep its promise.

use std::fmt;
use std::str::FromStr;

/// How the service holds computations to their budgets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BudgetPolicy {
    /// Whether a heavy computation stops when its budget is spent on the wall clock (the served
    /// default), or only the work bounds decide (the same request and seed then always give the
    /// same answer, however loaded the machine).
    pub clock: Clock,
    /// What a planning request gets when the work on the pool would not let it start in time.
    pub over_budget: OverBudget,
}

impl BudgetPolicy {
    /// As the service runs: held to the clock, over-budget planning requests refused.
    pub const SERVED: BudgetPolicy = BudgetPolicy { clock: Clock::Wall, over_budget: OverBudget::Refuse };
}

/// What holds a computation to its budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The wall clock from the computation's start, on top of the work bounds: the answer comes in
    /// time on a loaded machine, and says so when it was cut short.
    Wall,
    /// The work bounds alone: the same request and seed always give the same answer, and a loaded
    /// machine answers later.
    #[default]
    Work,
}

impl FromStr for Clock {
    type Err = String;

    fn from_str(text: &str) -> Result<Clock, String> {
        match text {
            "wall" => Ok(Clock::Wall),
            "work" => Ok(Clock::Work),
            _ => Err(format!("{text:?} is not one of wall, work")),
        }
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Clock::Wall => "wall",
            Clock::Work => "work",
        })
    }
}

/// What a planning request gets when its promise cannot be kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OverBudget {
    /// 503 once a short wait for a place is over ([`REFUSAL_HOLD`](super::promise::REFUSAL_HOLD)),
    /// with a `Retry-After` of the time the planning work ahead takes to drain.
    #[default]
    Refuse,
    /// Served at the default budget, and the answer says so.
    DefaultBudget,
}

/// The choices, as the flag and the environment variable spell them.
pub const OVER_BUDGET_CHOICES: &str = "refuse, default-budget";

impl FromStr for OverBudget {
    type Err = String;

    fn from_str(text: &str) -> Result<OverBudget, String> {
        match text {
            "refuse" => Ok(OverBudget::Refuse),
            "default-budget" => Ok(OverBudget::DefaultBudget),
            _ => Err(format!("{text:?} is not one of {OVER_BUDGET_CHOICES}")),
        }
    }
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OverBudget::Refuse => "refuse",
            OverBudget::DefaultBudget => "default-budget",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choices_read_back_as_written() {
        for choice in [OverBudget::Refuse, OverBudget::DefaultBudget] {
            assert_eq!(choice.to_string().parse::<OverBudget>(), Ok(choice));
        }
        for clock in [Clock::Wall, Clock::Work] {
            assert_eq!(clock.to_string().parse::<Clock>(), Ok(clock));
        }
        assert!("lower".parse::<OverBudget>().unwrap_err().contains(OVER_BUDGET_CHOICES));
    }
}
