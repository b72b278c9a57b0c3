//! Natively, several searchers on as many threads searching one position together by
//! the [`Plan`] of [`super::parallel`]: the browser's pool of workers, with threads and
//! channels in place of workers and messages. Unlike the browser's workers, the threads
//! share one table ([`SharedTable`]): what one thread learns of a position, the others
//! find, which the browser's workers, each with its own memory, cannot do
//! ([`Pool::with_own_tables`] measures that case natively). They also share a list of
//! the positions each is in ([`Busy`]): a midgame node puts off a child another thread
//! is searching until its other children are done, by when the other thread's result
//! is often in the table. And a thread the plan has nothing for helps inside the
//! others' trees ([`super::split`]): a node deep enough offers it the children left
//! once its first child is known, young brothers wait. (It builds for
//! wasm32 too, for the command-line tool's sake, but the browser has no threads: there
//! a planner worker drives the plan over Web Workers, `www/pool-plan.js`.)

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use super::parallel::{Outcome, Plan, Task, WORKER_SLICE_NODES};
use super::split::Helpers;
use super::tt::{Busy, SharedTable};
use super::{Evaluator, Level, Limits, Rng, SearchResult, Searcher};
use crate::board::Board;
use crate::shape::Othello;

/// Makes each thread's evaluation (the learned one by default).
pub type EvalMaker = Arc<dyn Fn() -> Box<dyn Evaluator> + Send + Sync>;

/// What a thread sends back: its task's outcome, or the message of the panic that
/// ended it, which the caller's thread raises again (a thread that died in silence
/// would leave the search waiting for it forever).
type Reply = (usize, Result<Outcome, String>);

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    match payload.downcast::<String>() {
        Ok(s) => *s,
        Err(payload) => payload.downcast_ref::<&str>().map_or_else(|| "a search thread panicked".to_owned(), |s| (*s).to_owned()),
    }
}

/// The outcome of a reply, or the thread's panic raised on the caller's thread.
fn outcome((w, out): Reply) -> (usize, Outcome) {
    match out {
        Ok(out) => (w, out),
        Err(message) => panic!("search thread {w} panicked: {message}"),
    }
}

/// What a thread is asked to do: a task of the plan, or to help inside the other
/// threads' trees until recalled ([`super::split`]).
enum Job {
    Task((u64, u64), Task),
    Help,
}

/// The id of a helper's answer, which no task has.
const HELP_ID: u64 = u64::MAX;

struct Worker {
    tasks: Sender<Job>,
    abort: Arc<AtomicBool>,
    /// Ends a [`Job::Help`] between two children.
    recall: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Searchers on `threads` threads, and one on the caller's thread for what is not
/// split (the book, the levels that choose among scored moves, a position without a
/// move).
pub struct Pool {
    workers: Vec<Worker>,
    results: Receiver<Reply>,
    local: Searcher,
    clock: Instant,
    /// Cleared before the next search: the tables are forgotten then.
    fresh: bool,
    /// The table the threads share; none when each has its own, as the browser's
    /// workers.
    table: Option<Arc<SharedTable>>,
    /// Nodes the helpers of the last search visited.
    helped: u64,
}

impl Pool {
    /// `threads` searchers (at least one) sharing a table of about `table_bytes` for
    /// each of them.
    pub fn new(threads: usize, table_bytes: usize, eval: Option<EvalMaker>) -> Pool {
        Self::build(threads, table_bytes, eval, true)
    }

    /// `threads` searchers each with a table of its own of about `table_bytes`, sharing
    /// nothing but the plan's messages (the deep results among them), their tasks in
    /// the workers' slices: the browser's pool of workers, measured natively (`reversi
    /// solve --threads N --own-tables`).
    pub fn with_own_tables(threads: usize, table_bytes: usize, eval: Option<EvalMaker>) -> Pool {
        Self::build(threads, table_bytes, eval, false)
    }

