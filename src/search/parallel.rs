//! One position searched by several searchers at once, each with its own table,
//! cooperating by messages only: the same scheme natively (threads, `pool.rs`) and in
//! the browser (one Web Worker per core, each with its own instance of the module).
//!
//! [`Plan`] is the whole search as a state machine that never searches itself: asked for
//! work for an idle searcher it hands out a [`Task`] (one root move, a depth or exact,
//! a window), and told each [`Outcome`] it narrows that move's bounds. The search it
//! runs is the one of [`super::Searcher::search`]: iterative deepening, aspiration
//! windows, the exact solve near the end. Each root iteration is split by its moves:
//! the first (best so far) with the full window, every other move with a null window
//! at the best score known — before the first move's score is known, at the score the
//! last iteration predicted, so that the other searchers need not wait (a guess that
//! turns out too high or too low costs a second look at that move, never a wrong
//! answer). A move that fails high is searched again for its exact score. Bounds found
//! at a depth stay valid for that depth, so a widened window, and a searcher that comes
//! back late, reuse them. Results that say exact are exact: every move is proven no
//! better than the one chosen.
//!
//! A searcher keeps the moves it searched before (its table knows them): an idle one is
//! first offered a move it owned.
//!
//! The first move's wide search is most of the work on a hard position (on FFO #49,
//! 929 M of its 977 M nodes), and one searcher cannot share it. In the exact solve, from
//! [`SPLIT_EMPTIES`] empties, it is split one ply further ([`Split`]): the opponent's replies to it become tasks
//! in their own right, scored for the side that replies, the best expected reply with
//! the window and the others with null windows at the best reply known (or at the
//! predicted one while the first is under way), in the same way as the root's moves.
//! When the replies are decided they give the root move its bound or its score, as its
//! own search would have. Searchers that share one table may instead search the wide
//! task a second time ([`Plan::duplicate_wide`]), or, as the native pool does, help
//! inside each other's trees while the plan hands out no guesses ([`Plan::help_inside`]).

use super::{Limits, SearchResult, NEXT_ITERATION_SHARE, SCALE};
use crate::shape::{Bits, Shape};

const NONE_LO: i32 = i32::MIN / 4;
const NONE_HI: i32 = i32::MAX / 4;

/// What a searcher is asked to do: search the position after root move `square`,
/// `depth - 1` plies deep (exactly when `depth` is `None`), scored for the side to move
/// at the root within `(alpha, beta)`, fail-soft.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// Distinguishes the answers.
    pub id: u64,
    /// The root move.
    pub square: u8,
    /// The reply to `square` searched after it, when the root move's search is split:
    /// the score and the window are then the replying side's, and `depth - 2` plies
    /// are searched after the reply.
    pub reply: Option<u8>,
    /// The root iteration's depth, or `None` for the exact solve.
    pub depth: Option<u32>,
    /// The window's lower end, for the side to move at the root.
    pub alpha: i32,
    /// The window's upper end.
    pub beta: i32,
    /// The time and nodes left, and the Multi-ProbCut threshold.
    pub limits: Limits,
    /// This searcher's first task of the search: clear its table first (`clear`), or
    /// start a new search generation in it.
    pub first: bool,
    /// See `first`.
    pub clear: bool,
    /// Deep results of the other searchers, to store before searching (searchers with
    /// tables of their own: see `tt::Table::share_from`), three words each.
    pub shares: Vec<u64>,
    /// Pass on the results this task stores at this depth or more (`Outcome::shares`).
    pub share_from: Option<u8>,
}

/// A searcher's answer to a [`Task`].
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The task's id.
    pub id: u64,
    /// The root move's score (fail-soft within the task's window).
    pub score: i32,
    /// Nodes the task visited.
    pub nodes: u64,
    /// Stopped by a limit: the score means nothing.
    pub stopped: bool,
    /// The expected line, the root move first (cell indices).
    pub pv: Vec<u8>,
    /// The deep results the task stored, for the other searchers (`Task::share_from`).
    pub shares: Vec<u64>,
}

#[derive(Clone, Debug)]
struct Entry {
    square: u8,
    lo: i32,
    hi: i32,
    /// The tasks under way on this move.
    busy: Vec<u64>,
    owner: Option<usize>,
    pv: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Stage {
    Mid(u32),
    Exact,
    Done,
}

/// A task under way.
#[derive(Clone, Copy, Debug)]
struct Running {
    id: u64,
    worker: usize,
    square: u8,
    reply: Option<u8>,
    depth: Option<u32>,
    alpha: i32,
    beta: i32,
}

impl Running {
    fn wide(&self) -> bool {
        self.beta - self.alpha > 1
    }
}

/// The wide search of one root move shared out by its replies (see the module's notes).
#[derive(Clone, Debug)]
struct Split {
    /// The root move.
    square: u8,
    /// The root iteration it belongs to.
    depth: Option<u32>,
    /// The replies, scored for the side that replies.
    entries: Vec<Entry>,
    /// The window on the replying side's scale: the root move's window negated.
    alpha: i32,
    beta: i32,
    /// The predicted score, on the same scale.
    guess: i32,
    /// Whether the first reply has been handed out in this window.
    first_out: bool,
    /// Whether the root move's wide search is under way through it (its bounds stay,
    /// at the same depth, for the next window).
    active: bool,
}

/// The move among `entries` known to beat `alpha`, the best of them.
fn best_of(entries: &[Entry], alpha: i32) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, e) in entries.iter().enumerate() {
        if e.lo > alpha && best.is_none_or(|b| e.lo > entries[b].lo) {
            best = Some(i);
        }
    }
    best
}

