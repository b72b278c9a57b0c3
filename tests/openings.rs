//! Opening names for known games, in every orientation.
#![cfg(not(target_arch = "wasm32"))]

use reversi::openings::opening_of;
use reversi::Game;

fn name(t: &str) -> Option<&'static str> {
    opening_of(&Game::from_transcript(t).unwrap()).map(|o| o.name)
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
    let long = opening_of(&Game::from_transcript("f5d6c3d3c4f4f6f3e6e7d7").unwrap()).unwrap();
    assert_eq!((long.name, long.moves), ("Comp'Oth", 8));
    assert_eq!(opening_of(&Game::new()), None);
}

#[test]
fn a_game_from_another_position_has_no_opening_name() {
    let g = Game::from_board_str(&format!("{} X", Game::from_transcript("f5d6").unwrap().position().to_string().split(' ').next().unwrap())).unwrap();
    assert_eq!(opening_of(&g), None);
}
