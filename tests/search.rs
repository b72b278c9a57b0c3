//! The AI against independent truth: the exact scores of the FFO test positions, and
//! plain negamax without pruning.
#![cfg(not(target_arch = "wasm32"))]

use reversi::search::patterns::Learned;
use reversi::search::{Evaluator, HandTuned, Level, Limits, Searcher, SolveMode, SCALE};
use reversi::{Board, Game, Position, Square};

/// Held by the tests that keep both cores busy (the pools of two threads) and by the
/// one that times a level, so that the timed one never runs beside two threads of
/// another: the tests of this file run in parallel.
static BOTH_CORES: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn both_cores() -> std::sync::MutexGuard<'static, ()> {
    BOTH_CORES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn ffo_lines(file: &str) -> Vec<(Board, Vec<(Square, i32)>)> {
    let path = format!("{}/data/ffo/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let pos: Position = l.parse().unwrap();
            let scores = l
                .split(';')
                .skip(1)
                .filter_map(|f| f.trim().split_once(':'))
                .map(|(m, s)| (m.trim().parse().unwrap(), s.trim().trim_start_matches('+').parse().unwrap()))
                .collect();
            (pos.board(), scores)
        })
        .collect()
}

#[test]
fn solves_every_position_of_fforum_1_19_exactly() {
    let lines = ffo_lines("fforum-1-19.obf");
    assert_eq!(lines.len(), 19);
    let mut s = Searcher::default();
    for (i, (board, scores)) in lines.into_iter().enumerate() {
        let best_score = scores.iter().map(|&(_, s)| s).max().unwrap();
        let (score, mv) = s.solve(board, SolveMode::Exact, &Limits::default()).unwrap();
        assert_eq!(score, best_score, "FFO #{}", i + 1);
        let mv = mv.unwrap();
        assert!(scores.iter().any(|&(sq, sc)| sq == mv && sc == best_score), "FFO #{}: {mv} is not a best move", i + 1);
        // The win/loss/draw mode agrees on the sign.
        let (wld, _) = s.solve(board, SolveMode::WinLossDraw, &Limits::default()).unwrap();
        assert_eq!(wld.signum(), best_score.signum(), "FFO #{} WLD", i + 1);
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random position with `empties` empty squares reached by random play (or the end
/// of a game that finished sooner, which is skipped).
fn random_position(rng: &mut Rng, empties: u32) -> Option<Board> {
    let mut g = Game::new();
    while !g.is_over() {
        let pos = g.position();
        let b = pos.board();
        if b.empty().count() == empties {
            return Some(b);
        }
        let m: Vec<Square> = g.legal_moves().collect();
        g.play(m[(rng.next() % m.len() as u64) as usize]).unwrap();
    }
    None
}

/// Plain negamax to the end, no pruning.
fn negamax_exact(b: Board) -> i32 {
    let moves = b.moves();
    if moves.is_empty() {
        return if b.pass().can_move() { -negamax_exact(b.pass()) } else { b.final_score() };
    }
    moves.map(|sq| -negamax_exact(b.try_play(sq).unwrap().0)).max().unwrap()
}

/// Plain negamax to a depth over the same evaluation; passes cost no depth.
fn negamax_depth(b: Board, depth: u32, e: &dyn Evaluator) -> i32 {
    if depth == 0 {
        return e.evaluate(b.player.0, b.opponent.0);
    }
    let moves = b.moves();
    if moves.is_empty() {
        return if b.pass().can_move() { -negamax_depth(b.pass(), depth, e) } else { b.final_score() * SCALE };
    }
    moves.map(|sq| -negamax_depth(b.try_play(sq).unwrap().0, depth - 1, e)).max().unwrap()
}

#[test]
fn the_solver_equals_plain_negamax_on_random_endgames() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut s = Searcher::default();
    let mut checked = 0;
    while checked < 300 {
        let empties = 1 + (rng.next() % 10) as u32;
        let Some(b) = random_position(&mut rng, empties) else { continue };
        let truth = negamax_exact(b);
        let (score, mv) = s.solve(b, SolveMode::Exact, &Limits::default()).unwrap();
        assert_eq!(score, truth, "{:?}", Position::from_board(b, reversi::Color::Black).to_string());
        if let Some(mv) = mv {
            let after = b.try_play(mv).expect("the solver's move is legal").0;
            let after_value = if after.can_move() || after.pass().can_move() { -negamax_exact(after) } else { -after.final_score() };
            assert_eq!(after_value, truth, "the move reaches the value");
        }
        // The midgame search hands over to the exact solver and agrees.
        let r = s.search(b, &Limits { exact_empties: 10, ..Limits::default() });
        if b.can_move() {
            assert!(r.exact);
            assert_eq!(r.score, truth as f64);
        }
        checked += 1;
    }
}

#[test]
fn fixed_depth_search_equals_plain_negamax_with_and_without_the_table() {
    // Both evaluations: the hand-tuned one and the learned one the searcher uses.
    let evaluations: [fn() -> Box<dyn Evaluator>; 2] =
        [|| Box::new(HandTuned::default()), || Box::new(Learned::embedded().expect("the embedded weights load"))];
    for make in evaluations {
        let e = make();
        let mut rng = Rng(0x0dd_ba11_cafe_f00d);
        let mut with_table = Searcher::default();
        with_table.set_evaluator(make());
        let mut without = Searcher::new(0);
        without.set_evaluator(make());
        let mut checked = 0;
        while checked < 120 {
            let empties = 20 + (rng.next() % 36) as u32;
            let Some(b) = random_position(&mut rng, empties) else { continue };
            if !b.can_move() {
                continue;
            }
            let depth = 1 + (checked % 4) as u32;
            let limits = Limits { depth: Some(depth), ..Limits::default() };
            let a = with_table.search(b, &limits);
            let c = without.search(b, &limits);
            let truth = negamax_depth(b, depth, &*e) as f64 / SCALE as f64;
            assert_eq!(a.score, truth, "{} with table, depth {depth}", e.name());
            assert_eq!(c.score, truth, "{} without table, depth {depth}", e.name());
            assert_eq!(a.depth, depth);
            checked += 1;
        }
        // Deeper, where plain negamax is too slow: the table must not change the value.
        for _ in 0..30 {
            let Some(b) = random_position(&mut rng, 30) else { continue };
            if !b.can_move() {
                continue;
            }
            let limits = Limits { depth: Some(6), ..Limits::default() };
            assert_eq!(with_table.search(b, &limits).score, without.search(b, &limits).score);
        }
    }
}

/// Threads sharing a table put off the children another thread is in (`tt::Busy`): a
/// search that finds them marked must still search them, in another order, for the same
/// value.
#[test]
fn a_search_that_puts_off_the_positions_another_thread_is_in_gives_the_same_value() {
    use reversi::search::tt::Busy;
    use reversi::shape::Bits;
    let mut rng = Rng(0x05ea_b1ed_0e50_ff17);
    let (mut checked, mut reordered) = (0, 0);
    while checked < 20 {
        let Some(b) = random_position(&mut rng, 30) else { continue };
        if !b.can_move() {
            continue;
        }
        // Another thread, as it were, in every position two plies down: the nodes one
        // ply down, searched 5 plies deep or more, put all their children but the
        // first off.
        let busy = std::sync::Arc::new(Busy::default());
        for m in b.moves() {
            let c = b.try_play(m).unwrap().0;
            let c = if c.can_move() { c } else { c.pass() };
            for r in c.moves() {
                let g = c.try_play(r).unwrap().0;
                busy.mark(Busy::key(u64::hash_pair(g.player.0, g.opponent.0)));
            }
        }
        let limits = Limits { depth: Some(7), ..Limits::default() };
        let mut marked = Searcher::default();
        marked.share_busy(busy);
        let a = marked.search(b, &limits);
        let c = Searcher::default().search(b, &limits);
        assert_eq!(a.score, c.score, "{b:?}");
        reordered += (a.nodes != c.nodes) as u32;
        checked += 1;
    }
    // The marks were seen: the order, and so the nodes, changed (where a node did not
    // cut off on its first move; each mark is gone once this search has been there).
    assert!(reordered >= 2, "{reordered} of 20 searches changed");
}

#[test]
fn the_same_search_gives_the_same_move() {
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let b = g.position().board();
    let limits = Limits { depth: Some(7), ..Limits::default() };
    let mut s1 = Searcher::default();
    let first = s1.search(b, &limits);
    // Reusing the searcher after another search changes nothing.
    s1.search(Board::START, &limits);
    let again = s1.search(b, &limits);
    let other = Searcher::default().search(b, &limits);
    assert_eq!((first.best, first.score), (again.best, again.score));
    assert_eq!((first.best, first.score), (other.best, other.score));
    assert_eq!(first.pv.first(), first.best.as_ref());
}

#[test]
fn limits_stop_the_search_cleanly() {
    let b = Board::START;
    let mut s = Searcher::default();
    let r = s.search(b, &Limits { nodes: Some(20_000), ..Limits::default() });
    assert!(r.best.is_some());
    assert!(b.moves().contains(r.best.unwrap()));
    assert!(r.nodes < 40_000, "stopped near the node budget: {}", r.nodes);
    assert!(r.depth >= 1);
    let r = s.search(b, &Limits { time_ms: Some(50.0), ..Limits::default() });
    assert!(r.best.is_some());
}

#[test]
fn analyze_scores_every_move() {
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let b = g.position().board();
    let mut s = Searcher::default();
    let scores = s.analyze(b, &Limits { depth: Some(4), ..Limits::default() });
    assert_eq!(scores.len(), b.moves().count() as usize);
    assert!(scores.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(scores.iter().all(|m| m.pv[0] == m.square && m.pv.len() >= 3), "each move with its line");
    // The best analysed move scores what a search of the same depth says.
    let r = s.search(b, &Limits { depth: Some(5), ..Limits::default() });
    assert_eq!(scores[0].score, r.score);
    // Near the end, analysis is exact and matches negamax for every move.
    let mut rng = Rng(77);
    let b = loop {
        if let Some(b) = random_position(&mut rng, 8) {
            if b.moves().count() >= 2 {
                break b;
            }
        }
    };
    for m in s.analyze(b, &Limits { exact_empties: 10, ..Limits::default() }) {
        assert!(m.exact);
        let child = b.try_play(m.square).unwrap().0;
        assert_eq!(m.score, -negamax_exact(child) as f64);
    }
    // Every move's line starts with it and is playable (passes where one must pass);
    // on FFO #1 the exact scores are the file's.
    let (b, known) = &ffo_lines("fforum-1-19.obf")[0];
    for m in s.analyze(*b, &Limits { exact_empties: 20, ..Limits::default() }) {
        assert_eq!(m.pv[0], m.square);
        assert!(m.pv.len() > 1, "a line beyond the move itself");
        let mut cur = *b;
        for &sq in &m.pv {
            if !cur.can_move() {
                cur = cur.pass();
            }
            cur = cur.try_play(sq).unwrap_or_else(|| panic!("{sq} of the line is legal")).0;
        }
        if let Some(&(_, score)) = known.iter().find(|(sq, _)| *sq == m.square) {
            assert_eq!((m.score, m.exact), (score as f64, true), "{}", m.square);
        }
    }
    // Near the best: exact within the margin, an upper bound below it.
    for (b, known) in ffo_lines("fforum-1-19.obf").iter().take(6) {
        let near = s.analyze_near_best(*b, 8).unwrap();
        let best = known[0].1 as f64;
        assert_eq!(near[0].score, best);
        for m in &near {
            let truth = known.iter().find(|(sq, _)| *sq == m.square).map(|&(_, v)| v as f64);
            if m.exact {
                assert!(m.score >= best - 8.0);
                if let Some(t) = truth {
                    assert_eq!(m.score, t, "{}", m.square);
                }
            } else {
                assert!(m.score <= best - 8.0);
                if let Some(t) = truth {
                    assert!(t <= best - 9.0, "{}: {t} is near {best}", m.square);
                }
            }
        }
    }
}

#[test]
fn levels_are_defined_from_one_to_max() {
    assert!(Level::get(0).is_none());
    assert!(Level::get(Level::MAX + 1).is_none());
    assert!((1..=30).filter(|&n| Level::get(n).is_some()).count() >= 10, "at least ten levels");
    let top = Level::get(Level::MAX).unwrap();
    assert!(top.exact_empties >= 20);
    for n in 1..Level::MAX {
        let (a, b) = (Level::get(n).unwrap(), Level::get(n + 1).unwrap());
        // Level 1's temperature is in discs flipped, the others' in discs of score; at
        // the same depth a level above chooses more carefully.
        assert!(b.depth >= a.depth && b.exact_empties >= a.exact_empties && (a.greedy || b.depth > a.depth || b.temperature <= a.temperature), "level {n} to {}", n + 1);
    }
    // Only the strongest plays by the clock.
    assert!(top.by_clock() && (1..Level::MAX).all(|n| !Level::get(n).unwrap().by_clock()));
}

/// A level plays the same move with the same node count on a fast idle machine and on
/// a slow one: the search is limited by depth and nodes, and its time is a ceiling that
/// a machine several times slower does not reach. The slow machine is a clock running
/// ten times fast, or fewer where the fast run itself took long (this machine loaded by
/// other tests running beside this one): then a tenfold clock would measure the load,
/// not the level. Never fewer than three.
#[test]
fn a_level_is_the_same_opponent_on_a_slow_machine() {
    let _cores = both_cores();
    use reversi::search::Rng;
    let positions = ["f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5c4e7c6", "d3c5f6f5e6e3c3f3c4b4"];
    for n in 1..Level::MAX {
        let level = Level::get(n).unwrap();
        for t in positions {
            let b = Game::from_transcript(t).unwrap().position().board();
            let run = |slowdown: f64| {
                let mut s = Searcher::default();
                let start = std::time::Instant::now();
                s.set_clock(Box::new(move || start.elapsed().as_secs_f64() * 1000.0 * slowdown));
                let r = s.play_level(b, &level, &mut Rng::new(5));
                (r.best, r.nodes, r.depth, r.time_ms)
            };
            let fast = run(1.0);
            let slowdown = (level.time_ms / (4.0 * fast.3.max(1.0))).min(10.0);
            assert!(slowdown >= 3.0, "level {n} after {t}: {:.0} ms here, over a twelfth of its ceiling of {} ms: this machine is too loaded to tell", fast.3, level.time_ms);
            let slow = run(slowdown);
            assert_eq!((fast.0, fast.1, fast.2), (slow.0, slow.1, slow.2), "level {n} after {t}");
            // Within its ceiling on the slow machine: the ceiling never decided.
            assert!(slow.3 < level.time_ms, "level {n} after {t}: {:.0} ms of a slow machine's clock, ceiling {}", slow.3, level.time_ms);
        }
    }
}

/// Plays `a` against `b` from the first `count` balanced openings with both colours;
/// returns (wins, draws, losses) for `a`.
fn level_match(a: &Level, b: &Level, count: usize, node_cap: Option<u64>) -> (u32, u32, u32) {
    use reversi::search::{openings::BALANCED, Rng};
    use reversi::Color;
    // One searcher a side: a level keeps its table through a game.
    let mut searchers = [Searcher::default(), Searcher::default()];
    let mut rng = Rng::new(7);
    let (mut w, mut d, mut l) = (0, 0, 0);
    for opening in &BALANCED[..count] {
        for a_black in [true, false] {
            let mut g = Game::from_transcript(opening).unwrap();
            searchers.iter_mut().for_each(Searcher::clear);
            while let Some(side) = g.to_move() {
                let mut level = if (side == Color::Black) == a_black { *a } else { *b };
                let searcher = &mut searchers[side.index()];
                if let Some(cap) = node_cap {
                    // Deterministic budgets for CI: nodes instead of wall-clock time.
                    level.time_ms = f64::INFINITY;
                    let mut limits = level.limits();
                    limits.time_ms = None;
                    limits.nodes = Some(cap);
                    let r = if level.temperature > 0.0 {
                        searcher.play_level(g.position().board(), &level, &mut rng)
                    } else {
                        searcher.search(g.position().board(), &limits)
                    };
                    g.play(r.best.unwrap()).unwrap();
                } else {
                    let r = searcher.play_level(g.position().board(), &level, &mut rng);
                    g.play(r.best.unwrap()).unwrap();
                }
            }
            let r = g.result().unwrap();
            let a_color = if a_black { Color::Black } else { Color::White };
            match r.winner {
                Some(c) if c == a_color => w += 1,
                None => d += 1,
                _ => l += 1,
            }
        }
    }
    (w, d, l)
}

#[test]
fn level_one_loses_most_games_to_level_five() {
    let (w, _, l) = level_match(&Level::get(5).unwrap(), &Level::get(1).unwrap(), 4, Some(1_000_000));
    assert!(w >= 6 && w > 3 * l, "level 5 against level 1: {w} wins, {l} losses");
}

#[test]
fn the_strongest_levels_beat_the_middle_ones() {
    let (w, _, l) = level_match(&Level::get(16).unwrap(), &Level::get(11).unwrap(), 2, Some(150_000));
    assert!(w >= 3 && w > l, "level 16 against level 11: {w} wins, {l} losses");
}

#[test]
fn level_ten_beats_level_five() {
    let (w, _, l) = level_match(&Level::get(10).unwrap(), &Level::get(5).unwrap(), 2, Some(150_000));
    assert!(w >= 3 && w > l, "level 10 against level 5: {w} wins, {l} losses");
}

#[test]
fn level_one_plays_as_a_first_game_is_played_for_the_discs_it_turns() {
    use reversi::search::Rng;
    // Mostly the move that flips the most discs, not always: a beginner's choice.
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let b = g.position().board();
    let flips: Vec<(Square, u32)> = b.moves().map(|sq| (sq, b.flips(sq).count())).collect();
    let most = flips.iter().map(|f| f.1).max().unwrap();
    let level = Level::get(1).unwrap();
    assert!(level.greedy);
    let mut s = Searcher::default();
    let mut rng = Rng::new(3);
    let greedy = (0..300).filter(|_| {
        let sq = s.play_level(b, &level, &mut rng).best.unwrap();
        flips.iter().any(|&(m, f)| m == sq && f == most)
    }).count();
    let greedy_moves = flips.iter().filter(|f| f.1 == most).count();
    // At temperature 1 a move flipping one disc fewer is e^-1 as likely.
    assert!(greedy > 300 * greedy_moves / flips.len() && greedy < 300, "{greedy} of 300 moves flip the most discs ({flips:?})");
}

#[test]
fn low_levels_make_plausible_mistakes_not_random_moves() {
    use reversi::search::Rng;
    // From a position with a clearly best move (a corner), the first level that
    // searches mostly takes it, yet does not always play the same move.
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let b = g.position().board();
    let mut s = Searcher::default();
    let level = Level::get(2).unwrap();
    let scored = s.analyze(b, &level.limits());
    let mut rng = Rng::new(99);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..200 {
        let r = s.play_level(b, &level, &mut rng);
        *counts.entry(r.best.unwrap()).or_insert(0) += 1;
    }
    let best = scored[0].square;
    let worst = scored.last().unwrap().square;
    assert!(counts.len() > 1, "level 2 varies its moves");
    assert!(counts.get(&best).copied().unwrap_or(0) > counts.get(&worst).copied().unwrap_or(0), "{counts:?}");
}

#[test]
fn review_finds_a_planted_blunder_and_lists_it_first() {
    use reversi::search::MoveReview;
    // FFO #1: Black's best move G8 is worth +18, G2 is worth -24 (from the file).
    let lines = ffo_lines("fforum-1-19.obf");
    let (board, scores) = &lines[0];
    let pos = Position::from_board(*board, reversi::Color::Black);
    let mut game = Game::from_position(pos);
    let g2: Square = "g2".parse().unwrap();
    game.play(g2).unwrap();
    // The rest of the game: best moves by the solver.
    let mut s = Searcher::default();
    for _ in 0..4 {
        if game.is_over() {
            break;
        }
        let (_, mv) = s.solve(game.position().board(), SolveMode::Exact, &Limits::default()).unwrap();
        game.play(mv.unwrap()).unwrap();
    }
    let mut calls = 0;
    let mut review = s.review(&game, &Limits { depth: Some(4), exact_empties: 20, ..Limits::default() }, |_, _, _| calls += 1);
    assert_eq!(review.len(), 5);
    assert_eq!(calls, 5);
    let file_best = scores.iter().map(|&(_, s)| s).max().unwrap() as f64;
    let file_g2 = scores.iter().find(|&&(sq, _)| sq == g2).unwrap().1 as f64;
    assert_eq!(review[0].played_score, file_g2);
    assert_eq!(review[0].best_score, file_best);
    assert!(review.iter().all(|m| m.exact));
    review.sort_by(|a: &MoveReview, b: &MoveReview| b.loss.total_cmp(&a.loss));
    assert_eq!((review[0].number, review[0].played, review[0].loss), (1, g2, file_best - file_g2));
    assert!(review[1..].iter().all(|m| m.loss == 0.0), "the solver's moves lose nothing");
}

#[test]
fn the_shipped_puzzles_decode_and_their_answers_agree_with_plain_negamax() {
    use reversi::puzzles::{decode, Theme};
    let puzzles = decode(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.bin")).expect("data/puzzles.bin")).expect("a valid puzzle file");
    assert!(puzzles.len() >= 3000, "{} puzzles", puzzles.len());
    // The shortest "finish it" puzzles, by a search without any pruning: the stored best
    // move is legal and scores the stored value, and no move scores more.
    let mut short: Vec<_> = puzzles.iter().filter(|p| p.theme == Theme::Finish && p.position.board().empty().count() <= 8).collect();
    short.truncate(40);
    assert!(short.len() >= 20);
    for p in short {
        let b = p.position.board();
        let best = Square::new(p.best).unwrap();
        let after = b.try_play(best).expect("the stored move is legal").0;
        assert_eq!(-negamax_exact(after), p.score as i32, "{}", p.position);
        assert_eq!(negamax_exact(b), p.score as i32, "{}", p.position);
    }
    // The expert set is the FFO positions in their order, with the .obf's best score
    // where our solver stored an exact one (up to 24 empties).
    let experts: Vec<_> = puzzles.iter().filter(|p| p.theme == Theme::Expert).collect();
    assert_eq!(experts.len(), 79);
    let (first, known) = &ffo_lines("fforum-1-19.obf")[0];
    assert_eq!(experts[0].position.board(), *first);
    assert_eq!(experts[0].score as i32, known[0].1);
}

/// Runs a [`Plan`] with `workers` searchers in this thread, answering the tasks under way
/// in an order drawn from `rng` (the order threads or workers might answer in); its
/// first move's search split by its replies from `split` plies (the plan's own depth
/// when `None`).
fn run_plan(board: Board, limits: &Limits, searchers: &mut [Searcher], rng: &mut Rng, split: Option<u32>) -> reversi::search::SearchResult {
    run_plan_with(board, limits, searchers, rng, Setup { split, ..Setup::default() }).0
}

/// How [`run_plan_with`] sets up its plan.
#[derive(Clone, Copy, Default)]
struct Setup {
    /// `Plan::set_split_depth`.
    split: Option<u32>,
    /// An idle searcher may search a wide task under way a second time
    /// (`Plan::duplicate_wide`).
    duplicate: bool,
    /// An idle searcher may start the next iteration (`Plan::search_ahead`).
    ahead: bool,
    /// Tasks end unfinished after this many nodes (`Plan::set_slice`).
    slice: Option<u64>,
}

/// [`run_plan`] with the plan set up as `setup` says; also gives how many tasks were
/// second searches of a wide task under way, or with `ahead` how many were handed out
/// for an iteration before the one under way had ended.
fn run_plan_with(board: Board, limits: &Limits, searchers: &mut [Searcher], rng: &mut Rng, setup: Setup) -> (reversi::search::SearchResult, u64) {
    use reversi::search::parallel::{Plan, Task};
    let Setup { split, duplicate, ahead, slice } = setup;
    let mut plan = Plan::new(reversi::shape::Othello, board, limits, searchers.len(), true, 0.0);
    if let Some(d) = split {
        plan.set_split_depth(d);
    }
    if duplicate {
        plan.duplicate_wide();
    }
    if ahead {
        plan.search_ahead();
    }
    plan.set_slice(slice);
    let sides = plan.board();
    let mut depths: Vec<u32> = vec![];
    let mut under_way: Vec<(usize, Task)> = vec![];
    let (mut answered, mut twice) = (0u64, 0u64);
    loop {
        for w in 0..searchers.len() {
            if !under_way.iter().any(|q| q.0 == w) {
                if let Some(t) = plan.next(w, 0.0) {
                    let same = |q: &(usize, Task)| (q.1.square, q.1.reply, q.1.depth, q.1.alpha, q.1.beta) == (t.square, t.reply, t.depth, t.alpha, t.beta);
                    twice += under_way.iter().any(same) as u64;
                    depths.extend(t.depth);
                    under_way.push((w, t));
                }
            }
        }
        if plan.done() {
            break;
        }
        assert!(!under_way.is_empty(), "the plan is not done but hands out no work: {}", plan.describe());
        let (w, t) = under_way.remove((rng.next() % under_way.len() as u64) as usize);
        let out = searchers[w].run_task(sides, &t);
        REPLY_TASKS.with(|n| n.set(n.get() + t.reply.is_some() as u64));
        plan.report(&out, 0.0);
        answered += 1;
        assert!(answered < 100_000, "the plan does not end: {}", plan.describe());
    }
    if ahead {
        // A task whose depth exceeds that of a task handed out after it was ahead.
        twice = (0..depths.len()).filter(|&i| depths[i + 1..].iter().any(|&d| d < depths[i])).count() as u64;
    }
    (plan.result(0.0).expect("a position with moves"), twice)
}

thread_local! {
    /// Tasks on a split move's replies answered by [`run_plan`] in this thread.
    static REPLY_TASKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Tasks on a split move's replies answered by [`run_plan`] while `f` ran.
fn reply_tasks_in<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = REPLY_TASKS.with(|n| n.get());
    let r = f();
    (r, REPLY_TASKS.with(|n| n.get()) - before)
}

#[test]
fn a_plan_whose_searches_disagree_still_finishes_its_iterations() {
    // Selective searches and tables make two searches of one move disagree: a null
    // window says it beats the bound, the wide search after it says it does not. The
    // move's score is then the newest answer, which can sit exactly at the window's
    // lower end: the window fails low and widens, and under the wider window every move
    // is already decided. The plan must then finish the iteration itself, for no search
    // is left to report: before, it handed out no work and never ended (natively the
    // pool returned the last finished iteration's move, an iteration short; in the page
    // the computer would think forever).
    use reversi::search::parallel::{Outcome, Plan};
    let board = Board::START.try_play("f5".parse().unwrap()).unwrap().0;
    let moves: Vec<u8> = Square::all().filter(|&s| board.moves().0 & s.bit().0 != 0).map(|s| s.index() as u8).collect();
    assert!(moves.len() >= 3);
    let (first, unstable) = (moves[0], moves[1]);
    let limits = Limits { depth: Some(5), ..Limits::default() };
    let mut plan = Plan::new(reversi::shape::Othello, board, &limits, 1, true, 0.0);
    let mut answered = 0;
    while !plan.done() {
        let task = plan.next(0, 0.0).unwrap_or_else(|| panic!("the plan is not done but hands out no work: {}", plan.describe()));
        let depth = task.depth.expect("no exact stage here");
        let score = if depth <= 2 || task.square != unstable {
            // Consistent: the first move best, every other move far behind.
            if task.square == first { 10 * SCALE } else if task.square == unstable { 5 * SCALE } else { -20 * SCALE }
        } else if task.beta - task.alpha == 1 {
            task.beta // the null window: "it beats the bound"
        } else {
            task.alpha - 1 // the wide search after it: "it does not"
        };
        // From depth 3 the first move falls far below the window.
        let score = if depth >= 3 && task.square == first { -30 * SCALE } else { score };
        plan.report(&Outcome { id: task.id, score, nodes: 1, stopped: false, pv: vec![task.square], shares: vec![] }, 0.0);
        answered += 1;
        assert!(answered < 10_000, "the plan does not end: {}", plan.describe());
    }
    let r = plan.result(0.0).expect("a result");
    assert_eq!(r.depth, 5, "every iteration finished");
    assert_eq!(r.best.map(|s| s.index() as u8), Some(unstable));
}

#[test]
fn searchers_with_tables_of_their_own_pass_on_deep_results_and_still_solve_exactly() {
    // The browser's case: each searcher's table its own, the exact results stored
    // within SHARE_PLIES empties of the root handed round through the plan. Each
    // searcher gets only what the others logged, each once, and the scores stay exact.
    use reversi::search::parallel::{Plan, Task, SHARE_PLIES};
    let mut rng = Rng(0x5a7e_0000_0000_0003);
    let exact = Limits { exact_empties: 64, ..Limits::default() };
    let (mut delivered, mut logged) = (0usize, 0usize);
    for (i, (board, scores)) in ffo_lines("fforum-1-19.obf").into_iter().enumerate().take(6) {
        let best = scores.iter().map(|&(_, s)| s).max().unwrap();
        let mut searchers: Vec<Searcher> = (0..3).map(|_| Searcher::new(4 << 20)).collect();
        let mut plan = Plan::new(reversi::shape::Othello, board, &exact, searchers.len(), true, 0.0);
        plan.share_deep_results();
        plan.set_split_depth(2);
        let sides = plan.board();
        let empties = 64 - (sides.0 | sides.1).count_ones();
        // What each searcher logged, and what it has received, entry by entry.
        let mut from: Vec<Vec<[u64; 3]>> = vec![vec![]; searchers.len()];
        let mut got: Vec<Vec<[u64; 3]>> = vec![vec![]; searchers.len()];
        let mut under_way: Vec<(usize, Task)> = vec![];
        loop {
            for w in 0..searchers.len() {
                if !under_way.iter().any(|q| q.0 == w) {
                    if let Some(t) = plan.next(w, 0.0) {
                        got[w].extend(t.shares.chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
                        if t.depth.is_none() {
                            assert_eq!(t.share_from, Some((empties - SHARE_PLIES) as u8), "FFO #{}", i + 1);
                        }
                        under_way.push((w, t));
                    }
                }
            }
            if plan.done() {
                break;
            }
            let (w, t) = under_way.remove((rng.next() % under_way.len() as u64) as usize);
            let out = searchers[w].run_task(sides, &t);
            for c in out.shares.chunks_exact(3) {
                // Exact results of positions deep enough, legal boards.
                let depth = (c[2] >> 40) as u8;
                assert!(t.depth.is_none() && u32::from(depth) + SHARE_PLIES >= empties && c[0] & c[1] == 0, "FFO #{}: {c:?}", i + 1);
                from[w].push([c[0], c[1], c[2]]);
            }
            plan.report(&out, 0.0);
        }
        for w in 0..searchers.len() {
            let mut expected: Vec<[u64; 3]> = (0..searchers.len()).filter(|&v| v != w).flat_map(|v| from[v].clone()).collect();
            let mut received = got[w].clone();
            // Still waiting: what the others logged after this searcher's last task.
            assert!(received.len() <= expected.len(), "FFO #{}: searcher {w} got more than the others logged", i + 1);
            expected.sort_unstable();
            received.sort_unstable();
            let mut rest = expected.clone();
            for e in &received {
                let k = rest.binary_search(e).unwrap_or_else(|_| panic!("FFO #{}: searcher {w} got {e:?}, which no other searcher logged", i + 1));
                rest.remove(k);
            }
            delivered += received.len();
        }
        logged += from.iter().map(Vec::len).sum::<usize>();
        let r = plan.result(0.0).unwrap();
        assert_eq!(r.score as i32, best, "FFO #{}", i + 1);
    }
    assert!(logged > 100 && delivered > 100, "{logged} results logged, {delivered} delivered");
}

#[test]
fn searchers_sharing_a_plan_solve_exactly_whatever_order_their_answers_come_in() {
    let mut rng = Rng(0x9a7a_11e1_0000_0002);
    let exact = Limits { exact_empties: 64, ..Limits::default() };
    for (i, (board, scores)) in ffo_lines("fforum-1-19.obf").into_iter().enumerate().take(8) {
        let best = scores.iter().map(|&(_, s)| s).max().unwrap();
        // The first move's exact solve split by its replies from 15 empties (the plan's
        // own setting), from 8, and never.
        for (workers, split) in [(1, None), (2, None), (3, None), (2, Some(2)), (3, Some(40))] {
            let mut searchers: Vec<Searcher> = (0..workers).map(|_| Searcher::new(4 << 20)).collect();
            let (r, replies) = reply_tasks_in(|| run_plan(board, &exact, &mut searchers, &mut rng, split));
            let what = format!("FFO #{} with {workers}, split {split:?}", i + 1);
            // The split is tried where it may be, and only there.
            match split {
                Some(2) => assert!(replies > 0, "{what}: no task on replies"),
                Some(_) => assert_eq!(replies, 0, "{what}"),
                None => {}
            }
            assert!(r.exact, "{what}");
            assert_eq!(r.score, best as f64, "{what}");
            let mv = r.best.unwrap();
            assert!(scores.iter().any(|&(sq, s)| sq == mv && s == best), "{what}: {mv} is not a best move");
        }
    }
}

#[test]
fn a_split_moves_first_reply_whose_slice_ended_goes_out_again_before_other_work() {
    // Searchers with tables of their own get tasks in slices. When a slice of the split
    // first move's wide reply search ends, that search is the solve's critical path: it
    // must go out again at once (to the searcher that asks, the one whose table holds
    // its work), not wait behind null windows on the other root moves. It used to, and
    // went on later on the other searcher, which began it again from nothing.
    use reversi::search::parallel::{Outcome, Plan, Task};
    let exact = Limits { exact_empties: 64, ..Limits::default() };
    let mut checked = 0;
    for (board, scores) in ffo_lines("fforum-1-19.obf").into_iter().take(6) {
        let mut plan = Plan::new(reversi::shape::Othello, board, &exact, 2, true, 0.0);
        plan.set_split_depth(2);
        plan.set_slice(Some(reversi::search::parallel::WORKER_SLICE_NODES));
        let sides = plan.board();
        let mut searchers: Vec<Searcher> = (0..2).map(|_| Searcher::new(4 << 20)).collect();
        let mut under_way: Vec<(usize, Task)> = vec![];
        let mut cut = false;
        let mut answered = 0;
        while !plan.done() {
            for w in 0..2 {
                if under_way.iter().any(|q| q.0 == w) {
                    continue;
                }
                let Some(t) = plan.next(w, 0.0) else { continue };
                if !cut && t.depth.is_none() && t.reply.is_some() && t.beta - t.alpha > 1 && plan.describe().contains("split") {
                    // Its slice ends at once; the same searcher asks again.
                    cut = true;
                    plan.report(&Outcome { id: t.id, score: 0, nodes: 1, stopped: true, pv: vec![], shares: vec![] }, 0.0);
                    let again = plan.next(w, 0.0).expect("work for the searcher");
                    assert_eq!((again.square, again.reply, again.depth, again.alpha, again.beta), (t.square, t.reply, t.depth, t.alpha, t.beta), "{}", plan.describe());
                    checked += 1;
                    under_way.push((w, again));
                } else {
                    under_way.push((w, t));
                }
            }
            if plan.done() {
                break;
            }
            let (w, t) = under_way.remove(0);
            let out = searchers[w].run_task(sides, &t);
            plan.report(&out, 0.0);
            answered += 1;
            assert!(answered < 100_000, "the plan does not end: {}", plan.describe());
        }
        let r = plan.result(0.0).expect("a result");
        let best = scores.iter().map(|&(_, s)| s).max().unwrap();
        assert_eq!(r.score, best as f64);
    }
    assert!(checked >= 3, "only {checked} positions reached a split");
}

#[test]
fn a_wide_search_whose_slice_ended_goes_out_again_while_its_move_is_probed() {
    // Searchers with tables of their own get tasks in slices. When nothing else is left,
    // an idle searcher probes the move whose wide search is under way with null windows.
    // When a slice of that wide search then ends, it must go out again at once, to the
    // searcher that asks (the one whose table holds its work): it used to wait until the
    // probe ended, its searcher meanwhile given other work, and often went on later on
    // the other searcher, which began it again from nothing (`reversi speed --depth 21
    // --mpc 1.5 --threads 2 --own-tables` took 0.81× the time once it no longer waited).
    // Scripted answers: the first move is best at every depth, the others far behind.
    use reversi::search::parallel::{Outcome, Plan, Task};
    let board = Board::START.try_play("f5".parse().unwrap()).unwrap().0;
    let first = Square::all().find(|&s| board.moves().0 & s.bit().0 != 0).unwrap().index() as u8;
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let mut plan = Plan::new(reversi::shape::Othello, board, &limits, 2, true, 0.0);
    plan.set_slice(Some(reversi::search::parallel::WORKER_SLICE_NODES));
    let held = |t: &Task| t.square == first && t.reply.is_none() && t.beta - t.alpha > 1 && t.depth >= Some(3);
    let mut under_way: Vec<(usize, Task)> = vec![];
    let (mut checked, mut answered) = (0, 0);
    while !plan.done() {
        for w in 0..2 {
            if !under_way.iter().any(|q| q.0 == w) {
                if let Some(t) = plan.next(w, 0.0) {
                    under_way.push((w, t));
                }
            }
        }
        if plan.done() {
            break;
        }
        let probe = |t: &Task| t.square == first && t.beta - t.alpha == 1;
        if let Some((w, t)) = under_way.iter().find(|(_, t)| held(t) && under_way.iter().any(|(_, p)| probe(p) && p.depth == t.depth)).cloned() {
            under_way.retain(|q| q.1.id != t.id);
            plan.report(&Outcome { id: t.id, score: 0, nodes: 1, stopped: true, pv: vec![], shares: vec![] }, 0.0);
            let again = plan.next(w, 0.0).unwrap_or_else(|| panic!("no work for the searcher: {}", plan.describe()));
            assert!(held(&again) && again.depth == t.depth, "{again:?} after {t:?}: {}", plan.describe());
            checked += 1;
            under_way.push((w, again));
        }
        // The wide search of the first move stays under way while there is other work.
        let k = under_way.iter().position(|(_, t)| !held(t)).unwrap_or(0);
        let (_, t) = under_way.remove(k);
        let score = if t.square == first { 10 * SCALE } else { -20 * SCALE };
        plan.report(&Outcome { id: t.id, score, nodes: 1, stopped: false, pv: vec![t.square], shares: vec![] }, 0.0);
        answered += 1;
        assert!(answered < 10_000, "the plan does not end: {}", plan.describe());
    }
    let r = plan.result(0.0).expect("a result");
    assert_eq!((r.depth, r.best.map(|s| s.index() as u8), r.score), (6, Some(first), 10.0));
    assert!(checked >= 3, "only {checked} wide searches were stopped while probed");
}

/// Runs [`run_plan_with`] on 60 random positions at depths `first..first + spread`
/// (two or three searchers, the answers in random order), each against plain negamax;
/// gives the sum of its counts. `setup(k)`: how the `k`-th plan is set up.
fn plans_against_negamax(rng: &mut Rng, first: u32, spread: u32, setup: fn(u32) -> Setup) -> u64 {
    let e = Learned::embedded().expect("the embedded weights load");
    let (mut checked, mut count) = (0u32, 0);
    while checked < 60 {
        let empties = 24 + (rng.next() % 30) as u32;
        let Some(b) = random_position(rng, empties) else { continue };
        if !b.can_move() {
            continue;
        }
        let depth = first + checked % spread;
        let mut searchers: Vec<Searcher> = (0..2 + checked % 2).map(|_| Searcher::new(1 << 20)).collect();
        let (r, n) = run_plan_with(b, &Limits { depth: Some(depth), ..Limits::default() }, &mut searchers, rng, setup(checked));
        count += n;
        assert_eq!(r.score, negamax_depth(b, depth, &e) as f64 / SCALE as f64, "depth {depth}");
        assert_eq!(r.depth, depth);
        checked += 1;
    }
    count
}

#[test]
fn a_wide_search_handed_out_twice_gives_the_same_values_and_never_stalls_the_plan() {
    // Threads that share one table may search the wide task under way a second time
    // (the busy list sends the second one to other replies). Only the window the move
    // would be given now is handed out twice: a task left from a narrower window, whose
    // answer the searcher already knows, was handed out again and again without end.
    let mut rng = Rng(0x9a7a_11e1_0000_0004);
    let twice = plans_against_negamax(&mut rng, 3, 4, |_| Setup { duplicate: true, ..Setup::default() });
    assert!(twice > 20, "only {twice} wide tasks handed out twice");
    // Without `duplicate_wide` nothing is handed out twice.
    let mut searchers: Vec<Searcher> = (0..2).map(|_| Searcher::new(1 << 20)).collect();
    let b = random_position(&mut rng, 40).expect("a position");
    assert_eq!(run_plan_with(b, &Limits { depth: Some(5), ..Limits::default() }, &mut searchers, &mut rng, Setup::default()).1, 0);
}

#[test]
fn searchers_that_start_the_next_iteration_early_give_the_same_values() {
    // An idle searcher may start the next iteration's first move before the iteration
    // under way ends (`Plan::search_ahead`); its answer, back before or after that
    // iteration begins, must leave every value as plain negamax gives it, whatever
    // order the answers come in, with and without the copied wide task.
    let mut rng = Rng(0x9a7a_11e1_0000_0005);
    let ahead = plans_against_negamax(&mut rng, 4, 3, |checked| Setup { duplicate: checked % 2 == 0, ahead: true, ..Setup::default() });
    assert!(ahead > 20, "only {ahead} tasks handed out ahead of their iteration");
}

#[test]
fn searchers_in_slices_that_start_the_next_iteration_early_give_the_same_values() {
    // The browser's workers: tables of their own, tasks that end unfinished after a
    // slice of nodes and go out again (here a slice of 3,000 nodes, so that many do),
    // among them the tasks of the next iteration handed out early.
    let mut rng = Rng(0x9a7a_11e1_0000_0006);
    let ahead = plans_against_negamax(&mut rng, 4, 3, |_| Setup { ahead: true, slice: Some(3_000), ..Setup::default() });
    assert!(ahead > 20, "only {ahead} tasks handed out ahead of their iteration");
}

#[test]
fn a_wide_search_left_from_a_narrower_window_is_not_handed_out_again() {
    // Two searchers; the first move's wide search at depth 3 (A) is slow, and its copy
    // on the other searcher fails high, so the window widens while A is still under
    // way. A's window is then stale: a copy of it would be answered at once with the
    // same bound, again and again (the pool stalled so until A ended). The plan must
    // hand out other work, or wait for A.
    use reversi::search::parallel::{Outcome, Plan, Task};
    let board = Board::START.try_play("f5".parse().unwrap()).unwrap().0;
    let limits = Limits { depth: Some(4), ..Limits::default() };
    let mut plan = Plan::new(reversi::shape::Othello, board, &limits, 2, true, 0.0);
    plan.duplicate_wide();
    let mut first: Option<u8> = None;
    let mut slow: Option<Task> = None;
    let mut under_way: Vec<(usize, Task)> = vec![];
    let (mut answered, mut copies) = (0, 0);
    while !plan.done() {
        for w in 0..2 {
            if !under_way.iter().any(|q| q.0 == w) {
                if let Some(t) = plan.next(w, 0.0) {
                    let first = *first.get_or_insert(t.square);
                    let wide = t.beta - t.alpha > 1;
                    if wide && t.square == first && t.depth == Some(3) && slow.is_none() {
                        slow = Some(t.clone());
                    } else if slow.as_ref().is_some_and(|a| (a.square, a.depth, a.alpha, a.beta) == (t.square, t.depth, t.alpha, t.beta)) {
                        copies += 1;
                    }
                    under_way.push((w, t));
                }
            }
        }
        // Anything but A first.
        let slow_id = slow.as_ref().map(|a| a.id);
        let k = under_way.iter().position(|q| Some(q.1.id) != slow_id).or((!under_way.is_empty()).then_some(0)).expect("work under way");
        let (_, t) = under_way.remove(k);
        let score = match (Some(t.square) == first, t.depth) {
            (true, Some(d)) if d >= 3 => 30 * SCALE,
            (true, _) => 10 * SCALE,
            _ => -20 * SCALE,
        };
        plan.report(&Outcome { id: t.id, score, nodes: 1, stopped: false, pv: vec![t.square], shares: vec![] }, 0.0);
        answered += 1;
        assert!(answered < 1_000, "the plan hands out the same stale task again and again: {}", plan.describe());
    }
    assert!(slow.is_some());
    assert_eq!(copies, 1, "A is copied once, in its own window");
    let r = plan.result(0.0).expect("a result");
    assert_eq!((r.depth, r.best.map(|s| s.index() as u8), r.score), (4, first, 30.0));
}

#[test]
fn searchers_sharing_a_plan_equal_plain_negamax_at_a_fixed_depth() {
    let e = Learned::embedded().expect("the embedded weights load");
    let mut rng = Rng(0x9a7a_11e1_0000_0003);
    let mut checked = 0;
    let mut split_tried = 0;
    while checked < 80 {
        let empties = 24 + (rng.next() % 30) as u32;
        let Some(b) = random_position(&mut rng, empties) else { continue };
        if !b.can_move() {
            continue;
        }
        let depth = 1 + (checked % 4) as u32;
        // Half of them with the first move's search split by its replies from depth 2.
        let split = (checked % 8 >= 4).then_some(2);
        let mut searchers: Vec<Searcher> = (0..2 + checked % 2).map(|_| Searcher::new(1 << 20)).collect();
        let (r, replies) = reply_tasks_in(|| run_plan(b, &Limits { depth: Some(depth), ..Limits::default() }, &mut searchers, &mut rng, split));
        if split.is_none() || depth < 2 {
            assert_eq!(replies, 0);
        }
        split_tried += replies;
        assert_eq!(r.score, negamax_depth(b, depth, &e) as f64 / SCALE as f64, "depth {depth}, split {split:?}");
        assert_eq!(r.depth, depth);
        checked += 1;
    }
    assert!(split_tried > 100, "only {split_tried} tasks on replies");
}

/// FFO #1-#19 and the first `later` of #40-#59 (the set the speed bench solves) by
/// `pool`: the file's score, and one of its best moves.
fn pool_solves_ffo(pool: &mut reversi::search::pool::Pool, later: usize) {
    let first = ffo_lines("fforum-1-19.obf");
    let rest = ffo_lines("fforum-40-59.obf");
    for (name, (board, scores)) in (1..).zip(first).chain((40..).zip(rest).take(later)) {
        let best = scores.iter().map(|&(_, s)| s).max().unwrap();
        let (score, mv) = pool.solve(board);
        assert_eq!(score, best, "FFO #{name}");
        let mv = mv.unwrap();
        assert!(scores.iter().any(|&(sq, s)| sq == mv && s == best), "FFO #{name}: {mv} is not a best move");
    }
}

#[test]
fn a_pool_of_two_threads_solves_the_ffo_positions_exactly() {
    let _cores = both_cores();
    pool_solves_ffo(&mut reversi::search::pool::Pool::new(2, 16 << 20, None), 5);
}

#[test]
fn threads_that_help_inside_each_others_trees_give_plain_negamax_values() {
    // Two threads sharing a table: the one the plan has nothing for while the first
    // move is searched helps with that move's children, deep in its tree. At full width
    // the table never changes a value, so neither must the helping: depth 7 against
    // plain negamax, and depth 10 (too deep for negamax here) against the one-thread
    // search, which the tests above hold to negamax.
    let _cores = both_cores();
    use reversi::search::pool::Pool;
    let maker: reversi::search::pool::EvalMaker = std::sync::Arc::new(|| Box::new(HandTuned::default()) as Box<dyn Evaluator>);
    let mut pool = Pool::new(2, 4 << 20, Some(maker));
    let e = HandTuned::default();
    let mut one = Searcher::new(4 << 20);
    one.set_evaluator(Box::new(HandTuned::default()));
    let mut rng = Rng(0x9a7a_11e1_0000_0007);
    let (mut checked, mut helped) = (0, 0);
    while checked < 16 {
        let empties = 30 + (rng.next() % 20) as u32;
        let Some(b) = random_position(&mut rng, empties) else { continue };
        if !b.can_move() {
            continue;
        }
        let depth = if checked < 4 { 7 } else { 10 };
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let r = pool.search(b, &limits, true, &mut |_| {});
        let truth = if depth == 7 { negamax_depth(b, 7, &e) as f64 / SCALE as f64 } else { one.search(b, &limits).score };
        assert_eq!(r.score, truth, "depth {depth}: {}", Position::from_board(b, reversi::Color::Black));
        helped += pool.helped_nodes();
        checked += 1;
    }
    assert!(helped > 10_000, "the helpers searched only {helped} nodes");
}

#[test]
fn a_pool_whose_threads_keep_tables_of_their_own_solves_the_ffo_positions_exactly() {
    let _cores = both_cores();
    // The browser's case, natively: nothing shared but the plan's messages, and every
    // task cut into slices that end unfinished and are handed out again.
    pool_solves_ffo(&mut reversi::search::pool::Pool::with_own_tables(2, 16 << 20, None), 2);
}

#[test]
fn a_pool_keeps_to_its_time_and_plays_a_legal_move() {
    let _cores = both_cores();
    use reversi::search::pool::Pool;
    let mut pool = Pool::new(2, 4 << 20, None);
    let g = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let b = g.position().board();
    let started = std::time::Instant::now();
    let mut iterations = 0;
    let r = pool.search(b, &Limits { time_ms: Some(300.0), mpc: Some(1.5), exact_empties: 20, ..Limits::default() }, true, &mut |_| iterations += 1);
    // A ceiling, not a speed target: the search must end near its time even on a busy machine.
    assert!(started.elapsed().as_secs_f64() < 5.0);
    assert!(b.moves().any(|m| Some(m) == r.best), "{:?} is legal", r.best);
    assert!(iterations > 0 && r.depth > 0);
}

/// An evaluation whose first call, on whichever thread, fails: to see what the pool
/// does when one of its threads panics while the other goes on.
struct FailsOnce(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Evaluator for FailsOnce {
    fn evaluate(&self, _p: u64, _o: u64) -> i32 {
        if !self.0.swap(true, std::sync::atomic::Ordering::SeqCst) {
            panic!("the evaluation failed on purpose");
        }
        0
    }
    fn name(&self) -> &'static str {
        "fails once"
    }
}

#[test]
fn a_panic_in_a_pool_thread_reaches_the_caller_instead_of_hanging_the_search() {
    let _cores = both_cores();
    use reversi::search::pool::Pool;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| {
            let failed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let mut pool = Pool::new(2, 1 << 20, Some(std::sync::Arc::new(move || Box::new(FailsOnce(failed.clone())) as Box<dyn Evaluator>)));
            pool.search(Board::START, &Limits { depth: Some(6), ..Limits::default() }, true, &mut |_| {});
        });
        let _ = tx.send(outcome.map_err(|e| e.downcast_ref::<String>().cloned().unwrap_or_default()));
    });
    // A liveness bound, not a speed target: the search used to wait forever for the
    // thread that had died (and to return a move as if nothing had happened when every
    // thread had).
    let outcome = rx.recv_timeout(std::time::Duration::from_secs(120)).expect("the search ended");
    let message = outcome.expect_err("the thread's panic is raised again on the caller's thread");
    assert!(message.contains("panicked: the evaluation failed on purpose"), "{message}");
}

#[test]
fn a_search_stopped_in_an_iteration_plays_a_move_that_iteration_proved_better() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    // The search is stopped at the k-th look at its clock (every 4096 nodes, and at
    // each iteration's end), as a player's "Move now" or the clock stop it, for every k
    // until it ends by itself: each stop falls at a node count of its own, whatever
    // the machine's speed.
    let e = HandTuned::default();
    let mut rng = Rng(0x5eed_0f_7_1e5);
    let (mut stops, mut switches) = (0, 0);
    for _ in 0..60 {
        let empties = 26 + (rng.next() % 10) as u32;
        let Some(b) = random_position(&mut rng, empties) else { continue };
        if !b.can_move() {
            continue;
        }
        for k in 1.. {
            let mut s = Searcher::new(1 << 20);
            s.set_evaluator(Box::new(HandTuned::default()));
            let stop = Arc::new(AtomicBool::new(false));
            s.set_stop_flag(stop.clone());
            let looks = AtomicU64::new(0);
            s.set_clock(Box::new(move || {
                if looks.fetch_add(1, Ordering::Relaxed) + 1 >= k {
                    stop.store(true, Ordering::Relaxed);
                }
                0.0
            }));
            let last = std::rc::Rc::new(std::cell::RefCell::new(None));
            let l = last.clone();
            s.set_progress(Some(Box::new(move |r: &reversi::search::SearchResult| *l.borrow_mut() = Some(r.clone()))));
            let r = s.search(b, &Limits { depth: Some(7), ..Limits::default() });
            if r.depth == 7 {
                break; // the search ended by itself
            }
            let Some(finished) = last.borrow().clone() else { continue };
            stops += 1;
            if r.best == finished.best {
                continue;
            }
            // The move played beats the last finished iteration's at the stopped
            // iteration's depth, by plain negamax over the same evaluation.
            switches += 1;
            let value = |m: Option<Square>| -negamax_depth(b.try_play(m.unwrap()).unwrap().0, finished.depth, &e);
            assert!(value(r.best) > value(finished.best), "{b:?}: {:?} over {:?} at depth {}", r.best, finished.best, finished.depth + 1);
        }
    }
    assert!(switches > 0 && stops > switches, "{switches} switches in {stops} stops");
    eprintln!("{switches} switches in {stops} stops");
}

#[test]
fn a_plan_stopped_by_the_clock_plays_a_move_its_unfinished_iteration_proved_better() {
    use reversi::search::parallel::{Outcome, Plan};
    let board = Board::START.try_play("f5".parse().unwrap()).unwrap().0;
    let moves: Vec<u8> = Square::all().filter(|&s| board.moves().0 & s.bit().0 != 0).map(|s| s.index() as u8).collect();
    let (first, better) = (moves[0], moves[1]);
    // Depths 1 and 2 find `first` best; at depth 3 it falls far below the window and
    // `better` beats it. The answer after `stop_after` depth-3 answers comes back
    // stopped, past the clock and past any node budget. Returns the move played.
    let play = |stop_after: usize, limits: Limits| {
        let mut plan = Plan::new(reversi::shape::Othello, board, &limits, 1, true, 0.0);
        let mut deep_answers = 0;
        while !plan.done() {
            let task = plan.next(0, 0.0).expect("work while not done");
            let depth = task.depth.expect("no exact stage here");
            let score = match (depth >= 3, task.square) {
                (false, s) if s == first => 10 * SCALE,
                (true, s) if s == first => -30 * SCALE,
                (true, s) if s == better => 20 * SCALE,
                _ => -20 * SCALE,
            };
            let stopped = depth >= 3 && deep_answers == stop_after;
            deep_answers += (depth >= 3) as usize;
            let (nodes, now) = if stopped { (2_000_000, 1e9) } else { (1, 0.0) };
            plan.report(&Outcome { id: task.id, score, nodes, stopped, pv: vec![task.square], shares: vec![] }, now);
        }
        let r = plan.result(1e9).expect("a result");
        assert_eq!(r.depth, 2, "the last finished iteration");
        r.best.map(|s| s.index() as u8)
    };
    let clock = Limits { depth: Some(5), time_ms: Some(1000.0), ..Limits::default() };
    // Stopped once `first` and `better` have answered at depth 3: `better`.
    assert_eq!(play(2, clock), Some(better));
    // Stopped before `better` answered: the last finished iteration's move.
    assert_eq!(play(1, clock), Some(first));
    // A search limited by nodes (levels 13-17) keeps the finished iteration's move.
    assert_eq!(play(2, Limits { depth: Some(5), nodes: Some(1_000_000), ..Limits::default() }), Some(first));
}
