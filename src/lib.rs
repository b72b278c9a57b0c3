//! Othello (the tournament rules of Reversi): the rules, notation and AI of a browser
//! game.
//!
//! The core here never touches WebAssembly; [`bindings`] is the only module that uses
//! `wasm_bindgen`, so native tests, the command-line tool and benchmarks link the same
//! code that runs in the browser.
//!
//! Two levels of API:
//! - [`Board`]: an unchecked, side-relative pair of bitboards for the search.
//! - [`Game`]: a checked game with colours, history, forced passes, supplies, undo and
//!   redo, whose methods leave it unchanged on error. It is written once for every
//!   board ([`game::Rules`]): `Game` is 8×8 Othello, [`variant::VariantGame`] the
//!   same game on a variant's board.
//!
//! ```
//! use reversi::Game;
//! let mut game = Game::new();
//! let moves: Vec<String> = game.legal_moves().map(|s| s.to_string()).collect();
//! assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
//! game.play("f5".parse().unwrap()).unwrap();
//! assert_eq!(game.counts(), (4, 1, 59));
//! ```
#![deny(missing_docs)]

pub mod bitboard;
pub mod board;
pub mod errors;
pub mod game;
pub mod ggf;
pub mod notation;
pub mod openings;
pub mod perft;
pub mod puzzles;
pub mod records;

pub mod bindings;

pub use bitboard::{Bitboard, ParseSquareError, Square};
pub use board::Board;
pub use game::{Game, GameResult, PlayError, Rules, SetupError, State, TranscriptError, Turn, TurnOf};
pub use notation::{BoardError, Color, Position};
pub mod search;
pub mod shape;
pub mod variant;
