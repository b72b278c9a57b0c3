//! The levels' rating ladder: games between neighbouring levels and two fixed anchors
//! (a player that plays a random legal move, and one that flips the most discs), from
//! the balanced openings with both colours, fitted to one Elo scale by maximum
//! likelihood (as BayesElo and Ordo do), each rating with its error bar.
//!
//! `reversi ladder play` appends every game to a file as it ends and skips the games
//! the file already holds, so a run that is stopped goes on where it was; the games are
//! seeded by their pair, opening and colours, so a rerun plays the same games.
//! `reversi ladder fit` prints the table.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::Write;
use std::time::Instant;

use reversi::notation::Color;
use reversi::search::{Level, Rng, Searcher};
use reversi::{Game, Square};

/// The rating the random mover is given: the scale's fixed point.
pub const RANDOM_ELO: f64 = 500.0;

/// One side of a ladder game.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// A random legal move.
    Random,
    /// The legal move that flips the most discs (ties at random).
    Flips,
    /// A playing level.
    Level(Level),
    /// A level being tried out, with its name.
    Trial(Level, String),
}

impl Player {
    /// `random`, `flips`, or a level's number.
    pub fn parse(s: &str) -> Result<Player, String> {
        match s {
            "random" => Ok(Player::Random),
            "flips" => Ok(Player::Flips),
            _ if s.starts_with('x') => {
                // `xDtTeE[b]`: a trial level of depth D, temperature T, exact from E
                // empties, with the book when it ends in `b` (for tuning the table).
                let bad = || format!("'{s}' is not a trial level such as x1t12e0");
                let rest = s.strip_prefix('x').ok_or_else(bad)?;
                let book = rest.ends_with('b');
                let rest = rest.trim_end_matches('b');
                let (d, rest) = rest.split_once('t').ok_or_else(bad)?;
                let (t, e) = rest.split_once('e').ok_or_else(bad)?;
                let mut level = Level::get(1).expect("level 1");
                level.number = 0;
                level.greedy = false;
                level.book = book;
                level.depth = d.parse().map_err(|_| bad())?;
                level.temperature = t.parse().map_err(|_| bad())?;
                level.exact_empties = e.parse().map_err(|_| bad())?;
                Ok(Player::Trial(level, s.to_string()))
            }
            _ => {
                // `N@T`: level N choosing at temperature T (for tuning the levels).
                let (n, t) = s.split_once('@').map_or((s, None), |(n, t)| (n, Some(t)));
                let mut level = n.parse().ok().and_then(Level::get).ok_or(format!("'{s}' is not a player: random, flips, or a level from 1 to {}", Level::MAX))?;
                if let Some(t) = t {
                    level.temperature = t.parse().map_err(|_| format!("'{s}': '{t}' is not a temperature"))?;
                }
                Ok(Player::Level(level))
            }
        }
    }

    /// Every player of the ladder, weakest first (as far as it is known).
    pub fn all() -> Vec<Player> {
        let mut v = vec![Player::Random, Player::Flips];
        v.extend((1..=Level::MAX).map(|n| Player::Level(Level::get(n).expect("in range"))));
        v
    }

    /// The move this player makes in `game`, and the nodes its search visited.
    pub fn choose(&self, game: &Game, searcher: &mut Searcher, rng: &mut Rng) -> (Square, u64) {
        let board = game.position().board();
        match self {
            Player::Level(level) | Player::Trial(level, _) => {
                let r = searcher.play_level(board, level, rng);
                (r.best.expect("a side to move has a move"), r.nodes)
            }
            Player::Random => {
                let moves: Vec<Square> = board.moves().collect();
                (moves[(rng.next_u64() % moves.len() as u64) as usize], 0)
            }
            Player::Flips => {
                let moves: Vec<(Square, u32)> = board.moves().map(|sq| (sq, board.flips(sq).count())).collect();
                let most = moves.iter().map(|m| m.1).max().expect("a side to move has a move");
                let best: Vec<Square> = moves.iter().filter(|m| m.1 == most).map(|m| m.0).collect();
                (best[(rng.next_u64() % best.len() as u64) as usize], 0)
            }
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::Flips => write!(f, "flips"),
            Player::Level(l) if Level::get(l.number).is_some_and(|d| d.temperature == l.temperature) => write!(f, "{}", l.number),
            Player::Level(l) => write!(f, "{}@{}", l.number, l.temperature),
            Player::Trial(_, name) => write!(f, "{name}"),
        }
    }
}

