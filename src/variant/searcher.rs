//! The search on a variant's game: the side-relative masks of a [`VariantGame`], the
//! searcher of its board whatever the width of its masks ([`VariantSearcher`]), and
//! the level as it plays a variant. Above both the game ([`super::game`]) and the
//! board as the search sees it ([`super::shape`]), so neither needs the other.

use super::game::{VariantGame, VariantState};
use super::shape::VariantBoard;
use super::Variant;
use crate::notation::Color;
use crate::search::{Level, Limits, MoveReview, MoveScore, ReviewStep, Rng, SearchResult, Searcher};
use crate::shape::Bits;

impl<B: Bits> VariantBoard<B> {
    /// Side-relative masks for the search: the side to move's discs and the other
    /// side's, each with its supply when supplies decide moves; `None` when the game
    /// is over.
    pub fn position(&self, game: &VariantGame) -> Option<(B, B)> {
        Some(self.sides_of(game.state(), game.to_move()?))
    }

    /// The masks of `state` seen from `mover`.
    fn sides_of(&self, state: &VariantState, mover: Color) -> (B, B) {
        let (p, o) = state.sides(mover);
        (self.in_hand(B::from_u128(p), state.supply[mover.index()]), self.in_hand(B::from_u128(o), state.supply[mover.other().index()]))
    }

    /// The moves of `game` for [`Searcher::review_steps`].
    pub fn review_steps(&self, game: &VariantGame) -> Vec<ReviewStep<VariantBoard<B>>> {
        game.turns()
            .filter_map(|(state, turn)| Some(ReviewStep { board: self.sides_of(state, turn.player), player: turn.player, played: turn.square? }))
            .collect()
    }
}

impl<B: Bits> Searcher<VariantBoard<B>> {
    fn search_game(&mut self, game: &VariantGame, limits: &Limits) -> SearchResult<u32> {
        match self.shape().position(game) {
            Some(b) => self.search(b, limits),
            None => SearchResult { best: None, score: 0.0, depth: 0, exact: true, nodes: 0, time_ms: 0.0, pv: vec![], book: false },
        }
    }

    fn solve_game(&mut self, game: &VariantGame) -> Option<(i32, Option<u32>)> {
        let b = self.shape().position(game)?;
        self.clear();
        self.solve(b, crate::search::SolveMode::Exact, &Limits::default())
    }

    fn analyze_game(&mut self, game: &VariantGame, limits: &Limits) -> Vec<MoveScore<u32>> {
        match self.shape().position(game) {
            Some(b) => self.analyze(b, limits),
            None => vec![],
        }
    }

    fn play_level_game(&mut self, game: &VariantGame, level: &Level, rng: &mut Rng) -> SearchResult<u32> {
        match self.shape().position(game) {
            Some(b) => self.play_level(b, level, rng),
            None => self.search_game(game, &level.limits()),
        }
    }
}

/// The one search ([`Searcher`]) made for a variant's board: natively on 64-bit masks
/// when the board fits, else on 128-bit masks. The WebAssembly build searches every
/// variant on 128-bit masks: one more copy of the search would cost the page's
/// download 52 KB (453 KB of wasm against 400 KB) for boards where speed matters
/// little in play.
pub enum VariantSearcher {
    /// Boards of at most 64 cells whose supplies never decide a move.
    #[cfg(not(target_arch = "wasm32"))]
    Narrow(Box<Searcher<VariantBoard<u64>>>),
    /// The others.
    Wide(Box<Searcher<VariantBoard<u128>>>),
}

/// `$body` with `$s` the searcher, whichever its width.
macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            #[cfg(not(target_arch = "wasm32"))]
            VariantSearcher::Narrow($s) => $body,
            VariantSearcher::Wide($s) => $body,
        }
    };
}