/// Whether the moves `entries` decide a node's score within `(alpha, beta)`: one beats
/// beta, or every move but the best is refuted and the best is exact. Gives the score
/// (fail-soft) and the best move.
fn decision(entries: &[Entry], alpha: i32, beta: i32) -> Option<(i32, Option<usize>)> {
    let best = best_of(entries, alpha);
    let bound = best.map_or(alpha, |b| entries[b].lo);
    let cut = best.is_some_and(|b| entries[b].lo >= beta);
    let decided = cut || (entries.iter().enumerate().all(|(i, e)| Some(i) == best || e.hi <= bound) && best.is_none_or(|b| entries[b].lo == entries[b].hi));
    if !decided {
        return None;
    }
    let score = match best {
        Some(b) => entries[b].lo,
        None => entries.iter().map(|e| e.hi).max().unwrap_or(alpha),
    };
    Some((score, best))
}

/// Whether a task on `entries[i]` is still needed: a move is decided when it is
/// refuted, or is the best with its score known or beating beta.
fn undecided(entries: &[Entry], i: usize, alpha: i32, beta: i32) -> bool {
    let best = best_of(entries, alpha);
    let bound = best.map_or(alpha, |b| entries[b].lo);
    let e = &entries[i];
    if Some(i) == best {
        e.lo < e.hi && e.lo < beta
    } else {
        e.hi > bound
    }
}

/// Narrows `e` by a fail-soft score `v` found within `(a, b)`.
fn narrow(e: &mut Entry, v: i32, a: i32, b: i32, pv: &[u8]) {
    if v <= a {
        e.hi = e.hi.min(v);
    } else if v >= b {
        e.lo = e.lo.max(v);
        e.pv = pv.to_vec();
    } else {
        e.lo = v;
        e.hi = v;
        e.pv = pv.to_vec();
    }
    if e.lo > e.hi {
        // The searches disagree (tables, selectivity): the newest answer stands.
        e.lo = v;
        e.hi = v;
    }
}

/// The wide search of a split's replies to hand out now, if any: the best reply's
/// while its score is not known, or the first reply's before it is out.
fn split_wide(s: &Split) -> Option<(usize, i32, i32)> {
    match best_of(&s.entries, s.alpha) {
        Some(b) => {
            let e = &s.entries[b];
            (e.busy.is_empty() && e.lo < e.hi && e.lo < s.beta).then_some((b, e.lo, e.hi.min(s.beta)))
        }
        None => {
            let e = &s.entries[0];
            (!s.first_out && e.busy.is_empty() && e.hi > s.alpha).then_some((0, s.alpha, e.hi.min(s.beta)))
        }
    }
}

/// A null window for an idle searcher among `entries` (not `best`, not busy or `busy`,
/// not yet known to be on one side of `t`), at `t`: a move `worker` owned first, then a
/// move nobody owned, then any.
fn null_pick(entries: &[Entry], best: Option<usize>, busy: Option<u8>, t: i32, worker: usize) -> Option<(usize, i32, i32)> {
    let open = |e: &Entry| e.busy.is_empty() && Some(e.square) != busy && e.hi > t && e.lo <= t;
    let candidates = || entries.iter().enumerate().filter(|&(i, e)| Some(i) != best && open(e));
    let chosen = candidates().find(|(_, e)| e.owner == Some(worker)).or_else(|| candidates().find(|(_, e)| e.owner.is_none())).or_else(|| candidates().next());
    chosen.map(|(i, _)| (i, t, t + 1))
}

/// The search of one position, handed out as tasks (see the module's notes).
pub struct Plan<S: Shape> {
    shape: S,
    board: (S::B, S::B),
    limits: Limits,
    clear: bool,
    workers: Vec<bool>,
    started: f64,
    deadline: Option<f64>,
    empties: u32,
    mid_depth: u32,
    exact_wanted: bool,
    stage: Stage,
    entries: Vec<Entry>,
    alpha: i32,
    beta: i32,
    delta: i32,
    guess: i32,
    prev: i32,
    /// The score of the iteration before the last one (midgame).
    prev2: Option<i32>,
    /// Whether the first move has been handed out in this window.
    first_out: bool,
    tasks: Vec<Running>,
    next_id: u64,
    nodes: u64,
    result: Option<SearchResult<S::Cell>>,
    progress: Vec<SearchResult<S::Cell>>,
    /// Tasks given up as no longer needed ([`Plan::obsolete`]).
    abandoned: Vec<u64>,
    /// The most nodes a task may search before it ends unfinished ([`Plan::set_slice`]).
    slice: Option<u64>,
    /// The root move whose wide search is shared out by its replies.
    split: Option<Split>,
    /// The least iteration depth whose wide searches are split (none by default: see
    /// [`SPLIT_EMPTIES`]).
    split_depth: Option<u32>,
    /// The least empties from which the exact solve's wide searches are split.
    split_empties: u32,
    /// Searchers with tables of their own pass on their deep results through the plan
    /// ([`Plan::share_deep_results`]): what each has yet to receive.
    inbox: Option<Vec<Vec<u64>>>,
    /// Searchers that share one table may search a wide task under way a second time.
    duplicate: bool,
    /// Idle searchers help inside the others' trees instead ([`Plan::help_inside`]).
    helping: bool,
    /// An idle searcher may start the next iteration's first move ([`Plan::search_ahead`]).
    ahead: bool,
    /// Answers of the next iteration's tasks that came back before it began.
    early: Vec<(Running, i32, Vec<u8>)>,
}

/// A midgame iteration's window: this much either side of its predicted score.
const MID_DELTA: i32 = 2 * SCALE;

/// The least empties from which the exact solve's first move is split by its replies:
/// with fewer a task is too short for the messages it adds. The midgame iterations are
/// not split: their replies searched side by side, before the first reply has set the
/// bound, cost more nodes than the second core wins back (`reversi speed --depth 14
/// --threads 2` from 20 openings: 15.0–15.6 s unsplit, 18.5–19.6 s split from depth 9
/// or 12), while the solve of FFO #40–#49 with 2 threads takes 37 s unsplit, 34 split.
pub const SPLIT_EMPTIES: u32 = 15;