/// One finished game of the ladder file: `A B OPENING A_BLACK MARGIN_FOR_A A_NODES
/// A_MOVES A_MS B_NODES B_MOVES B_MS`.
#[derive(Clone, Debug)]
pub struct Record {
    pub a: String,
    pub b: String,
    pub opening: usize,
    pub a_black: bool,
    pub margin: i32,
    /// Per side: nodes, moves, milliseconds.
    pub work: [(u64, u32, f64); 2],
}

impl Record {
    fn parse(line: &str) -> Option<Record> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 11 {
            return None;
        }
        let n = |i: usize| f[i].parse::<f64>().ok();
        Some(Record {
            a: f[0].to_string(),
            b: f[1].to_string(),
            opening: f[2].parse().ok()?,
            a_black: f[3] == "1",
            margin: f[4].parse().ok()?,
            work: [(n(5)? as u64, n(6)? as u32, n(7)?), (n(8)? as u64, n(9)? as u32, n(10)?)],
        })
    }

    fn line(&self) -> String {
        let [(an, am, at), (bn, bm, bt)] = self.work;
        format!("{} {} {} {} {:+} {an} {am} {at:.0} {bn} {bm} {bt:.0}", self.a, self.b, self.opening, u8::from(self.a_black), self.margin)
    }

    /// A's score: 1 a win, 0.5 a draw, 0 a loss.
    fn score(&self) -> f64 {
        match self.margin.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        }
    }
}

/// Reads the games of a ladder file (a missing file holds none).
pub fn read(path: &str) -> Vec<Record> {
    std::fs::read_to_string(path).unwrap_or_default().lines().filter(|l| !l.starts_with('#')).filter_map(Record::parse).collect()
}

/// Plays one game from `opening` (a transcript), A with Black when `a_black`.
pub fn play_game(opening: &str, a: &Player, b: &Player, a_black: bool, seed: u64) -> Result<Record, String> {
    let mut game = Game::from_transcript(opening).map_err(|e| e.to_string())?;
    let mut searchers = [Searcher::default(), Searcher::default()];
    let mut rng = Rng::new(seed);
    let mut work = [(0u64, 0u32, 0f64); 2];
    while let Some(side) = game.to_move() {
        let a_moves = (side == Color::Black) == a_black;
        let (who, i) = if a_moves { (a, 0) } else { (b, 1) };
        let t = Instant::now();
        let (sq, nodes) = who.choose(&game, &mut searchers[i], &mut rng);
        work[i].0 += nodes;
        work[i].1 += 1;
        work[i].2 += t.elapsed().as_secs_f64() * 1000.0;
        game.play(sq).map_err(|e| e.to_string())?;
    }
    let r = game.result().expect("the game is over");
    let (black, white) = r.official();
    let margin = black as i32 - white as i32;
    Ok(Record { a: a.to_string(), b: b.to_string(), opening: 0, a_black, margin: if a_black { margin } else { -margin }, work })
}

