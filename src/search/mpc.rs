//! Multi-ProbCut (Buro, 1997): a deep midgame search is skipped when a much shallower
//! search already says, with high probability, that it would fail high or low.
//!
//! The shallow value `v` of a search `d'` plies deep predicts the value of the search
//! `d` plies deep as `a·v + b`, with an error of standard deviation `σ`. With a cut
//! threshold `t` (in standard deviations), a node of depth `d` with window
//! `(alpha, beta)` returns `beta` at once when the shallow search proves
//! `a·v + b − t·σ ≥ beta`, and `alpha` when it proves `a·v + b + t·σ ≤ alpha`; each proof is one
//! null-window search at depth `d'`. The larger `t`, the safer and the slower.
//!
//! `a`, `b` and `σ` come from [`CALIBRATION`], fitted per game stage and depth by
//! `train mpc` on positions of our own self-play games (least squares of the
//! depth-`d` score on the depth-`d'` score; see TRAINING.md). The exact solver never
//! uses this: its scores stay exact.

use super::patterns::{stage, STAGES};

/// The shallowest depth at which nodes are cut.
pub const MIN_DEPTH: u32 = 3;

/// The deepest depth calibrated; deeper nodes use an extrapolated σ.
pub const MAX_CALIBRATED: u32 = 12;

/// The depth of the shallow search that predicts a search `depth` plies deep: about a
/// quarter of the depth, times two, with the same parity (even and odd depths differ
/// in who moves last, which biases the evaluation).
pub const fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + (depth & 1)
}

/// One fitted relation: deep ≈ `a`·shallow + `b` (in discs), error σ (in discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Slope.
    pub a: f32,
    /// Offset in discs.
    pub b: f32,
    /// Standard deviation of the error, in discs.
    pub sigma: f32,
}

/// `(a, b, σ)` for depths `MIN_DEPTH..=MAX_CALIBRATED` (rows) and each stage
/// (columns, by empties as in [`stage`]), written by `train mpc`.
// Measured numbers: one may look like a mathematical constant by chance.
#[allow(clippy::approx_constant)]
pub const CALIBRATION: [[Fit; STAGES]; (MAX_CALIBRATED - MIN_DEPTH + 1) as usize] = include!("mpc_table.rs");

/// The fit for a node `depth` plies deep with `empties` empty squares.
#[inline]
pub fn fit(depth: u32, empties: u32) -> Fit {
    let s = stage(empties);
    if depth <= MAX_CALIBRATED {
        return CALIBRATION[(depth.max(MIN_DEPTH) - MIN_DEPTH) as usize][s];
    }
    // Beyond the calibration, σ grows with the distance between the two depths as it
    // does between the last two calibrated depths of the same parity.
    let last = CALIBRATION[(MAX_CALIBRATED - MIN_DEPTH) as usize - ((depth ^ MAX_CALIBRATED) & 1) as usize][s];
    let before = CALIBRATION[(MAX_CALIBRATED - MIN_DEPTH) as usize - 2 - ((depth ^ MAX_CALIBRATED) & 1) as usize][s];
    let steps = (depth - MAX_CALIBRATED).div_ceil(2) as f32;
    Fit { sigma: last.sigma + steps * (last.sigma - before.sigma).max(0.0), ..last }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_keep_parity_and_stay_shallower() {
        for d in MIN_DEPTH..=40 {
            let s = shallow_depth(d);
            assert!(s >= 1 && s < d, "{d} -> {s}");
            assert_eq!(s % 2, d % 2, "{d} -> {s}");
        }
    }

    #[test]
    fn the_calibration_is_sane() {
        for (row, fits) in CALIBRATION.iter().enumerate() {
            for (s, f) in fits.iter().enumerate() {
                assert!(f.a > 0.5 && f.a < 1.5, "depth {} stage {s}: {f:?}", row as u32 + MIN_DEPTH);
                assert!(f.sigma > 0.0 && f.sigma < 20.0, "depth {} stage {s}: {f:?}", row as u32 + MIN_DEPTH);
                assert!(f.b.abs() < 8.0, "depth {} stage {s}: {f:?}", row as u32 + MIN_DEPTH);
            }
        }
        // Extrapolated fits never get narrower than the deepest calibrated one.
        for e in [20, 30, 40] {
            assert!(fit(20, e).sigma >= fit(MAX_CALIBRATED, e).sigma - 1e-6);
        }
    }
}
