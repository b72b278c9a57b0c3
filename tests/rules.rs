//! The examples of the rule sheets, as tests.
#![cfg(not(target_arch = "wasm32"))]

use reversi::{Bitboard, Color, Game, PlayError, Position, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn names(b: Bitboard) -> Vec<String> {
    b.map(|s| s.to_string()).collect()
}

fn set(list: &[&str]) -> Bitboard {
    list.iter().map(|s| sq(s)).collect()
}

/// Builds a board string from eight rows written top (row 1) to bottom.
fn board(rows: [&str; 8], side: char) -> String {
    format!("{} {side}", rows.concat())
}

#[test]
fn the_start_position_and_black_first() {
    let g = Game::new();
    let p = g.position();
    assert_eq!(p.white, set(&["d4", "e5"]));
    assert_eq!(p.black, set(&["e4", "d5"]));
    assert_eq!(g.to_move(), Some(Color::Black));
    assert_eq!(g.counts(), (2, 2, 60));
}

#[test]
fn the_four_opening_moves() {
    assert_eq!(names(Game::new().legal_moves()), ["d3", "c4", "f5", "e6"]);
}

#[test]
fn after_f5_white_has_f4_f6_d6() {
    let mut g = Game::new();
    assert_eq!(Bitboard(g.play(sq("f5")).unwrap()), set(&["e5"]));
    let mut m = names(g.legal_moves());
    m.sort();
    assert_eq!(m, ["d6", "f4", "f6"]);
    assert_eq!(g.to_move(), Some(Color::White));
}

#[test]
fn a_move_flips_several_lines_at_once() {
    let text = board(
        ["--------", "-X-X----", "--OO----", "-XO-OX--", "---O----", "---X----", "--------", "--------"],
        'X',
    );
    let mut g = Game::from_board_str(&text).unwrap();
    let flipped = g.play(sq("d4")).unwrap();
    // West c4, east e4, north d3, south d5 and north-west c3, all at once.
    assert_eq!(Bitboard(flipped), set(&["c4", "e4", "d3", "d5", "c3"]));
    let p = g.position();
    assert_eq!(p.white, Bitboard::EMPTY);
    assert_eq!(g.counts(), (11, 0, 53));
    assert!(g.is_over(), "White has no disc left, so neither side can move");
}

#[test]
fn no_chain_reaction() {
    // a1 outflanks b1 (c1 is Black). Once b1 is black, b1-b2-b3 would outflank b2,
    // but only the disc just placed outflanks: b2 stays white.
    let text = board(
        ["-OX-----", "-O------", "-X------", "--------", "--------", "--------", "--------", "-------O"],
        'X',
    );
    let mut g = Game::from_board_str(&text).unwrap();
    assert_eq!(Bitboard(g.play(sq("a1")).unwrap()), set(&["b1"]));
    assert_eq!(g.position().at(sq("b2")), Some(Color::White));
}

#[test]
fn no_jumping_over_own_discs() {
    // From a1: b1 is Black, so c1 (white, then d1 black) is not outflanked; the move is
    // legal only through the column, a2 white and a3 black.
    let text = board(
        ["-XOX----", "O-------", "X-------", "--------", "--------", "--------", "--------", "-------O"],
        'X',
    );
    let mut g = Game::from_board_str(&text).unwrap();
    assert_eq!(Bitboard(g.play(sq("a1")).unwrap()), set(&["a2"]));
    assert_eq!(g.position().at(sq("c1")), Some(Color::White));
    // And a move that could only jump over an own disc is illegal and changes nothing.
    let text = board(
        ["-XOX----", "--------", "--------", "--------", "--------", "--------", "--------", "-----XO-"],
        'X',
    );
    let mut g = Game::from_board_str(&text).unwrap();
    assert_eq!(names(g.legal_moves()), ["h8"]);
    let before = g.position();
    assert_eq!(g.play(sq("a1")), Err(PlayError::NoOutflank("a1".into(), Color::Black)));
    assert_eq!(g.position(), before);
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = Game::from_transcript("f5d6").unwrap();
    let before = (g.position(), g.history().len(), g.supply());
    assert_eq!(g.play(sq("d4")), Err(PlayError::Occupied("d4".into(), Color::Black)));
    assert_eq!(g.play(sq("a1")), Err(PlayError::NoOutflank("a1".into(), Color::Black)));
    assert_eq!((g.position(), g.history().len(), g.supply()), before);
    assert_eq!(PlayError::NoOutflank("a1".into(), Color::Black).to_string(), "a1 is illegal for Black: it outflanks no disc");
}

#[test]
fn a_wipeout_ends_the_game_with_empties_for_the_winner() {
    let g = Game::from_transcript("f5f4f3f6f7e3d3c3b2").unwrap();
    assert!(g.is_over());
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    let r = g.result().unwrap();
    assert_eq!((r.black, r.white, r.empty, r.winner), (13, 0, 51, Some(Color::Black)));
    assert_eq!(r.official(), (64, 0));
    let mut g = g;
    assert_eq!(g.play(sq("a1")), Err(PlayError::GameOver));
}

#[test]
fn a_blocked_board_ends_the_game_with_empty_squares() {
    // One empty square, a1; every line from it runs through black discs to the edge,
    // and the single white disc b3 lies on none of them: neither side can move.
    let text = board(
        ["-XXXXXXX", "XXXXXXXX", "XOXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX"],
        'O',
    );
    let g = Game::from_board_str(&text).unwrap();
    assert!(g.is_over());
    let r = g.result().unwrap();
    assert_eq!((r.black, r.white, r.empty), (62, 1, 1));
    assert_eq!(r.official(), (63, 1));
}

#[test]
fn a_draw() {
    let text = board(
        ["OOOOOXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO", "OOOOOOXX", "OOOOOXO-"],
        'X',
    );
    let mut g = Game::from_board_str(&text).unwrap();
    assert_eq!(names(g.legal_moves()), ["h8"]);
    assert_eq!(Bitboard(g.play(sq("h8")).unwrap()), set(&["g8"]));
    let r = g.result().unwrap();
    assert_eq!((r.black, r.white, r.winner), (32, 32, None));
    assert_eq!(r.official(), (32, 32));
}

#[test]
fn a_forced_pass_then_play_goes_on() {
    let g = Game::from_transcript("d3c3e6d2d1e1b3c1").unwrap();
    let last = g.history().last().unwrap();
    assert_eq!((last.player, last.square), (Color::Black, None), "Black had to pass");
    assert_eq!(g.history().len(), 9);
    assert_eq!(g.to_move(), Some(Color::White));
    assert!(!g.legal_moves().is_empty());
    // The pass is not written in the transcript, and White plays on.
    assert_eq!(g.transcript(), "d3c3e6d2d1e1b3c1");
    let mut g2 = g.clone();
    let m = g2.legal_moves().first().unwrap();
    g2.play(m).unwrap();
    assert!(g2.history().len() >= 10);
    // Undo takes back White's move that forced the pass, and the pass with it.
    let mut g3 = g.clone();
    assert!(g3.undo());
    assert_eq!(g3.transcript(), "d3c3e6d2d1e1b3");
    assert_eq!(g3.to_move(), Some(Color::White));
    assert!(g3.history().iter().all(|t| t.square.is_some()));
}

#[test]
fn a_position_loaded_with_no_move_passes_at_once() {
    // White to move but White has no move: the pass is recorded, and Black moves.
    let text = board(
        ["XO------", "--------", "--------", "--------", "--------", "--------", "--------", "------OX"],
        'O',
    );
    let g = Game::from_board_str(&text).unwrap();
    assert_eq!(g.to_move(), Some(Color::Black));
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.history()[0].square, None);
    assert_eq!(names(g.legal_moves()), ["c1", "f8"]);
}

