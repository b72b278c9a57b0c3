//! The variants in the rule sheets beside the 8×8 tournament game: classic Reversi
//! (empty start, free centre opening, White first, 30 discs each), square boards from
//! 4×4 to 10×10 with the crossed or the parallel start, and Eight-Star Othello (10×10
//! without three cells at each corner).
//!
//! A [`Geometry`] is a mask of playable cells on a 128-bit board, cell `row * size +
//! column`, row 1 at the top. Lines run through playable cells only, so a removed cell
//! breaks a line like the board's edge. The checked game ([`crate::game::Game`]) and the
//! search ([`crate::search::Searcher`]) are the 8×8 game's, made for a variant's board
//! ([`shape::VariantBoard`]).

pub mod game;
pub mod searcher;
pub mod shape;

use std::fmt;

use crate::shape::Bits;

/// The four axes, each as its two directions in [`Geometry::new`]'s order.
const AXES: [(usize, usize); 4] = [(0, 1), (2, 3), (4, 7), (5, 6)];

pub use game::{VariantError, VariantGame, VariantState};

/// How the four centre discs start on a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Othello's start: each colour on one diagonal of the centre.
    Crossed,
    /// The parallel start: White on the left centre column, Black on the right.
    Parallel,
}

/// One of the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Othello on a square board of even size 4 to 10 (8×8 crossed is the tournament
    /// game, [`crate::Game`]; it is accepted here too, for comparison).
    Square {
        /// Squares per side.
        size: u8,
        /// The centre discs.
        start: Start,
    },
    /// Eight-Star Othello: 10×10 with the corner cell and its two edge neighbours
    /// removed at each corner, crossed start.
    EightStar,
    /// Classic (19th-century) Reversi on 8×8.
    Classic,
}

/// What is wrong with a variant name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}': expected classic, eight-star, or a board size 4x4, 6x6, 8x8 or 10x10 \
             (add -parallel for the parallel start)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl Variant {
    /// Every variant, in the order a menu lists them.
    pub const ALL: [Variant; 10] = [
        Variant::Classic,
        Variant::Square { size: 4, start: Start::Crossed },
        Variant::Square { size: 4, start: Start::Parallel },
        Variant::Square { size: 6, start: Start::Crossed },
        Variant::Square { size: 6, start: Start::Parallel },
        Variant::Square { size: 8, start: Start::Parallel },
        Variant::Square { size: 10, start: Start::Crossed },
        Variant::Square { size: 10, start: Start::Parallel },
        Variant::EightStar,
        Variant::Square { size: 8, start: Start::Crossed },
    ];

    /// The variant's name in records: `classic`, `eight-star`, `6x6`, `6x6-parallel`.
    pub fn id(self) -> String {
        match self {
            Variant::Classic => "classic".into(),
            Variant::EightStar => "eight-star".into(),
            Variant::Square { size, start: Start::Crossed } => format!("{size}x{size}"),
            Variant::Square { size, start: Start::Parallel } => format!("{size}x{size}-parallel"),
        }
    }

    /// Reads a name written by [`Variant::id`] (case and `×` for `x` allowed).
    ///
    /// # Errors
    /// [`UnknownVariant`] for anything else.
    pub fn from_id(id: &str) -> Result<Variant, UnknownVariant> {
        let norm = id.trim().to_ascii_lowercase().replace('×', "x");
        let found = Variant::ALL.into_iter().find(|v| v.id() == norm);
        found.ok_or_else(|| UnknownVariant(id.trim().to_string()))
    }

    /// Squares per side of the board.
    pub fn size(self) -> u8 {
        match self {
            Variant::Square { size, .. } => size,
            Variant::EightStar => 10,
            Variant::Classic => 8,
        }
    }

    /// The board's playable cells.
    pub fn geometry(self) -> Geometry {
        let n = self.size();
        let mut cells = full(n);
        if self == Variant::EightStar {
            for (r, c) in [(0, 0), (0, 1), (1, 0)] {
                for (rr, cc) in [(r, c), (r, n - 1 - c), (n - 1 - r, c), (n - 1 - r, n - 1 - c)] {
                    cells &= !(1u128 << (rr as u32 * n as u32 + cc as u32));
                }
            }
        }
        Geometry::new(n, cells)
    }

    /// Discs each player has in hand before the start discs are placed.
    pub fn discs_per_player(self) -> u8 {
        match self {
            Variant::Classic => 30,
            _ => (self.geometry().cells.count_ones() / 2) as u8,
        }
    }

    /// Whether a player whose supply is empty is handed a disc by the opponent
    /// (Othello), or passes (classic Reversi).
    pub fn lends_discs(self) -> bool {
        self != Variant::Classic
    }

    /// Who moves first: White in classic Reversi, Black in Othello.
    pub fn first_player(self) -> crate::Color {
        match self {
            Variant::Classic => crate::Color::White,
            _ => crate::Color::Black,
        }
    }

    /// The centre squares, which classic Reversi fills first by free placement.
    pub fn centre(self) -> u128 {
        let n = self.size() as u32;
        let c = n / 2;
        [(c - 1, c - 1), (c - 1, c), (c, c - 1), (c, c)].iter().fold(0, |m, &(r, k)| m | 1 << (r * n + k))
    }

    /// The start discs `(black, white)`.
    pub fn start_discs(self) -> (u128, u128) {
        let n = self.size() as u32;
        let c = n / 2;
        let bit = |r: u32, k: u32| 1u128 << (r * n + k);
        match self {
            Variant::Classic => (0, 0),
            Variant::Square { start: Start::Parallel, .. } => {
                (bit(c - 1, c) | bit(c, c), bit(c - 1, c - 1) | bit(c, c - 1))
            }
            _ => (bit(c - 1, c) | bit(c, c - 1), bit(c - 1, c - 1) | bit(c, c)),
        }
    }
}

