//! The command line's lists and values parsed whole: `--algorithm`, `--levels`,
//! `--arsenal-policy`, and values read with their surrounding spaces trimmed.

use sonar::simulate::Player;
use sonar::{Algorithm, UnknownAlgorithm};
use sonar::{Level, LevelParseError};
use thiserror::Error;

/// `--algorithm`: a name that is not an algorithm's, nor `all`, or a budget out of range.
#[derive(Debug, Error)]
pub enum AlgorithmListError {
    #[error("{0}, or all")]
    Unknown(UnknownAlgorithm),
    #[error("{0:?}: the budget after @ must be a whole number of milliseconds from 1 to {max}", max = sonar::MAX_BUDGET_MS)]
    Budget(String),
}

/// Parses `all` or a comma-separated list of algorithm names, each with its own budget or not
/// (`bayes@100`).
pub fn algorithm_list(list: &str) -> Result<Vec<Player>, AlgorithmListError> {
    if list.trim() == "all" {
        return Ok(Algorithm::ALL.iter().map(|&a| Player::full(a)).collect());
    }
    let player = |entry: &str| {
        let (name, budget) = match entry.trim().split_once('@') {
            Some((name, ms)) => {
                let ms = ms.trim().parse::<u64>().ok().filter(|ms| (1..=sonar::MAX_BUDGET_MS).contains(ms));
                (name, Some(ms.ok_or_else(|| AlgorithmListError::Budget(entry.trim().to_owned()))?))
            }
            None => (entry, None),
        };
        let algorithm = name.trim().parse().map_err(AlgorithmListError::Unknown)?;
        Ok(Player::full(algorithm).with_budget(budget))
    };
    list.split(',').map(player).collect()
}

/// `--levels`: a level that is not one, or a range that goes down.
#[derive(Debug, Error)]
pub enum LevelListError {
    #[error(transparent)]
    Level(#[from] LevelParseError),
    #[error("levels {0:?}: the range must go up")]
    Down(String),
}

/// Parses a list of levels: `1-10`, `1,5,10`, or both (`1-3,10`).
pub fn level_list(list: &str) -> Result<Vec<Level>, LevelListError> {
    let level = |s: &str| s.trim().parse::<Level>();
    let mut levels = Vec::new();
    for part in list.split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (level(a)?, level(b)?);
                if a > b {
                    return Err(LevelListError::Down(part.to_owned()));
                }
                levels.extend(Level::all().filter(|l| (a..=b).contains(l)));
            }
            None => levels.push(level(part)?),
        }
    }
    Ok(levels)
}

/// Parses a value with spaces around it.
pub fn trimmed<T: std::str::FromStr>(text: &str) -> Result<T, T::Err> {
    text.trim().parse()
}

/// `--arsenal-policy`: comma-separated policies, each once.
pub fn policy_list(list: &str) -> Result<Vec<sonar::Policy>, String> {
    let mut policies = Vec::new();
    for name in list.split(',').map(str::trim) {
        let policy = sonar::Policy::from_name(name).ok_or_else(|| format!("{name:?}: one of best, never, eager"))?;
        if policies.contains(&policy) {
            return Err(format!("{name:?} is listed twice"));
        }
        policies.push(policy);
    }
    Ok(policies)
}
