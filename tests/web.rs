//! The JavaScript API in a real browser (`wasm-pack test --headless --chrome -- --test web`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Reflect, Uint8Array};
use reversi::bindings::Game;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().unwrap_or_else(|| panic!("{key} is a number"))
}

/// The error a call threw, as a JavaScript `Error`, with its message.
fn message(err: impl Into<JsValue>) -> String {
    let v: JsValue = err.into();
    let e: Error = v.dyn_into().expect("a JavaScript Error object");
    e.message().into()
}

/// A snapshot of everything observable, to check that a failed call changed nothing.
fn snapshot(g: &Game) -> (Vec<u8>, u8, String, String, usize) {
    (g.board(), g.to_move(), g.transcript(), g.to_board(), Array::from(&g.history()).length() as usize)
}

#[wasm_bindgen_test]
fn a_new_game_is_the_start() {
    let g = Game::default();
    let b = g.board();
    assert_eq!(b.len(), 64);
    assert_eq!((b[27], b[28], b[35], b[36]), (2, 1, 1, 2));
    assert_eq!(b.iter().filter(|&&c| c == 0).count(), 60);
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.legal_moves(), vec![19, 26, 37, 44]);
    assert!(!g.is_over());
    assert!(g.result().is_null());
    let s = g.score();
    assert_eq!((num(&s, "black"), num(&s, "white"), num(&s, "empty")), (2.0, 2.0, 60.0));
    let sup = g.supply();
    assert_eq!((num(&sup, "black"), num(&sup, "white")), (30.0, 30.0));
    assert_eq!(g.to_board(), "---------------------------OX------XO--------------------------- X");
}

#[wasm_bindgen_test]
fn the_values_are_typed_arrays_and_plain_objects() {
    // A Vec<u8> return crosses as a Uint8Array; check through JavaScript itself.
    let g = Game::default();
    let moves: JsValue = Uint8Array::from(&g.legal_moves()[..]).into();
    assert!(moves.is_instance_of::<Uint8Array>());
    let hist = g.history();
    assert!(Array::is_array(&hist));
    let score = g.score();
    assert!(score.is_object());
    assert!(!score.is_instance_of::<js_sys::Map>());
}

#[wasm_bindgen_test]
fn play_returns_flips_and_records_history() {
    let mut g = Game::default();
    assert_eq!(g.play(JsValue::from(37)).map_err(message).unwrap(), vec![36]); // f5 flips e5
    assert_eq!(g.to_move(), 2);
    let mut legal = g.legal_moves();
    legal.sort();
    assert_eq!(legal, vec![29, 43, 45]); // f4, d6, f6
    assert_eq!(g.flips_for(JsValue::from(43)).map_err(message).unwrap(), vec![35]);
    assert_eq!(g.flips_for(JsValue::from(0)).map_err(message).unwrap(), Vec::<u8>::new());
    let h = Array::from(&g.history());
    assert_eq!(h.length(), 1);
    let t = h.get(0);
    assert_eq!((num(&t, "player"), num(&t, "square")), (1.0, 37.0));
    assert_eq!(Array::from(&get(&t, "flipped")).get(0).as_f64(), Some(36.0));
    assert_eq!(g.transcript(), "f5");
}

