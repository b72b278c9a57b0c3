//! The transposition table: a fixed-size array of two-entry buckets keyed by a hash of
//! the side-relative board, with the board itself stored to rule out collisions.
//!
//! Natively, the threads of one search may share a table ([`SharedTable`]): each
//! thread's [`Table`] then reads and writes it instead of its own entries.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

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

/// A hint to the processor to load the cache line holding `at`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch_line(at: *const u8) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch is only a hint: it never faults, whatever the address.
    unsafe { _mm_prefetch(at.cast::<i8>(), _MM_HINT_T0) }
}

/// The table. Its size is fixed when made and never grows.
pub struct Table<B: Bits> {
    entries: Vec<Entry<B>>,
    mask: usize,
    age: u8,
    /// The table shared with other threads, used in place of `entries` (8×8 only).
    shared: Option<Arc<SharedTable>>,
    /// Results to pass on to searchers with tables of their own ([`Table::share_from`]):
    /// the least depth logged, and the log, three words an entry (8×8 only).
    shares: Option<(u8, Vec<u64>)>,
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
        Table { entries: vec![Entry::default(); n], mask: n - 2, age: 0, shared: None, shares: None }
    }

    /// A table that stores nothing: every probe misses. For testing the search
    /// without it.
    pub fn disabled() -> Table<B> {
        Table { entries: vec![], mask: 0, age: 0, shared: None, shares: None }
    }

    /// A table that reads and writes `shared` (its own entries are dropped). Clearing
    /// it and starting a new search are then the business of whoever shares it out
    /// ([`SharedTable::clear`], [`SharedTable::new_search`]): here they do nothing, so
    /// that one thread starting its part of a search does not wipe another's.
    ///
    /// # Panics
    /// If the board is wider than 64 cells (the shared entries keep 64-bit keys).
    pub fn sharing(shared: Arc<SharedTable>) -> Table<B> {
        assert!(std::mem::size_of::<B>() == 8, "a shared table holds 8x8 boards only");
        Table { entries: vec![], mask: 0, age: 0, shared: Some(shared), shares: None }
    }

    /// Bytes used by the entries (of the shared table, when shared).
    pub fn bytes(&self) -> usize {
        match &self.shared {
            Some(s) => s.bytes(),
            None => self.entries.len() * std::mem::size_of::<Entry<B>>(),
        }
    }

    /// Forgets everything (not when shared: see [`Table::sharing`]).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to be replaced (not when
    /// shared: see [`Table::sharing`]).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, p: B, o: B) -> usize {
        B::hash_pair(p, o) as usize & self.mask
    }

    /// Asks the processor to bring the bucket of `(p, o)` into its cache, so that a
    /// probe soon after does not wait for memory (natively on x86-64; elsewhere
    /// nothing). A node issues it for all its children before searching the first:
    /// waiting for the table's memory was a third of the midgame search's own time.
    #[inline(always)]
    pub fn prefetch(&self, p: B, o: B) {
        #[cfg(target_arch = "x86_64")]
        {
            let at: *const u8 = if !self.entries.is_empty() {
                self.entries.as_ptr().wrapping_add(self.bucket(p, o)).cast()
            } else if let Some(s) = &self.shared {
                s.words.as_ptr().wrapping_add(s.bucket(p.low64(), o.low64()) * WORDS).cast()
            } else {
                return;
            };
            // The bucket's first line only: asking for its second too (when the two
            // entries cross a line) measured slower, the processor's queue of misses
            // filling up.
            prefetch_line(at);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    /// The entry for `(p, o)`, if stored.
    #[inline(always)]
    pub fn probe(&self, p: B, o: B) -> Option<Entry<B>> {
        if self.entries.is_empty() {
            let s = self.shared.as_ref()?;
            let Stored { lower, upper, best, depth, exact } = s.probe(p.low64(), o.low64())?;
            return Some(Entry { player: p, opponent: o, lower, upper, best, depth, exact, age: 0 });
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
        let (lower, upper) = bounds(alpha, beta, score);
        let new = Stored { lower, upper, best, depth, exact };
        if let Some((least, log)) = &mut self.shares {
            if depth >= *least {
                log.extend([p.low64(), o.low64(), pack(new, 0)]);
            }
        }
        self.put(p, o, new);
    }

    /// Logs from now on every result stored at `depth` or more (midgame depth, or
    /// empties of an exact result), for [`Table::take_shares`]; `None` stops it. For
    /// searchers that each keep a table of their own (the browser's workers): the deep
    /// results are few, and each saves another searcher who meets the same position a
    /// whole subtree (8×8 only).
    pub fn share_from(&mut self, depth: Option<u8>) {
        self.shares = depth.map(|d| (d, self.shares.take().map(|s| s.1).unwrap_or_default()));
    }

    /// The results logged since the last call (see [`Table::share_from`]), three words
    /// each.
    pub fn take_shares(&mut self) -> Vec<u64> {
        self.shares.as_mut().map(|s| std::mem::take(&mut s.1)).unwrap_or_default()
    }

    /// Stores results another searcher logged ([`Table::take_shares`]), merged with
    /// what this table holds as its own results are; not logged again. A malformed
    /// tail (fewer than three words) is ignored.
    pub fn import(&mut self, words: &[u64]) {
        for w in words.chunks_exact(3) {
            let (p, o) = (B::from_u128(w[0] as u128), B::from_u128(w[1] as u128));
            if (w[0] & w[1]) != 0 {
                continue; // not a position
            }
            self.put(p, o, unpack(w[2]).0);
        }
    }

    #[inline(always)]
    fn put(&mut self, p: B, o: B, new: Stored) {
        let Stored { lower, upper, best, depth, exact } = new;
        if self.entries.is_empty() {
            if let Some(s) = &self.shared {
                s.store(p.low64(), o.low64(), new);
            }
            return;
        }
        let i = self.bucket(p, o);
        let age = self.age;
        for e in &mut self.entries[i..i + 2] {
            if e.player == p && e.opponent == o {
                if let Some(m) = merge(Stored { lower: e.lower, upper: e.upper, best: e.best, depth: e.depth, exact: e.exact }, new) {
                    (e.lower, e.upper, e.best, e.depth, e.exact, e.age) = (m.lower, m.upper, m.best, m.depth, m.exact, age);
                }
                return;
            }
        }
        let (a, c) = (self.entries[i], self.entries[i + 1]);
        let slot = if keep_rank(a.age == age, a.depth) <= keep_rank(c.age == age, c.depth) { i } else { i + 1 };
        self.entries[slot] = Entry { player: p, opponent: o, lower, upper, best, depth, exact, age };
    }
}

/// What an entry holds besides its board and age.
#[derive(Clone, Copy)]
struct Stored {
    lower: i16,
    upper: i16,
    best: u8,
    depth: u8,
    exact: bool,
}

/// A new result `new` for a position the table holds as `old`: tightened bounds at the
/// same depth and kind, else the new result; `None` keeps `old` as it is (an exact
/// entry is never replaced by a midgame one). The best move stays when `new` has none.
#[inline(always)]
fn merge(old: Stored, new: Stored) -> Option<Stored> {
    if old.exact && !new.exact {
        return None;
    }
    let mut m = new;
    if old.depth == new.depth && old.exact == new.exact {
        m.lower = old.lower.max(new.lower);
        m.upper = old.upper.min(new.upper);
        if m.lower > m.upper {
            (m.lower, m.upper) = (new.lower, new.upper);
        }
    }
    if new.best == NO_MOVE {
        m.best = old.best;
    }
    Some(m)
}

/// Of a bucket's two entries, the one of lower rank is replaced: older, else shallower.
#[inline(always)]
fn keep_rank(this_search: bool, depth: u8) -> u32 {
    (this_search as u32) << 8 | depth as u32
}

/// The bounds a fail-soft `score` found within `(alpha, beta)` gives.
#[inline(always)]
fn bounds(alpha: i32, beta: i32, score: i32) -> (i16, i16) {
    if score <= alpha {
        (i16::MIN, score as i16)
    } else if score >= beta {
        (score as i16, i16::MAX)
    } else {
        (score as i16, score as i16)
    }
}

/// A table of 8×8 results that several threads read and write at once, without locks.
/// An entry is three words: the data (bounds, best move, depth, kind, age) and the two
/// halves of the board each stored xor'd with it, so that an entry half written by one
/// thread and half by another fails its check and reads as a miss (the lockless
/// hashing of Hyatt and Mann). The replacement rules are those of [`Table`].
pub struct SharedTable {
    words: Box<[AtomicU64]>,
    /// Entries less two: the first entry of a two-entry bucket.
    mask: usize,
    age: AtomicU8,
}

const WORDS: usize = 3;

impl SharedTable {
    /// A table using at most `bytes` (at least 1024 entries).
    pub fn new(bytes: usize) -> SharedTable {
        let want = (bytes / (WORDS * 8)).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        SharedTable { words: (0..n * WORDS).map(|_| AtomicU64::new(0)).collect(), mask: n - 2, age: AtomicU8::new(0) }
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Forgets everything; call it while no thread searches.
    pub fn clear(&self) {
        self.words.iter().for_each(|w| w.store(0, Relaxed));
        self.age.store(0, Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.age.store(self.age.load(Relaxed).wrapping_add(1) & 0x7f, Relaxed);
    }

    /// The first entry of the bucket of `(p, o)`.
    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        u64::hash_pair(p, o) as usize & self.mask
    }

    #[inline(always)]
    fn read(&self, k: usize) -> (u64, u64, u64) {
        let d = self.words[k * WORDS + 2].load(Relaxed);
        (self.words[k * WORDS].load(Relaxed) ^ d, self.words[k * WORDS + 1].load(Relaxed) ^ d, d)
    }

    #[inline(always)]
    fn write(&self, k: usize, p: u64, o: u64, d: u64) {
        self.words[k * WORDS].store(p ^ d, Relaxed);
        self.words[k * WORDS + 1].store(o ^ d, Relaxed);
        self.words[k * WORDS + 2].store(d, Relaxed);
    }

    /// The bounds, best move, depth and kind stored for `(p, o)`, if any.
    #[inline(always)]
    fn probe(&self, p: u64, o: u64) -> Option<Stored> {
        let i = self.bucket(p, o);
        for k in i..i + 2 {
            let (kp, ko, d) = self.read(k);
            if kp == p && ko == o && (p | o) != 0 {
                return Some(unpack(d).0);
            }
        }
        None
    }

    #[inline]
    fn store(&self, p: u64, o: u64, new: Stored) {
        let i = self.bucket(p, o);
        let age = self.age.load(Relaxed);
        for k in i..i + 2 {
            let (kp, ko, d) = self.read(k);
            if kp == p && ko == o && (p | o) != 0 {
                if let Some(m) = merge(unpack(d).0, new) {
                    self.write(k, p, o, pack(m, age));
                }
                return;
            }
        }
        let rank = |k: usize| {
            let (e, a) = unpack(self.read(k).2);
            keep_rank(a == age, e.depth)
        };
        let slot = if rank(i) <= rank(i + 1) { i } else { i + 1 };
        self.write(slot, p, o, pack(new, age));
    }
}

/// The positions other threads are searching now, for the threads that share one
/// table: a node searching its moves after the first passes over a child another
/// thread is in and comes back to it last, when the other thread's result is likely
/// in the shared table (the deferral of ABDADA, in the simplified form that keeps
/// the marks apart from the table). A slot holds one position's hash; two positions
/// on one slot only cost a deferral or a mark that is not there, never a wrong result.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

/// Slots of [`Busy`]: a few per node deep enough to mark its children.
const BUSY_SLOTS: usize = 1 << 15;

impl Default for Busy {
    fn default() -> Busy {
        Busy { slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }
}

impl Busy {
    /// The mark of the position hashed `h` (never 0, the free slot's).
    #[inline(always)]
    pub fn key(h: u64) -> u64 {
        h | 1
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 17) as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether a thread marked `key` and has not unmarked it.
    #[inline(always)]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks `key` as searched now.
    #[inline(always)]
    pub fn mark(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Removes the mark of `key`, unless another position took the slot since.
    #[inline(always)]
    pub fn unmark(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// An entry's data word: bounds, best move, depth, kind and age (7 bits).
#[inline(always)]
fn pack(e: Stored, age: u8) -> u64 {
    (e.lower as u16 as u64) | (e.upper as u16 as u64) << 16 | (e.best as u64) << 32 | (e.depth as u64) << 40 | (e.exact as u64) << 48 | ((age & 0x7f) as u64) << 49
}

#[inline(always)]
fn unpack(d: u64) -> (Stored, u8) {
    let e = Stored { lower: d as u16 as i16, upper: (d >> 16) as u16 as i16, best: (d >> 32) as u8, depth: (d >> 40) as u8, exact: (d >> 48) & 1 == 1 };
    (e, ((d >> 49) & 0x7f) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Rng;

    /// Results logged from one table ([`Table::share_from`]) and imported into another
    /// answer its probes as they answer the first's; shallower ones are not logged,
    /// imported ones are not logged again, and words that are not a position are
    /// skipped.
    #[test]
    fn logged_results_carry_to_another_table() {
        let mut a: Table<u64> = Table::new(1 << 16);
        a.share_from(Some(10));
        let deep = (0x0000_0018_1000_0000u64, 0x0000_0000_0810_0000u64);
        let shallow = (0x1u64, 0x2u64);
        a.store(deep, 12, true, -64, 64, 6, 19);
        a.store(deep, 12, true, -4, 2, 8, 20); // disagrees (at least 8): the newest stands
        a.store(shallow, 9, true, -64, 64, -2, 3);
        let words = a.take_shares();
        assert_eq!(words.len(), 6, "two deep stores logged, the shallow one not");
        assert!(a.take_shares().is_empty(), "taken once");
        let mut b: Table<u64> = Table::new(1 << 16);
        b.share_from(Some(0));
        let mut bad = words.clone();
        bad.extend([3, 1, words[2]]); // the two sides overlap: not a position
        b.import(&bad);
        assert!(b.take_shares().is_empty(), "imports are not logged again");
        let (ea, eb) = (a.probe(deep.0, deep.1).unwrap(), b.probe(deep.0, deep.1).unwrap());
        assert_eq!((eb.lower, eb.upper, eb.best, eb.depth, eb.exact), (ea.lower, ea.upper, ea.best, ea.depth, ea.exact));
        assert_eq!((eb.lower, eb.upper, eb.best), (8, i16::MAX, 20), "the newest of two disagreeing results, as the first table merged them");
        assert!(b.probe(shallow.0, shallow.1).is_none());
        assert!(b.probe(3, 1).is_none());
    }

    /// One thread alone: the shared table answers every probe as a table of its own
    /// with as many entries does, over a long random run of stores and probes (few
    /// positions, so that buckets collide, entries tighten and get replaced), searches
    /// started between.
    #[test]
    fn shared_table_alone_is_a_table() {
        let bytes = 1024 * 24;
        let shared = Arc::new(SharedTable::new(bytes));
        let mut own: Table<u64> = Table::new(bytes);
        let mut via: Table<u64> = Table::sharing(shared.clone());
        assert_eq!(via.bytes(), own.bytes(), "1024 entries of 24 bytes each");
        let mut rng = Rng::new(7);
        let keys: Vec<(u64, u64)> = (0..3000).map(|_| {
            let p = rng.next_u64();
            (p, rng.next_u64() & !p)
        }).collect();
        let (mut hits, mut probes) = (0, 0);
        for step in 0..200_000 {
            let (p, o) = keys[(rng.next_u64() % keys.len() as u64) as usize];
            if step % 20_000 == 0 {
                own.new_search();
                shared.new_search();
            }
            if rng.next_u64() % 3 == 0 {
                let depth = (rng.next_u64() % 6) as u8;
                let exact = rng.next_u64() % 5 == 0;
                let score = (rng.next_u64() % 41) as i32 - 20;
                let alpha = score - (rng.next_u64() % 3) as i32;
                let beta = alpha + 1 + (rng.next_u64() % 4) as i32;
                let best = if rng.next_u64() % 4 == 0 { NO_MOVE } else { (rng.next_u64() % 64) as u8 };
                own.store((p, o), depth, exact, alpha, beta, score, best);
                via.store((p, o), depth, exact, alpha, beta, score, best);
            } else {
                let (a, b) = (own.probe(p, o), via.probe(p, o));
                probes += 1;
                assert_eq!(a.is_some(), b.is_some(), "step {step}");
                if let (Some(a), Some(b)) = (a, b) {
                    hits += 1;
                    assert_eq!((a.lower, a.upper, a.best, a.depth, a.exact), (b.lower, b.upper, b.best, b.depth, b.exact), "step {step}");
                }
            }
        }
        assert!(hits > probes / 10 && hits < probes, "{hits} hits of {probes}: the run must both hit and miss");
        // Clearing the shared table is its owner's; the tables sharing it do not.
        via.clear();
        assert!((0..100).any(|i| via.probe(keys[i].0, keys[i].1).is_some()));
        shared.clear();
        assert!(keys.iter().all(|&(p, o)| via.probe(p, o).is_none()));
    }

    /// Threads writing the same few buckets at once: a probe finds only what was stored
    /// for that position (each entry's bounds and move are a function of its board
    /// here), never an entry torn between two writers.
    #[test]
    fn shared_table_is_never_torn() {
        let shared = Arc::new(SharedTable::new(0)); // 1024 entries
        let value = |p: u64, o: u64| ((p ^ o.rotate_left(7)) % 2000) as i32 - 1000;
        let keys: Vec<(u64, u64)> = {
            let mut rng = Rng::new(11);
            (0..4096).map(|_| {
                let p = rng.next_u64();
                (p, rng.next_u64() & !p)
            }).collect()
        };
        let keys = Arc::new(keys);
        let threads: Vec<_> = (0..4u64)
            .map(|t| {
                let (shared, keys) = (shared.clone(), keys.clone());
                std::thread::spawn(move || {
                    let mut table: Table<u64> = Table::sharing(shared);
                    let mut rng = Rng::new(100 + t);
                    let mut hits = 0u64;
                    for _ in 0..400_000 {
                        let (p, o) = keys[(rng.next_u64() % keys.len() as u64) as usize];
                        let v = value(p, o);
                        if rng.next_u64() >> 63 == 0 {
                            table.store((p, o), 3, false, v - 1, v + 1, v, (v & 63) as u8);
                        } else if let Some(e) = table.probe(p, o) {
                            hits += 1;
                            assert_eq!((e.lower as i32, e.upper as i32, e.best), (v, v, (v & 63) as u8));
                        }
                    }
                    hits
                })
            })
            .collect();
        let hits: u64 = threads.into_iter().map(|t| t.join().expect("no torn entry")).sum();
        assert!(hits > 10_000, "{hits} hits");
    }
}
