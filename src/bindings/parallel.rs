//! The search on several cores from JavaScript: a planner worker holds a [`SearchPlan`]
//! (the core's [`Plan`], a state machine that never searches) and hands its tasks to a
//! pool of workers, each with its own instance of this module, which answer with
//! `Game.runTask`. Nothing is shared but messages (the deep exact results among them,
//! as `Uint32Array`s), so it works on any page, without `SharedArrayBuffer`. `Game.levelChoice` gives the move of a level that does not play
//! the best move of a plain search (its book, its weaker moves), before a plan starts.

use super::ai::{read_options, with_searcher, SearchJs};
use super::*;

use crate::search::parallel::{Outcome, Plan, Task, WORKER_SLICE_NODES};
use crate::search::{Level, Limits, Rng};
use crate::shape::Othello;

/// A task as JavaScript carries it between the page and a worker.
#[derive(Serialize)]
struct TaskJs {
    id: f64,
    square: u8,
    /// The reply searched after `square` (`null`: none; see the core's `Task`).
    reply: Option<u8>,
    /// `null` for the exact solve.
    depth: Option<u32>,
    alpha: i32,
    beta: i32,
    #[serde(rename = "timeMs")]
    time_ms: Option<f64>,
    nodes: Option<f64>,
    mpc: Option<f64>,
    #[serde(rename = "exactEmpties")]
    exact_empties: u32,
    first: bool,
    clear: bool,
    /// Pass on the exact results stored at this many empties or more (see the core's
    /// `Task::share_from`); the results to store first travel beside, as `shares`.
    #[serde(rename = "shareFrom")]
    share_from: Option<u8>,
}

#[derive(Serialize)]
struct OutcomeJs {
    id: f64,
    score: i32,
    nodes: f64,
    stopped: bool,
    pv: Vec<u8>,
}

/// Field `key` of the object `v` as a number, or `None` (read by hand: a generic
/// deserializer would add tens of kilobytes to the module).
fn field(v: &JsValue, key: &str) -> Option<f64> {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).ok().and_then(|x| x.as_f64())
}

fn flag(v: &JsValue, key: &str) -> bool {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).ok().and_then(|x| x.as_bool()).unwrap_or(false)
}

/// A whole number field, checked.
fn whole(v: &JsValue, key: &str, what: &str) -> Result<f64, JsError> {
    field(v, key).filter(|n| n.fract() == 0.0 && n.abs() < 9.0e15).ok_or_else(|| JsError::new(&format!("{what} is malformed: {key} must be a whole number")))
}

/// Table entries (three words each) as a `Uint32Array`, each word its low half first: a
/// typed array crosses between workers as one copy of its bytes.
fn words_to_js(words: &[u64]) -> JsValue {
    let halves: Vec<u32> = words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect();
    js_sys::Uint32Array::from(&halves[..]).into()
}

/// The entries in field `shares` of `v` (see `words_to_js`): none when absent or not a
/// `Uint32Array` (the entries only save work, and are checked as they are stored).
fn shares_of(v: &JsValue) -> Vec<u64> {
    let Some(a) = js_sys::Reflect::get(v, &JsValue::from_str("shares")).ok().and_then(|a| a.dyn_into::<js_sys::Uint32Array>().ok()) else { return vec![] };
    a.to_vec().chunks_exact(2).map(|h| h[0] as u64 | (h[1] as u64) << 32).collect()
}

/// `value` as JavaScript, with `shares` set beside its fields when there are any.
fn with_shares<T: Serialize>(value: &T, shares: &[u64]) -> JsValue {
    let v = to_js(value);
    if !shares.is_empty() {
        let _ = js_sys::Reflect::set(&v, &JsValue::from_str("shares"), &words_to_js(shares));
    }
    v
}