    fn build(threads: usize, table_bytes: usize, eval: Option<EvalMaker>, shared: bool) -> Pool {
        let (done, results) = channel();
        let table = shared.then(|| Arc::new(SharedTable::new(table_bytes.saturating_mul(threads.max(1)))));
        // Threads that share a table also share the busy list and help each other.
        let together = shared && threads > 1;
        let busy = together.then(|| Arc::new(Busy::default()));
        let helpers = together.then(|| Arc::new(Helpers::default()));
        let workers = (0..threads.max(1))
            .map(|w| {
                let (tasks, inbox) = channel::<Job>();
                let abort = Arc::new(AtomicBool::new(false));
                let recall = Arc::new(AtomicBool::new(false));
                let (flag, done, eval, table, busy, helpers, recalled) = (abort.clone(), done.clone(), eval.clone(), table.clone(), busy.clone(), helpers.clone(), recall.clone());
                let thread = std::thread::spawn(move || {
                    let mut s = Searcher::new(if table.is_some() { 0 } else { table_bytes });
                    if let Some(t) = table {
                        s.share_table(t);
                    }
                    if let Some(b) = busy {
                        s.share_busy(b);
                    }
                    if let Some(h) = helpers {
                        s.share_helpers(h);
                    }
                    if let Some(make) = eval {
                        s.set_evaluator(make());
                    }
                    s.set_stop_flag(flag.clone());
                    while let Ok(job) = inbox.recv() {
                        let out = catch_unwind(AssertUnwindSafe(|| match job {
                            Job::Task(board, task) => s.run_task(board, &task),
                            Job::Help => Outcome { id: HELP_ID, score: 0, nodes: s.help_until(&recalled), stopped: true, pv: vec![], shares: vec![] },
                        }))
                        .map_err(panic_message);
                        let failed = out.is_err();
                        if done.send((w, out)).is_err() || failed {
                            break;
                        }
                    }
                });
                Worker { tasks, abort, recall, thread: Some(thread) }
            })
            .collect();
        let mut local = Searcher::new(table_bytes);
        if let Some(make) = &eval {
            local.set_evaluator(make());
        }
        Pool { workers, results, local, clock: Instant::now(), fresh: true, table, helped: 0 }
    }

    /// The number of searchers.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    fn now(&self) -> f64 {
        self.clock.elapsed().as_secs_f64() * 1000.0
    }

    /// Whether idle threads help inside the others' trees ([`super::split`]): where
    /// several share a table.
    fn helping(&self) -> bool {
        self.table.is_some() && self.workers.len() > 1
    }

