//! The checked, colour-aware game, written once for every board: side to move,
//! history, forced passes, disc supplies, undo and redo, transcripts and the result.
//!
//! A game is generic over its board's [`Rules`] (a [`Shape`] that also knows the
//! names of its cells and what an empty supply means). [`Game`] without a parameter
//! is 8×8 Othello ([`Othello`]), with its notation: squares, board strings, positions
//! set up by hand. The variants are `Game<VariantBoard<u128>>`
//! ([`crate::variant::VariantGame`]), with their tagged records.

use std::fmt;

use crate::bitboard::{Bitboard, Square};
use crate::notation::{transcript_tokens, BoardError, Color, Position};
use crate::openings::{name_moves, Opening};
use crate::shape::{Bits, Othello, Shape};

/// What a checked game needs of its board beyond what the search needs: the moves
/// of a side with a given supply in hand, and the names of the cells.
pub trait Rules: Shape + fmt::Debug {
    /// Where the side with discs `p` and `supply` discs in hand may play against `o`.
    /// By default the supply does not matter: an empty one borrows from the opponent.
    #[inline]
    fn moves_in_hand(&self, p: Self::B, o: Self::B, supply: u8) -> Self::B {
        let _ = supply;
        self.moves(p, o)
    }
    /// Whether a cell is on the board.
    fn on_board(&self, cell: Self::Cell) -> bool;
    /// A cell's name, such as `c4`.
    fn cell_name(&self, cell: Self::Cell) -> String;
    /// The cell a name (any case) stands for.
    fn parse_cell(&self, text: &str) -> Option<Self::Cell>;
}

impl Rules for Othello {
    fn on_board(&self, _: Square) -> bool {
        true
    }
    fn cell_name(&self, sq: Square) -> String {
        sq.to_string()
    }
    fn parse_cell(&self, text: &str) -> Option<Square> {
        text.parse().ok()
    }
}

/// What a player did on a turn: `C` is the board's cell, `B` its disc mask.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn<C = Square, B = u64> {
    /// Who acted.
    pub player: Color,
    /// The cell played, or `None` for a pass.
    pub square: Option<C>,
    /// The discs that the move flipped (none for a pass).
    pub flipped: B,
    /// Whether the mover's supply was empty, so the opponent handed over the disc.
    pub handed_disc: bool,
}

/// A turn of a game on the board `S`.
pub type TurnOf<S> = Turn<<S as Shape>::Cell, <S as Shape>::B>;

/// Why a move was refused. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// Neither side can move any more.
    GameOver,
    /// The cell (named) is not on the board.
    OffBoard(String),
    /// The cell (named) already holds a disc.
    Occupied(String, Color),
    /// A disc there would outflank nothing (or the player has no disc to place).
    NoOutflank(String, Color),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::OffBoard(sq) => write!(f, "{sq} is not a square of this board"),
            PlayError::Occupied(sq, c) => write!(f, "{sq} is illegal for {c}: the square is occupied"),
            PlayError::NoOutflank(sq, c) => write!(f, "{sq} is illegal for {c}: it outflanks no disc"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a transcript could not be read. Moves are numbered from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TranscriptError {
    /// The token is not a square name.
    NotASquare {
        /// Move number.
        number: usize,
        /// The text found.
        token: String,
    },
    /// The square is not a legal move at that point.
    Illegal {
        /// Move number.
        number: usize,
        /// The square's name.
        square: String,
        /// The player whose move it was.
        player: Color,
    },
    /// The game was already over.
    AfterEnd {
        /// Move number.
        number: usize,
        /// The square's name.
        square: String,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::NotASquare { number, token } => write!(f, "move {number} '{token}' is not a square"),
            TranscriptError::Illegal { number, square, player } => {
                write!(f, "move {number} '{square}' is illegal for {player}")
            }
            TranscriptError::AfterEnd { number, square } => {
                write!(f, "move {number} '{square}' comes after the end of the game")
            }
        }
    }
}

impl std::error::Error for TranscriptError {}

/// Why a position set up by hand cannot be played from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// A centre square is empty: the four centre squares are filled before the first
    /// move and discs never leave the board, so no game of Othello reaches this.
    EmptyCentre(Square),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::EmptyCentre(sq) => write!(
                f,
                "{sq} is empty, but the four centre squares (d4, e4, d5, e5) hold discs from the start and are never empty in Othello"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// The outcome of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameResult {
    /// Black discs on the board.
    pub black: u32,
    /// White discs on the board.
    pub white: u32,
    /// Empty squares left.
    pub empty: u32,
    /// The player with more discs, `None` for a draw.
    pub winner: Option<Color>,
}

