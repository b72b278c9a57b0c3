//! The variants as a [`Shape`] for the one search ([`crate::search::Searcher`]), and
//! their evaluation.
//!
//! A [`VariantBoard`] works on masks of 64 bits when the board fits (4×4 to 8×8,
//! the parallel starts) and of 128 bits otherwise (10×10, Eight-Star, classic
//! Reversi), cell `row * size + column`. Classic Reversi is the one variant whose
//! supplies change what may be played (30 discs each, none lent): its masks carry
//! each side's supply as a number in bits 64 and up, so that moves, the table's keys
//! and the end of the game all see it; its board is 8×8 and lies in the low 64 bits.

use super::{Geometry, Variant};
use crate::game::Rules;
use crate::search::{Evaluator, Searcher, SCALE};
use crate::shape::{Bits, Shape};

/// Where classic Reversi keeps a side's supply in its mask.
const SUPPLY_SHIFT: u32 = 64;

/// A variant's board and rules as the search sees them, on masks of width `B`.
#[derive(Clone, Copy, Debug)]
pub struct VariantBoard<B: Bits> {
    /// The variant.
    pub variant: Variant,
    geo: Geometry<B>,
    /// Centre cells placed freely until all are filled (classic Reversi).
    free_centre: B,
    /// Whether an empty supply borrows from the opponent (else the player passes).
    lends: bool,
    /// The cells no line passes through ([`Geometry::corner_like`]).
    corners: B,
    /// The cells next to them.
    next_to_corners: B,
    /// Those diagonally next to them (X squares).
    x_squares: B,
    /// The four quadrants, whose parity orders the endgame.
    quadrants: [B; 4],
}

impl<B: Bits> VariantBoard<B> {
    /// The board of `variant` on masks of width `B`.
    ///
    /// # Panics
    /// If the board does not fit in `B`, or its supplies need bits beyond 64 that `B`
    /// has not.
    pub fn new(variant: Variant) -> VariantBoard<B> {
        assert!(Self::fits(variant), "{variant} does not fit masks of this width");
        let geo = variant.geometry().narrow::<B>();
        let lends = variant.lends_discs();
        // Classic Reversi's four centre cells are placed freely, without flips.
        let free_centre = if variant == Variant::Classic { variant.centre() } else { 0 };
        let corners = geo.corner_like();
        let n = geo.size as u32;
        let (mut x_squares, mut quadrants) = (0u128, [0u128; 4]);
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            quadrants[(2 * r / n * 2 + 2 * c / n) as usize] |= 1 << cell;
            let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().any(|&(dr, dc): &(i32, i32)| {
                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) && corners.has((rr as u32 * n + cc as u32) as u8)
            });
            if diagonal {
                x_squares |= 1 << cell;
            }
        }
        VariantBoard {
            variant,
            geo,
            free_centre: B::from_u128(free_centre),
            lends,
            corners,
            next_to_corners: geo.neighbours(corners) & !corners,
            x_squares: B::from_u128(x_squares) & geo.cells & !corners,
            quadrants: quadrants.map(|q| B::from_u128(q) & geo.cells),
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.geo
    }

    /// Whether `variant`'s board fits masks of width `B` with its supplies.
    pub fn fits(variant: Variant) -> bool {
        let geo = variant.geometry();
        B::from_u128(geo.cells).to_u128() == geo.cells && (variant.lends_discs() || B::from_u128(1 << SUPPLY_SHIFT) != B::ZERO)
    }

    /// A side's discs with its supply in the mask's high bits, when supplies decide
    /// moves.
    #[inline]
    pub(super) fn in_hand(&self, discs: B, supply: u8) -> B {
        if self.lends {
            discs
        } else {
            discs | B::from_u128((supply as u128) << SUPPLY_SHIFT)
        }
    }
}

impl<B: Bits> Shape for VariantBoard<B> {
    type B = B;
    type Cell = u32;
    type Board = (B, B);