fn task_of(v: &JsValue) -> Result<TaskJs, JsError> {
    let w = |k| whole(v, k, "a task");
    Ok(TaskJs {
        id: w("id")?,
        square: w("square")?.clamp(0.0, 255.0) as u8,
        reply: field(v, "reply").map(|r| r.clamp(0.0, 255.0) as u8),
        depth: field(v, "depth").map(|d| d.clamp(1.0, 64.0) as u32),
        alpha: w("alpha")? as i32,
        beta: w("beta")? as i32,
        time_ms: field(v, "timeMs"),
        nodes: field(v, "nodes"),
        mpc: field(v, "mpc"),
        exact_empties: field(v, "exactEmpties").unwrap_or(0.0).clamp(0.0, 100.0) as u32,
        first: flag(v, "first"),
        clear: flag(v, "clear"),
        share_from: field(v, "shareFrom").map(|d| d.clamp(0.0, 255.0) as u8),
    })
}

fn outcome_of(v: &JsValue) -> Result<OutcomeJs, JsError> {
    let w = |k| whole(v, k, "a worker's answer");
    let pv = js_sys::Reflect::get(v, &JsValue::from_str("pv")).ok().and_then(|p| p.dyn_into::<js_sys::Array>().ok());
    let pv = pv.map(|a| a.iter().filter_map(|x| x.as_f64()).map(|x| x.clamp(0.0, 255.0) as u8).collect()).unwrap_or_default();
    Ok(OutcomeJs { id: w("id")?, score: w("score")? as i32, nodes: w("nodes")?, stopped: flag(v, "stopped"), pv })
}

/// The limits of a search from its options, as `search` reads them: a level's own (its
/// time as given), else the limits given (depth 6 when none).
fn limits_of(options: &JsValue) -> Result<(Limits, Option<Level>), JsError> {
    let opts = read_options(options)?;
    Ok(match (opts.level, opts.limits.depth, opts.limits.time_ms, opts.limits.nodes) {
        (Some(level), ..) => {
            let level = Level { time_ms: opts.limits.time_ms.unwrap_or(level.time_ms), ..level };
            (level.limits(), Some(level))
        }
        (None, None, None, None) => (Limits { depth: Some(6), ..opts.limits }, None),
        _ => (opts.limits, None),
    })
}

/// One search shared by several workers.
#[wasm_bindgen]
pub struct SearchPlan {
    plan: Plan<Othello>,
}

#[wasm_bindgen]
impl SearchPlan {
    /// The search `game.search(options)` would run, for `workers` workers (`clear`: they
    /// forget their tables first). The 8×8 board only, with a legal move to play.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &Game, options: JsValue, workers: u32, clear: bool) -> Result<SearchPlan, JsError> {
        let Inner::Othello(g) = &game.inner else {
            return Err(JsError::new("the search on several cores plays on the 8×8 board"));
        };
        if g.legal_moves().is_empty() {
            return Err(JsError::new("there is no move to search for"));
        }
        let (limits, level) = limits_of(&options)?;
        let board = g.position().board();
        // A level takes its limits for the game's stage, as it does on one core.
        let limits = level.map_or(limits, |l| l.limits_at(board.empty().count(), 64));
        let mut plan = Plan::new(Othello, board, &limits, workers.clamp(1, 64) as usize, clear, js_sys::Date::now());
        // A worker cannot be interrupted: its tasks come in slices. Its table is its
        // own: the deep results go round through the plan.
        plan.set_slice(Some(WORKER_SLICE_NODES));
        plan.share_deep_results();
        // An idle worker starts the next iteration's first move (`speed --depth 21
        // --mpc 1.5 --count 10 --threads 2 --own-tables`: 0.80× the time).
        plan.search_ahead();
        Ok(SearchPlan { plan })
    }

    /// Work for the idle worker `worker`, or `undefined` when there is none now.
    pub fn next(&mut self, worker: u32) -> JsValue {
        match self.plan.next(worker as usize, js_sys::Date::now()) {
            Some(t) => with_shares(
                &TaskJs {
                id: t.id as f64,
                square: t.square,
                reply: t.reply,
                depth: t.depth,
                alpha: t.alpha,
                beta: t.beta,
                time_ms: t.limits.time_ms,
                nodes: t.limits.nodes.map(|n| n as f64),
                mpc: t.limits.mpc,
                exact_empties: t.limits.exact_empties,
                    first: t.first,
                    clear: t.clear,
                    share_from: t.share_from,
                },
                &t.shares,
            ),
            None => JsValue::UNDEFINED,
        }
    }

    /// A worker's answer (what `Game.runTask` returned).
    pub fn report(&mut self, outcome: JsValue) -> Result<(), JsError> {
        let o = outcome_of(&outcome)?;
        self.plan.report(&Outcome { id: o.id as u64, score: o.score, nodes: o.nodes as u64, stopped: o.stopped, pv: o.pv, shares: shares_of(&outcome) }, js_sys::Date::now());
        Ok(())
    }

    /// The tasks under way that the search no longer needs, each once, as `[id,
    /// worker]` pairs (their answers are taken or ignored as they come).
    pub fn obsolete(&mut self) -> Vec<JsValue> {
        self.plan.obsolete().into_iter().map(|(id, w)| to_js(&(id as f64, w as f64))).collect()
    }

    /// Whether the search is over.
    pub fn done(&self) -> bool {
        self.plan.done()
    }

    /// The results of the iterations finished since the last call (as `search`'s
    /// `onProgress` gets them).
    #[wasm_bindgen(js_name = takeProgress)]
    pub fn take_progress(&mut self) -> Vec<JsValue> {
        self.plan.take_progress().iter().map(|r| to_js(&SearchJs::new::<Othello>(r))).collect()
    }

    /// The result, as `search` gives it.
    pub fn result(&self) -> JsValue {
        self.plan.result(js_sys::Date::now()).map_or(JsValue::NULL, |r| to_js(&SearchJs::new::<Othello>(&r)))
    }
}