#[wasm_bindgen_test]
fn every_bad_square_throws_and_changes_nothing() {
    let mut g = Game::from_transcript(JsValue::from_str("f5d6")).map_err(message).unwrap();
    let before = snapshot(&g);
    let bad = [
        JsValue::from(64),
        JsValue::from(-1),
        JsValue::from(3.5),
        JsValue::from(f64::NAN),
        JsValue::from(f64::INFINITY),
        JsValue::from_str("d3"),
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::from(true),
        Array::new().into(),
    ];
    for v in bad {
        let m = message(g.play(v.clone()).unwrap_err());
        assert!(m.contains("a square must be a whole number from 0 to 63"), "{m}");
        assert!(g.flips_for(v).is_err());
        assert_eq!(snapshot(&g), before);
    }
    // Legal in form, illegal by the rules.
    let m = message(g.play(JsValue::from(0)).unwrap_err());
    assert_eq!(m, "a1 is illegal for Black: it outflanks no disc");
    let m = message(g.play(JsValue::from(27)).unwrap_err());
    assert_eq!(m, "d4 is illegal for Black: the square is occupied");
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn bad_transcripts_and_boards_throw_readable_errors() {
    let m = message(Game::from_transcript(JsValue::from_str("f5d6c3d3c4f4c5b3c2e6c6h9")).err().unwrap());
    assert_eq!(m, "move 12 'h9' is not a square");
    let m = message(Game::from_transcript(JsValue::from_str("f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 a1")).err().unwrap());
    assert_eq!(m, "move 12 'a1' is illegal for White");
    let m = message(Game::from_transcript(JsValue::from(5)).err().unwrap());
    assert!(m.contains("must be a string"), "{m}");
    let short = "-".repeat(63) + " X";
    assert_eq!(message(Game::from_board(JsValue::from_str(&short)).err().unwrap()), "board has 63 cells, expected 64");
    let m = message(Game::from_board(JsValue::NULL).err().unwrap());
    assert!(m.contains("must be a string"), "{m}");
}

#[wasm_bindgen_test]
fn transcript_and_board_round_trip() {
    let g = Game::from_transcript(JsValue::from_str("F5 d6 C3 d3")).map_err(message).unwrap();
    assert_eq!(g.transcript(), "f5d6c3d3");
    let g2 = Game::from_board(JsValue::from_str(&g.to_board())).map_err(message).unwrap();
    assert_eq!(g2.board(), g.board());
    assert_eq!(g2.to_move(), g.to_move());
}

#[wasm_bindgen_test]
fn undo_redo_and_the_result() {
    let mut g = Game::from_transcript(JsValue::from_str("f5f4f3f6f7e3d3c3")).map_err(message).unwrap();
    g.play(JsValue::from(9)).map_err(message).unwrap(); // b2 wipes White out
    assert!(g.is_over());
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.legal_moves().len(), 0);
    let r = g.result();
    assert_eq!((num(&r, "winner"), num(&r, "black"), num(&r, "white")), (1.0, 64.0, 0.0));
    assert!(g.undo());
    assert!(!g.is_over());
    assert!(g.result().is_null());
    assert!(g.redo());
    assert!(g.is_over());
    assert!(!g.redo());
    let mut fresh = Game::default();
    assert!(!fresh.undo());
}

#[wasm_bindgen_test]
fn vector_flips_agree_with_the_scalar_reference() {
    use reversi::board::{flips, flips_scalar, moves};
    use reversi::Square;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut checked = 0;
    for _ in 0..3000 {
        let a = next();
        let b = next();
        let p = a & b;
        let o = !a & b.rotate_left(17) & !p;
        let mut m = moves(p, o) | (!(p | o) & next());
        while m != 0 {
            let sq = Square::new(m.trailing_zeros() as u8).unwrap();
            m &= m - 1;
            assert_eq!(flips(p, o, sq), flips_scalar(p, o, sq), "p={p:#x} o={o:#x} {sq}");
            checked += 1;
        }
    }
    assert!(checked > 10_000);
}

#[wasm_bindgen_test]
fn both_sides_moves_in_one_vector_agree_with_the_scalar_fill() {
    use reversi::board::{moves, moves_both_simd128};
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut nonempty = 0;
    for _ in 0..20_000 {
        let (a, b) = (next(), next());
        let p = a & b;
        let o = !a & b.rotate_left(29) & !p;
        let (mine, theirs) = moves_both_simd128(p, o);
        assert_eq!((mine, theirs), (moves(p, o), moves(o, p)), "p={p:#x} o={o:#x}");
        nonempty += (mine != 0 && theirs != 0) as u32;
    }
    assert!(nonempty > 10_000);
}