impl fmt::Display for Variant {
    /// The English name, as the rules panel gives it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Classic => f.write_str("classic Reversi"),
            Variant::EightStar => f.write_str("Eight-Star Othello"),
            Variant::Square { size, start: Start::Crossed } => write!(f, "{size}×{size} Othello"),
            Variant::Square { size, start: Start::Parallel } => write!(f, "{size}×{size} Othello, parallel start"),
        }
    }
}

const fn full(n: u8) -> u128 {
    let cells = n as u32 * n as u32;
    if cells == 128 {
        !0
    } else {
        (1u128 << cells) - 1
    }
}

/// A board shape: its size and playable cells, with the shifts that step along each of
/// the eight directions, on masks of width `B` (128 bits unless the board fits in 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry<B: Bits = u128> {
    /// Squares per side.
    pub size: u8,
    /// Playable cells.
    pub cells: B,
    /// Per direction: the shift (positive: towards higher cells) and the cells a step
    /// may land on (playable, not wrapped round an edge).
    dirs: [(i32, B); 8],
    /// Per cell, per direction (the four towards higher cells first): the playable
    /// cells beyond it up to the edge or a removed cell. Made once per board and width.
    rays: &'static [[B; 8]; 128],
}

/// The rays of `geo` ([`Geometry::rays`]), made once per board and width.
fn rays_of<B: Bits>(size: u8, cells: B, dirs: &[(i32, B); 8]) -> &'static [[B; 8]; 128] {
    use std::any::Any;
    use std::sync::Mutex;
    type Made = Vec<(u8, u128, &'static (dyn Any + Send + Sync))>;
    static MADE: Mutex<Made> = Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    let found = made.iter().filter(|m| m.0 == size && m.1 == cells.to_u128()).find_map(|m| m.2.downcast_ref::<[[B; 8]; 128]>());
    if let Some(r) = found {
        return r;
    }
    // Directions towards higher cells first (the order `flips` reads them in).
    let order: Vec<usize> = (0..8).filter(|&d| dirs[d].0 > 0).chain((0..8).filter(|&d| dirs[d].0 < 0)).collect();
    let mut rays: Box<[[B; 8]; 128]> = Box::new([[B::ZERO; 8]; 128]);
    for cell in 0..(size * size) {
        if !cells.has(cell) {
            continue;
        }
        for (k, &d) in order.iter().enumerate() {
            let (s, mask) = dirs[d];
            let mut x = B::bit(cell).shift(s) & mask;
            while !x.is_empty() {
                rays[cell as usize][k] |= x;
                x = x.shift(s) & mask;
            }
        }
    }
    let rays: &'static [[B; 8]; 128] = Box::leak(rays);
    made.push((size, cells.to_u128(), rays));
    rays
}

