//! The `train` tool: builds the learned pattern evaluation (see TRAINING.md).
//!
//! Native only; nothing here is part of the WebAssembly build.
//!
//! - `gen`: self-play games from varied openings, positions sampled from them and
//!   labelled by a deep search (exactly by the solver near the end);
//! - `fit`: least-squares pattern weights per game stage (conjugate gradient), written
//!   as a compact, checked weight file;
//! - `mae`: the evaluation's error at a shallow depth on positions of known score;
//! - `match`: learned against hand-tuned, at equal depth or equal time.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Instant;

use reversi::notation::parse_obf_line;
use reversi::search::patterns::{self, canonical_indices, feature_indices, Learned, FEATURES, STAGES, WEIGHTS_PER_STAGE};
use reversi::search::{Evaluator, HandTuned, Limits, Rng, Searcher};
use reversi::Board;

const USAGE: &str = "usage:
  train gen --out FILE [--games N] [--first G] [--seed S] [--threads T] [--depth D]
            [--exact E] [--per-game K] [--weights FILE]
      self-play games G..N (default 0..1000) and label K positions of each (default 12)
      with a depth-D search (default 8), exact from E empties (default 16); the search
      uses the hand-tuned evaluation, or the weights given. Appends 17-byte records to
      FILE; a run stopped early goes on with --first set to the games it reported done
      (each game has its own seed, so the records are the same either way).
  train fit --out FILE [--lambda L] [--iters N] [--min-count C] [--base WEIGHTS]
            [--relabelled FILE] DATA...
      fit pattern weights per stage to the records in DATA (least squares with an L2
      penalty L, default 0.5; N conjugate-gradient iterations, default 200); pattern
      configurations seen fewer than C times in a stage (default 4) keep weight 0 (or
      their base weight). With --base, the fit starts from those weights and the
      penalty pulls towards them: new data refines an evaluation without forgetting
      what the data it was fitted on taught it
  train relabel --out FILE [--empties A-B] [--every K] [--depth D] [--mpc T] [--exact E]
                [--threads N] [--weights FILE] DATA...
      labels again every K-th record (default 1) of DATA whose empties are within A-B
      (default 21-45) with a search D plies deep (default 14), Multi-ProbCut T (default
      1.5; 0 for none), exact from E empties (default 20), with the weights given (else
      the built-in ones, which change with each release); appends the new records to
      FILE, and a run stopped early goes on where it stopped (positions already in FILE
      are skipped). `fit --relabelled FILE` uses these labels in place of the old ones
  train mae [--depth D] [--weights FILE] OBF...
      mean absolute error of the evaluations at depth D (default 2) against the exact
      scores of .obf positions
  train match [--depth D | --time MS] [--openings N] [--weights FILE] [--against FILE]
      learned against hand-tuned (or against the weights of --against) from N balanced
      openings (default 150), both colours
  train balanced [--count N] [--depth D] [--margin M] [--plies A-B] [--seed S] [--rescore FILE]
      N openings (default 100) of A-B plies (default 6-10) played at random among the
      moves a shallow search scores within 4 discs of the best, one per symmetry class,
      whose depth-D score (default 12) is within M discs (default 2) of even; prints
      'transcript score' lines (data/balanced.txt); with --rescore FILE, the transcripts
      of FILE scored again at depth D instead
  train mpc --out FILE [--per-stage K] [--threads T] DATA...
      Multi-ProbCut calibration: K positions per stage (default 100) from the records
      in DATA, each searched to depth 12 (less than its empties); the least-squares fit
      of every depth's score on its shallow depth's score, per stage, written as the
      Rust table src/search/mpc_table.rs
  train puzzles --out FILE [--per-theme N] [--only-move M] [--seed S] [--threads T]
                [--ffo DIR] [--midgame-depth D] DATA...
      puzzles from the positions of DATA (self-play records), taken in a random order
      (seed S): every move of each is scored, exactly up to 20 empties (near the best;
      a bound further below), else by a depth-D search (default 10); a position is kept
      when a wrong move costs 4 discs or more. N per theme (default 700): finish (6-10
      empties), endgame (11-16), deep endgame (17-20), midgame (24-40), and M (default
      N) of only move (one move alone keeps a balanced position); and the .obf
      positions of DIR as the expert set. Difficulty 1-5 by quintile within each
      theme. Writes the puzzle file (src/puzzles.rs)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => cmd_gen(&Opts::parse(&args[1..])),
        Some("fit") => cmd_fit(&Opts::parse(&args[1..])),
        Some("mae") => cmd_mae(&Opts::parse(&args[1..])),
        Some("match") => cmd_match(&Opts::parse(&args[1..])),
        Some("balanced") => cmd_balanced(&Opts::parse(&args[1..])),
        Some("mpc") => cmd_mpc(&Opts::parse(&args[1..])),
        Some("relabel") => cmd_relabel(&Opts::parse(&args[1..])),
        Some("puzzles") => cmd_puzzles(&Opts::parse(&args[1..])),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// `--name value` options and the remaining plain arguments.
struct Opts {
    named: Vec<(String, String)>,
    plain: Vec<String>,
}

