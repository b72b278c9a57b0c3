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

/// Names and details written into a GGF record.
#[derive(Clone, Debug, Default)]
pub struct GgfInfo {
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Date and time, free text.
    pub date: String,
}

/// A property value with the characters that would end it replaced.
fn clean(value: &str) -> String {
    value.chars().map(|c| if c == ']' || c == '[' { '_' } else { c }).collect()
}

/// Writes `game` as a GGF record: its start position, every move and pass, and the
/// result (`+n` for Black, `-n` for White, `0`, or `?` while it goes on).
pub fn write_game(game: &Game, info: &GgfInfo) -> String {
    let start = game.rules().start;
    let board: String = Square::all()
        .map(|sq| match start.at(sq) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        })
        .collect();
    let side = if start.to_move == Color::Black { '*' } else { 'O' };
    let result = match game.result() {
        Some(r) => {
            let (b, w) = r.official();
            let d = b as i32 - w as i32;
            if d > 0 { format!("+{d}") } else { d.to_string() }
        }
        None => "?".to_string(),
    };
    let mut out = format!(
        "(;GM[Othello]PC[Reversi]DT[{}]PB[{}]PW[{}]RE[{result}]TI[0:00//0:00]TY[8]BO[8 {board} {side}]",
        clean(&info.date),
        clean(&info.black),
        clean(&info.white)
    );
    for t in game.history() {
        let key = if t.player == Color::Black { 'B' } else { 'W' };
        let mv = t.square.map_or("PA".to_string(), |s| s.to_string().to_uppercase());
        out.push_str(&format!("{key}[{mv}]"));
    }
    out.push_str(";)");
    out
}

/// Splits a text holding several GGF records into them.
pub fn split_records(text: &str) -> Vec<&str> {
    let mut out = vec![];
    let mut rest = text;
    while let Some(start) = rest.find("(;") {
        let Some(end) = rest[start..].find(";)") else { break };
        out.push(&rest[start..start + end + 2]);
        rest = &rest[start + end + 2..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Position;

    const NBOARD: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn reads_an_nboard_game() {
        let g = read_game(NBOARD).unwrap();
        assert_eq!(g.transcript(), "f5f6d3c5e6f7e7f4");
        assert_eq!(g.to_move(), Some(Color::Black));
    }

    #[test]
    fn reads_a_server_record_with_unusual_fields() {
        let rec = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Zebra]RB[2197.72]RW[2223.41]\
                   TI[05:00//02:00]TY[8]RE[+18.000]C[a comment: with (; inside]BO[8 ---------------------------O*------*O--------------------------- *]\
                   B[f5//0.01]W[d6/-1.50/1.22]B[c3]W[d3//]B[c4];)";
        let g = read_game(rec).unwrap();
        assert_eq!(g.transcript(), "f5d6c3d3c4");
    }

    #[test]
    fn writes_what_it_reads_for_random_games_with_passes() {
        let mut x = 0x1234_5678u64;
        let mut passes = 0;
        for n in 0..300 {
            let mut g = Game::new();
            while !g.is_over() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m: Vec<Square> = g.legal_moves().collect();
                g.play(m[(x % m.len() as u64) as usize]).unwrap();
            }
            passes += g.history().iter().filter(|t| t.square.is_none()).count();
            let info = GgfInfo { black: "B]lack".into(), white: "White".into(), date: format!("game {n}") };
            let text = write_game(&g, &info);
            assert!(text.contains("PB[B_lack]"));
            let back = read_game(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(back.transcript(), g.transcript());
            assert_eq!(back.position(), g.position());
            let r = g.result().unwrap();
            let (b, w) = r.official();
            let d = b as i32 - w as i32;
            let re = if d > 0 { format!("RE[+{d}]") } else { format!("RE[{d}]") };
            assert!(text.contains(&re), "{re} in {text}");
        }
        assert!(passes > 10, "games with passes were written and read: {passes}");
        // From another position, and unfinished.
        let pos: Position = "XO------".chars().chain("-".repeat(48).chars()).chain("------OX".chars()).collect::<String>().add_side('X');
        let g = Game::from_position(pos);
        let back = read_game(&write_game(&g, &GgfInfo::default())).unwrap();
        assert_eq!(back.position(), g.position());
        assert!(write_game(&g, &GgfInfo::default()).contains("RE[?]"));
    }

    trait AddSide {
        fn add_side(self, side: char) -> Position;
    }
    impl AddSide for String {
        fn add_side(self, side: char) -> Position {
            format!("{self} {side}").parse().unwrap()
        }
    }

    #[test]
    fn splits_a_list_of_records() {
        let one = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)";
        let text = format!("{one}\n\n{one}junk{one}");
        assert_eq!(split_records(&text).len(), 3);
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
