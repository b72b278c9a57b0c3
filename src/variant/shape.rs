//! The variants as a [`Shape`] for the one search ([`crate::search::Searcher`]), and
//! their evaluation.
//!
//! Masks are 128 bits wide, cell `row * size + column`. Classic Reversi is the one
//! variant whose supplies change what may be played (30 discs each, none lent): its
//! masks carry each side's supply as a number in bits 64 and up, so that moves, the
//! table's keys and the end of the game all see it; the board itself is 8×8 and lies
//! in the low 64 bits.

use super::game::{VariantGame, VariantRules};
use super::Geometry;
use crate::notation::Color;
use crate::search::{Evaluator, Level, Limits, MoveScore, Rng, SearchResult, Searcher, SCALE};
use crate::shape::{Bits, Shape};

/// Where classic Reversi keeps a side's supply in its mask.
const SUPPLY_SHIFT: u32 = 64;

impl Geometry {
    /// One step of every cell of `x` in direction `d` (0–7, see [`Geometry::new`]),
    /// landing on playable cells only.
    #[inline(always)]
    fn step_dir(&self, x: u128, d: usize) -> u128 {
        let (s, mask) = self.dirs[d];
        (if s > 0 { x << s } else { x >> -s }) & mask
    }

    /// The cells next to any of `b` in the eight directions.
    pub fn neighbours(&self, b: u128) -> u128 {
        let b = b & self.cells;
        (0..8).fold(0, |acc, d| acc | self.step_dir(b, d))
    }

    /// A lower bound on the discs of `p` that can never flip: on each of the four axes
    /// the disc's segment of playable cells is full, or a neighbour on the axis is off
    /// the board, or it is a disc of `p` already known stable (a fixpoint, as on 8×8).
    pub fn stable(&self, p: u128, o: u128) -> u128 {
        let (p, o) = (p & self.cells, o & self.cells);
        let occ = p | o;
        let empty = self.cells & !occ;
        // Axis k joins directions AXES[k]: (forward, backward).
        const AXES: [(usize, usize); 4] = [(0, 1), (2, 3), (4, 7), (5, 6)];
        let mut blocked = [0u128; 4];
        for (k, &(f, b)) in AXES.iter().enumerate() {
            // The occupied cells an empty cell of the same segment reaches.
            let mut reach = empty;
            loop {
                let next = reach | ((self.step_dir(reach, f) | self.step_dir(reach, b)) & occ);
                if next == reach {
                    break;
                }
                reach = next;
            }
            // Full segment, or the board ends on one side.
            let walled = self.cells & (!self.step_dir(self.cells, b) | !self.step_dir(self.cells, f));
            blocked[k] = (occ & !reach) | walled;
        }
        let mut stable = 0u128;
        loop {
            let mut s = p;
            for (k, &(f, b)) in AXES.iter().enumerate() {
                s &= blocked[k] | self.step_dir(stable, f) | self.step_dir(stable, b);
            }
            if s == stable {
                return stable;
            }
            stable = s;
        }
    }

    /// The cells no line passes through: on each axis a neighbour is off the board (the
    /// corners; on Eight-Star the eight star points).
    pub fn corner_like(&self) -> u128 {
        let mut out = self.cells;
        for (f, b) in [(0, 1), (2, 3), (4, 7), (5, 6)] {
            out &= !self.step_dir(self.cells, f) | !self.step_dir(self.cells, b);
        }
        out
    }
}

impl VariantRules {
    /// Side-relative masks for the search: the side to move's discs and the other
    /// side's, each with its supply when supplies decide moves.
    pub fn sides_of(&self, game: &VariantGame, mover: Color) -> (u128, u128) {
        let s = game.state();
        let (p, o) = s.sides(mover);
        if self.lends {
            return (p, o);
        }
        let supply = |c: Color| (s.supply[c.index()] as u128) << SUPPLY_SHIFT;
        (p | supply(mover), o | supply(mover.other()))
    }
}

impl Shape for VariantRules {
    type B = u128;
    type Cell = u32;
    type Board = (u128, u128);

    #[inline(always)]
    fn sides(b: (u128, u128)) -> (u128, u128) {
        b
    }
    #[inline(always)]
    fn board(&self, p: u128, o: u128) -> (u128, u128) {
        (p, o)
    }
    #[inline(always)]
    fn cell(x: u8) -> u32 {
        x as u32
    }
    #[inline(always)]
    fn index(c: u32) -> u8 {
        c as u8
    }
    #[inline(always)]
    fn cells(&self) -> u128 {
        self.geo.cells
    }
    #[inline(always)]
    fn cell_count(&self) -> i32 {
        self.geo.cells.count_ones() as i32
    }
    #[inline(always)]
    fn moves(&self, p: u128, o: u128) -> u128 {
        let supply = (p >> SUPPLY_SHIFT) as u8;
        let cells = self.geo.cells;
        VariantRules::moves(self, p & cells, o & cells, supply)
    }
    #[inline(always)]
    fn flips(&self, p: u128, o: u128, x: u8) -> u128 {
        let cells = self.geo.cells;
        VariantRules::flips(self, p & cells, o & cells, x as u32)
    }
    #[inline(always)]
    fn play(&self, p: u128, o: u128, x: u8, f: u128) -> (u128, u128) {
        let spent = if self.lends { 0 } else { 1 << SUPPLY_SHIFT };
        (o ^ f, (p ^ f ^ (1 << x)) - spent)
    }
    #[inline]
    fn neighbours(&self, b: u128) -> u128 {
        self.geo.neighbours(b)
    }
    #[inline]
    fn stable(&self, p: u128, o: u128) -> u128 {
        self.geo.stable(p, o)
    }
    #[inline]
    fn odd_regions(&self, empty: u128) -> u128 {
        self.quadrants.iter().fold(0, |odd, &q| if (empty & q).count_ones() & 1 == 1 { odd | q } else { odd })
    }
    #[inline(always)]
    fn corners(&self) -> u128 {
        self.corners
    }
    #[inline(always)]
    fn next_to_corners(&self) -> u128 {
        self.next_to_corners
    }
    #[inline]
    fn corner_bonus(&self, x: u8) -> i32 {
        if self.corners >> x & 1 == 1 {
            24
        } else if self.x_squares >> x & 1 == 1 {
            -12
        } else {
            0
        }
    }
    #[inline]
    fn final_score(&self, p: u128, o: u128) -> i32 {
        let cells = self.geo.cells;
        let (pc, oc) = ((p & cells).count_ones() as i32, (o & cells).count_ones() as i32);
        let e = self.cell_count() - pc - oc;
        match pc.cmp(&oc) {
            std::cmp::Ordering::Greater => pc - oc + e,
            std::cmp::Ordering::Less => pc - oc - e,
            std::cmp::Ordering::Equal => 0,
        }
    }
    #[inline(always)]
    fn plain_end(&self) -> bool {
        self.lends && self.free_centre == 0
    }
    #[inline(always)]
    fn has_mpc_fits(&self) -> bool {
        false
    }
}

