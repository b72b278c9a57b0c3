//! Playing levels: each a documented mix of depth, a node budget, exact-endgame depth
//! and, at the lowest levels, deliberate mistakes.
//!
//! A level is the same opponent on every device: it is limited by depth and by nodes,
//! which do not depend on the machine's speed, and its time is only a ceiling that a
//! phone several times slower than a desktop does not reach. Only the strongest level
//! plays by the clock (all the time it is given).

use super::Limits;

/// One playing level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The level's number, 1 (beginner) to [`Level::MAX`].
    pub number: u32,
    /// Midgame search depth in plies.
    pub depth: u32,
    /// Node budget per move (per move scored, at the levels that choose among moves):
    /// the search stops at whichever of depth and nodes comes first, and does not
    /// start an iteration once 40% of the budget is spent.
    pub nodes: Option<u64>,
    /// Time per move in milliseconds: a ceiling far above what the node budget takes
    /// on a phone, except at the strongest level, which plays by the clock.
    pub time_ms: f64,
    /// Empties from which the endgame is solved exactly.
    pub exact_empties: u32,
    /// Softmax temperature in discs for choosing among scored moves: 0 always plays
    /// the best move; higher values make plausible mistakes (a move that loses 4
    /// discs more is e^(-4/T) times as likely as the best).
    pub temperature: f64,
    /// Whether the level judges moves as a first-time player does, by the discs they
    /// flip, instead of by a search (then `temperature` is in discs flipped).
    pub greedy: bool,
    /// Whether the level plays from the opening book (a sound book move, chosen at
    /// random so that games vary).
    pub book: bool,
    /// The Multi-ProbCut threshold of the level's search (see [`super::mpc`]); `None`
    /// for a full-width search.
    pub mpc: Option<f64>,
}

/// The table of levels, documented in README.md: depth, node budget (thousands; 0
/// for none), time ceiling in ms, exact empties, temperature, Multi-ProbCut threshold,
/// book. Level 1 judges moves by the discs they flip (see [`Level::greedy`]). The
/// lower levels were set by matches of 100 games between neighbours (`reversi match`),
/// each about 150 to 250 Elo above the one below; the ladder (`reversi ladder`)
/// measures them all on one scale.
const TABLE: [(u32, u64, f64, u32, f64, Option<f64>, bool); 18] = [
    (1, 0, 2000.0, 0, 1.0, None, false),
    (1, 0, 2000.0, 0, 18.0, None, false),
    (1, 0, 2000.0, 0, 9.0, None, false),
    (1, 0, 2000.0, 0, 6.0, None, false),
    (1, 0, 2000.0, 4, 4.0, None, false),
    (1, 0, 2000.0, 4, 2.5, None, true),
    (2, 0, 3000.0, 6, 2.5, None, true),
    (2, 0, 3000.0, 6, 1.5, None, true),
    (3, 0, 4000.0, 8, 1.5, None, true),
    (3, 0, 4000.0, 9, 0.7, None, true),
    (4, 0, 5000.0, 10, 1.0, None, true),
    (5, 0, 5000.0, 12, 0.0, None, true),
    (6, 200, 7000.0, 12, 0.0, None, true),
    (8, 600, 10000.0, 14, 0.0, None, true),
    (10, 1_800, 15000.0, 16, 0.0, Some(2.0), true),
    (14, 4_500, 20000.0, 18, 0.0, Some(1.5), true),
    (24, 10_000, 30000.0, 21, 0.0, Some(1.5), true),
    // The strongest level: all the time it is given.
    (60, 0, 4000.0, 22, 0.0, Some(1.5), true),
];

/// Each level's rating on the ladder's Elo scale (the random mover at 500), rounded to
/// ten: `reversi ladder fit` over `data/ladder/games.txt` (README, The rating ladder).
/// The strongest level plays by the clock and is not rated yet.
const RATINGS: [Option<u32>; 18] = [
    Some(600),
    Some(770),
    Some(910),
    Some(1090),
    Some(1300),
    Some(1460),
    Some(1640),
    Some(1780),
    Some(1990),
    Some(2140),
    Some(2270),
    Some(2380),
    Some(2540),
    Some(2760),
    Some(2850),
    Some(3030),
    Some(3290),
    None,
];

impl Level {
    /// The strongest level.
    pub const MAX: u32 = TABLE.len() as u32;

    /// Level `number` (1 to [`Level::MAX`]), or `None`.
    pub fn get(number: u32) -> Option<Level> {
        let &(depth, kilonodes, time_ms, exact_empties, temperature, mpc, book) = TABLE.get((number as usize).checked_sub(1)?)?;
        let nodes = (kilonodes > 0).then_some(kilonodes * 1000);
        // Beginners make their own mistakes from the first move; from level 6 on the
        // computer knows the named openings. Level 1 plays as a first game is played:
        // for the discs a move turns over.
        Some(Level { number, depth, nodes, time_ms, exact_empties, temperature, greedy: number == 1, book, mpc })
    }

    /// The level's rating on the ladder's Elo scale, where it has been measured.
    pub fn rating(&self) -> Option<u32> {
        RATINGS.get((self.number as usize).checked_sub(1)?).copied().flatten()
    }

    /// Whether the level plays by the clock (the strongest); the others play the same
    /// move on every machine.
    pub fn by_clock(&self) -> bool {
        self.number == Level::MAX
    }

    /// The search limits of this level.
    pub fn limits(&self) -> Limits {
        Limits { depth: Some(self.depth), time_ms: Some(self.time_ms), nodes: self.nodes, exact_empties: self.exact_empties, mpc: self.mpc }
    }

    /// The search limits of this level for a move with `empties` empty squares on a
    /// board of `cells` squares: on the 8×8 board, where it was measured, the level
    /// that plays by the clock spends its time where it decides most (see
    /// [`clock_share`]); otherwise [`Level::limits`].
    pub fn limits_at(&self, empties: u32, cells: u32) -> Limits {
        let mut limits = self.limits();
        if self.by_clock() && cells == 64 {
            limits.time_ms = limits.time_ms.map(|t| t * clock_share(empties));
        }
        limits
    }
}

/// The share of its time per move the clock's level takes with `empties` empty
/// squares. The opening is left to the evaluation and the book; from 30 empties down
/// to the exact solve the selective search reaches the end of the game, where more
/// time turns estimates into proven scores.
pub fn clock_share(empties: u32) -> f64 {
    match empties {
        45.. => 0.6,
        31..=44 => 1.0,
        23..=30 => 2.0,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_clock_level_shares_its_time_by_stage() {
        for number in 1..=Level::MAX {
            let level = Level::get(number).unwrap();
            for empties in 0..=60 {
                let (plain, at) = (level.limits(), level.limits_at(empties, 64));
                // Other boards keep the level's own limits.
                assert_eq!(level.limits_at(empties.min(36), 36), plain, "level {number} on 6×6");
                assert_eq!(level.limits_at(empties, 100), plain, "level {number} on 10×10");
                assert_eq!(Limits { time_ms: plain.time_ms, ..at }, plain, "level {number}, {empties} empties");
                let want = if level.by_clock() { level.time_ms * clock_share(empties) } else { level.time_ms };
                assert_eq!(at.time_ms, Some(want), "level {number}, {empties} empties");
            }
        }
        let top = Level::get(Level::MAX).unwrap();
        // Less than the whole time in the opening, more near the end than in the middle.
        assert!(top.limits_at(50, 64).time_ms < top.limits_at(40, 64).time_ms);
        assert!(top.limits_at(40, 64).time_ms < top.limits_at(26, 64).time_ms);
    }
}
