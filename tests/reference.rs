//! The core against a plain, obviously-correct reference implementation written here,
//! separately: thousands of random games compared at every step.
#![cfg(not(target_arch = "wasm32"))]

use reversi::{Bitboard, Color, Game, Square};

/// The reference: an 8×8 array, a walk along each direction, nothing clever.
#[derive(Clone)]
struct Reference {
    cells: [[u8; 8]; 8], // 0 empty, 1 black, 2 white; cells[row][column]
    to_move: u8,
    supply: [u32; 3], // by colour 1 and 2
    over: bool,
    passes: usize,
}

const DIRS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

impl Reference {
    fn new() -> Reference {
        let mut cells = [[0; 8]; 8];
        cells[3][3] = 2; // d4 white
        cells[4][4] = 2; // e5 white
        cells[3][4] = 1; // e4 black
        cells[4][3] = 1; // d5 black
        Reference { cells, to_move: 1, supply: [0, 30, 30], over: false, passes: 0 }
    }

    fn flips(&self, row: i32, col: i32, me: u8) -> Vec<(i32, i32)> {
        let mut out = vec![];
        if self.cells[row as usize][col as usize] != 0 {
            return out;
        }
        let them = 3 - me;
        for (dr, dc) in DIRS {
            let mut line = vec![];
            let (mut r, mut c) = (row + dr, col + dc);
            while (0..8).contains(&r) && (0..8).contains(&c) && self.cells[r as usize][c as usize] == them {
                line.push((r, c));
                r += dr;
                c += dc;
            }
            if !line.is_empty() && (0..8).contains(&r) && (0..8).contains(&c) && self.cells[r as usize][c as usize] == me {
                out.extend(line);
            }
        }
        out
    }

    fn legal(&self, me: u8) -> Vec<usize> {
        let mut v = vec![];
        for row in 0..8 {
            for col in 0..8 {
                if !self.flips(row, col, me).is_empty() {
                    v.push((row * 8 + col) as usize);
                }
            }
        }
        v
    }

    fn play(&mut self, sq: usize) -> Vec<usize> {
        let (row, col) = ((sq / 8) as i32, (sq % 8) as i32);
        let me = self.to_move;
        let f = self.flips(row, col, me);
        assert!(!f.is_empty(), "reference: illegal move");
        self.cells[row as usize][col as usize] = me;
        for &(r, c) in &f {
            self.cells[r as usize][c as usize] = me;
        }
        if self.supply[me as usize] > 0 {
            self.supply[me as usize] -= 1;
        } else {
            self.supply[3 - me as usize] -= 1;
        }
        self.to_move = 3 - me;
        if self.legal(self.to_move).is_empty() {
            if self.legal(me).is_empty() {
                self.over = true;
            } else {
                self.passes += 1;
                self.to_move = me;
            }
        }
        let mut squares: Vec<usize> = f.iter().map(|&(r, c)| (r * 8 + c) as usize).collect();
        squares.sort();
        squares
    }

    fn count(&self, who: u8) -> u32 {
        self.cells.iter().flatten().filter(|&&c| c == who).count() as u32
    }
}

fn code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut total_passes, mut total_handed, mut early_ends) = (0, 0, 0);
    for game_no in 0..3000 {
        let mut game = Game::new();
        let mut reference = Reference::new();
        loop {
            let pos = game.position();
            for sq in Square::all() {
                let expect = reference.cells[sq.index() / 8][sq.index() % 8];
                assert_eq!(pos.at(sq).map_or(0, code), expect, "game {game_no} square {sq}");
            }
            assert_eq!(game.is_over(), reference.over, "game {game_no}: {}", game.transcript());
            let (b, w, e) = game.counts();
            assert_eq!((b, w), (reference.count(1), reference.count(2)));
            assert_eq!(b + w + e, 64);
            let (sb, sw) = game.supply();
            assert_eq!((sb as u32, sw as u32), (reference.supply[1], reference.supply[2]));
            assert_eq!(sb as u32 + sw as u32, e, "discs in the supplies fill the empty squares");
            if reference.over {
                let r = game.result().unwrap();
                let winner = r.winner.map_or(0, code);
                let expect = match reference.count(1).cmp(&reference.count(2)) {
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 0,
                };
                assert_eq!(winner, expect);
                let (ob, ow) = r.official();
                assert_eq!(ob + ow, 64);
                if e > 0 {
                    early_ends += 1;
                }
                break;
            }
            assert_eq!(game.to_move().map(code), Some(reference.to_move));
            let legal: Vec<usize> = game.legal_moves().map(|s| s.index()).collect();
            assert_eq!(legal, reference.legal(reference.to_move), "game {game_no}: {}", game.transcript());
            let pick = legal[(rnd() % legal.len() as u64) as usize];
            let flipped: Vec<usize> = Bitboard(game.play(Square::new(pick as u8).unwrap()).unwrap()).map(|s| s.index()).collect();
            assert_eq!(flipped, reference.play(pick));
        }
        total_passes += game.history().iter().filter(|t| t.square.is_none()).count();
        assert_eq!(game.history().iter().filter(|t| t.square.is_none()).count(), reference.passes);
        total_handed += game.history().iter().filter(|t| t.handed_disc).count();
        let replay = Game::from_transcript(&game.transcript()).unwrap();
        assert_eq!(replay.position(), game.position(), "the transcript replays the game");
    }
    // The random games did reach the rare rules, so the comparison covered them.
    assert!(total_passes > 100, "passes seen: {total_passes}");
    assert!(total_handed > 10, "handed discs seen: {total_handed}");
    assert!(early_ends > 10, "games ended with empty squares: {early_ends}");
}
