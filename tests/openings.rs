//! Opening names for known games, in every orientation.
#![cfg(not(target_arch = "wasm32"))]

use reversi::Game;

fn name(t: &str) -> Option<&'static str> {
    Game::from_transcript(t).unwrap().opening().map(|o| o.name)
}

#[test]
fn known_games_have_the_right_opening_names() {
    // The four first moves are one opening by symmetry.
    for t in ["c4e3f6e6f5", "f5d6c3d3c4", "d3c5f6f5e6", "e6f4c3c4d3"] {
        assert_eq!(name(t), Some("Tiger"), "{t}");
    }
    assert_eq!(name("f5f6"), Some("Diagonal Opening"));
    assert_eq!(name("f5f4"), Some("Parallel Opening"));
    assert_eq!(name("f5d6"), Some("Perpendicular Opening"));
    assert_eq!(name("f5d6c3d3c4f4f6f3e6e7"), Some("Comp'Oth"));
    assert_eq!(name("f5d6c3d3c4f4c5b3c2"), Some("Rose-Bill"));
    assert_eq!(name("f5d6c3d3c4f4c5b3c2e6"), Some("Tamenori"));
    // C4c3D3c5 turned by 180 degrees; four moves are still only the Diagonal Opening.
    assert_eq!(name("f5f6e6f4"), Some("Diagonal Opening"));
    assert_eq!(name("f5f6e6f4e3"), Some("Cow"));
    assert_eq!(name("f5f6e6f4e3d6"), Some("Chimney"));
    assert_eq!(name("f5f6e6f4c3"), Some("Buffalo/Kenichi Variation"));

    // Past the end of a named line the name stays; with no moves there is none.
    let long = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7d7").unwrap().opening().unwrap();
    assert_eq!((long.name, long.moves), ("Comp'Oth", 8));
    assert_eq!(Game::new().opening(), None);
}

#[test]
fn a_game_from_another_position_has_no_opening_name() {
    let g = Game::from_board_str(&format!("{} X", Game::from_transcript("f5d6").unwrap().position().to_string().split(' ').next().unwrap())).unwrap();
    assert_eq!(g.opening(), None);
}

#[test]
fn book_moves_cover_every_orientation_and_transpositions() {
    use reversi::openings::book_moves;
    use reversi::Board;
    let names = |b: Board| -> Vec<String> { book_moves(b).iter().map(|s| s.to_string()).collect() };
    assert_eq!(names(Board::START), ["d3", "c4", "f5", "e6"]);
    let after_f5 = Game::from_transcript("f5").unwrap().position().board();
    assert_eq!(names(after_f5), ["f4", "d6", "f6"], "parallel, perpendicular and diagonal");
    let tiger = Game::from_transcript("f5d6c3d3c4").unwrap().position().board();
    assert!(names(tiger).contains(&"f4".to_string()), "the Tiger goes on with f4: {:?}", names(tiger));
    let odd = Game::from_transcript("f5d6c5f4e3f6g5").unwrap().position().board();
    assert!(book_moves(odd).is_empty());
}

#[test]
fn levels_with_the_book_play_varied_sound_book_moves() {
    use reversi::search::{Level, Rng, Searcher};
    let mut s = Searcher::default();
    let after_f5 = Game::from_transcript("f5").unwrap().position().board();
    // The first level with the book, and every level above it.
    let first = (1..=Level::MAX).find(|&n| Level::get(n).unwrap().book).unwrap();
    assert!((first..=Level::MAX).all(|n| Level::get(n).unwrap().book));
    let level = Level::get(first).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let r = s.play_level(after_f5, &level, &mut Rng::new(seed));
        assert!(r.book, "level {first} plays from the book");
        seen.insert(r.best.unwrap().to_string());
    }
    assert!(seen.len() >= 2, "games vary: {seen:?}");
    assert!(seen.iter().all(|m| ["f4", "d6", "f6"].contains(&m.as_str())));
    // A beginner does not use the book; out of the book nobody does.
    assert!(!s.play_level(after_f5, &Level::get(first - 1).unwrap(), &mut Rng::new(1)).book);
    assert!(!s.play_level(after_f5, &Level::get(1).unwrap(), &mut Rng::new(1)).book);
    let odd = Game::from_transcript("f5d6c5f4e3f6g5").unwrap().position().board();
    assert!(!s.play_level(odd, &level, &mut Rng::new(1)).book);
}
