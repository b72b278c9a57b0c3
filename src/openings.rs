//! Names of the standard Othello openings, from `data/openings.txt`.
//!
//! The list is written from the start in the orientation that begins with c4. The four
//! first moves are equivalent by symmetry, so a game is first turned so that its first
//! move is c4; its opening is then the longest listed line that the game begins with.

use std::sync::OnceLock;

use crate::bitboard::Square;
use crate::board::{transform, Board};
use crate::notation::transcript_tokens;

const DATA: &str = include_str!("../data/openings.txt");
const BALANCED_DATA: &str = include_str!("../data/balanced.txt");

/// Balanced starts for fresh, fair games and for matches: transcripts of 6 to 10
/// moves from the start, each with the score (for the side to move) of a depth-12
/// search (`data/balanced.txt`, made by `train balanced` within two discs of even,
/// scored again with the weights in use; the page starts games only from those still
/// within two discs).
///
/// ```
/// let starts = reversi::openings::balanced();
/// assert!(starts.len() >= 100);
/// assert!(starts.iter().filter(|&&(_, score)| score.abs() <= 2.0).count() >= 80);
/// ```
pub fn balanced() -> &'static [(&'static str, f64)] {
    static LIST: OnceLock<Vec<(&'static str, f64)>> = OnceLock::new();
    LIST.get_or_init(|| {
        BALANCED_DATA
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let (moves, score) = l.split_once(' ')?;
                Some((moves, score.trim().parse().ok()?))
            })
            .collect()
    })
}

/// The balanced starts a new game may begin from: those of [`balanced`] still within
/// two discs of even at depth 12 with the weights in use (a few of the list, kept as
/// it is for matches, have drifted beyond).
///
/// ```
/// let fair: Vec<_> = reversi::openings::fair_starts().collect();
/// assert!(fair.len() >= 80);
/// assert!(fair.iter().all(|&(_, score)| score.abs() <= 2.0));
/// ```
pub fn fair_starts() -> impl Iterator<Item = (&'static str, f64)> {
    balanced().iter().copied().filter(|&(_, score)| score.abs() <= 2.0)
}

/// A named opening that a game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The name; alternative names are separated by `/`.
    pub name: &'static str,
    /// How many moves of the game the named line covers.
    pub moves: usize,
}

/// The listed lines, as squares in the c4 orientation.
pub fn book() -> &'static [(Vec<Square>, &'static str)] {
    static BOOK: OnceLock<Vec<(Vec<Square>, &'static str)>> = OnceLock::new();
    BOOK.get_or_init(|| {
        DATA.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let (moves, name) = l.split_once('\t')?;
                let squares: Option<Vec<Square>> = transcript_tokens(moves).map(|t| t.parse().ok()).collect();
                Some((squares?, name.trim()))
            })
            .collect()
    })
}

/// The symmetry of the board that takes `first` (one of the four opening moves) to c4.
fn towards_c4(first: Square) -> Option<fn(Square) -> Square> {
    fn map(c: u8, r: u8) -> Square {
        Square::from_coords(c, r).expect("a symmetry keeps squares on the board")
    }
    match first.to_string().as_str() {
        "c4" => Some(|s| s),
        "f5" => Some(|s| map(7 - s.column(), 7 - s.row())),
        "d3" => Some(|s| map(s.row(), s.column())),
        "e6" => Some(|s| map(7 - s.row(), 7 - s.column())),
        _ => None,
    }
}

/// The opening named by a sequence of moves from the standard start (a game's is
/// [`crate::Game::opening`]).
pub fn name_moves(moves: &[Square]) -> Option<Opening> {
    let turn = towards_c4(*moves.first()?)?;
    let line: Vec<Square> = moves.iter().map(|&s| turn(s)).collect();
    book()
        .iter()
        .filter(|(book_line, _)| line.starts_with(book_line))
        .max_by_key(|(book_line, _)| book_line.len())
        .map(|(book_line, name)| Opening { name, moves: book_line.len() })
}

/// The symmetries of the board that keep the start position: identity, the half turn,
/// and the two diagonal reflections (see [`transform`]).
const START_SYMMETRIES: [u8; 4] = [0, 3, 4, 7];

fn turn_square(sq: Square, k: u8) -> Square {
    Square::new(transform(sq.bit().0, k).trailing_zeros() as u8).expect("a symmetry maps a square to a square")
}

/// The moves that continue a listed opening line from `board` (the side to move's
/// view), in every orientation of the start; empty out of the book. Positions are
/// matched, not move orders, so transpositions are found too.
pub fn book_moves(board: Board) -> Vec<Square> {
    // A sorted list searched by halves: smaller in the wasm than a hash map.
    static POSITIONS: OnceLock<Vec<(Board, Vec<Square>)>> = OnceLock::new();
    let key = |b: &Board| (b.player.0, b.opponent.0);
    let map = POSITIONS.get_or_init(|| {
        let mut map: Vec<(Board, Vec<Square>)> = Vec::new();
        for (line, _) in book() {
            for k in START_SYMMETRIES {
                let mut b = Board::START;
                for &sq in line {
                    let sq = turn_square(sq, k);
                    let i = match map.binary_search_by_key(&key(&b), |(x, _)| key(x)) {
                        Ok(i) => i,
                        Err(i) => {
                            map.insert(i, (b, Vec::new()));
                            i
                        }
                    };
                    let next = &mut map[i].1;
                    if !next.contains(&sq) {
                        next.push(sq);
                    }
                    let Some((after, _)) = b.try_play(sq) else { break };
                    // A forced pass keeps the line going with the same side.
                    b = if after.can_move() { after } else { after.pass() };
                }
            }
        }
        for (_, moves) in map.iter_mut() {
            moves.sort();
        }
        map
    });
    map.binary_search_by_key(&key(&board), |(x, _)| key(x)).map(|i| map[i].1.clone()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_line_parses() {
        let listed = DATA.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
        assert_eq!(book().len(), listed);
    }
}
