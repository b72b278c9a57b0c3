//! The unchecked, side-relative board used by the search.
//!
//! A [`Board`] holds the discs of the player to move and of the opponent; it knows
//! nothing of colours, history or supplies. Playing a move swaps the two sides, so
//! the search never branches on colour. Nothing here allocates.

use crate::bitboard::{Bitboard, Square};

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions as (row step, column step). The first four point to higher
/// square indices, the last four to lower ones.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)];

/// `RAYS[sq][d]`: the squares strictly beyond `sq` in direction `d`, up to the edge.
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = DIRECTIONS[d];
            let mut r = (sq / 8) as i8 + dr;
            let mut c = (sq % 8) as i8 + dc;
            let mut ray = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                ray |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The discs that a disc of `p` placed on `sq` flips, with opponent discs `o`.
/// `sq` must be empty; the result is empty when the move is illegal.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: Square) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        flips_simd128(p, o, sq)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        flips_scalar(p, o, sq)
    }
}

/// [`flips`] one ray at a time; the reference for the vector version.
#[inline(always)]
pub fn flips_scalar(p: u64, o: u64, sq: Square) -> u64 {
    let rays = &RAYS[sq.index()];
    let mut flipped = 0u64;
    // Rays towards higher indices: the nearest non-opponent square is the lowest bit.
    for &ray in &rays[..4] {
        let stop = ray & !o;
        let nearest = stop & stop.wrapping_neg();
        let anchor = nearest & p;
        flipped |= anchor.wrapping_sub((anchor != 0) as u64) & ray;
    }
    // Rays towards lower indices: the nearest non-opponent square is the highest bit.
    for &ray in &rays[4..] {
        let stop = ray & !o;
        let nearest = (1u64 << (63 - (stop | 1).leading_zeros())) & stop;
        let anchor = nearest & p;
        // Bits above the anchor; none when there is no anchor. The anchor is below
        // `sq`, so the shift cannot overflow.
        flipped |= !((anchor << 1).wrapping_sub(1)) & ray;
    }
    flipped
}

/// [`flips`] with WebAssembly's 128-bit vectors: two rays per vector. The nearest
/// square of a downward ray is found by smearing bits down instead of counting
/// leading zeros, which has no vector form.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub fn flips_simd128(p: u64, o: u64, sq: Square) -> u64 {
    use core::arch::wasm32::*;
    let rays = &RAYS[sq.index()];
    let vp = u64x2_splat(p);
    let not_o = u64x2_splat(!o);
    let zero = u64x2_splat(0);
    let ray = |i: usize| u64x2(rays[i], rays[i + 1]);
    let mut acc = zero;
    for i in [0, 2] {
        let r = ray(i);
        let stop = v128_and(r, not_o);
        let nearest = v128_and(stop, i64x2_neg(stop));
        let anchor = v128_and(nearest, vp);
        // anchor - 1 where there is an anchor: adding the all-ones mask subtracts one.
        let has = v128_not(i64x2_eq(anchor, zero));
        acc = v128_or(acc, v128_and(i64x2_add(anchor, has), r));
    }
    for i in [4, 6] {
        let r = ray(i);
        let stop = v128_and(r, not_o);
        let mut y = v128_or(stop, u64x2_shr(stop, 1));
        y = v128_or(y, u64x2_shr(y, 2));
        y = v128_or(y, u64x2_shr(y, 4));
        y = v128_or(y, u64x2_shr(y, 8));
        y = v128_or(y, u64x2_shr(y, 16));
        y = v128_or(y, u64x2_shr(y, 32));
        let nearest = v128_andnot(y, u64x2_shr(y, 1));
        let has = v128_not(i64x2_eq(v128_and(nearest, vp), zero));
        acc = v128_or(acc, v128_and(v128_andnot(r, y), has));
    }
    u64x2_extract_lane::<0>(acc) | u64x2_extract_lane::<1>(acc)
}

