//! The AI for the variants: alpha-beta (principal-variation search) with a
//! transposition table and fastest-first ordering, iterative deepening within depth,
//! time and node limits, and an exact solver near the end. The evaluation counts
//! corner-like cells (those no line can pass through: the four corners, the eight
//! star points of Eight-Star Othello), the cells next to them, and mobility.

use super::game::{VariantGame, VariantRules};
use crate::search::{default_clock, Clock, Level, Limits, Rng};

const SCALE: i32 = 16;
const INF: i32 = 200 * SCALE;

/// One search node: the side to move's discs and supply, then the other side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    p: u128,
    o: u128,
    sp: u8,
    so: u8,
}

impl Node {
    fn pass(self) -> Node {
        Node { p: self.o, o: self.p, sp: self.so, so: self.sp }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
}

/// What a variant search found.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantSearchResult {
    /// The cell to play; `None` without a legal move.
    pub best: Option<u32>,
    /// Expected final disc margin for the side to move.
    pub score: f64,
    /// Depth of the last finished iteration (empties when exact).
    pub depth: u32,
    /// Whether the score is exact.
    pub exact: bool,
    /// Nodes visited.
    pub nodes: u64,
}

/// The variant search engine, with its own table.
pub struct VariantSearcher {
    table: Vec<Entry>,
    rules: Option<VariantRules>,
    corner_like: u128,
    x_like: [(u128, u128); 16],
    nodes: u64,
    stopped: bool,
    deadline: Option<f64>,
    max_nodes: Option<u64>,
    clock: Clock,
    guess: Option<i32>,
    report: Option<Box<dyn FnMut(i32, i32, u64)>>,
}

impl Default for VariantSearcher {
    fn default() -> VariantSearcher {
        VariantSearcher::new(1 << 20)
    }
}

fn hash(n: &Node) -> u64 {
    let mix = |x: u64| {
        let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    };
    let a = mix(n.p as u64 ^ mix((n.p >> 64) as u64));
    let b = mix(n.o as u64 ^ mix((n.o >> 64) as u64 ^ 0x5555));
    mix(a ^ b.rotate_left(17) ^ ((n.sp as u64) << 8 | n.so as u64)) | 1
}

impl VariantSearcher {
    /// A searcher with `entries` table entries (16 bytes each).
    pub fn new(entries: usize) -> VariantSearcher {
        VariantSearcher {
            table: vec![Entry::default(); entries.next_power_of_two()],
            rules: None,
            corner_like: 0,
            x_like: [(0, 0); 16],
            nodes: 0,
            stopped: false,
            deadline: None,
            max_nodes: None,
            clock: default_clock(),
            guess: None,
            report: None,
        }
    }

