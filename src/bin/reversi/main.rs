//! The `reversi` command-line tool: perft, printing positions, and (with the AI) moves,
//! endgame solving and the NBoard protocol.

use std::process::ExitCode;
use std::time::Instant;

mod ladder;
mod versus;

/// `println!` that ends the program quietly when standard output has been closed (a
/// match driver or `head` that stops reading), instead of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).and_then(|_| out.flush()).is_err() {
            std::process::exit(0);
        }
    }};
}

use reversi::search::{Level, Limits, Rng, Searcher, SolveMode};
use reversi::notation::parse_obf_line;
use reversi::{perft::perft, Board, Game, Position, Square};

const USAGE: &str = "usage:
  reversi perft N                 count the leaves N plies from the start (passes are plies)
  reversi show TRANSCRIPT|BOARD   print the position after a transcript, or a board string
  reversi move [--level N] TRANSCRIPT|BOARD
                                  the move the AI plays (level 1-18, default the strongest)
  reversi solve [--eval hand|learned|WEIGHTS] [--threads N [--own-tables] | --search] FILE.obf [FIRST [LAST]]
                                  solve every line (or lines FIRST..=LAST, from 1) exactly
                                  and check the score against the file; with --threads,
                                  N threads searching together (1: the pool's search on one;
                                  --own-tables: each thread's table its own, as in a browser);
                                  with --search, the one-thread search a page's lone worker
                                  runs (iterations, then the exact solve); --eval orders
                                  moves by the hand-tuned evaluation or a weight file's
  reversi match A B [OPENINGS]
                                  play A against B (levels 1-18, or the anchors random
                                  and flips) from the first OPENINGS balanced openings of
                                  data/balanced.txt (default all 100), both colours
  reversi ladder play [--file F] [--pairs A:B,...] [--games N]
                                  the levels' rating ladder: neighbouring pairs and the
                                  anchors, appended to F (default data/ladder/games.txt);
                                  resumes where the file ends
  reversi ladder fit [--file F]   the ladder's Elo table, with error bars
  reversi nboard [--depth D] [--exact E] [--mpc T] [--level L|random|flips] [--seed S] [--time MS] [--weights F] [--threads N]
                                  speak the NBoard protocol on stdin/stdout: search to
                                  depth D (or as NBoard's 'set depth' says), exact from E
                                  empties, Multi-ProbCut at T standard deviations; or play
                                  as level L does in the page (its book and weaker moves,
                                  chosen from seed S); or think MS per move; evaluate with the
                                  weight file F instead of the built-in one; search with
                                  N threads together (the strongest level and searches
                                  by depth or time; levels 1-17 keep to one)
  reversi versus [--openings N|A-B] \"ENGINE A\" \"ENGINE B\"
                                  a match between two NBoard engine commands from the
                                  first N (default 24) openings of data/balanced.txt, or
                                  openings A to B, each with both colours: wins, points,
                                  margin, time and nodes
  reversi speed [--depth D] [--mpc T] [--count N] [--threads N [--own-tables]]
                                  the midgame search's speed: depth D (default 11) from
                                  each of the first N (default 20) balanced openings,
                                  nodes and nodes per second (--own-tables: each
                                  thread's table its own, as in a browser)
  reversi variant ID perft N      perft on a variant's board (classic, 4x4, 6x6-parallel,
                                  10x10, eight-star, ...)
  reversi variant ID solve [RECORD]
                                  solve a variant exactly from its start (or a record);
                                  TT_MB sets the table's size (default 256)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("show") => cmd_show(&args[1..]),
        Some("move") => cmd_move(&args[1..]),
        Some("solve") => cmd_solve(&args[1..]),
        Some("match") => cmd_match(&args[1..]),
        Some("variant") => cmd_variant(&args[1..]),
        Some("nboard") => cmd_nboard(&args[1..]),
        Some("versus") => versus::cmd_versus(&args[1..]),
        Some("ladder") => match args.get(1).map(String::as_str) {
            Some("play") => ladder::cmd_play(&args[2..]),
            Some("fit") => ladder::cmd_fit(&args[2..]),
            _ => Err(USAGE.to_string()),
        },
        Some("speed") => cmd_speed(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::FAILURE
        }
    }
}