    #[inline(always)]
    fn sides(b: (B, B)) -> (B, B) {
        b
    }
    #[inline(always)]
    fn board(&self, p: B, o: B) -> (B, B) {
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
    fn cells(&self) -> B {
        self.geo.cells
    }
    #[inline(always)]
    fn cell_count(&self) -> i32 {
        self.geo.cells.count() as i32
    }
    #[inline(always)]
    fn moves(&self, p: B, o: B) -> B {
        if !self.lends && p.to_u128() >> SUPPLY_SHIFT == 0 {
            return B::ZERO;
        }
        let (p, o) = (p & self.geo.cells, o & self.geo.cells);
        let open = self.free_centre & !(p | o);
        if !open.is_empty() {
            return open;
        }
        self.geo.moves(p, o)
    }
    #[inline(always)]
    fn flips(&self, p: B, o: B, x: u8) -> B {
        let (p, o) = (p & self.geo.cells, o & self.geo.cells);
        if !(self.free_centre & !(p | o)).is_empty() {
            return B::ZERO;
        }
        self.geo.flips(p, o, x as u32)
    }
    #[inline(always)]
    fn play(&self, p: B, o: B, x: u8, f: B) -> (B, B) {
        let mover = p ^ f ^ B::bit(x);
        if self.lends {
            (o ^ f, mover)
        } else {
            (o ^ f, B::from_u128(mover.to_u128() - (1 << SUPPLY_SHIFT)))
        }
    }
    #[inline]
    fn neighbours(&self, b: B) -> B {
        self.geo.neighbours(b)
    }
    #[inline]
    fn stable(&self, p: B, o: B) -> B {
        self.geo.stable(p, o)
    }
    #[inline]
    fn odd_regions(&self, empty: B) -> B {
        self.quadrants.iter().fold(B::ZERO, |odd, &q| if (empty & q).count() & 1 == 1 { odd | q } else { odd })
    }
    #[inline(always)]
    fn corners(&self) -> B {
        self.corners
    }
    #[inline(always)]
    fn next_to_corners(&self) -> B {
        self.next_to_corners
    }
    #[inline]
    fn corner_bonus(&self, x: u8) -> i32 {
        if self.corners.has(x) {
            24
        } else if self.x_squares.has(x) {
            -12
        } else {
            0
        }
    }
    #[inline(always)]
    fn plain_end(&self) -> bool {
        self.lends && self.free_centre.is_empty()
    }
    /// The variants' evaluation is a rough hand-made one: ordering by the best reply
    /// from 13 empties up takes the 6×6 proof from c2 from 1.69 G nodes and 177 s to
    /// 1.28 G nodes and 126 s (positions of 26 and 27 empties after it: 30% fewer
    /// nodes). 8×8's learned evaluation orders better by itself (FFO #40–#49 take 4%
    /// more nodes with this), so Othello keeps the default.
    #[inline(always)]
    fn sort_by_replies_empties(&self) -> u32 {
        12
    }
    #[inline(always)]
    fn has_mpc_fits(&self) -> bool {
        false
    }
}

impl<B: Bits> Rules for VariantBoard<B> {
    #[inline]
    fn moves_in_hand(&self, p: B, o: B, supply: u8) -> B {
        self.moves(self.in_hand(p, supply), o)
    }
    fn on_board(&self, cell: u32) -> bool {
        cell < 128 && self.geo.cells.to_u128() >> cell & 1 == 1
    }
    fn cell_name(&self, cell: u32) -> String {
        let n = self.geo.size as u32;
        if cell < n * n {
            self.geo.cell_name(cell)
        } else {
            format!("cell {cell}")
        }
    }
    fn parse_cell(&self, text: &str) -> Option<u32> {
        self.geo.parse_cell(text)
    }
}

/// The variants' evaluation: corner-like cells held, the cells next to an empty one,
/// mobility, and discs late in the game.
pub struct VariantEval<B: Bits> {
    board: VariantBoard<B>,
}

impl<B: Bits> Evaluator<VariantBoard<B>> for VariantEval<B> {
    fn name(&self) -> &'static str {
        "variant"
    }

    fn evaluate(&self, p: B, o: B) -> i32 {
        let r = &self.board;
        let mp = r.moves(p, o).count() as i32;
        let mo = r.moves(o, p).count() as i32;
        let cells = r.geo.cells;
        let (p, o) = (p & cells, o & cells);
        let corners = (p & r.corners).count() as i32 - (o & r.corners).count() as i32;
        let empty = cells & !(p | o);
        // The cells next to an empty corner-like cell give it away.
        let mut near = 0;
        let mut c = r.corners & empty;
        while !c.is_empty() {
            let next = r.geo.neighbours(c.lowest());
            c = c.without_first();
            near += (p & next).count() as i32 - (o & next).count() as i32;
        }
        let discs = p.count() as i32 - o.count() as i32;
        let filled = 1.0 - empty.count() as f64 / cells.count() as f64;
        let disc_weight = (filled * filled * SCALE as f64 * 0.5) as i32;
        SCALE * (6 * corners - 2 * near + mp - mo) + disc_weight * discs
    }
}

/// Bytes of the table of a variant searcher by default.
pub const VARIANT_TABLE_BYTES: usize = 16 << 20;

impl<B: Bits> Searcher<VariantBoard<B>> {
    /// A searcher for the board of `variant` with a table of about `table_bytes`.
    pub(super) fn for_board(variant: Variant, table_bytes: usize) -> Searcher<VariantBoard<B>> {
        let board = VariantBoard::new(variant);
        Searcher::with_evaluator(board, table_bytes, Box::new(VariantEval { board }))
    }
}
