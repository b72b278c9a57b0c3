//! Helpers for ordering moves without allocating: packed sort keys picked one at a
//! time, parity of the board's quadrants, and mobility counts.

use std::mem::MaybeUninit;

use crate::board::moves;

/// The four 4×4 quadrants of the board.
pub const QUADRANT: [u64; 4] = [0x0000_0000_0f0f_0f0f, 0x0000_0000_f0f0_f0f0, 0x0f0f_0f0f_0000_0000, 0xf0f0_f0f0_0000_0000];

/// The squares of the quadrants that hold an odd number of empty squares.
#[inline(always)]
pub fn quadrant_parity(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANT {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Moves of `p` against `o`, corners counted twice.
#[inline(always)]
pub fn weighted_mobility(p: u64, o: u64) -> i32 {
    let m = moves(p, o);
    (m.count_ones() + (m & CORNERS).count_ones()) as i32
}

/// A sort key: higher `score` first, then the lower index.
#[inline(always)]
pub fn order_key(score: i32, index: usize) -> u64 {
    (((score as i64 + (1i64 << 31)) as u64) << 8) | (255 - index as u64)
}

/// Moves the largest key of `keys[k..len]` to position `k` and returns its index.
#[inline(always)]
pub fn pick_best(keys: &mut [MaybeUninit<u64>; 64], k: usize, len: usize) -> usize {
    debug_assert!(k < len && len <= 64);
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
pub fn potential_mobility(p: u64, o: u64) -> i32 {
    (crate::board::neighbours(o) & !(p | o)).count_ones() as i32
}

/// The legal moves of a node with their flips and ordering scores, handed out best
/// first. Fixed arrays: nothing allocates.
pub struct MoveList {
    xs: [MaybeUninit<u8>; 64],
    flips: [MaybeUninit<u64>; 64],
    keys: [MaybeUninit<u64>; 64],
    len: usize,
    taken: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            xs: [MaybeUninit::uninit(); 64],
            flips: [MaybeUninit::uninit(); 64],
            keys: [MaybeUninit::uninit(); 64],
            len: 0,
            taken: 0,
        }
    }

    /// Adds the move on square `x` flipping `flips`, to be tried by `score`.
    #[inline(always)]
    pub fn push(&mut self, x: u8, flips: u64, score: i32) {
        self.xs[self.len].write(x);
        self.flips[self.len].write(flips);
        self.keys[self.len].write(order_key(score, self.len));
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
    pub fn get(&self, i: usize) -> (u8, u64) {
        assert!(i < self.len);
        // SAFETY: entries below len were written by push.
        unsafe { (self.xs[i].assume_init(), self.flips[i].assume_init()) }
    }

    /// The best-scored move not handed out yet.
    #[inline(always)]
    pub fn next_best(&mut self) -> Option<(u8, u64)> {
        if self.taken == self.len {
            return None;
        }
        let i = pick_best(&mut self.keys, self.taken, self.len);
        self.taken += 1;
        Some(self.get(i))
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}
