//! Reading the game records of the Generic Game Server (GGF), as NBoard sends them:
//! `(;GM[Othello]PB[..]PW[..]BO[8 <64 cells> <side>]B[F5]W[D6//1.5]...;)`.
//!
//! The board in `BO` uses `*` for black, `O` for white and `-` for empty, with the side
//! to move after it. Moves are `B[..]` and `W[..]`: a square, or `PA` for a pass,
//! optionally followed by `/eval/time`.

use std::fmt;

use crate::game::{Game, Rules};
use crate::shape::Bits;
use crate::notation::{Color, Position};
use crate::variant::{Start, Variant, VariantGame};

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
    replay(&properties(text)?, 8, |cells| {
        let pos: Position = cells.parse().map_err(|e| GgfError::Board(format!("{e}")))?;
        Ok(Game::from_position(pos))
    })
}

/// Replays the properties of a GGF record of Othello on a `size`×`size` board: the
/// start read by `start` from the `BO` value after its size, then every move.
fn replay<S: Rules>(
    props: &[(String, String)],
    size: u8,
    start: impl Fn(&str) -> Result<crate::game::Game<S>, GgfError>,
) -> Result<crate::game::Game<S>, GgfError> {
    let mut game = None;
    let mut number = 0;
    for (key, value) in props {
        match key.as_str() {
            "GM" if !value.eq_ignore_ascii_case("othello") => return Err(GgfError::Unsupported(format!("game '{value}'"))),
            "TY" if value.trim() != size.to_string() => return Err(GgfError::Unsupported(format!("board type '{value}'"))),
            "BO" => {
                let cells = value.trim_start().strip_prefix(&size.to_string()).filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
                let cells = cells.ok_or_else(|| GgfError::Unsupported(format!("board '{value}'")))?;
                game = Some(start(cells.trim())?);
            }
            "B" | "W" => {
                number += 1;
                let g = game.as_mut().ok_or_else(|| GgfError::Syntax("a move comes before the board (BO)".into()))?;
                play_move(g, key, value, number)?;
            }
            _ => {}
        }
    }
    game.ok_or_else(|| GgfError::Syntax("the record has no board (BO)".into()))
}

/// Plays the `number`-th move property `key[value]` (`B` or `W`), checked against whose
/// turn it is. A pass is checked only: the game has made it already, being forced.
fn play_move<S: Rules>(g: &mut crate::game::Game<S>, key: &str, value: &str, number: usize) -> Result<(), GgfError> {
    let player = if key == "B" { Color::Black } else { Color::White };
    let mv = value.split('/').next().unwrap_or("").trim();
    let err = |reason: String| GgfError::Move { number, text: value.to_string(), reason };
    if mv.eq_ignore_ascii_case("pa") {
        let passed = g.history().last().is_some_and(|t| t.square.is_none() && t.player == player);
        return if passed { Ok(()) } else { Err(err("a pass while a move is possible".into())) };
    }
    if g.to_move() != Some(player) {
        return Err(err(format!("it is not {player}'s turn")));
    }
    let cell = g.shape().parse_cell(mv).filter(|&c| g.shape().on_board(c)).ok_or_else(|| err("not a square".into()))?;
    g.play(cell).map(|_| ()).map_err(|e| err(e.to_string()))
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
    write_any(game, 8, info)
}

/// The GGF record of a game on a `size`×`size` board: its start, every move and pass,
/// the result.
fn write_any<S: Rules>(game: &crate::game::Game<S>, size: u8, info: &GgfInfo) -> String {
    let start = game.start_state();
    let at = |x: u8| match () {
        _ if start.black.has(x) => Some(Color::Black),
        _ if start.white.has(x) => Some(Color::White),
        _ => None,
    };
    let board: String = (0..size * size).map(|x| disc_char(at(x))).collect();
    let moves = game.history().iter().map(|t| (t.player, t.square.map(|c| game.shape().cell_name(c))));
    write_record(size, &board, start.to_move, game.result(), moves, info)
}

/// A board cell as GGF writes it.
fn disc_char(c: Option<Color>) -> char {
    match c {
        Some(Color::Black) => '*',
        Some(Color::White) => 'O',
        None => '-',
    }
}

/// The GGF record of a game on a square board of `size`: its start (`board`, cells row
/// by row, and the side to move), result and moves (cell names, `None` for a pass).
fn write_record(
    size: u8,
    board: &str,
    to_move: Color,
    result: Option<crate::GameResult>,
    moves: impl Iterator<Item = (Color, Option<String>)>,
    info: &GgfInfo,
) -> String {
    let side = disc_char(Some(to_move));
    let result = match result {
        Some(r) => {
            let (b, w) = r.official();
            let d = b as i32 - w as i32;
            if d > 0 { format!("+{d}") } else { d.to_string() }
        }
        None => "?".to_string(),
    };
    let mut out = format!(
        "(;GM[Othello]PC[Reversi]DT[{}]PB[{}]PW[{}]RE[{result}]TI[0:00//0:00]TY[{size}]BO[{size} {board} {side}]",
        clean(&info.date),
        clean(&info.black),
        clean(&info.white)
    );
    for (player, mv) in moves {
        let key = if player == Color::Black { 'B' } else { 'W' };
        out.push_str(&format!("{key}[{}]", mv.map_or("PA".to_string(), |m| m.to_uppercase())));
    }
    out.push_str(";)");
    out
}