fn cmd_perft(args: &[String]) -> Result<(), String> {
    let depth: u32 = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|&d| d <= 20)
        .ok_or("perft needs a depth from 0 to 20")?;
    let start = Instant::now();
    let leaves = perft(Board::START, depth);
    let secs = start.elapsed().as_secs_f64();
    say!("perft({depth}) = {leaves}");
    say!("time {secs:.3} s, {:.1} million leaves per second", leaves as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}

/// Reads a transcript or, failing that, a board string.
fn read_game(text: &str) -> Result<Game, String> {
    match Game::from_transcript(text) {
        Ok(g) => Ok(g),
        Err(te) => Game::from_board_str(text)
            .map_err(|be| format!("not a transcript ({te}) nor a board string ({be})")),
    }
}

fn cmd_show(args: &[String]) -> Result<(), String> {
    let game = read_game(&args.join(" "))?;
    say!("{}", render(&game).trim_end());
    Ok(())
}

/// A text diagram of the position with legal moves marked `*`.
fn render(game: &Game) -> String {
    let pos: Position = game.position();
    let legal = game.legal_moves();
    let mut out = String::from("  a b c d e f g h\n");
    for row in 0..8u8 {
        out.push_str(&format!("{}", row + 1));
        for col in 0..8u8 {
            let sq = Square::from_coords(col, row).expect("in range");
            let c = match pos.at(sq) {
                Some(c) => c.letter(),
                None if legal.contains(sq) => '*',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    let (b, w, e) = game.counts();
    out.push_str(&format!("Black {b}, White {w}, empty {e}; "));
    match (game.to_move(), game.result()) {
        (Some(c), _) => out.push_str(&format!("{c} to move\n")),
        (None, Some(r)) => {
            let (ob, ow) = r.official();
            match r.winner {
                Some(c) => out.push_str(&format!("game over, {c} wins {ob}-{ow}\n")),
                None => out.push_str(&format!("game over, draw {ob}-{ow}\n")),
            }
        }
        (None, None) => unreachable!("a game with no side to move is over"),
    }
    out.push_str(&format!("{}\n", pos));
    out
}

fn cmd_move(args: &[String]) -> Result<(), String> {
    let mut level = Level::MAX;
    let mut rest = args;
    if rest.first().map(String::as_str) == Some("--level") {
        level = rest
            .get(1)
            .and_then(|l| l.parse().ok())
            .filter(|&l| Level::get(l).is_some())
            .ok_or(format!("--level takes a number from 1 to {}", Level::MAX))?;
        rest = &rest[2..];
    }
    let game = read_game(&rest.join(" "))?;
    if game.is_over() {
        return Err("the game is over".into());
    }
    let level = Level::get(level).expect("checked above");
    let mut searcher = Searcher::default();
    let r = searcher.search(game.position().board(), &level.limits());
    let best = r.best.ok_or("no move")?;
    let pv: Vec<String> = r.pv.iter().map(|s| s.to_string()).collect();
    say!(
        "{best} score {:+.1}{} depth {} nodes {} time {:.0} ms pv {}",
        r.score,
        if r.exact { " (exact)" } else { "" },
        r.depth,
        r.nodes,
        r.time_ms,
        pv.join(" ")
    );
    Ok(())
}

fn cmd_speed(args: &[String]) -> Result<(), String> {
    let (threads, args) = threads_option(args)?;
    let threads = threads.unwrap_or(1);
    // --own-tables: each thread with a table of its own, as the browser's workers.
    let own_tables = args.iter().any(|a| a == "--own-tables");
    let args: Vec<String> = args.into_iter().filter(|a| a != "--own-tables").collect();
    let (mut depth, mut count, mut mpc) = (11u32, 20usize, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let bad = || format!("{flag}: '{value}' is not a number");
        match flag.as_str() {
            "--depth" => depth = value.parse().ok().filter(|d| (1..=30).contains(d)).ok_or_else(bad)?,
            "--count" => count = value.parse().map_err(|_| bad())?,
            "--mpc" => mpc = Some(value.parse().map_err(|_| bad())?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let limits = Limits { depth: Some(depth), mpc, ..Limits::default() };
    let (mut nodes, mut secs) = (0u64, 0.0f64);
    for (i, &(transcript, _)) in reversi::openings::balanced().iter().take(count).enumerate() {
        let game = Game::from_transcript(transcript).map_err(|e| e.to_string())?;
        let r = if threads > 1 || own_tables {
            let bytes = reversi::search::DEFAULT_TABLE_BYTES;
            let mut pool = if own_tables { reversi::search::pool::Pool::with_own_tables(threads, bytes, None) } else { reversi::search::pool::Pool::new(threads, bytes, None) };
            pool.search(game.position().board(), &limits, true, &mut |_| {})
        } else {
            Searcher::default().search(game.position().board(), &limits)
        };
        nodes += r.nodes;
        secs += r.time_ms / 1000.0;
        say!("{:>3} {:<24} {:>4} {:>+6.1} {:>11} {:>8.3} s", i + 1, transcript, r.best.map(|s| s.to_string()).unwrap_or_default(), r.score, r.nodes, r.time_ms / 1000.0);
    }
    say!("depth {depth}, {threads} thread{}{}: {nodes} nodes in {secs:.2} s, {:.2} M nodes/s", if threads == 1 { "" } else { "s" }, if own_tables { " with tables of their own" } else { "" }, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}

/// An evaluator named on the command line, as a maker of one per thread (`None`: the
/// default), and the arguments after it.
type EvalChoice<'a> = (Option<reversi::search::pool::EvalMaker>, &'a [String]);

/// `--eval hand|learned|FILE` from the front of `args`: the evaluation to order moves
/// by (FILE: a weight file, as `train fit` writes).
fn eval_option(args: &[String]) -> Result<EvalChoice<'_>, String> {
    use reversi::search::{Evaluator, HandTuned};
    match (args.first().map(String::as_str), args.get(1).map(String::as_str)) {
        (Some("--eval"), Some("hand")) => Ok((Some(std::sync::Arc::new(|| Box::new(HandTuned::default()) as Box<dyn Evaluator>)), &args[2..])),
        (Some("--eval"), Some("learned")) => Ok((None, &args[2..])),
        (Some("--eval"), Some(path)) => {
            let learned = read_weights("--eval", path)?;
            Ok((Some(std::sync::Arc::new(move || Box::new(learned.clone()) as Box<dyn Evaluator>)), &args[2..]))
        }
        (Some("--eval"), None) => Err("--eval takes hand, learned or a weight file".into()),
        _ => Ok((None, args)),
    }
}

/// The weight file at `path`, named by `option` in the message when it cannot be read.
fn read_weights(option: &str, path: &str) -> Result<reversi::search::patterns::Learned, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{option}: {path}: {e}"))?;
    reversi::search::patterns::Learned::from_bytes(&bytes).map_err(|e| format!("{option}: {path}: {e}"))
}

/// `--threads N` taken out of `args`: the number, if given.
fn threads_option(args: &[String]) -> Result<(Option<usize>, Vec<String>), String> {
    let mut rest = vec![];
    let mut threads = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--threads" {
            let v = it.next().ok_or("--threads needs a value")?;
            threads = Some(v.parse().ok().filter(|n| (1..=64).contains(n)).ok_or(format!("--threads: '{v}' is not a number from 1 to 64"))?);
        } else {
            rest.push(a.clone());
        }
    }
    Ok((threads, rest))
}

fn cmd_solve(args: &[String]) -> Result<(), String> {
    let (threads, args) = threads_option(args)?;
    let (eval_maker, args) = eval_option(&args)?;
    // --search: the one-thread search a page's lone worker runs (iterative deepening,
    // then the exact solve), rather than the solver, for a comparison of like with like.
    let by_search = args.iter().any(|a| a == "--search");
    if by_search && threads.is_some() {
        return Err("--search is the one-thread search: give it or --threads, not both".into());
    }
    // --own-tables: each thread with a table of its own, as the browser's workers.
    let own_tables = args.iter().any(|a| a == "--own-tables");
    if own_tables && threads.is_none() {
        return Err("--own-tables is for a pool: give --threads too".into());
    }
    let args: Vec<String> = args.iter().filter(|a| *a != "--search" && *a != "--own-tables").cloned().collect();
    let path = args.first().ok_or("solve needs an .obf file")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('%')).collect();
    let first: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1).max(1);
    let last: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(lines.len()).min(lines.len());
    let mb: usize = std::env::var("TT_MB").ok().and_then(|v| v.parse().ok()).unwrap_or(16);
    let mut searcher = Searcher::new(mb << 20);
    if let Some(make) = &eval_maker {
        searcher.set_evaluator(make());
    }
    // With --threads (1 too), the search shared by a pool of threads; without, the
    // one-thread solver.
    let mut pool = threads.map(|n| match own_tables {
        true => reversi::search::pool::Pool::with_own_tables(n, mb << 20, eval_maker),
        false => reversi::search::pool::Pool::new(n, mb << 20, eval_maker),
    });
    match threads {
        Some(n) => say!("evaluation: {}; a pool of {n} thread{}{}", searcher.evaluator_name(), if n == 1 { "" } else { "s" }, if own_tables { ", each with a table of its own" } else { "" }),
        None if by_search => say!("evaluation: {}; the one-thread search", searcher.evaluator_name()),
        None => say!("evaluation: {}; the one-thread solver", searcher.evaluator_name()),
    }
    let (mut total_nodes, mut total_time, mut failures) = (0u64, 0.0f64, 0);
    say!("{:>4} {:>6} {:>5} {:>5} {:>5} {:>10} {:>14} {:>12}", "line", "empty", "move", "score", "file", "time s", "nodes", "nodes/s");
    for (i, line) in lines.iter().enumerate().take(last).skip(first - 1) {
        let (board, scores) = parse_obf_line(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        searcher.clear();
        let start = Instant::now();
        let (score, best, nodes) = match pool.as_mut() {
            Some(pool) => {
                let r = pool.search(board, &Limits { exact_empties: 64, ..Limits::default() }, true, &mut |_| {});
                (r.score as i32, r.best, r.nodes)
            }
            None if by_search => {
                let r = searcher.search(board, &Limits { depth: Some(60), exact_empties: 64, ..Limits::default() });
                (r.score as i32, r.best, r.nodes)
            }
            None => {
                let (score, best) = searcher.solve(board, SolveMode::Exact, &Limits::default()).ok_or("solver stopped")?;
                (score, best, searcher.nodes())
            }
        };
        let secs = start.elapsed().as_secs_f64();
        let expected = scores.iter().map(|&(_, s)| s).max();
        let best_ok = match best {
            Some(b) => scores.iter().any(|&(sq, s)| sq == b && Some(s) == expected),
            None => scores.is_empty(),
        };
        let ok = expected.is_none_or(|e| e == score) && best_ok;
        if !ok {
            failures += 1;
        }
        total_nodes += nodes;
        total_time += secs;
        say!(
            "{:>4} {:>6} {:>5} {:>+5} {:>5} {:>10.3} {:>14} {:>12.0} {}",
            i + 1,
            board.empty().count(),
            best.map_or("pass".into(), |b| b.to_string()),
            score,
            expected.map_or("?".into(), |e| format!("{e:+}")),
            secs,
            nodes,
            nodes as f64 / secs.max(1e-9),
            if ok { "ok" } else { "MISMATCH" }
        );
    }
    say!(
        "total {:.3} s, {} nodes, {:.0} nodes/s, {} mismatches",
        total_time,
        total_nodes,
        total_nodes as f64 / total_time.max(1e-9),
        failures
    );
    if failures > 0 {
        return Err(format!("{failures} positions did not match the file"));
    }
    Ok(())
}

/// `match A B [OPENINGS]`: A against B (levels or the anchors `random`, `flips`) from
/// the first OPENINGS balanced openings of data/balanced.txt, both colours; each game
/// plays as the ladder plays it (see [`ladder`]).
fn cmd_match(args: &[String]) -> Result<(), String> {
    let usage = || format!("match A B [OPENINGS]: A and B are levels from 1 to {} or random or flips", Level::MAX);
    let a = ladder::Player::parse(args.first().ok_or_else(usage)?)?;
    let b = ladder::Player::parse(args.get(1).ok_or_else(usage)?)?;
    let list = reversi::openings::balanced();
    let count: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(list.len()).min(list.len());
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    let start = Instant::now();
    for (i, &(opening, _)) in list[..count].iter().enumerate() {
        for a_is_black in [true, false] {
            let r = ladder::play_game(opening, &a, &b, a_is_black, (i as u64) << 1 | u64::from(a_is_black))?;
            margin += r.margin as i64;
            match r.margin.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
            say!("{opening:<24} {a} as {}: {:+}", if a_is_black { "Black" } else { "White" }, r.margin);
        }
    }
    let games = wins + draws + losses;
    say!(
        "{a} vs {b}: {games} games, {wins} wins, {draws} draws, {losses} losses, {:.1}% of the points, average margin {:+.1}, {:.1} s",
        (wins as f64 + draws as f64 / 2.0) * 100.0 / games as f64,
        margin as f64 / games as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// How `reversi nboard` searches, from its command line.
struct NboardOpts {
    depth: u32,
    exact: Option<u32>,
    level: Option<Level>,
    /// One of the ladder's anchors (`--level random` or `--level flips`).
    anchor: Option<ladder::Player>,
    time_ms: Option<f64>,
    mpc: Option<f64>,
    /// The seed of a level's choices (its weaker moves, its book moves).
    seed: u64,
    /// A weight file to evaluate with instead of the built-in one (for comparing
    /// training rounds against other engines).
    weights: Option<reversi::search::patterns::Learned>,
    /// Threads searching together (the strongest level and searches by depth or time).
    threads: usize,
}

impl NboardOpts {
    fn parse(args: &[String]) -> Result<NboardOpts, String> {
        let mut o = NboardOpts { depth: 12, exact: None, level: None, anchor: None, time_ms: None, mpc: None, seed: 2026, weights: None, threads: 1 };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let value = it.next().ok_or(format!("{a} needs a value"))?;
            let num = |max: u32| value.parse::<u32>().ok().filter(|&v| (1..=max).contains(&v)).ok_or(format!("{a}: '{value}' is not a number from 1 to {max}"));
            match a.as_str() {
                "--depth" => o.depth = num(60)?,
                "--exact" => o.exact = Some(num(60)?),
                "--level" if value == "random" || value == "flips" => o.anchor = Some(ladder::Player::parse(value)?),
                "--level" => o.level = Some(Level::get(num(Level::MAX)?).expect("in range")),
                "--time" => o.time_ms = Some(value.parse().map_err(|_| format!("--time: '{value}' is not a number"))?),
                "--mpc" => o.mpc = Some(value.parse().map_err(|_| format!("--mpc: '{value}' is not a number"))?),
                "--seed" => o.seed = value.parse().map_err(|_| format!("--seed: '{value}' is not a number"))?,
                "--threads" => o.threads = num(64)? as usize,
                "--weights" => o.weights = Some(read_weights("--weights", value)?),
                _ => return Err(format!("nboard: unknown option {a}")),
            }
        }
        Ok(o)
    }

    fn limits(&self) -> Limits {
        match self.level {
            // A level, with the time per move of --time when given (for matches at
            // equal time).
            Some(level) => Limits { time_ms: self.time_ms.or(Some(level.time_ms)), ..level.limits() },
            None => Limits {
                depth: Some(self.depth),
                exact_empties: self.exact.unwrap_or(self.depth.clamp(20, 24)),
                time_ms: self.time_ms,
                mpc: self.mpc,
                ..Limits::default()
            },
        }
    }
}

/// The NBoard protocol: the GUI sends one command per line; see the NBoard docs.
fn cmd_nboard(args: &[String]) -> Result<(), String> {
    use std::io::BufRead;
    let mut opts = NboardOpts::parse(args)?;
    let mut rng = Rng::new(opts.seed);
    let mut game = Game::new();
    let mut searcher = Searcher::default();
    let mut pool = None;
    if opts.threads > 1 {
        let eval: Option<reversi::search::pool::EvalMaker> = opts.weights.clone().map(|w| std::sync::Arc::new(move || Box::new(w.clone()) as Box<dyn reversi::search::Evaluator>) as _);
        pool = Some(reversi::search::pool::Pool::new(opts.threads, reversi::search::DEFAULT_TABLE_BYTES, eval));
    }
    if let Some(learned) = opts.weights.take() {
        searcher.set_evaluator(Box::new(learned));
    }
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("nboard") => {}
            Some("set") => match words.next() {
                Some("depth") => {
                    opts.depth = words.next().and_then(|d| d.parse().ok()).unwrap_or(opts.depth).clamp(1, 60);
                    say!("set myname Reversi{}", opts.depth);
                }
                Some("game") => {
                    let ggf = line.splitn(3, ' ').nth(2).unwrap_or("");
                    match reversi::ggf::read_game(ggf) {
                        Ok(g) => {
                            game = g;
                            searcher.clear();
                            if let Some(pool) = pool.as_mut() {
                                pool.clear();
                            }
                        }
                        Err(e) => say!("status {e}"),
                    }
                }
                _ => {}
            },
            Some("move") => {
                let mv = words.next().unwrap_or("").split('/').next().unwrap_or("");
                if mv.eq_ignore_ascii_case("pa") {
                    continue;
                }
                match mv.parse::<Square>().map_err(|e| e.to_string()).and_then(|sq| game.play(sq).map_err(|e| e.to_string())) {
                    Ok(_) => {}
                    Err(e) => say!("status bad move {mv}: {e}"),
                }
            }
            Some("ping") => say!("pong {}", words.next().unwrap_or("0")),
            Some("learn") => say!("learned"),
            Some("go") => {
                if game.is_over() {
                    say!("status the game is over");
                    continue;
                }
                say!("status thinking");
                // The table lives through the game, as in other engines: each move
                // finds what the searches of the moves before it stored. A level plays
                // as it does on the page: its book, its weaker moves, its limits.
                if let Some(anchor) = &opts.anchor {
                    let (sq, _) = anchor.choose(&game, &mut searcher, &mut rng);
                    say!("nodestats 0 0.000");
                    say!("=== {}/0.00/0.000", sq.to_string().to_uppercase());
                    say!("status");
                    continue;
                }
                let board = game.position().board();
                let r = match (opts.level, pool.as_mut()) {
                    (Some(level), pool) => {
                        let level = Level { time_ms: opts.time_ms.unwrap_or(level.time_ms), ..level };
                        match pool {
                            Some(pool) => pool.play_level(board, &level, &mut rng),
                            None => searcher.play_level(board, &level, &mut rng),
                        }
                    }
                    (None, Some(pool)) => pool.search(board, &opts.limits(), false, &mut |_| {}),
                    (None, None) => searcher.search_keeping_table(board, &opts.limits()),
                };
                say!("nodestats {} {:.3}", r.nodes, r.time_ms / 1000.0);
                let mv = r.best.map_or("PA".to_string(), |s| s.to_string().to_uppercase());
                say!("=== {mv}/{:.2}/{:.3}", r.score, r.time_ms / 1000.0);
                say!("status");
            }
            Some("hint") => {
                let n: usize = words.next().and_then(|n| n.parse().ok()).unwrap_or(1);
                if game.is_over() {
                    continue;
                }
                say!("status analysing");
                let limits = Limits { depth: Some(opts.depth.saturating_sub(1).max(1)), exact_empties: 16, ..Limits::default() };
                for m in searcher.analyze(game.position().board(), &limits).iter().take(n) {
                    say!("search {} {:.2} 0 {}{}", m.square.to_string().to_uppercase(), m.score, opts.depth, if m.exact { "@100%" } else { "" });
                }
                say!("status");
            }
            Some("quit") => break,
            _ => {}
        }
    }
    Ok(())
}

