//! The checked, colour-aware game: side to move, history, forced passes, disc
//! supplies, undo and redo, and the result.

use std::fmt;

use crate::bitboard::{Bitboard, Square};
use crate::notation::{transcript_tokens, write_transcript, BoardError, Color, Position};

/// The rule set a game is played under. Othello's is [`Rules::OTHELLO`]; the start
/// position and the disc supply are parameters so that variants can be added.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Where the game starts and who moves first.
    pub start: Position,
    /// Discs each player owns at the outset, those of the start position included.
    pub discs_per_player: u8,
    /// Whether the opponent hands over a disc when a player's supply is empty.
    pub lend_discs: bool,
}

impl Rules {
    /// Tournament Othello: the crossed start, Black first, 32 discs each (30 left once
    /// the four centre discs are placed), a disc handed over when a supply runs out.
    pub const OTHELLO: Rules = Rules { start: Position::START, discs_per_player: 32, lend_discs: true };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::OTHELLO
    }
}

/// What a player did on a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn {
    /// Who acted.
    pub player: Color,
    /// The square played, or `None` for a pass.
    pub square: Option<Square>,
    /// The discs that the move flipped (empty for a pass).
    pub flipped: Bitboard,
    /// Whether the mover's supply was empty, so the opponent handed over the disc.
    pub handed_disc: bool,
}

/// Why a move was refused. The game is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// Neither side can move any more.
    GameOver,
    /// The square already holds a disc.
    Occupied(Square, Color),
    /// A disc there would outflank nothing.
    NoOutflank(Square, Color),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
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
        /// The square.
        square: Square,
        /// The player whose move it was.
        player: Color,
    },
    /// The game was already over.
    AfterEnd {
        /// Move number.
        number: usize,
        /// The square.
        square: Square,
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

/// Undo for a history of turns where `states[i]` precedes `turns[i]`: drops the last
/// move (`mv` gives a turn's move, `None` for a pass) and the passes after it, and
/// keeps the move for redo. Whether there was a move.
pub(crate) fn take_back<T, S, M>(turns: &mut Vec<T>, states: &mut Vec<S>, redo: &mut Vec<M>, mv: impl Fn(&T) -> Option<M>) -> bool {
    let Some(last_move) = turns.iter().rposition(|t| mv(t).is_some()) else {
        return false;
    };
    let m = mv(&turns[last_move]).expect("found a move");
    turns.truncate(last_move);
    states.truncate(last_move + 1);
    redo.push(m);
    true
}

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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    position: Position,
    /// Discs left in each player's supply, indexed by [`Color::index`].
    supply: [u8; 2],
    over: bool,
}

/// A game under a set of [`Rules`], with its history.
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
pub struct Game {
    rules: Rules,
    /// `states[i]` is the state before `history[i]`; one more state than turns.
    states: Vec<State>,
    history: Vec<Turn>,
    redo: Vec<Square>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game of Othello.
    pub fn new() -> Game {
        Game::with_rules(Rules::OTHELLO)
    }

    /// A new game under `rules`.
    pub fn with_rules(rules: Rules) -> Game {
        let supply = [Color::Black, Color::White].map(|c| {
            rules.discs_per_player.saturating_sub(rules.start.discs(c).count() as u8)
        });
        Game::start_from(rules, rules.start, supply)
    }

    /// A game of Othello from any position. The discs left in the supplies are those
    /// of a game without passes: as many as the empty squares, the side to move
    /// holding the odd one.
    pub fn from_position(position: Position) -> Game {
        let empty = 64 - (position.black | position.white).count() as u8;
        let mut supply = [empty / 2; 2];
        supply[position.to_move.index()] += empty % 2;
        Game::start_from(Rules { start: position, ..Rules::OTHELLO }, position, supply)
    }

