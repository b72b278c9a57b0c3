//! The patterns the learned evaluation reads: which squares each pattern shape covers
//! in each of its places, a position's index into the weights for every place
//! ([`feature_indices`]), the game stages, and [`PatternView`], a position's reading
//! kept so that the positions one move away are read from it. No weights here: they
//! and the evaluation made of them are [`super::patterns`].

use crate::board::{mirror_horizontal, moves_both, neighbours, transpose};
use std::sync::OnceLock;

/// Game stages: stage `s` holds positions with `5s + 1` to `5s + 5` empty squares.
pub const STAGES: usize = 12;

/// The stage of a position with `empties` empty squares.
pub fn stage(empties: u32) -> usize {
    ((empties.max(1) - 1) / 5).min(STAGES as u32 - 1) as usize
}

/// One pattern shape: its name, squares and the permutation of its squares that the
/// board symmetry fixing the shape's first place applies (for tying mirror images).
pub(crate) struct Shape {
    #[allow(dead_code)] // for reading the table
    name: &'static str,
    /// Squares read (3^squares configurations); 0 for a count feature.
    squares: u32,
    /// Configurations of a count feature (one weight per value); 0 for a pattern.
    values: u32,
    /// `mirror[i]`: which square of the shape digit `i` comes from in the mirror image.
    mirror: &'static [u8],
    /// How many places of the board it is read from.
    places: u32,
}

pub(crate) const SHAPES: [Shape; 16] = [
    Shape { name: "edge + 2X", squares: 10, values: 0, mirror: &[7, 6, 5, 4, 3, 2, 1, 0, 9, 8], places: 4 },
    Shape { name: "corner 3×3", squares: 9, values: 0, mirror: &[0, 3, 6, 1, 4, 7, 2, 5, 8], places: 4 },
    Shape { name: "corner 2×5", squares: 10, values: 0, mirror: &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], places: 8 },
    Shape { name: "row 2", squares: 8, values: 0, mirror: &[7, 6, 5, 4, 3, 2, 1, 0], places: 4 },
    Shape { name: "row 3", squares: 8, values: 0, mirror: &[7, 6, 5, 4, 3, 2, 1, 0], places: 4 },
    Shape { name: "row 4", squares: 8, values: 0, mirror: &[7, 6, 5, 4, 3, 2, 1, 0], places: 4 },
    Shape { name: "diagonal 8", squares: 8, values: 0, mirror: &[7, 6, 5, 4, 3, 2, 1, 0], places: 2 },
    Shape { name: "diagonal 7", squares: 7, values: 0, mirror: &[6, 5, 4, 3, 2, 1, 0], places: 4 },
    Shape { name: "diagonal 6", squares: 6, values: 0, mirror: &[5, 4, 3, 2, 1, 0], places: 4 },
    Shape { name: "diagonal 5", squares: 5, values: 0, mirror: &[4, 3, 2, 1, 0], places: 4 },
    Shape { name: "diagonal 4", squares: 4, values: 0, mirror: &[3, 2, 1, 0], places: 4 },
    // One constant weight per stage: the side to move's general advantage.
    Shape { name: "bias", squares: 0, values: 1, mirror: &[], places: 1 },
    // Counts the patterns see poorly, one weight per value: the difference in legal
    // moves, and in empty squares next to the other side's discs (room to move later).
    Shape { name: "mobility", squares: 0, values: 2 * COUNT_RANGE, mirror: &[], places: 1 },
    Shape { name: "potential mobility", squares: 0, values: 2 * COUNT_RANGE, mirror: &[], places: 1 },
    // Added after the counts, so that a weight file of the shapes above is a prefix of
    // each stage of this layout (`train fit --base` widens it with zeros). Read after
    // the other patterns and before the counts.
    // a1 b1 c1 d1, a2 b2 c2, a3 b3, a4: tied with its image across the diagonal.
    Shape { name: "corner triangle", squares: 10, values: 0, mirror: &[0, 4, 7, 9, 1, 5, 8, 2, 6, 3], places: 4 },
    // a1, c1 d1 e1 f1, h1, c2 d2 e2 f2: an edge's corners and the block between them.
    Shape { name: "edge block", squares: 10, values: 0, mirror: &[5, 4, 3, 2, 1, 0, 9, 8, 7, 6], places: 4 },
];

/// Whether shape `i` is a count feature (read by [`for_each_count`], after the patterns).
const fn is_count(i: usize) -> bool {
    SHAPES[i].values > 0
}

/// Count features are clamped to `-COUNT_RANGE..COUNT_RANGE`.
pub(crate) const COUNT_RANGE: u32 = 32;

