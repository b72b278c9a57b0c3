//! The learned evaluation: a sum of weights looked up for patterns of squares.
//!
//! Eleven pattern shapes (edges with their X squares, corner blocks, rows, diagonals)
//! are read from the board in each of their places; the eight symmetries of the square
//! carry one shape to all its places, and a configuration shares its weight with its
//! mirror image, so each shape is trained once. Weights are kept per game stage
//! ([`STAGES`] stages by the number of empty squares).
//!
//! The weights come from `data/eval.weights`, written by the `train` tool (see
//! `TRAINING.md`). With the `embedded-weights` feature (on by default) the file is built
//! into the library; the page's wasm is built without it, to stay small, and its AI
//! worker installs the file when it arrives ([`install_weights`]). [`Learned::from_bytes`] checks the
//! file's size, version, layout and checksum and refuses a bad file with a
//! [`WeightsError`] rather than evaluate with wrong weights.

use std::fmt;
use std::sync::{Arc, RwLock};

use super::eval::{Evaluator, SCALE};
use super::features::*;
pub use super::features::{canonical_indices, feature_indices, stage, PatternView, FEATURES, STAGES, WEIGHTS_PER_STAGE};

/// Weight units per disc in the weight file.
pub const UNITS_PER_DISC: i32 = 8;

const MAGIC: &[u8; 4] = b"RVPW";
/// The weight file format this build reads.
pub const FORMAT_VERSION: u16 = 1;
const HEADER_BYTES: usize = 4 + 2 + 2 + 4 + 2 + 4 + 4;

/// What is wrong with a weight file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Shorter than its header or than the length the header gives.
    TooShort {
        /// Bytes present.
        len: usize,
        /// Bytes needed.
        needed: usize,
    },
    /// Does not start with the weight file's magic bytes.
    NotAWeightFile,
    /// Written in a format version this build does not read.
    Version(u16),
    /// Written for another set of patterns or stages.
    Layout {
        /// Stages in the file.
        stages: u16,
        /// Weights per stage in the file.
        weights: u32,
    },
    /// The payload's checksum does not match the header.
    Checksum {
        /// In the header.
        expected: u32,
        /// Of the payload.
        found: u32,
    },
    /// The payload does not decode to exactly the expected weights.
    Corrupt(&'static str),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::TooShort { len, needed } => {
                write!(f, "weight file has {len} bytes, expected at least {needed}")
            }
            WeightsError::NotAWeightFile => write!(f, "not a weight file (bad magic bytes)"),
            WeightsError::Version(v) => write!(f, "weight file version {v}, this build reads version {FORMAT_VERSION}"),
            WeightsError::Layout { stages, weights } => write!(
                f,
                "weight file is for {stages} stages of {weights} weights, this build uses {STAGES} of {WEIGHTS_PER_STAGE}"
            ),
            WeightsError::Checksum { expected, found } => {
                write!(f, "weight file checksum is {found:08x}, its header says {expected:08x}")
            }
            WeightsError::Corrupt(what) => write!(f, "weight file is corrupt: {what}"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// FNV-1a, 32 bits: enough to catch a damaged or truncated file.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Result<u32, WeightsError> {
    let mut v = 0u32;
    for shift in (0..35).step_by(7) {
        let b = *bytes.get(*at).ok_or(WeightsError::Corrupt("payload ends inside a number"))?;
        *at += 1;
        v |= ((b & 0x7f) as u32).checked_shl(shift).ok_or(WeightsError::Corrupt("number too long"))?;
        if b < 0x80 {
            return Ok(v);
        }
    }
    Err(WeightsError::Corrupt("number too long"))
}

/// Writes weights (`STAGES * WEIGHTS_PER_STAGE`, in [`UNITS_PER_DISC`]) as a weight
/// file: a header (magic, version, layout, payload length, checksum) and, per stage,
/// the canonical weights as zig-zag varints with runs of zeros collapsed.
///
/// # Panics
/// If `weights` has the wrong length.
pub fn encode_weights(weights: &[i16]) -> Vec<u8> {
    encode(weights, WEIGHTS_PER_STAGE)
}

