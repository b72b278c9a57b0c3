//! Reading any supported record: the format is recognised from the text itself.
//!
//! - a GGF game record starts with `(;`;
//! - a board string is 64 cells of `X x * O o - .` and the side to move (white space
//!   and an `.obf` tail allowed);
//! - anything else is read as a transcript.

use std::fmt;

use crate::game::{Game, TranscriptError};
use crate::ggf::{self, GgfError};
use crate::notation::BoardError;

/// Why a text could not be read, by the format it was recognised as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// It looked like a transcript.
    Transcript(TranscriptError),
    /// It looked like a board string.
    Board(BoardError),
    /// It looked like a GGF record.
    Ggf(GgfError),
    /// It looked like nothing known.
    Unknown,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Transcript(e) => write!(f, "{e}"),
            RecordError::Board(e) => write!(f, "{e}"),
            RecordError::Ggf(e) => write!(f, "{e}"),
            RecordError::Unknown => f.write_str(
                "expected a transcript (moves such as f5d6c3), a board string (64 cells of X, O and - and the side to move) or a GGF record starting with (;",
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// The format a text looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Moves from the start.
    Transcript,
    /// A position.
    Board,
    /// A game record of the Generic Game Server.
    Ggf,
}

/// Recognises the format of `text`.
pub fn detect(text: &str) -> Format {
    let t = text.trim_start();
    if t.starts_with("(;") {
        return Format::Ggf;
    }
    let body = t.split(';').next().unwrap_or("");
    let cells = body.chars().filter(|c| !c.is_whitespace()).count();
    let board_like = body.chars().filter(|c| !c.is_whitespace()).all(|c| "XxOo*-.".contains(c));
    if cells >= 32 && board_like {
        Format::Board
    } else {
        Format::Transcript
    }
}

/// Reads a transcript, a board string or a GGF record into a game.
///
/// # Errors
/// The error of the format the text was recognised as, or [`RecordError::Unknown`] when
/// it does not even begin like a transcript.
pub fn read(text: &str) -> Result<Game, RecordError> {
    match detect(text) {
        Format::Ggf => ggf::read_game(text).map_err(RecordError::Ggf),
        Format::Board => Game::from_board_str(text).map_err(RecordError::Board),
        Format::Transcript => Game::from_transcript(text).map_err(|e| match e {
            TranscriptError::NotASquare { number: 1, .. } => RecordError::Unknown,
            e => RecordError::Transcript(e),
        }),
    }
}

/// The first game of a list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// Its number, from 1.
    pub number: usize,
    /// How many games the list holds.
    pub of: usize,
    /// What is wrong with it.
    pub error: RecordError,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.of > 1 {
            write!(f, "game {} of {}: {}", self.number, self.of, self.error)
        } else {
            write!(f, "{}", self.error)
        }
    }
}

impl std::error::Error for ListError {}

/// Reads a list of games pasted at once: several GGF records, or one transcript or
/// board string per line. All or nothing.
///
/// # Errors
/// The first game that cannot be read, with its number.
pub fn read_many(text: &str) -> Result<Vec<Game>, ListError> {
    let pieces: Vec<&str> = if text.contains("(;") {
        ggf::split_records(text)
    } else {
        text.lines().filter(|l| !l.trim().is_empty()).collect()
    };
    if pieces.len() <= 1 {
        return read(text).map(|g| vec![g]).map_err(|error| ListError { number: 1, of: 1, error });
    }
    let of = pieces.len();
    let games: Result<Vec<Game>, ListError> =
        pieces.iter().enumerate().map(|(i, p)| read(p).map_err(|error| ListError { number: i + 1, of, error })).collect();
    // A transcript broken over lines is one game, not several.
    games.or_else(|e| read(text).map(|g| vec![g]).map_err(|_| e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Position;

    #[test]
    fn each_format_is_recognised_and_read() {
        assert_eq!(read("F5 d6 c3").unwrap().transcript(), "f5d6c3");
        let board = Position::START.to_string();
        assert_eq!(read(&board).unwrap().position(), Position::START);
        assert_eq!(read(&format!("{board}; F5:+0")).unwrap().position(), Position::START);
        let ggf = "(;GM[Othello]PB[a]PW[b]RE[?]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)";
        assert_eq!(read(ggf).unwrap().transcript(), "f5d6");
        assert_eq!(read("").unwrap().transcript(), "");
    }

    #[test]
    fn a_list_of_games_is_read_all_or_nothing() {
        let list = read_many("f5d6\n\nf5f6e6\n").unwrap();
        assert_eq!(list.iter().map(|g| g.transcript()).collect::<Vec<_>>(), ["f5d6", "f5f6e6"]);
        let ggf = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)";
        assert_eq!(read_many(&format!("{ggf}\n{ggf}")).unwrap().len(), 2);
        let e = read_many("f5d6\nf5f5\n").unwrap_err();
        assert_eq!(e.to_string(), "game 2 of 2: move 2 'f5' is illegal for White");
        assert_eq!(read_many("").unwrap().len(), 1);
        assert_eq!(read_many("f5 h9").unwrap_err().to_string(), "move 2 'h9' is not a square");
        // One transcript over two lines.
        let g = read_many("f5d6\nc3d3").unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].transcript(), "f5d6c3d3");
    }

    #[test]
    fn errors_come_from_the_recognised_format() {
        assert_eq!(read("f5 f5").unwrap_err().to_string(), "move 2 'f5' is illegal for White");
        assert_eq!(read(&"-".repeat(63)).unwrap_err().to_string(), "board has 63 cells, expected 64");
        assert!(matches!(read("(;GM[Chess];)"), Err(RecordError::Ggf(_))));
        let e = read("hello world").unwrap_err();
        assert_eq!(e, RecordError::Unknown);
        assert!(e.to_string().starts_with("expected a transcript"));
    }
}