#[wasm_bindgen_test]
fn from_text_recognises_each_format() {
    let g = Game::from_text(JsValue::from_str("F5 d6")).map_err(message).unwrap();
    assert_eq!(g.transcript(), "f5d6");
    assert_eq!(g.start_board(), Game::default().to_board());
    let ggf = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)";
    assert_eq!(Game::from_text(JsValue::from_str(ggf)).map_err(message).unwrap().transcript(), "f5d6");
    let board = g.to_board();
    let b = Game::from_text(JsValue::from_str(&board)).map_err(message).unwrap();
    assert_eq!((b.to_board(), b.start_board()), (board.clone(), board));
    let m = message(Game::from_text(JsValue::from_str("hello")).err().unwrap());
    assert!(m.starts_with("expected a transcript"), "{m}");
    assert!(message(Game::from_text(JsValue::from(1)).err().unwrap()).contains("must be a string"));
}

#[wasm_bindgen_test]
fn review_scores_every_move_and_reports_progress() {
    let g = Game::from_transcript(JsValue::from_str("f5d6c3d3c4")).map_err(message).unwrap();
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let c = calls.clone();
    let cb = Closure::<dyn FnMut(JsValue)>::new(move |_p: JsValue| c.set(c.get() + 1));
    let opts = js_sys::Object::new();
    Reflect::set(&opts, &JsValue::from_str("depth"), &JsValue::from(2)).unwrap();
    Reflect::set(&opts, &JsValue::from_str("onProgress"), cb.as_ref()).unwrap();
    let r = Array::from(&g.review(opts.into()).map_err(message).unwrap());
    assert_eq!(r.length(), 5);
    assert_eq!(calls.get(), 5);
    let first = r.get(0);
    assert_eq!((num(&first, "number"), num(&first, "played"), num(&first, "player")), (1.0, 37.0, 1.0));
    assert!(num(&first, "loss") >= 0.0);
    let bad = js_sys::Object::new();
    Reflect::set(&bad, &JsValue::from_str("level"), &JsValue::from(3)).unwrap();
    assert!(message(g.review(bad.into()).err().unwrap()).contains("not a level"));
}

#[wasm_bindgen_test]
fn variant_games_check_their_arguments_and_play_to_the_end() {
    // One Game for every board: the variant is a property of the game.
    assert_eq!(
        message(Game::new(JsValue::from_str("7x7")).err().unwrap()),
        "unknown variant '7x7': expected classic, eight-star, or a board size 4x4, 6x6, 8x8 or 10x10 (add -parallel for the parallel start)"
    );
    let mut g = Game::new(JsValue::from_str("eight-star")).unwrap();
    assert_eq!((g.size(), g.variant()), (10, "eight-star".to_string()));
    assert_eq!(Game::new(JsValue::UNDEFINED).unwrap().variant(), "othello");
    let board = g.board();
    assert_eq!((board[0], board[1], board[2]), (3, 3, 0), "a1 and b1 are off the board");
    let before = (g.board(), g.to_board(), g.transcript());
    let e = message(g.play(JsValue::from_f64(0.0)).unwrap_err());
    assert_eq!(e, "a1 is not a square of this board");
    let e = message(g.play(JsValue::from_f64(2.0)).unwrap_err());
    assert_eq!(e, "c1 is illegal for Black: it outflanks no disc");
    for bad in [JsValue::from_f64(100.0), JsValue::from_f64(2.5), JsValue::from_str("e4")] {
        let e = message(g.play(bad).unwrap_err());
        assert!(e.contains("whole number from 0 to 99"), "{e}");
    }
    assert_eq!((g.board(), g.to_board(), g.transcript()), before);
    let mut moves = 0;
    while !g.is_over() {
        let r = g.search(JsValue::UNDEFINED).unwrap();
        g.play(get(&r, "move")).unwrap();
        moves += 1;
    }
    let r = g.result();
    assert_eq!(num(&r, "black") + num(&r, "white"), 88.0, "empties go to the winner on 88 cells");
    assert!(moves > 20);
    let again = Game::from_text(JsValue::from_str(&g.record())).unwrap();
    assert_eq!(again.to_board(), g.to_board());
    let e = message(Game::read_as(JsValue::from_str("10x10"), JsValue::from_str(&g.record())).err().unwrap());
    assert_eq!(e, "this record is for Eight-Star Othello, not 10×10 Othello");
    let e = message(Game::read_as(JsValue::from_str("othello"), JsValue::from_str(&g.record())).err().unwrap());
    assert_eq!(e, "this record is for Eight-Star Othello, not 8×8 Othello");
    // Review and solve on a variant's board: one entry a move; a finished game's margin.
    let shallow = js_sys::Object::new();
    Reflect::set(&shallow, &JsValue::from_str("depth"), &JsValue::from(2)).unwrap();
    let reviewed = g.review(shallow.into()).unwrap();
    assert_eq!(js_sys::Array::from(&reviewed).length() as usize, moves);
    let solved = g.solve().unwrap();
    assert_eq!(num(&solved, "move"), -1.0);
    assert_eq!(num(&solved, "score"), num(&r, "black") - num(&r, "white"));
    assert!(g.to_ggf(JsValue::UNDEFINED).is_err(), "GGF is 8×8 Othello's");
}