impl Geometry {
    /// The geometry of a `size`×`size` board with the given playable cells.
    ///
    /// # Panics
    /// If `size` is not 4 to 11.
    pub fn new(size: u8, cells: u128) -> Geometry {
        assert!((4..=11).contains(&size), "board size {size}");
        let n = size as i32;
        let mut not_first = 0u128;
        let mut not_last = 0u128;
        for r in 0..n {
            for c in 0..n {
                let bit = 1u128 << (r * n + c);
                if c != 0 {
                    not_first |= bit;
                }
                if c != n - 1 {
                    not_last |= bit;
                }
            }
        }
        // A step to the right must not land in column a; to the left, not in the last.
        let dirs = [
            (1, cells & not_first),
            (-1, cells & not_last),
            (n, cells),
            (-n, cells),
            (n + 1, cells & not_first),
            (n - 1, cells & not_last),
            (-n + 1, cells & not_first),
            (-n - 1, cells & not_last),
        ];
        Geometry { size, cells, dirs, rays: rays_of(size, cells, &dirs) }
    }

    /// The same board on masks of width `C` (which must hold every cell).
    pub fn narrow<C: Bits>(&self) -> Geometry<C> {
        let cells = C::from_u128(self.cells);
        assert_eq!(cells.to_u128(), self.cells, "the board does not fit the width");
        let dirs = self.dirs.map(|(s, m)| (s, C::from_u128(m)));
        Geometry { size: self.size, cells, dirs, rays: rays_of(self.size, cells, &dirs) }
    }
}

impl<B: Bits> Geometry<B> {
    /// Number of playable cells.
    pub fn cell_count(&self) -> u32 {
        self.cells.count()
    }

    /// One step of every cell of `x` in direction `d` (0–7, as in [`Geometry::new`]),
    /// landing on playable cells only.
    #[inline(always)]
    fn step(&self, x: B, d: usize) -> B {
        let (s, mask) = self.dirs[d];
        x.shift(s) & mask
    }

    /// The cells where `p` may play against `o` (outflanking at least one disc).
    #[inline(always)]
    pub fn moves(&self, p: B, o: B) -> B {
        // A line holds at most size - 2 discs to outflank: one step, then size - 3
        // more, a count fixed at compile time so that the steps unroll. The wasm build
        // keeps one count for every size: a copy per size made it 75 KB bigger.
        match self.size {
            #[cfg(not(target_arch = "wasm32"))]
            4 => self.moves_steps::<1>(p, o),
            #[cfg(not(target_arch = "wasm32"))]
            5 | 6 => self.moves_steps::<3>(p, o),
            #[cfg(not(target_arch = "wasm32"))]
            7 | 8 => self.moves_steps::<5>(p, o),
            _ => self.moves_steps::<{ 11 - 3 }>(p, o),
        }
    }

    /// [`Geometry::moves`] with `STEPS` steps after the first along each line.
    #[inline(always)]
    fn moves_steps<const STEPS: usize>(&self, p: B, o: B) -> B {
        let empty = self.cells & !(p | o);
        let mut m = B::ZERO;
        for &(s, mask) in &self.dirs {
            let om = o & mask;
            let mut x = p.shift(s) & om;
            for _ in 0..STEPS {
                x |= x.shift(s) & om;
            }
            m |= x.shift(s) & mask & empty;
        }
        m
    }

    /// The discs of `o` that `p` flips by playing on `cell` (none if not a move).
    #[inline(always)]
    pub fn flips(&self, p: B, o: B, cell: u32) -> B {
        let rays = &self.rays[cell as usize & 127];
        let mut flipped = B::ZERO;
        // Rays towards higher cells: the nearest cell that is not the opponent's is the
        // lowest; the discs before it flip when it is the mover's.
        for &ray in &rays[..4] {
            let anchor = (ray & !o).lowest() & p;
            if !anchor.is_empty() {
                flipped |= anchor.below_lowest() & ray;
            }
        }
        // Rays towards lower cells: the nearest is the highest.
        for &ray in &rays[4..] {
            let anchor = (ray & !o).highest() & p;
            if !anchor.is_empty() {
                flipped |= ray & !(anchor | anchor.below_lowest());
            }
        }
        flipped
    }

    /// The cells next to any of `b` in the eight directions.
    #[inline(always)]
    pub fn neighbours(&self, b: B) -> B {
        let b = b & self.cells;
        let mut near = B::ZERO;
        for &(s, mask) in &self.dirs {
            near |= b.shift(s) & mask;
        }
        near
    }