    /// Replaces the clock (milliseconds).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn prepare(&mut self, rules: &VariantRules) {
        if self.rules.map(|r| r.variant) == Some(rules.variant) {
            return;
        }
        self.rules = Some(*rules);
        let geo = &rules.geo;
        let n = geo.size as i32;
        let on = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c) && geo.cells >> (r * n + c) & 1 == 1;
        self.corner_like = 0;
        self.x_like = [(0, 0); 16];
        let mut k = 0;
        for r in 0..n {
            for c in 0..n {
                if !on(r, c) {
                    continue;
                }
                // No line passes through: in each of the four axes a neighbour is off.
                let axes = [(0, 1), (1, 0), (1, 1), (1, -1)];
                if axes.iter().all(|&(dr, dc)| !on(r + dr, c + dc) || !on(r - dr, c - dc)) {
                    self.corner_like |= 1 << (r * n + c);
                    let mut near = 0u128;
                    for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                        if on(r + dr, c + dc) {
                            near |= 1 << ((r + dr) * n + c + dc);
                        }
                    }
                    if k < 16 {
                        self.x_like[k] = (1 << (r * n + c), near);
                        k += 1;
                    }
                }
            }
        }
    }

    fn evaluate(&self, rules: &VariantRules, n: &Node) -> i32 {
        let mp = rules.moves(n.p, n.o, n.sp).count_ones() as i32;
        let mo = rules.moves(n.o, n.p, n.so).count_ones() as i32;
        let corners = (n.p & self.corner_like).count_ones() as i32 - (n.o & self.corner_like).count_ones() as i32;
        let mut near = 0;
        let empty = rules.geo.cells & !(n.p | n.o);
        for &(corner, next) in &self.x_like {
            if corner & empty != 0 {
                near += (n.p & next).count_ones() as i32 - (n.o & next).count_ones() as i32;
            }
        }
        let discs = n.p.count_ones() as i32 - n.o.count_ones() as i32;
        let filled = 1.0 - empty.count_ones() as f64 / rules.geo.cell_count() as f64;
        let disc_weight = (filled * filled * SCALE as f64 * 0.5) as i32;
        SCALE * (6 * corners - 2 * near + mp - mo) + disc_weight * discs
    }

    fn final_score(rules: &VariantRules, n: &Node) -> i32 {
        let p = n.p.count_ones() as i32;
        let o = n.o.count_ones() as i32;
        let e = rules.geo.cell_count() as i32 - p - o;
        SCALE
            * match p.cmp(&o) {
                std::cmp::Ordering::Greater => p - o + e,
                std::cmp::Ordering::Less => p - o - e,
                std::cmp::Ordering::Equal => 0,
            }
    }

    fn play(rules: &VariantRules, n: &Node, cell: u32) -> Node {
        let f = rules.flips(n.p, n.o, cell);
        let (mut sp, mut so) = (n.sp, n.so);
        if sp > 0 {
            sp -= 1;
        } else {
            so = so.saturating_sub(1);
        }
        Node { p: n.o & !f, o: n.p | f | 1 << cell, sp: so, so: sp }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes & 1023 == 0 && !self.stopped {
            let over_nodes = self.max_nodes.is_some_and(|m| self.nodes >= m);
            let over_time = self.deadline.is_some_and(|d| (self.clock)() >= d);
            self.stopped = over_nodes || over_time;
        }
        self.stopped
    }

    /// A plain alpha-beta of `depth` plies on the evaluation, for move ordering.
    fn shallow(&self, rules: &VariantRules, n: &Node, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut m = rules.moves(n.p, n.o, n.sp);
        if depth == 0 || m == 0 {
            return self.evaluate(rules, n);
        }
        let mut best = -INF;
        while m != 0 {
            let cell = m.trailing_zeros();
            m &= m - 1;
            let v = -self.shallow(rules, &Self::play(rules, n, cell), depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The table slot of `key`: the one of its pair that holds it, else the one that
    /// holds the shallower entry (the deeper work is kept).
    fn slot_of(&self, key: u64) -> usize {
        let a = key as usize & (self.table.len() - 2);
        let b = a + 1;
        if self.table[a].key == key {
            a
        } else if self.table[b].key == key || self.table[b].depth < self.table[a].depth {
            b
        } else {
            a
        }
    }

    fn store(&mut self, slot: usize, e: Entry) {
        let old = self.table[slot];
        if old.key != e.key || e.depth >= old.depth {
            self.table[slot] = e;
        }
    }

    /// Moves ordered: table move, corner-like cells, then fewest replies (and, far
    /// from the end, the evaluation of the position after the move).
    fn ordered(&self, rules: &VariantRules, n: &Node, moves: u128, tt_best: u8, sort: bool, deep: bool) -> ([(i32, u32); 64], usize) {
        let mut list = [(0i32, 0u32); 64];
        let mut len = 0;
        let mut m = moves;
        while m != 0 && len < 64 {
            let cell = m.trailing_zeros();
            m &= m - 1;
            let mut key = 0;
            if sort {
                let child = Self::play(rules, n, cell);
                key = -(rules.moves(child.p, child.o, child.sp).count_ones() as i32) * 4;
                if deep {
                    // Far from the end a two-ply look ahead is worth its cost.
                    key = key * SCALE - self.shallow(rules, &child, 1, -INF, INF);
                }
                if self.corner_like >> cell & 1 == 1 {
                    key += 40;
                }
                if child.p == 0 {
                    key += 1000;
                }
            }
            if cell == tt_best as u32 {
                key += 10_000;
            }
            list[len] = (key, cell);
            len += 1;
        }
        list[..len].sort_unstable_by(|a, b| b.0.cmp(&a.0));
        (list, len)
    }

    /// The fail-soft principal-variation loop over ordered moves: the best score and
    /// move, or `None` when the search was stopped.
    fn pvs(&mut self, rules: &VariantRules, n: &Node, list: &[(i32, u32)], depth: u32, mut alpha: i32, beta: i32) -> Option<(i32, u32)> {
        let mut best = -INF;
        let mut best_cell = list[0].1;
        for (i, &(_, cell)) in list.iter().enumerate() {
            let child = Self::play(rules, n, cell);
            let mut v = -self.ab(rules, child, depth - 1, if i == 0 { -beta } else { -alpha - 1 }, -alpha, false);
            if i > 0 && v > alpha && v < beta && !self.stopped {
                v = -self.ab(rules, child, depth - 1, -beta, -v, false);
            }
            if self.stopped {
                return None;
            }
            if v > best {
                best = v;
                best_cell = cell;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        Some((best, best_cell))
    }

    fn ab(&mut self, rules: &VariantRules, n: Node, depth: u32, alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let moves = rules.moves(n.p, n.o, n.sp);
        if moves == 0 {
            if passed || rules.moves(n.o, n.p, n.so) == 0 {
                return Self::final_score(rules, &n);
            }
            return -self.ab(rules, n.pass(), depth, -beta, -alpha, true);
        }
        if depth == 0 {
            return self.evaluate(rules, &n);
        }
        let use_table = depth > 4;
        let key = hash(&n);
        let slot = self.slot_of(key);
        let e = if use_table { self.table[slot] } else { Entry::default() };
        let mut tt_best = 255;
        if e.key == key {
            tt_best = e.best;
            if e.depth as u32 >= depth {
                if e.lower as i32 >= beta || e.lower == e.upper {
                    return e.lower as i32;
                }
                if (e.upper as i32) <= alpha {
                    return e.upper as i32;
                }
            }
        }
        // Enhanced transposition cutoff: a child already known to be bad enough for
        // the opponent settles this node without a search.
        if depth > 8 {
            let mut m = moves;
            while m != 0 {
                let cell = m.trailing_zeros();
                m &= m - 1;
                let child = Self::play(rules, &n, cell);
                let ck = hash(&child);
                let c = self.table[self.slot_of(ck)];
                if c.key == ck && c.depth as u32 + 1 >= depth && -(c.upper as i32) >= beta {
                    return -(c.upper as i32);
                }
            }
        }
        let sort = depth > 2 && moves.count_ones() > 1;
        let (list, len) = self.ordered(rules, &n, moves, tt_best, sort, depth > 12);
        let alpha0 = alpha;
        let Some((best, best_cell)) = self.pvs(rules, &n, &list[..len], depth, alpha, beta) else {
            return 0;
        };
        if use_table {
            let (lower, upper) = if best >= beta {
                (best, INF)
            } else if best > alpha0 {
                (best, best)
            } else {
                (-INF, best)
            };
            self.store(slot, Entry { key, lower: lower as i16, upper: upper as i16, depth: depth.min(255) as u8, best: best_cell as u8 });
        }
        best
    }

    /// Searches the position of `game` within `limits` (depth, time, nodes; exact from
    /// `limits.exact_empties`).
    pub fn search(&mut self, game: &VariantGame, limits: &Limits) -> VariantSearchResult {
        let rules = *game.rules();
        self.prepare(&rules);
        self.nodes = 0;
        self.stopped = false;
        self.table.fill(Entry::default());
        let start = (self.clock)();
        self.deadline = limits.time_ms.map(|t| start + t);
        self.max_nodes = limits.nodes;
        let s = game.state();
        let Some(c) = s.to_move else {
            return VariantSearchResult { best: None, score: 0.0, depth: 0, exact: true, nodes: 0 };
        };
        let (p, o) = s.sides(c);
        let root = Node { p, o, sp: s.supply[c.index()], so: s.supply[c.other().index()] };
        let empties = (rules.geo.cells & !(p | o)).count_ones();
        let moves = rules.moves(p, o, root.sp);
        let mut result = VariantSearchResult { best: Some(moves.trailing_zeros()), score: 0.0, depth: 0, exact: false, nodes: 0 };
        let exact = empties <= limits.exact_empties;
        let max_depth = limits.depth.unwrap_or(60).clamp(1, empties);
        // Shallow iterations fill the table with good moves to try first; the exact
        // solve then follows them.
        let depths: Vec<u32> = if exact {
            (1..empties.saturating_sub(4).min(10)).chain([empties]).collect()
        } else {
            (1..=max_depth).collect()
        };
        let mut guess = 0;
        let first_guess = self.guess.take();
        for depth in depths {
            if depth >= empties && exact {
                if let Some(g) = first_guess {
                    guess = g * SCALE;
                }
            }
            let found = if depth >= empties && exact { self.mtdf(&rules, root, depth, guess) } else { self.root(&rules, root, depth, -INF, INF) };
            if let Some((score, cell)) = found {
                guess = score;
                result = VariantSearchResult {
                    best: Some(cell),
                    score: score as f64 / SCALE as f64,
                    depth,
                    exact: depth >= empties,
                    nodes: self.nodes,
                };
            } else {
                break;
            }
        }
        // Out of time before any iteration: the first finished one at depth 1 decides.
        if result.depth == 0 {
            self.stopped = false;
            self.deadline = None;
            self.max_nodes = None;
            if let Some((score, cell)) = self.root(&rules, root, 1, -INF, INF) {
                result = VariantSearchResult { best: Some(cell), score: score as f64 / SCALE as f64, depth: 1, exact: empties <= 1, nodes: self.nodes };
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The root: a fail-soft search of window `(alpha, beta)` over every move.
    fn root(&mut self, rules: &VariantRules, n: Node, depth: u32, alpha: i32, beta: i32) -> Option<(i32, u32)> {
        let moves = rules.moves(n.p, n.o, n.sp);
        let key = hash(&n);
        let slot = self.slot_of(key);
        let tt_best = if self.table[slot].key == key { self.table[slot].best } else { 255 };
        let (list, len) = self.ordered(rules, &n, moves, tt_best, true, true);
        let (score, best) = self.pvs(rules, &n, &list[..len], depth, alpha, beta)?;
        // Only the move is kept: the root's bounds depend on the window.
        self.table[slot] = Entry { key, lower: -INF as i16, upper: INF as i16, depth: 0, best: best as u8 };
        Some((score, best))
    }

    /// MTD(f): the exact value by null-window searches from a guess, each narrowing
    /// the bounds, the table carrying the work from one to the next. Far cheaper than
    /// one full-window solve.
    fn mtdf(&mut self, rules: &VariantRules, n: Node, depth: u32, guess: i32) -> Option<(i32, u32)> {
        let (mut lower, mut upper) = (-INF, INF);
        // Final margins on these boards move in steps of whole discs.
        let mut g = (guess as f64 / SCALE as f64).round() as i32 * SCALE;
        let mut best = None;
        let mut best_at_exact = None;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let (v, cell) = self.root(rules, n, depth, beta - 1, beta)?;
            if v < beta {
                upper = v;
            } else {
                lower = v;
                // A move that reaches the lower bound is a proven best so far.
                best_at_exact = Some(cell);
            }
            if let Some(report) = self.report.as_mut() {
                report(lower.max(-INF + 1) / SCALE, upper.min(INF - 1) / SCALE, self.nodes);
            }
            best = Some(cell);
            g = v;
        }
        Some((g, best_at_exact.or(best)?))
    }

    /// Where the next exact solve starts its null-window searches (a final margin in
    /// discs). Only the time it takes depends on it, never the value.
    pub fn set_guess(&mut self, margin: i32) {
        self.guess = Some(margin);
    }

    /// Called after each null-window search of an exact solve with the proven bounds
    /// `(lower, upper)` in discs and the nodes so far: a long solve shows its progress.
    pub fn set_report(&mut self, report: Option<Box<dyn FnMut(i32, i32, u64)>>) {
        self.report = report;
    }

    /// The exact value (final disc margin for the side to move under perfect play)
    /// and a best move.
    pub fn solve(&mut self, game: &VariantGame) -> (i32, Option<u32>) {
        let limits = Limits { exact_empties: 128, ..Limits::default() };
        let r = self.search(game, &limits);
        (r.score.round() as i32, r.best)
    }

    /// Every legal move with its score for the side to move (final margin in discs,
    /// exact when the search reached the end), best first: each move is played and
    /// the position after it searched within `limits` one ply shallower.
    pub fn analyze(&mut self, game: &VariantGame, limits: &Limits) -> Vec<(u32, f64, bool)> {
        let me = game.to_move();
        let limits = Limits { depth: limits.depth.map(|d| d.saturating_sub(1).max(1)), ..*limits };
        let mut out: Vec<(u32, f64, bool)> = game
            .legal_moves()
            .into_iter()
            .map(|cell| {
                let mut child = game.clone();
                child.play(cell).expect("a legal move");
                match child.result() {
                    Some(r) => {
                        let (b, w) = r.official();
                        let m = b as f64 - w as f64;
                        (cell, if me == Some(crate::Color::Black) { m } else { -m }, true)
                    }
                    None => {
                        let r = self.search(&child, &limits);
                        (cell, if child.to_move() == me { r.score } else { -r.score }, r.exact)
                    }
                }
            })
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }

    /// The move a playing level chooses (levels 1–4 err on purpose, as on 8×8).
    pub fn play_level(&mut self, game: &VariantGame, level: &Level, rng: &mut Rng) -> VariantSearchResult {
        let mut limits = level.limits();
        // Bigger boards have more moves: the same time buys a shallower search.
        let cells = game.geometry().cell_count();
        if cells > 64 {
            limits.exact_empties = limits.exact_empties.saturating_sub(2);
        }
        if level.temperature <= 0.0 {
            return self.search(game, &limits);
        }
        // Score every move at the level's depth and pick by softmax.
        let scored = self.analyze(game, &Limits { depth: Some(level.depth), ..limits });
        let scores: Vec<f64> = scored.iter().map(|m| m.1).collect();
        let chosen = scored[rng.softmax_index(&scores, level.temperature)];
        VariantSearchResult { best: Some(chosen.0), score: chosen.1, depth: level.depth, exact: chosen.2, nodes: self.nodes }
    }
}
