//! The AI: evaluation, transposition table, midgame search and exact endgame solver.
//!
//! [`Searcher`] owns the transposition table and the evaluation. Its entry points:
//! - [`Searcher::search`]: iterative-deepening principal-variation search with aspiration
//!   windows, switching to the exact solver near the end, within [`Limits`];
//! - [`Searcher::solve`]: the exact (or win/loss/draw) value and a best move;
//! - [`Searcher::analyze`]: a score for every legal move.
//!
//! Passes are explicit: with no move but an opponent who has one, the sides swap
//! without spending depth; with no move for either, the final margin is exact.

pub mod endgame;
pub mod eval;
pub mod features;
pub mod levels;
mod midgame;
pub mod moves_list;
pub mod mpc;
pub mod openings;
pub mod parallel;
pub mod patterns;
pub mod pool;
mod split;
pub mod stability;
pub mod tt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::bitboard::Square;
use crate::shape::{Bits, Othello, Shape};
pub use eval::{Evaluator, HandTuned, SCALE};
pub use levels::Level;
use tt::Table;

/// How many discs worse than the best move a book move may score and still be played.
pub const BOOK_MARGIN: f64 = 2.0;

/// An iteration is started only while less than this share of the time is used.
pub(crate) const NEXT_ITERATION_SHARE: f64 = 0.4;

/// Default transposition table size: comfortable in a browser tab.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// Where a search stops. Unset fields do not limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Deepest midgame iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<f64>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Solve exactly when this many empties or fewer remain.
    pub exact_empties: u32,
    /// Multi-ProbCut in the midgame search ([`mpc`]): the cut threshold in standard
    /// deviations of the shallow search's error (smaller is faster and riskier);
    /// `None` searches every move to the full depth. The exact solver never cuts.
    pub mpc: Option<f64>,
}

/// What a search found (cells named as the board's [`Shape`] names them: a
/// [`Square`] on the 8×8 board).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<C = Square> {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<C>,
    /// Expected final disc margin for the side to move.
    pub score: f64,
    /// Depth of the last finished iteration (the number of empties when exact).
    pub depth: u32,
    /// Whether `score` is the exact result of perfect play.
    pub exact: bool,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<C>,
    /// Whether the move came from the opening book.
    pub book: bool,
}

/// The score of one legal move, from [`Searcher::analyze`].
#[derive(Clone, Debug, PartialEq)]
pub struct MoveScore<C = Square> {
    /// The move.
    pub square: C,
    /// Expected final margin for the side to move after playing it.
    pub score: f64,
    /// Whether the score is exact.
    pub exact: bool,
    /// The line expected after it, this move first (as far as the table knows it).
    pub pv: Vec<C>,
}

/// What the exact solver is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The exact final margin.
    Exact,
    /// Only win, loss or draw: the score returned is then -1, 0 or 1 times a margin
    /// bound, with its sign right.
    WinLossDraw,
}

/// Called with the result of each finished iteration.
pub type Progress<C = Square> = Box<dyn FnMut(&SearchResult<C>)>;

/// A millisecond clock; injected so that the core never depends on the platform.
pub type Clock = Box<dyn Fn() -> f64 + Send>;

/// The native clock; on `wasm32-unknown-unknown` there is none, and the bindings
/// supply one from JavaScript.
pub fn default_clock() -> Clock {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let start = std::time::Instant::now();
        Box::new(move || start.elapsed().as_secs_f64() * 1000.0)
    }
    #[cfg(target_arch = "wasm32")]
    {
        Box::new(|| 0.0)
    }
}

#[derive(Clone, Copy, Debug)]
struct RootMove<B> {
    square: u8,
    flips: B,
    score: i32,
}

/// A search engine with its own table and evaluation, for one board: the 8×8
/// tournament board unless `S` says otherwise.
pub struct Searcher<S: Shape = Othello> {
    pub(crate) shape: S,
    pub(crate) tt: Table<S::B>,
    pub(crate) eval: Box<dyn Evaluator<S>>,
    pub(crate) nodes: u64,
    pub(crate) next_check: u64,
    pub(crate) stopped: bool,
    /// The Multi-ProbCut threshold of the search under way; 0 for none.
    pub(crate) mpc_t: f32,
    /// Whether a midgame result stored deeper than asked may answer a node: only in a
    /// selective search (one without cuts keeps the value of plain negamax) and not
    /// where a node budget sets the move (levels 15–17 play as the ladder measured
    /// them). A third to two fifths fewer nodes to the same depth with 1.5 σ cuts.
    pub(crate) reuse_deeper: bool,
    /// A node's pattern reading from the replier's side, handed by its parent to the
    /// search of that node (`(p, o)` it belongs to); taken by the first look.
    pub(crate) handed: Option<(S::B, S::B, features::PatternView)>,
    /// A node's pattern reading from its own side, handed by its parent three plies
    /// above the evaluation to a child two plies above it (kept apart from `handed`,
    /// which is read from the other side, so that neither is taken for the other).
    pub(crate) handed_own: Option<(S::B, S::B, features::PatternView)>,
    deadline: Option<f64>,
    max_nodes: Option<u64>,
    clock: Clock,
    stop_flag: Option<Arc<AtomicBool>>,
    progress: Option<Progress<S::Cell>>,
    /// The positions the threads sharing this searcher's table are in ([`tt::Busy`]).
    pub(crate) busy: Option<Arc<tt::Busy>>,
    /// The threads sharing this searcher's table that may help at its nodes
    /// ([`split`]).
    pub(crate) helpers: Option<Arc<split::Helpers<S::B>>>,
    /// The split point whose child this thread searches, if any.
    pub(crate) split_chain: Option<Arc<split::SplitPoint<S::B>>>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_TABLE_BYTES)
    }
}

