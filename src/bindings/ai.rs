//! The AI from JavaScript: search at a level or within limits, every move's value
//! (live, depth by depth), the exact solver, the review of a game, perft, and the
//! learned evaluation's weights; on 8×8 Othello and on every variant's board.

use super::*;

use std::cell::RefCell;

use crate::search::{Level, Limits, MoveReview, MoveScore, ReviewStep, Rng, SearchResult, Searcher, SolveMode};
use crate::shape::{Othello, Shape};

thread_local! {
    /// One searcher (and one transposition table) for the whole module: games are
    /// cheap handles, the table is not.
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

pub(super) fn with_searcher<T>(f: impl FnOnce(&mut Searcher) -> T) -> T {
    SEARCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let searcher = slot.get_or_insert_with(|| {
            let mut s = Searcher::default();
            s.set_clock(Box::new(js_sys::Date::now));
            s
        });
        f(searcher)
    })
}

#[derive(Serialize)]
pub(super) struct SearchJs {
    #[serde(rename = "move")]
    mv: i32,
    score: f64,
    depth: u32,
    exact: bool,
    nodes: f64,
    #[serde(rename = "timeMs")]
    time_ms: f64,
    pv: Vec<u8>,
    book: bool,
}

impl SearchJs {
    /// A result of the search on board `S`, cells as indices.
    pub(super) fn new<S: Shape>(r: &SearchResult<S::Cell>) -> SearchJs {
        SearchJs {
            mv: r.best.map_or(-1, |c| S::index(c) as i32),
            score: r.score,
            depth: r.depth,
            exact: r.exact,
            nodes: r.nodes as f64,
            time_ms: r.time_ms,
            pv: r.pv.iter().map(|&c| S::index(c)).collect(),
            book: r.book,
        }
    }
}

/// Scored moves on board `S` for JavaScript.
fn scores_js<S: Shape>(scores: &[MoveScore<S::Cell>]) -> Vec<MoveScoreJs> {
    scores.iter().map(|m| MoveScoreJs { mv: S::index(m.square), score: m.score, exact: m.exact, pv: m.pv.iter().map(|&c| S::index(c)).collect() }).collect()
}

// What `search`, `analyze` and `review` do, written once for every board: the 8×8
// game and the variants call these with their searcher and position.

/// `search` on any board: the move of `level` (a seeded draw where the level errs),
/// else a search within the options' limits (depth 6 when none is given); each
/// finished iteration goes to `onProgress`.
fn run_search<S: Shape>(s: &mut Searcher<S>, board: S::Board, level: Option<Level>, opts: &Options) -> SearchResult<S::Cell> {
    if let Some(f) = opts.progress.clone() {
        s.set_progress(Some(Box::new(move |r: &SearchResult<S::Cell>| {
            let _ = f.call1(&JsValue::NULL, &to_js(&SearchJs::new::<S>(r)));
        })));
    }
    let r = match (level, opts.limits.depth, opts.limits.time_ms, opts.limits.nodes) {
        (Some(level), ..) => {
            let level = Level { time_ms: opts.limits.time_ms.unwrap_or(level.time_ms), ..level };
            let seed = seed_of(opts);
            s.play_level(board, &level, &mut Rng::new(seed.to_bits()))
        }
        (None, None, None, None) => s.search(board, &Limits { depth: Some(6), ..opts.limits }),
        _ => s.search(board, &opts.limits),
    };
    s.set_progress(None);
    r
}

/// The seed of a level's choices: the option's, or a random one.
pub(super) fn seed_of(opts: &Options) -> f64 {
    opts.seed.unwrap_or_else(|| js_sys::Math::random() * 9.0e15)
}

/// The limits of `analyze` or `review` from their options: no level; depth 6 unless a
/// depth or time is given; exact from `exact` empties unless given.
fn analysis_options(options: &JsValue, method: &str, exact: u32) -> Result<(Limits, Option<js_sys::Function>), JsError> {
    let opts = read_options(options)?;
    if opts.level.is_some() {
        return Err(JsError::new(&format!("{method} takes depth or timeMs, not a level")));
    }
    let mut limits = opts.limits;
    if limits.depth.is_none() && limits.time_ms.is_none() {
        limits.depth = Some(6);
    }
    if js_sys::Reflect::get(options, &JsValue::from_str("exactEmpties")).map(|v| v.is_undefined()).unwrap_or(true) {
        limits.exact_empties = exact;
    }
    Ok((limits, opts.progress))
}