/// `LAST_FLIPS[i][line]`: the discs flipped by a disc placed at `i` of an 8-cell line
/// whose other cells hold the mover's discs where `line` has a bit and the opponent's
/// everywhere else (the board is full but for the square played).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards the higher cells, then the lower: the opponent's run counts when
            // a disc of the mover ends it.
            let mut j = i + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                count += j - i - 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && line & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += i - j as usize - 1;
            }
            t[i][line] = count as u8;
            line += 1;
        }
        i += 1;
    }
    t
};

/// `DIAGONALS[sq]`: the two diagonals through `sq` (the one down to the right, then the
/// one down to the left), `sq` included.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut d = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut other = 0;
        while other < 64 {
            let (r, c, r2, c2) = ((sq / 8) as i32, (sq % 8) as i32, (other / 8) as i32, (other % 8) as i32);
            if r2 - c2 == r - c {
                d[sq][0] |= 1 << other;
            }
            if r2 + c2 == r + c {
                d[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    d
};

/// The number of discs a disc of `p` placed on `sq` flips when every other square
/// holds a disc (the opponent's where `p` has none): the last move of a game, counted
/// without playing it. Each of the four lines through `sq` is gathered into a byte
/// and looked up, which is cheaper than [`flips`] in eight directions.
#[inline(always)]
pub fn last_flip_count(p: u64, sq: Square) -> u32 {
    const COLUMN: u64 = 0x0101_0101_0101_0101;
    let x = sq.index();
    let (row, col) = (x >> 3, x & 7);
    let in_row = (p >> (row * 8)) as u8 as usize;
    // The column's disc of row r (bit 8r) lands on bit 56 + r: no two products meet.
    let in_col = (((p >> col) & COLUMN).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    // A diagonal has one square in each column: summing its rows gathers them.
    let [down, up] = DIAGONALS[x];
    let in_down = ((p & down).wrapping_mul(COLUMN) >> 56) as usize;
    let in_up = ((p & up).wrapping_mul(COLUMN) >> 56) as usize;
    (LAST_FLIPS[col][in_row] + LAST_FLIPS[row][in_col] + LAST_FLIPS[col][in_down] + LAST_FLIPS[col][in_up]) as u32
}

/// The squares where a disc of `p` would outflank discs of `o`.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        moves_avx2(p, o)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        moves_scalar(p, o)
    }
}

/// [`moves`] one direction at a time; the reference for the vector versions.
#[inline(always)]
pub fn moves_scalar(p: u64, o: u64) -> u64 {
    #[inline(always)]
    fn dir(p: u64, o: u64, shift: u32) -> u64 {
        // Kogge–Stone fill in both senses of one axis, with doubling for the middle steps.
        let mut l = o & (p << shift);
        let mut r = o & (p >> shift);
        l |= o & (l << shift);
        r |= o & (r >> shift);
        let ol = o & (o << shift);
        let or = o & (o >> shift);
        l |= ol & (l << (2 * shift));
        r |= or & (r >> (2 * shift));
        l |= ol & (l << (2 * shift));
        r |= or & (r >> (2 * shift));
        (l << shift) | (r >> shift)
    }
    let inner = o & 0x7e7e_7e7e_7e7e_7e7e;
    let m = dir(p, inner, 1) | dir(p, o, 8) | dir(p, inner, 7) | dir(p, inner, 9);
    m & !(p | o)
}

/// [`moves`] with AVX2: the four axes are the four lanes of one vector, each shifted
/// by its own count (what x86-64-v3, the native build's target, guarantees).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
pub fn moves_avx2(p: u64, o: u64) -> u64 {
    use core::arch::x86_64::*;
    // SAFETY: AVX2 is enabled for this build (the cfg above); nothing touches memory.
    unsafe {
        let shift = _mm256_set_epi64x(9, 7, 8, 1);
        let shift2 = _mm256_add_epi64(shift, shift);
        let vp = _mm256_set1_epi64x(p as i64);
        let inner = (o & 0x7e7e_7e7e_7e7e_7e7e) as i64;
        // The horizontal and diagonal axes may not wrap around a row's ends.
        let vo = _mm256_set_epi64x(inner, inner, o as i64, inner);
        let mut l = _mm256_and_si256(vo, _mm256_sllv_epi64(vp, shift));
        let mut r = _mm256_and_si256(vo, _mm256_srlv_epi64(vp, shift));
        l = _mm256_or_si256(l, _mm256_and_si256(vo, _mm256_sllv_epi64(l, shift)));
        r = _mm256_or_si256(r, _mm256_and_si256(vo, _mm256_srlv_epi64(r, shift)));
        let ol = _mm256_and_si256(vo, _mm256_sllv_epi64(vo, shift));
        let or = _mm256_and_si256(vo, _mm256_srlv_epi64(vo, shift));
        l = _mm256_or_si256(l, _mm256_and_si256(ol, _mm256_sllv_epi64(l, shift2)));
        r = _mm256_or_si256(r, _mm256_and_si256(or, _mm256_srlv_epi64(r, shift2)));
        l = _mm256_or_si256(l, _mm256_and_si256(ol, _mm256_sllv_epi64(l, shift2)));
        r = _mm256_or_si256(r, _mm256_and_si256(or, _mm256_srlv_epi64(r, shift2)));
        let m = _mm256_or_si256(_mm256_sllv_epi64(l, shift), _mm256_srlv_epi64(r, shift));
        let m = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
        let m = (_mm_cvtsi128_si64(m) | _mm_extract_epi64::<1>(m)) as u64;
        m & !(p | o)
    }
}

/// `(moves(p, o), moves(o, p))`: both sides' moves at once, as the evaluation's
/// mobility count needs them. In WebAssembly the two are the lanes of one vector; the
/// shifts of a direction are the same for both sides.
#[inline(always)]
pub fn moves_both(p: u64, o: u64) -> (u64, u64) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        moves_both_simd128(p, o)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        (moves(p, o), moves(o, p))
    }
}

