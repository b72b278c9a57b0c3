//! Midgame evaluation behind one small interface, [`Evaluator`].
//!
//! Scores are in [`SCALE`] units per disc: an estimate of the final disc margin for
//! the side to move, times `SCALE`.

use crate::board::{moves, neighbours};
use crate::search::features::PatternView;
use crate::search::stability::edge_stable_discs;
use crate::shape::{Bits, Othello, Shape};

/// Evaluation units per disc of final margin.
pub const SCALE: i32 = 16;

/// Anything that scores a position of board `S` for the side to move, in [`SCALE`]
/// units.
pub trait Evaluator<S: Shape = Othello>: Send {
    /// The estimated final margin of `p` (to move) over `o`, times [`SCALE`].
    fn evaluate(&self, p: S::B, o: S::B) -> i32;

    /// A short name for reports.
    fn name(&self) -> &'static str;

    /// The pattern reading of `(p, o)` from `p`'s side, for evaluations that read
    /// patterns (the learned one); `None` for the others.
    fn view(&self, _p: S::B, _o: S::B) -> Option<PatternView> {
        None
    }

    /// Evaluates, for the side that replies, the position after each move of `p`
    /// (the squares of `groups`, group by group, lowest square first), calling
    /// `visit(square, value)` until it returns `false`. The values are exactly
    /// [`Evaluator::evaluate`]'s; an evaluation may compute them faster together,
    /// starting from `base`, the reading of `(o, p)` (from the replier's side) when
    /// the caller has it.
    fn evaluate_replies(&self, shape: &S, p: S::B, o: S::B, _base: Option<&PatternView>, groups: &[S::B], visit: &mut dyn FnMut(u8, i32) -> bool) {
        for &group in groups {
            let mut m = group;
            while !m.is_empty() {
                let x = m.first();
                m = m.without_first();
                let (cp, co) = shape.play(p, o, x, shape.flips(p, o, x));
                if !visit(x, self.evaluate(cp, co)) {
                    return;
                }
            }
        }
    }
}

const CORNERS: u64 = 0x8100_0000_0000_0081;
const X_SQUARES: [(u64, u64); 4] = [(1 << 0, 1 << 9), (1 << 7, 1 << 14), (1 << 56, 1 << 49), (1 << 63, 1 << 54)];
const C_SQUARES: [(u64, u64); 4] = [
    (1 << 0, (1 << 1) | (1 << 8)),
    (1 << 7, (1 << 6) | (1 << 15)),
    (1 << 56, (1 << 57) | (1 << 48)),
    (1 << 63, (1 << 62) | (1 << 55)),
];

/// The weights of the hand-tuned evaluation at one game stage, in [`SCALE`] units.
#[derive(Clone, Copy, Debug)]
struct Weights {
    mobility: i32,
    corner_mobility: i32,
    potential: i32,
    corner: i32,
    x_square: i32,
    c_square: i32,
    stable: i32,
    parity: i32,
    discs: i32,
}

/// Interpolates between the opening (60 empties) and the end (0 empties).
fn weights_for(empties: u32) -> Weights {
    // (opening, end) in discs; the terms strong programs agree on.
    let lerp = |open: f64, end: f64| {
        let t = empties as f64 / 60.0;
        ((end + (open - end) * t) * SCALE as f64).round() as i32
    };
    Weights {
        mobility: lerp(1.0, 0.6),
        corner_mobility: lerp(1.5, 1.0),
        potential: lerp(0.35, 0.15),
        corner: lerp(7.0, 4.0),
        x_square: lerp(-5.0, -1.5),
        c_square: lerp(-1.5, -0.4),
        stable: lerp(1.5, 1.2),
        parity: lerp(0.0, 2.0),
        discs: lerp(-0.15, 0.6),
    }
}

/// The hand-tuned evaluation: mobility, potential mobility, corners, X and C squares,
/// edge-stable discs, parity and disc count, weighted by game stage.
pub struct HandTuned {
    weights: [Weights; 61],
}

impl Default for HandTuned {
    fn default() -> HandTuned {
        HandTuned { weights: std::array::from_fn(|e| weights_for(e as u32)) }
    }
}

impl Evaluator for HandTuned {
    fn name(&self) -> &'static str {
        "hand-tuned"
    }

    fn evaluate(&self, p: u64, o: u64) -> i32 {
        let empty = !(p | o);
        let n = empty.count_ones();
        let w = &self.weights[n as usize];
        let mp = moves(p, o);
        let mo = moves(o, p);
        let mut s = w.mobility * (mp.count_ones() as i32 - mo.count_ones() as i32);
        s += w.corner_mobility * ((mp & CORNERS).count_ones() as i32 - (mo & CORNERS).count_ones() as i32);
        // Empty squares next to the other side's discs: room to move later.
        let pot_p = (neighbours(o) & empty).count_ones() as i32;
        let pot_o = (neighbours(p) & empty).count_ones() as i32;
        s += w.potential * (pot_p - pot_o);
        s += w.corner * ((p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32);
        for (corner, x) in X_SQUARES {
            if empty & corner != 0 {
                s += w.x_square * ((p & x != 0) as i32 - (o & x != 0) as i32);
            }
        }
        for (corner, c) in C_SQUARES {
            if empty & corner != 0 {
                s += w.c_square * ((p & c).count_ones() as i32 - (o & c).count_ones() as i32);
            }
        }
        let sp = edge_stable_discs(p, o).count_ones() as i32;
        let so = edge_stable_discs(o, p).count_ones() as i32;
        s += w.stable * (sp - so);
        if n % 2 == 1 {
            s += w.parity;
        }
        s += w.discs * (p.count_ones() as i32 - o.count_ones() as i32);
        s.clamp(-63 * SCALE, 63 * SCALE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn symmetric_positions_score_the_same() {
        let e = HandTuned::default();
        let (b, _) = Board::START.try_play("f5".parse().unwrap()).unwrap();
        let (b, _) = b.try_play("f6".parse().unwrap()).unwrap();
        let (b, _) = b.try_play("e6".parse().unwrap()).unwrap();
        let base = e.evaluate(b.player.0, b.opponent.0);
        for k in 0..8 {
            let t = b.symmetry(k);
            assert_eq!(e.evaluate(t.player.0, t.opponent.0), base, "symmetry {k}");
        }
    }

    #[test]
    fn a_corner_is_good_for_its_owner() {
        let e = HandTuned::default();
        let (p, o) = (0x0000_0018_1000_0000u64 | 1, 0x0000_0000_0800_0000u64);
        assert!(e.evaluate(p, o) > e.evaluate(p & !1, o));
        assert!(e.evaluate(o, p) < e.evaluate(o, p & !1));
    }
}
