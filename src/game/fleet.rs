//! The ships still afloat, by length.

use thiserror::Error;

use crate::game::board::MAX_SIDE;

/// Most ships a request may name (the largest board, [`MAX_SIDE`] x [`MAX_SIDE`], has room for many
/// more length-1 ships, but no game needs them and the bound keeps every algorithm's cost
/// predictable).
pub const MAX_SHIPS: usize = 64;

/// Why a list of ship lengths is not a fleet.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FleetError {
    #[error("ships: at least one ship must still be afloat, got an empty list")]
    Empty,
    #[error("ships: at most {MAX_SHIPS} ships are allowed, got {0}")]
    TooMany(usize),
    #[error("ships[{index}]: length must be at least 1, got {len}")]
    TooShort { index: usize, len: usize },
    #[error("ships[{index}]: length {len} is longer than the board's longer side ({max})")]
    TooLong { index: usize, len: usize, max: usize },
}

/// The lengths of the ships not yet sunk, longest first; duplicates allowed.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Fleet {
    lengths: Vec<usize>,
}

impl Clone for Fleet {
    fn clone(&self) -> Fleet {
        Fleet { lengths: self.lengths.clone() }
    }

    /// Copies into the lengths already allocated.
    fn clone_from(&mut self, source: &Fleet) {
        self.lengths.clone_from(&source.lengths);
    }
}

impl Fleet {
    /// The classic fleet: carrier 5, battleship 4, cruiser 3, submarine 3, destroyer 2.
    pub fn classic() -> Fleet {
        Fleet { lengths: vec![5, 4, 3, 3, 2] }
    }

    /// A fleet from ship lengths in any order, each between 1 and `max_len`.
    pub fn new(lengths: &[usize], max_len: usize) -> Result<Fleet, FleetError> {
        if lengths.is_empty() {
            return Err(FleetError::Empty);
        }
        if lengths.len() > MAX_SHIPS {
            return Err(FleetError::TooMany(lengths.len()));
        }
        let max = max_len.min(MAX_SIDE);
        for (index, &len) in lengths.iter().enumerate() {
            if len == 0 {
                return Err(FleetError::TooShort { index, len });
            }
            if len > max {
                return Err(FleetError::TooLong { index, len, max });
            }
        }
        let mut lengths = lengths.to_vec();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        Ok(Fleet { lengths })
    }

    /// Parses `5,4,3,3,2`.
    pub fn parse_list(s: &str) -> Result<Vec<usize>, String> {
        s.split(',').map(|p| p.trim().parse::<usize>().map_err(|e| format!("bad ship length {p:?}: {e}"))).collect()
    }

    /// Lengths, longest first.
    pub fn lengths(&self) -> &[usize] {
        &self.lengths
    }

    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// Sum of the lengths: how many ship cells are still afloat.
    pub fn total_cells(&self) -> usize {
        self.lengths.iter().sum()
    }

    pub fn longest(&self) -> Option<usize> {
        self.lengths.first().copied()
    }

    pub fn shortest(&self) -> Option<usize> {
        self.lengths.last().copied()
    }

    /// Each distinct length with how many ships have it, longest first.
    pub fn groups(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.lengths.chunk_by(|a, b| a == b).map(|g| (g[0], g.len()))
    }

    /// Removes one ship of the given length (when it sinks). Returns false if there is none.
    pub fn remove(&mut self, len: usize) -> bool {
        match self.lengths.iter().position(|&l| l == len) {
            Some(i) => {
                self.lengths.remove(i);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_and_groups() {
        let f = Fleet::new(&[2, 3, 5, 3, 4], 10).unwrap();
        assert_eq!(f.lengths(), &[5, 4, 3, 3, 2]);
        assert_eq!(f.groups().collect::<Vec<_>>(), vec![(5, 1), (4, 1), (3, 2), (2, 1)]);
        assert_eq!(f.total_cells(), 17);
    }

    #[test]
    fn rejects_bad_lengths() {
        assert_eq!(Fleet::new(&[], 10), Err(FleetError::Empty));
        assert_eq!(Fleet::new(&[3, 0], 10), Err(FleetError::TooShort { index: 1, len: 0 }));
        assert_eq!(Fleet::new(&[11], 10), Err(FleetError::TooLong { index: 0, len: 11, max: 10 }));
        assert_eq!(Fleet::new(&[1; 65], 26), Err(FleetError::TooMany(65)));
    }

    #[test]
    fn removes_one_ship() {
        let mut f = Fleet::classic();
        assert!(f.remove(3));
        assert_eq!(f.lengths(), &[5, 4, 3, 2]);
        assert!(!f.remove(7));
    }
}