/// `analyze` on any board with `empties` empty cells. With `progress` and a depth it
/// deepens from depth 1 and calls `progress(scores, depth)` as each depth ends (a
/// position the solver reads to the end is scored once).
fn run_analyze<S: Shape>(s: &mut Searcher<S>, board: S::Board, empties: u32, limits: Limits, progress: Option<&js_sys::Function>) -> JsValue {
    if let (Some(f), Some(depth)) = (progress, limits.depth) {
        let solved = empties.saturating_sub(1) <= limits.exact_empties;
        let first = if solved { depth } else { 1 };
        let mut last = vec![];
        for d in first..=depth {
            last = scores_js::<S>(&s.analyze(board, &Limits { depth: Some(d), ..limits }));
            let _ = f.call2(&JsValue::NULL, &to_js(&last), &JsValue::from_f64(d as f64));
        }
        return to_js(&last);
    }
    to_js(&scores_js::<S>(&s.analyze(board, &limits)))
}

/// `review` on any board: every move of `steps`, each reported to `progress` with
/// `{ done, total, review }`.
fn run_review<S: Shape>(s: &mut Searcher<S>, steps: &[ReviewStep<S>], limits: Limits, progress: Option<&js_sys::Function>) -> JsValue {
    let reviews = s.review_steps(steps, &limits, |r, done, total| {
        if let Some(f) = progress {
            let _ = f.call1(&JsValue::NULL, &to_js(&ReviewProgressJs { done, total, review: ReviewJs::new::<S>(r) }));
        }
    });
    to_js(&reviews.iter().map(ReviewJs::new::<S>).collect::<Vec<_>>())
}

#[derive(Serialize)]
struct MoveScoreJs {
    #[serde(rename = "move")]
    mv: u8,
    score: f64,
    exact: bool,
    pv: Vec<u8>,
}

#[derive(Serialize)]
struct SolveJs {
    #[serde(rename = "move")]
    mv: i32,
    score: i32,
    nodes: f64,
}

/// Search options read from a JavaScript object.
pub(super) struct Options {
    pub(super) level: Option<Level>,
    pub(super) limits: Limits,
    seed: Option<f64>,
    progress: Option<js_sys::Function>,
}

/// The options a search or an analysis takes (`moves` only an analysis).
const OPTION_NAMES: [&str; 8] = ["level", "depth", "timeMs", "nodes", "exactEmpties", "seed", "onProgress", "moves"];

fn whole_option(obj: &JsValue, key: &str, min: f64, max: f64) -> Result<Option<f64>, JsError> {
    let v = js_sys::Reflect::get(obj, &JsValue::from_str(key)).map_err(|_| JsError::new("options must be an object"))?;
    if v.is_undefined() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min && n <= max => Ok(Some(n)),
        _ => Err(JsError::new(&format!("option {key} must be a whole number from {min} to {max}, not {}", describe(&v)))),
    }
}

pub(super) fn read_options(opts: &JsValue) -> Result<Options, JsError> {
    if opts.is_undefined() || opts.is_null() {
        return Ok(Options { level: None, limits: Limits::default(), seed: None, progress: None });
    }
    if !opts.is_object() {
        return Err(JsError::new(&format!("options must be an object, not {}", describe(opts))));
    }
    let obj: &js_sys::Object = opts.unchecked_ref();
    for key in js_sys::Object::keys(obj).iter() {
        let key = key.as_string().unwrap_or_default();
        if !OPTION_NAMES.contains(&key.as_str()) {
            return Err(JsError::new(&format!("unknown option '{key}' (known: {})", OPTION_NAMES.join(", "))));
        }
    }
    let level = match whole_option(opts, "level", 1.0, Level::MAX as f64) {
        Ok(l) => l.map(|l| Level::get(l as u32).expect("in range")),
        Err(_) => {
            let v = js_sys::Reflect::get(opts, &JsValue::from_str("level")).unwrap_or_default();
            return Err(JsError::new(&format!("unknown level {}: levels go from 1 to {}", describe(&v), Level::MAX)));
        }
    };
    let depth = whole_option(opts, "depth", 1.0, 60.0)?.map(|d| d as u32);
    let nodes = whole_option(opts, "nodes", 1.0, 9.0e15)?.map(|n| n as u64);
    let exact = whole_option(opts, "exactEmpties", 0.0, 100.0)?.map(|e| e as u32);
    let time_ms = {
        let v = js_sys::Reflect::get(opts, &JsValue::from_str("timeMs")).unwrap_or_default();
        match (v.is_undefined(), v.as_f64()) {
            (true, _) => None,
            (false, Some(t)) if t.is_finite() && t >= 0.0 => Some(t),
            _ => return Err(JsError::new(&format!("option timeMs must be a time in milliseconds, 0 or more, not {}", describe(&v)))),
        }
    };
    let seed = {
        let v = js_sys::Reflect::get(opts, &JsValue::from_str("seed")).unwrap_or_default();
        match (v.is_undefined(), v.as_f64()) {
            (true, _) => None,
            (false, Some(s)) if s.is_finite() => Some(s),
            _ => return Err(JsError::new(&format!("option seed must be a number, not {}", describe(&v)))),
        }
    };
    let progress = {
        let v = js_sys::Reflect::get(opts, &JsValue::from_str("onProgress")).unwrap_or_default();
        if v.is_undefined() {
            None
        } else {
            Some(v.dyn_into::<js_sys::Function>().map_err(|v| JsError::new(&format!("option onProgress must be a function, not {}", describe(&v))))?)
        }
    };
    if level.is_some() && (depth.is_some() || exact.is_some()) {
        return Err(JsError::new("give either a level or depth/exactEmpties, not both"));
    }
    let mut limits = level.map(|l| l.limits()).unwrap_or_default();
    limits.depth = depth.or(limits.depth);
    limits.exact_empties = exact.unwrap_or(limits.exact_empties);
    limits.time_ms = time_ms.or(limits.time_ms);
    limits.nodes = nodes.or(limits.nodes);
    Ok(Options { level, limits, seed, progress })
}

