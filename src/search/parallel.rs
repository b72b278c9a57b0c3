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
    /// Whether the first move has been handed out in this window.
    first_out: bool,
    /// The tasks under way: id, searcher, root square, depth, window.
    tasks: Vec<(u64, usize, usize, Option<u32>, i32, i32)>,
    next_id: u64,
    nodes: u64,
    result: Option<SearchResult<S::Cell>>,
    progress: Vec<SearchResult<S::Cell>>,
    /// Tasks given up as no longer needed ([`Plan::obsolete`]).
    abandoned: Vec<u64>,
    /// The most nodes a task may search before it ends unfinished ([`Plan::set_slice`]).
    slice: Option<u64>,
}

impl<S: Shape> Plan<S> {
    /// The search of `board` within `limits` by `workers` searchers, started at `now`
    /// (ms). `clear`: the searchers forget their tables first (as
    /// [`super::Searcher::search`] does), so the search depends only on the position.
    pub fn new(shape: S, board: S::Board, limits: &Limits, workers: usize, clear: bool, now: f64) -> Plan<S> {
        let (p, o) = S::sides(board);
        let mut entries = vec![];
        let mut m = shape.moves(p, o);
        while !m.is_empty() {
            let x = m.first();
            m = m.without_first();
            entries.push(Entry { square: x, lo: NONE_LO, hi: NONE_HI, busy: vec![], owner: None, pv: vec![] });
        }
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
            first_out: false,
            tasks: vec![],
            next_id: 1,
            nodes: 0,
            result: None,
            progress: vec![],
            abandoned: vec![],
            slice: None,
        };
        plan.open_window();
        plan
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
            Stage::Mid(_) => self.set_window(self.prev, 2 * SCALE),
            Stage::Exact => self.set_window((self.prev as f64 / SCALE as f64).round() as i32, 4),
            Stage::Done => {}
        }
        for e in &mut self.entries {
            e.lo = NONE_LO;
            e.hi = NONE_HI;
        }
        self.first_out = false;
    }

    fn set_window(&mut self, guess: i32, delta: i32) {
        let max = self.limit();
        self.guess = guess;
        self.delta = delta;
        self.alpha = (guess - delta).max(-max);
        self.beta = (guess + delta).min(max);
    }

    /// Tasks stop after `nodes` nodes, unfinished, and are handed out again (to the same
    /// searcher first, whose table holds what it did, so the second go is quick): a
    /// pool whose searchers cannot be interrupted (Web Workers) can then take back a
    /// searcher from a task the search no longer needs within one slice.
    pub fn set_slice(&mut self, nodes: Option<u64>) {
        self.slice = nodes;
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
        self.tasks.iter().map(|t| (t.0, t.1)).collect()
    }

    /// The best score known at this iteration and its move, if any move is known to
    /// beat the window's lower end.
    fn best(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, e) in self.entries.iter().enumerate() {
            if e.lo > self.alpha && best.is_none_or(|b| e.lo > self.entries[b].lo) {
                best = Some(i);
            }
        }
        best
    }

    /// Work for the idle searcher `worker` at time `now`, if there is any now.
    pub fn next(&mut self, worker: usize, now: f64) -> Option<Task> {
        if self.done() || self.workers.get(worker).is_none() || self.tasks.iter().any(|t| t.1 == worker) {
            return None;
        }
        let best = self.best();
        let bound = best.map_or(self.alpha, |b| self.entries[b].lo);
        let mut pick: Option<(usize, i32, i32)> = None;
        if let Some(b) = best {
            let e = &self.entries[b];
            if e.busy.is_empty() && e.lo < e.hi && e.lo < self.beta {
                pick = Some((b, e.lo, e.hi.min(self.beta)));
            }
        } else if !self.first_out {
            let e = &self.entries[0];
            if e.busy.is_empty() && e.hi > self.alpha {
                self.first_out = true;
                pick = Some((0, self.alpha, e.hi.min(self.beta)));
            }
        }
        if pick.is_none() {
            // A null window at the best score known, or, while the first move is under
            // way, at the score the last iteration predicted.
            let t = if best.is_some() || !self.first_out || self.entries[0].busy.is_empty() {
                bound
            } else {
                (self.guess - 1).clamp(self.alpha, self.beta - 1)
            };
            let open = |e: &Entry| e.busy.is_empty() && e.hi > t && e.lo <= t;
            let candidates = || self.entries.iter().enumerate().filter(|&(i, e)| Some(i) != best && open(e));
            let chosen = candidates().find(|(_, e)| e.owner == Some(worker)).or_else(|| candidates().find(|(_, e)| e.owner.is_none())).or_else(|| candidates().next());
            pick = chosen.map(|(i, _)| (i, t, t + 1));
        }
        if pick.is_none() {
            pick = self.probe(best, bound);
        }
        let (i, alpha, beta) = pick?;
        let id = self.next_id;
        self.next_id += 1;
        let first = !self.workers[worker];
        self.workers[worker] = true;
        let depth = self.depth();
        self.entries[i].busy.push(id);
        self.entries[i].owner = Some(worker);
        self.tasks.push((id, worker, self.entries[i].square as usize, depth, alpha, beta));
        let left = self.limits.nodes.map(|m| m.saturating_sub(self.nodes).max(1));
        let limits = Limits {
            time_ms: self.deadline.map(|d| (d - now).max(0.0)),
            nodes: match (left, self.slice) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..self.limits
        };
        Some(Task { id, square: self.entries[i].square, depth, alpha, beta, limits, first, clear: self.clear })
    }

    /// A second look at a move whose wide-window search is under way, when nothing else
    /// is left to do: a null window inside what is still unknown of its score, at the
    /// predicted score first, so that two searchers close in on the score from both
    /// sides (the wide search, or the probes, whichever settles it first).
    fn probe(&self, best: Option<usize>, bound: i32) -> Option<(usize, i32, i32)> {
        let depth = self.depth();
        for (i, e) in self.entries.iter().enumerate() {
            let on_e = |t: &&(u64, usize, usize, Option<u32>, i32, i32)| t.2 == e.square as usize && t.3 == depth;
            if !self.tasks.iter().filter(on_e).any(|t| t.5 - t.4 > 1) {
                continue;
            }
            // What matters: above the bound (below it the move is refuted) and below beta.
            let lo = if Some(i) == best { e.lo } else { e.lo.max(bound) };
            let hi = e.hi.min(self.beta);
            if lo >= hi {
                continue;
            }
            let mut taken: Vec<i32> = self.tasks.iter().filter(on_e).filter(|t| t.5 - t.4 == 1).map(|t| t.4).collect();
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
        let depth = self.depth();
        let best = self.best();
        let bound = best.map_or(self.alpha, |b| self.entries[b].lo);
        let mut out = vec![];
        for &(id, w, square, d, ..) in &self.tasks {
            if self.abandoned.contains(&id) {
                continue;
            }
            let decided = match self.entries.iter().position(|e| e.square as usize == square) {
                Some(i) => {
                    let e = &self.entries[i];
                    if Some(i) == best {
                        e.lo == e.hi || e.lo >= self.beta
                    } else {
                        e.hi <= bound
                    }
                }
                None => true,
            };
            if self.done() || d != depth || decided {
                out.push((id, w));
            }
        }
        self.abandoned.extend(out.iter().map(|t| t.0));
        out
    }

    /// Takes a searcher's answer at time `now`.
    pub fn report(&mut self, out: &Outcome, now: f64) {
        let Some(k) = self.tasks.iter().position(|t| t.0 == out.id) else { return };
        let (_, _, square, depth, a, b) = self.tasks.remove(k);
        // The moves are reordered as the best changes: found by their square.
        self.nodes += out.nodes;
        let Some(i) = self.entries.iter().position(|e| e.square == square as u8) else { return };
        self.entries[i].busy.retain(|&id| id != out.id);
        if self.done() {
            return;
        }
        if out.stopped && self.abandoned.contains(&out.id) {
            return; // stopped because the search no longer needed it
        }
        if out.stopped {
            let out_of_time = self.deadline.is_some_and(|d| now >= d);
            let out_of_nodes = self.limits.nodes.is_some_and(|m| self.nodes >= m);
            if self.slice.is_none() || out_of_time || out_of_nodes {
                self.finish();
            } else if i == 0 && b - a > 1 && self.best().is_none() {
                // The first move's wide search ended its slice: it goes out again.
                self.first_out = false;
            }
            return;
        }
        let current = self.depth();
        let e = &mut self.entries[i];
        if depth != current {
            return; // from an iteration that has ended: nothing to learn
        }
        let v = out.score;
        if v <= a {
            e.hi = e.hi.min(v);
        } else if v >= b {
            e.lo = e.lo.max(v);
            e.pv = out.pv.clone();
        } else {
            e.lo = v;
            e.hi = v;
            e.pv = out.pv.clone();
        }
        if e.lo > e.hi {
            // The searches disagree (tables, selectivity): the newest answer stands.
            e.lo = v;
            e.hi = v;
        }
        self.settle(now);
    }

    /// Ends the window when every move is decided: the iteration finishes, or the
    /// window widens.
    fn settle(&mut self, now: f64) {
        let best = self.best();
        let bound = best.map_or(self.alpha, |b| self.entries[b].lo);
        let cut = best.is_some_and(|b| self.entries[b].lo >= self.beta);
        let decided = cut
            || (self.entries.iter().enumerate().all(|(i, e)| Some(i) == best || e.hi <= bound)
                && best.is_none_or(|b| self.entries[b].lo == self.entries[b].hi));
        if !decided {
            return;
        }
        let max = self.limit();
        let score = match best {
            Some(b) => self.entries[b].lo,
            None => self.entries.iter().map(|e| e.hi).max().unwrap_or(self.alpha),
        };
        if let Some(b) = best {
            // The best move first, for the next iteration and the line.
            let e = self.entries.remove(b);
            self.entries.insert(0, e);
        }
        if score <= self.alpha && self.alpha > -max {
            self.delta *= 2;
            self.alpha = (score - self.delta).max(-max);
            self.first_out = false;
            return;
        }
        if score >= self.beta && self.beta < max {
            self.delta *= 2;
            self.beta = (score + self.delta).min(max);
            self.first_out = false;
            return;
        }
        self.finished(score, now);
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
        self.prev = if exact { score * SCALE } else { score };
        let late = self.deadline.is_some_and(|d| now - self.started > NEXT_ITERATION_SHARE * (d - self.started))
            || self.limits.nodes.is_some_and(|m| self.nodes as f64 > NEXT_ITERATION_SHARE * m as f64);
        self.stage = match self.stage {
            Stage::Mid(d) if d < self.mid_depth && !late => Stage::Mid(d + 1),
            Stage::Mid(_) if self.exact_wanted => Stage::Exact,
            _ => Stage::Done,
        };
        if self.stage != Stage::Done {
            self.open_window();
        }
    }

    fn finish(&mut self) {
        self.stage = Stage::Done;
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

    /// The state of every root move, for debugging.
    pub fn describe(&self) -> String {
        format!("{:?} window ({}, {}) first_out {} {:?}", self.stage, self.alpha, self.beta, self.first_out, self.entries.iter().map(|e| (e.square, e.lo, e.hi, e.busy.clone())).collect::<Vec<_>>())
    }

    /// The board searched (side to move first).
    pub fn board(&self) -> (S::B, S::B) {
        self.board
    }
}
