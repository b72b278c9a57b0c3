//! `reversi versus`: a match between two engine programs that speak the NBoard
//! protocol, from a fixed list of balanced openings, each opening played with both
//! colours. The driver keeps the game itself (our rules engine), so an illegal answer
//! loses that game instead of corrupting it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use reversi::ggf::{write_game, GgfInfo};
use reversi::{Color, Game, Square};

/// The transcripts of balanced openings `first..=last` (from 1) of data/balanced.txt.
pub fn openings(first: usize, last: usize) -> Vec<&'static str> {
    reversi::openings::balanced().iter().take(last).skip(first.max(1) - 1).map(|&(t, _)| t).collect()
}

/// `--openings N` (the first N) or `--openings A-B` (A to B, from 1): a match split in
/// parts runs on several cores at once.
fn opening_range(text: &str) -> Option<(usize, usize)> {
    match text.split_once('-') {
        Some((a, b)) => Some((a.parse().ok().filter(|&a| a >= 1)?, b.parse().ok()?)).filter(|(a, b)| a <= b),
        None => Some((1, text.parse().ok()?)),
    }
}

/// One engine process.
struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    ping: u32,
}

impl Engine {
    fn start(cmd: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut e = Engine { name: cmd.to_string(), child, input, output, ping: 0 };
        e.send("nboard 2")?;
        e.sync()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").and_then(|_| self.input.flush()).map_err(|e| format!("{}: {e}", self.name))
    }