/// [`moves_both`] with WebAssembly's 128-bit vectors: [`moves`]'s fill, one side a lane.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub fn moves_both_simd128(p: u64, o: u64) -> (u64, u64) {
    use core::arch::wasm32::*;
    #[inline(always)]
    fn dir(p: v128, o: v128, shift: u32) -> v128 {
        let (shl, shr) = (|v: v128, n: u32| i64x2_shl(v, n), |v: v128, n: u32| u64x2_shr(v, n));
        let mut l = v128_and(o, shl(p, shift));
        let mut r = v128_and(o, shr(p, shift));
        l = v128_or(l, v128_and(o, shl(l, shift)));
        r = v128_or(r, v128_and(o, shr(r, shift)));
        let ol = v128_and(o, shl(o, shift));
        let or = v128_and(o, shr(o, shift));
        l = v128_or(l, v128_and(ol, shl(l, 2 * shift)));
        r = v128_or(r, v128_and(or, shr(r, 2 * shift)));
        l = v128_or(l, v128_and(ol, shl(l, 2 * shift)));
        r = v128_or(r, v128_and(or, shr(r, 2 * shift)));
        v128_or(shl(l, shift), shr(r, shift))
    }
    let (vp, vo) = (u64x2(p, o), u64x2(o, p));
    let inner = v128_and(vo, u64x2_splat(0x7e7e_7e7e_7e7e_7e7e));
    let m = v128_or(v128_or(dir(vp, inner, 1), dir(vp, vo, 8)), v128_or(dir(vp, inner, 7), dir(vp, inner, 9)));
    let m = v128_andnot(m, v128_or(vp, vo));
    (u64x2_extract_lane::<0>(m), u64x2_extract_lane::<1>(m))
}

