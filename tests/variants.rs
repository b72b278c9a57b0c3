//! The variants against a plain reference: a 2-D array walked square by square,
//! written from the rule sheets without the engine's bit tricks.
#![cfg(not(target_arch = "wasm32"))]

use reversi::search::{Level, Rng};
use reversi::variant::searcher::VariantSearcher;
use reversi::variant::{perft, Start, Variant, VariantGame};
use reversi::Color;

const DIRS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The reference: cells are `None` off the board, else 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct Plain {
    n: i32,
    cells: Vec<Option<u8>>,
    to_move: u8,
    supply: [i32; 3],
    classic: bool,
}

impl Plain {
    fn new(variant: Variant) -> Plain {
        let n = variant.size() as i32;
        let mut cells = vec![Some(0u8); (n * n) as usize];
        if variant == Variant::EightStar {
            for (r, c) in [(0, 0), (0, 1), (1, 0)] {
                for (rr, cc) in [(r, c), (r, n - 1 - c), (n - 1 - r, c), (n - 1 - r, n - 1 - c)] {
                    cells[(rr * n + cc) as usize] = None;
                }
            }
        }
        let h = n / 2;
        let classic = variant == Variant::Classic;
        let mut p = Plain { n, cells, to_move: if classic { 2 } else { 1 }, supply: [0, 0, 0], classic };
        let playable = p.cells.iter().filter(|c| c.is_some()).count() as i32;
        if !classic {
            let parallel = matches!(variant, Variant::Square { start: Start::Parallel, .. });
            // Crossed: White on d4/e5 (8×8 names); parallel: White on the left column.
            let (w, b) = if parallel {
                ([(h - 1, h - 1), (h, h - 1)], [(h - 1, h), (h, h)])
            } else {
                ([(h - 1, h - 1), (h, h)], [(h - 1, h), (h, h - 1)])
            };
            for (r, c) in w {
                p.set(r, c, 2);
            }
            for (r, c) in b {
                p.set(r, c, 1);
            }
            p.supply = [0, playable / 2 - 2, playable / 2 - 2];
        } else {
            p.supply = [0, 30, 30];
        }
        p
    }

    fn get(&self, r: i32, c: i32) -> Option<u8> {
        if r < 0 || c < 0 || r >= self.n || c >= self.n {
            return None;
        }
        self.cells[(r * self.n + c) as usize]
    }

    fn set(&mut self, r: i32, c: i32, v: u8) {
        self.cells[(r * self.n + c) as usize] = Some(v);
    }

    fn centre_open(&self) -> bool {
        let h = self.n / 2;
        self.classic && [(h - 1, h - 1), (h - 1, h), (h, h - 1), (h, h)].iter().any(|&(r, c)| self.get(r, c) == Some(0))
    }

    /// The discs a move at (r, c) by `who` flips, walking each line.
    fn flips(&self, r: i32, c: i32, who: u8) -> Vec<(i32, i32)> {
        let mut all = vec![];
        for (dr, dc) in DIRS {
            let mut line = vec![];
            let (mut rr, mut cc) = (r + dr, c + dc);
            while self.get(rr, cc) == Some(3 - who) {
                line.push((rr, cc));
                rr += dr;
                cc += dc;
            }
            if self.get(rr, cc) == Some(who) {
                all.extend(line);
            }
        }
        all
    }

    fn legal(&self, who: u8) -> Vec<u32> {
        if self.classic && self.supply[who as usize] == 0 {
            return vec![];
        }
        let h = self.n / 2;
        let mut v = vec![];
        for r in 0..self.n {
            for c in 0..self.n {
                if self.get(r, c) != Some(0) {
                    continue;
                }
                let ok = if self.centre_open() {
                    (h - 1..=h).contains(&r) && (h - 1..=h).contains(&c)
                } else {
                    !self.flips(r, c, who).is_empty()
                };
                if ok {
                    v.push((r * self.n + c) as u32);
                }
            }
        }
        v
    }

    fn play(&mut self, cell: u32) {
        let who = self.to_move;
        let (r, c) = (cell as i32 / self.n, cell as i32 % self.n);
        let flips = if self.centre_open() { vec![] } else { self.flips(r, c, who) };
        for (fr, fc) in flips {
            self.set(fr, fc, who);
        }
        self.set(r, c, who);
        if self.supply[who as usize] > 0 {
            self.supply[who as usize] -= 1;
        } else {
            self.supply[3 - who as usize] -= 1;
        }
        if !self.legal(3 - who).is_empty() {
            self.to_move = 3 - who;
        } else if self.legal(who).is_empty() {
            self.to_move = 0;
        }
    }

