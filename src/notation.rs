//! Reading and writing positions and transcripts.
//!
//! - A **board string** is the first field of an `.obf` line: 64 cells from a1 to h8,
//!   row by row (`X` or `x` or `*` black, `O` or `o` white, `-` or `.` empty), then the
//!   side to move (`X` or `O`). White space is ignored and a `;` tail (the move scores
//!   of an `.obf` line) is dropped.
//! - A **transcript** lists the moves played, such as `f5d6c3`. Case does not matter and
//!   spaces are allowed between moves. Passes are not written: they are forced.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::{Bitboard, Square};
use crate::board::Board;

/// A player's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Black, who moves first in Othello.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of this colour in board strings.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// A position with colours: the discs of each side and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Black discs.
    pub black: Bitboard,
    /// White discs.
    pub white: Bitboard,
    /// The side to move.
    pub to_move: Color,
}

impl Position {
    /// The Othello start: White d4 and e5, Black e4 and d5, Black to move.
    pub const START: Position = Position {
        black: Board::START.player,
        white: Board::START.opponent,
        to_move: Color::Black,
    };

    /// The same position seen from the side to move.
    pub fn board(&self) -> Board {
        match self.to_move {
            Color::Black => Board::new(self.black, self.white),
            Color::White => Board::new(self.white, self.black),
        }
    }

    /// Puts colours back on a side-relative board whose player to move is `to_move`.
    pub fn from_board(board: Board, to_move: Color) -> Position {
        match to_move {
            Color::Black => Position { black: board.player, white: board.opponent, to_move },
            Color::White => Position { black: board.opponent, white: board.player, to_move },
        }
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The colour on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Color> {
        if self.black.contains(sq) {
            Some(Color::Black)
        } else if self.white.contains(sq) {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// What is wrong with a board string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// There are not 64 cells before the side to move.
    CellCount(usize),
    /// A cell is not one of `X x * O o - .`.
    BadCell {
        /// Which cell, from 1 (a1) to 64 (h8).
        number: usize,
        /// The character found there.
        found: char,
    },
    /// The 64 cells are not followed by the side to move.
    MissingSide,
    /// The side to move is not `X` or `O`.
    BadSide(char),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::CellCount(n) => write!(f, "board has {n} cells, expected 64"),
            BoardError::BadCell { number, found } => {
                let sq = Square::new(*number as u8 - 1).expect("cell numbers are 1..=64");
                write!(f, "board cell {number} ({sq}) is '{found}', expected X, O or -")
            }
            BoardError::MissingSide => {
                f.write_str("board string ends without the side to move (X or O after the 64 cells)")
            }
            BoardError::BadSide(c) => write!(f, "side to move is '{c}', expected X or O"),
        }
    }
}

impl std::error::Error for BoardError {}

impl FromStr for Position {
    type Err = BoardError;

    /// Reads a board string (see the [module docs](self)).
    ///
    /// ```
    /// use reversi::{Color, Position};
    /// let text = "---------------------------OX------XO--------------------------- X";
    /// let pos: Position = text.parse().unwrap();
    /// assert_eq!(pos, Position::START);
    /// assert_eq!(pos.to_string(), text);
    /// ```
    ///
    /// # Errors
    /// A [`BoardError`] naming the first thing wrong.
    fn from_str(text: &str) -> Result<Position, BoardError> {
        let text = text.split(';').next().unwrap_or("");
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let separate_side = {
            let mut tokens = text.split_whitespace().rev();
            matches!((tokens.next(), tokens.next()), (Some(last), Some(_)) if last.chars().count() == 1)
        };
        let n = chars.len();
        if n != 65 {
            return Err(match (n, separate_side) {
                (64, false) => BoardError::MissingSide,
                (_, true) => BoardError::CellCount(n - 1),
                _ => BoardError::CellCount(n),
            });
        }
        let mut black = Bitboard::EMPTY;
        let mut white = Bitboard::EMPTY;
        for (sq, &c) in Square::all().zip(&chars[..64]) {
            match c {
                'X' | 'x' | '*' => black |= sq.bit(),
                'O' | 'o' => white |= sq.bit(),
                '-' | '.' => {}
                found => return Err(BoardError::BadCell { number: sq.index() + 1, found }),
            }
        }
        let to_move = match chars[64] {
            'X' | 'x' | '*' => Color::Black,
            'O' | 'o' => Color::White,
            c => return Err(BoardError::BadSide(c)),
        };
        Ok(Position { black, white, to_move })
    }
}

impl fmt::Display for Position {
    /// Writes the board string: 64 cells of `X`, `O` and `-`, a space, the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(66);
        for sq in Square::all() {
            s.push(match self.at(sq) {
                Some(c) => c.letter(),
                None => '-',
            });
        }
        s.push(' ');
        s.push(self.to_move.letter());
        f.write_str(&s)
    }
}

