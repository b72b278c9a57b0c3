//! Puzzles: positions where the player must find the best move, classified by theme and
//! difficulty from every move's score, and the compact file the page reads them from.
//!
//! The file (`data/puzzles.bin`, written by `train puzzles`) is a header — the magic
//! bytes `RVPZ`, a format version (u16), a reserved u16 and the count (u32), little
//! endian — and then [`RECORD_BYTES`] per puzzle: Black's discs (u64), White's (u64), a
//! byte with the side to move (bit 0, set for White), the theme (bits 1–3) and the
//! difficulty (bits 4–6), the best move found when the file was made (0–63), its score
//! (i8, for the side to move; exact unless the theme is [`Theme::Midgame`]) and the
//! number of moves within [`NEAR`] discs of it. The page grades answers itself, with the
//! solver where it can; the stored answer names the theme and difficulty, and lets the
//! tests check that the page and the file agree.

use crate::search::MoveScore;
use crate::{Bitboard, Color, Position};

/// Bytes of one puzzle in the file.
pub const RECORD_BYTES: usize = 20;
/// The file format's version.
pub const VERSION: u16 = 1;
/// A move within this many discs of the best one counts as near it (a tempting
/// alternative, for difficulty; and for [`Theme::OnlyMove`]).
pub const NEAR: f64 = 4.0;

/// What a puzzle practises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Finish the game: 6 to 10 empty squares, solved exactly.
    Finish = 0,
    /// Endgame, 11 to 16 empties, solved exactly.
    Endgame = 1,
    /// Deep endgame, 17 to 20 empties, solved exactly.
    DeepEndgame = 2,
    /// Midgame, 24 to 40 empties: scored by a deep search (an estimate).
    Midgame = 3,
    /// A balanced position (best score within ±4) where one move alone keeps the
    /// balance: every other loses 6 discs or more. Solved exactly.
    OnlyMove = 4,
    /// The FFO endgame test positions, the engine authors' classic set.
    Expert = 5,
}

impl Theme {
    /// Every theme, in file order.
    pub const ALL: [Theme; 6] = [Theme::Finish, Theme::Endgame, Theme::DeepEndgame, Theme::Midgame, Theme::OnlyMove, Theme::Expert];

    /// The theme of a position by its number of empty squares (not [`Theme::OnlyMove`]
    /// nor [`Theme::Expert`], which are chosen otherwise).
    pub fn by_empties(empties: u32) -> Option<Theme> {
        match empties {
            6..=10 => Some(Theme::Finish),
            11..=16 => Some(Theme::Endgame),
            17..=20 => Some(Theme::DeepEndgame),
            24..=40 => Some(Theme::Midgame),
            _ => None,
        }
    }
}

/// One puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, with the side to move.
    pub position: Position,
    /// What it practises.
    pub theme: Theme,
    /// 1 (easy) to 5 (hard), ranked within the theme.
    pub difficulty: u8,
    /// The best move found when the file was made, 0–63 (a1 = 0, h8 = 63).
    pub best: u8,
    /// Its score for the side to move (final disc margin).
    pub score: i8,
    /// How many moves score within [`NEAR`] discs of the best (the best included).
    pub near: u8,
}

/// How hard a position is to solve, from its scored moves (best first) and its number
/// of empty squares: tempting alternatives weigh most, then the choice of moves and the
/// length of the line to read. Only the order matters ([`rank_difficulty`] ranks it).
pub fn hardness(scores: &[MoveScore], empties: u32) -> f64 {
    let best = scores.first().map_or(0.0, |m| m.score);
    let tempting = scores.iter().skip(1).filter(|m| m.score < best && best - m.score <= NEAR + 4.0).count();
    3.0 * tempting as f64 + scores.len() as f64 + empties as f64 / 3.0
}

/// Whether scored moves make a puzzle (at least two moves, and a wrong choice that
/// costs at least `min_loss` discs), and whether one move alone keeps the balance.
pub fn judge(scores: &[MoveScore], min_loss: f64) -> Option<bool> {
    if scores.len() < 2 {
        return None;
    }
    let best = scores[0].score;
    let worst = scores[scores.len() - 1].score;
    if best - worst < min_loss {
        return None;
    }
    let only_move = best.abs() <= 4.0 && scores[1].score <= best - 6.0;
    Some(only_move)
}

/// Difficulties 1–5 for hardness values, by quintile (ties share a difficulty).
pub fn rank_difficulty(hardness: &[f64]) -> Vec<u8> {
    let mut sorted: Vec<f64> = hardness.to_vec();
    sorted.sort_by(f64::total_cmp);
    hardness
        .iter()
        .map(|h| {
            let below = sorted.partition_point(|x| x < h);
            (1 + below * 5 / sorted.len().max(1)) as u8
        })
        .collect()
}

