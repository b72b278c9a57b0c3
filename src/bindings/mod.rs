//! The JavaScript API: the only module that uses `wasm_bindgen`, one file per concern,
//! each the thin JavaScript face of one core module: [`rules`] (a game, its moves, turns and
//! undo), [`records`] (transcripts, board strings, GGF, opening
//! names), [`ai`] (search, analysis, the exact solver, review, the weights) and
//! [`parallel`] (the search on several cores, for a pool of workers). Here:
//! the [`Game`] handle they share and the checks of what comes from JavaScript.
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
use crate::shape::Bits;
use crate::variant::{self, Variant};

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

fn variant_arg(v: &JsValue) -> Result<Variant, JsValue> {
    let id = string_arg(v, "a variant")?;
    Variant::from_id(&id).map_err(|e| coded(&e))
}

// After `each_game!`, which they use.
mod ai;
mod parallel;
mod records;
mod rules;

pub use ai::{evaluator_name, level_ratings, load_weights, max_level, perft};