impl GameResult {
    /// The result of a finished game with these disc counts.
    pub fn from_counts(black: u32, white: u32, empty: u32) -> GameResult {
        let winner = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        };
        GameResult { black, white, empty, winner }
    }

    /// The official score `(black, white)`: the empty squares go to the winner and are
    /// shared out evenly in a draw.
    pub fn official(&self) -> (u32, u32) {
        match self.winner {
            Some(Color::Black) => (self.black + self.empty, self.white),
            Some(Color::White) => (self.black, self.white + self.empty),
            None => (self.black + self.empty / 2, self.white + self.empty - self.empty / 2),
        }
    }
}

/// The state between turns, on disc masks `B`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State<B> {
    /// Black discs.
    pub black: B,
    /// White discs.
    pub white: B,
    /// The side to move; once the game is over, the side that would have moved.
    pub to_move: Color,
    /// Whether neither side can move.
    pub over: bool,
    /// Discs left in each player's supply, indexed by [`Color::index`].
    pub supply: [u8; 2],
}

impl<B: Copy> State<B> {
    /// `(discs of c, discs of the other side)`.
    pub fn sides(&self, c: Color) -> (B, B) {
        match c {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// Supplies for a position reached without passes: as many discs as `empty`
    /// cells, the side to move holding the odd one.
    pub fn even_supply(empty: u32, to_move: Color) -> [u8; 2] {
        let mut supply = [(empty / 2) as u8; 2];
        supply[to_move.index()] += (empty % 2) as u8;
        supply
    }
}

/// A game on the board `S`, with its history.
///
/// Every method that changes the game checks its input and leaves the game as it was
/// when it returns an error. A player who cannot move passes automatically; the pass
/// is recorded in [`Game::history`].
///
/// ```
/// use reversi::{Color, Game};
/// let mut game = Game::from_transcript("f5 d6 C3").unwrap();
/// assert_eq!(game.to_move(), Some(Color::White));
/// assert!(game.play("a1".parse().unwrap()).is_err());
/// assert_eq!(game.transcript(), "f5d6c3");
/// ```
#[derive(Clone, Debug)]
pub struct Game<S: Rules = Othello> {
    shape: S,
    /// `states[i]` is the state before `history[i]`; one more state than turns.
    states: Vec<State<S::B>>,
    history: Vec<TurnOf<S>>,
    redo: Vec<S::Cell>,
}

impl<S: Rules> Game<S> {
    /// A game on `shape` from `state`; a side to move without a move passes at once
    /// (the pass is recorded), and a state where neither side can move is over.
    pub fn from_state(shape: S, state: State<S::B>) -> Game<S> {
        let mut game = Game { shape, states: vec![State { over: false, ..state }], history: vec![], redo: vec![] };
        game.settle();
        game
    }

    /// The board and its rules.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The current state (after any forced pass).
    pub fn state(&self) -> &State<S::B> {
        self.states.last().expect("a game always has a state")
    }

    /// The state the game started from.
    pub fn start_state(&self) -> &State<S::B> {
        &self.states[0]
    }

    /// Every turn so far with the state before it.
    pub fn turns(&self) -> impl Iterator<Item = (&State<S::B>, &TurnOf<S>)> {
        self.states.iter().zip(&self.history)
    }

    /// Every turn so far, passes included.
    pub fn history(&self) -> &[TurnOf<S>] {
        &self.history
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        let s = self.state();
        (!s.over).then_some(s.to_move)
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.state().over
    }

    fn moves_of(&self, s: &State<S::B>, c: Color) -> S::B {
        let (p, o) = s.sides(c);
        self.shape.moves_in_hand(p, o, s.supply[c.index()])
    }

    /// The legal moves of the side to move as a mask; empty when the game is over.
    pub fn moves(&self) -> S::B {
        match self.to_move() {
            Some(c) => self.moves_of(self.state(), c),
            None => S::B::ZERO,
        }
    }

    /// The discs a move on `cell` would flip; none when it is not legal.
    pub fn flips_of(&self, cell: S::Cell) -> S::B {
        let s = self.state();
        match self.to_move() {
            Some(c) if self.shape.on_board(cell) && self.moves().has(S::index(cell)) => {
                let (p, o) = s.sides(c);
                self.shape.flips(p, o, S::index(cell))
            }
            _ => S::B::ZERO,
        }
    }

    /// Discs left in the supply of `(black, white)`.
    pub fn supply(&self) -> (u8, u8) {
        let s = self.state().supply;
        (s[0], s[1])
    }

    /// Disc counts `(black, white, empty)`.
    pub fn counts(&self) -> (u32, u32, u32) {
        let s = self.state();
        let (b, w) = (s.black.count(), s.white.count());
        (b, w, self.shape.cell_count() as u32 - b - w)
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        let (black, white, empty) = self.counts();
        Some(GameResult::from_counts(black, white, empty))
    }

    /// The moves played so far, without passes, as a lower-case transcript.
    pub fn transcript(&self) -> String {
        self.history.iter().filter_map(|t| t.square).map(|c| self.shape.cell_name(c)).collect()
    }

    /// Plays `cell` for the side to move and returns the flipped discs. If the next
    /// player then has no move but the other does, the pass is played and recorded.
    ///
    /// # Errors
    /// A [`PlayError`] when the move is illegal or the game is over; the game is then
    /// unchanged.
    pub fn play(&mut self, cell: S::Cell) -> Result<S::B, PlayError> {
        let flipped = self.play_inner(cell)?;
        self.redo.clear();
        Ok(flipped)
    }

    fn play_inner(&mut self, cell: S::Cell) -> Result<S::B, PlayError> {
        let state = *self.state();
        if state.over {
            return Err(PlayError::GameOver);
        }
        if !self.shape.on_board(cell) {
            return Err(PlayError::OffBoard(self.shape.cell_name(cell)));
        }
        let color = state.to_move;
        let x = S::index(cell);
        let (p, o) = state.sides(color);
        if !self.moves_of(&state, color).has(x) {
            let name = self.shape.cell_name(cell);
            return Err(if (p | o).has(x) { PlayError::Occupied(name, color) } else { PlayError::NoOutflank(name, color) });
        }
        let flipped = self.shape.flips(p, o, x);
        let (p, o) = (p ^ flipped ^ S::B::bit(x), o ^ flipped);
        let mut supply = state.supply;
        let (me, other) = (color.index(), color.other().index());
        let handed_disc = supply[me] == 0;
        if handed_disc {
            supply[other] = supply[other].saturating_sub(1);
        } else {
            supply[me] -= 1;
        }
        let (black, white) = if color == Color::Black { (p, o) } else { (o, p) };
        self.history.push(Turn { player: color, square: Some(cell), flipped, handed_disc });
        self.states.push(State { black, white, to_move: color.other(), over: false, supply });
        self.settle();
        Ok(flipped)
    }

    /// Applies a forced pass, or marks the game over, for the newest state.
    fn settle(&mut self) {
        let state = *self.state();
        if !self.moves_of(&state, state.to_move).is_empty() {
            return;
        }
        if !self.moves_of(&state, state.to_move.other()).is_empty() {
            let player = state.to_move;
            self.history.push(Turn { player, square: None, flipped: S::B::ZERO, handed_disc: false });
            self.states.push(State { to_move: player.other(), ..state });
        } else {
            self.states.last_mut().expect("a game always has a state").over = true;
        }
    }

    /// Plays the moves of a transcript from the current position, all or none.
    ///
    /// # Errors
    /// A [`TranscriptError`] naming the first bad move by its number; the game is then
    /// unchanged.
    pub fn play_transcript(&mut self, text: &str) -> Result<(), TranscriptError> {
        let mut next = self.clone();
        for (i, token) in transcript_tokens(text).enumerate() {
            let number = i + 1;
            let cell = self.shape.parse_cell(token).filter(|&c| self.shape.on_board(c));
            let cell = cell.ok_or_else(|| TranscriptError::NotASquare { number, token: token.to_string() })?;
            let square = self.shape.cell_name(cell);
            match next.play(cell) {
                Ok(_) => {}
                Err(PlayError::GameOver) => return Err(TranscriptError::AfterEnd { number, square }),
                Err(PlayError::OffBoard(_)) => return Err(TranscriptError::NotASquare { number, token: token.to_string() }),
                Err(PlayError::Occupied(_, player) | PlayError::NoOutflank(_, player)) => {
                    return Err(TranscriptError::Illegal { number, square, player })
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// Takes back the last move (and the pass it forced, if any). Returns whether
    /// there was a move to take back; forced passes at the start cannot be undone.
    pub fn undo(&mut self) -> bool {
        let Some(last_move) = self.history.iter().rposition(|t| t.square.is_some()) else {
            return false;
        };
        let cell = self.history[last_move].square.expect("found a move");
        self.history.truncate(last_move);
        self.states.truncate(last_move + 1);
        self.redo.push(cell);
        true
    }

    /// Plays again the last move taken back. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(cell) => {
                self.play_inner(cell).expect("a redone move was legal when it was played");
                true
            }
            None => false,
        }
    }

    /// How many moves [`Game::redo`] can replay.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// 8×8 Othello: its squares, positions and board strings.
impl Game {
    /// A new game of Othello: the crossed start, Black first, 32 discs each (30 left
    /// once the four centre discs are placed), a disc handed over when a supply runs
    /// out.
    pub fn new() -> Game {
        Game::from_position(Position::START)
    }

    /// The named opening the game follows (see [`crate::openings`]); `None` for a game
    /// from another position or one that leaves the list at once.
    pub fn opening(&self) -> Option<Opening> {
        if self.start_position() != Position::START {
            return None;
        }
        let moves: Vec<Square> = self.history().iter().filter_map(|t| t.square).collect();
        name_moves(&moves)
    }

    /// A game of Othello from any position. The discs left in the supplies are those
    /// of a game without passes: as many as the empty squares, the side to move
    /// holding the odd one.
    pub fn from_position(position: Position) -> Game {
        let (black, white) = (position.black.0, position.white.0);
        let supply = State::<u64>::even_supply(64 - (black | white).count_ones(), position.to_move);
        Game::from_state(Othello, State { black, white, to_move: position.to_move, over: false, supply })
    }

    /// A game from a position set up by hand, refused only where the rules cannot lead
    /// there. A position where neither side can move is accepted: the game is then
    /// over at once.
    ///
    /// # Errors
    /// A [`SetupError`] explaining why no game of Othello reaches the position.
    pub fn from_setup(position: Position) -> Result<Game, SetupError> {
        for name in ["d4", "e4", "d5", "e5"] {
            let sq: Square = name.parse().expect("centre squares are squares");
            if position.at(sq).is_none() {
                return Err(SetupError::EmptyCentre(sq));
            }
        }
        Ok(Game::from_position(position))
    }

    /// Reads a board string (see [`crate::notation`]) into a game from that position.
    ///
    /// # Errors
    /// A [`BoardError`] saying what is malformed.
    pub fn from_board_str(text: &str) -> Result<Game, BoardError> {
        Ok(Game::from_position(text.parse()?))
    }

    /// Plays a transcript from the Othello start.
    ///
    /// # Errors
    /// A [`TranscriptError`] naming the first bad move by its number.
    pub fn from_transcript(text: &str) -> Result<Game, TranscriptError> {
        let mut game = Game::new();
        game.play_transcript(text)?;
        Ok(game)
    }

    fn position_of(s: &State<u64>) -> Position {
        Position { black: Bitboard(s.black), white: Bitboard(s.white), to_move: s.to_move }
    }

    /// The current position (after any forced pass).
    pub fn position(&self) -> Position {
        Game::position_of(self.state())
    }

    /// The position the game started from.
    pub fn start_position(&self) -> Position {
        Game::position_of(self.start_state())
    }

    /// The legal moves of the side to move; empty when the game is over.
    pub fn legal_moves(&self) -> Bitboard {
        Bitboard(self.moves())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_restore_states() {
        let mut g = Game::from_transcript("f5d6c3d3c4").unwrap();
        let before = g.position();
        assert!(g.undo());
        assert_eq!(g.transcript(), "f5d6c3d3");
        assert!(g.redo());
        assert_eq!(g.position(), before);
        assert!(!g.redo());
        while g.undo() {}
        assert_eq!(g.position(), Position::START);
        assert_eq!(g.redo_len(), 5);
        g.play(sq("f5")).unwrap();
        assert_eq!(g.redo_len(), 0);
    }

    #[test]
    fn transcript_errors_name_the_move() {
        let e = Game::from_transcript("f5d6c3d3c4f4c5b3c2e6c6h9").unwrap_err();
        assert_eq!(e.to_string(), "move 12 'h9' is not a square");
        let e = Game::from_transcript("f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 a1").unwrap_err();
        assert_eq!(e.to_string(), "move 12 'a1' is illegal for White");
        let e = Game::from_transcript("f5 f5").unwrap_err();
        assert_eq!(e.to_string(), "move 2 'f5' is illegal for White");
    }

    #[test]
    fn supply_starts_at_thirty() {
        let g = Game::new();
        assert_eq!(g.supply(), (30, 30));
        let g = Game::from_transcript("f5d6c3").unwrap();
        assert_eq!(g.supply(), (28, 29));
    }

    #[test]
    fn every_listed_opening_line_is_legal_and_names_itself() {
        let lines = crate::openings::book();
        assert!(lines.len() >= 75, "{}", lines.len());
        for (line, name) in lines {
            let text: String = line.iter().map(|s| s.to_string()).collect();
            let game = Game::from_transcript(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(game.opening().map(|o| o.name), Some(*name), "{text}");
        }
    }
}
