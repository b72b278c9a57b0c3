//! The command-line tool, run as a process.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use reversi::{Game, Square};

fn run(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

#[test]
fn nboard_session_answers_ping_and_go_with_a_legal_move() {
    let session = "nboard 2\nset depth 4\nset game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)\nping 1\ngo\nhint 3\nmove F8\nping 2\nquit\n";
    let (ok, out) = run(&["nboard"], session);
    assert!(ok, "{out}");
    assert!(out.contains("set myname Reversi4"), "{out}");
    assert!(out.contains("pong 1") && out.contains("pong 2"), "{out}");
    let played = out.lines().find_map(|l| l.strip_prefix("=== ")).expect("a move");
    let mv: Square = played.split('/').next().unwrap().to_lowercase().parse().unwrap();
    let game = Game::from_transcript("f5f6d3c5e6f7e7f4").unwrap();
    assert!(game.legal_moves().contains(mv), "{mv} is legal");
    assert_eq!(out.lines().filter(|l| l.starts_with("search ")).count(), 3, "{out}");
}

#[test]
fn show_and_move_and_errors() {
    let (ok, out) = run(&["show", "f5d6"], "");
    assert!(ok);
    assert!(out.contains("Black to move"), "{out}");
    let (ok, out) = run(&["show", "f5d6h9"], "");
    assert!(!ok);
    assert!(out.contains("move 3 'h9' is not a square"), "{out}");
    let (ok, out) = run(&["move", "--level", "3", "f5d6c3"], "");
    assert!(ok, "{out}");
    let (ok, out) = run(&["move", "--level", "99", "f5"], "");
    assert!(!ok && out.contains("--level takes a number"), "{out}");
    let (ok, out) = run(&["perft", "5"], "");
    assert!(ok && out.contains("perft(5) = 1396"), "{out}");
}