#[test]
fn a_supply_runs_out_and_a_disc_is_handed_over() {
    // White passes once in this game, so Black makes 31 moves: the last needs a disc
    // from White's supply.
    let t = "c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2c8h6h4g4h3b8f8e6g3b2f1b4h7g1a4g8h8b5a1e8d8d7a8c2h1b1h2a3c1b7a2d2a6e1d1e2";
    let g = Game::from_transcript(t).unwrap();
    assert!(g.is_over());
    let passes: Vec<Color> = g.history().iter().filter(|t| t.square.is_none()).map(|t| t.player).collect();
    let handed: Vec<_> = g.history().iter().filter(|t| t.handed_disc).collect();
    assert_eq!(handed.len(), 1, "exactly one disc handed over");
    let moves_by = |c: Color| g.history().iter().filter(|t| t.player == c && t.square.is_some()).count();
    assert_eq!(passes.len(), 1);
    let receiver = handed[0].player;
    assert_eq!(passes[0], receiver.other(), "the player who passed hands a disc to the other");
    assert_eq!(moves_by(receiver), 31);
    assert_eq!(g.supply(), (0, 0));
    // Before the handed disc: the receiver's supply is empty, the giver has one.
    let mut before = g.clone();
    while before.history().iter().any(|t| t.handed_disc) {
        assert!(before.undo());
    }
    let (b, w) = before.supply();
    match receiver {
        Color::Black => assert_eq!((b, w), (0, 1)),
        Color::White => assert_eq!((b, w), (1, 0)),
    }
}

#[test]
fn supplies_always_match_the_empty_squares_in_othello() {
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let (b, w) = g.supply();
    assert_eq!((b as u32 + w as u32), g.counts().2);
    assert_eq!((b, w), (25, 25));
}

#[test]
fn a_hand_set_position_is_refused_only_when_no_game_reaches_it() {
    use reversi::SetupError;
    let empty_centre: Position = format!("{} X", "-".repeat(64)).parse().unwrap();
    let e = Game::from_setup(empty_centre).unwrap_err();
    assert_eq!(e, SetupError::EmptyCentre(sq("d4")));
    assert!(e.to_string().contains("never empty in Othello"));
    // Full centre, no move for anyone: accepted, and over at once.
    let blocked = board(
        ["XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXX-"],
        'O',
    );
    assert!(Game::from_setup(blocked.parse().unwrap()).unwrap().is_over());
    // The start with one more disc: a normal game goes on.
    let g = Game::from_setup(Game::from_transcript("f5").unwrap().position()).unwrap();
    assert_eq!(g.to_move(), Some(Color::White));
}

#[test]
fn board_strings_round_trip_through_games() {
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let text = g.position().to_string();
    let g2 = Game::from_board_str(&text).unwrap();
    assert_eq!(g2.position(), g.position());
    assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
}