/// The GGF record of a variant's game. GGF describes Othello on square boards (its board
/// type is the size, its start any board): Eight-Star Othello and classic Reversi (whose
/// supplies decide moves) have none.
///
/// # Errors
/// [`GgfError::Unsupported`] for those two.
pub fn write_variant(game: &VariantGame, info: &GgfInfo) -> Result<String, GgfError> {
    let variant = game.variant();
    if !describes(variant) {
        return Err(GgfError::Unsupported(format!("board: GGF has no record of {variant}")));
    }
    Ok(write_any(game, game.geometry().size, info))
}

/// Whether GGF describes games of `variant`: Othello on a square board.
pub fn describes(variant: Variant) -> bool {
    matches!(variant, Variant::Square { .. })
}

/// Reads a GGF record of Othello on a square board other than 8×8 as a game of that
/// variant (the parallel start when the record starts from it, else the crossed one);
/// `None` for an 8×8 record, which [`read_game`] reads.
pub fn read_variant(text: &str) -> Option<Result<VariantGame, GgfError>> {
    let props = properties(text).ok()?;
    let size: u8 = props.iter().find(|(k, _)| k == "BO")?.1.split_whitespace().next()?.parse().ok()?;
    if size == 8 {
        return None;
    }
    Some(read_variant_props(size, &props))
}

fn read_variant_props(size: u8, props: &[(String, String)]) -> Result<VariantGame, GgfError> {
    let crossed = Variant::Square { size, start: Start::Crossed };
    if Variant::from_id(&crossed.id()).is_err() {
        return Err(GgfError::Unsupported(format!("board size {size}: the boards here are 4, 6, 8 and 10 squares a side")));
    }
    replay(props, size, |value| {
        let parts: Vec<&str> = value.split_whitespace().collect();
        let cells: Vec<char> = parts.iter().take(parts.len().saturating_sub(1)).flat_map(|p| p.chars()).collect();
        let n = size as usize * size as usize;
        if cells.len() != n {
            return Err(GgfError::Board(format!("{} cells, expected {n}", cells.len())));
        }
        let (mut black, mut white) = (0u128, 0u128);
        for (i, c) in cells.iter().enumerate() {
            match c {
                '*' | 'X' | 'x' => black |= 1 << i,
                'O' | 'o' => white |= 1 << i,
                '-' | '.' => {}
                _ => return Err(GgfError::Board(format!("cell {} is '{c}'", i + 1))),
            }
        }
        let to_move = match parts.last() {
            Some(&"*") | Some(&"X") => Color::Black,
            Some(&"O") => Color::White,
            _ => return Err(GgfError::Board("the side to move (* or O) is missing".into())),
        };
        let parallel = Variant::Square { size, start: Start::Parallel };
        let variant = if (black, white) == parallel.start_discs() { parallel } else { crossed };
        Ok(VariantGame::from_discs(variant, black, white, to_move))
    })
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
    use crate::bitboard::Square;
    use crate::notation::Position;

    const NBOARD: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn variants_on_square_boards_write_and_read_back_and_the_others_are_refused() {
        let mut x = 0x9e37_79b9u64;
        for id in ["4x4", "4x4-parallel", "6x6", "6x6-parallel", "10x10", "10x10-parallel"] {
            let variant = Variant::from_id(id).unwrap();
            for _ in 0..20 {
                let mut g = VariantGame::of(variant);
                while !g.is_over() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let m = g.legal_moves();
                    g.play(m[(x % m.len() as u64) as usize]).unwrap();
                }
                let text = write_variant(&g, &GgfInfo::default()).unwrap();
                let size = variant.size();
                assert!(text.contains(&format!("TY[{size}]BO[{size} ")), "{text}");
                let back = read_variant(&text).expect("not 8×8").unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!((back.variant(), back.transcript()), (variant, g.transcript()), "{text}");
                assert_eq!(back.state(), g.state());
            }
        }
        for id in ["eight-star", "classic"] {
            let g = VariantGame::of(Variant::from_id(id).unwrap());
            assert!(matches!(write_variant(&g, &GgfInfo::default()), Err(GgfError::Unsupported(_))), "{id}");
        }
        // An 8×8 record is the tournament game's; a 12×12 one is no board here.
        assert!(read_variant(NBOARD).is_none());
        let twelve = format!("(;GM[Othello]TY[12]BO[12 {} *];)", "-".repeat(144));
        assert!(matches!(read_variant(&twelve), Some(Err(GgfError::Unsupported(_)))));
    }

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
