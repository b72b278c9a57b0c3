//! A checked game of any [`Variant`]: colours, supplies, forced passes, history, undo
//! and redo, and records that name their variant.
//!
//! Records of a variant start with its name in brackets, `[6x6] c4c3d2` or
//! `[eight-star] ---…--- X`, so they never load into another variant.

use std::fmt;

use super::{Geometry, Variant};
use crate::game::GameResult;
use crate::notation::{transcript_tokens, Color};

/// What went wrong reading a record or playing a move; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The record's variant tag is not a known variant.
    Unknown(super::UnknownVariant),
    /// A record without its `[variant]` tag where one is needed.
    NoTag,
    /// The record is for another variant than the game's.
    OtherVariant {
        /// The record's variant.
        record: Variant,
        /// The variant it was loaded into.
        game: Variant,
    },
    /// A transcript token that is not a cell of this board.
    NotACell {
        /// 1-based move number.
        index: usize,
        /// The token.
        token: String,
    },
    /// A move that is not legal here.
    Illegal {
        /// 1-based move number (0 for a single move).
        index: usize,
        /// The cell's name.
        cell: String,
        /// The side that tried it.
        player: Color,
    },
    /// A move after the end of the game.
    GameOver {
        /// 1-based move number (0 for a single move).
        index: usize,
    },
    /// A malformed board string.
    Board(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |i: &usize| if *i == 0 { String::new() } else { format!("move {i} ") };
        match self {
            VariantError::Unknown(e) => e.fmt(f),
            VariantError::NoTag => f.write_str("a record of a variant starts with its name in brackets, such as [6x6]"),
            VariantError::OtherVariant { record, game } => {
                write!(f, "this record is for {record}, not {game}")
            }
            VariantError::NotACell { index, token } => write!(f, "move {index} '{token}' is not a square of this board"),
            VariantError::Illegal { index, cell, player } => write!(f, "{}'{cell}' is illegal for {player}", at(index)),
            VariantError::GameOver { index } => write!(f, "{}is after the end of the game", at(index)),
            VariantError::Board(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for VariantError {}

/// One turn: a move or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantTurn {
    /// Who moved or passed.
    pub player: Color,
    /// The cell played; `None` for a pass.
    pub cell: Option<u32>,
    /// Discs flipped.
    pub flipped: u128,
    /// Whether the opponent handed over a disc (the mover's supply was empty).
    pub handed_disc: bool,
}

/// The state between turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantState {
    /// Black discs.
    pub black: u128,
    /// White discs.
    pub white: u128,
    /// The side to move; `None` when the game is over.
    pub to_move: Option<Color>,
    /// Discs in hand, indexed by [`Color::index`].
    pub supply: [u8; 2],
}

impl VariantState {
    /// `(mover's discs, other side's discs)` for `c`.
    pub fn sides(&self, c: Color) -> (u128, u128) {
        match c {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }
}

/// The rules of a variant as the search needs them: where a side may play and what a
/// move does, on side-relative discs.
#[derive(Clone, Copy, Debug)]
pub struct VariantRules {
    /// The variant.
    pub variant: Variant,
    /// Its board.
    pub geo: Geometry,
    /// Centre cells that are placed freely, without flips, until all are filled
    /// (classic Reversi); 0 otherwise.
    pub free_centre: u128,
    /// Whether an empty supply borrows from the opponent (else the player passes).
    pub lends: bool,
}

impl VariantRules {
    /// The rules of `variant`.
    pub fn new(variant: Variant) -> VariantRules {
        VariantRules {
            variant,
            geo: variant.geometry(),
            free_centre: if variant == Variant::Classic { variant.centre() } else { 0 },
            lends: variant.lends_discs(),
        }
    }

    /// Where the side with discs `p` and `supply` in hand may play against `o`.
    #[inline(always)]
    pub fn moves(&self, p: u128, o: u128, supply: u8) -> u128 {
        if !self.lends && supply == 0 {
            return 0;
        }
        let open = self.free_centre & !(p | o);
        if open != 0 {
            return open;
        }
        self.geo.moves(p, o)
    }

    /// The discs flipped by `p` playing `cell` (none while the centre is placed).
    #[inline(always)]
    pub fn flips(&self, p: u128, o: u128, cell: u32) -> u128 {
        if self.free_centre & !(p | o) != 0 {
            return 0;
        }
        self.geo.flips(p, o, cell)
    }
}

/// A game of a variant, with its history.
///
/// ```
/// use reversi::variant::{Variant, VariantGame};
/// let v = Variant::from_id("6x6").unwrap();
/// let mut game = VariantGame::new(v);
/// assert_eq!(game.legal_moves().len(), 4);
/// game.play_name("c2").unwrap();
/// assert_eq!(game.record(), "[6x6] c2");
/// assert!(VariantGame::read_as(Variant::EightStar, "[6x6] c2").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct VariantGame {
    rules: VariantRules,
    /// `states[i]` is the state before `history[i]`.
    states: Vec<VariantState>,
    history: Vec<VariantTurn>,
    redo: Vec<u32>,
}

impl VariantGame {
    /// A new game of `variant` from its start.
    pub fn new(variant: Variant) -> VariantGame {
        let (black, white) = variant.start_discs();
        let per = variant.discs_per_player();
        let supply = [per - black.count_ones() as u8, per - white.count_ones() as u8];
        VariantGame::from_state(variant, VariantState { black, white, to_move: Some(variant.first_player()), supply })
    }

    /// A game of `variant` (one that lends discs) from a position: the discs of each
    /// side and the side to move (which passes at once if it cannot move). The side to
    /// move holds as many discs in hand as the other, or one more.
    pub fn from_discs(variant: Variant, black: u128, white: u128, to_move: Color) -> VariantGame {
        let left = variant.geometry().cell_count() - black.count_ones() - white.count_ones();
        let (mover, other) = (left.div_ceil(2) as u8, (left / 2) as u8);
        let supply = if to_move == Color::Black { [mover, other] } else { [other, mover] };
        if (black, white, to_move) == (variant.start_discs().0, variant.start_discs().1, variant.first_player()) {
            return VariantGame::new(variant);
        }
        VariantGame::from_state(variant, VariantState { black, white, to_move: Some(to_move), supply })
    }

    fn from_state(variant: Variant, mut state: VariantState) -> VariantGame {
        let rules = VariantRules::new(variant);
        let mut game = VariantGame { rules, states: vec![], history: vec![], redo: vec![] };
        // A side to move without a move passes (or the game is already over).
        if let Some(c) = state.to_move {
            if game.moves_of(&state, c) == 0 {
                state.to_move = (game.moves_of(&state, c.other()) != 0).then_some(c.other());
            }
        }
        game.states.push(state);
        game
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// The rules, for the search.
    pub fn rules(&self) -> &VariantRules {
        &self.rules
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.rules.geo
    }

    /// Every turn so far with the state before it.
    pub fn turns(&self) -> impl Iterator<Item = (&VariantState, &VariantTurn)> {
        self.states.iter().zip(&self.history)
    }

    /// The current state.
    pub fn state(&self) -> &VariantState {
        self.states.last().expect("at least one state")
    }

    fn moves_of(&self, s: &VariantState, c: Color) -> u128 {
        let (p, o) = s.sides(c);
        self.rules.moves(p, o, s.supply[c.index()])
    }

    /// The side to move, `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        self.state().to_move
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// The legal cells, ascending.
    pub fn legal_moves(&self) -> Vec<u32> {
        let s = self.state();
        let m = s.to_move.map_or(0, |c| self.moves_of(s, c));
        cells(m)
    }

    /// The discs a move on `cell` would flip; empty when it is not legal.
    pub fn flips_for(&self, cell: u32) -> Vec<u32> {
        let s = self.state();
        match s.to_move {
            Some(c) if cell < 128 && self.moves_of(s, c) >> cell & 1 == 1 => {
                let (p, o) = s.sides(c);
                cells(self.rules.flips(p, o, cell))
            }
            _ => vec![],
        }
    }

    /// Plays `cell`; returns the flipped cells. A forced pass that follows is recorded.
    ///
    /// # Errors
    /// [`VariantError::Illegal`] or [`VariantError::GameOver`]; nothing changes.
    pub fn play(&mut self, cell: u32) -> Result<Vec<u32>, VariantError> {
        let flipped = self.play_keeping_redo(cell, 0)?;
        self.redo.clear();
        Ok(flipped)
    }

    /// Plays a cell given by name, such as `c4`.
    ///
    /// # Errors
    /// As [`VariantGame::play`], or [`VariantError::NotACell`].
    pub fn play_name(&mut self, name: &str) -> Result<Vec<u32>, VariantError> {
        let cell = self.rules.geo.parse_cell(name).ok_or(VariantError::NotACell { index: 1, token: name.to_string() })?;
        self.play(cell)
    }

    fn play_keeping_redo(&mut self, cell: u32, index: usize) -> Result<Vec<u32>, VariantError> {
        let s = *self.state();
        let c = s.to_move.ok_or(VariantError::GameOver { index })?;
        if cell >= 128 || self.moves_of(&s, c) >> cell & 1 == 0 {
            let name = if cell < 128 && self.rules.geo.cells >> cell & 1 == 1 { self.rules.geo.cell_name(cell) } else { format!("cell {cell}") };
            return Err(VariantError::Illegal { index, cell: name, player: c });
        }
        let (p, o) = s.sides(c);
        let f = self.rules.flips(p, o, cell);
        let (p, o) = (p | f | 1 << cell, o & !f);
        let mut next = s;
        (next.black, next.white) = if c == Color::Black { (p, o) } else { (o, p) };
        let handed_disc = next.supply[c.index()] == 0;
        if handed_disc {
            next.supply[c.other().index()] -= 1;
        } else {
            next.supply[c.index()] -= 1;
        }
        self.history.push(VariantTurn { player: c, cell: Some(cell), flipped: f, handed_disc });
        next.to_move = Some(c.other());
        if self.moves_of(&next, c.other()) == 0 {
            if self.moves_of(&next, c) == 0 {
                next.to_move = None;
            } else {
                self.states.push(next);
                self.history.push(VariantTurn { player: c.other(), cell: None, flipped: 0, handed_disc: false });
                next.to_move = Some(c);
            }
        }
        self.states.push(next);
        Ok(cells(f))
    }

    /// Takes back the last move (and the pass that followed it); whether there was one.
    pub fn undo(&mut self) -> bool {
        crate::game::take_back(&mut self.history, &mut self.states, &mut self.redo, |t| t.cell)
    }

    /// Replays the last move taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(cell) => self.play_keeping_redo(cell, 0).is_ok(),
            None => false,
        }
    }

    /// Every turn so far.
    pub fn history(&self) -> &[VariantTurn] {
        &self.history
    }

    /// `(black, white, empty)` cells.
    pub fn counts(&self) -> (u32, u32, u32) {
        let s = self.state();
        let (b, w) = (s.black.count_ones(), s.white.count_ones());
        (b, w, self.rules.geo.cell_count() - b - w)
    }

    /// Discs in hand `(black, white)`.
    pub fn supply(&self) -> (u8, u8) {
        let s = self.state();
        (s.supply[0], s.supply[1])
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        let (black, white, empty) = self.counts();
        Some(GameResult::from_counts(black, white, empty))
    }

    /// The moves so far, lower case, passes left out.
    pub fn transcript(&self) -> String {
        self.history.iter().filter_map(|t| t.cell).map(|c| self.rules.geo.cell_name(c)).collect()
    }

    /// The game as a record: `[variant] transcript`.
    pub fn record(&self) -> String {
        format!("[{}] {}", self.variant().id(), self.transcript())
    }

    /// The current position as a tagged board string: the cells row by row (`X`, `O`,
    /// `-`, `#` for a cell that is not on the board), the side to move, and for
    /// classic Reversi the discs in hand of Black and White.
    pub fn board_string(&self) -> String {
        self.write_board(self.state())
    }

    /// The tagged board string of the position the game started from.
    pub fn start_board_string(&self) -> String {
        self.write_board(&self.states[0])
    }

    fn write_board(&self, s: &VariantState) -> String {
        let geo = &self.rules.geo;
        let n = geo.size as u32;
        let mut out = format!("[{}] ", self.variant().id());
        for cell in 0..n * n {
            out.push(match () {
                _ if geo.cells >> cell & 1 == 0 => '#',
                _ if s.black >> cell & 1 == 1 => 'X',
                _ if s.white >> cell & 1 == 1 => 'O',
                _ => '-',
            });
        }
        out.push(' ');
        out.push(s.to_move.unwrap_or(self.variant().first_player()).letter());
        if !self.rules.lends {
            out.push_str(&format!(" {} {}", s.supply[0], s.supply[1]));
        }
        out
    }

    /// Reads a tagged record (transcript or board string), of the variant it names.
    ///
    /// # Errors
    /// [`VariantError::NoTag`] without a tag, or what is wrong with the record.
    pub fn read(text: &str) -> Result<VariantGame, VariantError> {
        let (tag, body) = split_tag(text).ok_or(VariantError::NoTag)?;
        let variant = Variant::from_id(tag).map_err(VariantError::Unknown)?;
        VariantGame::read_body(variant, body)
    }

    /// Reads a record into `variant`: untagged, or tagged with that variant.
    ///
    /// # Errors
    /// [`VariantError::OtherVariant`] for a record of another variant, or what is
    /// wrong with the record.
    pub fn read_as(variant: Variant, text: &str) -> Result<VariantGame, VariantError> {
        let body = match split_tag(text) {
            Some((tag, body)) => {
                let record = Variant::from_id(tag).map_err(VariantError::Unknown)?;
                if record != variant {
                    return Err(VariantError::OtherVariant { record, game: variant });
                }
                body
            }
            None => text,
        };
        VariantGame::read_body(variant, body)
    }

    fn read_body(variant: Variant, body: &str) -> Result<VariantGame, VariantError> {
        // Columns run a to j, so a board string's first cell never looks like a move.
        if body.trim_start().starts_with(['-', 'X', 'O', 'x', 'o', '.', '*', '#']) {
            VariantGame::from_board_body(variant, body)
        } else {
            VariantGame::from_transcript(variant, body)
        }
    }

    /// Plays a transcript from the start of `variant`.
    ///
    /// # Errors
    /// The first bad move, by number.
    pub fn from_transcript(variant: Variant, text: &str) -> Result<VariantGame, VariantError> {
        let mut game = VariantGame::new(variant);
        for (i, token) in transcript_tokens(text).enumerate() {
            let cell = game
                .rules
                .geo
                .parse_cell(token)
                .ok_or_else(|| VariantError::NotACell { index: i + 1, token: token.to_string() })?;
            game.play_keeping_redo(cell, i + 1)?;
        }
        Ok(game)
    }

    fn from_board_body(variant: Variant, body: &str) -> Result<VariantGame, VariantError> {
        let geo = variant.geometry();
        let n = geo.size as u32;
        let mut chars = body.chars().filter(|c| !c.is_whitespace());
        let (mut black, mut white) = (0u128, 0u128);
        let bad = |m: String| Err(VariantError::Board(m));
        for cell in 0..n * n {
            let Some(ch) = chars.next() else {
                return bad(format!("board has {cell} cells, expected {}", n * n));
            };
            let on_board = geo.cells >> cell & 1 == 1;
            match (ch, on_board) {
                ('#', false) => {}
                (_, false) => return bad(format!("cell {} is not on the {variant} board: write #", cell + 1)),
                ('X' | 'x' | '*', true) => black |= 1 << cell,
                ('O' | 'o', true) => white |= 1 << cell,
                ('-' | '.', true) => {}
                _ => return bad(format!("board cell {} ({}) is '{ch}', expected X, O or -", cell + 1, geo.cell_name(cell))),
            }
        }
        let rest: String = chars.collect();
        let mut rest = rest.chars();
        let to_move = match rest.next() {
            Some('X' | 'x' | '*') => Color::Black,
            Some('O' | 'o') => Color::White,
            Some(c) => return bad(format!("side to move is '{c}', expected X or O")),
            None => return bad("the side to move (X or O) is missing after the board".into()),
        };
        let tail: String = rest.collect();
        let per = variant.discs_per_player() as u32;
        let (b, w) = (black.count_ones(), white.count_ones());
        let supply = if variant.lends_discs() {
            if !tail.is_empty() {
                return bad(format!("unexpected '{tail}' after the side to move"));
            }
            return Ok(VariantGame::from_discs(variant, black, white, to_move));
        } else {
            let nums: Vec<&str> = body.split_whitespace().rev().take(2).collect();
            let parsed: Option<Vec<u32>> = nums.iter().rev().map(|s| s.parse().ok()).collect();
            match parsed.as_deref() {
                // Every disc on the board came from one of the two supplies.
                Some(&[sb, sw]) if sb <= per && sw <= per && sb + sw + b + w == 2 * per && !tail.is_empty() => [sb as u8, sw as u8],
                _ => {
                    return bad(format!(
                        "a {variant} board ends with the side to move and the discs in hand of Black and White: \
                         at most {per} each, and {} with the {} discs on the board",
                        2 * per,
                        b + w
                    ))
                }
            }
        };
        Ok(VariantGame::from_state(variant, VariantState { black, white, to_move: Some(to_move), supply }))
    }
}

