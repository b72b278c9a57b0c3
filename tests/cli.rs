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

#[test]
fn a_closed_output_ends_the_tool_quietly() {
    // A match driver that stops reading: the tool exits without a panic message.
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .arg("nboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(b"nboard 2\nset depth 2\nping 1\ngo\nping 2\nquit\n");
    drop(input);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn versus_plays_two_nboard_engines_from_the_balanced_openings() {
    let me = env!("CARGO_BIN_EXE_reversi");
    let a = format!("{me} nboard --depth 2 --exact 4");
    let b = format!("{me} nboard --depth 1 --exact 2");
    let (ok, out) = run(&["versus", "--openings", "2", &a, &b], "");
    assert!(ok, "{out}");
    let summary = out.lines().find(|l| l.starts_with("A against B: 4 games from 2 openings")).expect(&out);
    // Every game is a legal game from its opening to the end (the driver replays it).
    let games: Vec<&str> = out.lines().filter(|l| l.contains(" A as ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for g in games {
        let transcript = g.split_whitespace().nth(5).unwrap();
        assert!(Game::from_transcript(transcript).unwrap().is_over(), "{g}");
    }
    assert!(summary.contains("% of the points"), "{summary}");
    assert!(out.contains("A: time per move mean") && out.contains("nodes per move mean"), "{out}");
}

#[test]
fn versus_plays_a_range_of_openings() {
    let me = env!("CARGO_BIN_EXE_reversi");
    let a = format!("{me} nboard --depth 1 --exact 2");
    let (ok, out) = run(&["versus", "--openings", "3-3", &a, &a], "");
    assert!(ok, "{out}");
    assert!(out.contains("A against B: 2 games from 1 openings"), "{out}");
    let third = reversi::openings::balanced()[2].0;
    let games: Vec<&str> = out.lines().filter(|l| l.contains(" A as ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for g in games {
        assert!(g.trim_start().starts_with("3 A as"), "{g}");
        assert!(g.split_whitespace().nth(5).unwrap().starts_with(third), "{g}");
    }
    let (ok, out) = run(&["versus", "--openings", "5-2", &a, &a], "");
    assert!(!ok && out.contains("--openings takes"), "{out}");
}

#[test]
fn a_level_and_an_anchor_play_over_nboard_as_in_a_match() {
    // The anchors speak NBoard too, so `versus` measures any row of the ladder; and
    // a level over NBoard plays as `match` plays it (the same game from the same seed
    // is not promised: the seeds differ; the rules of its choice are the same).
    let me = env!("CARGO_BIN_EXE_reversi");
    let a = format!("{me} nboard --level 1");
    let b = format!("{me} nboard --level flips");
    let (ok, out) = run(&["versus", "--openings", "2", &a, &b], "");
    assert!(ok, "{out}");
    assert!(out.contains("A against B: 4 games from 2 openings"), "{out}");
    let (ok, out) = run(&["match", "1", "random", "3"], "");
    assert!(ok && out.contains("1 vs random: 6 games"), "{out}");
    let (ok, out) = run(&["match", "1", "nobody"], "");
    assert!(!ok && out.contains("is not a player"), "{out}");
}

#[test]
fn solve_checks_each_way_of_searching_against_the_file() {
    // FFO #1-#3 (exact scores in the file), by the solver, the one-thread search of a
    // page's lone worker, and a pool of two threads, sharing a table or each with its
    // own: each line "ok", none a mismatch.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/fforum-1-19.obf");
    for extra in [&[][..], &["--search"][..], &["--threads", "2"][..], &["--threads", "2", "--own-tables"][..]] {
        let args: Vec<&str> = ["solve"].iter().copied().chain(extra.iter().copied()).chain([file, "1", "3"]).collect();
        let (ok, out) = run(&args, "");
        assert!(ok, "{args:?}: {out}");
        assert_eq!(out.lines().filter(|l| l.trim_end().ends_with(" ok")).count(), 3, "{args:?}: {out}");
        assert!(out.contains("0 mismatches"), "{args:?}: {out}");
    }
    let (_, out) = run(&["solve", "--search", file, "1", "1"], "");
    assert!(out.contains("the one-thread search"), "{out}");
    // Two searches asked for at once: a clear error, nothing solved.
    let (ok, out) = run(&["solve", "--threads", "2", "--search", file, "1", "1"], "");
    assert!(!ok && out.contains("not both") && !out.contains(" ok"), "{out}");
    let (ok, out) = run(&["solve", "--own-tables", file, "1", "1"], "");
    assert!(!ok && out.contains("give --threads too") && !out.contains(" ok"), "{out}");
}

#[test]
fn solve_orders_moves_by_the_weight_file_given() {
    // The built-in weights given as a file search the very same tree (the same node
    // count); the hand-tuned evaluation searches another; a file that is not weights
    // is a clear error before anything is solved.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/fforum-1-19.obf");
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/data/eval.weights");
    let nodes = |out: &str| out.lines().find(|l| l.starts_with("total")).map(str::to_string).expect(out);
    let (ok, built_in) = run(&["solve", "--threads", "1", file, "4", "5"], "");
    assert!(ok && built_in.contains("0 mismatches"), "{built_in}");
    let (ok, given) = run(&["solve", "--threads", "1", "--eval", weights, file, "4", "5"], "");
    assert!(ok && given.contains("0 mismatches"), "{given}");
    let count = |t: &str| t.split(',').nth(1).map(str::trim).map(str::to_string);
    assert_eq!(count(&nodes(&built_in)), count(&nodes(&given)));
    let (ok, hand) = run(&["solve", "--threads", "1", "--eval", "hand", file, "4", "5"], "");
    assert!(ok && hand.contains("0 mismatches") && count(&nodes(&hand)) != count(&nodes(&built_in)), "{hand}");
    let (ok, out) = run(&["solve", "--eval", file, file, "1", "1"], "");
    assert!(!ok && out.contains("--eval") && out.contains("not a weight file") && !out.contains(" ok"), "{out}");
}