    fn count(&self, v: u8) -> u32 {
        self.cells.iter().filter(|&&c| c == Some(v)).count() as u32
    }

    /// Plain perft with passes as plies.
    fn perft(&self, depth: u32, passed: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal(self.to_move);
        if moves.is_empty() {
            let mut q = self.clone();
            q.to_move = 3 - self.to_move;
            if passed || q.legal(q.to_move).is_empty() {
                return 1;
            }
            return q.perft(depth - 1, true);
        }
        moves
            .iter()
            .map(|&m| {
                let mut q = self.clone();
                let who = q.to_move;
                let (r, c) = (m as i32 / q.n, m as i32 % q.n);
                for (fr, fc) in q.flips(r, c, who) {
                    q.set(fr, fc, who);
                }
                q.set(r, c, who);
                q.to_move = 3 - who;
                q.perft(depth - 1, false)
            })
            .sum()
    }

    /// Plain minimax to the end: the final margin for Black, empties to the winner.
    fn value_for_black(&self) -> i32 {
        if self.to_move == 0 {
            let (b, w) = (self.count(1) as i32, self.count(2) as i32);
            return b - w + (b - w).signum() * self.count(0) as i32;
        }
        let values = self.legal(self.to_move).into_iter().map(|m| {
            let mut q = self.clone();
            q.play(m);
            q.value_for_black()
        });
        if self.to_move == 1 { values.max() } else { values.min() }.expect("a side to move has a move")
    }

    /// The same for the side to move with plain alpha-beta pruning (fail-hard, moves in
    /// cell order): exact within `(alpha, beta)`, for endgames too long for minimax.
    fn alpha_beta(&self, mut alpha: i32, beta: i32) -> i32 {
        let sign = if self.to_move == 2 { -1 } else { 1 };
        if self.to_move == 0 {
            return 0; // not reached: a finished game is scored by the caller
        }
        for m in self.legal(self.to_move) {
            let mut q = self.clone();
            q.play(m);
            let v = if q.to_move == 0 {
                sign * q.value_for_black()
            } else if q.to_move == self.to_move {
                q.alpha_beta(alpha, beta) // the other side passed
            } else {
                -q.alpha_beta(-beta, -alpha)
            };
            if v >= beta {
                return beta;
            }
            alpha = alpha.max(v);
        }
        alpha
    }

    /// The same for the side to move.
    fn negamax(&self) -> i32 {
        if self.to_move == 2 { -self.value_for_black() } else { self.value_for_black() }
    }
}

#[test]
fn perft_matches_the_plain_reference_on_every_board() {
    for (variant, depth) in [
        (Variant::from_id("6x6").unwrap(), 7),
        (Variant::from_id("6x6-parallel").unwrap(), 7),
        (Variant::from_id("4x4").unwrap(), 9),
        (Variant::from_id("10x10").unwrap(), 6),
        (Variant::from_id("10x10-parallel").unwrap(), 5),
        (Variant::EightStar, 6),
    ] {
        let game = VariantGame::of(variant);
        let s = game.state();
        let (p, o) = s.sides(Color::Black);
        let plain = Plain::new(variant);
        for d in 1..=depth {
            assert_eq!(perft(game.geometry(), p, o, d, false), plain.perft(d, false), "{variant} perft({d})");
        }
    }
}

#[test]
fn random_games_agree_with_the_plain_reference() {
    let mut rng = Rng::new(88);
    for variant in Variant::ALL {
        for _ in 0..30 {
            let mut game = VariantGame::of(variant);
            let mut plain = Plain::new(variant);
            loop {
                let who = match game.to_move() {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
                assert_eq!(who, plain.to_move, "{variant} {}", game.record());
                let legal = game.legal_moves();
                assert_eq!(legal, if who == 0 { vec![] } else { plain.legal(who) }, "{variant} {}", game.record());
                let (sb, sw) = game.supply();
                assert_eq!((sb as i32, sw as i32), (plain.supply[1], plain.supply[2]), "{variant} supplies");
                if who == 0 {
                    let r = game.result().unwrap();
                    assert_eq!((r.black, r.white, r.empty), (plain.count(1), plain.count(2), plain.count(0)));
                    break;
                }
                let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
                game.play(m).unwrap();
                plain.play(m);
            }
            // The record replays to the same game.
            let again = VariantGame::read(&game.record()).unwrap();
            assert_eq!(again.state(), game.state());
        }
    }
}

/// Every position of `games` random games of `variant`, as (black, white).
fn random_positions(variant: Variant, games: usize, seed: u64) -> Vec<(u128, u128)> {
    let mut rng = Rng::new(seed);
    let mut out = vec![];
    for _ in 0..games {
        let mut game = VariantGame::of(variant);
        loop {
            let s = game.state();
            out.push((s.black, s.white));
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[(rng.next_u64() % legal.len() as u64) as usize]).unwrap();
        }
        out.push((u128::MAX, u128::MAX)); // the end of a game
    }
    out
}

