//! Records from JavaScript: transcripts, board strings, GGF, several games pasted at
//! once, the balanced starts, and the name of the opening a game follows.

use super::*;

#[wasm_bindgen]
impl Game {
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
        let list: Vec<Start> = crate::openings::fair_starts().map(|(transcript, score)| Start { transcript, score }).collect();
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
        match g.opening() {
            Some(o) => to_js(&OpeningJs { name: o.name, moves: o.moves }),
            None => JsValue::NULL,
        }
    }
}