#[wasm_bindgen_test]
fn errors_carry_a_code_and_values_for_translation() {
    let err = Game::from_transcript(JsValue::from_str("f5f5")).err().expect("f5 twice is illegal");
    assert_eq!(get(&err, "code").as_string().unwrap(), "illegal-move");
    let params = get(&err, "params");
    assert_eq!(num(&params, "number"), 2.0);
    assert_eq!(get(&params, "square").as_string().unwrap(), "f5");
    assert_eq!(get(&params, "player").as_string().unwrap(), "white");
    assert_eq!(message(err), "move 2 'f5' is illegal for White");
}

#[wasm_bindgen_test]
fn a_damaged_weight_file_is_refused_and_changes_nothing() {
    use reversi::bindings::{evaluator_name, load_weights};
    let good = include_bytes!("../data/eval.weights");
    let g = Game::from_transcript("f5d6c3d3c4".into()).unwrap();
    let opts = || {
        let o = js_sys::Object::new();
        Reflect::set(&o, &"depth".into(), &4.into()).unwrap();
        o.into()
    };
    let before = num(&g.search(opts()).unwrap(), "score");
    let mut bad = good.to_vec();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x10;
    let err = load_weights(&bad).unwrap_err();
    assert_eq!(get(&err, "code").as_string().unwrap(), "bad-weights");
    assert!(message(err).contains("checksum"));
    assert_eq!(evaluator_name(), "learned");
    assert_eq!(num(&g.search(opts()).unwrap(), "score"), before);
    // The good file installs, and the same search gives the same score.
    load_weights(good).unwrap();
    assert_eq!(evaluator_name(), "learned");
    assert_eq!(num(&g.search(opts()).unwrap(), "score"), before);
}

#[wasm_bindgen_test]
fn live_analysis_reports_every_depth_and_ends_with_the_last() {
    let g = Game::from_transcript("f5d6c3d3c4f4".into()).unwrap();
    let seen = Array::new();
    let record = {
        let seen = seen.clone();
        Closure::<dyn FnMut(JsValue, JsValue)>::new(move |scores: JsValue, depth: JsValue| {
            let pair = Array::of2(&depth, &scores);
            seen.push(&pair);
        })
    };
    let o = js_sys::Object::new();
    Reflect::set(&o, &"depth".into(), &4.into()).unwrap();
    Reflect::set(&o, &"onProgress".into(), record.as_ref()).unwrap();
    let last = g.analyze(o.into()).unwrap();
    let depths: Vec<f64> = seen.iter().map(|p| Array::from(&p).get(0).as_f64().unwrap()).collect();
    assert_eq!(depths, vec![1.0, 2.0, 3.0, 4.0]);
    let final_seen = Array::from(&Array::from(&seen.get(3)).get(1));
    let last = Array::from(&last);
    assert_eq!(final_seen.length(), last.length());
    for i in 0..last.length() {
        assert_eq!(num(&final_seen.get(i), "score"), num(&last.get(i), "score"));
        let pv = Array::from(&get(&last.get(i), "pv"));
        assert_eq!(pv.get(0).as_f64(), get(&last.get(i), "move").as_f64(), "each line starts with its move");
    }
}
