//! The states met at one frontier: an open-addressing table from packed state to a dense index.

use super::key::Key;

/// Numbers the distinct states of one frontier in order of first appearance.
pub struct Interner<const N: usize> {
    /// 0: empty; otherwise dense index + 1.
    slots: Vec<u32>,
    shift: u32,
    pub keys: Vec<Key<N>>,
}

impl<const N: usize> Interner<N> {
    pub fn new() -> Interner<N> {
        Interner { slots: vec![0; 16], shift: 64 - 4, keys: Vec::new() }
    }

    /// Forgets every state, keeping the memory.
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.keys.clear();
    }

    /// The dense index of `key`, adding it if new; `None` if the table would pass `u32` indices.
    #[inline(always)]
    pub fn intern(&mut self, key: Key<N>) -> Option<(u32, bool)> {
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut s = (key.hash() >> self.shift) as usize;
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                let idx = u32::try_from(self.keys.len()).ok().filter(|&i| i < u32::MAX)?;
                self.slots[s] = idx + 1;
                self.keys.push(key);
                return Some((idx, true));
            }
            if self.keys[slot as usize - 1] == key {
                return Some((slot - 1, false));
            }
            s = (s + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.shift -= 1;
        self.slots = vec![0; size];
        let mask = size - 1;
        for (i, key) in self.keys.iter().enumerate() {
            let mut s = (key.hash() >> self.shift) as usize;
            while self.slots[s] != 0 {
                s = (s + 1) & mask;
            }
            self.slots[s] = i as u32 + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_states_in_order_of_arrival() {
        let mut t = Interner::<2>::new();
        for i in 0..1000u64 {
            assert_eq!(t.intern(Key([i * 7, i % 3])), Some((i as u32, true)));
        }
        assert_eq!(t.intern(Key([14, 2])), Some((2, false)));
        assert_eq!(t.keys.len(), 1000);
        t.clear();
        assert_eq!(t.intern(Key([14, 2])), Some((0, true)));
    }
}
