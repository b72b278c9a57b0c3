//! The transposition table: a fixed-size array of two-entry buckets keyed by a hash of
//! the side-relative board, with the board itself stored to rule out collisions.

use crate::shape::Bits;

/// Marks the absence of a best move.
pub const NO_MOVE: u8 = 255;

/// One stored result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry<B: Bits> {
    player: B,
    opponent: B,
    /// Lower bound of the score.
    pub lower: i16,
    /// Upper bound of the score.
    pub upper: i16,
    /// The best move found, or [`NO_MOVE`].
    pub best: u8,
    /// Midgame search depth, or the number of empties of an exact entry.
    pub depth: u8,
    /// Whether the bounds are exact endgame scores (in discs) rather than midgame
    /// scores (in evaluation units).
    pub exact: bool,
    age: u8,
}

/// Narrows the window `(alpha, beta)` by stored bounds `[lo, hi]`; returns the value
/// when the bounds alone settle the search (fail-soft).
#[inline(always)]
pub fn narrow(lo: i32, hi: i32, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
    if lo >= *beta {
        return Some(lo);
    }
    if hi <= *alpha || lo == hi {
        return Some(hi);
    }
    *alpha = (*alpha).max(lo);
    *beta = (*beta).min(hi);
    None
}

/// The table. Its size is fixed when made and never grows.
pub struct Table<B: Bits> {
    entries: Vec<Entry<B>>,
    mask: usize,
    age: u8,
}

impl<B: Bits> Table<B> {
    /// A table using at most `bytes` of memory (rounded down to a power of two entries,
    /// at least 1024 entries); `0` gives a [disabled](Table::disabled) table.
    pub fn new(bytes: usize) -> Table<B> {
        if bytes == 0 {
            return Table::disabled();
        }
        let want = (bytes / std::mem::size_of::<Entry<B>>()).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table { entries: vec![Entry::default(); n], mask: n - 2, age: 0 }
    }

    /// A table that stores nothing: every probe misses. For testing the search
    /// without it.
    pub fn disabled() -> Table<B> {
        Table { entries: vec![], mask: 0, age: 0 }
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry<B>>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, p: B, o: B) -> usize {
        B::hash_pair(p, o) as usize & self.mask
    }

    /// The entry for `(p, o)`, if stored.
    #[inline(always)]
    pub fn probe(&self, p: B, o: B) -> Option<Entry<B>> {
        if self.entries.is_empty() {
            return None;
        }
        let i = self.bucket(p, o);
        for e in &self.entries[i..i + 2] {
            if e.player == p && e.opponent == o && (e.player | e.opponent) != B::ZERO {
                return Some(*e);
            }
        }
        None
    }

    /// Stores a search result: a score `score` found with window `(alpha, beta)` at
    /// `depth` (for an `exact` result, the number of empties), and its best move.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, (p, o): (B, B), depth: u8, exact: bool, alpha: i32, beta: i32, score: i32, best: u8) {
        if self.entries.is_empty() {
            return;
        }
        let i = self.bucket(p, o);
        let age = self.age;
        let (lower, upper) = if score <= alpha {
            (i16::MIN, score as i16)
        } else if score >= beta {
            (score as i16, i16::MAX)
        } else {
            (score as i16, score as i16)
        };
        // Same position: tighten, replace, or keep the better entry.
        for e in &mut self.entries[i..i + 2] {
            if e.player == p && e.opponent == o {
                if e.exact && !exact {
                    return;
                }
                if e.depth == depth && e.exact == exact {
                    e.lower = e.lower.max(lower);
                    e.upper = e.upper.min(upper);
                    if e.lower > e.upper {
                        e.lower = lower;
                        e.upper = upper;
                    }
                } else {
                    e.lower = lower;
                    e.upper = upper;
                    e.depth = depth;
                    e.exact = exact;
                }
                if best != NO_MOVE {
                    e.best = best;
                }
                e.age = age;
                return;
            }
        }
        // Replace the entry that is older, else shallower.
        let (a, c) = (self.entries[i], self.entries[i + 1]);
        let key = |e: &Entry<B>| ((e.age == age) as u32) << 8 | (e.depth as u32);
        let slot = if key(&a) <= key(&c) { i } else { i + 1 };
        self.entries[slot] = Entry { player: p, opponent: o, lower, upper, best, depth, exact, age };
    }
}