#[wasm_bindgen]
impl Game {
    /// Runs one task of a [`SearchPlan`] on this position (in a worker) with the
    /// module's searcher, and returns the answer for `SearchPlan.report`.
    #[wasm_bindgen(js_name = runTask)]
    pub fn run_task(&self, task: JsValue) -> Result<JsValue, JsError> {
        let Inner::Othello(g) = &self.inner else {
            return Err(JsError::new("the search on several cores plays on the 8×8 board"));
        };
        let t = task_of(&task)?;
        let limits = Limits { depth: t.depth, time_ms: t.time_ms, nodes: t.nodes.map(|n| n as u64), exact_empties: t.exact_empties, mpc: t.mpc };
        let task = Task { id: t.id as u64, square: t.square, reply: t.reply, depth: t.depth, alpha: t.alpha, beta: t.beta, limits, first: t.first, clear: t.clear, shares: shares_of(&task), share_from: t.share_from };
        let board = g.position().board();
        let out = with_searcher(|s| s.run_task((board.player.0, board.opponent.0), &task));
        Ok(with_shares(&OutcomeJs { id: out.id as f64, score: out.score, nodes: out.nodes as f64, stopped: out.stopped, pv: out.pv }, &out.shares))
    }

    /// The move of `search({ level })` when the level does not play the best move of a
    /// plain search (a book move, or a weaker move drawn at random); `null` when it
    /// does, and a [`SearchPlan`] may search for it.
    #[wasm_bindgen(js_name = levelChoice)]
    pub fn level_choice(&self, options: JsValue) -> Result<JsValue, JsError> {
        let Inner::Othello(g) = &self.inner else {
            return Err(JsError::new("the search on several cores plays on the 8×8 board"));
        };
        let opts = read_options(&options)?;
        let (_, level) = limits_of(&options)?;
        let Some(level) = level else { return Ok(JsValue::NULL) };
        let seed = super::ai::seed_of(&opts);
        let board = g.position().board();
        let r = with_searcher(|s| s.level_choice(board, &level, &mut Rng::new(seed.to_bits())));
        Ok(r.map_or(JsValue::NULL, |r| to_js(&SearchJs::new::<Othello>(&r))))
    }
}
