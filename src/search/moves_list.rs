//! Helpers for ordering moves without allocating: packed sort keys picked one at a
//! time, and mobility counts.

use std::mem::MaybeUninit;

use crate::shape::{Bits, Shape};

/// Moves of `p` against `o`, corners counted twice.
#[inline(always)]
pub fn weighted_mobility<S: Shape>(shape: &S, p: S::B, o: S::B) -> i32 {
    let m = shape.moves(p, o);
    (m.count() + (m & shape.corners()).count()) as i32
}

/// A sort key: higher `score` first, then the lower index.
#[inline(always)]
pub fn order_key(score: i32, index: usize) -> u64 {
    (((score as i64 + (1i64 << 31)) as u64) << 8) | (255 - index as u64)
}

/// Moves the largest key of `keys[k..len]` to position `k` and returns its index.
#[inline(always)]
pub fn pick_best(keys: &mut [MaybeUninit<u64>], k: usize, len: usize) -> usize {
    debug_assert!(k < len && len <= keys.len());
    // SAFETY: the caller wrote keys[0..len].
    unsafe {
        let mut best = k;
        let mut best_key = keys[k].assume_init();
        #[allow(clippy::needless_range_loop)]
        for j in k + 1..len {
            let key = keys[j].assume_init();
            if key > best_key {
                best = j;
                best_key = key;
            }
        }
        keys.swap(k, best);
        255 - (best_key & 0xff) as usize
    }
}

/// Empty squares next to the discs of `o`: where `p` may find moves later.
#[inline(always)]
pub fn potential_mobility<S: Shape>(shape: &S, p: S::B, o: S::B) -> i32 {
    (shape.neighbours(o) & shape.empty(p, o)).count() as i32
}

/// The legal moves of a node with their flips and ordering scores, handed out best
/// first. Fixed arrays: nothing allocates.
pub struct MoveList<B: Bits> {
    xs: B::PerCell<MaybeUninit<u8>>,
    flips: B::PerCell<MaybeUninit<B>>,
    keys: B::PerCell<MaybeUninit<u64>>,
    len: usize,
    taken: usize,
}

impl<B: Bits> MoveList<B> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList<B> {
        MoveList { xs: B::per_cell(), flips: B::per_cell(), keys: B::per_cell(), len: 0, taken: 0 }
    }

    /// Adds the move on square `x` flipping `flips`, to be tried by `score`.
    #[inline(always)]
    pub fn push(&mut self, x: u8, flips: B, score: i32) {
        self.xs.as_mut()[self.len].write(x);
        self.flips.as_mut()[self.len].write(flips);
        self.keys.as_mut()[self.len].write(order_key(score, self.len));
        self.len += 1;
    }

    /// How many moves were pushed.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no move was pushed.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th move pushed, as (square, flips).
    #[inline(always)]
    pub fn get(&self, i: usize) -> (u8, B) {
        assert!(i < self.len);
        // SAFETY: entries below len were written by push.
        unsafe { (self.xs.as_ref()[i].assume_init(), self.flips.as_ref()[i].assume_init()) }
    }

    /// How many moves are not handed out yet.
    #[inline(always)]
    pub fn remaining(&self) -> usize {
        self.len - self.taken
    }

    /// The best-scored move not handed out yet.
    #[inline(always)]
    pub fn next_best(&mut self) -> Option<(u8, B)> {
        if self.taken == self.len {
            return None;
        }
        let i = pick_best(self.keys.as_mut(), self.taken, self.len);
        self.taken += 1;
        Some(self.get(i))
    }
}

impl<B: Bits> Default for MoveList<B> {
    fn default() -> MoveList<B> {
        MoveList::new()
    }
}