/// The slice of a task in a pool whose searchers cannot be interrupted (the browser's
/// Web Workers, and `Pool::with_own_tables`, which measures them natively): a task ends
/// unfinished after this many nodes (a tenth of a second or so) and is handed out again,
/// to the same searcher first, whose table makes the second go quick, so that a
/// searcher the search no longer needs is back within a slice ([`Plan::set_slice`]).
pub const WORKER_SLICE_NODES: u64 = 3_000_000;

/// An exact solve's task gets this many slices at once. Its restarts cost more than a
/// midgame task's (each goes back down a tree whose leaves its table does not hold),
/// and a solve is long, so a searcher back a little later costs it less. FFO #40–#49,
/// `reversi solve --threads 2 --own-tables`, two runs each: 28.3 and 28.8 s at one
/// slice, 26.9 and 27.4 s at 2, 26.9 and 25.7 s at 4, 27.1 and 25.7 s at 8.
const EXACT_SLICES: u64 = 4;

/// Searchers with tables of their own pass on the exact results they store for
/// positions at most this many empties below the root's ([`Plan::share_deep_results`]).
/// FFO #40–#49 on two threads with tables of their own (`reversi solve --threads 2
/// --own-tables`): 2.19 G nodes passing nothing, 1.96 G passing 150 k results from 8
/// plies down, 1.96–1.99 G passing 3.4 M from 12 down.
pub const SHARE_PLIES: u32 = 8;

/// At most this many words wait for one searcher (the newest are kept).
const INBOX_WORDS: usize = 3 << 18;

/// An exact solve costs about as much as a search this many plies shallower (for
/// [`Plan::set_split_depth`]).
const EXACT_SPLIT_EXTRA: u32 = 6;

impl<S: Shape> Plan<S> {
    /// The search of `board` within `limits` by `workers` searchers, started at `now`
    /// (ms). `clear`: the searchers forget their tables first (as
    /// [`super::Searcher::search`] does), so the search depends only on the position.
    pub fn new(shape: S, board: S::Board, limits: &Limits, workers: usize, clear: bool, now: f64) -> Plan<S> {
        let (p, o) = S::sides(board);
        let entries = Self::moves_of(&shape, p, o);
        let n = shape.empty(p, o).count();
        let max_depth = limits.depth.unwrap_or(60).clamp(1, shape.cell_count() as u32).min(n);
        let exact_wanted = n <= limits.exact_empties;
        let selective_end = limits.mpc.is_some() && limits.time_ms.is_some();
        let mid_depth = if exact_wanted && !selective_end { max_depth.min(n.saturating_sub(1).clamp(1, 8)) } else if exact_wanted { n } else { max_depth };
        let mut plan = Plan {
            shape,
            board: (p, o),
            limits: *limits,
            clear,
            workers: vec![false; workers.max(1)],
            started: now,
            deadline: limits.time_ms.map(|t| now + t),
            empties: n,
            mid_depth,
            exact_wanted,
            stage: if entries.is_empty() { Stage::Done } else { Stage::Mid(1) },
            entries,
            alpha: 0,
            beta: 0,
            delta: 0,
            guess: 0,
            prev: 0,
            prev2: None,
            first_out: false,
            tasks: vec![],
            next_id: 1,
            nodes: 0,
            result: None,
            progress: vec![],
            abandoned: vec![],
            slice: None,
            split: None,
            split_depth: None,
            split_empties: SPLIT_EMPTIES,
            inbox: None,
            duplicate: false,
            helping: false,
            ahead: false,
            early: vec![],
        };
        plan.open_window();
        plan
    }

    fn moves_of(shape: &S, p: S::B, o: S::B) -> Vec<Entry> {
        let mut entries = vec![];
        let mut m = shape.moves(p, o);
        while !m.is_empty() {
            let x = m.first();
            m = m.without_first();
            entries.push(Entry { square: x, lo: NONE_LO, hi: NONE_HI, busy: vec![], owner: None, pv: vec![] });
        }
        entries
    }

    fn limit(&self) -> i32 {
        match self.stage {
            Stage::Exact => self.shape.cell_count(),
            _ => self.shape.cell_count() * SCALE,
        }
    }

    fn depth(&self) -> Option<u32> {
        match self.stage {
            Stage::Mid(d) => Some(d),
            _ => None,
        }
    }

    /// The window of a new iteration: full at depths 1 and 2, else around the last
    /// iteration's score.
    fn open_window(&mut self) {
        let max = self.limit();
        match self.stage {
            Stage::Mid(d) if d <= 2 => {
                self.alpha = -max;
                self.beta = max;
                self.guess = 0;
                self.delta = max;
            }
            // Around the score of the iteration two plies shallower, which ends on the
            // same side to move: the evaluation leans one way at odd depths and the
            // other at even ones, and the other searchers' null windows, set at this
            // guess before the first move's score is known, are wasted when it is off
            // (`reversi speed --depth 14 --count 20 --threads 2`: 266-274 M nodes
            // around the last iteration's score, 229-232 M around this one's; one
            // thread 207 M).
            Stage::Mid(_) => self.set_window(self.prev2.unwrap_or(self.prev), MID_DELTA),
            Stage::Exact => self.set_window((self.prev as f64 / SCALE as f64).round() as i32, 4),
            Stage::Done => {}
        }
        for e in &mut self.entries {
            e.lo = NONE_LO;
            e.hi = NONE_HI;
        }
        self.first_out = false;
        self.split = None;
    }

    fn set_window(&mut self, guess: i32, delta: i32) {
        self.guess = guess;
        self.delta = delta;
        (self.alpha, self.beta) = self.window_around(guess, delta);
    }

