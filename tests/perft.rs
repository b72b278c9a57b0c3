//! Perft from the standard start against the published counts in
//! `data/perft.txt` (Aart Bik's "Perft for Reversi").
//!
//! Pass convention, as in the published counts: a pass is a ply (the position after
//! the pass is one level deeper), and a position where neither side can move is a leaf
//! at whatever depth it occurs.
#![cfg(not(target_arch = "wasm32"))]

use reversi::{perft::perft, Board};

fn published() -> Vec<(u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/perft.txt");
    let text = std::fs::read_to_string(path).expect("data/perft.txt is readable");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            (f.next().unwrap().parse().unwrap(), f.next().unwrap().parse().unwrap())
        })
        .collect()
}

fn check(range: std::ops::RangeInclusive<u32>) {
    let counts = published();
    let mut checked = 0;
    for (depth, leaves) in counts.into_iter().filter(|(d, _)| range.contains(d)) {
        assert_eq!(perft(Board::START, depth), leaves, "perft({depth})");
        checked += 1;
    }
    assert_eq!(checked, range.count(), "the file lists every depth asked for");
}

#[test]
fn perft_1_to_9() {
    check(1..=9);
}

#[test]
#[ignore = "takes several seconds; run with --ignored"]
fn perft_10_to_12() {
    check(10..=12);
}

#[test]
fn perft_is_the_same_under_symmetry() {
    // The start position is symmetric under the transpose and the 180° turn.
    for k in [0u8, 3, 4, 7] {
        assert_eq!(perft(Board::START.symmetry(k), 7), 55092, "symmetry {k}");
    }
}