fn cmd_variant(args: &[String]) -> Result<(), String> {
    use reversi::variant::{perft as vperft, searcher::VariantSearcher, Variant, VariantGame};
    let variant = Variant::from_id(args.first().ok_or("variant needs a variant name")?).map_err(|e| e.to_string())?;
    match args.get(1).map(String::as_str) {
        Some("perft") => {
            let depth: u32 = args.get(2).and_then(|a| a.parse().ok()).ok_or("perft needs a depth")?;
            let game = VariantGame::of(variant);
            let s = game.state();
            let (p, o) = s.sides(game.to_move().ok_or("no move at the start")?);
            for d in 1..=depth {
                let start = Instant::now();
                let n = vperft(game.geometry(), p, o, d, false);
                say!("{variant} perft({d}) = {n} ({:.3} s)", start.elapsed().as_secs_f64());
            }
            Ok(())
        }
        Some("solve") => {
            // [RECORD]
            let game = match args.get(2) {
                Some(r) => VariantGame::read_as(variant, r).map_err(|e| e.to_string())?,
                None => VariantGame::of(variant),
            };
            let mb: usize = std::env::var("TT_MB").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
            let mut searcher = VariantSearcher::new(game.variant(), mb << 20);
            let start = Instant::now();
            let (score, best) = searcher.solve_game(&game).ok_or("the game is over")?;
            let side = game.to_move().ok_or("the game is over")?;
            let empties = game.counts().2;
            let cells = game.geometry().cell_count() as i32;
            // The official score gives the empty cells to the winner, so the two
            // scores add up to the cells of the board.
            let mover = (cells + score) / 2;
            say!(
                "{variant}: {side} to move, perfect play gives {side} {score:+}: official score {mover}-{} (empties to the winner), best move {}, {} empties, {} nodes, {:.1} s",
                cells - mover,
                best.map_or("pass".into(), |c| game.geometry().cell_name(c)),
                empties,
                searcher.nodes(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    }
}