    /// The window `delta` either side of `guess`, within the scores of this stage.
    fn window_around(&self, guess: i32, delta: i32) -> (i32, i32) {
        let max = self.limit();
        ((guess - delta).max(-max), (guess + delta).min(max))
    }

    /// Whether the search has used so much of its time or nodes that no further
    /// iteration is started.
    fn late(&self, now: f64) -> bool {
        self.deadline.is_some_and(|d| now - self.started > NEXT_ITERATION_SHARE * (d - self.started))
            || self.limits.nodes.is_some_and(|m| self.nodes as f64 > NEXT_ITERATION_SHARE * m as f64)
    }

    /// Whether the search's time or nodes have run out.
    fn exhausted(&self, now: f64) -> bool {
        self.deadline.is_some_and(|d| now >= d) || self.limits.nodes.is_some_and(|m| self.nodes >= m)
    }

    /// Tasks stop after `nodes` nodes, unfinished, and are handed out again (to the same
    /// searcher first, whose table holds what it did, so the second go is quick): a
    /// pool whose searchers cannot be interrupted (Web Workers) can then take back a
    /// searcher from a task the search no longer needs within one slice.
    pub fn set_slice(&mut self, nodes: Option<u64>) {
        self.slice = nodes;
    }

    /// Splits the first move's wide search by its replies from iteration `depth` on, and
    /// the exact solve from [`EXACT_SPLIT_EXTRA`] more empties (by default only the
    /// solve is split, from [`SPLIT_EMPTIES`]); tests set it low to try the split on
    /// small searches.
    pub fn set_split_depth(&mut self, depth: u32) {
        let depth = depth.max(2);
        self.split_depth = Some(depth);
        self.split_empties = depth + EXACT_SPLIT_EXTRA;
    }

    /// Lets an idle searcher, when nothing else is left, search the middle game's wide
    /// task under way a second time, in the same window (before it probes the move
    /// with null windows): for searchers that share one table and list of busy positions
    /// (`tt::Busy`), whose second search puts off the replies the first is in and so
    /// takes the others, the scheme of ABDADA. With Multi-ProbCut the first move's wide
    /// search is most of an iteration, and two threads shared little of it before:
    /// `farm-bench -n 5` of `reversi speed --depth 18 --mpc 1.5 --count 20 --threads 2`
    /// took 0.96× the time (5 pairs; 0.958–1.002), at full width (`--depth 14`) 0.99×.
    /// (The native pool did so until its threads helped inside each other's trees,
    /// [`Plan::help_inside`], which took 0.92× the time at depth 21.)
    pub fn duplicate_wide(&mut self) {
        self.duplicate = true;
    }

    /// For searchers that help inside each other's trees ([`super::split`]): an idle
    /// searcher is given no work that guesses — no null windows at a predicted score
    /// while the first move is under way, no second look at a wide task, no task of the
    /// next iteration — so that it helps with the first move's search instead.
    /// `farm-bench -n 6` against the scheme before (the copied wide task, search ahead
    /// and probes): `reversi speed --depth 21 --mpc 1.5 --count 10 --threads 2` 0.92×
    /// the time (0.86–0.98), FFO #40–#49 (`solve --threads 2`) 0.93× (0.90–1.05).
    pub fn help_inside(&mut self) {
        self.helping = true;
    }

