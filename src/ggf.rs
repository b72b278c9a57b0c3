//! Reading the game records of the Generic Game Server (GGF), as NBoard sends them:
//! `(;GM[Othello]PB[..]PW[..]BO[8 <64 cells> <side>]B[F5]W[D6//1.5]...;)`.
//!
//! The board in `BO` uses `*` for black, `O` for white and `-` for empty, with the side
//! to move after it. Moves are `B[..]` and `W[..]`: a square, or `PA` for a pass,
//! optionally followed by `/eval/time`.

use std::fmt;

use crate::bitboard::Square;
use crate::game::Game;
use crate::notation::{Color, Position};

/// What is wrong with a GGF record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfError {
    /// The text is not `(; ... ;)` with `KEY[value]` properties.
    Syntax(String),
    /// The record is for another game or board size.
    Unsupported(String),
    /// The `BO` board is malformed.
    Board(String),
    /// A move is malformed or illegal.
    Move {
        /// Move number from 1.
        number: usize,
        /// The text of the move.
        text: String,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::Syntax(s) => write!(f, "GGF: {s}"),
            GgfError::Unsupported(s) => write!(f, "GGF: unsupported {s}"),
            GgfError::Board(s) => write!(f, "GGF board: {s}"),
            GgfError::Move { number, text, reason } => write!(f, "GGF move {number} '{text}': {reason}"),
        }
    }
}

impl std::error::Error for GgfError {}

/// The properties of a record in order, as `(key, value)`.
pub fn properties(text: &str) -> Result<Vec<(String, String)>, GgfError> {
    let body = text.trim();
    let body = body
        .strip_prefix("(;")
        .and_then(|b| b.strip_suffix(";)"))
        .ok_or_else(|| GgfError::Syntax("a record starts with '(;' and ends with ';)'".into()))?;
    let mut out = vec![];
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(out);
        }
        let open = rest.find('[').ok_or_else(|| GgfError::Syntax(format!("expected KEY[value] at '{}'", short(rest))))?;
        let key = rest[..open].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
            return Err(GgfError::Syntax(format!("bad property name '{key}'")));
        }
        let close = rest[open..].find(']').ok_or_else(|| GgfError::Syntax(format!("property {key} is not closed")))? + open;
        out.push((key.to_string(), rest[open + 1..close].to_string()));
        rest = &rest[close + 1..];
    }
}

fn short(s: &str) -> String {
    s.chars().take(12).collect()
}

/// Reads a GGF record of an 8×8 Othello game into a [`Game`] at its last position.
///
/// # Errors
/// A [`GgfError`] saying what is malformed, unsupported or illegal.
pub fn read_game(text: &str) -> Result<Game, GgfError> {
    let props = properties(text)?;
    let mut game: Option<Game> = None;
    let mut number = 0;
    for (key, value) in props {
        match key.as_str() {
            "GM" if !value.eq_ignore_ascii_case("othello") => return Err(GgfError::Unsupported(format!("game '{value}'"))),
            "TY" if value.trim() != "8" => return Err(GgfError::Unsupported(format!("board type '{value}'"))),
            "BO" => {
                let mut parts = value.split_whitespace();
                if parts.next() != Some("8") {
                    return Err(GgfError::Unsupported(format!("board '{value}'")));
                }
                let cells: String = parts.collect::<Vec<_>>().join(" ");
                let pos: Position = cells.parse().map_err(|e| GgfError::Board(format!("{e}")))?;
                game = Some(Game::from_position(pos));
            }
            "B" | "W" => {
                number += 1;
                let g = game.as_mut().ok_or_else(|| GgfError::Syntax("a move comes before the board (BO)".into()))?;
                let player = if key == "B" { Color::Black } else { Color::White };
                let mv = value.split('/').next().unwrap_or("").trim();
                let err = |reason: &str| GgfError::Move { number, text: value.clone(), reason: reason.to_string() };
                if mv.eq_ignore_ascii_case("pa") {
                    // Passes are forced and already applied by the game.
                    let last = g.history().last();
                    if !matches!(last, Some(t) if t.square.is_none() && t.player == player) {
                        return Err(err("a pass while a move is possible"));
                    }
                    continue;
                }
                let sq: Square = mv.parse().map_err(|_| err("not a square"))?;
                if g.to_move() != Some(player) {
                    return Err(err(&format!("it is not {player}'s turn")));
                }
                g.play(sq).map_err(|e| err(&e.to_string()))?;
            }
            _ => {}
        }
    }
    game.ok_or_else(|| GgfError::Syntax("the record has no board (BO)".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NBOARD: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn reads_an_nboard_game() {
        let g = read_game(NBOARD).unwrap();
        assert_eq!(g.transcript(), "f5f6d3c5e6f7e7f4");
        assert_eq!(g.to_move(), Some(Color::Black));
    }

    #[test]
    fn moves_with_evals_and_errors() {
        let g = read_game("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5/1.5/2.0]W[d6//];)").unwrap();
        assert_eq!(g.transcript(), "f5d6");
        let e = read_game("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[A1];)").unwrap_err();
        assert_eq!(e.to_string(), "GGF move 2 'A1': a1 is illegal for White: it outflanks no disc");
        assert!(matches!(read_game("(;GM[Chess]BO[8 x];)"), Err(GgfError::Unsupported(_))));
        assert!(matches!(read_game("GM[Othello]"), Err(GgfError::Syntax(_))));
        assert!(matches!(read_game("(;GM[Othello]B[F5];)"), Err(GgfError::Syntax(_))));
    }
}
