//! What the search needs to know about a board, so that one search serves every board.
//!
//! A [`Shape`] gives the rules on side-relative disc masks of some width ([`Bits`]: a
//! `u64` for the 8×8 board, a `u128` for the variants): where a side may move, what a
//! move flips, the neighbours and stable discs of a set, the regions whose parity
//! orders the endgame, the corner-like cells. The 8×8 tournament board is [`Othello`],
//! a type without data whose methods are the tuned bitboard routines of
//! [`crate::board`], so the search compiled for it is the one written for it; the
//! variants are [`crate::variant::shape::VariantBoard`], whose geometry is a value.

use std::fmt::Debug;
use std::hash::Hash;
use std::mem::MaybeUninit;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use crate::bitboard::{Bitboard, Square};
use crate::board::{self, Board};

/// A set of cells, one bit a cell.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No cell.
    const ZERO: Self;
    /// Room for one value per cell: the move lists of a node.
    type PerCell<T: Copy>: Copy + AsRef<[T]> + AsMut<[T]>;

    /// Storage for a value per cell, not yet written.
    fn per_cell<T: Copy>() -> Self::PerCell<MaybeUninit<T>>;
    /// Zeroed storage for a value per cell.
    fn per_cell_zeroed() -> Self::PerCell<i32>;
    /// The set of cell `x` alone.
    fn bit(x: u8) -> Self;
    /// How many cells.
    fn count(self) -> u32;
    /// The lowest cell (the width of the mask when empty).
    fn first(self) -> u8;
    /// Without the lowest cell.
    fn without_first(self) -> Self;
    /// Whether there is no cell.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// Whether cell `x` is in the set.
    #[inline(always)]
    fn has(self, x: u8) -> bool {
        self & Self::bit(x) != Self::ZERO
    }
    /// A well-mixed 64-bit hash of a pair of sets.
    fn hash_pair(p: Self, o: Self) -> u64;
    /// The cells below 64 (all of them on the 8×8 board, the only one whose learned
    /// evaluation reads patterns).
    fn low64(self) -> u64;
    /// Every cell moved by `s` (towards higher cells when positive).
    fn shift(self, s: i32) -> Self;
    /// The lowest cell alone (none when empty).
    fn lowest(self) -> Self;
    /// The highest cell alone (none when empty).
    fn highest(self) -> Self;
    /// The cells below the lowest cell (all when empty).
    fn below_lowest(self) -> Self;
    /// The set from a 128-bit mask, cells beyond the width dropped.
    fn from_u128(x: u128) -> Self;
    /// The set as a 128-bit mask.
    fn to_u128(self) -> u128;
}