    /// Counts nodes searched outside the plan's tasks (by helpers).
    pub fn add_nodes(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// Lets an idle searcher, when nothing of the iteration under way is left to it,
    /// start the next iteration's wide search of the move now best, in the window that
    /// iteration will open with (around this iteration's predicted score, as
    /// [`Plan::open_window`] sets it). When the iteration ends with that move still
    /// first, its wide search is under way already, or done; otherwise its bound still
    /// stands for that move.
    pub fn search_ahead(&mut self) {
        self.ahead = true;
    }

    /// The next iteration's depth and window, when an idle searcher may start it now.
    fn ahead_window(&self, now: f64) -> Option<(u32, i32, i32)> {
        let Stage::Mid(d) = self.stage else { return None };
        if !self.ahead || d < 3 || d >= self.mid_depth || self.split.as_ref().is_some_and(|s| s.active) {
            return None;
        }
        if self.tasks.iter().any(|t| t.depth == Some(d + 1)) || self.early.iter().any(|(t, _, _)| t.depth == Some(d + 1)) {
            return None;
        }
        // Not when this iteration is to be the last.
        if self.late(now) {
            return None;
        }
        // `open_window` of the next iteration centres it on this one's predicted score.
        let (a, b) = self.window_around(self.prev, MID_DELTA);
        Some((d + 1, a, b))
    }

    /// For searchers that each keep a table of their own (the browser's workers): each
    /// task of the exact solve logs the results it stores for positions at most
    /// [`SHARE_PLIES`] empties below the root, and
    /// the plan hands them to the other searchers with their next tasks. Few results
    /// are that deep, and each saves a searcher who meets the same position (a
    /// transposition from another root move or reply) a whole subtree: most of what a
    /// shared table gives.
    pub fn share_deep_results(&mut self) {
        self.inbox = Some(vec![vec![]; self.workers.len()]);
    }

    /// Whether the search is over (its result is then [`Plan::result`]).
    pub fn done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// Nodes visited so far by all the searchers.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The results of the iterations finished since the last call, for progress reports.
    pub fn take_progress(&mut self) -> Vec<SearchResult<S::Cell>> {
        std::mem::take(&mut self.progress)
    }

    /// The tasks handed out and not answered yet (their ids): those of a finished
    /// search may be stopped.
    pub fn outstanding(&self) -> Vec<(u64, usize)> {
        self.tasks.iter().map(|t| (t.id, t.worker)).collect()
    }

    /// The best score known at this iteration and its move, if any move is known to
    /// beat the window's lower end.
    fn best(&self) -> Option<usize> {
        best_of(&self.entries, self.alpha)
    }

    /// Whether root move `i` has a search under way (its own, or its replies').
    fn busy(&self, i: usize) -> bool {
        let e = &self.entries[i];
        !e.busy.is_empty() || self.split.as_ref().is_some_and(|s| s.active && s.square == e.square)
    }

    /// Whether root move `i` has a wide search of this iteration under way (its own, or
    /// its replies'): null windows on it (probes) do not keep its wide search from
    /// going out again when a slice of it ended.
    fn wide_busy(&self, i: usize) -> bool {
        let e = &self.entries[i];
        let depth = self.depth();
        self.split.as_ref().is_some_and(|s| s.active && s.square == e.square)
            || self.tasks.iter().any(|t| t.square == e.square && t.reply.is_none() && t.depth == depth && t.wide())
    }

    /// Whether the wide search of root move `i` should be split by its replies: more
    /// than one searcher, no other split under way, deep enough, and two replies.
    fn splits(&self, i: usize) -> bool {
        if self.workers.len() < 2 || self.split.as_ref().is_some_and(|s| s.active) {
            return false;
        }
        let deep = match self.stage {
            Stage::Mid(d) => self.split_depth.is_some_and(|s| d >= s),
            Stage::Exact => self.empties >= self.split_empties,
            Stage::Done => false,
        };
        if !deep {
            return false;
        }
        let (p, o) = self.board;
        let x = self.entries[i].square;
        let (cp, co) = self.shape.play(p, o, x, self.shape.flips(p, o, x));
        let replies = self.shape.moves(cp, co);
        !replies.is_empty() && !replies.without_first().is_empty()
    }

    /// Starts the split of root move `i`'s wide search in `(a, b)`, keeping the replies'
    /// bounds from an earlier window of the same iteration.
    fn open_split(&mut self, i: usize, a: i32, b: i32) {
        let depth = self.depth();
        let square = self.entries[i].square;
        let guess = -self.guess;
        match &mut self.split {
            Some(s) if s.square == square && s.depth == depth => {
                s.alpha = -b;
                s.beta = -a;
                s.guess = guess;
                s.first_out = false;
                s.active = true;
            }
            _ => {
                let (p, o) = self.board;
                let (cp, co) = self.shape.play(p, o, square, self.shape.flips(p, o, square));
                let mut entries = Self::moves_of(&self.shape, cp, co);
                // The reply the last iteration expected first.
                if let Some(k) = self.entries[i].pv.get(1).and_then(|&r| entries.iter().position(|e| e.square == r)) {
                    let e = entries.remove(k);
                    entries.insert(0, e);
                }
                self.split = Some(Split { square, depth, entries, alpha: -b, beta: -a, guess, first_out: false, active: true });
            }
        }
    }

    /// Work among the replies of the split root move, if any: the best reply's wide
    /// search, the first reply's, then null windows.
    fn split_pick(&mut self, worker: usize) -> Option<(usize, i32, i32)> {
        let s = self.split.as_mut().filter(|s| s.active)?;
        let best = best_of(&s.entries, s.alpha);
        let bound = best.map_or(s.alpha, |b| s.entries[b].lo);
        if let Some(pick) = split_wide(s) {
            s.first_out = true;
            return Some(pick);
        }
        let t = if best.is_some() || !s.first_out || s.entries[0].busy.is_empty() { bound } else { (s.guess - 1).clamp(s.alpha, s.beta - 1) };
        null_pick(&s.entries, best, None, t, worker)
    }

    /// The root move whose wide search is split now, by its index in `entries`.
    fn split_move(&self) -> Option<usize> {
        let s = self.split.as_ref().filter(|s| s.active)?;
        self.entries.iter().position(|e| e.square == s.square)
    }

    /// Ends a split whose root move no longer needs it (decided by other searches).
    fn retire_split(&mut self) {
        let Some(s) = self.split.as_ref().filter(|s| s.active) else { return };
        let needed = self.depth() == s.depth
            && self.entries.iter().position(|e| e.square == s.square).is_some_and(|i| undecided(&self.entries, i, self.alpha, self.beta));
        if !needed {
            if let Some(s) = self.split.as_mut() {
                s.active = false;
            }
        }
    }

    /// Work for the idle searcher `worker` at time `now`, if there is any now.
    pub fn next(&mut self, worker: usize, now: f64) -> Option<Task> {
        if self.done() || self.workers.get(worker).is_none() || self.tasks.iter().any(|t| t.worker == worker) {
            return None;
        }
        self.retire_split();
        let best = self.best();
        let bound = best.map_or(self.alpha, |b| self.entries[b].lo);
        // The wide search of the best move (to learn its score), or of the first.
        let mut wide: Option<(usize, i32, i32)> = None;
        if let Some(b) = best {
            let e = &self.entries[b];
            if !self.wide_busy(b) && e.lo < e.hi && e.lo < self.beta {
                wide = Some((b, e.lo, e.hi.min(self.beta)));
            }
        } else if !self.first_out {
            let e = &self.entries[0];
            if !self.wide_busy(0) && e.hi > self.alpha {
                self.first_out = true;
                wide = Some((0, self.alpha, e.hi.min(self.beta)));
            }
        }
        let mut pick: Option<(usize, Option<usize>, i32, i32)> = None;
        if let Some((i, a, b)) = wide {
            if self.splits(i) {
                self.open_split(i, a, b);
                pick = self.split_pick(worker).map(|(j, a, b)| (i, Some(j), a, b));
            }
            if pick.is_none() {
                if let Some(s) = self.split.as_mut().filter(|s| s.square == self.entries[i].square) {
                    s.active = false;
                }
                pick = Some((i, None, a, b));
            }
        }
        if pick.is_none() {
            // The split move's other replies as soon as its first reply is known (the
            // young brothers wait for the eldest only): they settle the first move's
            // score, or show that the window fails, before the other root moves take
            // the searchers with null windows at a predicted score that may be far off.
            let first_known = self.split.as_ref().is_some_and(|s| s.first_out && s.entries[0].busy.is_empty());
            // So does the split's wide search when it is to go out again (a slice of it
            // ended): it is the eldest brother, and waits for no one.
            let wide_waiting = self.split.as_ref().is_some_and(|s| s.active && split_wide(s).is_some());
            if let Some(i) = self.split_move().filter(|_| first_known || wide_waiting) {
                pick = self.split_pick(worker).map(|(j, a, b)| (i, Some(j), a, b));
            }
        }
        // Helpers wait for the first move's score (young brothers wait) and help with it.
        let speculative = best.is_none() && self.first_out && self.busy(0);
        if pick.is_none() && !(self.helping && speculative) {
            // A null window at the best score known, or, while the first move is under
            // way, at the score the last iteration predicted.
            let t = if best.is_some() || !self.first_out || !self.busy(0) { bound } else { (self.guess - 1).clamp(self.alpha, self.beta - 1) };
            let split_square = self.split.as_ref().filter(|s| s.active).map(|s| s.square);
            pick = null_pick(&self.entries, best, split_square, t, worker).map(|(i, a, b)| (i, None, a, b));
        }
        if pick.is_none() {
            if let Some(i) = self.split_move() {
                pick = self.split_pick(worker).map(|(j, a, b)| (i, Some(j), a, b));
            }
        }
        // The next iteration's first move, before a second search of this one's.
        let mut ahead = None;
        if pick.is_none() && !self.helping {
            if let Some((d, a, b)) = self.ahead_window(now) {
                let i = self.best().unwrap_or(0);
                ahead = Some(d);
                pick = Some((i, None, a, b));
            }
        }
        if pick.is_none() && self.duplicate && !self.helping {
            pick = self.duplicate_pick();
        }
        if pick.is_none() && !self.helping {
            pick = self.probe(best, bound).map(|(i, a, b)| (i, None, a, b));
        }
        let (i, j, alpha, beta) = pick?;
        let id = self.next_id;
        self.next_id += 1;
        let first = !self.workers[worker];
        self.workers[worker] = true;
        let depth = if ahead.is_some() { ahead } else { self.depth() };
        let square = self.entries[i].square;
        let reply = match j {
            // Not this iteration's: it joins the move's list when its iteration begins.
            None if ahead.is_some() => None,
            Some(j) => {
                let s = self.split.as_mut().expect("a split to pick from");
                s.entries[j].busy.push(id);
                s.entries[j].owner = Some(worker);
                Some(s.entries[j].square)
            }
            None => {
                self.entries[i].busy.push(id);
                self.entries[i].owner = Some(worker);
                None
            }
        };
        self.tasks.push(Running { id, worker, square, reply, depth, alpha, beta });
        let left = self.limits.nodes.map(|m| m.saturating_sub(self.nodes).max(1));
        let limits = Limits {
            time_ms: self.deadline.map(|d| (d - now).max(0.0)),
            nodes: match (left, self.slice.map(|n| if depth.is_none() { n * EXACT_SLICES } else { n })) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..self.limits
        };
        // (The exact solve's results only: the middle game's were not measured.)
        let (shares, share_from) = match &mut self.inbox {
            Some(inbox) => (std::mem::take(&mut inbox[worker]), depth.is_none().then_some(self.empties.saturating_sub(SHARE_PLIES).min(255) as u8)),
            None => (vec![], None),
        };
        Some(Task { id, square, reply, depth, alpha, beta, limits, first, clear: self.clear, shares, share_from })
    }

    /// A wide search under way, once more with the same window ([`Plan::duplicate_wide`]).
    fn duplicate_pick(&self) -> Option<(usize, Option<usize>, i32, i32)> {
        // Only the middle game's search puts off the children another thread is in: an
        // exact search copied would walk the same tree (the probes serve it better).
        let depth = self.depth()?;
        let depth = Some(depth);
        // Only the window the move would be given now: a task left from a narrower
        // window may be answered at once, again and again, by what it already found.
        let (i, a, b) = match self.best() {
            Some(b) => (b, self.entries[b].lo, self.entries[b].hi.min(self.beta)),
            None => (0, self.alpha, self.entries.first()?.hi.min(self.beta)),
        };
        let e = &self.entries[i];
        let running = |t: &&Running| t.square == e.square && t.reply.is_none() && t.depth == depth && t.alpha == a && t.beta == b;
        if e.busy.len() != 1 || b - a < 2 || !self.tasks.iter().any(|t| running(&t)) {
            return None;
        }
        Some((i, None, a, b))
    }

    /// A second look at a move whose wide-window search is under way, when nothing else
    /// is left to do: a null window inside what is still unknown of its score, at the
    /// predicted score first, so that two searchers close in on the score from both
    /// sides (the wide search, or the probes, whichever settles it first).
    fn probe(&self, best: Option<usize>, bound: i32) -> Option<(usize, i32, i32)> {
        let depth = self.depth();
        let split_square = self.split.as_ref().filter(|s| s.active).map(|s| s.square);
        for (i, e) in self.entries.iter().enumerate() {
            let on_e = |t: &&Running| t.square == e.square && t.reply.is_none() && t.depth == depth;
            if Some(e.square) != split_square && !self.tasks.iter().filter(on_e).any(|t| t.wide()) {
                continue;
            }
            // What matters: above the bound (below it the move is refuted) and below beta.
            let lo = if Some(i) == best { e.lo } else { e.lo.max(bound) };
            let hi = e.hi.min(self.beta);
            if lo >= hi {
                continue;
            }
            let mut taken: Vec<i32> = self.tasks.iter().filter(on_e).filter(|t| !t.wide()).map(|t| t.alpha).collect();
            let center = self.guess.clamp(lo, hi - 1);
            let t = if !taken.contains(&center) {
                center
            } else {
                // The middle of the widest stretch no probe covers.
                taken.push(lo - 1);
                taken.push(hi);
                taken.sort_unstable();
                let (a, b) = taken.windows(2).map(|w| (w[0], w[1])).max_by_key(|(a, b)| b - a)?;
                if b - a < 2 {
                    continue;
                }
                a + (b - a) / 2
            };
            return Some((i, t, t + 1));
        }
        None
    }

    /// Tasks under way that the search no longer needs (their move is decided, their
    /// iteration is over, or the search is): each is listed once, and a stopped answer
    /// to it is then ignored. A pool stops the searchers running them.
    pub fn obsolete(&mut self) -> Vec<(u64, usize)> {
        self.retire_split();
        let depth = self.depth();
        let mut out = vec![];
        for t in &self.tasks {
            if self.abandoned.contains(&t.id) {
                continue;
            }
            let root = self.entries.iter().position(|e| e.square == t.square);
            let needed = match (root, t.reply) {
                (Some(i), None) => undecided(&self.entries, i, self.alpha, self.beta),
                (Some(_), Some(r)) => self.split.as_ref().is_some_and(|s| {
                    s.active && s.square == t.square && s.depth == t.depth && s.entries.iter().position(|e| e.square == r).is_some_and(|j| undecided(&s.entries, j, s.alpha, s.beta))
                }),
                (None, _) => false,
            };
            let ahead = matches!(self.stage, Stage::Mid(d) if t.depth == Some(d + 1) && d < self.mid_depth);
            if self.done() || !(ahead || (t.depth == depth && needed)) {
                out.push((t.id, t.worker));
            }
        }
        self.abandoned.extend(out.iter().map(|t| t.0));
        out
    }

    /// Takes a searcher's answer at time `now`.
    pub fn report(&mut self, out: &Outcome, now: f64) {
        let Some(k) = self.tasks.iter().position(|t| t.id == out.id) else { return };
        let t = self.tasks.remove(k);
        self.nodes += out.nodes;
        if let Some(inbox) = &mut self.inbox {
            for (w, words) in inbox.iter_mut().enumerate() {
                if w != t.worker && !out.shares.is_empty() {
                    words.extend_from_slice(&out.shares[..out.shares.len() / 3 * 3]);
                    if words.len() > INBOX_WORDS {
                        words.drain(..words.len() - INBOX_WORDS);
                    }
                }
            }
        }
        // The moves are reordered as the best changes: found by their square.
        let Some(i) = self.entries.iter().position(|e| e.square == t.square) else { return };
        match t.reply {
            None => self.entries[i].busy.retain(|&id| id != out.id),
            Some(r) => {
                if let Some(e) = self.split.as_mut().filter(|s| s.square == t.square && s.depth == t.depth).and_then(|s| s.entries.iter_mut().find(|e| e.square == r)) {
                    e.busy.retain(|&id| id != out.id);
                }
            }
        }
        if self.done() {
            return;
        }
        if out.stopped && self.abandoned.contains(&out.id) {
            return; // stopped because the search no longer needed it
        }
        if matches!(self.stage, Stage::Mid(d) if t.depth == Some(d + 1)) {
            // The next iteration's, come back before it began: kept for it (a task
            // stopped by the clock ends the search through this iteration's own).
            if !out.stopped {
                self.early.push((t, out.score, out.pv.clone()));
            } else if self.exhausted(now) {
                self.finish();
            }
            return;
        }
        if out.stopped {
            if self.slice.is_none() || self.exhausted(now) {
                self.finish();
            } else if t.wide() {
                // A wide search ended its slice: it goes out again.
                if t.reply.is_none() {
                    if i == 0 && self.best().is_none() {
                        self.first_out = false;
                    }
                } else if let Some(s) = self.split.as_mut().filter(|s| s.square == t.square && best_of(&s.entries, s.alpha).is_none()) {
                    s.first_out = false;
                }
            }
            return;
        }
        if t.depth != self.depth() {
            return; // from an iteration that has ended: nothing to learn
        }
        match t.reply {
            None => narrow(&mut self.entries[i], out.score, t.alpha, t.beta, &out.pv),
            Some(r) => {
                let Some(s) = self.split.as_mut().filter(|s| s.square == t.square && s.depth == t.depth) else { return };
                let Some(e) = s.entries.iter_mut().find(|e| e.square == r) else { return };
                narrow(e, out.score, t.alpha, t.beta, &out.pv);
                self.settle_split(i);
            }
        }
        self.settle(now);
    }

    /// When the replies of the split root move `i` are decided, gives the move its
    /// bound or its score (on the root's scale) and ends the split.
    fn settle_split(&mut self, i: usize) {
        let Some(s) = self.split.as_mut().filter(|s| s.active) else { return };
        let Some((score, best)) = decision(&s.entries, s.alpha, s.beta) else { return };
        s.active = false;
        let (a, b) = (-s.beta, -s.alpha);
        // The line: through the best reply, or the one that did best for the replier.
        let line = best.or_else(|| (0..s.entries.len()).max_by_key(|&k| s.entries[k].hi)).map(|k| s.entries[k].pv.clone()).unwrap_or_default();
        let pv = if line.is_empty() { vec![s.square] } else { line };
        narrow(&mut self.entries[i], -score, a, b, &pv);
    }

    /// Ends the window when every move is decided: the iteration finishes, or the
    /// window widens.
    ///
    /// A widened window may be decided at once by what is known already: two searches
    /// of a move that disagree (tables, selectivity) leave the newest answer as its
    /// score, which may lie exactly at the window's end, so the window fails, and under
    /// the wider one that move is the best with its score known. No search is then left
    /// to report, so the decision is taken here, as often as the window widens.
    fn settle(&mut self, now: f64) {
        let max = self.limit();
        while let Some((score, best)) = decision(&self.entries, self.alpha, self.beta) {
            if let Some(b) = best {
                // The best move first, for the next iteration and the line.
                let e = self.entries.remove(b);
                self.entries.insert(0, e);
            }
            if score <= self.alpha && self.alpha > -max {
                self.delta *= 2;
                self.alpha = (score - self.delta).max(-max);
                self.first_out = false;
                continue;
            }
            if score >= self.beta && self.beta < max {
                self.delta *= 2;
                self.beta = (score + self.delta).min(max);
                self.first_out = false;
                continue;
            }
            self.finished(score, now);
            return;
        }
    }

    fn finished(&mut self, score: i32, now: f64) {
        let exact = self.stage == Stage::Exact;
        let depth = match self.stage {
            Stage::Mid(d) => d,
            _ => self.empties,
        };
        let first = &self.entries[0];
        let pv: Vec<S::Cell> = if first.pv.is_empty() { vec![first.square] } else { first.pv.clone() }.into_iter().take(depth.max(1) as usize).map(S::cell).collect();
        let r = SearchResult {
            best: Some(S::cell(first.square)),
            score: if exact { score as f64 } else { score as f64 / SCALE as f64 },
            depth,
            exact,
            nodes: self.nodes,
            time_ms: now - self.started,
            pv,
            book: false,
        };
        self.progress.push(r.clone());
        self.result = Some(r);
        // The last iteration's score, now two plies shallower than the next one.
        self.prev2 = Some(self.prev).filter(|_| depth > 1 && !exact);
        self.prev = if exact { score * SCALE } else { score };
        let late = self.late(now);
        self.stage = match self.stage {
            Stage::Mid(d) if d < self.mid_depth && !late => Stage::Mid(d + 1),
            Stage::Mid(_) if self.exact_wanted => Stage::Exact,
            _ => Stage::Done,
        };
        if self.stage != Stage::Done {
            self.open_window();
            self.adopt_ahead(now);
        }
    }

    /// At the start of an iteration, the tasks of it handed out ahead
    /// ([`Plan::search_ahead`]): those under way join their moves' lists (the first
    /// move's counts as its wide search handed out), and the answers already back
    /// narrow their moves' bounds, which may decide the window at once.
    fn adopt_ahead(&mut self, now: f64) {
        let depth = self.depth();
        let early = std::mem::take(&mut self.early);
        if depth.is_none() {
            return;
        }
        let mut any = false;
        for (t, score, pv) in early.into_iter().filter(|(t, _, _)| t.depth == depth) {
            if let Some(e) = self.entries.iter_mut().find(|e| e.square == t.square) {
                narrow(e, score, t.alpha, t.beta, &pv);
                any = true;
            }
        }
        for t in self.tasks.iter().filter(|t| t.depth == depth && t.reply.is_none()) {
            if let Some(i) = self.entries.iter().position(|e| e.square == t.square) {
                self.entries[i].busy.push(t.id);
                if i == 0 && t.wide() && t.alpha <= self.alpha && t.beta >= self.beta {
                    self.first_out = true;
                }
            }
        }
        if any {
            self.settle(now);
        }
    }

    fn finish(&mut self) {
        if self.limits.nodes.is_none() {
            self.keep_proven_move();
        }
        self.stage = Stage::Done;
    }

    /// When the clock stops an iteration in which a move has proved better, at the
    /// iteration's depth, than the last finished iteration's best move (its lower bound
    /// above that move's upper one), that move is played rather than the old one, as
    /// [`super::Searcher::search`] does on one thread. (Not for a search limited by
    /// nodes: levels 13–17 keep the moves the level ladder measured.)
    fn keep_proven_move(&mut self) {
        let exact = self.stage == Stage::Exact;
        let depth = match self.stage {
            Stage::Mid(d) => d,
            Stage::Exact => self.empties,
            Stage::Done => return,
        };
        let Some(r) = self.result.as_mut() else { return };
        let Some(old) = self.entries.iter().find(|e| Some(S::cell(e.square)) == r.best) else { return };
        let Some(b) = best_of(&self.entries, old.hi) else { return };
        let e = &self.entries[b];
        r.best = Some(S::cell(e.square));
        r.score = if exact { e.lo as f64 } else { e.lo as f64 / SCALE as f64 };
        r.pv = if e.pv.is_empty() { vec![e.square] } else { e.pv.clone() }.into_iter().take(depth.max(1) as usize).map(S::cell).collect();
    }

    /// The search's result (with `now` as its end): the last finished iteration, or the
    /// first move when none finished; `None` when the side to move has no move.
    pub fn result(&self, now: f64) -> Option<SearchResult<S::Cell>> {
        let first = self.entries.first()?;
        let mut r = self.result.clone().unwrap_or_else(|| {
            let best = S::cell(first.square);
            SearchResult { best: Some(best), score: 0.0, depth: 0, exact: false, nodes: 0, time_ms: 0.0, pv: vec![best], book: false }
        });
        r.nodes = self.nodes;
        r.time_ms = now - self.started;
        Some(r)
    }

    /// The state of every root move (and of the split's replies), for debugging.
    pub fn describe(&self) -> String {
        let moves = |v: &[Entry]| v.iter().map(|e| (e.square, e.lo, e.hi, e.busy.clone())).collect::<Vec<_>>();
        let split = self.split.as_ref().map(|s| format!(" split {} active {} ({}, {}) first_out {} {:?}", s.square, s.active, s.alpha, s.beta, s.first_out, moves(&s.entries))).unwrap_or_default();
        format!("{:?} window ({}, {}) first_out {} {:?}{split}", self.stage, self.alpha, self.beta, self.first_out, moves(&self.entries))
    }

    /// The board searched (side to move first).
    pub fn board(&self) -> (S::B, S::B) {
        self.board
    }
}
