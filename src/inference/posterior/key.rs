//! A dynamic-programme state packed into `N` 64-bit words, and where each field lives.
//!
//! A state holds, in bit fields: for each profile column, how many cells of a vertical ship in
//! progress are still to come below the frontier (0: none); how many cells of the horizontal
//! ship in progress are still to come to the right; and, per length class, how many ships of
//! that class have been started; and per scan of the board, how many of its cells decided so far
//! hold a ship. No field straddles two words.

/// A packed state. `N` is 1 on every classic-sized board; large boards with long ships need 2 or 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key<const N: usize>(pub [u64; N]);

/// Where a field lives: word, shift and width in bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Field {
    pub word: usize,
    pub shift: u32,
    pub mask: u64,
}

impl<const N: usize> Key<N> {
    pub const ZERO: Key<N> = Key([0; N]);

    #[inline(always)]
    pub fn get(&self, f: Field) -> u64 {
        (self.0[f.word] >> f.shift) & f.mask
    }

    /// Adds `v` to a field (the caller keeps the result within the field).
    #[inline(always)]
    pub fn add(mut self, f: Field, v: u64) -> Key<N> {
        self.0[f.word] += v << f.shift;
        self
    }

    /// Sets a field to `v` (which fits it); a field of width 0 stays 0.
    #[inline(always)]
    pub fn with(mut self, f: Field, v: u64) -> Key<N> {
        self.0[f.word] = (self.0[f.word] & !(f.mask << f.shift)) | ((v & f.mask) << f.shift);
        self
    }

    #[inline(always)]
    pub fn sub(mut self, f: Field, v: u64) -> Key<N> {
        self.0[f.word] -= v << f.shift;
        self
    }

    /// Whether every bit set in `mask` is clear here.
    #[inline(always)]
    pub fn clear_under(&self, mask: &Key<N>) -> bool {
        (0..N).all(|w| self.0[w] & mask.0[w] == 0)
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        let mut h = self.0[0];
        for w in 1..N {
            h = (h ^ self.0[w].rotate_left(29)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        }
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The field layout of the states of one frame.
#[derive(Clone, Debug)]
pub struct Packing {
    /// Per profile column: cells still to come of the vertical ship crossing the frontier.
    pub column: Vec<Field>,
    /// Cells still to come of the horizontal ship in progress.
    pub horizontal: Field,
    /// Per class: ships of that class started so far.
    pub used: Vec<Field>,
    /// Under the no-touch rules or a prior that weighs touching pairs, per profile column: 1 when
    /// the last cell decided in that column (this row's left of the frontier, the row above's from
    /// it on) holds a ship. Width 0 (always 0) otherwise.
    pub occupied: Vec<Field>,
    /// Where neighbours are tracked: 1 when the cell above and to the left of the next cell holds a
    /// ship (0 at the start of a row).
    pub corner: Field,
    /// Per scan the frame keeps: its ship cells afloat decided so far, up to the fewest it allows.
    pub scan: Vec<Field>,
    /// Words needed.
    pub words: usize,
}

fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

/// What a frame's states must hold, in numbers: the profile's width, the longest ships with a valid
/// vertical and horizontal start, the ships of each class, whether neighbours are tracked, and the
/// count each scan keeps at most.
pub struct Shape<'a> {
    pub width: usize,
    pub longest_vertical: usize,
    pub longest_horizontal: usize,
    pub class_counts: &'a [usize],
    pub tracks_neighbours: bool,
    pub scan_most: &'a [u64],
}

impl Packing {
    pub fn new(shape: Shape<'_>) -> Packing {
        let mut word = 0;
        let mut shift = 0u32;
        let mut place = |bits: u32| {
            if bits == 0 {
                return Field { word: 0, shift: 0, mask: 0 };
            }
            if shift + bits > 64 {
                word += 1;
                shift = 0;
            }
            let f = Field { word, shift, mask: (1u64 << bits) - 1 };
            shift += bits;
            f
        };
        let bv = bits_for(shape.longest_vertical.saturating_sub(1) as u64);
        let bh = bits_for(shape.longest_horizontal.saturating_sub(1) as u64);
        let column = (0..shape.width).map(|_| place(bv)).collect();
        let horizontal = place(bh);
        let used = shape.class_counts.iter().map(|&count| place(bits_for(count as u64))).collect();
        let flag = u32::from(shape.tracks_neighbours);
        let occupied = (0..shape.width).map(|_| place(flag)).collect();
        let corner = place(flag);
        let scan = shape.scan_most.iter().map(|&most| place(bits_for(most))).collect();
        let words = word + 1;
        Packing { column, horizontal, used, occupied, corner, scan, words }
    }

    /// The mask of the profile columns `from..to`.
    pub fn columns_mask<const N: usize>(&self, from: usize, to: usize) -> Key<N> {
        let mut k = Key::<N>::ZERO;
        for f in &self.column[from..to] {
            k.0[f.word] |= f.mask << f.shift;
        }
        k
    }
}
