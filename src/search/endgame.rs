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

use super::moves_list::{potential_mobility, weighted_mobility, MoveList};
use super::tt::{narrow, NO_MOVE};
use super::split::Kind;
use super::Searcher;
use crate::shape::{Bits, Shape};

/// Up to this many empties, no transposition table.
pub const NO_TT_EMPTIES: u32 = 8;
/// Up to this many empties, parity ordering only.
pub const SHALLOW_EMPTIES: u32 = 5;
/// Above this many empties, the evaluation joins mobility in ordering moves.
const SORT_BY_SEARCH_EMPTIES: u32 = 18;

/// From this many empties on a node's children may go to idle threads
/// ([`super::split`]).
const SPLIT_EMPTIES: u32 = 12;

/// Below this bound the stability cutoff cannot help: `cells - 2 * stable` is only
/// ever at or under alpha when alpha is high.
#[inline(always)]
fn stability_threshold(empties: u32, cells: i32) -> i32 {
    (2 * empties as i32 - 6).clamp(4, cells)
}

impl<S: Shape> Searcher<S> {
    /// The last empty square: the score without playing the move.
    #[inline(always)]
    fn solve_1(&mut self, p: S::B, o: S::B, x: u8) -> i32 {
        self.nodes += 1;
        let diff = 2 * p.count() as i32 - (self.shape.cell_count() - 1);
        let f = self.shape.last_flip_count(p, o, x) as i32;
        if f > 0 {
            return diff + 1 + 2 * f;
        }
        let f = self.shape.last_flip_count(o, p, x) as i32;
        if f > 0 {
            return diff - 1 - 2 * f;
        }
        if diff > 0 {
            diff + 1
        } else {
            diff - 1
        }
    }

