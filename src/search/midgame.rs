//! The midgame search: fail-soft principal-variation search with a transposition
//! table, in evaluation units ([`SCALE`] per disc).

use super::endgame::NO_TT_EMPTIES;
use super::eval::SCALE;
use super::moves_list::{weighted_mobility, MoveList};
use super::mpc;
use super::split::Kind;
use super::tt::{narrow, NO_MOVE};
use super::Searcher;
use crate::shape::{Bits, Shape};

/// When the search reaches this few empties with enough depth to see the end, it
/// solves exactly instead.
const EXACT_SWITCH_EMPTIES: u32 = 14;

/// From this depth on a node first looks its children up in the table
/// ([`Searcher::enhanced_cutoff`]).
const ETC_DEPTH: u32 = 4;

/// From this depth on a node searching with other threads passes over the children
/// they are in ([`super::tt::Busy`]).
const DEFER_DEPTH: u32 = 5;

/// From this depth on a node's children may go to idle threads ([`super::split`]).
const SPLIT_DEPTH: u32 = 6;

impl<S: Shape> Searcher<S> {
    /// The value of `(p, o)` by a search `depth` plies deep (0: the evaluation).
    pub(crate) fn eval_shallow(&mut self, p: S::B, o: S::B, depth: u32) -> i32 {
        if depth == 0 {
            self.nodes += 1;
            return self.eval.evaluate(p, o);
        }
        let max = self.shape.cell_count();
        self.mid(p, o, depth, -max * SCALE, max * SCALE, false)
    }

    /// Fail-soft PVS to `depth` plies within `(alpha, beta)`.
    pub(crate) fn mid(&mut self, p: S::B, o: S::B, depth: u32, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        let n = self.shape.empty(p, o).count();
        if depth >= n && n <= EXACT_SWITCH_EMPTIES {
            // The search sees the end: solve it exactly.
            let a = alpha.div_euclid(SCALE);
            let b = (beta + SCALE - 1).div_euclid(SCALE);
            let max = self.shape.cell_count();
            return self.eg(p, o, a.max(-max), b.min(max), n, passed) * SCALE;
        }
        if depth == 0 {
            self.nodes += 1;
            return self.eval.evaluate(p, o);
        }
        if depth == 1 {
            return self.mid1(p, o, alpha, beta, passed);
        }
        self.nodes += 1;
        if self.nodes >= self.next_check && self.check_stop() {
            return 0;
        }
        let mut hint = NO_MOVE;
        if let Some(e) = self.tt.probe(p, o) {
            // Only a result of this very depth (or an exact one where this search would
            // be exact too) is reused for its value, so that the table changes the
            // speed of the search but never its result.
            // Only a result of this very depth, so that the table changes the speed and
            // never the value (the tests compare it with plain negamax), unless deeper
            // ones may be taken (`reuse_deeper`).
            let usable = if e.exact { depth >= n } else { e.depth as u32 == depth || (self.reuse_deeper && e.depth as u32 > depth) };
            if usable {
                let k = if e.exact { SCALE } else { 1 };
                let lo = if e.lower == i16::MIN { i32::MIN / 2 } else { e.lower as i32 * k };
                let hi = if e.upper == i16::MAX { i32::MAX / 2 } else { e.upper as i32 * k };
                if let Some(v) = narrow(lo, hi, &mut alpha, &mut beta) {
                    return v;
                }
            }
            hint = e.best;
        }
        let m = self.shape.moves(p, o);
        if m.is_empty() {
            if passed || self.shape.moves(o, p).is_empty() {
                return self.shape.final_score(p, o) * SCALE;
            }
            return -self.mid(o, p, depth, -beta, -alpha, true);
        }
        if self.mpc_t > 0.0 && depth >= mpc::MIN_DEPTH && depth < n {
            if let Some(v) = self.probcut(p, o, depth, n, alpha, beta) {
                return v;
            }
        }
        if depth >= ETC_DEPTH {
            // Every child's bucket is asked for at once, so that the probes below wait
            // for memory once rather than once a child.
            let mut mm = m;
            while !mm.is_empty() {
                let x = mm.first();
                mm = mm.without_first();
                let (cp, co) = self.shape.play(p, o, x, self.shape.flips(p, o, x));
                self.tt.prefetch(cp, co);
            }
            if let Some(v) = self.enhanced_cutoff(p, o, m, depth, n, beta) {
                return v;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut list = MoveList::<S::B>::new();
        let mut mm = m;
        // Shallow searches order the moves only where the subtree is big enough to
        // repay them (measured: below depth 6 mobility alone orders well enough, and
        // depth 11 on 20 openings took half the time and 40% fewer nodes than with a
        // search from depth 3 on).
        let sort_depth = match depth {
            0..=5 => None,
            6..=8 => Some(0),
            9..=11 => Some(1),
            _ => Some(2),
        };
        // Evaluations of the children, all at once (a depth-0 ordering search).
        let mut child_eval = S::B::per_cell_zeroed();
        if sort_depth == Some(0) {
            self.eval.evaluate_replies(&self.shape, p, o, None, &[m], &mut |x, v| {
                child_eval.as_mut()[x as usize] = v;
                true
            });
            // Counted as before, when each was a search: the table's move was not.
            let hinted = if hint != NO_MOVE { S::B::bit(hint) } else { S::B::ZERO };
            self.nodes += (m & !hinted).count() as u64;
        }
        while !mm.is_empty() {
            let x = mm.first();
            mm = mm.without_first();
            let f = self.shape.flips(p, o, x);
            let (cp, co) = self.shape.play(p, o, x, f);
            if depth == 3 {
                // The children probe the table (those deeper were asked for above).
                self.tt.prefetch(cp, co);
            }
            let score = if x == hint {
                1 << 30
            } else {
                let mut s = -weighted_mobility(&self.shape, cp, co) * SCALE;
                match sort_depth {
                    Some(0) => s -= child_eval.as_ref()[x as usize],
                    Some(d) => s -= self.eval_shallow(cp, co, d),
                    None => {}
                }
                s
            };
            list.push(x, f, score);
        }
        // Two plies above the evaluation, the pattern reading of this node is handed
        // to each child, which evaluates its replies from it (see `mid1`).
        // Three plies above it, this node reads the board once from the other side's
        // view, and each child takes its reading from that.
        let view = match depth {
            2 => match self.handed_own.take() {
                Some((hp, ho, v)) if (hp, ho) == (p, o) => Some(v),
                _ => self.eval.view(p, o),
            },
            3 => self.eval.view(o, p),
            _ => None,
        };
        let Some((best, best_move)) = self.pvs_moves(&mut list, (p, o), (alpha, beta), i32::MIN / 2, depth >= DEFER_DEPTH, (depth >= SPLIT_DEPTH).then_some(Kind::Mid(depth)), |s, cp, co, a, b| {
            if let Some(v) = view {
                // Only the learned evaluation of the 8×8 board reads patterns.
                let x = ((cp | co) ^ (p | o)).first() as u32;
                let f = (co & o).low64();
                if depth == 2 {
                    s.handed = Some((cp, co, v.after_own_move(x, f)));
                } else {
                    s.handed_own = Some((cp, co, v.after_their_move(x, f)));
                }
            }
            -s.mid(cp, co, depth - 1, -b, -a, false)
        }) else {
            return 0;
        };
        if n > NO_TT_EMPTIES.min(8) || depth > 1 {
            let clamp = |v: i32| v.clamp(i16::MIN as i32 + 1, i16::MAX as i32 - 1);
            self.tt.store((p, o), depth.min(200) as u8, false, clamp(alpha0), clamp(beta0), clamp(best), best_move);
        }
        best
    }

    /// A node one ply above the evaluation: every child is evaluated once, all from
    /// one pattern reading (handed down by the parent when it has one), with no table
    /// and no ordering beyond corners first (a table or a sort would cost about as
    /// much as the evaluations they save).
    fn mid1(&mut self, p: S::B, o: S::B, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check && self.check_stop() {
            return 0;
        }
        let m = self.shape.moves(p, o);
        if m.is_empty() {
            if passed || self.shape.moves(o, p).is_empty() {
                return self.shape.final_score(p, o) * SCALE;
            }
            return -self.mid1(o, p, -beta, -alpha, true);
        }
        let mut best = i32::MIN / 2;
        let mut evaluated = 0;
        // Corners first and the squares next to them last: a free ordering that finds
        // a cutoff sooner.
        let (corners, next) = (self.shape.corners(), self.shape.next_to_corners());
        let groups = [m & corners, m & !(corners | next), m & next];
        let base = match self.handed.take() {
            Some((hp, ho, view)) if (hp, ho) == (p, o) => Some(view),
            _ => None,
        };
        self.eval.evaluate_replies(&self.shape, p, o, base.as_ref(), &groups, &mut |_, value| {
            evaluated += 1;
            let v = -value;
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    return v < beta;
                }
            }
            true
        });
        self.nodes += evaluated;
        best
    }

