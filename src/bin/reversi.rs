//! The `reversi` command-line tool: perft, printing positions, and (with the AI) moves,
//! endgame solving and the NBoard protocol.

use std::process::ExitCode;
use std::time::Instant;

use reversi::{perft::perft, Board, Game, Position, Square};

const USAGE: &str = "usage:
  reversi perft N                 count the leaves N plies from the start (passes are plies)
  reversi show TRANSCRIPT|BOARD   print the position after a transcript, or a board string";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("show") => cmd_show(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::FAILURE
        }
    }
}

fn cmd_perft(args: &[String]) -> Result<(), String> {
    let depth: u32 = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|&d| d <= 20)
        .ok_or("perft needs a depth from 0 to 20")?;
    let start = Instant::now();
    let leaves = perft(Board::START, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("perft({depth}) = {leaves}");
    println!("time {secs:.3} s, {:.1} million leaves per second", leaves as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}

/// Reads a transcript or, failing that, a board string.
fn read_game(text: &str) -> Result<Game, String> {
    match Game::from_transcript(text) {
        Ok(g) => Ok(g),
        Err(te) => Game::from_board_str(text)
            .map_err(|be| format!("not a transcript ({te}) nor a board string ({be})")),
    }
}

fn cmd_show(args: &[String]) -> Result<(), String> {
    let game = read_game(&args.join(" "))?;
    print!("{}", render(&game));
    Ok(())
}

/// A text diagram of the position with legal moves marked `*`.
fn render(game: &Game) -> String {
    let pos: Position = game.position();
    let legal = game.legal_moves();
    let mut out = String::from("  a b c d e f g h\n");
    for row in 0..8u8 {
        out.push_str(&format!("{}", row + 1));
        for col in 0..8u8 {
            let sq = Square::from_coords(col, row).expect("in range");
            let c = match pos.at(sq) {
                Some(c) => c.letter(),
                None if legal.contains(sq) => '*',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    let (b, w, e) = game.counts();
    out.push_str(&format!("Black {b}, White {w}, empty {e}; "));
    match (game.to_move(), game.result()) {
        (Some(c), _) => out.push_str(&format!("{c} to move\n")),
        (None, Some(r)) => {
            let (ob, ow) = r.official();
            match r.winner {
                Some(c) => out.push_str(&format!("game over, {c} wins {ob}-{ow}\n")),
                None => out.push_str(&format!("game over, draw {ob}-{ow}\n")),
            }
        }
        (None, None) => unreachable!("a game with no side to move is over"),
    }
    out.push_str(&format!("{}\n", pos));
    out
}
