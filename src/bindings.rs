//! The JavaScript API: the only module that uses `wasm_bindgen`.
//!
//! JavaScript holds an opaque [`Game`] handle and gets small, plain values back:
//! `Uint8Array`s of square indices, numbers, and plain objects. Every argument that
//! comes from JavaScript is checked; a bad one throws an `Error` with a readable
//! message and leaves the game unchanged. Nothing here panics on bad input.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::game::{self, Rules};
use crate::notation::Color;

/// A game of Othello or of one of its variants, as seen from JavaScript: the variant
/// is a property of the game (`variant()`, `size()`); cells are numbered `row * size +
/// column`.
#[wasm_bindgen]
pub struct Game {
    inner: Inner,
}

/// The game behind a [`Game`]: the 8×8 tournament game, or a variant.
#[derive(Clone)]
#[allow(clippy::large_enum_variant)] // a handle held by JavaScript, never moved in bulk
enum Inner {
    Othello(game::Game),
    Variant(variant::VariantGame),
}

/// `$body` with `$g` the game behind `$inner`, whichever kind it is.
macro_rules! each_game {
    ($inner:expr, $g:ident => $body:expr) => {
        match $inner {
            Inner::Othello($g) => $body,
            Inner::Variant($g) => $body,
        }
    };
}

impl Game {
    fn othello(inner: game::Game) -> Game {
        Game { inner: Inner::Othello(inner) }
    }

    fn of_variant(inner: variant::VariantGame) -> Game {
        Game { inner: Inner::Variant(inner) }
    }

    /// Squares per side.
    fn side(&self) -> u8 {
        match &self.inner {
            Inner::Othello(_) => 8,
            Inner::Variant(g) => g.geometry().size,
        }
    }

    /// Checks a cell index coming from JavaScript against this board.
    fn cell_arg(&self, v: &JsValue) -> Result<u8, JsError> {
        let n = self.side() as f64;
        v.as_f64()
            .filter(|x| x.fract() == 0.0 && (0.0..n * n).contains(x))
            .map(|x| x as u8)
            .ok_or_else(|| JsError::new(&format!("a square must be a whole number from 0 to {}, not {}", n * n - 1.0, describe(v))))
    }
}

/// Whether a record names its variant (`[6x6] …`).
fn tagged(text: &str) -> bool {
    text.trim_start().starts_with('[')
}

/// A record of any board: a variant's tagged record, a GGF record of another size than
/// 8×8, or a transcript, board string or GGF record of 8×8 Othello.
fn read_record(text: &str) -> Result<Game, JsValue> {
    if tagged(text) {
        return variant::VariantGame::read(text).map(Game::of_variant).map_err(|e| coded(&e));
    }
    if let Some(read) = crate::ggf::read_variant(text) {
        return read.map(Game::of_variant).map_err(|e| coded(&e));
    }
    crate::records::read(text).map(Game::othello).map_err(|e| coded(&e))
}

fn color_code(c: Option<Color>) -> u8 {
    match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

/// The cells of a mask, ascending.
fn mask_cells<B: Bits>(mut m: B) -> Vec<u8> {
    let mut v = Vec::with_capacity(m.count() as usize);
    while !m.is_empty() {
        v.push(m.first());
        m = m.without_first();
    }
    v
}

fn describe(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        format!("the string {s:?}")
    } else if let Some(n) = v.as_f64() {
        format!("{n}")
    } else if v.is_null() {
        "null".into()
    } else if v.is_undefined() {
        "nothing".into()
    } else {
        format!("a value of type {}", v.js_typeof().as_string().unwrap_or_default())
    }
}

fn string_arg(v: &JsValue, what: &str) -> Result<String, JsError> {
    v.as_string().ok_or_else(|| JsError::new(&format!("{what} must be a string, not {}", describe(v))))
}

