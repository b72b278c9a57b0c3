//! The exact endgame solver. Scores are final disc margins for the side to move, with
//! the empty squares going to the winner.
//!
//! Layers, from the root down:
//! - `eg_deep` (more than [`NO_TT_EMPTIES`] empties): transposition table, stability
//!   cutoff, enhanced transposition cutoff, fastest-first ordering (helped by the evaluation
//!   far from the end);
//! - `eg_mid`: fastest-first ordering, no table;
//! - `eg_shallow` (up to [`SHALLOW_EMPTIES`]): parity ordering on the bitboard of moves;
//! - `solve_small`: the last four empties from a fixed array of squares, then the last
//!   move counted without playing it.

use super::moves_list::{potential_mobility, quadrant_parity, weighted_mobility, MoveList};
use super::tt::{narrow, NO_MOVE};
use super::Searcher;
use crate::bitboard::Square;
use crate::board::{flips, moves, neighbours, Board};
use crate::search::stability::stable_discs;

/// Up to this many empties, no transposition table.
pub const NO_TT_EMPTIES: u32 = 8;
/// Up to this many empties, parity ordering only.
pub const SHALLOW_EMPTIES: u32 = 5;
/// Above this many empties, the evaluation joins mobility in ordering moves.
const SORT_BY_SEARCH_EMPTIES: u32 = 18;

/// Final margin when neither side can move.
#[inline(always)]
fn final_score(p: u64, o: u64) -> i32 {
    let (pc, oc) = (p.count_ones() as i32, o.count_ones() as i32);
    let e = 64 - pc - oc;
    if pc > oc {
        pc - oc + e
    } else if pc < oc {
        pc - oc - e
    } else {
        0
    }
}

#[inline(always)]
fn sq(i: u8) -> Square {
    Square::new(i).expect("square index < 64")
}

/// Below this bound the stability cutoff cannot help: `64 - 2 * stable` is only ever
/// at or under alpha when alpha is high.
#[inline(always)]
fn stability_threshold(empties: u32) -> i32 {
    (2 * empties as i32 - 6).clamp(4, 64)
}

impl Searcher {
    /// The last empty square: the score without playing the move.
    #[inline(always)]
    fn solve_1(&mut self, p: u64, o: u64, x: u8) -> i32 {
        self.nodes += 1;
        let diff = 2 * p.count_ones() as i32 - 63;
        let f = flips(p, o, sq(x)).count_ones() as i32;
        if f > 0 {
            return diff + 1 + 2 * f;
        }
        let f = flips(o, p, sq(x)).count_ones() as i32;
        if f > 0 {
            return diff - 1 - 2 * f;
        }
        if diff > 0 {
            diff + 1
        } else {
            diff - 1
        }
    }

    /// Two to four empties in `xs[..n]`, tried in that order. `passed`: the opponent
    /// has just passed.
    #[allow(clippy::too_many_arguments)]
    fn solve_small(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, xs: &[u8; 4], n: usize, passed: bool) -> i32 {
        if n == 1 {
            return self.solve_1(p, o, xs[0]);
        }
        self.nodes += 1;
        let mut best = -65;
        for i in 0..n {
            let x = xs[i];
            let f = flips(p, o, sq(x));
            if f == 0 {
                continue;
            }
            let rest = without(xs, n, i);
            let score = -self.solve_small(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, &rest, n - 1, false);
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > -65 {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.solve_small(o, p, -beta, -alpha, xs, n, true)
        }
    }

    /// Few empties: moves from the bitboard, squares in odd quadrants first.
    fn eg_shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        let empty = !(p | o);
        if n <= 4 {
            let xs = parity_sorted_squares(empty);
            return self.solve_small(p, o, alpha, beta, &xs, n as usize, passed);
        }
        self.nodes += 1;
        // Walk the few empty squares (odd quadrants first, X and C squares last) rather
        // than generating all moves: a square next to no opponent disc is skipped at
        // once, and the flips computed for the test are the ones played.
        let odd = quadrant_parity(empty);
        let near = neighbours(o);
        let mut best = -65;
        for group in [empty & odd & PRIORITY_HIGH, empty & odd & !PRIORITY_HIGH, empty & !odd & PRIORITY_HIGH, empty & !odd & !PRIORITY_HIGH] {
            let mut g = group & near;
            while g != 0 {
                let x = g.trailing_zeros() as u8;
                g &= g - 1;
                let f = flips(p, o, sq(x));
                if f == 0 {
                    continue;
                }
                let score = -self.eg_shallow(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, n - 1, false);
                if score > best {
                    best = score;
                    if score >= beta {
                        return best;
                    }
                    alpha = alpha.max(score);
                }
            }
        }
        if best > -65 {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.eg_shallow(o, p, -beta, -alpha, n, true)
        }
    }