pub(crate) const fn configurations(shape: &Shape) -> u32 {
    if shape.values > 0 {
        shape.values
    } else {
        pow3(shape.squares)
    }
}

pub(crate) const fn pow3(n: u32) -> u32 {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 3;
        i += 1;
    }
    r
}

pub(crate) const fn offsets() -> [u32; SHAPES.len() + 1] {
    let mut o = [0; SHAPES.len() + 1];
    let mut i = 0;
    while i < SHAPES.len() {
        o[i + 1] = o[i] + configurations(&SHAPES[i]);
        i += 1;
    }
    o
}

pub(crate) const OFFSETS: [u32; SHAPES.len() + 1] = offsets();

/// Weights per stage (every configuration of every shape, mirror images included).
pub const WEIGHTS_PER_STAGE: usize = OFFSETS[SHAPES.len()] as usize;

/// Pattern places read from one position (the bias counts as one).
pub const FEATURES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < SHAPES.len() {
        n += SHAPES[i].places as usize;
        i += 1;
    }
    n
};

/// `TERNARY[b]`: the base-3 number whose digits are the bits of `b`.
pub(crate) static TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut v = 0u32;
        let mut i = 0;
        while i < 10 {
            if b & (1 << i) != 0 {
                v += pow3(i);
            }
            i += 1;
        }
        t[b] = v as u16;
        b += 1;
    }
    t
};

/// The configuration of squares given as bit masks already gathered into the low
/// bits: digit 1 for the mover, 2 for the opponent, 0 for empty.
#[inline(always)]
pub(crate) fn ternary(p: u64, o: u64) -> u32 {
    TERNARY[p as usize] as u32 + 2 * TERNARY[o as usize] as u32
}

/// `DIAGONALS[len]`: the first `len` squares of the diagonal that starts on row 1 at
/// column `8 - len` and runs down to the right.
pub(crate) const DIAGONALS: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut len = 1;
    while len <= 8 {
        let mut r = 0;
        while r < len {
            masks[len] |= 1 << (9 * r + 8 - len);
            r += 1;
        }
        len += 1;
    }
    masks
};

/// Gathers the squares of `DIAGONALS[len]` into the low bits.
#[inline(always)]
pub(crate) fn diagonal(b: u64, len: u32) -> u64 {
    (b & DIAGONALS[len as usize]).wrapping_mul(0x0101_0101_0101_0101) >> (64 - len)
}

/// Squares a1..a(n) of row `row` gathered into the low bits.
#[inline(always)]
pub(crate) fn row_bits(b: u64, row: u32, n: u32) -> u64 {
    (b >> (8 * row)) & ((1 << n) - 1)
}

/// Edge plus its two X squares, read from row 1 with b2 and g2.
#[inline(always)]
pub(crate) fn edge_x(p: u64, o: u64) -> u32 {
    let x = |b: u64| (b & 0xff) | ((b >> 9) & 1) << 8 | ((b >> 14) & 1) << 9;
    ternary(x(p), x(o))
}

#[inline(always)]
pub(crate) fn corner9(p: u64, o: u64) -> u32 {
    let x = |b: u64| (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0);
    ternary(x(p), x(o))
}

#[inline(always)]
pub(crate) fn corner10(p: u64, o: u64) -> u32 {
    let x = |b: u64| (b & 0x1f) | ((b >> 3) & 0x3e0);
    ternary(x(p), x(o))
}

/// The corner triangle, read a1 b1 c1 d1, a2 b2 c2, a3 b3, a4.
#[inline(always)]
pub(crate) fn triangle(p: u64, o: u64) -> u32 {
    let x = |b: u64| (b & 0xf) | ((b >> 4) & 0x70) | ((b >> 9) & 0x180) | ((b >> 15) & 0x200);
    ternary(x(p), x(o))
}

/// The edge block of row 1, read a1, c1 d1 e1 f1, h1, c2 d2 e2 f2.
#[inline(always)]
pub(crate) fn edge_block(p: u64, o: u64) -> u32 {
    let x = |b: u64| (b & 1) | ((b >> 1) & 0x1e) | ((b >> 2) & 0x20) | ((b >> 4) & 0x3c0);
    ternary(x(p), x(o))
}

/// The flat indices (into one stage's weights) of every pattern place of `(p, o)`,
/// `p` being the side to move.
pub fn feature_indices(p: u64, o: u64) -> [u32; FEATURES] {
    let mut f = [0u32; FEATURES];
    let mut k = 0;
    for_each_feature(p, o, |i| {
        f[k] = i;
        k += 1;
    });
    f
}