    /// Tells every thread on a [`Job::Help`] to end it between two children (and with
    /// `abort`, at once).
    fn recall(&self, helping: &[bool], abort: bool) {
        for (w, _) in helping.iter().enumerate().filter(|(_, &h)| h) {
            self.workers[w].recall.store(true, Ordering::Relaxed);
            if abort {
                self.workers[w].abort.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Nodes that threads helping inside the others' trees visited in the last search
    /// (counted in its nodes too).
    pub fn helped_nodes(&self) -> u64 {
        self.helped
    }

    /// Makes the next search forget what the tables hold (a new game).
    pub fn clear(&mut self) {
        self.fresh = true;
    }

    /// [`Searcher::search`] by all the threads: the tables are forgotten first when
    /// `clear` (or after [`Pool::clear`]); kept otherwise, as in
    /// [`Searcher::search_keeping_table`]. Each finished iteration goes to `progress`.
    pub fn search(&mut self, board: Board, limits: &Limits, clear: bool, progress: &mut dyn FnMut(&SearchResult)) -> SearchResult {
        let clear = clear || std::mem::take(&mut self.fresh);
        let mut plan = Plan::new(Othello, board, limits, self.workers.len(), clear, self.now());
        match &self.table {
            // Every thread is idle between searches (see the end of this one).
            Some(table) => {
                if clear {
                    table.clear();
                }
                table.new_search();
                // Idle threads help inside the others' trees.
                if self.helping() {
                    plan.help_inside();
                }
            }
            // As in the browser: slices, and the deep results passed on (each thread
            // clears its own table, as the tasks' `clear` says).
            None => {
                plan.set_slice(Some(WORKER_SLICE_NODES));
                plan.share_deep_results();
            }
        }
        // An idle thread starts the next iteration's first move.
        plan.search_ahead();
        if plan.done() {
            return self.local.search(board, &Limits { depth: Some(1), ..Limits::default() });
        }
        let sides = plan.board();
        self.helped = 0;
        let mut busy = vec![false; self.workers.len()];
        // Threads on a Job::Help, which end only when recalled.
        let mut helping = vec![false; self.workers.len()];
        loop {
            for w in 0..busy.len() {
                if busy[w] {
                    continue;
                }
                let job = match plan.next(w, self.now()) {
                    Some(task) => Job::Task(sides, task),
                    None if self.helping() && !plan.done() => {
                        self.workers[w].recall.store(false, Ordering::Relaxed);
                        helping[w] = true;
                        Job::Help
                    }
                    None => continue,
                };
                self.workers[w].abort.store(false, Ordering::Relaxed);
                busy[w] = self.workers[w].tasks.send(job).is_ok();
            }
            for r in plan.take_progress() {
                progress(&r);
            }
            if plan.done() || !(0..busy.len()).any(|w| busy[w] && !helping[w]) {
                break;
            }
            let Ok(reply) = self.results.recv() else { break };
            let (w, out) = outcome(reply);
            busy[w] = false;
            if std::mem::take(&mut helping[w]) {
                plan.add_nodes(out.nodes);
                self.helped += out.nodes;
                continue;
            }
            plan.report(&out, self.now());
            for (_, w) in plan.obsolete() {
                self.workers[w].abort.store(true, Ordering::Relaxed);
            }
            // The plan may have work for the helpers now.
            self.recall(&helping, false);
        }
        // Tasks still under way belong to a search that has ended: stop them, and wait,
        // so that the next search finds every thread idle.
        for (_, w) in plan.outstanding() {
            self.workers[w].abort.store(true, Ordering::Relaxed);
        }
        self.recall(&helping, true);
        while busy.iter().any(|&b| b) {
            let Ok(reply) = self.results.recv() else { break };
            let (w, out) = outcome(reply);
            busy[w] = false;
            if std::mem::take(&mut helping[w]) {
                plan.add_nodes(out.nodes);
                self.helped += out.nodes;
            } else {
                plan.report(&out, self.now());
            }
        }
        plan.result(self.now()).expect("a position with moves")
    }

    /// The exact score and a best move, by all the threads.
    pub fn solve(&mut self, board: Board) -> (i32, Option<crate::Square>) {
        let limits = Limits { exact_empties: 64, ..Limits::default() };
        let r = self.search(board, &limits, true, &mut |_| {});
        (r.score as i32, r.best)
    }

    /// The move of [`Searcher::play_level`], the level's search run by all the threads.
    /// The levels that are the same opponent on every machine (all but the strongest)
    /// search on one thread, as they do everywhere: their moves and node counts must
    /// not depend on the number of threads.
    pub fn play_level(&mut self, board: Board, level: &Level, rng: &mut Rng) -> SearchResult {
        if !level.by_clock() || self.workers.len() == 1 {
            return self.local_level(board, level, rng);
        }
        match self.local.level_choice(board, level, rng) {
            Some(r) => r,
            None => self.search(board, &level.limits_at(board.empty().count(), 64), false, &mut |_| {}),
        }
    }

    fn local_level(&mut self, board: Board, level: &Level, rng: &mut Rng) -> SearchResult {
        if std::mem::take(&mut self.fresh) {
            self.local.clear();
        }
        self.local.play_level(board, level, rng)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for w in &mut self.workers {
            w.abort.store(true, Ordering::Relaxed);
            // Closing the channel ends the thread's loop.
            let (dead, _) = channel();
            w.tasks = dead;
        }
        for w in &mut self.workers {
            if let Some(t) = w.thread.take() {
                let _ = t.join();
            }
        }
    }
}
