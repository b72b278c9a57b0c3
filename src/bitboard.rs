//! Squares and bitboards.
//!
//! Bit `i` of a [`Bitboard`] stands for the square with index `i = row * 8 + column`,
//! with row 1 at the top of the board, as on printed Othello diagrams:
//!
//! ```text
//!      a  b  c  d  e  f  g  h
//!  1   0  1  2  3  4  5  6  7
//!  2   8  9 10 11 12 13 14 15
//!  3  16 17 18 19 20 21 22 23
//!  4  24 25 26 27 28 29 30 31
//!  5  32 33 34 35 36 37 38 39
//!  6  40 41 42 43 44 45 46 47
//!  7  48 49 50 51 52 53 54 55
//!  8  56 57 58 59 60 61 62 63
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::str::FromStr;

/// One of the 64 squares of the board. A `Square` always holds a valid index `0..64`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `index`, or `None` when `index >= 64`.
    ///
    /// ```
    /// use reversi::Square;
    /// assert_eq!(Square::new(37).unwrap().to_string(), "f5");
    /// assert!(Square::new(64).is_none());
    /// ```
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), or `None` off the board.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// The square's index, `0..64`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 for a through 7 for h.
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// Row, 0 for row 1 through 7 for row 8.
    pub const fn row(self) -> u8 {
        self.0 >> 3
    }

    /// The single-bit bitboard of this square.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

/// The text was not a square name such as `d3` (letters `a`–`h`, either case, then `1`–`8`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square (expected a letter a-h and a digit 1-8)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [c, r] => {
                let column = c.to_ascii_lowercase().wrapping_sub(b'a');
                let row = r.wrapping_sub(b'1');
                Square::from_coords(column, row).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

/// A set of squares, one bit per square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);

    /// Number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// The lowest square of a non-empty set.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Removes and returns the lowest square.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |b, sq| b | sq.bit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h1".parse::<Square>().unwrap().index(), 7);
        assert_eq!("a8".parse::<Square>().unwrap().index(), 56);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        for bad in ["", "a", "i1", "a0", "a9", "h10", "11", "aa", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bitboard_iterates_in_order() {
        let b: Bitboard = [5u8, 0, 63, 17].iter().map(|&i| Square::new(i).unwrap()).collect();
        assert_eq!(b.count(), 4);
        let v: Vec<usize> = b.map(Square::index).collect();
        assert_eq!(v, vec![0, 5, 17, 63]);
    }
}
