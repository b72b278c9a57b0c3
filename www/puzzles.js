// Puzzles: the file of positions made by `train puzzles` (see src/puzzles.rs for its
// format), the player's progress kept in the browser, and the grading of an answer by
// the engine in the AI worker – exactly by the solver where the position has few
// enough empty squares, else by a deep search (an estimate).

/** Themes in file order (their names are i18n keys `theme_<id>`). */
export const THEMES = ['finish', 'endgame', 'deep', 'midgame', 'only', 'expert'];
/** Up to this many empty squares the answer is graded exactly, by the solver. */
export const EXACT_LIMIT = 20;
const RECORD = 20;

/** Reads a puzzle file. Throws an Error with `code` 'bad-puzzles' if it is not one. */
/** The number of bits set in a 32-bit number. */
function bitCount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** One puzzle of the file: its fields, and its board string when first asked for. */
class Puzzle {
  #halves;
  #board = null;

  constructor(fields, halves) {
    Object.assign(this, fields);
    this.#halves = halves; // black a1..h4, black a5..h8, white a1..h4, white a5..h8
  }

  /** The position in the .obf format: 64 cells a1..h8, then the side to move. */
  get board() {
    if (this.#board === null) {
      let cells = '';
      for (let half = 0; half < 2; half++) {
        const black = this.#halves[half];
        const white = this.#halves[half + 2];
        for (let sq = 0; sq < 32; sq++) {
          const bit = 1 << sq;
          cells += black & bit ? 'X' : white & bit ? 'O' : '-';
        }
      }
      this.#board = `${cells} ${this.toMove === 2 ? 'O' : 'X'}`;
    }
    return this.#board;
  }
}

export function parsePuzzles(buffer) {
  const bytes = new Uint8Array(buffer);
  const bad = () => Object.assign(new Error('the puzzle file is damaged'), { code: 'bad-puzzles', params: {} });
  if (bytes.length < 12 || String.fromCharCode(...bytes.slice(0, 4)) !== 'RVPZ') throw bad();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8, true);
  if (view.getUint16(4, true) !== 1 || bytes.length !== 12 + count * RECORD) throw bad();
  const puzzles = [];
  const perTheme = THEMES.map(() => 0);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * RECORD;
    const flags = bytes[at + 16];
    const theme = THEMES[(flags >> 1) & 7];
    if (!theme) throw bad();
    // Each side's 64 squares as two 32-bit halves (a1..h4, a5..h8): plain numbers, no
    // BigInt. The board string is made when a puzzle is shown (making all 3,000 here
    // took 40-80 ms of a slow phone's main thread, most of it collecting garbage).
    const halves = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true), view.getUint32(at + 12, true)];
    if ((halves[0] & halves[2]) || (halves[1] & halves[3])) throw bad();
    perTheme[(flags >> 1) & 7] += 1;
    puzzles.push(new Puzzle({
      id: i,
      number: perTheme[(flags >> 1) & 7], // within its theme, from 1
      toMove: flags & 1 ? 2 : 1,
      theme,
      difficulty: (flags >> 4) & 7,
      best: bytes[at + 17],
      score: view.getInt8(at + 18),
      empties: 64 - bitCount(halves[0] | halves[2]) - bitCount(halves[1] | halves[3]),
    }, halves));
  }
  return puzzles;
}

const KEY = 'reversi.puzzles';

/** The player's progress: solved puzzles, per-theme counts and the streak. */
export class Progress {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    this.data = Progress.#fresh();
    try {
      const saved = JSON.parse(storage?.getItem(KEY) ?? 'null');
      if (Progress.#valid(saved)) this.data = saved;
    } catch {
      // Corrupt progress starts afresh; the game itself is stored apart.
    }
  }

  static #fresh() {
    return { v: 1, solved: [], tried: {}, right: {}, streak: 0, bestStreak: 0, theme: 'finish' };
  }

  static #valid(d) {
    return d && d.v === 1 && Array.isArray(d.solved) && d.solved.every(Number.isInteger)
      && typeof d.tried === 'object' && typeof d.right === 'object'
      && Number.isInteger(d.streak) && Number.isInteger(d.bestStreak) && THEMES.includes(d.theme);
  }

  save() {
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // Storage full or denied: progress lives until the page closes.
    }
  }

  isSolved(id) {
    return this.data.solved.includes(id);
  }

  /** Records a first answer to a puzzle: right or not. */
  record(puzzle, right) {
    const d = this.data;
    d.tried[puzzle.theme] = (d.tried[puzzle.theme] ?? 0) + 1;
    if (right) {
      d.right[puzzle.theme] = (d.right[puzzle.theme] ?? 0) + 1;
      if (!d.solved.includes(puzzle.id)) d.solved.push(puzzle.id);
      d.streak += 1;
      d.bestStreak = Math.max(d.bestStreak, d.streak);
    } else {
      d.streak = 0;
    }
    this.save();
  }

  solvedIn(puzzles, theme) {
    const ids = new Set(this.data.solved);
    return puzzles.filter((p) => p.theme === theme && ids.has(p.id)).length;
  }
}

/** The next puzzle of a theme: the expert set in its order, the others at random; an
 *  unsolved one while there is one. */
export function nextPuzzle(puzzles, theme, progress, random = Math.random, after = -1) {
  const all = puzzles.filter((p) => p.theme === theme);
  const open = all.filter((p) => !progress.isSolved(p.id) && p.id !== after);
  const pool = open.length ? open : all.filter((p) => p.id !== after);
  if (!pool.length) return all[0] ?? null;
  if (theme === 'expert') return pool[0];
  return pool[Math.floor(random() * pool.length)];
}

/**
 * Grades `move` in `puzzle` with the engine (`game` a Game of the puzzle's position, in
 * the AI worker): the best move's score and line, the played move's score and how many
 * discs it loses, and whether that is exact.
 */
/** Grades `move` in `game`: the best move's score against the move played, each found
 *  by `search(moves, limits)` (a promise of a search's result from the position after
 *  `moves`: none for the position itself), so that a pool of workers may run them. */
export async function gradeWith(game, move, search) {
  const empties = game.board().filter((c) => c === 0).length;
  const exact = empties <= EXACT_LIMIT;
  const limits = exact ? { depth: 60, exactEmpties: 64 } : { depth: 10, exactEmpties: 16 };
  const mover = game.toMove();
  const best = await search([], limits);
  let played = best;
  let playedScore = best.score;
  if (move !== best.move) {
    const after = game.clone();
    after.play(move);
    if (after.isOver()) {
      // The engine's official result (the empty squares go to the winner).
      const r = after.result();
      playedScore = mover === 1 ? r.black - r.white : r.white - r.black;
      played = { move, score: playedScore, pv: [move], exact: true };
    } else {
      const next = after.toMove();
      const r = await search([move], exact ? limits : { ...limits, depth: limits.depth - 1 });
      playedScore = next === mover ? r.score : -r.score;
      played = { move, score: playedScore, pv: [move, ...r.pv], exact: r.exact };
    }
    after.free();
  }
  // A tie with the best score is a best move too.
  const loss = Math.max(0, best.score - playedScore);
  return {
    move,
    best: { move: best.move, score: best.score, pv: best.pv },
    played: { move, score: playedScore, pv: played.pv },
    loss,
    right: loss === 0,
    exact: exact && best.exact !== false,
  };
}