/// Splits a transcript into move tokens with their byte offsets. A token is a letter
/// followed by its digits, or a run of other non-space characters (never a square).
pub fn transcript_tokens(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        rest = rest.trim_start();
        let mut chars = rest.char_indices();
        let (_, first) = chars.next()?;
        let end = if first.is_ascii_alphabetic() {
            chars.find(|&(_, c)| !c.is_ascii_digit()).map_or(rest.len(), |(i, _)| i)
        } else {
            chars
                .find(|&(_, c)| c.is_ascii_alphabetic() || c.is_whitespace())
                .map_or(rest.len(), |(i, _)| i)
        };
        let (token, tail) = rest.split_at(end);
        rest = tail;
        Some(token)
    })
}

/// Writes squares as a transcript, lower case, no spaces.
pub fn write_transcript(moves: impl IntoIterator<Item = Square>) -> String {
    moves.into_iter().map(|s| s.to_string()).collect()
}

/// One line of an `.obf` file: the position (side to move first) and the exact score
/// of each listed move, as written (`"… X; G8:+18; H1:+12;"`).
///
/// # Errors
/// A message naming the bad board, move or score.
pub fn parse_obf_line(line: &str) -> Result<(Board, Vec<(Square, i32)>), String> {
    let pos: Position = line.parse().map_err(|e| format!("{e}"))?;
    let mut scores = vec![];
    for field in line.split(';').skip(1) {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let (mv, sc) = field.split_once(':').ok_or(format!("bad move score '{field}'"))?;
        let sq: Square = mv.trim().parse().map_err(|_| format!("bad square '{mv}'"))?;
        let sc: i32 = sc.trim().trim_start_matches('+').parse().map_err(|_| format!("bad score '{sc}'"))?;
        scores.push((sq, sc));
    }
    Ok((pos.board(), scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_moves() {
        let t: Vec<&str> = transcript_tokens(" F5d6 c3!!h10 x").collect();
        assert_eq!(t, ["F5", "d6", "c3", "!!", "h10", "x"]);
        assert_eq!(transcript_tokens("   ").count(), 0);
    }

    #[test]
    fn board_errors() {
        let start = Position::START.to_string();
        let cells = &start[..64];
        assert_eq!(cells[..63].parse::<Position>().unwrap_err(), BoardError::CellCount(63));
        assert_eq!(format!("{} X", &cells[..63]).parse::<Position>().unwrap_err(), BoardError::CellCount(63));
        assert_eq!(
            format!("{} X", &cells[..63]).parse::<Position>().unwrap_err().to_string(),
            "board has 63 cells, expected 64"
        );
        assert_eq!(cells.parse::<Position>().unwrap_err(), BoardError::MissingSide);
        assert_eq!(format!("{cells} Q").parse::<Position>().unwrap_err(), BoardError::BadSide('Q'));
        let bad = format!("----Z{} X", &cells[5..]);
        let err = bad.parse::<Position>().unwrap_err();
        assert_eq!(err, BoardError::BadCell { number: 5, found: 'Z' });
        assert_eq!(err.to_string(), "board cell 5 (e1) is 'Z', expected X, O or -");
        assert_eq!("".parse::<Position>().unwrap_err(), BoardError::CellCount(0));
    }

    #[test]
    fn board_accepts_alternative_letters_and_obf_tails() {
        let alt = "...........................ox......*o........................... x; F5:+0";
        assert_eq!(alt.parse::<Position>().unwrap(), Position::START);
        let spaced = "-------- -------- -------- ---OX--- ---XO--- -------- -------- -------- O";
        let p: Position = spaced.parse().unwrap();
        assert_eq!(p.to_move, Color::White);
        assert_eq!(p.black, Position::START.black);
    }
}
