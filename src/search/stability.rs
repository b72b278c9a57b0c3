//! A lower bound on the discs that can never be flipped again.
//!
//! Edges are judged exactly from a table of every edge configuration (a disc that stays
//! its colour whatever is played on its edge); the inside by the usual fixpoint: a disc
//! is stable when on each of its four lines either the line is full or a neighbour on
//! that line is the wall or a stable disc of its colour.

use std::sync::OnceLock;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0x0000_0000_0000_00ff;
const RANK_8: u64 = 0xff00_0000_0000_0000;

/// `EDGE[p * 256 + o]`: the discs of `p` on one 8-square edge that no sequence of moves
/// on that edge can flip.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 65536];
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o == 0 {
                    t[(p * 256 + o) as usize] = edge_stable(p as u8, o as u8, p as u8);
                }
            }
        }
        t
    })
}

/// Places a disc of `p` on `x` (whatever the legality) and flips what it outflanks on
/// the edge.
fn edge_place(p: u8, o: u8, x: u32) -> (u8, u8) {
    let mut p = p | (1 << x);
    let mut o = o;
    for step in [-1i32, 1] {
        let mut y = x as i32 + step;
        let mut line = 0u8;
        while (0..8).contains(&y) && o & (1 << y) != 0 {
            line |= 1 << y;
            y += step;
        }
        if line != 0 && (0..8).contains(&y) && p & (1 << y) != 0 {
            p |= line;
            o &= !line;
        }
    }
    (p, o)
}

/// The subset of `stable` (discs of the first player) that survives every sequence
/// of edge moves by either side from `(p, o)`.
fn edge_stable(p: u8, o: u8, mut stable: u8) -> u8 {
    stable &= p;
    let empty = !(p | o);
    if stable == 0 || empty == 0 {
        return stable;
    }
    for x in 0..8 {
        if empty & (1 << x) == 0 {
            continue;
        }
        let (np, no) = edge_place(p, o, x);
        stable = edge_stable(np, no, stable);
        if stable == 0 {
            return 0;
        }
        let (no, np) = edge_place(o, p, x);
        stable = edge_stable(np, no, stable);
        if stable == 0 {
            return 0;
        }
    }
    stable
}

/// Packs the a-file (a1 lowest) into a byte.
#[inline(always)]
fn pack_a(b: u64) -> u32 {
    (((b & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u32
}

/// Unpacks a byte onto the a-file.
#[inline(always)]
fn unpack_a(x: u32) -> u64 {
    UNPACK_A[x as usize & 255]
}

const UNPACK_A: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            if x >> i & 1 != 0 {
                t[x] |= 1u64 << (8 * i);
            }
            i += 1;
        }
        x += 1;
    }
    t
};

/// Edge-stable discs of `p` on all four edges.
#[inline]
pub fn edge_stable_discs(p: u64, o: u64) -> u64 {
    let t = edge_table();
    let idx = |pp: u32, oo: u32| t[(pp * 256 + oo) as usize] as u32;
    let top = idx((p & RANK_1) as u32, (o & RANK_1) as u32) as u64;
    let bottom = (idx((p >> 56) as u32, (o >> 56) as u32) as u64) << 56;
    let left = unpack_a(idx(pack_a(p), pack_a(o)));
    let right = unpack_a(idx(pack_a(p >> 7), pack_a(o >> 7))) << 7;
    top | bottom | left | right
}