/// The variants' evaluation: corner-like cells held, the cells next to an empty one,
/// mobility, and discs late in the game.
pub struct VariantEval {
    rules: VariantRules,
}

impl VariantEval {
    /// The evaluation of the variant `rules`.
    pub fn new(rules: VariantRules) -> VariantEval {
        VariantEval { rules }
    }
}

impl Evaluator<VariantRules> for VariantEval {
    fn name(&self) -> &'static str {
        "variant"
    }

    fn evaluate(&self, p: u128, o: u128) -> i32 {
        let r = &self.rules;
        let mp = Shape::moves(r, p, o).count() as i32;
        let mo = Shape::moves(r, o, p).count() as i32;
        let (p, o) = (p & r.geo.cells, o & r.geo.cells);
        let corners = (p & r.corners).count_ones() as i32 - (o & r.corners).count_ones() as i32;
        let empty = r.geo.cells & !(p | o);
        // The cells next to an empty corner-like cell give it away.
        let mut near = 0;
        let mut c = r.corners & empty;
        while c != 0 {
            let next = r.geo.neighbours(c & c.wrapping_neg());
            c &= c - 1;
            near += (p & next).count_ones() as i32 - (o & next).count_ones() as i32;
        }
        let discs = p.count_ones() as i32 - o.count_ones() as i32;
        let filled = 1.0 - empty.count_ones() as f64 / r.geo.cell_count() as f64;
        let disc_weight = (filled * filled * SCALE as f64 * 0.5) as i32;
        SCALE * (6 * corners - 2 * near + mp - mo) + disc_weight * discs
    }
}

/// Bytes of the table of a variant searcher made by [`Searcher::for_variant`].
pub const VARIANT_TABLE_BYTES: usize = 16 << 20;

impl Searcher<VariantRules> {
    /// A searcher for the variant `rules` with a table of about `table_bytes`.
    pub fn for_variant(rules: VariantRules, table_bytes: usize) -> Searcher<VariantRules> {
        Searcher::with_evaluator(rules, table_bytes, Box::new(VariantEval::new(rules)))
    }

    /// Makes the searcher one for the variant of `game` (a new table when it was for
    /// another).
    fn adopt(&mut self, game: &VariantGame) {
        if self.shape().variant != game.variant() {
            *self = Searcher::for_variant(*game.rules(), self.table_bytes());
        }
    }

    /// The game's position as the search sees it; `None` when the game is over.
    fn position(game: &VariantGame) -> Option<(u128, u128)> {
        Some(game.rules().sides_of(game, game.to_move()?))
    }

    /// Searches the position of `game` within `limits` (see [`Searcher::search`]).
    pub fn search_game(&mut self, game: &VariantGame, limits: &Limits) -> SearchResult<u32> {
        self.adopt(game);
        match Self::position(game) {
            Some(b) => self.search(b, limits),
            None => SearchResult { best: None, score: 0.0, depth: 0, exact: true, nodes: 0, time_ms: 0.0, pv: vec![], book: false },
        }
    }

    /// The exact final margin for the side to move under perfect play and a best
    /// move; `None` when the game is over.
    pub fn solve_game(&mut self, game: &VariantGame) -> Option<(i32, Option<u32>)> {
        self.adopt(game);
        let b = Self::position(game)?;
        self.clear();
        self.solve(b, crate::search::SolveMode::Exact, &Limits::default())
    }

    /// Every legal move scored (see [`Searcher::analyze`]).
    pub fn analyze_game(&mut self, game: &VariantGame, limits: &Limits) -> Vec<MoveScore<u32>> {
        self.adopt(game);
        match Self::position(game) {
            Some(b) => self.analyze(b, limits),
            None => vec![],
        }
    }

    /// The move a playing level chooses (see [`Searcher::play_level`]). Boards bigger
    /// than 8×8 have more moves: the level solves two empties later.
    pub fn play_level_game(&mut self, game: &VariantGame, level: &Level, rng: &mut Rng) -> SearchResult<u32> {
        self.adopt(game);
        let mut level = *level;
        if game.geometry().cell_count() > 64 {
            level.exact_empties = level.exact_empties.saturating_sub(2);
        }
        match Self::position(game) {
            Some(b) => self.play_level(b, &level, rng),
            None => self.search_game(game, &level.limits()),
        }
    }
}