impl Searcher {
    /// A searcher with a table of about `table_bytes` and the learned evaluation in
    /// use ([`patterns::Learned::current`]: installed, or built into the library); with
    /// no weights (or a weight file that failed its checks) the hand-tuned evaluation,
    /// never wrong weights.
    pub fn new(table_bytes: usize) -> Searcher {
        let eval: Box<dyn Evaluator> = match patterns::Learned::current() {
            Some(learned) => Box::new(learned),
            None => Box::new(HandTuned::default()),
        };
        Searcher::with_evaluator(Othello, table_bytes, eval)
    }
}

impl Searcher {
    /// Reads and writes `table`, shared with other threads, in place of its own (see
    /// [`tt::Table::sharing`]).
    pub fn share_table(&mut self, table: Arc<tt::SharedTable>) {
        self.tt = Table::sharing(table);
    }

    /// Defers, at its nodes, the children that the other threads sharing `busy` are
    /// searching ([`tt::Busy`]).
    pub fn share_busy(&mut self, busy: Arc<tt::Busy>) {
        self.busy = Some(busy);
    }
}

impl<S: Shape> Searcher<S> {
    /// A searcher for the board `shape` with a table of about `table_bytes` and the
    /// evaluation `eval`.
    pub fn with_evaluator(shape: S, table_bytes: usize, eval: Box<dyn Evaluator<S>>) -> Searcher<S> {
        Searcher {
            shape,
            tt: Table::new(table_bytes),
            eval,
            nodes: 0,
            next_check: 0,
            stopped: false,
            mpc_t: 0.0,
            reuse_deeper: false,
            handed: None,
            handed_own: None,
            deadline: None,
            max_nodes: None,
            clock: default_clock(),
            stop_flag: None,
            progress: None,
            busy: None,
            helpers: None,
            split_chain: None,
        }
    }

    /// The board searched.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// Replaces the evaluation.
    pub fn set_evaluator(&mut self, eval: Box<dyn Evaluator<S>>) {
        self.eval = eval;
    }