/// The stability bound of the search, on every board: a disc it calls stable never
/// changes colour for the rest of a random game, and some discs are found stable.
#[test]
fn stable_discs_never_flip_on_any_board() {
    for variant in Variant::ALL {
        let geo = variant.geometry();
        let positions = random_positions(variant, 40, 5);
        let mut found = 0;
        for w in positions.split(|&p| p == (u128::MAX, u128::MAX)) {
            for (i, &(black, white)) in w.iter().enumerate() {
                let (sb, sw) = (geo.stable(black, white), geo.stable(white, black));
                assert_eq!(sb & black, sb, "{variant}: stable discs are the side's own");
                found += sb.count_ones() + sw.count_ones();
                for &(b2, w2) in &w[i..] {
                    assert_eq!(sb & b2, sb, "{variant}: a stable black disc flipped");
                    assert_eq!(sw & w2, sw, "{variant}: a stable white disc flipped");
                }
            }
        }
        assert!(found > 100, "{variant}: only {found} stable discs found");
    }
}

/// The 64-bit masks the search uses on boards that fit give the same moves, flips,
/// neighbours and stable discs as the game's 128-bit ones.
#[test]
fn narrow_masks_agree_with_wide_ones() {
    for variant in Variant::ALL.into_iter().filter(|v| v.geometry().cells >> 64 == 0) {
        let geo = variant.geometry();
        let narrow = geo.narrow::<u64>();
        for (black, white) in random_positions(variant, 10, 7).into_iter().filter(|&p| p != (u128::MAX, u128::MAX)) {
            let (b, w) = (black as u64, white as u64);
            assert_eq!(narrow.moves(b, w) as u128, geo.moves(black, white), "{variant}");
            assert_eq!(narrow.neighbours(b) as u128, geo.neighbours(black), "{variant}");
            assert_eq!(narrow.stable(b, w) as u128, geo.stable(black, white), "{variant}");
            let empty = geo.cells & !(black | white);
            for cell in (0..128).filter(|c| empty >> c & 1 == 1) {
                assert_eq!(narrow.flips(b, w, cell) as u128, geo.flips(black, white, cell), "{variant} cell {cell}");
            }
        }
    }
}

#[test]
fn classic_reversi_can_open_crossed_or_parallel_and_ends_with_sixty_discs_at_most() {
    let crossed = VariantGame::of_transcript(Variant::Classic, "d4 e4 e5 d5").unwrap();
    let parallel = VariantGame::of_transcript(Variant::Classic, "d4 e4 d5 e5").unwrap();
    assert_ne!(crossed.state().white, parallel.state().white);
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let mut g = VariantGame::of(Variant::Classic);
        while !g.is_over() {
            let m = g.legal_moves();
            g.play(m[(rng.next_u64() % m.len() as u64) as usize]).unwrap();
        }
        let (b, w, _) = g.counts();
        assert!(b + w <= 60, "{}", g.record());
        assert!(g.history().iter().all(|t| !t.handed_disc), "no disc is ever handed over");
    }
}

#[test]
fn the_solver_finds_the_published_4x4_result_and_agrees_with_plain_negamax() {
    let v = Variant::from_id("4x4").unwrap();
    let game = VariantGame::of(v);
    let mut searcher = searcher_for(v, 1 << 20);
    let (score, _) = searcher.solve_game(&game).unwrap();
    assert_eq!(score, Plain::new(v).negamax());
    // Perfect play ends 3-11 with two empty squares, a win for White: -10 official.
    assert_eq!(score, -10);
    let mut g = game.clone();
    while !g.is_over() {
        let (_, best) = searcher.solve_game(&g).unwrap();
        g.play(best.unwrap()).unwrap();
    }
    let r = g.result().unwrap();
    assert_eq!((r.black, r.white, r.winner), (3, 11, Some(Color::White)));
}

#[test]
fn the_solver_agrees_with_plain_negamax_on_random_endgames() {
    let mut rng = Rng::new(61);
    for variant in [Variant::from_id("6x6").unwrap(), Variant::EightStar, Variant::Classic, Variant::from_id("10x10").unwrap()] {
        for _ in 0..6 {
            // About 9 empties (fewer on the bigger boards, where the game may end first).
            let Some((g, plain)) = random_endgame(variant, &mut rng, 9) else { continue };
            let (score, _) = searcher_for(variant, 1 << 20).solve_game(&g).unwrap();
            assert_eq!(score, plain.negamax(), "{variant} {}", g.record());
        }
    }
}