impl VariantSearcher {
    /// A searcher for `variant` with a table of about `table_bytes`.
    pub fn new(variant: Variant, table_bytes: usize) -> VariantSearcher {
        #[cfg(not(target_arch = "wasm32"))]
        if VariantBoard::<u64>::fits(variant) {
            return VariantSearcher::Narrow(Box::new(Searcher::for_board(variant, table_bytes)));
        }
        VariantSearcher::Wide(Box::new(Searcher::for_board(variant, table_bytes)))
    }

    /// The variant searched.
    pub fn variant(&self) -> Variant {
        each!(self, s => s.shape().variant)
    }

    /// Replaces the clock (see [`Searcher::set_clock`]).
    pub fn set_clock(&mut self, clock: crate::search::Clock) {
        each!(self, s => s.set_clock(clock))
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        each!(self, s => s.nodes())
    }

    /// Makes the searcher one for the variant of `game` (a new table when it was for
    /// another).
    fn adopt(&mut self, game: &VariantGame) {
        if self.variant() != game.variant() {
            let mut fresh = VariantSearcher::new(game.variant(), each!(self, s => s.table_bytes()));
            std::mem::swap(self, &mut fresh);
            let clock = each!(&mut fresh, s => s.take_clock());
            self.set_clock(clock);
        }
    }

    /// Searches the position of `game` within `limits` (see [`Searcher::search`]).
    pub fn search_game(&mut self, game: &VariantGame, limits: &Limits) -> SearchResult<u32> {
        self.adopt(game);
        each!(self, s => s.search_game(game, limits))
    }

    /// The exact final margin for the side to move under perfect play and a best
    /// move; `None` when the game is over.
    pub fn solve_game(&mut self, game: &VariantGame) -> Option<(i32, Option<u32>)> {
        self.adopt(game);
        each!(self, s => s.solve_game(game))
    }

    /// Every legal move scored (see [`Searcher::analyze`]).
    pub fn analyze_game(&mut self, game: &VariantGame, limits: &Limits) -> Vec<MoveScore<u32>> {
        self.adopt(game);
        each!(self, s => s.analyze_game(game, limits))
    }

    /// The move a playing level chooses (see [`Searcher::play_level`]). Boards bigger
    /// than 8×8 have more moves: the level solves two empties later.
    pub fn play_level_game(&mut self, game: &VariantGame, level: &Level, rng: &mut Rng) -> SearchResult<u32> {
        self.adopt(game);
        let level = variant_level(game, level);
        each!(self, s => s.play_level_game(game, &level, rng))
    }

    /// Every move of `game` reviewed (see [`Searcher::review_steps`]).
    pub fn review_game(&mut self, game: &VariantGame, limits: &Limits, progress: impl FnMut(&MoveReview<u32>, usize, usize)) -> Vec<MoveReview<u32>> {
        self.adopt(game);
        each!(self, s => {
            let steps = s.shape().review_steps(game);
            s.review_steps(&steps, limits, progress)
        })
    }

    /// Runs `task` with the searcher of `game`'s board, whatever its mask width.
    pub fn run<T: VariantTask>(&mut self, game: &VariantGame, task: T) -> T::Output {
        self.adopt(game);
        each!(self, s => task.run(s, game))
    }
}

/// A level as it plays a variant: boards bigger than 8×8 have more moves, so the
/// level solves two empties later.
pub fn variant_level(game: &VariantGame, level: &Level) -> Level {
    let mut level = *level;
    if game.geometry().cell_count() > 64 {
        level.exact_empties = level.exact_empties.saturating_sub(2);
    }
    level
}

/// Work for the searcher of a variant's board, whatever the width of its masks
/// ([`VariantSearcher::run`]): what the bindings do with any board, written once.
pub trait VariantTask {
    /// What the work gives.
    type Output;
    /// Does the work with `searcher` on `game`.
    fn run<B: Bits>(self, searcher: &mut Searcher<VariantBoard<B>>, game: &VariantGame) -> Self::Output;
}
