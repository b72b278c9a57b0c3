//! The rules from JavaScript: a new game of any variant, its board, moves, turns,
//! score and result, undo and redo.

use super::*;
use crate::shape::Shape;

#[derive(Serialize)]
struct VariantInfo {
    id: String,
    name: String,
    size: u8,
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