/// A game's seed from what the game is, so that a rerun plays it again.
fn seed_of(a: &str, b: &str, opening: usize, a_black: bool) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in format!("{a}|{b}|{opening}|{a_black}").bytes() {
        h = (h ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `ladder play [--file F] [--pairs A:B,C:D] [--games N] [--openings FIRST]`: the
/// neighbouring pairs (or the pairs given), `N` games each (default 100 for the pairs
/// whose moves take under 0.1 s and 48 for the pair with the level that plays by the clock), appended to the file.
pub fn cmd_play(args: &[String]) -> Result<(), String> {
    let mut file = "data/ladder/games.txt".to_string();
    let mut pairs: Option<Vec<(Player, Player)>> = None;
    let mut games: Option<usize> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--file" => file = v.clone(),
            "--games" => games = Some(v.parse().map_err(|_| format!("--games: '{v}' is not a number"))?),
            "--pairs" => {
                let mut list = vec![];
                for p in v.split(',') {
                    let (x, y) = p.split_once(':').ok_or(format!("--pairs: '{p}' is not A:B"))?;
                    list.push((Player::parse(x)?, Player::parse(y)?));
                }
                pairs = Some(list);
            }
            _ => return Err(format!("ladder play: unknown option {a}")),
        }
    }
    let pairs = pairs.unwrap_or_else(|| {
        let all = Player::all();
        let mut v: Vec<(Player, Player)> = all.windows(2).map(|w| (w[1].clone(), w[0].clone())).collect();
        // Two more links to the anchors, so that the bottom of the ladder is not one chain.
        v.insert(1, (Player::Level(Level::get(1).expect("level 1")), Player::Random));
        v.insert(3, (Player::Level(Level::get(2).expect("level 2")), Player::Flips));
        v
    });
    let openings = reversi::openings::balanced();
    if let Some(dir) = std::path::Path::new(&file).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let done: HashSet<(String, String, usize, bool)> = read(&file).into_iter().map(|r| (r.a, r.b, r.opening, r.a_black)).collect();
    let mut out = std::fs::OpenOptions::new().create(true).append(true).open(&file).map_err(|e| format!("{file}: {e}"))?;
    for (a, b) in pairs {
        let quick = ![&a, &b].iter().any(|p| matches!(p, Player::Level(x) if x.by_clock()));
        let want = games.unwrap_or(if quick { 100 } else { 48 });
        let start = Instant::now();
        let mut played = 0;
        for k in 0..want {
            let (opening, a_black) = (k / 2, k % 2 == 0);
            let Some(&(transcript, _)) = openings.get(opening) else { break };
            if done.contains(&(a.to_string(), b.to_string(), opening, a_black)) {
                continue;
            }
            let mut r = play_game(transcript, &a, &b, a_black, seed_of(&a.to_string(), &b.to_string(), opening, a_black))?;
            r.opening = opening;
            writeln!(out, "{}", r.line()).map_err(|e| format!("{file}: {e}"))?;
            out.flush().map_err(|e| format!("{file}: {e}"))?;
            played += 1;
        }
        println!("{a} vs {b}: {played} new games in {:.0} s", start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Elo ratings by maximum likelihood: each game's score (draws a half) is taken as a
/// Bernoulli outcome of the logistic expectation `1 / (1 + 10^((Rb - Ra) / 400))`. The
/// random mover is fixed at [`RANDOM_ELO`]; the error bars are one standard deviation
/// from the inverse of the Fisher information (the curvature of the likelihood).
pub fn fit(records: &[Record]) -> Vec<(String, f64, f64)> {
    let mut names: Vec<String> = Player::all().iter().map(|p| p.to_string()).collect();
    for r in records {
        for n in [&r.a, &r.b] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    let present: HashSet<&String> = records.iter().flat_map(|r| [&r.a, &r.b]).collect();
    names.retain(|n| present.contains(n));
    let index: HashMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (n, i)).collect();
    let n = names.len();
    let fixed = names.iter().position(|x| x == "random");
    let k = std::f64::consts::LN_10 / 400.0;
    let mut r = vec![RANDOM_ELO; n];
    let games: Vec<(usize, usize, f64)> = records.iter().map(|g| (index[&g.a], index[&g.b], g.score())).collect();
    let mut cov = vec![vec![0.0; n]; n];
    for _ in 0..200 {
        // Newton's method on the log-likelihood (in rating units).
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for &(a, b, s) in &games {
            let p = 1.0 / (1.0 + (-(r[a] - r[b]) * k).exp());
            grad[a] += k * (s - p);
            grad[b] -= k * (s - p);
            let w = k * k * p * (1.0 - p);
            hess[a][a] += w;
            hess[b][b] += w;
            hess[a][b] -= w;
            hess[b][a] -= w;
        }
        // A tiny prior keeps a player who won or lost every game finite.
        for (i, g) in grad.iter_mut().enumerate() {
            *g -= 1e-9 * (r[i] - RANDOM_ELO);
            hess[i][i] += 1e-9;
        }
        let free: Vec<usize> = (0..n).filter(|&i| Some(i) != fixed).collect();
        let h: Vec<Vec<f64>> = free.iter().map(|&i| free.iter().map(|&j| hess[i][j]).collect()).collect();
        let Some(inv) = invert(&h) else { break };
        let mut step = 0.0f64;
        for (x, &i) in free.iter().enumerate() {
            let d: f64 = free.iter().enumerate().map(|(y, &j)| inv[x][y] * grad[j]).sum();
            r[i] += d.clamp(-400.0, 400.0);
            step = step.max(d.abs());
        }
        for (x, &i) in free.iter().enumerate() {
            for (y, &j) in free.iter().enumerate() {
                cov[i][j] = inv[x][y];
            }
        }
        if step < 1e-6 {
            break;
        }
    }
    names.into_iter().enumerate().map(|(i, name)| (name, r[i], cov[i][i].max(0.0).sqrt())).collect()
}

/// The inverse of a symmetric positive definite matrix (Gauss–Jordan); `None` when
/// singular.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m.iter().enumerate().map(|(i, row)| row.iter().copied().chain((0..n).map(|j| f64::from(u8::from(i == j)))).collect()).collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-15 {
            return None;
        }
        a.swap(c, p);
        let d = a[c][c];
        for v in a[c].iter_mut() {
            *v /= d;
        }
        for row in 0..n {
            if row != c {
                let f = a[row][c];
                if f != 0.0 {
                    let pivot = a[c].clone();
                    for (v, pv) in a[row].iter_mut().zip(pivot) {
                        *v -= f * pv;
                    }
                }
            }
        }
    }
    Some(a.into_iter().map(|row| row[n..].to_vec()).collect())
}