/// An `Error` with the engine's English message, plus `code` and `params` (a plain
/// object of its values) so that a page can say it in its own language.
fn coded(e: &impl crate::errors::Coded) -> JsValue {
    use crate::errors::Value;
    let err = js_sys::Error::new(&e.to_string());
    let params = js_sys::Object::new();
    for (key, value) in e.params() {
        let v = match value {
            Value::Number(n) => JsValue::from_f64(n as f64),
            Value::Text(t) => JsValue::from_str(&t),
            Value::Player(c) => JsValue::from_str(if c == Color::Black { "black" } else { "white" }),
        };
        let _ = js_sys::Reflect::set(&params, &JsValue::from_str(key), &v);
    }
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(e.code()));
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("params"), &params);
    err.into()
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("plain structs always serialize")
}

#[derive(Serialize)]
struct Score {
    black: u32,
    white: u32,
    empty: u32,
}

#[derive(Serialize)]
struct ResultJs {
    winner: u8,
    black: u32,
    white: u32,
}

#[derive(Serialize)]
struct TurnJs {
    player: u8,
    square: i32,
    flipped: Vec<u8>,
    #[serde(rename = "handedDisc")]
    handed_disc: bool,
}

#[derive(Serialize)]
struct Supply {
    black: u8,
    white: u8,
}

fn score_js((black, white, empty): (u32, u32, u32)) -> JsValue {
    to_js(&Score { black, white, empty })
}

fn result_js(r: Option<crate::GameResult>) -> JsValue {
    match r {
        None => JsValue::NULL,
        Some(r) => {
            let (black, white) = r.official();
            to_js(&ResultJs { winner: color_code(r.winner), black, white })
        }
    }
}

/// A turn of `_game` as JavaScript sees it.
fn turn_js<S: Rules>(_game: &game::Game<S>, t: &game::TurnOf<S>) -> TurnJs {
    let square = t.square.map_or(-1, |c| S::index(c) as i32);
    TurnJs { player: color_code(Some(t.player)), square, flipped: mask_cells(t.flipped), handed_disc: t.handed_disc }
}

/// The cell of `_game`'s board with index `x` (checked by [`Game::cell_arg`]).
fn cell_of<S: Rules>(_game: &game::Game<S>, x: u8) -> S::Cell {
    S::cell(x)
}

impl Default for Game {
    fn default() -> Game {
        Game::othello(game::Game::new())
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from the start of `variant` (`othello` when none is given, or a
    /// variant's name: `classic`, `4x4`, `6x6-parallel`, `10x10`, `eight-star`, ...).
    /// Throws an Error for an unknown name.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue) -> Result<Game, JsValue> {
        if variant.is_undefined() || variant.is_null() || variant.as_string().is_some_and(|v| v.trim().eq_ignore_ascii_case("othello")) {
            return Ok(Game::default());
        }
        Ok(Game::of_variant(variant::VariantGame::of(variant_arg(&variant)?)))
    }

    /// Every variant: `[{ id, name, size }]` (name in English), 8×8 Othello not
    /// included.
    pub fn variants() -> JsValue {
        let list: Vec<VariantInfo> =
            Variant::ALL.iter().map(|v| VariantInfo { id: v.id(), name: v.to_string(), size: v.size() }).collect();
        to_js(&list)
    }

    /// Plays a transcript such as `"f5d6c3"` from the start. Throws an Error naming the
    /// first bad move.
    #[wasm_bindgen(js_name = fromTranscript)]
    pub fn from_transcript(text: JsValue) -> Result<Game, JsValue> {
        let text = string_arg(&text, "a transcript")?;
        game::Game::from_transcript(&text).map(Game::othello).map_err(|e| coded(&e))
    }

    /// A game from a board string: 64 cells `X`/`O`/`-` from a1 to h8, then the side to
    /// move; or a variant's board string, tagged with its name (`[6x6] …`). Throws an
    /// Error when the string is malformed.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(text: JsValue) -> Result<Game, JsValue> {
        let text = string_arg(&text, "a board string")?;
        if tagged(&text) {
            return variant::VariantGame::read(&text).map(Game::of_variant).map_err(|e| coded(&e));
        }
        game::Game::from_board_str(&text).map(Game::othello).map_err(|e| coded(&e))
    }