impl Opts {
    fn parse(args: &[String]) -> Opts {
        let (mut named, mut plain) = (vec![], vec![]);
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.strip_prefix("--") {
                Some(name) => named.push((name.to_string(), it.next().cloned().unwrap_or_default())),
                None => plain.push(a.clone()),
            }
        }
        Opts { named, plain }
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.named.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            Some(v) => v.parse().map_err(|_| format!("--{name}: '{v}' is not a number")),
            None => Ok(default),
        }
    }

    /// `--NAME A-B` (or the default): the two numbers, or a message saying what it takes.
    fn range(&self, name: &str, default: &str) -> Result<(u32, u32), String> {
        self.get(name)
            .unwrap_or(default)
            .split_once('-')
            .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
            .ok_or(format!("--{name} takes a range A-B"))
    }

    /// The evaluation named by `--weights`, or `None`.
    fn learned(&self) -> Result<Option<Learned>, String> {
        match self.get("weights") {
            Some(path) => {
                let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
                Learned::from_bytes(&bytes).map(Some).map_err(|e| format!("{path}: {e}"))
            }
            None => Ok(None),
        }
    }
}

/// One labelled position: the side to move's discs, the other side's, and the score.
#[derive(Clone, Copy)]
struct Record {
    p: u64,
    o: u64,
    score: i8,
}

const RECORD_BYTES: usize = 17;

/// How far (in empty squares) into a neighbouring stage a position trains it too.
const SMOOTH: u32 = 2;

impl Record {
    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(&self.p.to_le_bytes())?;
        out.write_all(&self.o.to_le_bytes())?;
        out.write_all(&[self.score as u8])
    }
}

fn read_records(path: &str) -> Result<Vec<Record>, String> {
    let mut bytes = vec![];
    File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() % RECORD_BYTES != 0 {
        return Err(format!("{path}: {} bytes is not a whole number of records", bytes.len()));
    }
    Ok(bytes
        .chunks_exact(RECORD_BYTES)
        .map(|c| Record {
            p: u64::from_le_bytes(c[0..8].try_into().unwrap()),
            o: u64::from_le_bytes(c[8..16].try_into().unwrap()),
            score: c[16] as i8,
        })
        .filter(|r| r.p & r.o == 0)
        .collect())
}

fn random_move(board: Board, rng: &mut Rng) -> reversi::Square {
    let moves: Vec<_> = board.moves().collect();
    moves[(rng.next_u64() % moves.len() as u64) as usize]
}

/// Plays one self-play game: 4–16 random plies, then a depth-3 search with one move in
/// six random. Returns every position where the side to move has a move.
fn self_play(searcher: &mut Searcher, rng: &mut Rng) -> Vec<Board> {
    let mut board = Board::START;
    let random_plies = 4 + rng.next_u64() % 13;
    let mut positions = vec![];
    let mut ply = 0;
    loop {
        if !board.can_move() {
            if !board.pass().can_move() {
                return positions;
            }
            board = board.pass();
            continue;
        }
        if ply >= random_plies {
            positions.push(board);
        }
        let sq = if ply < random_plies || rng.next_u64() % 6 == 0 {
            random_move(board, rng)
        } else {
            let limits = Limits { depth: Some(3), exact_empties: 8, ..Limits::default() };
            searcher.search(board, &limits).best.expect("a move")
        };
        board = board.try_play(sq).expect("legal").0;
        ply += 1;
    }
}

fn cmd_gen(opts: &Opts) -> Result<(), String> {
    let out = opts.get("out").ok_or("gen needs --out FILE")?.to_string();
    let games: u64 = opts.num("games", 1000)?;
    let first: u64 = opts.num("first", 0)?;
    let seed: u64 = opts.num("seed", 1)?;
    let threads: u64 = opts.num("threads", 1)?;
    let depth: u32 = opts.num("depth", 8)?;
    let exact: u32 = opts.num("exact", 16)?;
    let per_game: usize = opts.num("per-game", 12)?;
    let weights = opts.learned()?;
    let mut file = BufWriter::new(
        File::options().create(true).append(true).open(&out).map_err(|e| format!("{out}: {e}"))?,
    );
    let (tx, rx) = mpsc::channel::<Vec<Record>>();
    let start = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for t in 0..threads {
            let tx = tx.clone();
            let weights = weights.clone();
            scope.spawn(move || {
                let mut searcher = Searcher::new(16 << 20);
                // Labels come from the hand-tuned evaluation unless weights are given
                // (never from whatever weights the build happens to embed).
                match weights {
                    Some(learned) => searcher.set_evaluator(Box::new(learned)),
                    None => searcher.set_evaluator(Box::new(HandTuned::default())),
                }
                // Positions already labelled by this thread are not labelled again.
                let mut seen = std::collections::HashSet::new();
                let mut g = first + t;
                while g < games {
                    // Each game has its own seed, so the data does not depend on --threads.
                    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(g));
                    let positions = self_play(&mut searcher, &mut rng);
                    let mut records = vec![];
                    for _ in 0..per_game.min(positions.len()) {
                        let b = positions[(rng.next_u64() % positions.len() as u64) as usize];
                        if !seen.insert((b.player.0, b.opponent.0)) {
                            continue;
                        }
                        let limits = Limits { depth: Some(depth), exact_empties: exact, ..Limits::default() };
                        let r = searcher.search(b, &limits);
                        let score = r.score.round().clamp(-64.0, 64.0) as i8;
                        records.push(Record { p: b.player.0, o: b.opponent.0, score });
                    }
                    if tx.send(records).is_err() {
                        return;
                    }
                    g += threads;
                }
            });
        }
        drop(tx);
        let mut done = first;
        let mut count = 0usize;
        for records in rx {
            for r in &records {
                r.write(&mut file).map_err(|e| format!("{out}: {e}"))?;
            }
            count += records.len();
            done += 1;
            if done % 100 == 0 || done == games {
                file.flush().map_err(|e| format!("{out}: {e}"))?;
                let secs = start.elapsed().as_secs_f64();
                eprintln!("{done}/{games} games, {count} positions, {secs:.0} s, {:.1} positions/s", count as f64 / secs);
            }
        }
        Ok(())
    })?;
    file.flush().map_err(|e| format!("{out}: {e}"))?;
    Ok(())
}