/// Calls `put` with the flat index of every pattern place of `(p, o)`, in the order of
/// [`feature_indices`]; the evaluation sums weights as they come, without an array.
#[inline(always)]
pub(crate) fn for_each_feature(p: u64, o: u64, mut put_index: impl FnMut(u32)) {
    for_each_pattern(p, o, &mut put_index);
    for_each_count(p, o, &mut put_index);
}

/// Pattern places (the features read from squares; the count features follow them).
pub(crate) const PATTERN_PLACES: usize = FEATURES - 3;

/// Lanes of a [`PatternView`]: the pattern places, padded to whole words of four.
pub(crate) const LANES: usize = PATTERN_PLACES.div_ceil(4) * 4;

/// Words of a [`PatternView`]: four 16-bit lanes each.
const WORDS: usize = LANES / 4;

/// The bias and the count features of `(p, o)` (the last three of [`feature_indices`]).
#[inline(always)]
pub(crate) fn for_each_count(p: u64, o: u64, mut put_index: impl FnMut(u32)) {
    let mut put = |shape: usize, index: u32| put_index(OFFSETS[shape] + index);
    put(11, 0);
    let count = |d: i32| (d.clamp(-(COUNT_RANGE as i32), COUNT_RANGE as i32 - 1) + COUNT_RANGE as i32) as u32;
    let (mine, theirs) = moves_both(p, o);
    let mobility = mine.count_ones() as i32 - theirs.count_ones() as i32;
    put(12, count(mobility));
    let empty = !(p | o);
    let potential = (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32;
    put(13, count(potential));
}

/// The pattern places of a position read from one side (digit 1 for its discs, 2 for
/// the other side's): what the evaluation of the replies to a move starts from
/// ([`Evaluator::evaluate_replies`]), handed from a node to its children so that the
/// board is not read again.
///
/// Each place's configuration within its shape (below 3^10, so 16 bits) is a lane of
/// four in a 64-bit word, so that a square's change is twelve word additions rather
/// than one per place it lies in. No lane ever carries into the next: every step is
/// one square's digit changing between two real configurations, which lie in
/// `0..3^squares`. [`PatternView::index`] adds the shape's offset.
///
/// [`Evaluator::evaluate_replies`]: super::eval::Evaluator::evaluate_replies
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternView(pub(crate) [u64; WORDS]);

impl PatternView {
    /// The reading of `(p, o)` from `p`'s side.
    #[inline(always)]
    pub(crate) fn of(p: u64, o: u64) -> PatternView {
        let mut v = [0u64; WORDS];
        let mut k = 0;
        for_each_pattern(p, o, |i| {
            v[k / 4] |= ((i - PLACE_OFFSETS[k]) as u64) << (16 * (k % 4));
            k += 1;
        });
        PatternView(v)
    }

    /// The flat index (into one stage's weights) of pattern place `k`.
    #[inline(always)]
    #[cfg(test)]
    pub(crate) fn index(&self, k: usize) -> usize {
        PLACE_OFFSETS[k] as usize + (self.0[k / 4] >> (16 * (k % 4)) & 0xffff) as usize
    }

    /// The sum over every pattern place of its weight in `w` (one stage's weights),
    /// read word by word, each word's four lanes in turn.
    #[inline(always)]
    pub(crate) fn sum(&self, w: &[i16]) -> i32 {
        let mut sum = 0;
        for (j, &word) in self.0.iter().enumerate() {
            for lane in 0..4 {
                let k = 4 * j + lane;
                if k < PATTERN_PLACES {
                    sum += w[PLACE_OFFSETS[k] as usize + (word >> (16 * lane) & 0xffff) as usize] as i32;
                }
            }
        }
        sum
    }

    /// The same side's view after it played `x`, flipping `f`: the placed disc goes
    /// from 0 to 1, each flipped disc from 2 to 1.
    #[inline(always)]
    pub fn after_own_move(&self, x: u32, f: u64) -> PatternView {
        self.after(x, f, 1, u64::wrapping_sub)
    }

    /// The same side's view after the other side played `x`, flipping `f`: the
    /// placed disc goes from 0 to 2, each flipped disc from 1 to 2.
    #[inline(always)]
    pub(crate) fn after_their_move(&self, x: u32, f: u64) -> PatternView {
        self.after(x, f, 2, u64::wrapping_add)
    }

    /// The view after a move: `placed` steps for the placed disc's digit (first, so
    /// that every step is between real configurations), and one step (by `flip`, up
    /// or down) for each flipped disc's.
    #[inline(always)]
    fn after(&self, x: u32, f: u64, placed: u64, flip: impl Fn(u64, u64) -> u64) -> PatternView {
        let deltas = square_deltas();
        let mut idx = self.0;
        for (v, d) in idx.iter_mut().zip(&deltas[x as usize]) {
            *v = v.wrapping_add(d.wrapping_mul(placed));
        }
        let mut rest = f;
        while rest != 0 {
            for (v, &d) in idx.iter_mut().zip(&deltas[rest.trailing_zeros() as usize]) {
                *v = flip(*v, d);
            }
            rest &= rest - 1;
        }
        PatternView(idx)
    }
}

/// The flat index of each pattern place for the empty board: its shape's offset
/// ([`for_each_pattern`] reads the places shape by shape, in the order of [`SHAPES`];
/// a test checks it against that reading).
const PLACE_OFFSETS: [u32; PATTERN_PLACES] = {
    let mut t = [0u32; PATTERN_PLACES];
    let (mut k, mut shape) = (0, 0);
    while k < PATTERN_PLACES {
        if is_count(shape) {
            shape += 1;
            continue;
        }
        let mut place = 0;
        while place < SHAPES[shape].places {
            t[k] = OFFSETS[shape];
            k += 1;
            place += 1;
        }
        shape += 1;
    }
    t
};

/// Per square, the step of every lane's configuration: see [`square_deltas`].
type SquareDeltas = [[u64; WORDS]; 64];

/// For each square, how much each pattern place's configuration grows when the
/// square goes from empty to a disc of the first side (digit 1; its double is digit
/// 2), in the lanes of a [`PatternView`]: zero for the places it is not in, and for the
/// padding lanes. Read from [`for_each_pattern`] itself, so that the two can never
/// disagree.
pub(crate) fn square_deltas() -> &'static SquareDeltas {
    static TABLE: OnceLock<Box<SquareDeltas>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u64; WORDS]; 64]);
        for (s, row) in t.iter_mut().enumerate() {
            *row = PatternView::of(1 << s, 0).0;
        }
        t
    })
}