#[wasm_bindgen]
impl Game {
    /// Searches for the move to play. Options: `{ level }` (1 to the strongest), or
    /// `{ depth, timeMs, exactEmpties }`; also `nodes`, `seed` (for the levels that
    /// choose with some randomness) and `onProgress` (called with each finished
    /// iteration's result). Returns `{ move, score, depth, exact, nodes, timeMs, pv }`;
    /// `move` is -1 only when the game is over. Bad options throw an Error.
    pub fn search(&self, options: JsValue) -> Result<JsValue, JsError> {
        let opts = read_options(&options)?;
        let g = match &self.inner {
            Inner::Othello(g) => g,
            Inner::Variant(g) => return Ok(to_js(&with_variant_searcher(g, |vs| vs.run(g, SearchTask(&opts))))),
        };
        let board = g.position().board();
        if g.is_over() {
            let r = SearchResult { best: None, score: board.final_score() as f64, depth: 0, exact: true, nodes: 0, time_ms: 0.0, pv: vec![], book: false };
            return Ok(to_js(&SearchJs::new::<Othello>(&r)));
        }
        let result = with_searcher(|s| run_search(s, board, opts.level, &opts));
        Ok(to_js(&SearchJs::new::<Othello>(&result)))
    }

    /// Scores every legal move, best first: `[{ move, score, exact, pv }]` (`pv`: the
    /// line expected after the move, the move first). Options:
    /// `{ depth }` or `{ timeMs }` (default depth 6), and `exactEmpties` (default 14);
    /// with `onProgress` and a depth, it deepens from depth 1 and calls
    /// `onProgress(scores, depth)` as each depth ends (once, when the solver reads the
    /// position to the end). `moves` (an array of legal moves) scores only those,
    /// keeping what the table holds, for a pool of workers that shares the moves out.
    pub fn analyze(&self, options: JsValue) -> Result<JsValue, JsError> {
        let (limits, progress) = analysis_options(&options, "analyze", 14)?;
        let g = match &self.inner {
            Inner::Othello(g) => g,
            Inner::Variant(g) => return Ok(with_variant_searcher(g, |vs| vs.run(g, AnalyzeTask(limits, progress.as_ref())))),
        };
        let board = g.position().board();
        if g.is_over() {
            return Ok(to_js(&Vec::<MoveScoreJs>::new()));
        }
        if let Some(only) = moves_option(&options, g)? {
            // Some of the moves, the table kept: a share of a pool's analysis.
            return Ok(to_js(&scores_js::<Othello>(&with_searcher(|s| s.analyze_moves(board, &limits, Some(&only))))));
        }
        Ok(with_searcher(|s| run_analyze(s, board, board.empty().count(), limits, progress.as_ref())))
    }