    /// `N` (0 to 4) empties, the squares packed a byte each in `xs` (the first in the
    /// lowest byte), tried in that order. `passed`: the opponent has just passed. The
    /// squares travel in a register rather than an array: in WebAssembly an array
    /// passed by reference lives in linear memory, on a stack the code moves by hand.
    /// `N` is a constant so that each count is compiled on its own, its loop unrolled.
    fn solve_small<const N: usize>(&mut self, p: S::B, o: S::B, mut alpha: i32, beta: i32, xs: u32, passed: bool) -> i32 {
        if N == 1 {
            return self.solve_1(p, o, xs as u8);
        }
        self.nodes += 1;
        let worst = -self.shape.cell_count() - 1;
        let mut best = worst;
        for i in 0..N {
            let x = (xs >> (8 * i)) as u8;
            let f = self.shape.flips(p, o, x);
            if f.is_empty() {
                continue;
            }
            let rest = without(xs, i);
            let (cp, co) = self.shape.play(p, o, x, f);
            let score = -match N {
                2 => self.solve_1(cp, co, rest as u8),
                3 => self.solve_small::<2>(cp, co, -beta, -alpha, rest, false),
                _ => self.solve_small::<3>(cp, co, -beta, -alpha, rest, false),
            };
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > worst {
            best
        } else if passed {
            self.shape.final_score(p, o)
        } else {
            -self.solve_small::<N>(o, p, -beta, -alpha, xs, true)
        }
    }

    /// Few empties: moves from the bitboard, squares in odd quadrants first.
    fn eg_shallow(&mut self, p: S::B, o: S::B, mut alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        let empty = self.shape.empty(p, o);
        let odd = self.shape.odd_regions(empty);
        if n <= 4 {
            let xs = parity_sorted_squares(empty, odd);
            return match n {
                0 => self.solve_small::<0>(p, o, alpha, beta, xs, passed),
                1 => self.solve_small::<1>(p, o, alpha, beta, xs, passed),
                2 => self.solve_small::<2>(p, o, alpha, beta, xs, passed),
                3 => self.solve_small::<3>(p, o, alpha, beta, xs, passed),
                _ => self.solve_small::<4>(p, o, alpha, beta, xs, passed),
            };
        }
        self.nodes += 1;
        // Walk the few empty squares (odd quadrants first, X and C squares last) rather
        // than generating all moves: a square next to no opponent disc is skipped at
        // once, and the flips computed for the test are the ones played.
        let near = self.shape.neighbours(o);
        let low = self.shape.next_to_corners();
        let worst = -self.shape.cell_count() - 1;
        let mut best = worst;
        for group in [empty & odd & !low, empty & odd & low, empty & !odd & !low, empty & !odd & low] {
            let mut g = group & near;
            while !g.is_empty() {
                let x = g.first();
                g = g.without_first();
                let f = self.shape.flips(p, o, x);
                if f.is_empty() {
                    continue;
                }
                let (cp, co) = self.shape.play(p, o, x, f);
                let score = -self.eg_shallow(cp, co, -beta, -alpha, n - 1, false);
                if score > best {
                    best = score;
                    if score >= beta {
                        return best;
                    }
                    alpha = alpha.max(score);
                }
            }
        }
        if best > worst {
            best
        } else if passed {
            self.shape.final_score(p, o)
        } else {
            -self.eg_shallow(o, p, -beta, -alpha, n, true)
        }
    }

    /// The exact score of `(p, o)` with `n` empties, fail-soft within `(alpha, beta)`.
    pub(crate) fn eg(&mut self, p: S::B, o: S::B, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        if n <= SHALLOW_EMPTIES && self.shape.plain_end() {
            return self.eg_shallow(p, o, alpha, beta, n, passed);
        }
        self.eg_deep(p, o, alpha, beta, n, passed)
    }

    fn eg_deep(&mut self, p: S::B, o: S::B, mut alpha: i32, mut beta: i32, n: u32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check && self.check_stop() {
            return 0;
        }
        let use_tt = n > NO_TT_EMPTIES;
        let cells = self.shape.cell_count();
        // Stability: the opponent's stable discs bound what we can reach.
        if alpha >= stability_threshold(n, cells) {
            let bound = cells - 2 * self.shape.stable(o, p).count() as i32;
            if bound <= alpha {
                return bound;
            }
            beta = beta.min(bound);
        }
        let mut hint = NO_MOVE;
        if use_tt {
            if let Some(e) = self.tt.probe(p, o) {
                if e.exact {
                    if let Some(v) = narrow(e.lower as i32, e.upper as i32, &mut alpha, &mut beta) {
                        return v;
                    }
                }
                hint = e.best;
            }
        }
        let m = self.shape.moves(p, o);
        if m.is_empty() {
            if passed {
                return self.shape.final_score(p, o);
            }
            return -self.eg(o, p, -beta, -alpha, n, true);
        }
        let (alpha0, beta0) = (alpha, beta);
        let odd = self.shape.odd_regions(self.shape.empty(p, o));
        let mut list = MoveList::<S::B>::new();
        let mut mm = m;
        while !mm.is_empty() {
            let x = mm.first();
            mm = mm.without_first();
            let f = self.shape.flips(p, o, x);
            let (cp, co) = self.shape.play(p, o, x, f);
            let score = if x == hint {
                1 << 30
            } else {
                let mut s = -weighted_mobility(&self.shape, cp, co) * 32 - potential_mobility(&self.shape, cp, co) * 8;
                if n > self.shape.sort_by_replies_empties() {
                    s -= self.eval_shallow(cp, co, 1);
                } else if n > SORT_BY_SEARCH_EMPTIES {
                    s -= self.eval.evaluate(cp, co);
                } else {
                    s += odd.has(x) as i32 * 16 + self.shape.corner_bonus(x);
                }
                s
            };
            list.push(x, f, score);
        }
        // Enhanced transposition cutoff: a child already known to refute.
        if use_tt && n > NO_TT_EMPTIES + 2 {
            for i in 0..list.len() {
                let (x, f) = list.get(i);
                let (cp, co) = self.shape.play(p, o, x, f);
                if let Some(e) = self.tt.probe(cp, co) {
                    if e.exact && -(e.upper as i32) >= beta {
                        return -(e.upper as i32);
                    }
                }
            }
        }
        let Some((best, best_move)) =
            self.pvs_moves(&mut list, (p, o), (alpha, beta), -cells - 1, false, (n >= SPLIT_EMPTIES).then_some(Kind::Exact(n)), |s, cp, co, a, b| -s.eg(cp, co, -b, -a, n - 1, false))
        else {
            return 0;
        };
        if use_tt {
            self.tt.store((p, o), n as u8, true, alpha0, beta0, best, best_move);
        }
        best
    }
}

/// The packed squares of `xs` but the `i`-th, in order.
#[inline(always)]
fn without(xs: u32, i: usize) -> u32 {
    // i < 4: no shift here reaches 32.
    let below = xs & ((1 << (8 * i)) - 1);
    let above = ((xs >> 8) >> (8 * i)) << (8 * i);
    below | above
}

/// Up to four empty squares, those in odd regions (`odd`) first, packed a byte each,
/// the first in the lowest byte.
#[inline(always)]
fn parity_sorted_squares<B: Bits>(empty: B, odd: B) -> u32 {
    let mut r = 0u32;
    let mut k = 0;
    for group in [empty & odd, empty & !odd] {
        let mut g = group;
        while !g.is_empty() && k < 4 {
            r |= (g.first() as u32) << (8 * k);
            g = g.without_first();
            k += 1;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::without;

    #[test]
    fn without_drops_one_packed_square_and_keeps_the_order() {
        let xs = u32::from_le_bytes([10, 20, 30, 40]);
        assert_eq!(without(xs, 0).to_le_bytes()[..3], [20, 30, 40]);
        assert_eq!(without(xs, 1).to_le_bytes()[..3], [10, 30, 40]);
        assert_eq!(without(xs, 2).to_le_bytes()[..3], [10, 20, 40]);
        assert_eq!(without(xs, 3).to_le_bytes()[..3], [10, 20, 30]);
    }
}