/// The methods every width shares; `hash_pair` and `low64` are given per width.
macro_rules! bits {
    ($t:ty, $n:literal, $hash:item, $low:item) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            type PerCell<T: Copy> = [T; $n];

            #[inline(always)]
            fn per_cell<T: Copy>() -> [MaybeUninit<T>; $n] {
                [MaybeUninit::uninit(); $n]
            }
            #[inline(always)]
            fn per_cell_zeroed() -> [i32; $n] {
                [0; $n]
            }
            #[inline(always)]
            fn bit(x: u8) -> $t {
                1 << x
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn first(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline(always)]
            fn without_first(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            $hash
            #[inline(always)]
            $low
            #[inline(always)]
            fn shift(self, s: i32) -> $t {
                if s > 0 {
                    self << s
                } else {
                    self >> -s
                }
            }
            #[inline(always)]
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn highest(self) -> $t {
                ((1 as $t) << ($n - 1 - (self | 1).leading_zeros())) & self
            }
            #[inline(always)]
            fn below_lowest(self) -> $t {
                !self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> $t {
                x as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}

bits!(
    u64,
    64,
    fn hash_pair(p: u64, o: u64) -> u64 {
        let mut h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^= h >> 31;
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 29)
    },
    fn low64(self) -> u64 {
        self
    }
);

bits!(
    u128,
    128,
    fn hash_pair(p: u128, o: u128) -> u64 {
        let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64).rotate_left(17).wrapping_mul(0xff51_afd7_ed55_8ccd);
        u64::hash_pair(fold(p), fold(o))
    },
    fn low64(self) -> u64 {
        self as u64
    }
);

/// A board: its cells and rules, on side-relative masks `(p, o)` (the side to move's
/// discs, then the other side's).
pub trait Shape: Copy + Send + Sync + 'static {
    /// The width of the masks.
    type B: Bits;
    /// How the public API names a cell.
    type Cell: Copy + Eq + Debug + 'static;
    /// How the public API gives a position (side to move first).
    type Board: Copy + Debug;

    /// The position as masks.
    fn sides(b: Self::Board) -> (Self::B, Self::B);
    /// Masks as a position.
    fn board(&self, p: Self::B, o: Self::B) -> Self::Board;
    /// Cell index `x` as the API names it.
    fn cell(x: u8) -> Self::Cell;
    /// The index of a cell.
    fn index(c: Self::Cell) -> u8;

    /// The playable cells.
    fn cells(&self) -> Self::B;
    /// Their number: the largest final margin.
    fn cell_count(&self) -> i32;
    /// Where `p` may move against `o`.
    fn moves(&self, p: Self::B, o: Self::B) -> Self::B;
    /// The discs of `o` that `p` flips by playing on the empty cell `x` (none when it
    /// is not a move).
    fn flips(&self, p: Self::B, o: Self::B, x: u8) -> Self::B;
    /// How many discs `p` flips by playing `x`, the last empty cell (`o` holds every
    /// other cell).
    #[inline(always)]
    fn last_flip_count(&self, p: Self::B, o: Self::B, x: u8) -> u32 {
        self.flips(p, o, x).count()
    }
    /// The position after `p` plays `x` flipping `f`, seen from the other side.
    #[inline(always)]
    fn play(&self, p: Self::B, o: Self::B, x: u8, f: Self::B) -> (Self::B, Self::B) {
        (o ^ f, p ^ f ^ Self::B::bit(x))
    }
    /// The empty cells.
    #[inline(always)]
    fn empty(&self, p: Self::B, o: Self::B) -> Self::B {
        self.cells() & !(p | o)
    }
    /// The cells next to any of `b`.
    fn neighbours(&self, b: Self::B) -> Self::B;
    /// A lower bound on the discs of `p` that can never flip.
    fn stable(&self, p: Self::B, o: Self::B) -> Self::B;
    /// The cells of the board's regions (quadrants) that hold an odd number of `empty`.
    fn odd_regions(&self, empty: Self::B) -> Self::B;
    /// The cells no line passes through (corners).
    fn corners(&self) -> Self::B;
    /// The cells next to a corner (X and C squares).
    fn next_to_corners(&self) -> Self::B;
    /// A small ordering bonus of cell `x`: corners up, X squares down.
    fn corner_bonus(&self, x: u8) -> i32;
    /// The final margin of `p` when neither side moves, empties to the winner. Only
    /// the board's cells count (a mask may carry more, such as a supply).
    #[inline(always)]
    fn final_score(&self, p: Self::B, o: Self::B) -> i32 {
        let cells = self.cells();
        let (pc, oc) = ((p & cells).count() as i32, (o & cells).count() as i32);
        let e = self.cell_count() - pc - oc;
        match pc.cmp(&oc) {
            std::cmp::Ordering::Greater => pc - oc + e,
            std::cmp::Ordering::Less => pc - oc - e,
            std::cmp::Ordering::Equal => 0,
        }
    }
    /// Whether the last empties may be solved by the fixed-order small solver: every
    /// empty cell can only be filled by a flipping move (no free placement, no supply
    /// running out).
    fn plain_end(&self) -> bool;
    /// Empties above which the endgame solver orders moves by the best reply's
    /// evaluation (a search one ply deep) rather than by the evaluation of the position
    /// after the move: worth its cost where the evaluation is rough. Never by default.
    #[inline(always)]
    fn sort_by_replies_empties(&self) -> u32 {
        u32::MAX
    }
    /// Whether the Multi-ProbCut fits ([`crate::search::mpc`]) were measured on this
    /// board.
    fn has_mpc_fits(&self) -> bool;
    /// The book's candidate moves in `b` (none but on the 8×8 board).
    fn book_moves(&self, _b: Self::Board) -> Vec<Self::Cell> {
        vec![]
    }
}

/// The 8×8 tournament board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Othello;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The X and C squares: next to a corner.
const NEXT_TO_CORNERS: u64 = 0x42c3_0000_0000_c342;
/// The four 4×4 quadrants of the board.
pub const QUADRANT: [u64; 4] = [0x0000_0000_0f0f_0f0f, 0x0000_0000_f0f0_f0f0, 0x0f0f_0f0f_0000_0000, 0xf0f0_f0f0_0000_0000];

/// A small bonus for corners, and a malus for X squares, to break ties in ordering.
const CORNER_BONUS: [i32; 64] = {
    let mut t = [0i32; 64];
    let corners = [0, 7, 56, 63];
    let xs = [9, 14, 49, 54];
    let mut i = 0;
    while i < 4 {
        t[corners[i]] = 24;
        t[xs[i]] = -12;
        i += 1;
    }
    t
};

impl Shape for Othello {
    type B = u64;
    type Cell = Square;
    type Board = Board;

    #[inline(always)]
    fn sides(b: Board) -> (u64, u64) {
        (b.player.0, b.opponent.0)
    }
    #[inline(always)]
    fn board(&self, p: u64, o: u64) -> Board {
        Board::new(Bitboard(p), Bitboard(o))
    }
    #[inline(always)]
    fn cell(x: u8) -> Square {
        Square::new(x).expect("bit index < 64")
    }
    #[inline(always)]
    fn index(c: Square) -> u8 {
        c.index() as u8
    }
    #[inline(always)]
    fn cells(&self) -> u64 {
        !0
    }
    #[inline(always)]
    fn cell_count(&self) -> i32 {
        64
    }
    #[inline(always)]
    fn moves(&self, p: u64, o: u64) -> u64 {
        board::moves(p, o)
    }
    #[inline(always)]
    fn flips(&self, p: u64, o: u64, x: u8) -> u64 {
        board::flips(p, o, Self::cell(x))
    }
    #[inline(always)]
    fn last_flip_count(&self, p: u64, _o: u64, x: u8) -> u32 {
        board::last_flip_count(p, Self::cell(x))
    }
    #[inline(always)]
    fn empty(&self, p: u64, o: u64) -> u64 {
        !(p | o)
    }
    #[inline(always)]
    fn neighbours(&self, b: u64) -> u64 {
        board::neighbours(b)
    }
    #[inline(always)]
    fn stable(&self, p: u64, o: u64) -> u64 {
        crate::search::stability::stable_discs(p, o)
    }
    #[inline(always)]
    fn odd_regions(&self, empty: u64) -> u64 {
        let mut odd = 0;
        for q in QUADRANT {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        odd
    }
    #[inline(always)]
    fn corners(&self) -> u64 {
        CORNERS
    }
    #[inline(always)]
    fn next_to_corners(&self) -> u64 {
        NEXT_TO_CORNERS
    }
    #[inline(always)]
    fn corner_bonus(&self, x: u8) -> i32 {
        CORNER_BONUS[x as usize]
    }
    #[inline(always)]
    fn plain_end(&self) -> bool {
        true
    }
    #[inline(always)]
    fn has_mpc_fits(&self) -> bool {
        true
    }
    fn book_moves(&self, b: Board) -> Vec<Square> {
        crate::openings::book_moves(b)
    }
}