    /// Solves the position exactly: `{ move, score, nodes }` (`move` -1 when the game is
    /// over). May take long with many empty squares; run it in a worker.
    pub fn solve(&self) -> Result<JsValue, JsError> {
        let g = match &self.inner {
            Inner::Othello(g) => g,
            Inner::Variant(g) => {
                let (solved, nodes) = with_variant_searcher(g, |vs| (vs.solve_game(g), vs.nodes()));
                let (score, mv) = solved.unwrap_or_else(|| {
                    let (b, w) = g.result().map_or((0, 0), |r| r.official());
                    (b as i32 - w as i32, None)
                });
                return Ok(to_js(&SolveJs { mv: mv.map_or(-1, |c| c as i32), score, nodes: nodes as f64 }));
            }
        };
        let board = g.position().board();
        if g.is_over() {
            return Ok(to_js(&SolveJs { mv: -1, score: board.final_score(), nodes: 0.0 }));
        }
        let (result, nodes) = with_searcher(|s| {
            s.clear();
            let r = s.solve(board, SolveMode::Exact, &Limits::default());
            (r, s.nodes())
        });
        let (score, mv) = result.ok_or_else(|| JsError::new("the solver was stopped before it finished"))?;
        Ok(to_js(&SolveJs { mv: mv.map_or(-1, |s| s.index() as i32), score, nodes: nodes as f64 }))
    }
}

/// The `moves` option of `analyze`: legal moves of `g`, or `None` when not given.
fn moves_option(options: &JsValue, g: &crate::Game) -> Result<Option<Vec<crate::Square>>, JsError> {
    let v = js_sys::Reflect::get(options, &JsValue::from_str("moves")).unwrap_or_default();
    if v.is_undefined() || options.is_undefined() {
        return Ok(None);
    }
    let bad = || JsError::new(&format!("option moves must be an array of legal moves, not {}", describe(&v)));
    let list = v.dyn_ref::<js_sys::Array>().ok_or_else(bad)?;
    let legal: Vec<crate::Square> = g.legal_moves().collect();
    let mut out = vec![];
    for x in list.iter() {
        let sq = x.as_f64().filter(|n| n.fract() == 0.0 && (0.0..64.0).contains(n)).and_then(|n| crate::Square::new(n as u8)).ok_or_else(bad)?;
        if !legal.contains(&sq) {
            return Err(JsError::new(&format!("option moves: {sq} is not a legal move here")));
        }
        out.push(sq);
    }
    Ok(Some(out))
}

/// Counts the leaves `depth` plies below the start (passes are plies), for benchmarks.
/// Throws for a depth outside 0 to 20.
#[wasm_bindgen]
pub fn perft(depth: JsValue) -> Result<f64, JsError> {
    let d = depth
        .as_f64()
        .filter(|d| d.fract() == 0.0 && (0.0..=20.0).contains(d))
        .ok_or_else(|| JsError::new(&format!("perft depth must be a whole number from 0 to 20, not {}", describe(&depth))))?;
    Ok(crate::perft::perft(crate::Board::START, d as u32) as f64)
}

/// Installs a weight file (`data/eval.weights`) as the learned evaluation of every
/// search from now on. The page's wasm is built without weights; its AI worker calls
/// this when the file arrives. Throws a coded `Error` (`bad-weights`) for a damaged
/// file, and then nothing changes.
#[wasm_bindgen(js_name = loadWeights)]
pub fn load_weights(bytes: &[u8]) -> Result<(), JsValue> {
    crate::search::patterns::install_weights(bytes).map_err(|e| coded(&e))?;
    // The cached searcher holds the old evaluation: the next search makes a new one.
    SEARCHER.with(|cell| *cell.borrow_mut() = None);
    Ok(())
}

/// The evaluation a search made now would use: `"learned"`, or `"hand-tuned"` when no
/// weights are built in or installed.
#[wasm_bindgen(js_name = evaluatorName)]
pub fn evaluator_name() -> String {
    crate::search::Searcher::new(1 << 10).evaluator_name().to_string()
}

/// The number of the strongest playing level (levels go from 1 to this).
#[wasm_bindgen(js_name = maxLevel)]
pub fn max_level() -> u32 {
    Level::MAX
}

/// Every level's rating on the ladder's Elo scale, level 1 first: a number, or `null`
/// for a level not rated (the strongest, which plays by the clock).
#[wasm_bindgen(js_name = levelRatings)]
pub fn level_ratings() -> Vec<JsValue> {
    (1..=Level::MAX).map(|n| Level::get(n).and_then(|l| l.rating()).map_or(JsValue::NULL, |r| JsValue::from(r))).collect()
}