/// The near count of scored moves (best first).
pub fn near_count(scores: &[MoveScore]) -> u8 {
    let best = scores.first().map_or(0.0, |m| m.score);
    scores.iter().filter(|m| best - m.score <= NEAR).count().min(255) as u8
}

/// Writes puzzles as a puzzle file.
pub fn encode(puzzles: &[Puzzle]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + puzzles.len() * RECORD_BYTES);
    out.extend_from_slice(b"RVPZ");
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(puzzles.len() as u32).to_le_bytes());
    for p in puzzles {
        out.extend_from_slice(&p.position.black.0.to_le_bytes());
        out.extend_from_slice(&p.position.white.0.to_le_bytes());
        let side = u8::from(p.position.to_move == Color::White);
        out.push(side | (p.theme as u8) << 1 | (p.difficulty & 7) << 4);
        out.push(p.best);
        out.push(p.score as u8);
        out.push(p.near);
    }
    out
}

/// Why a puzzle file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError(pub String);

impl std::fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "puzzle file: {}", self.0)
    }
}

/// Reads a puzzle file written by [`encode`], checking every record.
///
/// # Errors
/// A [`PuzzleFileError`] for a file that is not one, is cut short, or holds an
/// impossible record.
pub fn decode(bytes: &[u8]) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let bad = |s: &str| PuzzleFileError(s.to_string());
    if bytes.len() < 12 || &bytes[0..4] != b"RVPZ" {
        return Err(bad("not a puzzle file"));
    }
    if u16::from_le_bytes([bytes[4], bytes[5]]) != VERSION {
        return Err(bad("another version"));
    }
    let count = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let body = &bytes[12..];
    if body.len() != count * RECORD_BYTES {
        return Err(bad("its length does not match its count"));
    }
    body.chunks_exact(RECORD_BYTES)
        .map(|c| {
            let black = u64::from_le_bytes(c[0..8].try_into().unwrap());
            let white = u64::from_le_bytes(c[8..16].try_into().unwrap());
            let theme = *Theme::ALL.get(((c[16] >> 1) & 7) as usize).ok_or_else(|| bad("unknown theme"))?;
            let difficulty = (c[16] >> 4) & 7;
            if black & white != 0 || !(1..=5).contains(&difficulty) || c[17] > 63 {
                return Err(bad("an impossible record"));
            }
            let to_move = if c[16] & 1 == 1 { Color::White } else { Color::Black };
            Ok(Puzzle {
                position: Position { black: Bitboard(black), white: Bitboard(white), to_move },
                theme,
                difficulty,
                best: c[17],
                score: c[18] as i8,
                near: c[19],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn scored(scores: &[f64]) -> Vec<MoveScore> {
        scores.iter().enumerate().map(|(i, &score)| MoveScore { square: Square::new(i as u8).unwrap(), score, exact: true, pv: vec![] }).collect()
    }

    #[test]
    fn a_file_reads_back_and_damage_is_refused() {
        let position: Position = "---OOOO----OOO----XOXOXX--XOOXXX--XOOXXX--XOOOXX--OXXX-X--XXXX-- X".parse().unwrap();
        let p = Puzzle { position, theme: Theme::Expert, difficulty: 3, best: 10, score: 20, near: 1 };
        let white = Puzzle { position: Position { to_move: Color::White, ..position }, theme: Theme::OnlyMove, score: -3, ..p };
        let bytes = encode(&[p, white]);
        assert_eq!(bytes.len(), 12 + 2 * RECORD_BYTES);
        assert_eq!(decode(&bytes).unwrap(), vec![p, white]);
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        assert!(decode(b"RVPW").is_err());
        let mut bad = bytes.clone();
        bad[12 + 16] |= 7 << 1; // theme 7
        assert!(decode(&bad).is_err());
    }

    #[test]
    fn judging_and_ranking() {
        assert_eq!(judge(&scored(&[2.0]), 4.0), None, "one move is no choice");
        assert_eq!(judge(&scored(&[2.0, 0.0, -1.0]), 4.0), None, "no move costs enough");
        assert_eq!(judge(&scored(&[2.0, -6.0, -10.0]), 4.0), Some(true), "one move keeps the balance");
        assert_eq!(judge(&scored(&[20.0, 18.0, 0.0]), 4.0), Some(false));
        assert_eq!(near_count(&scored(&[20.0, 18.0, 16.0, 0.0])), 3);
        assert!(hardness(&scored(&[2.0, 0.0, -1.0, -20.0]), 10) > hardness(&scored(&[2.0, -20.0, -20.0, -20.0]), 10));
        assert_eq!(rank_difficulty(&[1.0, 2.0, 3.0, 4.0, 5.0]), vec![1, 2, 3, 4, 5]);
        assert_eq!(rank_difficulty(&[7.0, 7.0]), vec![1, 1]);
    }
}