/// `ladder fit [--file F]`: the table of ratings, with each pair's games.
pub fn cmd_fit(args: &[String]) -> Result<(), String> {
    let file = match args {
        [flag, f] if flag == "--file" => f.clone(),
        [] => "data/ladder/games.txt".to_string(),
        _ => return Err("ladder fit [--file F]".into()),
    };
    let records = read(&file);
    if records.is_empty() {
        return Err(format!("{file}: no games"));
    }
    let ratings = fit(&records);
    // Per player: mean nodes and milliseconds a move.
    let mut work: HashMap<&str, (u64, u32, f64)> = HashMap::new();
    for r in &records {
        for (name, w) in [(&r.a, r.work[0]), (&r.b, r.work[1])] {
            let e = work.entry(name.as_str()).or_default();
            e.0 += w.0;
            e.1 += w.1;
            e.2 += w.2;
        }
    }
    println!("{} games; Elo by maximum likelihood, the random mover fixed at {RANDOM_ELO:.0}", records.len());
    println!("{:<8} {:>7} {:>6} {:>12} {:>10} {:>9}", "player", "Elo", "±", "step", "nodes/mv", "ms/mv");
    let mut prev: Option<f64> = None;
    for (name, elo, sd) in &ratings {
        let w = work.get(name.as_str()).copied().unwrap_or_default();
        let moves = w.1.max(1) as f64;
        let step = prev.map_or(String::new(), |p| format!("{:+.0}", elo - p));
        println!("{name:<8} {elo:>7.0} {sd:>6.0} {step:>12} {:>10.0} {:>9.1}", w.0 as f64 / moves, w.2 / moves);
        prev = Some(*elo);
    }
    println!("\npairs (A's points of the games, A's mean margin):");
    // In the ladder's order, from the bottom.
    let rank = |n: &str| ratings.iter().position(|r| r.0 == n).unwrap_or(usize::MAX);
    let mut pairs: Vec<(&str, &str)> = records.iter().map(|r| (r.a.as_str(), r.b.as_str())).collect();
    pairs.sort_by_key(|&(a, b)| (rank(a), rank(b)));
    pairs.dedup();
    let mut seen = HashSet::new();
    for (a, b) in pairs {
        if !seen.insert((a, b)) {
            continue;
        }
        let g: Vec<&Record> = records.iter().filter(|r| r.a == a && r.b == b).collect();
        let points: f64 = g.iter().map(|r| r.score()).sum();
        let margin: f64 = g.iter().map(|r| r.margin as f64).sum::<f64>() / g.len() as f64;
        println!("  {a:>6} vs {b:<6} {:>4} games {:>5.1}%  {margin:+.1}", g.len(), 100.0 * points / g.len() as f64);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: &str, b: &str, margin: i32) -> Record {
        Record { a: a.into(), b: b.into(), opening: 0, a_black: true, margin, work: [(0, 1, 0.0); 2] }
    }

    #[test]
    fn the_fit_gives_the_logistic_difference_of_a_known_score() {
        // 3 points of 4 against the random mover: 400 * log10(3) = 190.8 above it.
        let g = vec![game("1", "random", 1), game("1", "random", 1), game("1", "random", 1), game("1", "random", -1)];
        let r = fit(&g);
        let one = r.iter().find(|x| x.0 == "1").unwrap();
        assert!((one.1 - RANDOM_ELO - 400.0 * 3f64.log10()).abs() < 0.5, "{one:?}");
        // A draw counts a half: 2 of 4 is an even score.
        let g = vec![game("flips", "random", 0), game("flips", "random", 0), game("flips", "random", 5), game("flips", "random", -5)];
        let f = fit(&g).into_iter().find(|x| x.0 == "flips").unwrap();
        assert!((f.1 - RANDOM_ELO).abs() < 0.5 && f.2 > 100.0, "{f:?}");
    }
}