    /// The exact score of `(p, o)` with `n` empties, fail-soft within `(alpha, beta)`.
    pub(crate) fn eg(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        if n <= SHALLOW_EMPTIES {
            return self.eg_shallow(p, o, alpha, beta, n, passed);
        }
        self.eg_deep(p, o, alpha, beta, n, passed)
    }

    fn eg_deep(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, n: u32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check && self.check_stop() {
            return 0;
        }
        let use_tt = n > NO_TT_EMPTIES;
        // Stability: the opponent's stable discs bound what we can reach.
        if alpha >= stability_threshold(n) {
            let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if bound <= alpha {
                return bound;
            }
            beta = beta.min(bound);
        }
        let board = Board::new(crate::Bitboard(p), crate::Bitboard(o));
        let mut hint = NO_MOVE;
        if use_tt {
            if let Some(e) = self.tt.probe(board) {
                if e.exact {
                    if let Some(v) = narrow(e.lower as i32, e.upper as i32, &mut alpha, &mut beta) {
                        return v;
                    }
                }
                hint = e.best;
            }
        }
        let m = moves(p, o);
        if m == 0 {
            if passed {
                return final_score(p, o);
            }
            return -self.eg(o, p, -beta, -alpha, n, true);
        }
        let (alpha0, beta0) = (alpha, beta);
        let odd = quadrant_parity(!(p | o));
        let mut list = MoveList::new();
        let mut mm = m;
        while mm != 0 {
            let x = mm.trailing_zeros() as u8;
            mm &= mm - 1;
            let f = flips(p, o, sq(x));
            let (cp, co) = (o ^ f, p ^ f ^ (1 << x));
            let score = if x == hint {
                1 << 30
            } else {
                let mut s = -weighted_mobility(cp, co) * 32 - potential_mobility(cp, co) * 8;
                if n > SORT_BY_SEARCH_EMPTIES {
                    s -= self.eval.evaluate(cp, co);
                } else {
                    s += ((odd >> x) & 1) as i32 * 16 + CORNER_BONUS[x as usize];
                }
                s
            };
            list.push(x, f, score);
        }
        // Enhanced transposition cutoff: a child already known to refute.
        if use_tt && n > NO_TT_EMPTIES + 2 {
            for i in 0..list.len() {
                let (x, f) = list.get(i);
                let child = Board::new(crate::Bitboard(o ^ f), crate::Bitboard(p ^ f ^ (1 << x)));
                if let Some(e) = self.tt.probe(child) {
                    if e.exact && -(e.upper as i32) >= beta {
                        return -(e.upper as i32);
                    }
                }
            }
        }
        let Some((best, best_move)) =
            self.pvs_moves(&mut list, (p, o), (alpha, beta), -65, |s, cp, co, a, b| -s.eg(cp, co, -b, -a, n - 1, false))
        else {
            return 0;
        };
        if use_tt {
            self.tt.store(board, n as u8, true, alpha0, beta0, best, best_move);
        }
        best
    }
}

/// Squares tried first among those of equal parity: all but the X and C squares.
const PRIORITY_HIGH: u64 = !0x42c3_0000_0000_c342;

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

/// The squares of `xs[..n]` but `xs[i]`, in order.
#[inline(always)]
fn without(xs: &[u8; 4], n: usize, i: usize) -> [u8; 4] {
    let mut r = [0u8; 4];
    let mut k = 0;
    for (j, &x) in xs.iter().enumerate().take(n) {
        if j != i {
            r[k] = x;
            k += 1;
        }
    }
    r
}

/// Up to four empty squares, those alone in their quadrant first.
#[inline(always)]
fn parity_sorted_squares(empty: u64) -> [u8; 4] {
    let odd = quadrant_parity(empty);
    let mut r = [0u8; 4];
    let mut k = 0;
    for group in [empty & odd, empty & !odd] {
        let mut g = group;
        while g != 0 && k < 4 {
            r[k] = g.trailing_zeros() as u8;
            g &= g - 1;
            k += 1;
        }
    }
    r
}