#[derive(Serialize)]
struct ReviewJs {
    number: usize,
    player: u8,
    played: u8,
    best: u8,
    #[serde(rename = "playedScore")]
    played_score: f64,
    #[serde(rename = "bestScore")]
    best_score: f64,
    loss: f64,
    exact: bool,
}

#[derive(Serialize)]
struct ReviewProgressJs {
    done: usize,
    total: usize,
    /// The move just reviewed.
    review: ReviewJs,
}

impl ReviewJs {
    fn new<S: Shape>(r: &MoveReview<S::Cell>) -> ReviewJs {
        ReviewJs {
            number: r.number,
            player: color_code(Some(r.player)),
            played: S::index(r.played),
            best: S::index(r.best),
            played_score: r.played_score,
            best_score: r.best_score,
            loss: r.loss,
            exact: r.exact,
        }
    }
}

#[wasm_bindgen]
impl Game {
    /// Reviews every move of the game: `[{ number, player, played, best, playedScore,
    /// bestScore, loss, exact }]` in game order, `loss` being the discs lost against
    /// the best move. Options as for `analyze` (default depth 6, exact from 18
    /// empties); `onProgress` is called with `{ done, total, review }` after each move,
    /// `review` being that move's entry.
    pub fn review(&self, options: JsValue) -> Result<JsValue, JsError> {
        let (limits, progress) = analysis_options(&options, "review", 18)?;
        match &self.inner {
            Inner::Othello(g) => Ok(with_searcher(|s| {
                let steps = s.review_steps_of(g);
                run_review(s, &steps, limits, progress.as_ref())
            })),
            Inner::Variant(g) => Ok(with_variant_searcher(g, |vs| vs.run(g, ReviewTask(limits, progress.as_ref())))),
        }
    }
}

// The variants: classic Reversi, other board sizes, Eight-Star Othello.

use crate::shape::Bits;
use crate::variant::searcher::{variant_level, VariantSearcher, VariantTask};
use crate::variant::shape::VariantBoard;

thread_local! {
    static VARIANT_SEARCHER: RefCell<Option<VariantSearcher>> = const { RefCell::new(None) };
}

fn with_variant_searcher<T>(game: &variant::VariantGame, f: impl FnOnce(&mut VariantSearcher) -> T) -> T {
    VARIANT_SEARCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let searcher = slot.get_or_insert_with(|| {
            let mut s = VariantSearcher::new(game.variant(), variant::shape::VARIANT_TABLE_BYTES);
            s.set_clock(Box::new(js_sys::Date::now));
            s
        });
        f(searcher)
    })
}

/// `search` on a variant's board, whatever its mask width (see [`run_search`]).
struct SearchTask<'a>(&'a Options);

impl VariantTask for SearchTask<'_> {
    type Output = SearchJs;
    fn run<B: Bits>(self, s: &mut Searcher<VariantBoard<B>>, game: &variant::VariantGame) -> SearchJs {
        let level = self.0.level.map(|l| variant_level(game, &l));
        let r = match s.shape().position(game) {
            Some(b) => run_search(s, b, level, self.0),
            // Over: the final margin, from Black's side.
            None => {
                let score = game.result().map_or(0.0, |r| r.official().0 as f64 - r.official().1 as f64);
                SearchResult { best: None, score, depth: 0, exact: true, nodes: 0, time_ms: 0.0, pv: vec![], book: false }
            }
        };
        SearchJs::new::<VariantBoard<B>>(&r)
    }
}

/// `analyze` on a variant's board (see [`run_analyze`]).
struct AnalyzeTask<'a>(Limits, Option<&'a js_sys::Function>);

impl VariantTask for AnalyzeTask<'_> {
    type Output = JsValue;
    fn run<B: Bits>(self, s: &mut Searcher<VariantBoard<B>>, game: &variant::VariantGame) -> JsValue {
        match s.shape().position(game) {
            Some(b) => run_analyze(s, b, game.counts().2, self.0, self.1),
            None => to_js(&Vec::<MoveScoreJs>::new()),
        }
    }
}

/// `review` on a variant's board (see [`run_review`]).
struct ReviewTask<'a>(Limits, Option<&'a js_sys::Function>);

impl VariantTask for ReviewTask<'_> {
    type Output = JsValue;
    fn run<B: Bits>(self, s: &mut Searcher<VariantBoard<B>>, game: &variant::VariantGame) -> JsValue {
        let steps = s.shape().review_steps(game);
        run_review(s, &steps, self.0, self.1)
    }
}