    /// Enhanced transposition cutoff: a child whose stored bounds, at the depth this
    /// node would search it, already prove a fail high settles the node without a
    /// search (fail-soft: the child's bound is the value).
    fn enhanced_cutoff(&mut self, p: S::B, o: S::B, m: S::B, depth: u32, n: u32, beta: i32) -> Option<i32> {
        let mut mm = m;
        while !mm.is_empty() {
            let x = mm.first();
            mm = mm.without_first();
            let (cp, co) = self.shape.play(p, o, x, self.shape.flips(p, o, x));
            let Some(e) = self.tt.probe(cp, co) else { continue };
            let usable = if e.exact { depth >= n } else { e.depth as u32 == depth - 1 || (self.reuse_deeper && e.depth as u32 > depth - 1) };
            if usable && e.upper != i16::MAX {
                let k = if e.exact { SCALE } else { 1 };
                let v = -(e.upper as i32 * k);
                if v >= beta {
                    return Some(v);
                }
            }
        }
        None
    }

    /// Multi-ProbCut at a node `depth` plies deep with `n` empties: `Some(beta)` when a
    /// shallow null-window search makes a fail high all but certain, `Some(alpha)` for
    /// a fail low, else `None` (see [`mpc`]).
    fn probcut(&mut self, p: S::B, o: S::B, depth: u32, n: u32, alpha: i32, beta: i32) -> Option<i32> {
        let fit = mpc::fit(depth, n);
        let shallow = mpc::shallow_depth(depth);
        let margin = self.mpc_t * fit.sigma * SCALE as f32;
        let offset = fit.b * SCALE as f32;
        const LIMIT: i32 = 64 * SCALE;
        if beta < LIMIT {
            // deep >= beta is likely when a·v + b − margin >= beta.
            let bound = ((beta as f32 + margin - offset) / fit.a).ceil() as i32;
            if bound < LIMIT && self.mid(p, o, shallow, bound - 1, bound, false) >= bound {
                return Some(beta);
            }
        }
        if alpha > -LIMIT {
            let bound = ((alpha as f32 - margin - offset) / fit.a).floor() as i32;
            if bound > -LIMIT && self.mid(p, o, shallow, bound, bound + 1, false) <= bound {
                return Some(alpha);
            }
        }
        None
    }
}