/// Lines (in each of the four axes) that are completely full, as masks of the squares
/// that lie on a full line in that axis: `[horizontal, vertical, diagonal, antidiagonal]`.
#[inline]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut h = occ;
    h &= h >> 1 | FILE_H;
    h &= h >> 2 | (FILE_H | FILE_H >> 1);
    h &= h >> 4 | (FILE_H | FILE_H >> 1 | FILE_H >> 2 | FILE_H >> 3);
    // h now has bit a-file set where the whole row is full; spread it along the row.
    let h = (h & FILE_A).wrapping_mul(0xff);

    let mut v = occ;
    v &= v >> 8 | RANK_8;
    v &= v >> 16 | (RANK_8 | RANK_8 >> 8);
    v &= v >> 32 | (RANK_8 | RANK_8 >> 8 | RANK_8 >> 16 | RANK_8 >> 24);
    let v = (v & RANK_1).wrapping_mul(0x0101_0101_0101_0101);

    let mut d9 = 0u64;
    let mut d7 = 0u64;
    for m in DIAG9.iter() {
        if occ & m == *m {
            d9 |= m;
        }
    }
    for m in DIAG7.iter() {
        if occ & m == *m {
            d7 |= m;
        }
    }
    [h, v, d9, d7]
}

const fn diagonals(anti: bool) -> [u64; 15] {
    let mut out = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (sq / 8, sq % 8);
        let k = if anti { r + c } else { r + 7 - c };
        out[k] |= 1u64 << sq;
        sq += 1;
    }
    out
}

/// Diagonals running a1-h8 (step 9), and a8-h1 (step 7).
const DIAG9: [u64; 15] = diagonals(false);
const DIAG7: [u64; 15] = diagonals(true);

/// A lower bound on the stable discs of `p` (against `o`).
#[inline]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let occ = p | o;
    let [fh, fv, fd9, fd7] = full_lines(occ);
    let mut stable = edge_stable_discs(p, o) | (p & fh & fv & fd9 & fd7);
    if stable == 0 {
        return 0;
    }
    let inner = p & !(stable);
    loop {
        let old = stable;
        let h = (stable >> 1) | (stable << 1) | fh;
        let v = (stable >> 8) | (stable << 8) | fv;
        let d9 = (stable >> 9) | (stable << 9) | fd9;
        let d7 = (stable >> 7) | (stable << 7) | fd7;
        // Edge squares always have the wall on the axes across the edge; they are
        // judged exactly by the edge table, so only interior discs are added here.
        stable |= inner & h & v & d9 & d7 & 0x007e_7e7e_7e7e_7e00;
        if stable == old {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{flips, moves};

    #[test]
    fn pack_and_unpack_the_a_file() {
        for x in 0..256u32 {
            assert_eq!(pack_a(unpack_a(x)), x);
        }
        assert_eq!(pack_a(1 << 56), 0x80);
    }

    #[test]
    fn corners_are_stable_and_the_start_has_none() {
        assert_eq!(stable_discs(1, 1 << 9), 1);
        assert_eq!(stable_discs(0x0000_0008_1000_0000, 0x0000_0010_0800_0000), 0);
    }

    /// Stable discs must stay their colour through random continuations.
    #[test]
    fn stable_discs_never_flip_in_random_play() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..400 {
            let (mut black, mut white, mut black_moves) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64, true);
            let mut seen = vec![];
            loop {
                seen.push((black, white));
                let (p, o) = if black_moves { (black, white) } else { (white, black) };
                let m = moves(p, o);
                if m == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    black_moves = !black_moves;
                    continue;
                }
                let mut mm = m;
                for _ in 0..rnd() % m.count_ones() as u64 {
                    mm &= mm - 1;
                }
                let sq = crate::Square::new(mm.trailing_zeros() as u8).unwrap();
                let f = flips(p, o, sq);
                let (np, no) = (p ^ f ^ sq.bit().0, o ^ f);
                if black_moves {
                    (black, white) = (np, no);
                } else {
                    (white, black) = (np, no);
                }
                black_moves = !black_moves;
            }
            for &(b, w) in &seen {
                let sb = stable_discs(b, w);
                let sw = stable_discs(w, b);
                assert_eq!(sb & black, sb, "a stable black disc was flipped");
                assert_eq!(sw & white, sw, "a stable white disc was flipped");
                checked += sb.count_ones() + sw.count_ones();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