/// `"[id] body"` → `("id", "body")`.
fn split_tag(text: &str) -> Option<(&str, &str)> {
    let t = text.trim_start().strip_prefix('[')?;
    let (tag, body) = t.split_once(']')?;
    Some((tag, body.trim()))
}

/// The set bits of `m`, ascending.
pub fn cells(mut m: u128) -> Vec<u32> {
    let mut v = Vec::with_capacity(m.count_ones() as usize);
    while m != 0 {
        v.push(m.trailing_zeros());
        m &= m - 1;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Start;

    #[test]
    fn classic_reversi_opens_freely_in_the_centre_with_white_first() {
        let mut g = VariantGame::new(Variant::Classic);
        assert_eq!(g.to_move(), Some(Color::White));
        assert_eq!(g.legal_moves().len(), 4);
        // The parallel opening: White d4 d5, Black e4 e5, with no flips.
        for name in ["d4", "e4", "d5", "e5"] {
            assert!(g.play_name(name).unwrap().is_empty());
        }
        assert_eq!(g.counts(), (2, 2, 60));
        assert_eq!(g.supply(), (28, 28));
        // Now White must outflank: c3? no; f4 takes e4 (d4 White).
        assert!(g.play_name("c1").is_err());
        assert_eq!(g.play_name("f4").unwrap(), vec![28]);
        assert_eq!(g.record(), "[classic] d4e4d5e5f4");
    }

    #[test]
    fn in_classic_reversi_an_empty_supply_means_a_pass() {
        // White has no disc in hand but a1 would outflank a2..a6: White must pass.
        let cells = format!("-XXXXXXX{}{}-------X", "X".repeat(40), "O".repeat(8));
        let mut g = VariantGame::read(&format!("[classic] {cells} O 4 0")).unwrap();
        let (w, b) = g.state().sides(Color::White);
        assert_ne!(g.geometry().moves(w, b) & 1, 0, "a1 outflanks on the board");
        assert_eq!(g.to_move(), Some(Color::Black));
        assert!(g.legal_moves().contains(&56));
        g.play(56).unwrap();
        assert_eq!(g.history().last().map(|t| (t.player, t.cell)), Some((Color::White, None)));
        assert_eq!(g.to_move(), Some(Color::Black));
        assert_eq!(g.supply(), (3, 0));
        // A board whose supplies do not add up is refused.
        let e = VariantGame::read(&format!("[classic] {cells} O 5 0")).unwrap_err();
        assert!(e.to_string().contains("60 with the 56 discs"), "{e}");
    }

    #[test]
    fn records_name_their_variant_and_refuse_another() {
        let mut g = VariantGame::new(Variant::EightStar);
        g.play_name(&g.geometry().cell_name(g.legal_moves()[0])).unwrap();
        let board = g.board_string();
        assert!(board.starts_with("[eight-star] ##-"), "{board}");
        let back = VariantGame::read(&board).unwrap();
        assert_eq!(back.state(), g.state());
        let ten = Variant::Square { size: 10, start: Start::Crossed };
        let e = VariantGame::read_as(ten, &board).unwrap_err();
        assert_eq!(e.to_string(), "this record is for Eight-Star Othello, not 10×10 Othello");
        let e = VariantGame::read_as(ten, &board["[eight-star] ".len()..]).unwrap_err();
        assert!(e.to_string().contains("(a1) is '#'"), "{e}");
        assert!(VariantGame::read(&g.record()).is_ok());
    }

    #[test]
    fn bad_moves_leave_the_game_unchanged() {
        let v = Variant::from_id("10x10").unwrap();
        let mut g = VariantGame::new(v);
        let before = g.clone().board_string();
        assert!(g.play_name("k1").is_err());
        assert!(g.play_name("a1").is_err());
        assert_eq!(g.board_string(), before);
        let e = VariantGame::from_transcript(v, "e4 a1").unwrap_err();
        assert_eq!(e.to_string(), "move 2 'a1' is illegal for White");
        let e = VariantGame::from_transcript(v, "e4 z9").unwrap_err();
        assert_eq!(e.to_string(), "move 2 'z9' is not a square of this board");
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = VariantGame::new(Variant::from_id("6x6").unwrap());
        for _ in 0..3 {
            g.play(g.legal_moves()[0]).unwrap();
        }
        let (two, three) = (g.history()[..2].to_vec(), g.transcript());
        assert!(g.undo());
        assert_eq!(g.history(), &two[..]);
        assert!(g.redo());
        assert_eq!(g.transcript(), three);
        assert!(!g.redo());
        assert_eq!(VariantGame::from_transcript(g.variant(), &three).unwrap().state(), g.state());
    }
}
