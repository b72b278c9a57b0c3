//! A game of any [`Variant`]: the one checked game ([`Game`]) on a variant's board,
//! with records that name their variant.
//!
//! Records of a variant start with its name in brackets, `[6x6] c4c3d2` or
//! `[eight-star] ---…--- X`, so they never load into another variant.

use std::fmt;

use super::shape::VariantBoard;
use super::{Geometry, Variant};
use crate::game::{Game, State, TranscriptError};
use crate::notation::Color;

/// A game of a variant, with its history: the one [`Game`] on a variant's board.
///
/// ```
/// use reversi::variant::{Variant, VariantGame};
/// let v = Variant::from_id("6x6").unwrap();
/// let mut game = VariantGame::of(v);
/// assert_eq!(game.legal_moves().len(), 4);
/// game.play_name("c2").unwrap();
/// assert_eq!(game.record(), "[6x6] c2");
/// assert!(VariantGame::read_as(Variant::EightStar, "[6x6] c2").is_err());
/// ```
pub type VariantGame = Game<VariantBoard<u128>>;

/// The state of a variant's game between turns.
pub type VariantState = State<u128>;

/// What went wrong reading a record; the game is unchanged.
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
    /// A bad move in a transcript.
    Transcript(TranscriptError),
    /// A malformed board string.
    Board(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Unknown(e) => e.fmt(f),
            VariantError::NoTag => f.write_str("a record of a variant starts with its name in brackets, such as [6x6]"),
            VariantError::OtherVariant { record, game } => {
                write!(f, "this record is for {record}, not {game}")
            }
            VariantError::Transcript(e) => e.fmt(f),
            VariantError::Board(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for VariantError {}

impl Game<VariantBoard<u128>> {
    /// A new game of `variant` from its start.
    pub fn of(variant: Variant) -> VariantGame {
        let (black, white) = variant.start_discs();
        let per = variant.discs_per_player();
        let supply = [per - black.count_ones() as u8, per - white.count_ones() as u8];
        let state = State { black, white, to_move: variant.first_player(), over: false, supply };
        Game::from_state(VariantBoard::new(variant), state)
    }

    /// A game of `variant` (one that lends discs) from a position: the discs of each
    /// side and the side to move (which passes at once if it cannot move). The side to
    /// move holds as many discs in hand as the other, or one more.
    pub fn from_discs(variant: Variant, black: u128, white: u128, to_move: Color) -> VariantGame {
        if (black, white, to_move) == (variant.start_discs().0, variant.start_discs().1, variant.first_player()) {
            return VariantGame::of(variant);
        }
        let left = variant.geometry().cell_count() - black.count_ones() - white.count_ones();
        let supply = State::<u128>::even_supply(left, to_move);
        Game::from_state(VariantBoard::new(variant), State { black, white, to_move, over: false, supply })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.shape().variant
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        self.shape().geometry()
    }

    /// The legal cells, ascending.
    pub fn legal_moves(&self) -> Vec<u32> {
        cells(self.moves())
    }

    /// Plays a cell given by name, such as `c4`; returns the flipped discs.
    ///
    /// # Errors
    /// As [`Game::play`], for a move 1 of a transcript.
    pub fn play_name(&mut self, name: &str) -> Result<u128, TranscriptError> {
        let before = self.history().len();
        self.play_transcript(name)?;
        Ok(self.history()[before].flipped)
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
        self.write_board(self.start_state())
    }

    fn write_board(&self, s: &VariantState) -> String {
        let geo = self.geometry();
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
        out.push(if s.over { self.variant().first_player() } else { s.to_move }.letter());
        if !self.variant().lends_discs() {
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
            VariantGame::of_transcript(variant, body).map_err(VariantError::Transcript)
        }
    }

    /// Plays a transcript from the start of `variant`.
    ///
    /// # Errors
    /// The first bad move, by number.
    pub fn of_transcript(variant: Variant, text: &str) -> Result<VariantGame, TranscriptError> {
        let mut game = VariantGame::of(variant);
        game.play_transcript(text)?;
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
        if variant.lends_discs() {
            if !tail.is_empty() {
                return bad(format!("unexpected '{tail}' after the side to move"));
            }
            return Ok(VariantGame::from_discs(variant, black, white, to_move));
        }
        let nums: Vec<&str> = body.split_whitespace().rev().take(2).collect();
        let parsed: Option<Vec<u32>> = nums.iter().rev().map(|s| s.parse().ok()).collect();
        let supply = match parsed.as_deref() {
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
        };
        Ok(Game::from_state(VariantBoard::new(variant), State { black, white, to_move, over: false, supply }))
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
        let mut g = VariantGame::of(Variant::Classic);
        assert_eq!(g.to_move(), Some(Color::White));
        assert_eq!(g.legal_moves().len(), 4);
        // The parallel opening: White d4 d5, Black e4 e5, with no flips.
        for name in ["d4", "e4", "d5", "e5"] {
            assert_eq!(g.play_name(name).unwrap(), 0);
        }
        assert_eq!(g.counts(), (2, 2, 60));
        assert_eq!(g.supply(), (28, 28));
        // Now White must outflank: c3? no; f4 takes e4 (d4 White).
        assert!(g.play_name("c1").is_err());
        assert_eq!(cells(g.play_name("f4").unwrap()), vec![28]);
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
        assert_eq!(g.history().last().map(|t| (t.player, t.square)), Some((Color::White, None)));
        assert_eq!(g.to_move(), Some(Color::Black));
        assert_eq!(g.supply(), (3, 0));
        // A board whose supplies do not add up is refused.
        let e = VariantGame::read(&format!("[classic] {cells} O 5 0")).unwrap_err();
        assert!(e.to_string().contains("60 with the 56 discs"), "{e}");
    }

    #[test]
    fn records_name_their_variant_and_refuse_another() {
        let mut g = VariantGame::of(Variant::EightStar);
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
        let mut g = VariantGame::of(v);
        let before = g.clone().board_string();
        assert!(g.play_name("k1").is_err());
        assert!(g.play_name("a1").is_err());
        assert_eq!(g.board_string(), before);
        let e = VariantGame::of_transcript(v, "e4 a1").unwrap_err();
        assert_eq!(e.to_string(), "move 2 'a1' is illegal for White");
        let e = VariantGame::of_transcript(v, "e4 z9").unwrap_err();
        assert_eq!(e.to_string(), "move 2 'z9' is not a square");
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = VariantGame::of(Variant::from_id("6x6").unwrap());
        for _ in 0..3 {
            g.play(g.legal_moves()[0]).unwrap();
        }
        let (two, three) = (g.history()[..2].to_vec(), g.transcript());
        assert!(g.undo());
        assert_eq!(g.history(), &two[..]);
        assert!(g.redo());
        assert_eq!(g.transcript(), three);
        assert!(!g.redo());
        assert_eq!(VariantGame::of_transcript(g.variant(), &three).unwrap().state(), g.state());
    }
}