    /// A lower bound on the discs of `p` that can never flip: on each of the four axes
    /// the disc's segment of playable cells is full, or a neighbour on the axis is off
    /// the board, or it is a disc of `p` already known stable (a fixpoint, as on 8×8).
    pub fn stable(&self, p: B, o: B) -> B {
        let (p, o) = (p & self.cells, o & self.cells);
        let occ = p | o;
        let empty = self.cells & !occ;
        let mut blocked = [B::ZERO; 4];
        for (k, &(f, b)) in AXES.iter().enumerate() {
            // The occupied cells an empty cell of the same segment reaches.
            let mut reach = empty;
            loop {
                let next = reach | ((self.step(reach, f) | self.step(reach, b)) & occ);
                if next == reach {
                    break;
                }
                reach = next;
            }
            // Full segment, or the board ends on one side.
            let walled = self.cells & (!self.step(self.cells, b) | !self.step(self.cells, f));
            blocked[k] = (occ & !reach) | walled;
        }
        let mut stable = B::ZERO;
        loop {
            let mut s = p;
            for (k, &(f, b)) in AXES.iter().enumerate() {
                s &= blocked[k] | self.step(stable, f) | self.step(stable, b);
            }
            if s == stable {
                return stable;
            }
            stable = s;
        }
    }

    /// The cells no line passes through: on each axis a neighbour is off the board (the
    /// corners; on Eight-Star the eight star points).
    pub fn corner_like(&self) -> B {
        let mut out = self.cells;
        for (f, b) in AXES {
            out &= !self.step(self.cells, f) | !self.step(self.cells, b);
        }
        out
    }

    /// The name of `cell`: column letter and row number, such as `c4` or `j10`.
    pub fn cell_name(&self, cell: u32) -> String {
        let n = self.size as u32;
        format!("{}{}", (b'a' + (cell % n) as u8) as char, cell / n + 1)
    }

    /// Reads a cell name for this board (any case).
    pub fn parse_cell(&self, text: &str) -> Option<u32> {
        let mut chars = text.chars();
        let col = chars.next()?.to_ascii_lowercase();
        let n = self.size as u32;
        let c = (col as u32).checked_sub('a' as u32).filter(|&c| c < n)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let r: u32 = digits.parse().ok()?;
        (1..=n).contains(&r).then_some((r - 1) * n + c).filter(|&cell| self.cells.has(cell as u8))
    }
}

/// Perft on a variant board from `(p, o)`, with the convention of [`crate::perft`]: a
/// pass is a ply; a position where neither side can move is a leaf. Supplies are not
/// modelled (they never run out this early).
pub fn perft(geo: &Geometry, p: u128, o: u128, depth: u32, passed: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut m = geo.moves(p, o);
    if m == 0 {
        if passed || geo.moves(o, p) == 0 {
            return 1;
        }
        return perft(geo, o, p, depth - 1, true);
    }
    if depth == 1 {
        return m.count_ones() as u64;
    }
    let mut total = 0;
    while m != 0 {
        let cell = m.trailing_zeros();
        m &= m - 1;
        let f = geo.flips(p, o, cell);
        total += perft(geo, o ^ f, p ^ f ^ (1 << cell), depth - 1, false);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_bad_ones_are_named() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_id(&v.id()), Ok(v));
        }
        assert_eq!(Variant::from_id("6×6"), Ok(Variant::Square { size: 6, start: Start::Crossed }));
        let e = Variant::from_id("7x7").unwrap_err();
        assert!(e.to_string().contains("'7x7'"));
    }

    #[test]
    fn eight_star_has_eighty_eight_cells_and_eight_corner_like_squares() {
        let g = Variant::EightStar.geometry();
        assert_eq!(g.cell_count(), 88);
        assert_eq!(g.parse_cell("a1"), None);
        assert_eq!(g.parse_cell("c1"), Some(2));
        assert_eq!(g.parse_cell("j10"), None);
        assert_eq!(g.parse_cell("h10"), Some(97));
        assert_eq!(g.cell_name(97), "h10");
    }

    #[test]
    fn the_standard_start_matches_the_fast_board() {
        let v = Variant::Square { size: 8, start: Start::Crossed };
        let (b, w) = v.start_discs();
        let g = v.geometry();
        assert_eq!(g.moves(b, w) as u64, crate::Board::START.moves().0);
        for depth in 1..=6 {
            assert_eq!(perft(&g, b, w, depth, false), crate::perft::perft(crate::Board::START, depth));
        }
    }
}
