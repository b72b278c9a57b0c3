//! Young brothers wait inside the tree, for searchers on threads that share one table
//! (the native pool, [`super::pool`]): a node deep enough, once its first child is
//! searched, offers its other children to the threads that have nothing to do
//! ([`Helpers`]). They search them with the node's best score so far as their bound,
//! as the node's own thread does, until the children are done or one refutes the
//! node; the node's thread then waits for the children still under way, meanwhile
//! helping at the nodes its helpers offer below it.
//!
//! The browser's workers share no memory and never split here.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::shape::Bits;

/// How a node's children are searched: by the midgame search of the node's depth, or
/// exactly with the node's empties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    Mid(u32),
    Exact(u32),
}

/// A node whose children several threads search.
pub(crate) struct SplitPoint<B> {
    pub p: B,
    pub o: B,
    pub beta: i32,
    pub kind: Kind,
    /// The search's settings, which a helper takes on.
    pub mpc_t: f32,
    pub reuse_deeper: bool,
    /// The split point the node's thread was working under, if any: when it is
    /// abandoned, so is this one.
    pub parent: Option<Arc<SplitPoint<B>>>,
    /// A child refuted the node, or its thread stopped: the children under way stop.
    aborted: AtomicBool,
    state: Mutex<State<B>>,
}

struct State<B> {
    moves: Vec<(u8, B)>,
    next: usize,
    alpha: i32,
    best: i32,
    best_move: u8,
    /// Helpers searching a child.
    working: usize,
}

impl<B: Bits> SplitPoint<B> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        (p, o): (B, B),
        (alpha, beta): (i32, i32),
        (best, best_move): (i32, u8),
        kind: Kind,
        moves: Vec<(u8, B)>,
        (mpc_t, reuse_deeper): (f32, bool),
        parent: Option<Arc<SplitPoint<B>>>,
    ) -> SplitPoint<B> {
        SplitPoint {
            p,
            o,
            beta,
            kind,
            mpc_t,
            reuse_deeper,
            parent,
            aborted: AtomicBool::new(false),
            state: Mutex::new(State { moves, next: 0, alpha, best, best_move, working: 0 }),
        }
    }

    fn state(&self) -> MutexGuard<'_, State<B>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next child to search and the bound to search it with.
    pub fn take(&self) -> Option<(u8, B, i32)> {
        let mut s = self.state();
        if s.next == s.moves.len() || self.aborted.load(Ordering::Relaxed) {
            return None;
        }
        let (x, f) = s.moves[s.next];
        s.next += 1;
        Some((x, f, s.alpha))
    }

    /// The best score so far (the bound of a child's second search).
    pub fn alpha(&self) -> i32 {
        self.state().alpha
    }

    /// A helper joins when a child is left to search.
    fn join(&self) -> bool {
        let mut s = self.state();
        if s.next == s.moves.len() || self.aborted.load(Ordering::Relaxed) {
            return false;
        }
        s.working += 1;
        true
    }

    /// A helper leaves.
    pub fn leave(&self) {
        self.state().working -= 1;
    }

    /// Helpers still searching a child.
    pub fn working(&self) -> usize {
        self.state().working
    }

    /// A child's score: the node's best so far, and a refutation stops the others.
    pub fn report(&self, x: u8, v: i32) {
        let mut s = self.state();
        if v > s.best {
            s.best = v;
            s.best_move = x;
            if v > s.alpha {
                s.alpha = v;
                if v >= self.beta {
                    self.aborted.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    /// The node's best score and move.
    pub fn result(&self) -> (i32, u8) {
        let s = self.state();
        (s.best, s.best_move)
    }

    /// Stops the children under way.
    pub fn abort(&self) {
        self.aborted.store(true, Ordering::Relaxed);
    }

    /// Whether this split point was abandoned.
    pub fn aborted(&self) -> bool {
        self.aborted.load(Ordering::Relaxed)
    }

    /// Whether this split point or one it lies under was abandoned.
    pub fn chain_aborted(&self) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if sp.aborted() {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }

    /// Whether this split point lies under `other` (or is it).
    fn under(&self, other: &SplitPoint<B>) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if std::ptr::eq(sp, other) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }
}

/// The split points open to helpers, and how many threads wait for work.
pub(crate) struct Helpers<B> {
    open: Mutex<Vec<Arc<SplitPoint<B>>>>,
    idle: AtomicUsize,
}

impl<B> Default for Helpers<B> {
    fn default() -> Helpers<B> {
        Helpers { open: Mutex::new(vec![]), idle: AtomicUsize::new(0) }
    }
}

impl<B: Bits> Helpers<B> {
    fn open(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint<B>>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a thread waits for work.
    #[inline(always)]
    pub fn someone_idle(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }

    /// A thread starts (`true`) or stops waiting for work.
    pub fn set_idle(&self, idle: bool) {
        if idle {
            self.idle.fetch_add(1, Ordering::Relaxed);
        } else {
            self.idle.fetch_sub(1, Ordering::Relaxed);
        }
    }

    pub fn publish(&self, sp: &Arc<SplitPoint<B>>) {
        self.open().push(sp.clone());
    }

    pub fn withdraw(&self, sp: &Arc<SplitPoint<B>>) {
        self.open().retain(|s| !Arc::ptr_eq(s, sp));
    }

    /// Joins the oldest open split point with a child left (under `within`, when
    /// given: a thread waiting for its own helpers helps only below its node).
    pub fn join(&self, within: Option<&SplitPoint<B>>) -> Option<Arc<SplitPoint<B>>> {
        let open = self.open();
        open.iter().find(|sp| within.is_none_or(|w| sp.under(w)) && sp.join()).cloned()
    }
}