/// Every pattern place of `(p, o)`, `p` being the side to move.
#[inline(always)]
pub(crate) fn for_each_pattern(p: u64, o: u64, mut put_index: impl FnMut(u32)) {
    // The board in the orientations that bring each corner to a1, and their transposes.
    let (pv, ov) = (p.swap_bytes(), o.swap_bytes());
    let (pm, om) = (mirror_horizontal(p), mirror_horizontal(o));
    let (pr, or) = (p.reverse_bits(), o.reverse_bits());
    let (pt, ot) = (transpose(p), transpose(o));
    let (ptv, otv) = (transpose(pv), transpose(ov));
    let (ptm, otm) = (transpose(pm), transpose(om));
    let (ptr, otr) = (transpose(pr), transpose(or));
    let corners = [(p, o), (pv, ov), (pm, om), (pr, or)];
    let mut put = |shape: usize, index: u32| put_index(OFFSETS[shape] + index);
    // Edges: rows 1 and 8, columns a and h.
    let edges = [(p, o), (pv, ov), (pt, ot), (ptm, otm)];
    for (a, b) in edges {
        put(0, edge_x(a, b));
    }
    for (a, b) in corners {
        put(1, corner9(a, b));
    }
    for (a, b) in corners.into_iter().chain([(pt, ot), (ptv, otv), (ptm, otm), (ptr, otr)]) {
        put(2, corner10(a, b));
    }
    for (shape, row) in [(3, 1), (4, 2), (5, 3)] {
        for (a, b) in [(p, o), (pt, ot)] {
            put(shape, ternary(row_bits(a, row, 8), row_bits(b, row, 8)));
            put(shape, ternary(row_bits(a, 7 - row, 8), row_bits(b, 7 - row, 8)));
        }
    }
    for (a, b) in [(p, o), (pm, om)] {
        put(6, ternary(diagonal(a, 8), diagonal(b, 8)));
    }
    for (shape, len) in [(7, 7), (8, 6), (9, 5), (10, 4)] {
        for (a, b) in corners {
            put(shape, ternary(diagonal(a, len), diagonal(b, len)));
        }
    }
    for (a, b) in corners {
        put(14, triangle(a, b));
    }
    for (a, b) in edges {
        put(15, edge_block(a, b));
    }
}

/// For every configuration index of one stage, the index of the configuration that
/// shares its weight (itself or its mirror image, whichever is smaller).
pub fn canonical_indices() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Vec::with_capacity(WEIGHTS_PER_STAGE);
        for shape in &SHAPES {
            let n = shape.squares;
            for index in 0..configurations(shape) {
                let digit = |i: u32| (index / pow3(i)) % 3;
                let mirrored: u32 = if shape.values > 0 {
                    index
                } else {
                    (0..n).map(|i| digit(shape.mirror[i as usize] as u32) * pow3(i)).sum()
                };
                t.push(t.len() as u32 - index + index.min(mirrored));
            }
        }
        t
    })
}
