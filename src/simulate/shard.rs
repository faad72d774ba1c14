//! Which games a shard of a run plays: shard `K/N` plays the games whose index is K modulo N,
//! each exactly as the whole run plays it.

use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

use thiserror::Error;

/// Why a text or a pair of numbers names no shard.
#[derive(Debug, Error)]
pub enum ShardNameError {
    #[error("shard {index}/{count}: the count N must be at least 1")]
    NoCount { index: usize, count: usize },
    #[error("shard {index}/{count}: the index K must be below N (0 to {last})", last = count - 1)]
    IndexTooLarge { index: usize, count: usize },
    #[error("shard {0:?}: expected K/N, e.g. 0/4")]
    Syntax(String),
    #[error("shard {text:?}: {part:?}: {source}")]
    Number { text: String, part: String, source: ParseIntError },
}

/// One of `count` shards of a run: the games whose index is `index` modulo `count`. Written `K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, SerializeDisplay, DeserializeFromStr)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run, as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardNameError> {
        if count == 0 {
            return Err(ShardNameError::NoCount { index, count });
        }
        if index >= count {
            return Err(ShardNameError::IndexTooLarge { index, count });
        }
        Ok(Shard { index, count })
    }

    /// The indices of its games in a run of `total`, in order.
    pub fn games(self, total: usize) -> impl Iterator<Item = usize> {
        (self.index..total).step_by(self.count)
    }

    /// Whether game `game` is one of its games.
    pub fn contains(self, game: usize) -> bool {
        game % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = ShardNameError;

    /// Parses `K/N`.
    fn from_str(s: &str) -> Result<Shard, ShardNameError> {
        let (k, n) = s.split_once('/').ok_or_else(|| ShardNameError::Syntax(s.to_owned()))?;
        let number = |part: &str| {
            part.trim().parse::<usize>().map_err(|source| ShardNameError::Number {
                text: s.to_owned(),
                part: part.to_owned(),
                source,
            })
        };
        Shard::new(number(k)?, number(n)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_written_k_over_n() {
        assert_eq!("2/5".parse::<Shard>().unwrap(), Shard { index: 2, count: 5 });
        assert_eq!(Shard { index: 2, count: 5 }.to_string(), "2/5");
        assert!("0/0".parse::<Shard>().unwrap_err().to_string().contains("at least 1"));
        assert!("3/3".parse::<Shard>().unwrap_err().to_string().contains("below N (0 to 2)"));
        assert!("2/x".parse::<Shard>().unwrap_err().to_string().contains("invalid digit"));
        assert!("2".parse::<Shard>().unwrap_err().to_string().contains("expected K/N"));
    }
}