    /// Reads a transcript, a board string or a GGF record, recognising the format by
    /// itself; a record that names its variant (`[6x6] c2…`) is a game of that
    /// variant. Throws an Error saying what is wrong, or what was expected.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: JsValue) -> Result<Game, JsValue> {
        read_record(&string_arg(&text, "a record")?)
    }

    /// Reads a record into the variant named `id` (`othello` for 8×8 Othello): untagged,
    /// or tagged with that variant. Throws an Error for a record of another variant.
    #[wasm_bindgen(js_name = readAs)]
    pub fn read_as(id: JsValue, text: JsValue) -> Result<Game, JsValue> {
        let text_str = string_arg(&text, "a record")?;
        if string_arg(&id, "a variant")?.trim().eq_ignore_ascii_case("othello") {
            if tagged(&text_str) {
                let game = variant::VariantGame::read(&text_str).map_err(|e| coded(&e))?;
                let e = variant::VariantError::OtherVariant { record: game.variant(), game: Variant::Square { size: 8, start: variant::Start::Crossed } };
                return Err(coded(&e));
            }
            return Game::from_text(text);
        }
        let variant = variant_arg(&id)?;
        variant::VariantGame::read_as(variant, &text_str).map(Game::of_variant).map_err(|e| coded(&e))
    }

    /// The balanced starts: `[{ transcript, score }]`, transcripts of 6 to 10 moves
    /// whose depth-12 score is within two discs of even (see `data/balanced.txt`).
    #[wasm_bindgen(js_name = balancedStarts)]
    pub fn balanced_starts() -> JsValue {
        #[derive(Serialize)]
        struct Start {
            transcript: &'static str,
            score: f64,
        }
        let list: Vec<Start> = crate::openings::balanced().iter().map(|&(transcript, score)| Start { transcript, score }).collect();
        to_js(&list)
    }

    /// Reads a list of games pasted at once (several GGF records, or one transcript or
    /// board string per line; a variant's record is one game). Throws an Error naming
    /// the first game that is wrong.
    #[wasm_bindgen(js_name = readMany)]
    pub fn read_many(text: JsValue) -> Result<Vec<Game>, JsValue> {
        let text = string_arg(&text, "a list of games")?;
        if tagged(&text) {
            return read_record(&text).map(|g| vec![g]);
        }
        let ggf = crate::ggf::split_records(&text);
        if ggf.iter().any(|r| crate::ggf::read_variant(r).is_some()) {
            return ggf.into_iter().map(read_record).collect();
        }
        crate::records::read_many(&text)
            .map(|games| games.into_iter().map(Game::othello).collect())
            .map_err(|e| coded(&e))
    }

    /// The game as a GGF record. Options: `{ black, white, date }` (player names and
    /// a date, all optional). Throws for Eight-Star Othello and classic Reversi, which
    /// GGF does not describe.
    #[wasm_bindgen(js_name = toGgf)]
    pub fn to_ggf(&self, options: JsValue) -> Result<String, JsValue> {
        let field = |key: &str| -> Result<String, JsError> {
            if options.is_undefined() || options.is_null() {
                return Ok(String::new());
            }
            let v = js_sys::Reflect::get(&options, &JsValue::from_str(key)).map_err(|_| JsError::new("options must be an object"))?;
            if v.is_undefined() {
                Ok(String::new())
            } else {
                string_arg(&v, key)
            }
        };
        let info = crate::ggf::GgfInfo { black: field("black")?, white: field("white")?, date: field("date")? };
        match &self.inner {
            Inner::Othello(g) => Ok(crate::ggf::write_game(g, &info)),
            Inner::Variant(g) => crate::ggf::write_variant(g, &info).map_err(|e| coded(&e)),
        }
    }

    /// A game from a position set up by hand (a board string). Throws an Error that
    /// explains why when no game of Othello can reach the position.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(text: JsValue) -> Result<Game, JsValue> {
        let text = string_arg(&text, "a board string")?;
        let position = text.parse().map_err(|e: crate::BoardError| coded(&e))?;
        game::Game::from_setup(position).map(Game::othello).map_err(|e| coded(&e))
    }

    /// Whether GGF describes this game's board (8×8 and the other square boards; not
    /// Eight-Star Othello nor classic Reversi), so that `toGgf` writes it.
    #[wasm_bindgen(js_name = hasGgf)]
    pub fn has_ggf(&self) -> bool {
        match &self.inner {
            Inner::Othello(_) => true,
            Inner::Variant(g) => crate::ggf::describes(g.variant()),
        }
    }

    /// `"othello"` for the tournament game, else the variant's name in records.
    pub fn variant(&self) -> String {
        match &self.inner {
            Inner::Othello(_) => "othello".into(),
            Inner::Variant(g) => g.variant().id(),
        }
    }

    /// Squares per side: 8, or the variant's.
    pub fn size(&self) -> u8 {
        self.side()
    }

    /// The cells row by row from a1: 0 empty, 1 black, 2 white, 3 not on the board
    /// (Eight-Star's missing corners).
    pub fn board(&self) -> Vec<u8> {
        let n = self.side();
        each_game!(&self.inner, g => {
            let (s, cells) = (g.state(), g.shape().cells());
            (0..n * n)
                .map(|x| match () {
                    _ if !cells.has(x) => 3,
                    _ if s.black.has(x) => 1,
                    _ if s.white.has(x) => 2,
                    _ => 0,
                })
                .collect()
        })
    }

    /// 1 when Black is to move, 2 for White, 0 when the game is over.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> u8 {
        color_code(each_game!(&self.inner, g => g.to_move()))
    }

    /// The legal moves, ascending; empty when the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<u8> {
        each_game!(&self.inner, g => mask_cells(g.moves()))
    }

    /// The discs a move on `sq` would flip, without playing it; empty when the move
    /// is not legal. For previews: the rule stays in the engine.
    #[wasm_bindgen(js_name = flipsFor)]
    pub fn flips_for(&self, sq: JsValue) -> Result<Vec<u8>, JsError> {
        let x = self.cell_arg(&sq)?;
        Ok(each_game!(&self.inner, g => mask_cells(g.flips_of(cell_of(g, x)))))
    }

    /// Plays `sq` and returns the flipped squares; a forced pass that follows is
    /// applied. Throws on an illegal move and changes nothing.
    pub fn play(&mut self, sq: JsValue) -> Result<Vec<u8>, JsValue> {
        let x = self.cell_arg(&sq)?;
        each_game!(&mut self.inner, g => g.play(cell_of(g, x)).map(mask_cells).map_err(|e| coded(&e)))
    }

    /// Whether neither side can move.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        each_game!(&self.inner, g => g.is_over())
    }

    /// `{ black, white, empty }` disc counts.
    pub fn score(&self) -> JsValue {
        score_js(each_game!(&self.inner, g => g.counts()))
    }

    /// `null` while the game goes on; then `{ winner: 1|2|0, black, white }` with the
    /// empty squares given to the winner (shared in a draw).
    pub fn result(&self) -> JsValue {
        result_js(each_game!(&self.inner, g => g.result()))
    }

    /// Every turn: `[{ player, square (-1 for a pass), flipped, handedDisc }]`.
    pub fn history(&self) -> JsValue {
        let turns: Vec<TurnJs> = each_game!(&self.inner, g => g.history().iter().map(|t| turn_js(g, t)).collect());
        to_js(&turns)
    }

    /// The moves so far as a lower-case transcript, passes left out.
    pub fn transcript(&self) -> String {
        each_game!(&self.inner, g => g.transcript())
    }

    /// The game as a record to save or share: the transcript of an 8×8 game, a
    /// variant's tagged record (`[6x6] c2c3…`).
    pub fn record(&self) -> String {
        match &self.inner {
            Inner::Othello(g) => g.transcript(),
            Inner::Variant(g) => g.record(),
        }
    }

    /// The board string of the current position with the side to move (tagged with
    /// the variant's name on a variant's board).
    #[wasm_bindgen(js_name = toBoard)]
    pub fn to_board(&self) -> String {
        match &self.inner {
            Inner::Othello(g) => g.position().to_string(),
            Inner::Variant(g) => g.board_string(),
        }
    }

    /// The board string of the position the game started from (the standard start for
    /// games from a transcript), to replay the game from.
    #[wasm_bindgen(js_name = startBoard)]
    pub fn start_board(&self) -> String {
        match &self.inner {
            Inner::Othello(g) => g.start_position().to_string(),
            Inner::Variant(g) => g.start_board_string(),
        }
    }

    /// Takes back the last move; whether there was one.
    pub fn undo(&mut self) -> bool {
        each_game!(&mut self.inner, g => g.undo())
    }

    /// Replays the last move taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        each_game!(&mut self.inner, g => g.redo())
    }

    /// `{ black, white }`: discs left in each player's supply.
    pub fn supply(&self) -> JsValue {
        let (black, white) = each_game!(&self.inner, g => g.supply());
        to_js(&Supply { black, white })
    }

    /// An independent copy of this game.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game { inner: self.inner.clone() }
    }
}

