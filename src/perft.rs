//! Perft: counting the leaves of the game tree to a fixed depth, the standard check of
//! move generation against published counts.
//!
//! Convention (that of the published Othello counts): a pass is a ply, so the position
//! after a pass is one level deeper; a position where neither side can move is a leaf
//! wherever it occurs.

use crate::board::{flips, moves, Board};
use crate::bitboard::Square;

/// Number of leaves `depth` plies below `board`.
///
/// ```
/// use reversi::{perft::perft, Board};
/// assert_eq!(perft(Board::START, 4), 244);
/// ```
pub fn perft(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(board.player.0, board.opponent.0, depth, false)
}

/// `passed`: the previous ply was a pass, so a second one ends the game.
fn perft_inner(p: u64, o: u64, depth: u32, passed: bool) -> u64 {
    let mut m = moves(p, o);
    if m == 0 {
        if passed {
            return 1;
        }
        if moves(o, p) == 0 {
            return 1;
        }
        return if depth == 1 { 1 } else { perft_inner(o, p, depth - 1, true) };
    }
    if depth == 1 {
        return m.count_ones() as u64;
    }
    let mut total = 0;
    while m != 0 {
        let sq = Square::new(m.trailing_zeros() as u8).expect("bit index < 64");
        m &= m - 1;
        let f = flips(p, o, sq);
        total += perft_inner(o ^ f, p ^ f ^ sq.bit().0, depth - 1, false);
    }
    total
}