    /// The name of the evaluation in use (`"learned"` or `"hand-tuned"`).
    pub fn evaluator_name(&self) -> &'static str {
        self.eval.name()
    }

    /// Replaces the clock (milliseconds, any origin).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// The clock, leaving the native one in its place.
    pub(crate) fn take_clock(&mut self) -> Clock {
        std::mem::replace(&mut self.clock, default_clock())
    }

    /// A flag that, once set, stops the search at its next check.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop_flag = Some(flag);
    }

    /// Called after every finished iteration with the result so far.
    pub fn set_progress(&mut self, f: Option<Progress<S::Cell>>) {
        self.progress = f;
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Bytes used by the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets all stored results, so that a search depends only on its position.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    fn start(&mut self, limits: &Limits) -> f64 {
        let now = self.start_task(limits);
        self.reuse_deeper &= limits.nodes.is_none();
        self.tt.new_search();
        now
    }

    /// [`Searcher::start`] within one search shared by several tasks: the table's
    /// generation stays.
    fn start_task(&mut self, limits: &Limits) -> f64 {
        let now = (self.clock)();
        self.nodes = 0;
        self.next_check = 4096;
        self.stopped = false;
        self.deadline = limits.time_ms.map(|t| now + t);
        self.max_nodes = limits.nodes;
        // The Multi-ProbCut fits were measured on the 8×8 board: elsewhere, full width.
        self.mpc_t = if self.shape.has_mpc_fits() { limits.mpc.unwrap_or(0.0).max(0.0) as f32 } else { 0.0 };
        // (A pool's task has the slice of its worker as its node budget: the pool serves
        // level 18, never a level with a budget; the analysis and the puzzles do not cut.)
        self.reuse_deeper = self.mpc_t > 0.0;
        now
    }

    /// One task of a search shared by several searchers ([`parallel`]): the root move
    /// `task.square` of `board` searched within the task's window.
    pub fn run_task(&mut self, board: (S::B, S::B), task: &parallel::Task) -> parallel::Outcome {
        if task.first {
            if task.clear {
                self.tt.clear();
            }
            self.tt.new_search();
        }
        self.tt.import(&task.shares);
        self.tt.share_from(task.share_from);
        self.start_task(&task.limits);
        let (p, o) = board;
        let mut out = parallel::Outcome { id: task.id, score: 0, nodes: 0, stopped: false, pv: vec![], shares: vec![] };
        if !self.shape.moves(p, o).has(task.square) {
            out.stopped = true;
            return out;
        }
        let (cp, co) = self.shape.play(p, o, task.square, self.shape.flips(p, o, task.square));
        let n = self.empties(board);
        let length = task.depth.unwrap_or(n) as usize;
        match task.reply {
            None => {
                out.score = match task.depth {
                    Some(d) => -self.mid(cp, co, d - 1, -task.beta, -task.alpha, false),
                    None => -self.eg(cp, co, -task.beta, -task.alpha, n - 1, false),
                };
                out.pv = self.pv(board, task.square, length).into_iter().map(S::index).collect();
            }
            Some(r) => {
                // The reply's score, for the side that replies.
                let Some((gp, go)) = self.try_play((cp, co), r) else {
                    out.stopped = true;
                    return out;
                };
                out.score = match task.depth {
                    Some(d) => -self.mid(gp, go, d.saturating_sub(2), -task.beta, -task.alpha, false),
                    None => -self.eg(gp, go, -task.beta, -task.alpha, n.saturating_sub(2), false),
                };
                out.pv = std::iter::once(task.square).chain(self.pv((cp, co), r, length.saturating_sub(1)).into_iter().map(S::index)).collect();
            }
        }
        out.stopped = self.stopped;
        out.nodes = self.nodes;
        out.shares = self.tt.take_shares();
        out
    }

    /// Whether a limit has been reached; sets `stopped`.
    pub(crate) fn check_stop(&mut self) -> bool {
        self.next_check = self.nodes + 4096;
        if self.own_limit() || self.split_chain.as_ref().is_some_and(|sp| sp.chain_aborted()) {
            self.stopped = true;
        }
        self.stopped
    }

    fn root_moves(&self, (p, o): (S::B, S::B)) -> Vec<RootMove<S::B>> {
        let mut out = vec![];
        let mut m = self.shape.moves(p, o);
        while !m.is_empty() {
            let x = m.first();
            m = m.without_first();
            out.push(RootMove { square: x, flips: self.shape.flips(p, o, x), score: 0 });
        }
        out
    }

    /// The position after `x` is played in `(p, o)`, if it is a legal move.
    fn try_play(&self, (p, o): (S::B, S::B), x: u8) -> Option<(S::B, S::B)> {
        self.shape.moves(p, o).has(x).then(|| self.shape.play(p, o, x, self.shape.flips(p, o, x)))
    }

    /// Whether the side to move in `(p, o)` has a move.
    fn can_move(&self, (p, o): (S::B, S::B)) -> bool {
        !self.shape.moves(p, o).is_empty()
    }

    /// The number of empty cells.
    fn empties(&self, (p, o): (S::B, S::B)) -> u32 {
        self.shape.empty(p, o).count()
    }

    /// The principal variation stored in the table, from `b`, at most `max` moves.
    fn pv(&self, b: (S::B, S::B), first: u8, max: usize) -> Vec<S::Cell> {
        let mut line = vec![S::cell(first)];
        let mut next = self.try_play(b, first);
        while let Some(cur) = next {
            if line.len() >= max {
                break;
            }
            let cur = if self.can_move(cur) {
                cur
            } else if self.can_move((cur.1, cur.0)) {
                (cur.1, cur.0)
            } else {
                break;
            };
            let Some(e) = self.tt.probe(cur.0, cur.1) else { break };
            next = self.try_play(cur, e.best);
            if next.is_some() {
                line.push(S::cell(e.best));
            }
        }
        line
    }

    /// One root iteration: PVS over `roots` (best first), children scored by the
    /// midgame search at `depth - 1`, or exactly when `depth` is `None`.
    fn root(&mut self, (p, o): (S::B, S::B), roots: &mut [RootMove<S::B>], depth: Option<u32>, mut alpha: i32, beta: i32) -> i32 {
        let n = self.empties((p, o));
        let mut best = i32::MIN + 1;
        for i in 0..roots.len() {
            let RootMove { square: x, flips: f, .. } = roots[i];
            let (cp, co) = self.shape.play(p, o, x, f);
            let child = |s: &mut Searcher<S>, a: i32, b: i32| match depth {
                Some(d) => -s.mid(cp, co, d - 1, -b, -a, false),
                None => -s.eg(cp, co, -b, -a, n - 1, false),
            };
            let score = if i == 0 {
                child(self, alpha, beta)
            } else {
                let s = child(self, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped {
                    child(self, s, beta)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            roots[i].score = score;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    // Keep the best move first for the next iteration and the PV.
                    roots[..=i].rotate_right(1);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn no_move_result(&self, (p, o): (S::B, S::B), started: f64, now: f64) -> SearchResult<S::Cell> {
        let over = !self.can_move((o, p));
        SearchResult {
            best: None,
            score: if over { self.shape.final_score(p, o) as f64 } else { 0.0 },
            depth: 0,
            exact: over,
            nodes: 0,
            time_ms: now - started,
            pv: vec![],
            book: false,
        }
    }

    /// Searches `board` within `limits` and returns the best move found.
    ///
    /// With no legal move the result has no move: a final score when the game is over,
    /// or 0 for a pass.
    ///
    /// The table is cleared first, so the same position, limits and table size always
    /// give the same move and score (time limits aside).
    pub fn search(&mut self, board: S::Board, limits: &Limits) -> SearchResult<S::Cell> {
        self.tt.clear();
        self.search_keeping_table(board, limits)
    }

    /// [`Searcher::search`] without clearing the table first: the next move of a game
    /// finds what the searches of the moves before it stored (the position two plies
    /// on was searched then, and its iterations up to that depth come from the table).
    /// The result may then depend on what was searched before.
    pub fn search_keeping_table(&mut self, board: S::Board, limits: &Limits) -> SearchResult<S::Cell> {
        let started = self.start(limits);
        let board = S::sides(board);
        let mut roots = self.root_moves(board);
        if roots.is_empty() {
            return self.no_move_result(board, started, (self.clock)());
        }
        let n = self.empties(board);
        let max = self.shape.cell_count();
        let max_depth = limits.depth.unwrap_or(60).clamp(1, max as u32).min(n);
        let mut result: Option<SearchResult<S::Cell>> = None;
        let exact_wanted = n <= limits.exact_empties;
        // The midgame iterations give a move to fall back on and the root ordering.
        // Against the clock with Multi-ProbCut they go on to the end of the game: a
        // selective endgame search (its score an estimate, exact below 15 empties)
        // that gives a good move when the exact solve cannot finish in time.
        let selective_end = limits.mpc.is_some() && limits.time_ms.is_some();
        let mid_depth = if exact_wanted && !selective_end { max_depth.min(n.saturating_sub(1).clamp(1, 8)) } else if exact_wanted { n } else { max_depth };
        let mut prev = 0;
        let mut prev2 = 0;
        for depth in 1..=mid_depth {
            let before = roots[0].square;
            let score = if depth <= 2 {
                self.root(board, &mut roots, Some(depth), -max * SCALE, max * SCALE)
            } else {
                // Around the score of the iteration two plies shallower, which ends on
                // the same side to move (the evaluation leans one way at odd depths and
                // the other at even ones), as the parallel plan does: `reversi speed
                // --depth 14 --count 20` 207 M nodes around the last score, 194 M
                // around this one; with `--mpc 1.5 --depth 16` 32.5 M and 30.0 M;
                // FFO #40-#52 exact by `reversi solve --search`, 3,595 M and 3,302 M.
                self.aspiration(board, &mut roots, Some(depth), prev2, 2 * SCALE)
            };
            if self.stopped {
                self.keep_proven_move(board, &roots, before, &mut result, depth, false);
                break;
            }
            prev2 = prev;
            prev = score;
            let r = self.finished_iteration(board, &roots, score as f64 / SCALE as f64, depth, false, started);
            result = Some(r);
            // The next iteration takes a few times as long as this one: one that
            // cannot finish in the time left is not started (its work would be lost).
            let late = self.deadline.is_some_and(|d| (self.clock)() - started > NEXT_ITERATION_SHARE * (d - started))
                || self.max_nodes.is_some_and(|m| self.nodes as f64 > NEXT_ITERATION_SHARE * m as f64);
            if late && depth < mid_depth {
                break;
            }
        }
        if exact_wanted && !self.stopped {
            let guess = (prev as f64 / SCALE as f64).round() as i32;
            let before = roots[0].square;
            let score = self.aspiration(board, &mut roots, None, guess, 4);
            if self.stopped {
                self.keep_proven_move(board, &roots, before, &mut result, n, true);
            } else {
                let r = self.finished_iteration(board, &roots, score as f64, n, true, started);
                result = Some(r);
            }
        }
        let mut r = result.unwrap_or_else(|| {
            // Stopped before the first iteration finished: the best-ordered move.
            let best = S::cell(roots[0].square);
            SearchResult { best: Some(best), score: 0.0, depth: 0, exact: false, nodes: 0, time_ms: 0.0, pv: vec![best], book: false }
        });
        r.nodes = self.nodes;
        r.time_ms = (self.clock)() - started;
        r
    }

    /// After an iteration stopped by the clock or by the caller: when a move searched
    /// to its full depth in it proved better than the best move of the iteration
    /// before (which it searched first), that move is played rather than the old one.
    /// (`root` moves a move to the front only when its full-window search has ended
    /// above all that came before it.) A search limited by nodes, as levels 13–17 are,
    /// keeps the last finished iteration's move, as the level ladder measured them.
    fn keep_proven_move(&self, board: (S::B, S::B), roots: &[RootMove<S::B>], before: u8, result: &mut Option<SearchResult<S::Cell>>, depth: u32, exact: bool) {
        let Some(r) = result.as_mut() else { return };
        if self.max_nodes.is_some() || roots[0].square == before {
            return;
        }
        let best = roots[0].square;
        r.best = Some(S::cell(best));
        r.score = if exact { roots[0].score as f64 } else { roots[0].score as f64 / SCALE as f64 };
        r.pv = self.pv(board, best, depth as usize);
    }

    /// The result of a finished iteration (best move first in `roots`), reported to
    /// the progress callback.
    fn finished_iteration(&mut self, board: (S::B, S::B), roots: &[RootMove<S::B>], score: f64, depth: u32, exact: bool, started: f64) -> SearchResult<S::Cell> {
        let best = roots[0].square;
        let r = SearchResult {
            best: Some(S::cell(best)),
            score,
            depth,
            exact,
            nodes: self.nodes,
            time_ms: (self.clock)() - started,
            pv: self.pv(board, best, depth as usize),
            book: false,
        };
        if let Some(cb) = self.progress.as_mut() {
            cb(&r);
        }
        r
    }

    /// A root search in a window around `guess`, widened until the score falls inside.
    fn aspiration(&mut self, board: (S::B, S::B), roots: &mut [RootMove<S::B>], depth: Option<u32>, guess: i32, width: i32) -> i32 {
        let max = self.shape.cell_count();
        let (lo_limit, hi_limit) = match depth {
            Some(_) => (-max * SCALE, max * SCALE),
            None => (-max, max),
        };
        let mut delta = width;
        let mut alpha = (guess - delta).max(lo_limit);
        let mut beta = (guess + delta).min(hi_limit);
        loop {
            let score = self.root(board, roots, depth, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > lo_limit {
                delta *= 2;
                alpha = (score - delta).max(lo_limit);
            } else if score >= beta && beta < hi_limit {
                delta *= 2;
                beta = (score + delta).min(hi_limit);
            } else {
                return score;
            }
        }
    }

    /// Solves `board` exactly, ignoring time limits other than those in `limits`
    /// (pass `Limits::default()` for none). Returns the score and a best move, or
    /// `None` for the move when the side to move has none; `None` altogether when
    /// stopped by a limit.
    pub fn solve(&mut self, board: S::Board, mode: SolveMode, limits: &Limits) -> Option<(i32, Option<S::Cell>)> {
        self.start(limits);
        let (p, o) = S::sides(board);
        let mut roots = self.root_moves((p, o));
        let n = self.empties((p, o));
        let max = self.shape.cell_count();
        if roots.is_empty() {
            let score = if self.can_move((o, p)) { -self.eg(o, p, -max, max, n, true) } else { self.shape.final_score(p, o) };
            return (!self.stopped).then_some((score, None));
        }
        // Order the root by a shallow search.
        for r in roots.iter_mut() {
            let (cp, co) = self.shape.play(p, o, r.square, r.flips);
            r.score = -self.eval_shallow(cp, co, 4.min(n.saturating_sub(1)));
        }
        roots.sort_by_key(|r| -r.score);
        let guess = (roots[0].score as f64 / SCALE as f64).round() as i32;
        let score = match mode {
            SolveMode::Exact => self.aspiration((p, o), &mut roots, None, guess, 4),
            SolveMode::WinLossDraw => self.root((p, o), &mut roots, None, -1, 1),
        };
        if self.stopped {
            return None;
        }
        Some((score, Some(S::cell(roots[0].square))))
    }

    /// Scores every legal move, best first: by the midgame search to `limits.depth`
    /// (within `limits.time_ms` split between the moves), or exactly when few enough
    /// empties remain.
    pub fn analyze(&mut self, board: S::Board, limits: &Limits) -> Vec<MoveScore<S::Cell>> {
        self.tt.clear();
        self.analyze_moves(board, limits, None)
    }

    /// [`Searcher::analyze`] of the moves `only` (all when `None`), keeping what the
    /// table holds: several searchers each score some of the moves ([`parallel`]).
    pub fn analyze_moves(&mut self, board: S::Board, limits: &Limits, only: Option<&[S::Cell]>) -> Vec<MoveScore<S::Cell>> {
        let board = S::sides(board);
        let mut roots = self.root_moves(board);
        if let Some(only) = only {
            roots.retain(|r| only.contains(&S::cell(r.square)));
        }
        let n = self.empties(board);
        let mut out = Vec::with_capacity(roots.len());
        let per_move = limits.time_ms.map(|t| t / roots.len().max(1) as f64);
        for r in &roots {
            let sq = r.square;
            let child = self.shape.play(board.0, board.1, sq, r.flips);
            let child_limits = Limits { time_ms: per_move, ..*limits };
            let exact = n - 1 <= limits.exact_empties;
            let score = if exact {
                self.start(&child_limits);
                let s = self.full_exact(child);
                (!self.stopped).then(|| -s as f64)
            } else {
                None
            };
            let (score, exact, pv) = match score {
                Some(s) => (s, true, self.pv(board, sq, 30)),
                None => {
                    let (res, line) = self.search_any_line(child, &Limits { exact_empties: 0, ..child_limits });
                    (-res, false, std::iter::once(S::cell(sq)).chain(line).collect())
                }
            };
            out.push(MoveScore { square: S::cell(sq), score, exact, pv });
        }
        out.sort_by(|a, b| b.score.total_cmp(&a.score).then(S::index(a.square).cmp(&S::index(b.square))));
        out
    }

    /// Every legal move scored exactly when it is within `margin` discs of the best
    /// move, best first; a move further below gets an upper bound of its score
    /// (`exact: false`, and the score is at most the best minus `margin`). Much
    /// faster than exact scores for every move: only the moves near the best are read
    /// to the end with a full window. `None` if the game is over.
    pub fn analyze_near_best(&mut self, board: S::Board, margin: i32) -> Option<Vec<MoveScore<S::Cell>>> {
        self.tt.clear();
        let (best, _) = self.solve(board, SolveMode::Exact, &Limits::default())?;
        let board = S::sides(board);
        let n = self.empties(board);
        let (alpha, beta) = (best - margin - 1, best + 1);
        let mut out = vec![];
        for r in self.root_moves(board) {
            let (cp, co) = self.shape.play(board.0, board.1, r.square, r.flips);
            let v = -self.eg(cp, co, -beta, -alpha, n - 1, false);
            let pv = self.pv(board, r.square, 30);
            out.push(MoveScore { square: S::cell(r.square), score: v.min(best) as f64, exact: v > alpha, pv });
        }
        out.sort_by(|a, b| b.score.total_cmp(&a.score).then(S::index(a.square).cmp(&S::index(b.square))));
        Some(out)
    }

    /// The move a [`Level`] plays: the best move of a search within the level's limits,
    /// or, at levels with a temperature, a move drawn from all the scored moves with
    /// probability growing with its score (softmax), so that weak levels make
    /// plausible mistakes rather than random moves.
    pub fn play_level(&mut self, board: S::Board, level: &Level, rng: &mut Rng) -> SearchResult<S::Cell> {
        match self.level_choice(board, level, rng) {
            Some(r) => r,
            // What the searches of the game's earlier moves stored is kept: the
            // position was searched two plies shallower then (13% fewer nodes a move
            // at depth 12 over a match's games).
            None => {
                let n = self.empties(S::sides(board));
                self.search_keeping_table(board, &level.limits_at(n, self.shape.cell_count() as u32))
            }
        }
    }

    /// The move of [`Searcher::play_level`] when the level takes it from the book, by
    /// the discs flipped or by a draw among scored moves; `None` when the level plays
    /// the best move of a search within its limits (keeping the table), which a pool
    /// of searchers may then run ([`pool`]).
    pub fn level_choice(&mut self, board: S::Board, level: &Level, rng: &mut Rng) -> Option<SearchResult<S::Cell>> {
        if level.book {
            if let Some(r) = self.book_move(board, level, rng) {
                return Some(r);
            }
        }
        let (p, o) = S::sides(board);
        if level.greedy {
            // Every move scored by the discs it flips, the choice a softmax of them.
            let clock_start = (self.clock)();
            let mut scored: Vec<(S::Cell, f64)> = vec![];
            let mut m = self.shape.moves(p, o);
            while !m.is_empty() {
                let x = m.first();
                m = m.without_first();
                scored.push((S::cell(x), self.shape.flips(p, o, x).count() as f64));
            }
            if scored.is_empty() {
                return Some(self.search(board, &Limits { depth: Some(1), ..Limits::default() }));
            }
            let scores: Vec<f64> = scored.iter().map(|m| m.1).collect();
            let (square, flips) = scored[rng.softmax_index(&scores, level.temperature.max(1e-3))];
            return Some(SearchResult { best: Some(square), score: flips, depth: 0, exact: false, nodes: 0, time_ms: (self.clock)() - clock_start, pv: vec![square], book: false });
        }
        if level.temperature <= 0.0 || self.shape.moves(p, o).count() < 2 {
            return None;
        }
        let clock_start = (self.clock)();
        let scored = self.analyze(board, &level.limits());
        let scores: Vec<f64> = scored.iter().map(|m| m.score).collect();
        let chosen = scored[rng.softmax_index(&scores, level.temperature)].clone();
        Some(SearchResult {
            best: Some(chosen.square),
            score: chosen.score,
            depth: level.depth,
            exact: chosen.exact,
            nodes: self.nodes,
            time_ms: (self.clock)() - clock_start,
            pv: chosen.pv,
            book: false,
        })
    }

    /// A sound book move, if the position is in the opening book: one of the listed
    /// continuations whose score (by a shallow search) is within [`BOOK_MARGIN`] discs
    /// of the best move's, chosen at random.
    fn book_move(&mut self, board: S::Board, level: &Level, rng: &mut Rng) -> Option<SearchResult<S::Cell>> {
        let candidates = self.shape.book_moves(board);
        if candidates.is_empty() {
            return None;
        }
        let clock_start = (self.clock)();
        let limits = Limits { depth: Some(level.depth.min(6)), time_ms: Some(level.time_ms), ..Limits::default() };
        let scored = self.analyze(board, &limits);
        let best = scored.first()?.score;
        let sound: Vec<&MoveScore<S::Cell>> =
            scored.iter().filter(|m| candidates.contains(&m.square) && m.score >= best - BOOK_MARGIN).collect();
        if sound.is_empty() {
            return None;
        }
        let chosen = sound[(rng.next_u64() % sound.len() as u64) as usize];
        Some(SearchResult {
            best: Some(chosen.square),
            score: chosen.score,
            depth: limits.depth.unwrap_or(1),
            exact: chosen.exact,
            nodes: self.nodes,
            time_ms: (self.clock)() - clock_start,
            pv: vec![chosen.square],
            book: true,
        })
    }

    /// The exact value of any board, passes included, with a full window.
    fn full_exact(&mut self, (p, o): (S::B, S::B)) -> i32 {
        let n = self.empties((p, o));
        let max = self.shape.cell_count();
        self.eg(p, o, -max, max, n, false)
    }

    /// The midgame value of any board (in discs), passes and game end included.
    fn search_any(&mut self, b: (S::B, S::B), limits: &Limits) -> f64 {
        self.search_any_line(b, limits).0
    }

    /// As [`Searcher::search_any`], with the line expected from `b`.
    fn search_any_line(&mut self, (p, o): (S::B, S::B), limits: &Limits) -> (f64, Vec<S::Cell>) {
        if self.can_move((p, o)) {
            let r = self.search_keeping_table(self.shape.board(p, o), limits);
            (r.score, r.pv)
        } else if self.can_move((o, p)) {
            let r = self.search_keeping_table(self.shape.board(o, p), limits);
            (-r.score, r.pv)
        } else {
            (self.shape.final_score(p, o) as f64, vec![])
        }
    }
}

/// How one move of a game compares with the best move there, from [`Searcher::review`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview<C = Square> {
    /// The move's number in the game, from 1 (passes are not counted).
    pub number: usize,
    /// Who played it.
    pub player: crate::Color,
    /// The move played.
    pub played: C,
    /// The best move found there.
    pub best: C,
    /// Expected final margin for the mover after the move played.
    pub played_score: f64,
    /// Expected final margin after the best move.
    pub best_score: f64,
    /// Discs the move lost against the best move (0 for a best move).
    pub loss: f64,
    /// Whether both scores are exact.
    pub exact: bool,
}

/// One move of a game to review: the position before it (the mover to move), who
/// played it, and the move.
#[derive(Clone, Copy, Debug)]
pub struct ReviewStep<S: Shape> {
    /// The position before the move, seen from the mover.
    pub board: S::Board,
    /// Who played it.
    pub player: crate::Color,
    /// The move played.
    pub played: S::Cell,
}

impl Searcher<Othello> {
    /// Analyses every move of `game` (see [`Searcher::review_steps`]).
    pub fn review(&mut self, game: &crate::Game, limits: &Limits, progress: impl FnMut(&MoveReview, usize, usize)) -> Vec<MoveReview> {
        let steps = self.review_steps_of(game);
        self.review_steps(&steps, limits, progress)
    }

    /// The moves of `game` for [`Searcher::review_steps`].
    pub fn review_steps_of(&self, game: &crate::Game) -> Vec<ReviewStep<Othello>> {
        // Passes are forced: the game makes them itself.
        game.turns()
            .filter_map(|(state, turn)| {
                let (p, o) = state.sides(turn.player);
                Some(ReviewStep { board: Othello.board(p, o), player: turn.player, played: turn.square? })
            })
            .collect()
    }
}

impl<S: Shape> Searcher<S> {
    /// Analyses every move of a game, given as `steps`: what it scored, the best move
    /// and its score, and the discs lost. Two searches a position, not one per legal
    /// move: the position itself one ply deeper than `limits.depth` (its best move
    /// and score), and the position after the move played at `limits.depth` (the same
    /// depth for that move), both exact from `limits.exact_empties`. The table is kept
    /// from one position to the next, which the neighbouring positions of a game
    /// share. `progress` is called after each move with it and (moves done, moves in
    /// all).
    pub fn review_steps(
        &mut self,
        steps: &[ReviewStep<S>],
        limits: &Limits,
        mut progress: impl FnMut(&MoveReview<S::Cell>, usize, usize),
    ) -> Vec<MoveReview<S::Cell>> {
        let mut out = Vec::with_capacity(steps.len());
        self.tt.clear();
        for (i, step) in steps.iter().enumerate() {
            let board = S::sides(step.board);
            let exact = self.empties(board) <= limits.exact_empties;
            let root_limits = Limits { depth: limits.depth.map(|d| d + 1), time_ms: limits.time_ms.map(|t| t / 2.0), ..*limits };
            let best = self.search_keeping_table(step.board, &root_limits);
            let Some(best_cell) = best.best else { break };
            let Some(child) = self.try_play(board, S::index(step.played)) else { break };
            let child_limits = Limits { time_ms: limits.time_ms.map(|t| t / 2.0), ..*limits };
            let played_score = if step.played == best_cell {
                best.score
            } else if exact {
                self.start(&child_limits);
                -(self.full_exact(child) as f64)
            } else {
                -self.search_any(child, &Limits { exact_empties: 0, ..child_limits })
            };
            // A move the search had not ranked first may still score as well or better.
            let (best_cell, best_score) = if played_score > best.score { (step.played, played_score) } else { (best_cell, best.score) };
            let review = MoveReview {
                number: i + 1,
                player: step.player,
                played: step.played,
                best: best_cell,
                played_score,
                best_score,
                loss: (best_score - played_score).max(0.0),
                exact: exact && best.exact,
            };
            progress(&review, i + 1, steps.len());
            out.push(review);
        }
        out
    }
}

impl<S: Shape> Searcher<S> {
    /// Fail-soft principal-variation search over the moves of a node, best-ordered
    /// first: the first with the full window, the others with a null window and a
    /// re-search when they land inside it. `child(searcher, player, opponent, alpha,
    /// beta)` is the value of a child for the side to move here. Returns the best value
    /// (at least `worst`) and its move, or `None` when the search was stopped.
    /// `defer`: with other threads on the same table ([`tt::Busy`]), a child (not the
    /// first) that another thread is searching is put off until the other children are
    /// done, and each child is marked while this thread searches it; the value is the
    /// same, only the order differs. `split`: how a child is searched, where the node is
    /// deep enough to offer its other children to idle threads once the first is known
    /// ([`split`]; only threads that share a table have helpers).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pvs_moves(
        &mut self,
        list: &mut moves_list::MoveList<S::B>,
        (p, o): (S::B, S::B),
        (mut alpha, beta): (i32, i32),
        worst: i32,
        defer: bool,
        split: Option<split::Kind>,
        child: impl Fn(&mut Searcher<S>, S::B, S::B, i32, i32) -> i32,
    ) -> Option<(i32, u8)> {
        let mut best = worst;
        let mut best_move = tt::NO_MOVE;
        let mut first = true;
        // With other threads on the same table: the children they are in come last.
        let busy = if defer { self.busy.clone() } else { None };
        let mut deferred = moves_list::MoveList::<S::B>::new();
        let mut second_pass = false;
        loop {
            // Once the first child is known, the others may go to idle threads.
            if let (false, false, Some(kind)) = (first, second_pass, split) {
                if list.remaining() + deferred.len() >= 2 && self.helpers.as_ref().is_some_and(|h| h.someone_idle()) {
                    let mut moves = Vec::with_capacity(list.remaining() + deferred.len());
                    while let Some(m) = list.next_best() {
                        moves.push(m);
                    }
                    while let Some(m) = deferred.next_best() {
                        moves.push(m);
                    }
                    return self.run_split((p, o), (alpha, beta), (best, best_move), kind, moves);
                }
            }
            let next = if second_pass { deferred.next_best() } else { list.next_best() };
            let Some((x, f)) = next else {
                if second_pass || deferred.is_empty() {
                    break;
                }
                second_pass = true;
                continue;
            };
            let (cp, co) = self.shape.play(p, o, x, f);
            let key = busy.as_ref().map(|_| tt::Busy::key(S::B::hash_pair(cp, co)));
            if let (Some(b), Some(k)) = (&busy, key) {
                if !first && !second_pass && b.is_busy(k) {
                    deferred.push(x, f, -(deferred.len() as i32));
                    continue;
                }
                b.mark(k);
            }
            let score = if first {
                child(self, cp, co, alpha, beta)
            } else {
                let s = child(self, cp, co, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped {
                    child(self, cp, co, s, beta)
                } else {
                    s
                }
            };
            if let (Some(b), Some(k)) = (&busy, key) {
                b.unmark(k);
            }
            first = false;
            if self.stopped {
                return None;
            }
            if score > best {
                best = score;
                best_move = x;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some((best, best_move))
    }
}

impl<S: Shape> Searcher<S> {
    /// A child of a split point's node, for the side to move there.
    fn split_child(&mut self, kind: split::Kind, cp: S::B, co: S::B, a: i32, b: i32) -> i32 {
        match kind {
            split::Kind::Mid(d) => -self.mid(cp, co, d - 1, -b, -a, false),
            split::Kind::Exact(n) => -self.eg(cp, co, -b, -a, n - 1, false),
        }
    }

    /// The children of `sp` this thread takes, each with a null window at the best
    /// score so far and a second search when it lands above it, until none is left,
    /// one refutes the node or this thread is stopped.
    fn search_split_children(&mut self, sp: &Arc<split::SplitPoint<S::B>>) {
        while let Some((x, f, alpha)) = sp.take() {
            let (cp, co) = self.shape.play(sp.p, sp.o, x, f);
            let mut v = self.split_child(sp.kind, cp, co, alpha, alpha + 1);
            if v > alpha && v < sp.beta && !self.stopped {
                let a = v.max(sp.alpha());
                if a < sp.beta {
                    v = self.split_child(sp.kind, cp, co, a, sp.beta);
                }
            }
            if self.stopped {
                return;
            }
            sp.report(x, v);
        }
    }

    /// Whether a limit of this thread's own (its nodes, its time, its stop flag; not a
    /// split point's) stops it.
    fn own_limit(&self) -> bool {
        self.max_nodes.is_some_and(|m| self.nodes >= m)
            || self.deadline.is_some_and(|d| (self.clock)() >= d)
            || self.stop_flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The rest of a node's children searched with the idle threads ([`split`]): the
    /// node's best score and move, or `None` when this thread was stopped.
    #[inline(never)]
    fn run_split(&mut self, (p, o): (S::B, S::B), window: (i32, i32), best: (i32, u8), kind: split::Kind, moves: Vec<(u8, S::B)>) -> Option<(i32, u8)> {
        let helpers = self.helpers.clone()?;
        let sp = Arc::new(split::SplitPoint::new((p, o), window, best, kind, moves, (self.mpc_t, self.reuse_deeper), self.split_chain.clone()));
        helpers.publish(&sp);
        let outer = self.split_chain.replace(sp.clone());
        self.search_split_children(&sp);
        helpers.withdraw(&sp);
        // Stopped by a refutation found by a helper: the node is settled.
        if self.stopped && !self.own_limit() && !sp.parent.as_ref().is_some_and(|s| s.chain_aborted()) {
            self.stopped = false;
        }
        if self.stopped {
            sp.abort();
        }
        // Wait for the helpers, helping below this node meanwhile.
        let stopped = self.stopped;
        helpers.set_idle(true);
        while sp.working() > 0 {
            if !sp.aborted() && self.own_limit() {
                sp.abort();
            }
            match helpers.join(Some(&sp)) {
                Some(below) => {
                    helpers.set_idle(false);
                    self.help(&below);
                    helpers.set_idle(true);
                }
                None => std::hint::spin_loop(),
            }
        }
        helpers.set_idle(false);
        self.split_chain = outer;
        self.stopped = stopped || self.own_limit() || self.split_chain.as_ref().is_some_and(|s| s.chain_aborted());
        if self.stopped {
            return None;
        }
        Some(sp.result())
    }

    /// Searches children of `sp`, which this thread has joined, then leaves it.
    fn help(&mut self, sp: &Arc<split::SplitPoint<S::B>>) {
        let saved = (self.mpc_t, self.reuse_deeper, self.split_chain.replace(sp.clone()));
        self.mpc_t = sp.mpc_t;
        self.reuse_deeper = sp.reuse_deeper;
        self.search_split_children(sp);
        sp.leave();
        (self.mpc_t, self.reuse_deeper, self.split_chain) = saved;
        self.stopped = false;
    }

    /// Helps at the split points of the threads sharing this searcher's table until
    /// `recall` or this searcher's stop flag is set; the nodes it visited.
    pub fn help_until(&mut self, recall: &AtomicBool) -> u64 {
        self.start_task(&Limits::default());
        let Some(helpers) = self.helpers.clone() else { return 0 };
        helpers.set_idle(true);
        let mut spins = 0u32;
        while !recall.load(Ordering::Relaxed) && !self.stop_flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            match helpers.join(None) {
                Some(sp) => {
                    helpers.set_idle(false);
                    self.help(&sp);
                    helpers.set_idle(true);
                    spins = 0;
                }
                None => {
                    spins += 1;
                    if spins % 64 == 0 {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
            }
        }
        helpers.set_idle(false);
        self.nodes
    }

    /// Lets the threads sharing `helpers` search the children of this searcher's
    /// nodes ([`split`]).
    pub(crate) fn share_helpers(&mut self, helpers: Arc<split::Helpers<S::B>>) {
        self.helpers = Some(helpers);
    }
}

/// A small xorshift generator for the levels that ask for randomness.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value). The seed is mixed first (SplitMix64), so
    /// neighbouring seeds give unrelated streams.
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A float in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index into `scores` (in discs, not empty) drawn with probability growing
    /// as e^(score / temperature): the levels' plausible mistakes.
    pub fn softmax_index(&mut self, scores: &[f64], temperature: f64) -> usize {
        let top = scores.iter().copied().fold(f64::MIN, f64::max);
        let weights: Vec<f64> = scores.iter().map(|s| ((s - top) / temperature).exp()).collect();
        let mut pick = self.next_f64() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        scores.len() - 1
    }
}
