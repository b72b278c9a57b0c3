//! Machine-readable errors: every error of the rules and records carries, besides its
//! English message, a stable code and named values, so that a user interface can say
//! the same thing in its own language.
//!
//! ```
//! use reversi::errors::{Coded, Value};
//! use reversi::Game;
//! let err = Game::from_transcript("f5f5").unwrap_err();
//! assert_eq!(err.to_string(), "move 2 'f5' is illegal for White");
//! assert_eq!(err.code(), "illegal-move");
//! assert_eq!(err.params()[0], ("number", Value::Number(2)));
//! ```

use crate::game::{PlayError, SetupError, TranscriptError};
use crate::ggf::GgfError;
use crate::notation::{BoardError, Color};
use crate::records::{ListError, RecordError};
use crate::search::patterns::WeightsError;
use crate::variant::{UnknownVariant, VariantError};

/// A value named in an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A count or a move number.
    Number(usize),
    /// A square's name, a token from the input, a variant's name or a detail.
    Text(String),
    /// A player: `"black"` or `"white"` when written out.
    Player(Color),
}

/// An error with a stable code and its values (see the [module docs](self)).
pub trait Coded: std::fmt::Display {
    /// A short, stable, kebab-case name of what went wrong.
    fn code(&self) -> &'static str;
    /// The values the message is made of, by name.
    fn params(&self) -> Vec<(&'static str, Value)> {
        vec![]
    }
}

fn text(s: impl ToString) -> Value {
    Value::Text(s.to_string())
}

impl Coded for PlayError {
    fn code(&self) -> &'static str {
        match self {
            PlayError::GameOver => "game-over",
            PlayError::OffBoard(_) => "off-board",
            PlayError::Occupied(..) => "occupied",
            PlayError::NoOutflank(..) => "no-outflank",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            PlayError::GameOver => vec![],
            PlayError::OffBoard(sq) => vec![("square", text(sq))],
            PlayError::Occupied(sq, c) | PlayError::NoOutflank(sq, c) => vec![("square", text(sq)), ("player", Value::Player(*c))],
        }
    }
}

impl Coded for TranscriptError {
    fn code(&self) -> &'static str {
        match self {
            TranscriptError::NotASquare { .. } => "not-a-square",
            TranscriptError::Illegal { .. } => "illegal-move",
            TranscriptError::AfterEnd { .. } => "after-end",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            TranscriptError::NotASquare { number, token } => vec![("number", Value::Number(*number)), ("token", text(token))],
            TranscriptError::Illegal { number, square, player } => {
                vec![("number", Value::Number(*number)), ("square", text(square)), ("player", Value::Player(*player))]
            }
            TranscriptError::AfterEnd { number, square } => vec![("number", Value::Number(*number)), ("square", text(square))],
        }
    }
}

impl Coded for SetupError {
    fn code(&self) -> &'static str {
        "empty-centre"
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        let SetupError::EmptyCentre(sq) = self;
        vec![("square", text(sq))]
    }
}

impl Coded for BoardError {
    fn code(&self) -> &'static str {
        match self {
            BoardError::CellCount(_) => "cell-count",
            BoardError::BadCell { .. } => "bad-cell",
            BoardError::MissingSide => "missing-side",
            BoardError::BadSide(_) => "bad-side",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            BoardError::CellCount(n) => vec![("count", Value::Number(*n))],
            BoardError::BadCell { number, found } => vec![("number", Value::Number(*number)), ("found", text(found))],
            BoardError::MissingSide => vec![],
            BoardError::BadSide(c) => vec![("found", text(c))],
        }
    }
}

impl Coded for GgfError {
    fn code(&self) -> &'static str {
        match self {
            GgfError::Syntax(_) => "ggf-syntax",
            GgfError::Unsupported(_) => "ggf-unsupported",
            GgfError::Board(_) => "ggf-board",
            GgfError::Move { .. } => "ggf-move",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            GgfError::Syntax(d) | GgfError::Unsupported(d) | GgfError::Board(d) => vec![("detail", text(d))],
            GgfError::Move { number, text: t, reason } => vec![("number", Value::Number(*number)), ("token", text(t)), ("detail", text(reason))],
        }
    }
}

impl Coded for RecordError {
    fn code(&self) -> &'static str {
        match self {
            RecordError::Transcript(e) => e.code(),
            RecordError::Board(e) => e.code(),
            RecordError::Ggf(e) => e.code(),
            RecordError::Unknown => "unknown-format",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            RecordError::Transcript(e) => e.params(),
            RecordError::Board(e) => e.params(),
            RecordError::Ggf(e) => e.params(),
            RecordError::Unknown => vec![],
        }
    }
}

impl Coded for ListError {
    /// The code of what is wrong with the game; `game` and `of` say which game of a
    /// list it was (when the list held more than one).
    fn code(&self) -> &'static str {
        self.error.code()
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        let mut p = self.error.params();
        if self.of > 1 {
            p.push(("game", Value::Number(self.number)));
            p.push(("of", Value::Number(self.of)));
        }
        p
    }
}

impl Coded for UnknownVariant {
    fn code(&self) -> &'static str {
        "unknown-variant"
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        vec![("name", text(&self.0))]
    }
}

impl Coded for VariantError {
    fn code(&self) -> &'static str {
        match self {
            VariantError::Unknown(_) => "unknown-variant",
            VariantError::NoTag => "no-variant-tag",
            VariantError::OtherVariant { .. } => "other-variant",
            VariantError::Transcript(e) => e.code(),
            VariantError::Board(_) => "variant-board",
        }
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        match self {
            VariantError::Unknown(e) => e.params(),
            VariantError::NoTag => vec![],
            VariantError::OtherVariant { record, game } => vec![("record", text(record.id())), ("game", text(game.id()))],
            VariantError::Transcript(e) => e.params(),
            VariantError::Board(d) => vec![("detail", text(d))],
        }
    }
}

impl Coded for WeightsError {
    fn code(&self) -> &'static str {
        "bad-weights"
    }
    fn params(&self) -> Vec<(&'static str, Value)> {
        vec![("detail", text(self))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn codes_and_values_follow_the_error() {
        let e = Game::from_transcript("f5d6z9").unwrap_err();
        assert_eq!((e.code(), e.params()), ("not-a-square", vec![("number", Value::Number(3)), ("token", text("z9"))]));
        let e = crate::records::read("f5 f5").unwrap_err();
        assert_eq!(e.code(), "illegal-move");
        assert!(e.params().contains(&("player", Value::Player(Color::White))));
        let e = Game::from_board_str("XO").unwrap_err();
        assert_eq!((e.code(), e.params()), ("cell-count", vec![("count", Value::Number(2))]));
        let e = crate::records::read_many("f5\nf5f5").unwrap_err();
        assert_eq!(e.code(), "illegal-move");
        assert!(e.params().ends_with(&[("game", Value::Number(2)), ("of", Value::Number(2))]));
        let mut g = Game::new();
        let e = g.play("a1".parse().unwrap()).unwrap_err();
        assert_eq!((e.code(), e.params()), ("no-outflank", vec![("square", text("a1")), ("player", Value::Player(Color::Black))]));
    }
}