/// The squares next to any of `b` (in all eight directions).
#[inline(always)]
pub fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// A position seen from the player to move: `player`'s discs and `opponent`'s discs.
///
/// This is the fast, unchecked level for search code: it does not know whose colour is
/// to move, and [`Board::play_unchecked`] trusts its caller. The checked, colour-aware
/// level is [`crate::Game`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// Discs of the player to move.
    pub player: Bitboard,
    /// Discs of the other player.
    pub opponent: Bitboard,
}

impl Board {
    /// The standard Othello start, from Black's side (Black moves first): White on
    /// d4 and e5, Black on e4 and d5.
    pub const START: Board = Board {
        player: Bitboard((1 << 28) | (1 << 35)),
        opponent: Bitboard((1 << 27) | (1 << 36)),
    };

    /// A board from two bitboards. They must not overlap.
    ///
    /// # Panics
    /// Panics in debug builds if `player` and `opponent` share a square.
    pub fn new(player: Bitboard, opponent: Bitboard) -> Board {
        debug_assert!((player & opponent).is_empty());
        Board { player, opponent }
    }

    /// The empty squares.
    #[inline(always)]
    pub fn empty(self) -> Bitboard {
        !(self.player | self.opponent)
    }

    /// Legal moves of the player to move.
    ///
    /// ```
    /// use reversi::Board;
    /// let names: Vec<String> = Board::START.moves().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    /// ```
    #[inline(always)]
    pub fn moves(self) -> Bitboard {
        Bitboard(moves(self.player.0, self.opponent.0))
    }

    /// Whether the player to move has any legal move.
    #[inline(always)]
    pub fn can_move(self) -> bool {
        moves(self.player.0, self.opponent.0) != 0
    }

    /// The discs a move on `sq` would flip; empty when the move is illegal.
    /// `sq` must be empty.
    #[inline(always)]
    pub fn flips(self, sq: Square) -> Bitboard {
        Bitboard(flips(self.player.0, self.opponent.0, sq))
    }

    /// The position after the player to move places on `sq` and flips `flipped`,
    /// seen from the opponent, who moves next. No check is made.
    #[inline(always)]
    pub fn play_unchecked(self, sq: Square, flipped: Bitboard) -> Board {
        Board {
            player: Bitboard(self.opponent.0 ^ flipped.0),
            opponent: Bitboard(self.player.0 ^ flipped.0 ^ sq.bit().0),
        }
    }

    /// Plays `sq` if it is legal and returns the new board with the flipped discs.
    pub fn try_play(self, sq: Square) -> Option<(Board, Bitboard)> {
        if !self.empty().contains(sq) {
            return None;
        }
        let f = self.flips(sq);
        if f.is_empty() {
            None
        } else {
            Some((self.play_unchecked(sq, f), f))
        }
    }

    /// The same position with the other player to move.
    #[inline(always)]
    pub fn pass(self) -> Board {
        Board { player: self.opponent, opponent: self.player }
    }

    /// Whether neither side can move.
    #[inline(always)]
    pub fn is_game_over(self) -> bool {
        !self.can_move() && !self.pass().can_move()
    }