    fn line(&mut self) -> Result<String, String> {
        let mut s = String::new();
        match self.output.read_line(&mut s) {
            Ok(0) => Err(format!("{}: the engine closed its output", self.name)),
            Ok(_) => Ok(s.trim().to_string()),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }

    /// Waits until the engine has read everything sent so far.
    fn sync(&mut self) -> Result<(), String> {
        self.ping += 1;
        self.send(&format!("ping {}", self.ping))?;
        let want = format!("pong {}", self.ping);
        while self.line()? != want {}
        Ok(())
    }

    /// Asks for a move: the square (None for a pass), the nodes it reported (if any).
    fn go(&mut self) -> Result<(Option<Square>, Option<u64>), String> {
        self.send("go")?;
        let mut nodes = None;
        loop {
            let l = self.line()?;
            if let Some(rest) = l.strip_prefix("nodestats ") {
                nodes = rest.split_whitespace().next().and_then(|n| n.parse().ok());
            } else if let Some(rest) = l.strip_prefix("=== ") {
                let mv = rest.split('/').next().unwrap_or("").to_ascii_lowercase();
                if mv == "pa" {
                    return Ok((None, nodes));
                }
                return mv.parse().map(|s| (Some(s), nodes)).map_err(|_| format!("{}: '{l}' is not a move", self.name));
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The phases of a game by the empty squares before a move: where an engine spends its
/// time tells how it manages its clock.
const PHASES: [(u32, u32); 4] = [(45, 60), (31, 44), (21, 30), (0, 20)];

/// Per-move figures of one side.
#[derive(Default)]
struct Side {
    moves: u32,
    time: f64,
    max_time: f64,
    nodes: u64,
    max_nodes: u64,
    with_nodes: u32,
    /// Moves and seconds in each of [`PHASES`].
    phase: [(u32, f64); PHASES.len()],
}

impl Side {
    fn add(&mut self, empties: u32, secs: f64, nodes: Option<u64>) {
        self.moves += 1;
        self.time += secs;
        self.max_time = self.max_time.max(secs);
        if let Some(k) = PHASES.iter().position(|&(lo, hi)| (lo..=hi).contains(&empties)) {
            self.phase[k].0 += 1;
            self.phase[k].1 += secs;
        }
        if let Some(n) = nodes {
            self.nodes += n;
            self.max_nodes = self.max_nodes.max(n);
            self.with_nodes += 1;
        }
    }

    fn summary(&self) -> String {
        let nodes = if self.with_nodes == 0 {
            "nodes not reported".to_string()
        } else {
            format!("nodes per move mean {:.0}, max {}", self.nodes as f64 / self.with_nodes as f64, self.max_nodes)
        };
        let phases: Vec<String> = PHASES
            .iter()
            .zip(&self.phase)
            .map(|(&(lo, hi), &(n, t))| format!("{hi}-{lo} empties {:.3}", t / n.max(1) as f64))
            .collect();
        format!(
            "time per move mean {:.3} s, max {:.3} s ({}); {nodes} ({} moves)",
            self.time / self.moves.max(1) as f64,
            self.max_time,
            phases.join(", "),
            self.moves
        )
    }
}

/// Plays one game from `opening`, A with Black when `a_black`; returns A's final disc
/// margin (official: empties to the winner).
fn play(opening: &str, a: &mut Engine, b: &mut Engine, a_black: bool, stats: &mut [Side; 2]) -> Result<(i32, String), String> {
    let mut game = Game::from_transcript(opening).map_err(|e| e.to_string())?;
    // The opening goes over as a record from the start with its moves, as NBoard does.
    let setup = write_game(&game, &GgfInfo::default());
    for e in [&mut *a, &mut *b] {
        e.send(&format!("set game {setup}"))?;
        e.sync()?;
    }
    while let Some(side) = game.to_move() {
        let a_moves = (side == Color::Black) == a_black;
        let (mover, other, k) = if a_moves { (&mut *a, &mut *b, 0) } else { (&mut *b, &mut *a, 1) };
        let empties = game.position().board().empty().count();
        let t = Instant::now();
        let (mv, nodes) = mover.go()?;
        stats[k].add(empties, t.elapsed().as_secs_f64(), nodes);
        let Some(sq) = mv.filter(|&s| game.legal_moves().contains(s)) else {
            return Err(format!("{} answered an illegal move {mv:?} in {}", mover.name, game.transcript()));
        };
        game.play(sq).map_err(|e| e.to_string())?;
        let word = sq.to_string().to_uppercase();
        mover.send(&format!("move {word}"))?;
        other.send(&format!("move {word}"))?;
    }
    let (bl, wh) = game.result().expect("over").official();
    let black_margin = bl as i32 - wh as i32;
    Ok((if a_black { black_margin } else { -black_margin }, game.transcript()))
}

pub fn cmd_versus(args: &[String]) -> Result<(), String> {
    let (mut first, mut last) = (1usize, 24usize);
    let mut engines = vec![];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--openings" => {
                (first, last) = it.next().and_then(|n| opening_range(n)).ok_or("--openings takes a number N or a range A-B")?;
            }
            other => engines.push(other.to_string()),
        }
    }
    let [cmd_a, cmd_b] = engines.as_slice() else {
        return Err("versus needs two engine commands, each in quotes".into());
    };
    let list = openings(first, last);
    let mut a = Engine::start(cmd_a)?;
    let mut b = Engine::start(cmd_b)?;
    let mut stats = [Side::default(), Side::default()];
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    let start = Instant::now();
    for (i, opening) in list.iter().enumerate() {
        for a_black in [true, false] {
            let (m, transcript) = play(opening, &mut a, &mut b, a_black, &mut stats)?;
            margin += m as i64;
            match m.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
            // The running mean times, so that a match stopped early still tells them.
            let mean = |s: &Side| s.time / s.moves.max(1) as f64;
            crate::say!(
                "{:>3} A as {}: {m:+3}  {transcript}  (so far {wins}-{draws}-{losses}, {:.3} / {:.3} s a move)",
                first + i,
                if a_black { "Black" } else { "White" },
                mean(&stats[0]),
                mean(&stats[1])
            );
        }
    }
    let games = wins + draws + losses;
    crate::say!("A = {cmd_a}");
    crate::say!("B = {cmd_b}");
    crate::say!(
        "A against B: {games} games from {} openings, {wins} wins, {draws} draws, {losses} losses, {:.1}% of the points, mean margin {:+.1} discs, {:.0} s",
        list.len(),
        100.0 * (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64,
        margin as f64 / games.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    crate::say!("A: {}", stats[0].summary());
    crate::say!("B: {}", stats[1].summary());
    Ok(())
}