/// [`encode_weights`] for the first `per_stage` weights of each stage only: the file a
/// build with just the first shapes would write (for testing the widening).
fn encode(weights: &[i16], per_stage: usize) -> Vec<u8> {
    assert_eq!(weights.len(), STAGES * WEIGHTS_PER_STAGE);
    let canon = canonical_indices();
    let mut payload = Vec::new();
    for stage in weights.chunks(WEIGHTS_PER_STAGE) {
        let mut zeros = 0u32;
        for (i, &w) in stage[..per_stage].iter().enumerate() {
            if canon[i] as usize != i {
                continue;
            }
            if w == 0 {
                zeros += 1;
                continue;
            }
            if zeros > 0 {
                put_varint(&mut payload, 0);
                put_varint(&mut payload, zeros);
                zeros = 0;
            }
            put_varint(&mut payload, ((w as i32) << 1 ^ (w as i32) >> 31) as u32);
        }
        if zeros > 0 {
            put_varint(&mut payload, 0);
            put_varint(&mut payload, zeros);
        }
    }
    let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(STAGES as u16).to_le_bytes());
    out.extend_from_slice(&(per_stage as u32).to_le_bytes());
    out.extend_from_slice(&(UNITS_PER_DISC as u16).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&checksum(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

/// Reads a weight file written by [`encode_weights`], checking it whole.
///
/// # Errors
/// A [`WeightsError`] saying what is wrong; no weights are returned from a bad file.
pub fn decode_weights(bytes: &[u8]) -> Result<Vec<i16>, WeightsError> {
    decode(bytes, false)
}

/// Reads a weight file as [`decode_weights`] does, and also one written for the first
/// shapes of this layout only (a build before later shapes were added): those weights
/// are kept and the later shapes' are zero. For refining old weights with new shapes
/// (`train fit --base`); a searcher never loads such a file.
///
/// # Errors
/// A [`WeightsError`] if the file is bad or its layout is not a prefix of this one.
pub fn decode_weights_widened(bytes: &[u8]) -> Result<Vec<i16>, WeightsError> {
    decode(bytes, true)
}

fn decode(bytes: &[u8], widen: bool) -> Result<Vec<i16>, WeightsError> {
    if bytes.len() < HEADER_BYTES {
        return Err(WeightsError::TooShort { len: bytes.len(), needed: HEADER_BYTES });
    }
    if &bytes[..4] != MAGIC {
        return Err(WeightsError::NotAWeightFile);
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let version = u16_at(4);
    if version != FORMAT_VERSION {
        return Err(WeightsError::Version(version));
    }
    let (stages, per_stage, units) = (u16_at(6), u32_at(8), u16_at(12));
    let prefix = widen && OFFSETS.contains(&per_stage) && per_stage > 0;
    if stages as usize != STAGES || (per_stage as usize != WEIGHTS_PER_STAGE && !prefix) || units as i32 != UNITS_PER_DISC {
        return Err(WeightsError::Layout { stages, weights: per_stage });
    }
    let per_stage = per_stage as usize;
    let len = u32_at(14) as usize;
    let needed = HEADER_BYTES + len;
    if bytes.len() != needed {
        return Err(WeightsError::TooShort { len: bytes.len(), needed });
    }
    let payload = &bytes[HEADER_BYTES..];
    let (expected, found) = (u32_at(18), checksum(payload));
    if expected != found {
        return Err(WeightsError::Checksum { expected, found });
    }
    let canon = canonical_indices();
    let mut weights = vec![0i16; STAGES * WEIGHTS_PER_STAGE];
    let mut at = 0;
    for stage in weights.chunks_mut(WEIGHTS_PER_STAGE) {
        let mut zeros = 0u32;
        for i in 0..per_stage {
            let c = canon[i] as usize;
            if c != i {
                stage[i] = stage[c];
                continue;
            }
            if zeros > 0 {
                zeros -= 1;
                continue;
            }
            let v = get_varint(payload, &mut at)?;
            if v == 0 {
                zeros = get_varint(payload, &mut at)?;
                if zeros == 0 {
                    return Err(WeightsError::Corrupt("empty run of zeros"));
                }
                zeros -= 1;
                continue;
            }
            let w = (v >> 1) as i32 ^ -((v & 1) as i32);
            stage[i] = i16::try_from(w).map_err(|_| WeightsError::Corrupt("weight out of range"))?;
        }
        if zeros > 0 {
            return Err(WeightsError::Corrupt("run of zeros crosses a stage"));
        }
    }
    if at != payload.len() {
        return Err(WeightsError::Corrupt("bytes left after the last weight"));
    }
    Ok(weights)
}

/// The pattern evaluation with weights from a checked weight file.
#[derive(Clone)]
pub struct Learned {
    weights: Arc<[i16]>,
}

/// The weight file built into the library.
#[cfg(feature = "embedded-weights")]
pub static EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../data/eval.weights");

/// The weights every new searcher uses: installed at run time, or else decoded once
/// from the embedded file.
static CURRENT: RwLock<Option<Learned>> = RwLock::new(None);

/// Checks a weight file and makes it the evaluation of every searcher made from now on.
///
/// # Errors
/// A [`WeightsError`] if the file is bad; the weights in use do not change then.
pub fn install_weights(bytes: &[u8]) -> Result<(), WeightsError> {
    let learned = Learned::from_bytes(bytes)?;
    *CURRENT.write().unwrap_or_else(|e| e.into_inner()) = Some(learned);
    Ok(())
}

impl Learned {
    /// The evaluation with weights read from `bytes` (a weight file).
    ///
    /// # Errors
    /// A [`WeightsError`] if the file is damaged, truncated, or for another layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Learned, WeightsError> {
        Ok(Learned { weights: decode_weights(bytes)?.into() })
    }

    /// The evaluation with the weights built into the library.
    ///
    /// # Errors
    /// As [`Learned::from_bytes`]; the embedded file is checked by the tests.
    #[cfg(feature = "embedded-weights")]
    pub fn embedded() -> Result<Learned, WeightsError> {
        Learned::from_bytes(EMBEDDED_WEIGHTS)
    }

    /// The weights in use: the last installed ([`install_weights`]), else the embedded
    /// file's (decoded once); `None` when there are none (a build without embedded
    /// weights before any were installed).
    pub fn current() -> Option<Learned> {
        if let Some(l) = CURRENT.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
            return Some(l.clone());
        }
        #[cfg(feature = "embedded-weights")]
        {
            let mut slot = CURRENT.write().unwrap_or_else(|e| e.into_inner());
            if slot.is_none() {
                *slot = Learned::embedded().ok();
            }
            return slot.clone();
        }
        #[allow(unreachable_code)]
        None
    }

    /// The raw sum of weights for `(p, o)`, in [`UNITS_PER_DISC`].
    #[inline]
    pub fn raw(&self, p: u64, o: u64) -> i32 {
        let s = stage((!(p | o)).count_ones());
        let w = &self.weights[s * WEIGHTS_PER_STAGE..(s + 1) * WEIGHTS_PER_STAGE];
        let mut sum = 0;
        for_each_feature(p, o, |i| sum += w[i as usize] as i32);
        sum
    }
}

/// A raw sum in weight units as an evaluation in [`SCALE`] units.
#[inline(always)]
fn scaled(raw: i32) -> i32 {
    (raw * SCALE / UNITS_PER_DISC).clamp(-63 * SCALE, 63 * SCALE)
}

impl Evaluator for Learned {
    fn name(&self) -> &'static str {
        "learned"
    }

    fn evaluate(&self, p: u64, o: u64) -> i32 {
        scaled(self.raw(p, o))
    }

    /// The patterns of the position are read once, from the replying side's view;
    /// each reply's patterns are then that reading plus, for every square that
    /// changes, a row of [`square_deltas`]: the placed disc becomes digit 2 (the
    /// mover's disc, seen from the replier) and every flipped disc moves from 1 to 2.
    fn view(&self, p: u64, o: u64) -> Option<PatternView> {
        Some(PatternView::of(p, o))
    }

    fn evaluate_replies(&self, _shape: &crate::shape::Othello, p: u64, o: u64, base: Option<&PatternView>, groups: &[u64], visit: &mut dyn FnMut(u8, i32) -> bool) {
        let base = match base {
            Some(v) => *v,
            None => PatternView::of(o, p),
        };
        // A reading handed down the tree must be this node's (checked in the tests).
        debug_assert_eq!(base, PatternView::of(o, p), "a handed pattern reading is not this node's");
        let s = stage((!(p | o)).count_ones().saturating_sub(1));
        let w = &self.weights[s * WEIGHTS_PER_STAGE..(s + 1) * WEIGHTS_PER_STAGE];
        for &group in groups {
            let mut m = group;
            while m != 0 {
                let x = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = crate::board::flips(p, o, crate::Square::new(x as u8).expect("bit index < 64"));
                let view = base.after_their_move(x as u32, f);
                let (cp, co) = (o ^ f, p ^ f ^ (1 << x));
                let mut sum = view.sum(w);
                for_each_count(cp, co, |i| sum += w[i as usize] as i32);
                if !visit(x as u8, scaled(sum)) {
                    return;
                }
            }
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::moves;
    use crate::Board;

    /// The squares of a place, read the slow way: for checking the bit tricks.
    fn slow_index(p: u64, o: u64, squares: &[(u32, u32)]) -> u32 {
        squares
            .iter()
            .enumerate()
            .map(|(i, &(r, c))| {
                let bit = 1u64 << (8 * r + c);
                pow3(i as u32) * if p & bit != 0 { 1 } else if o & bit != 0 { 2 } else { 0 }
            })
            .sum()
    }

    fn random_board(seed: u64) -> (u64, u64) {
        let mut rng = crate::search::Rng::new(seed);
        let a = rng.next_u64();
        let b = rng.next_u64() & !a;
        (a, b)
    }

    #[test]
    fn indices_match_a_plain_reading_of_the_squares() {
        for seed in 0..200 {
            let (p, o) = random_board(seed);
            let f = feature_indices(p, o);
            let edge: Vec<(u32, u32)> = (0..8).map(|c| (0, c)).chain([(1, 1), (1, 6)]).collect();
            assert_eq!(f[0], OFFSETS[0] + slow_index(p, o, &edge));
            // Column h, read from h1 down, with g2 and g7.
            let right: Vec<(u32, u32)> = (0..8).map(|r| (r, 7)).chain([(1, 6), (6, 6)]).collect();
            assert_eq!(f[3], OFFSETS[0] + slow_index(p, o, &right));
            let c9: Vec<(u32, u32)> = (0..9).map(|i| (i / 3, i % 3)).collect();
            assert_eq!(f[4], OFFSETS[1] + slow_index(p, o, &c9));
            // Corner h8's block, read from h8.
            let c9h8: Vec<(u32, u32)> = (0..9).map(|i| (7 - i / 3, 7 - i % 3)).collect();
            assert_eq!(f[7], OFFSETS[1] + slow_index(p, o, &c9h8));
            let c10: Vec<(u32, u32)> = (0..10).map(|i| (i / 5, i % 5)).collect();
            assert_eq!(f[8], OFFSETS[2] + slow_index(p, o, &c10));
            // The transposed block at a1: a1..a5 then b1..b5.
            let c10t: Vec<(u32, u32)> = (0..10).map(|i| (i % 5, i / 5)).collect();
            assert_eq!(f[12], OFFSETS[2] + slow_index(p, o, &c10t));
            let row2: Vec<(u32, u32)> = (0..8).map(|c| (1, c)).collect();
            assert_eq!(f[16], OFFSETS[3] + slow_index(p, o, &row2));
            let diag: Vec<(u32, u32)> = (0..8).map(|r| (r, r)).collect();
            assert_eq!(f[28], OFFSETS[6] + slow_index(p, o, &diag));
            let anti: Vec<(u32, u32)> = (0..8).map(|r| (r, 7 - r)).collect();
            assert_eq!(f[29], OFFSETS[6] + slow_index(p, o, &anti));
            let d4: Vec<(u32, u32)> = (0..4).map(|r| (r, r + 4)).collect();
            assert_eq!(f[42], OFFSETS[10] + slow_index(p, o, &d4));
            let tri: [(u32, u32); 10] = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (3, 0)];
            assert_eq!(f[46], OFFSETS[14] + slow_index(p, o, &tri));
            // Corner h8's triangle, read from h8.
            let tri_h8: Vec<(u32, u32)> = tri.iter().map(|&(r, c)| (7 - r, 7 - c)).collect();
            assert_eq!(f[49], OFFSETS[14] + slow_index(p, o, &tri_h8));
            let block: [(u32, u32); 10] = [(0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (0, 7), (1, 2), (1, 3), (1, 4), (1, 5)];
            assert_eq!(f[50], OFFSETS[15] + slow_index(p, o, &block));
            // Column a's block, read from a1 down.
            let block_a: Vec<(u32, u32)> = block.iter().map(|&(r, c)| (c, r)).collect();
            assert_eq!(f[52], OFFSETS[15] + slow_index(p, o, &block_a));
            assert_eq!(f[PATTERN_PLACES], OFFSETS[11]);
            let mobility = moves(p, o).count_ones() as i32 - moves(o, p).count_ones() as i32;
            assert_eq!(f[PATTERN_PLACES + 1], OFFSETS[12] + (mobility.clamp(-32, 31) + 32) as u32);
        }
    }

    #[test]
    fn a_file_of_the_first_shapes_is_widened_with_zeros_only_when_asked() {
        let full = decode_weights(EMBEDDED_WEIGHTS).expect("embedded weight file");
        let old_layout = OFFSETS[14] as usize;
        let file = encode(&full, old_layout);
        assert!(matches!(decode_weights(&file), Err(WeightsError::Layout { .. })));
        assert!(Learned::from_bytes(&file).is_err());
        let widened = decode_weights_widened(&file).expect("a prefix of the layout");
        for (old, new) in full.chunks(WEIGHTS_PER_STAGE).zip(widened.chunks(WEIGHTS_PER_STAGE)) {
            assert_eq!(new[..old_layout], old[..old_layout]);
            assert!(new[old_layout..].iter().all(|&w| w == 0));
            assert!(old[old_layout..].iter().any(|&w| w != 0), "the new shapes have weights to drop");
        }
        // A layout that is no prefix of shapes is refused even then.
        let odd = encode(&full, old_layout - 1);
        assert!(decode_weights_widened(&odd).is_err());
    }

    #[test]
    fn a_view_gives_the_indices_of_a_plain_reading() {
        // Its lanes, its shapes' offsets and the padding, against the reading that the
        // training and `evaluate` use.
        for seed in 0..500 {
            let (p, o) = random_board(seed);
            let (view, plain) = (PatternView::of(p, o), feature_indices(p, o));
            for (k, &i) in plain[..PATTERN_PLACES].iter().enumerate() {
                assert_eq!(view.index(k), i as usize, "place {k} of {p:x} {o:x}");
            }
        }
    }

    #[test]
    fn replies_evaluated_together_score_as_each_alone() {
        let e = Learned::embedded().expect("embedded weight file");
        let mut rng = crate::search::Rng::new(11);
        let mut checked = 0;
        for _ in 0..300 {
            // Positions of a random game, so that every stage and many flips occur.
            let mut b = Board::START;
            let mut last: Option<(u64, u64, u32, u64)> = None;
            loop {
                let m = b.moves().0;
                if m == 0 {
                    if !b.pass().can_move() {
                        break;
                    }
                    b = b.pass();
                    last = None;
                    continue;
                }
                let (p, o) = (b.player.0, b.opponent.0);
                let groups = [m & 0x8100_0000_0000_0081, m & !0x8100_0000_0000_0081];
                let mut seen = 0u64;
                // Both from a fresh reading and from the view handed down by the
                // position before (when there was a move into this one).
                let handed = last.map(|(pp, po, x, f)| {
                    let v: PatternView = e.view(pp, po).unwrap();
                    assert_eq!((po ^ f, pp ^ f ^ (1u64 << x)), (p, o));
                    v.after_own_move(x, f)
                });
                if let Some(h) = handed {
                    assert_eq!(h, PatternView::of(o, p), "handed view");
                }
                e.evaluate_replies(&crate::shape::Othello, p, o, handed.as_ref(), &groups, &mut |x, v| {
                    let f = crate::board::flips(p, o, crate::Square::new(x).unwrap());
                    assert_eq!(v, e.evaluate(o ^ f, p ^ f ^ (1 << x)), "reply {x} to {p:x} {o:x}");
                    seen |= 1 << x;
                    checked += 1;
                    true
                });
                assert_eq!(seen, m, "every reply is visited");
                let k = rng.next_u64() % m.count_ones() as u64;
                let mut mm = m;
                for _ in 0..k {
                    mm &= mm - 1;
                }
                let x = mm.trailing_zeros();
                last = Some((p, o, x, crate::board::flips(p, o, crate::Square::new(x as u8).unwrap())));
                b = b.try_play(crate::Square::new(x as u8).unwrap()).unwrap().0;
            }
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn every_shape_is_read_in_all_its_places() {
        // Each square of the board is covered the same number of times as its images.
        let (p, o) = random_board(7);
        for k in 0..8 {
            let t = Board::new(crate::Bitboard(p), crate::Bitboard(o)).symmetry(k);
            let mut a: Vec<u32> = feature_indices(p, o).iter().map(|&i| canonical_indices()[i as usize]).collect();
            let mut b: Vec<u32> =
                feature_indices(t.player.0, t.opponent.0).iter().map(|&i| canonical_indices()[i as usize]).collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "symmetry {k} gives other weights");
        }
    }

    fn some_weights() -> Vec<i16> {
        let mut rng = crate::search::Rng::new(3);
        let canon = canonical_indices();
        let mut w = vec![0i16; STAGES * WEIGHTS_PER_STAGE];
        for s in 0..STAGES {
            for i in 0..WEIGHTS_PER_STAGE {
                let c = canon[i] as usize;
                w[s * WEIGHTS_PER_STAGE + i] = if c != i {
                    w[s * WEIGHTS_PER_STAGE + c]
                } else if rng.next_u64() % 5 == 0 {
                    (rng.next_u64() % 2001) as i16 - 1000
                } else {
                    0
                };
            }
        }
        w
    }

    #[test]
    fn weight_files_round_trip() {
        let w = some_weights();
        assert_eq!(decode_weights(&encode_weights(&w)).unwrap(), w);
    }

    #[test]
    fn damaged_weight_files_are_refused() {
        let good = encode_weights(&some_weights());
        assert!(matches!(decode_weights(&good[..10]), Err(WeightsError::TooShort { .. })));
        assert!(matches!(decode_weights(&good[..good.len() - 1]), Err(WeightsError::TooShort { .. })));
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(decode_weights(&bad), Err(WeightsError::NotAWeightFile));
        let mut bad = good.clone();
        bad[4] = 9;
        assert_eq!(decode_weights(&bad), Err(WeightsError::Version(9)));
        let mut bad = good.clone();
        bad[6] = 3;
        assert!(matches!(decode_weights(&bad), Err(WeightsError::Layout { stages: 3, .. })));
        let mut bad = good.clone();
        let mid = bad.len() / 2;
        bad[mid] ^= 0x10;
        let e = decode_weights(&bad).unwrap_err();
        assert!(matches!(e, WeightsError::Checksum { .. }));
        assert!(e.to_string().contains("checksum"), "{e}");
        assert!(Learned::from_bytes(&bad).is_err());
    }

    #[test]
    fn a_searcher_uses_the_learned_evaluation() {
        assert_eq!(crate::search::Searcher::new(1 << 16).evaluator_name(), "learned");
    }

    #[test]
    fn the_embedded_weights_load_and_are_symmetric() {
        let e = Learned::embedded().expect("embedded weight file");
        let (b, _) = Board::START.try_play("f5".parse().unwrap()).unwrap();
        let (b, _) = b.try_play("d6".parse().unwrap()).unwrap();
        let (b, _) = b.try_play("c3".parse().unwrap()).unwrap();
        let base = e.evaluate(b.player.0, b.opponent.0);
        for k in 0..8 {
            let t = b.symmetry(k);
            assert_eq!(e.evaluate(t.player.0, t.opponent.0), base, "symmetry {k}");
        }
    }
}