fn cmd_relabel(opts: &Opts) -> Result<(), String> {
    let out = opts.get("out").ok_or("relabel needs --out FILE")?.to_string();
    let (lo, hi) = opts.range("empties", "21-45")?;
    let every: usize = opts.num("every", 1)?;
    let depth: u32 = opts.num("depth", 14)?;
    let mpc: f64 = opts.num("mpc", 1.5)?;
    let exact: u32 = opts.num("exact", 20)?;
    let threads: usize = opts.num("threads", 1)?;
    let weights = opts.learned()?;
    if opts.plain.is_empty() {
        return Err("relabel needs data files".into());
    }
    let done: std::collections::HashSet<(u64, u64)> = match std::fs::metadata(&out) {
        Ok(_) => read_records(&out)?.into_iter().map(|r| (r.p, r.o)).collect(),
        Err(_) => Default::default(),
    };
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![];
    for path in &opts.plain {
        for r in read_records(path)? {
            let empties = (!(r.p | r.o)).count_ones();
            if (lo..=hi).contains(&empties) && seen.insert((r.p, r.o)) {
                todo.push(r);
            }
        }
    }
    let todo: Vec<Record> = todo.into_iter().step_by(every.max(1)).filter(|r| !done.contains(&(r.p, r.o))).collect();
    eprintln!("{} positions to label ({} done before)", todo.len(), done.len());
    let mut file = BufWriter::new(
        File::options().create(true).append(true).open(&out).map_err(|e| format!("{out}: {e}"))?,
    );
    let limits = Limits { depth: Some(depth), exact_empties: exact, mpc: (mpc > 0.0).then_some(mpc), ..Limits::default() };
    let (tx, rx) = mpsc::channel::<Record>();
    let start = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for t in 0..threads {
            let (tx, todo, limits) = (tx.clone(), &todo, &limits);
            let weights = weights.clone();
            scope.spawn(move || {
                let mut searcher = Searcher::new(16 << 20);
                if let Some(learned) = weights {
                    searcher.set_evaluator(Box::new(learned));
                }
                for r in todo.iter().skip(t).step_by(threads) {
                    let b = Board::new(reversi::Bitboard(r.p), reversi::Bitboard(r.o));
                    let score = searcher.search(b, limits).score.round().clamp(-64.0, 64.0) as i8;
                    if tx.send(Record { score, ..*r }).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for (k, r) in rx.into_iter().enumerate() {
            r.write(&mut file).map_err(|e| format!("{out}: {e}"))?;
            if (k + 1) % 1000 == 0 || k + 1 == todo.len() {
                file.flush().map_err(|e| format!("{out}: {e}"))?;
                let secs = start.elapsed().as_secs_f64();
                eprintln!("{}/{} positions, {secs:.0} s, {:.1} positions/s", k + 1, todo.len(), (k + 1) as f64 / secs);
            }
        }
        Ok(())
    })?;
    file.flush().map_err(|e| format!("{out}: {e}"))?;
    Ok(())
}

/// The least-squares fit of one stage: `rows[i]` holds the canonical weight indices of
/// position `i`, `targets[i]` its score. Conjugate gradient on the normal equations
/// (CGLS) of `min |A w - y|^2 + lambda |w|^2`.
fn fit_stage(rows: &[[u32; FEATURES]], targets: &[f32], lambda: f64, iters: usize) -> Vec<f64> {
    // Index WEIGHTS_PER_STAGE is the slot of pruned configurations: held at zero.
    let n = WEIGHTS_PER_STAGE + 1;
    let apply = |w: &[f64]| -> Vec<f64> { rows.iter().map(|r| r.iter().map(|&i| w[i as usize]).sum()).collect() };
    let apply_t = |v: &[f64], w: &[f64]| -> Vec<f64> {
        let mut g: Vec<f64> = w.iter().map(|&x| -lambda * x).collect();
        for (r, &x) in rows.iter().zip(v) {
            for &i in r {
                g[i as usize] += x;
            }
        }
        g[WEIGHTS_PER_STAGE] = 0.0;
        g
    };
    let mut w = vec![0.0; n];
    let mut r: Vec<f64> = targets.iter().map(|&t| t as f64).collect();
    let mut s = apply_t(&r, &w);
    let mut p = s.clone();
    let mut gamma: f64 = s.iter().map(|x| x * x).sum();
    for _ in 0..iters {
        if gamma < 1e-9 {
            break;
        }
        let q = apply(&p);
        let delta: f64 = q.iter().map(|x| x * x).sum::<f64>() + lambda * p.iter().map(|x| x * x).sum::<f64>();
        let alpha = gamma / delta;
        for (wi, pi) in w.iter_mut().zip(&p) {
            *wi += alpha * pi;
        }
        for (ri, qi) in r.iter_mut().zip(&q) {
            *ri -= alpha * qi;
        }
        s = apply_t(&r, &w);
        let next: f64 = s.iter().map(|x| x * x).sum();
        let beta = next / gamma;
        for (pi, si) in p.iter_mut().zip(&s) {
            *pi = si + beta * *pi;
        }
        gamma = next;
    }
    w
}

fn cmd_fit(opts: &Opts) -> Result<(), String> {
    let out = opts.get("out").ok_or("fit needs --out FILE")?;
    let lambda: f64 = opts.num("lambda", 0.5)?;
    let iters: usize = opts.num("iters", 200)?;
    let min_count: u32 = opts.num("min-count", 4)?;
    // With a base, the fit is of the residuals (score minus the base's evaluation) and
    // the result is base + fit: ridge regression pulled towards the base weights.
    let base: Option<Vec<i16>> = match opts.get("base") {
        Some(path) => Some(patterns::decode_weights_widened(&std::fs::read(path).map_err(|e| format!("{path}: {e}"))?).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    if opts.plain.is_empty() {
        return Err("fit needs data files".into());
    }
    let start = Instant::now();
    let mut records = vec![];
    let mut seen = std::collections::HashSet::new();
    let mut read = 0;
    for path in &opts.plain {
        let r = read_records(path)?;
        read += r.len();
        // A position labelled twice counts once.
        records.extend(r.into_iter().filter(|r| seen.insert((r.p, r.o))));
    }
    eprintln!("{read} records, {} distinct positions", records.len());
    // Labels from a deeper search (`train relabel`) replace those of the same positions.
    if let Some(path) = opts.get("relabelled") {
        let better: std::collections::HashMap<(u64, u64), i8> =
            read_records(path)?.into_iter().map(|r| ((r.p, r.o), r.score)).collect();
        let mut replaced = 0;
        for r in records.iter_mut() {
            if let Some(&s) = better.get(&(r.p, r.o)) {
                r.score = s;
                replaced += 1;
            }
        }
        eprintln!("{replaced} labels replaced from {path} ({} records)", better.len());
    }
    let canon = canonical_indices();
    // One run of ten records in twenty (records come up to twelve to a game) is held
    // out to measure the fit on positions from games it has not seen.
    let mut by_stage: Vec<(Vec<[u32; FEATURES]>, Vec<f32>)> = vec![(vec![], vec![]); STAGES];
    let mut held: Vec<Vec<Record>> = vec![vec![]; STAGES];
    for (k, r) in records.iter().enumerate() {
        let empties = (!(r.p | r.o)).count_ones();
        let s = patterns::stage(empties);
        if (k / 10) % 20 == 19 {
            held[s].push(*r);
            continue;
        }
        let mut f = feature_indices(r.p, r.o);
        for i in f.iter_mut() {
            *i = canon[*i as usize];
        }
        // A position also trains the neighbouring stage when it is within SMOOTH
        // empties of it: more data per stage, and weights that change smoothly.
        let stages = [patterns::stage(empties.saturating_sub(SMOOTH)), s, patterns::stage(empties + SMOOTH)];
        for (j, &t) in stages.iter().enumerate() {
            if j == 1 || t != s {
                let prior = base.as_ref().map_or(0.0, |b| {
                    feature_indices(r.p, r.o).iter().map(|&i| b[t * WEIGHTS_PER_STAGE + i as usize] as f64).sum::<f64>() / patterns::UNITS_PER_DISC as f64
                });
                by_stage[t].0.push(f);
                by_stage[t].1.push((r.score as f64 - prior) as f32);
            }
        }
    }
    // Configurations seen fewer than min_count times in a stage keep weight zero: too
    // few to learn from, and they would only fit noise and fill the weight file.
    for (rows, _) in by_stage.iter_mut() {
        let mut count = vec![0u32; WEIGHTS_PER_STAGE];
        for r in rows.iter() {
            for &i in r {
                count[i as usize] += 1;
            }
        }
        for r in rows.iter_mut() {
            for i in r.iter_mut() {
                if count[*i as usize] < min_count {
                    *i = WEIGHTS_PER_STAGE as u32;
                }
            }
        }
    }
    let mut weights = vec![0i16; STAGES * WEIGHTS_PER_STAGE];
    eprintln!("{:>5} {:>9} {:>9} {:>10} {:>10} {:>8}", "stage", "empties", "train", "train MAE", "held MAE", "nonzero");
    for (s, (rows, targets)) in by_stage.iter().enumerate() {
        let w = fit_stage(rows, targets, lambda, iters);
        let stage_w = &mut weights[s * WEIGHTS_PER_STAGE..(s + 1) * WEIGHTS_PER_STAGE];
        for i in 0..WEIGHTS_PER_STAGE {
            let prior = base.as_ref().map_or(0.0, |b| b[s * WEIGHTS_PER_STAGE + i] as f64);
            let q = (w[canon[i] as usize] * patterns::UNITS_PER_DISC as f64 + prior).round();
            stage_w[i] = q.clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        }
        let predict = |p: u64, o: u64| -> f64 {
            feature_indices(p, o).iter().map(|&i| stage_w[i as usize] as f64).sum::<f64>() / patterns::UNITS_PER_DISC as f64
        };
        // Against the fitted targets (residuals of the base, when there is one).
        let fitted = |r: &[u32; FEATURES]| r.iter().map(|&i| w[i as usize]).sum::<f64>();
        let train_mae = rows.iter().zip(targets).map(|(r, &t)| (fitted(r) - t as f64).abs()).sum::<f64>() / rows.len().max(1) as f64;
        let held_mae =
            held[s].iter().map(|r| (predict(r.p, r.o) - r.score as f64).abs()).sum::<f64>() / held[s].len().max(1) as f64;
        let nonzero = (0..WEIGHTS_PER_STAGE).filter(|&i| canon[i] as usize == i && stage_w[i] != 0).count();
        eprintln!(
            "{s:>5} {:>9} {:>9} {train_mae:>10.2} {held_mae:>10.2} {nonzero:>8}",
            format!("{}-{}", 5 * s + 1, 5 * s + 5),
            rows.len()
        );
    }
    let bytes = patterns::encode_weights(&weights);
    // Read back what was written: the file must load before it is kept.
    Learned::from_bytes(&bytes).map_err(|e| format!("the written weights do not load: {e}"))?;
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}: {} bytes, {:.0} s", bytes.len(), start.elapsed().as_secs_f64());
    Ok(())
}

fn cmd_mae(opts: &Opts) -> Result<(), String> {
    let depth: u32 = opts.num("depth", 2)?;
    let learned = match opts.learned()? {
        Some(l) => l,
        None => Learned::embedded().map_err(|e| e.to_string())?,
    };
    let mut positions = vec![];
    for path in &opts.plain {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('%')) {
            let (board, scores) = parse_obf_line(line).map_err(|e| format!("{path} line {}: {e}", i + 1))?;
            if let Some(best) = scores.iter().map(|&(_, s)| s).max() {
                positions.push((board, best));
            }
        }
    }
    if positions.is_empty() {
        return Err("mae needs .obf files with scores".into());
    }
    let evals: [(&str, Box<dyn Evaluator>); 2] = [("hand-tuned", Box::new(HandTuned::default())), ("learned", Box::new(learned))];
    for (name, eval) in evals {
        let mut searcher = Searcher::default();
        searcher.set_evaluator(eval);
        let limits = Limits { depth: Some(depth), exact_empties: 0, ..Limits::default() };
        let err: f64 = positions.iter().map(|&(b, s)| (searcher.search(b, &limits).score - s as f64).abs()).sum();
        println!("{name:<11} depth {depth}: mean absolute error {:.2} discs over {} positions", err / positions.len() as f64, positions.len());
    }
    Ok(())
}

/// Positions after six plies, one per symmetry class, that a depth-8 hand-tuned search
/// scores within 2 discs: a fixed, reproducible list of balanced starts.
fn balanced_openings(count: usize) -> Vec<Board> {
    fn walk(b: Board, plies: u32, seen: &mut Vec<Board>) {
        if plies == 0 {
            let canonical = (0..8).map(|k| b.symmetry(k)).min_by_key(|t| (t.player.0, t.opponent.0)).unwrap();
            seen.push(canonical);
            return;
        }
        for sq in b.moves() {
            walk(b.try_play(sq).unwrap().0, plies - 1, seen);
        }
    }
    let mut all = vec![];
    walk(Board::START, 6, &mut all);
    all.sort_unstable_by_key(|b| (b.player.0, b.opponent.0));
    all.dedup();
    let mut rng = Rng::new(6);
    for i in (1..all.len()).rev() {
        all.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let mut searcher = Searcher::default();
    searcher.set_evaluator(Box::new(HandTuned::default()));
    let limits = Limits { depth: Some(8), ..Limits::default() };
    all.into_iter().filter(|&b| searcher.search(b, &limits).score.abs() <= 2.0).take(count).collect()
}

fn cmd_match(opts: &Opts) -> Result<(), String> {
    let count: usize = opts.num("openings", 150)?;
    let depth: Option<u32> = opts.get("depth").map(|d| d.parse().map_err(|_| "--depth: not a number")).transpose()?;
    let time: Option<f64> = opts.get("time").map(|d| d.parse().map_err(|_| "--time: not a number")).transpose()?;
    let limits = match (depth, time) {
        (Some(d), None) => Limits { depth: Some(d), ..Limits::default() },
        (None, Some(t)) => Limits { time_ms: Some(t), ..Limits::default() },
        _ => return Err("match needs --depth D or --time MS".into()),
    };
    let learned_bytes = match opts.get("weights") {
        Some(path) => std::fs::read(path).map_err(|e| format!("{path}: {e}"))?,
        None => patterns::EMBEDDED_WEIGHTS.to_vec(),
    };
    let mut learned = Searcher::default();
    learned.set_evaluator(Box::new(Learned::from_bytes(&learned_bytes).map_err(|e| e.to_string())?));
    let mut hand = Searcher::default();
    hand.set_evaluator(Box::new(HandTuned::default()));
    let opponent = match opts.get("against") {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            hand.set_evaluator(Box::new(Learned::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?));
            path.to_string()
        }
        None => "hand-tuned".to_string(),
    };
    let start = Instant::now();
    let openings = balanced_openings(count);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    for (i, &opening) in openings.iter().enumerate() {
        for learned_first in [true, false] {
            let mut board = opening;
            let mut learned_to_move = learned_first;
            while !board.is_game_over() {
                if !board.can_move() {
                    board = board.pass();
                    learned_to_move = !learned_to_move;
                    continue;
                }
                let s = if learned_to_move { &mut learned } else { &mut hand };
                let best = s.search(board, &limits).best.expect("a move");
                board = board.try_play(best).unwrap().0;
                learned_to_move = !learned_to_move;
            }
            // final_score is for the side to move at the end.
            let to_move_margin = board.final_score();
            let for_learned = if learned_to_move { to_move_margin } else { -to_move_margin };
            margin += for_learned as i64;
            match for_learned.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
        }
        if (i + 1) % 10 == 0 {
            eprintln!("{} openings: {wins}-{draws}-{losses}", i + 1);
        }
    }
    let games = wins + draws + losses;
    let points = wins as f64 + draws as f64 / 2.0;
    println!(
        "learned vs {opponent}, {}: {games} games from {} openings, {wins} wins, {draws} draws, {losses} losses, \
         {:.1}% of the points, average margin {:+.2}, {:.0} s",
        match (depth, time) {
            (Some(d), _) => format!("depth {d}"),
            (_, Some(t)) => format!("{t} ms per move"),
            _ => unreachable!(),
        },
        openings.len(),
        100.0 * points / games.max(1) as f64,
        margin as f64 / games.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn cmd_balanced(opts: &Opts) -> Result<(), String> {
    let count: usize = opts.num("count", 100)?;
    let depth: u32 = opts.num("depth", 12)?;
    let margin: f64 = opts.num("margin", 2.0)?;
    let seed: u64 = opts.num("seed", 1)?;
    let plies = opts.get("plies").unwrap_or("6-10");
    let (lo, hi) = opts
        .range("plies", "6-10")
        .ok()
        .map(|(a, b)| (a as u64, b as u64))
        .filter(|&(a, b)| 1 <= a && a <= b && b <= 20)
        .ok_or("--plies takes A-B, 1 <= A <= B <= 20")?;
    let mut searcher = Searcher::default();
    // --rescore FILE: the same transcripts scored again with the weights in use (every
    // match is played from the list, so its openings stay; only their scores change).
    if let Some(path) = opts.get("rescore") {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            let Some((moves, _)) = line.split_once(' ').filter(|_| !line.starts_with('#')) else {
                println!("{line}");
                continue;
            };
            let game = reversi::Game::from_transcript(moves).map_err(|e| format!("{path}: {moves}: {e}"))?;
            let r = searcher.search(game.position().board(), &Limits { depth: Some(depth), ..Limits::default() });
            println!("{moves} {:+.2}", r.score);
        }
        return Ok(());
    }
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::HashSet::new();
    let (mut kept, mut tried) = (0, 0);
    println!("# Balanced openings: transcript, then the score for the side to move at depth {depth}");
    println!("# (learned evaluation). Made by: train balanced --count {count} --depth {depth} --margin {margin} --plies {plies} --seed {seed}");
    while kept < count {
        let n = lo + rng.next_u64() % (hi - lo + 1);
        let mut game = reversi::Game::new();
        for _ in 0..n {
            let board = game.position().board();
            let scored = searcher.analyze(board, &Limits { depth: Some(2), ..Limits::default() });
            let best = scored[0].score;
            let near: Vec<_> = scored.iter().filter(|m| m.score >= best - 4.0).collect();
            let pick = near[(rng.next_u64() % near.len() as u64) as usize].square;
            game.play(pick).map_err(|e| e.to_string())?;
        }
        let board = game.position().board();
        if !board.can_move() {
            continue;
        }
        let canonical = (0..8).map(|k| board.symmetry(k)).map(|t| (t.player.0, t.opponent.0)).min().unwrap();
        if !seen.insert(canonical) {
            continue;
        }
        tried += 1;
        let r = searcher.search(board, &Limits { depth: Some(depth), ..Limits::default() });
        if r.score.abs() <= margin {
            println!("{} {:+.2}", game.transcript(), r.score);
            kept += 1;
        }
    }
    eprintln!("{kept} kept of {tried} scored");
    Ok(())
}

fn cmd_mpc(opts: &Opts) -> Result<(), String> {
    use reversi::search::mpc::{shallow_depth, MAX_CALIBRATED, MIN_DEPTH};
    let out = opts.get("out").ok_or("mpc needs --out FILE")?.to_string();
    let per_stage: usize = opts.num("per-stage", 100)?;
    let threads: usize = opts.num("threads", 2)?;
    let mut by_stage: Vec<Vec<Board>> = vec![vec![]; STAGES];
    let mut rng = Rng::new(7);
    let mut all = vec![];
    for path in &opts.plain {
        all.extend(read_records(path)?);
    }
    for i in (1..all.len()).rev() {
        all.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    for r in &all {
        let b = Board::new(reversi::Bitboard(r.p), reversi::Bitboard(r.o));
        let s = patterns::stage(b.empty().count());
        if by_stage[s].len() < per_stage && b.can_move() {
            by_stage[s].push(b);
        }
    }
    let jobs: Vec<(usize, Board)> = by_stage.iter().enumerate().flat_map(|(s, v)| v.iter().map(move |&b| (s, b))).collect();
    eprintln!("{} positions", jobs.len());
    let start = Instant::now();
    // samples[stage][depth] = (shallow score, deep score) pairs, in discs.
    let samples = std::sync::Mutex::new(vec![vec![vec![]; MAX_CALIBRATED as usize + 1]; STAGES]);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(64 << 20);
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&(s, b)) = jobs.get(i) else { break };
                    let n = b.empty().count();
                    let depth = MAX_CALIBRATED.min(n - 1);
                    if depth < MIN_DEPTH {
                        continue;
                    }
                    let scores = std::rc::Rc::new(std::cell::RefCell::new(vec![f64::NAN; depth as usize + 1]));
                    let sink = scores.clone();
                    searcher.set_progress(Some(Box::new(move |r| sink.borrow_mut()[r.depth as usize] = r.score)));
                    searcher.search(b, &Limits { depth: Some(depth), ..Limits::default() });
                    searcher.set_progress(None);
                    let scores = scores.borrow();
                    let mut all = samples.lock().unwrap();
                    for d in MIN_DEPTH..=depth {
                        all[s][d as usize].push((scores[shallow_depth(d) as usize], scores[d as usize]));
                    }
                    if i % 100 == 99 {
                        eprintln!("{} positions, {:.0} s", i + 1, start.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });
    let samples = samples.into_inner().unwrap();
    let mut table = String::from("// Written by `train mpc` (see TRAINING.md): Fit { a, b, sigma } for depths\n// MIN_DEPTH..=MAX_CALIBRATED (rows), stages 0..STAGES (columns).\n[\n");
    for d in MIN_DEPTH..=MAX_CALIBRATED {
        let mut fits = vec![None; STAGES];
        for (s, fit) in fits.iter_mut().enumerate() {
            let xy = &samples[s][d as usize];
            if xy.len() < 30 {
                continue;
            }
            let n = xy.len() as f64;
            let (mx, my) = (xy.iter().map(|p| p.0).sum::<f64>() / n, xy.iter().map(|p| p.1).sum::<f64>() / n);
            let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
            let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
            let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
            let b = my - a * mx;
            let var = xy.iter().map(|p| (p.1 - a * p.0 - b).powi(2)).sum::<f64>() / (n - 2.0);
            *fit = Some((a, b, var.sqrt(), xy.len()));
        }
        // A stage without enough samples (too few empties for this depth) borrows the
        // nearest stage's fit; the search never cuts there anyway unless depth < empties.
        let filled: Vec<(f64, f64, f64, usize)> = (0..STAGES)
            .map(|s| {
                (0..STAGES)
                    .filter_map(|t| fits[t].map(|f| (s.abs_diff(t), f)))
                    .min_by_key(|&(dist, _)| dist)
                    .map(|(_, f)| f)
                    .unwrap_or((1.0, 0.0, 8.0, 0))
            })
            .collect();
        table.push_str("    [\n");
        for (s, (a, b, sigma, count)) in filled.iter().enumerate() {
            table.push_str(&format!("        Fit {{ a: {a:.3}, b: {b:.3}, sigma: {sigma:.3} }}, // depth {d} from {}, stage {s}: {count} samples\n", shallow_depth(d)));
        }
        table.push_str("    ],\n");
    }
    table.push_str("]\n");
    std::fs::write(&out, table).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}, {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Every move of `board` scored: up to 20 empties exactly where within 9 discs of the
/// best (a bound below that, which is all that judging a puzzle needs), else by a
/// `depth` search.
fn score_moves(s: &mut Searcher, board: Board, depth: u32) -> Vec<reversi::search::MoveScore> {
    if board.empty().count() <= 20 {
        s.analyze_near_best(board, 9).unwrap_or_default()
    } else {
        s.analyze(board, &Limits { depth: Some(depth), exact_empties: 0, ..Limits::default() })
    }
}

/// A position's colours from a record (side to move first): Black moves when an even
/// number of discs has been played (records come from games without early passes).
fn record_position(p: u64, o: u64) -> reversi::Position {
    use reversi::{Bitboard, Color, Position};
    let played = (p | o).count_ones() - 4;
    if played % 2 == 0 {
        Position { black: Bitboard(p), white: Bitboard(o), to_move: Color::Black }
    } else {
        Position { black: Bitboard(o), white: Bitboard(p), to_move: Color::White }
    }
}

fn cmd_puzzles(opts: &Opts) -> Result<(), String> {
    use reversi::puzzles::{self, judge, near_count, Puzzle, Theme};
    let out = opts.get("out").ok_or("train puzzles: --out FILE is required")?;
    let per_theme: usize = opts.num("per-theme", 700)?;
    let only_moves: usize = opts.num("only-move", per_theme)?;
    let seed: u64 = opts.num("seed", 1)?;
    let threads: usize = opts.num("threads", 2)?;
    let depth: u32 = opts.num("midgame-depth", 10)?;
    let started = Instant::now();
    let mut records = vec![];
    for path in &opts.plain {
        records.extend(read_records(path)?);
    }
    // A random order without repeats.
    let mut rng = Rng::new(seed);
    for i in (1..records.len()).rev() {
        records.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let mut seen = std::collections::HashSet::new();
    records.retain(|r| seen.insert((r.p, r.o)));
    // Found puzzles per theme, with their hardness.
    let mut found: Vec<Vec<(Puzzle, f64)>> = vec![vec![]; Theme::ALL.len()];
    let wanted = |found: &Vec<Vec<(Puzzle, f64)>>, t: Theme| found[t as usize].len() < if t == Theme::OnlyMove { only_moves } else { per_theme };
    let mut next = 0;
    let batch = 16 * threads.max(1);
    while next < records.len() && [Theme::Finish, Theme::Endgame, Theme::DeepEndgame, Theme::Midgame, Theme::OnlyMove].iter().any(|&t| wanted(&found, t)) {
        // The next batch of candidates whose theme still wants puzzles.
        let mut cands = vec![];
        while next < records.len() && cands.len() < batch {
            let r = records[next];
            next += 1;
            let b = Board::new(reversi::Bitboard(r.p), reversi::Bitboard(r.o));
            let Some(theme) = Theme::by_empties(b.empty().count()) else { continue };
            let could_be_only = theme != Theme::Midgame && b.empty().count() >= 8 && wanted(&found, Theme::OnlyMove);
            if (wanted(&found, theme) || could_be_only) && b.moves().count() >= 2 {
                cands.push((b, theme));
            }
        }
        let chunk = cands.len().div_ceil(threads.max(1)).max(1);
        let scored: Vec<_> = std::thread::scope(|sc| {
            let handles: Vec<_> = cands
                .chunks(chunk)
                .map(|part| {
                    sc.spawn(move || {
                        let mut s = Searcher::new(1 << 24);
                        part.iter().map(|&(b, theme)| (b, theme, score_moves(&mut s, b, depth))).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("a puzzle thread")).collect()
        });
        for (b, theme, scores) in scored {
            let Some(only) = judge(&scores, 4.0) else { continue };
            let theme = if only && theme != Theme::Midgame && wanted(&found, Theme::OnlyMove) { Theme::OnlyMove } else { theme };
            if !wanted(&found, theme) {
                continue;
            }
            let empties = b.empty().count();
            let puzzle = Puzzle {
                position: record_position(b.player.0, b.opponent.0),
                theme,
                difficulty: 1,
                best: scores[0].square.index() as u8,
                score: scores[0].score.round().clamp(-64.0, 64.0) as i8,
                near: near_count(&scores),
            };
            found[theme as usize].push((puzzle, puzzles::hardness(&scores, empties)));
        }
        let counts: Vec<usize> = found.iter().map(Vec::len).collect();
        eprintln!("{next} positions read, puzzles per theme {counts:?}, {:.0} s", started.elapsed().as_secs_f64());
    }
    // The expert set: the FFO positions, best move by our solver (to 24 empties) or a
    // deep search.
    if let Some(dir) = opts.get("ffo") {
        let mut files: Vec<_> = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))?.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "obf")).collect();
        files.sort_by_key(|p| p.to_string_lossy().split(|c: char| !c.is_ascii_digit()).find_map(|n| n.parse::<u32>().ok()).unwrap_or(0));
        let mut s = Searcher::new(1 << 26);
        for path in files {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let position: reversi::Position = line.parse().map_err(|e| format!("{}: {e}", path.display()))?;
                let b = position.board();
                let empties = b.empty().count();
                let (best, score) = if empties <= 24 {
                    let (v, mv) = s.solve(b, reversi::search::SolveMode::Exact, &Limits::default()).ok_or("the solver stopped")?;
                    (mv.map_or(0, |m| m.index() as u8), v)
                } else {
                    let r = s.search(b, &Limits { depth: Some(14), exact_empties: 0, ..Limits::default() });
                    (r.best.map_or(0, |m| m.index() as u8), r.score.round() as i32)
                };
                let puzzle = Puzzle { position, theme: Theme::Expert, difficulty: 1, best, score: score.clamp(-64, 64) as i8, near: 0 };
                found[Theme::Expert as usize].push((puzzle, empties as f64));
            }
        }
    }
    let mut all = vec![];
    for list in &found {
        let ranks = puzzles::rank_difficulty(&list.iter().map(|(_, h)| *h).collect::<Vec<_>>());
        all.extend(list.iter().zip(ranks).map(|((p, _), d)| Puzzle { difficulty: d, ..*p }));
    }
    let bytes = puzzles::encode(&all);
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    let counts: Vec<usize> = found.iter().map(Vec::len).collect();
    eprintln!("{} puzzles {counts:?}, {} bytes, {:.0} s", all.len(), bytes.len(), started.elapsed().as_secs_f64());
    Ok(())
}