    /// The final disc margin for the player to move with the empty squares given to
    /// the winner, as the official score counts them.
    #[inline(always)]
    pub fn final_score(self) -> i32 {
        let p = self.player.count() as i32;
        let o = self.opponent.count() as i32;
        let e = 64 - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + e,
            std::cmp::Ordering::Less => p - o - e,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The image of the board under one of the square's eight symmetries, picked by
    /// `k` in `0..8` (see [`transform`]).
    pub fn symmetry(self, k: u8) -> Board {
        Board {
            player: Bitboard(transform(self.player.0, k)),
            opponent: Bitboard(transform(self.opponent.0, k)),
        }
    }
}

/// Applies symmetry `k` (`0..8`) of the square to a bitboard: bit 0 flips vertically,
/// bit 1 mirrors horizontally, bit 2 transposes.
pub fn transform(mut b: u64, k: u8) -> u64 {
    if k & 1 != 0 {
        b = b.swap_bytes();
    }
    if k & 2 != 0 {
        b = mirror_horizontal(b);
    }
    if k & 4 != 0 {
        b = transpose(b);
    }
    b
}

/// Mirrors a bitboard left to right (column a ↔ h).
pub fn mirror_horizontal(mut b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    b = ((b >> 1) & K1) | ((b & K1) << 1);
    b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Reflects a bitboard in the a1–h8 diagonal.
pub fn transpose(mut b: u64) -> u64 {
    let mut t = (b ^ (b >> 7)) & 0x00aa_00aa_00aa_00aa;
    b ^= t ^ (t << 7);
    t = (b ^ (b >> 14)) & 0x0000_cccc_0000_cccc;
    b ^= t ^ (t << 14);
    t = (b ^ (b >> 28)) & 0x0000_0000_f0f0_f0f0;
    b ^ t ^ (t << 28)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A plain walk along each direction, for comparison.
    fn slow_flips(p: u64, o: u64, s: Square) -> u64 {
        let mut all = 0;
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = (s.row() as i8 + dr, s.column() as i8 + dc);
            let mut line = 0;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let bit = 1u64 << (r * 8 + c);
                if o & bit != 0 {
                    line |= bit;
                } else {
                    if p & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    /// The next of a xorshift sequence: random boards, the same every run.
    fn next_random(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn flips_and_moves_agree_with_a_plain_walk() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20000 {
            let a = next_random(&mut x);
            next_random(&mut x);
            let p = a & x;
            let o = !a & (x.rotate_left(17)) & !p;
            let mut expected_moves = 0;
            for s in Square::all() {
                if (p | o) & s.bit().0 != 0 {
                    continue;
                }
                let f = slow_flips(p, o, s);
                assert_eq!(flips(p, o, s), f, "p={p:#x} o={o:#x} sq={s}");
                if f != 0 {
                    expected_moves |= s.bit().0;
                }
            }
            assert_eq!(moves(p, o), expected_moves, "p={p:#x} o={o:#x}");
            assert_eq!(moves_scalar(p, o), expected_moves, "p={p:#x} o={o:#x}");
            assert_eq!(moves_both(p, o), (moves(p, o), moves(o, p)), "p={p:#x} o={o:#x}");
        }
    }

    #[test]
    fn last_flip_count_agrees_with_a_plain_walk_on_full_boards() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20000 {
            next_random(&mut x);
            for s in Square::all() {
                // Every square but `s` full: the mover's where x has a bit.
                let p = x & !s.bit().0;
                let o = !p & !s.bit().0;
                assert_eq!(last_flip_count(p, s), slow_flips(p, o, s).count_ones(), "p={p:#x} sq={s}");
                assert_eq!(last_flip_count(o, s), slow_flips(o, p, s).count_ones(), "o={o:#x} sq={s}");
            }
        }
    }

    #[test]
    fn start_moves_and_flips() {
        let b = Board::START;
        assert_eq!(b.flips(sq("f5")), sq("e5").bit());
        let (after, _) = b.try_play(sq("f5")).unwrap();
        let names: Vec<String> = after.moves().map(|s| s.to_string()).collect();
        assert_eq!(names, ["f4", "d6", "f6"]);
        assert!(b.try_play(sq("a1")).is_none());
        assert!(b.try_play(sq("d4")).is_none());
    }

    #[test]
    fn symmetries_preserve_move_counts() {
        let (b, _) = Board::START.try_play(sq("f5")).unwrap();
        let (b, _) = b.try_play(sq("f6")).unwrap();
        for k in 0..8 {
            let t = b.symmetry(k);
            assert_eq!(t.moves().count(), b.moves().count());
            assert_eq!(t.player.count(), b.player.count());
        }
        assert_eq!(transpose(transpose(0x1234_5678_9abc_def0)), 0x1234_5678_9abc_def0);
        assert_eq!(mirror_horizontal(1), 0x80);
    }
}