    fn start_from(rules: Rules, position: Position, supply: [u8; 2]) -> Game {
        let mut game = Game { rules, states: vec![State { position, supply, over: false }], history: vec![], redo: vec![] };
        game.settle();
        game
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

    /// Plays the moves of a transcript from the current position, all or none.
    ///
    /// # Errors
    /// A [`TranscriptError`]; the game is then unchanged.
    pub fn play_transcript(&mut self, text: &str) -> Result<(), TranscriptError> {
        let mut next = self.clone();
        for (i, token) in transcript_tokens(text).enumerate() {
            let number = i + 1;
            let square: Square = token
                .parse()
                .map_err(|_| TranscriptError::NotASquare { number, token: token.to_string() })?;
            match next.play(square) {
                Ok(_) => {}
                Err(PlayError::GameOver) => return Err(TranscriptError::AfterEnd { number, square }),
                Err(PlayError::Occupied(_, player) | PlayError::NoOutflank(_, player)) => {
                    return Err(TranscriptError::Illegal { number, square, player })
                }
            }
        }
        *self = next;
        Ok(())
    }

    fn state(&self) -> &State {
        self.states.last().expect("a game always has a state")
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position (after any forced pass).
    pub fn position(&self) -> Position {
        self.state().position
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        let s = self.state();
        (!s.over).then_some(s.position.to_move)
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.state().over
    }

    /// The legal moves of the side to move; empty when the game is over.
    pub fn legal_moves(&self) -> Bitboard {
        if self.is_over() {
            Bitboard::EMPTY
        } else {
            self.position().board().moves()
        }
    }

    /// Discs left in the supply of `(black, white)`.
    pub fn supply(&self) -> (u8, u8) {
        let s = self.state().supply;
        (s[0], s[1])
    }

    /// Disc counts `(black, white, empty)`.
    pub fn counts(&self) -> (u32, u32, u32) {
        let p = self.position();
        let (b, w) = (p.black.count(), p.white.count());
        (b, w, 64 - b - w)
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        let (black, white, empty) = self.counts();
        Some(GameResult::from_counts(black, white, empty))
    }

    /// Every turn so far, passes included.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// The moves played so far, without passes, as a lower-case transcript.
    pub fn transcript(&self) -> String {
        write_transcript(self.history.iter().filter_map(|t| t.square))
    }

    /// Plays `square` for the side to move and returns the flipped discs. If the next
    /// player then has no move but the other does, the pass is played and recorded.
    ///
    /// # Errors
    /// A [`PlayError`] when the move is illegal or the game is over; the game is then
    /// unchanged.
    pub fn play(&mut self, square: Square) -> Result<Bitboard, PlayError> {
        let flipped = self.play_inner(square)?;
        self.redo.clear();
        Ok(flipped)
    }

    fn play_inner(&mut self, square: Square) -> Result<Bitboard, PlayError> {
        let state = *self.state();
        if state.over {
            return Err(PlayError::GameOver);
        }
        let color = state.position.to_move;
        let board = state.position.board();
        if !board.empty().contains(square) {
            return Err(PlayError::Occupied(square, color));
        }
        let flipped = board.flips(square);
        if flipped.is_empty() {
            return Err(PlayError::NoOutflank(square, color));
        }
        let mut supply = state.supply;
        let (me, other) = (color.index(), color.other().index());
        let handed_disc = supply[me] == 0;
        if handed_disc {
            supply[other] = supply[other].saturating_sub(1);
        } else {
            supply[me] -= 1;
        }
        let position = Position::from_board(board.play_unchecked(square, flipped), color.other());
        self.history.push(Turn { player: color, square: Some(square), flipped, handed_disc });
        self.states.push(State { position, supply, over: false });
        self.settle();
        Ok(flipped)
    }

    /// Applies a forced pass, or marks the game over, for the newest state.
    fn settle(&mut self) {
        let state = *self.state();
        let board = state.position.board();
        if board.can_move() {
            return;
        }
        if board.pass().can_move() {
            let player = state.position.to_move;
            self.history.push(Turn { player, square: None, flipped: Bitboard::EMPTY, handed_disc: false });
            let position = Position::from_board(board.pass(), player.other());
            self.states.push(State { position, ..state });
        } else {
            self.states.last_mut().expect("a game always has a state").over = true;
        }
    }

    /// Takes back the last move (and the pass it forced, if any). Returns whether
    /// there was a move to take back; forced passes at the start cannot be undone.
    pub fn undo(&mut self) -> bool {
        take_back(&mut self.history, &mut self.states, &mut self.redo, |t| t.square)
    }

    /// Plays again the last move taken back. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(square) => {
                self.play_inner(square).expect("a redone move was legal when it was played");
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
}
