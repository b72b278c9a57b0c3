//! Playing levels: each a documented mix of depth, time, exact-endgame depth and, at
//! the lowest levels, deliberate mistakes.

use super::Limits;

/// One playing level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The level's number, 1 (beginner) to [`Level::MAX`].
    pub number: u32,
    /// Midgame search depth in plies.
    pub depth: u32,
    /// Time budget per move in milliseconds (the search stops at whichever of depth
    /// and time comes first).
    pub time_ms: f64,
    /// Empties from which the endgame is solved exactly.
    pub exact_empties: u32,
    /// Softmax temperature in discs for choosing among scored moves: 0 always plays
    /// the best move; higher values make plausible mistakes (a move that loses 4
    /// discs more is e^(-4/T) times as likely as the best).
    pub temperature: f64,
    /// Whether the level plays from the opening book (a sound book move, chosen at
    /// random so that games vary).
    pub book: bool,
    /// The Multi-ProbCut threshold of the level's search (see [`super::mpc`]); `None`
    /// for a full-width search.
    pub mpc: Option<f64>,
}

/// The table of levels, documented in README.md.
const TABLE: [(u32, f64, u32, f64, Option<f64>); 12] = [
    // depth, time ms, exact empties, temperature, Multi-ProbCut threshold
    (1, 200.0, 0, 6.0, None),
    (1, 200.0, 4, 3.0, None),
    (2, 300.0, 6, 2.0, None),
    (3, 400.0, 8, 1.0, None),
    (4, 500.0, 10, 0.0, None),
    (6, 700.0, 12, 0.0, None),
    (8, 1000.0, 14, 0.0, None),
    (10, 1500.0, 16, 0.0, Some(2.0)),
    (14, 2000.0, 18, 0.0, Some(1.5)),
    (18, 3000.0, 20, 0.0, Some(1.5)),
    (24, 3000.0, 21, 0.0, Some(1.5)),
    (60, 4000.0, 22, 0.0, Some(1.5)),
];

impl Level {
    /// The strongest level.
    pub const MAX: u32 = TABLE.len() as u32;

    /// Level `number` (1 to [`Level::MAX`]), or `None`.
    pub fn get(number: u32) -> Option<Level> {
        let &(depth, time_ms, exact_empties, temperature, mpc) = TABLE.get((number as usize).checked_sub(1)?)?;
        // Beginners make their own mistakes from the first move; from level 3 on the
        // computer knows the named openings.
        Some(Level { number, depth, time_ms, exact_empties, temperature, book: number >= 3, mpc })
    }

    /// The search limits of this level.
    pub fn limits(&self) -> Limits {
        Limits { depth: Some(self.depth), time_ms: Some(self.time_ms), nodes: None, exact_empties: self.exact_empties, mpc: self.mpc }
    }
}