/// A random game of `variant` played by both implementations until at most `empties`
/// cells are empty; `None` if it ended first.
fn random_endgame(variant: Variant, rng: &mut Rng, empties: u32) -> Option<(VariantGame, Plain)> {
    let mut g = VariantGame::of(variant);
    let mut plain = Plain::new(variant);
    while !g.is_over() && g.counts().2 > empties {
        let m = g.legal_moves();
        let mv = m[(rng.next_u64() % m.len() as u64) as usize];
        g.play(mv).unwrap();
        plain.play(mv);
    }
    (!g.is_over()).then_some((g, plain))
}

/// Far from the end the solver orders a variant's moves by their best reply (above 12
/// empties): checked against plain alpha-beta from 14 empties on 6×6.
#[test]
fn the_solver_agrees_with_plain_alpha_beta_from_14_empties() {
    let mut rng = Rng::new(5);
    let v = Variant::from_id("6x6").unwrap();
    let mut checked = 0;
    while checked < 3 {
        let Some((g, plain)) = random_endgame(v, &mut rng, 14).filter(|(g, _)| g.counts().2 == 14) else { continue };
        let (score, _) = searcher_for(v, 1 << 20).solve_game(&g).unwrap();
        assert_eq!(score, plain.alpha_beta(-37, 37), "{}", g.record());
        checked += 1;
    }
}

#[test]
fn a_stronger_level_beats_a_weaker_one_on_6x6() {
    let v = Variant::from_id("6x6").unwrap();
    let (strong, weak) = (Level::get(6).unwrap(), Level::get(1).unwrap());
    let mut searcher = searcher_for(v, 1 << 20);
    let mut rng = Rng::new(9);
    let mut margin = 0;
    for strong_is_black in [true, false] {
        for _ in 0..3 {
            let mut g = VariantGame::of(v);
            while let Some(side) = g.to_move() {
                let level = if (side == Color::Black) == strong_is_black { &strong } else { &weak };
                let mut limits_level = *level;
                limits_level.time_ms = 1e9; // depth decides, for a repeatable test
                let r = searcher.play_level_game(&g, &limits_level, &mut rng);
                g.play(r.best.unwrap()).unwrap();
            }
            let (b, w) = g.result().unwrap().official();
            margin += if strong_is_black { b as i32 - w as i32 } else { w as i32 - b as i32 };
        }
    }
    assert!(margin > 0, "level 6 lost to level 1 by {margin} over six games");
}

/// The image of a set of 6×6 cells under symmetry `k` of the square.
fn image6(bits: u128, k: u32) -> u128 {
    let mut out = 0;
    for cell in 0..36u32 {
        if bits >> cell & 1 == 1 {
            let (mut r, mut c) = (cell / 6, cell % 6);
            if k & 1 == 1 {
                r = 5 - r;
            }
            if k & 2 == 2 {
                c = 5 - c;
            }
            if k & 4 == 4 {
                (r, c) = (c, r);
            }
            out |= 1 << (r * 6 + c);
        }
    }
    out
}

#[test]
fn black_s_four_first_moves_on_6x6_are_one_move_in_four_orientations() {
    let start = VariantGame::of(Variant::from_id("6x6").unwrap());
    let mut after = start.clone();
    after.play_name("c2").unwrap();
    let a = *after.state();
    let first = start.legal_moves();
    assert_eq!(first.len(), 4);
    for m in first {
        let mut g = start.clone();
        g.play(m).unwrap();
        let s = g.state();
        assert!((0..8).any(|k| image6(a.black, k) == s.black && image6(a.white, k) == s.white), "move {m}");
    }
}

/// 6×6 from the crossed start is a White win by 4 (16-20), as published. Black's four
/// first moves are images of one another (the test above), so solving the position
/// after c2 settles the start. Takes about two minutes:
/// `cargo test --release --test variants -- --ignored`.
#[test]
#[ignore]
fn six_by_six_is_a_white_win_by_four() {
    let v = Variant::from_id("6x6").unwrap();
    let mut after = VariantGame::of(v);
    after.play_name("c2").unwrap();
    let (score, _) = searcher_for(v, 128 << 20).solve_game(&after).unwrap();
    assert_eq!(score, 4, "White to move after c2 wins by 4: the official score is 16-20");
}

/// The one search, made for a variant's board.
fn searcher_for(v: Variant, table_bytes: usize) -> VariantSearcher {
    VariantSearcher::new(v, table_bytes)
}
