//! The JavaScript API: the only module that uses `wasm_bindgen`.
//!
//! JavaScript holds an opaque [`Game`] handle and gets small, plain values back:
//! `Uint8Array`s of square indices, numbers, and plain objects. Every argument that
//! comes from JavaScript is checked; a bad one throws an `Error` with a readable
//! message and leaves the game unchanged. Nothing here panics on bad input.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::bitboard::{Bitboard, Square};
use crate::game;
use crate::notation::Color;

/// An Othello game, as seen from JavaScript.
#[wasm_bindgen]
pub struct Game {
    inner: game::Game,
}

fn color_code(c: Option<Color>) -> u8 {
    match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

fn squares(b: Bitboard) -> Vec<u8> {
    b.map(|s| s.index() as u8).collect()
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

/// Checks a square index coming from JavaScript.
fn square_arg(v: &JsValue) -> Result<Square, JsError> {
    v.as_f64()
        .filter(|n| n.fract() == 0.0 && (0.0..64.0).contains(n))
        .and_then(|n| Square::new(n as u8))
        .ok_or_else(|| JsError::new(&format!("a square must be a whole number from 0 to 63, not {}", describe(v))))
}

fn string_arg(v: &JsValue, what: &str) -> Result<String, JsError> {
    v.as_string().ok_or_else(|| JsError::new(&format!("{what} must be a string, not {}", describe(v))))
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

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from the standard start, Black to move.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Game {
        Game { inner: game::Game::new() }
    }

    /// Plays a transcript such as `"f5d6c3"` from the start. Throws an Error naming the
    /// first bad move.
    #[wasm_bindgen(js_name = fromTranscript)]
    pub fn from_transcript(text: JsValue) -> Result<Game, JsError> {
        let text = string_arg(&text, "a transcript")?;
        game::Game::from_transcript(&text).map(|inner| Game { inner }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// A game from a board string: 64 cells `X`/`O`/`-` from a1 to h8, then the side to
    /// move. Throws an Error when the string is malformed.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(text: JsValue) -> Result<Game, JsError> {
        let text = string_arg(&text, "a board string")?;
        game::Game::from_board_str(&text).map(|inner| Game { inner }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The 64 cells from a1 to h8: 0 empty, 1 black, 2 white.
    pub fn board(&self) -> Vec<u8> {
        let p = self.inner.position();
        Square::all().map(|s| color_code(p.at(s))).collect()
    }

    /// 1 when Black is to move, 2 for White, 0 when the game is over.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> u8 {
        color_code(self.inner.to_move())
    }

    /// The legal moves, ascending; empty when the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<u8> {
        squares(self.inner.legal_moves())
    }

    /// The discs a move on `sq` would flip, without playing it; empty when the move
    /// is not legal. For previews: the rule stays in the engine.
    #[wasm_bindgen(js_name = flipsFor)]
    pub fn flips_for(&self, sq: JsValue) -> Result<Vec<u8>, JsError> {
        let sq = square_arg(&sq)?;
        if !self.inner.legal_moves().contains(sq) {
            return Ok(vec![]);
        }
        Ok(squares(self.inner.position().board().flips(sq)))
    }

    /// Plays `sq` and returns the flipped squares; a forced pass that follows is
    /// applied. Throws on an illegal move and changes nothing.
    pub fn play(&mut self, sq: JsValue) -> Result<Vec<u8>, JsError> {
        let sq = square_arg(&sq)?;
        self.inner.play(sq).map(squares).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Whether neither side can move.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// `{ black, white, empty }` disc counts.
    pub fn score(&self) -> JsValue {
        let (black, white, empty) = self.inner.counts();
        to_js(&Score { black, white, empty })
    }

    /// `null` while the game goes on; then `{ winner: 1|2|0, black, white }` with the
    /// empty squares given to the winner (shared in a draw).
    pub fn result(&self) -> JsValue {
        match self.inner.result() {
            None => JsValue::NULL,
            Some(r) => {
                let (black, white) = r.official();
                to_js(&ResultJs { winner: color_code(r.winner), black, white })
            }
        }
    }

    /// Every turn: `[{ player, square (-1 for a pass), flipped, handedDisc }]`.
    pub fn history(&self) -> JsValue {
        let turns: Vec<TurnJs> = self
            .inner
            .history()
            .iter()
            .map(|t| TurnJs {
                player: color_code(Some(t.player)),
                square: t.square.map_or(-1, |s| s.index() as i32),
                flipped: squares(t.flipped),
                handed_disc: t.handed_disc,
            })
            .collect();
        to_js(&turns)
    }

    /// The moves so far as a lower-case transcript, passes left out.
    pub fn transcript(&self) -> String {
        self.inner.transcript()
    }

    /// The board string of the current position with the side to move.
    #[wasm_bindgen(js_name = toBoard)]
    pub fn to_board(&self) -> String {
        self.inner.position().to_string()
    }

    /// Takes back the last move; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Replays the last move taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// `{ black, white }`: discs left in each player's supply.
    pub fn supply(&self) -> JsValue {
        let (black, white) = self.inner.supply();
        to_js(&Supply { black, white })
    }

    /// An independent copy of this game.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game { inner: self.inner.clone() }
    }
}