// ---------------------------------------------------------------------------------
// The AI.

use std::cell::RefCell;

use crate::search::{Level, Limits, MoveReview, MoveScore, ReviewStep, Rng, SearchResult, Searcher, SolveMode};
use crate::shape::{Othello, Shape};

thread_local! {
    /// One searcher (and one transposition table) for the whole module: games are
    /// cheap handles, the table is not.
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

fn with_searcher<T>(f: impl FnOnce(&mut Searcher) -> T) -> T {
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
struct SearchJs {
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
    fn new<S: Shape>(r: &SearchResult<S::Cell>) -> SearchJs {
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
            let seed = opts.seed.unwrap_or_else(|| js_sys::Math::random() * 9.0e15);
            s.play_level(board, &level, &mut Rng::new(seed.to_bits()))
        }
        (None, None, None, None) => s.search(board, &Limits { depth: Some(6), ..opts.limits }),
        _ => s.search(board, &opts.limits),
    };
    s.set_progress(None);
    r
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
struct Options {
    level: Option<Level>,
    limits: Limits,
    seed: Option<f64>,
    progress: Option<js_sys::Function>,
}

const OPTION_NAMES: [&str; 7] = ["level", "depth", "timeMs", "nodes", "exactEmpties", "seed", "onProgress"];

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

fn read_options(opts: &JsValue) -> Result<Options, JsError> {
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
    /// position to the end).
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

#[derive(Serialize)]
struct OpeningJs {
    name: &'static str,
    moves: usize,
}

#[wasm_bindgen]
impl Game {
    /// The named opening the game follows: `{ name, moves }` (the moves of the game the
    /// named line covers), or `null` when none applies.
    pub fn opening(&self) -> JsValue {
        let Inner::Othello(g) = &self.inner else { return JsValue::NULL };
        match crate::openings::opening_of(g) {
            Some(o) => to_js(&OpeningJs { name: o.name, moves: o.moves }),
            None => JsValue::NULL,
        }
    }
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

// ---------------------------------------------------------------------------------
// The variants: classic Reversi, other board sizes, Eight-Star Othello.

use crate::shape::Bits;
use crate::variant::shape::{variant_level, VariantBoard, VariantSearcher, VariantTask};
use crate::variant::{self, Variant};

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

fn variant_arg(v: &JsValue) -> Result<Variant, JsValue> {
    let id = string_arg(v, "a variant")?;
    Variant::from_id(&id).map_err(|e| coded(&e))
}

#[derive(Serialize)]
struct VariantInfo {
    id: String,
    name: String,
    size: u8,
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
