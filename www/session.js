// A game in progress: the engine's Game, who plays each colour, the AI worker, and
// undo/redo as people expect them. Shared by the page (app.js) and the embeddable
// <reversi-board> element. Events (CustomEvent, details in parentheses):
//   change                      anything shown may have changed
//   move     ({ player, square, flipped })
//   pass     ({ player })       a player had no move and passed
//   gameover ({ winner, black, white })  official score, empties to the winner
//   aiprogress (search result)  the AI finished an iteration
//   aierror  ({ message })
//   replaced ({ kind })         the game was replaced (new game, load, …); undo brings it back
import { AiClient } from './ai.js';
import { freshGame, openBoard } from './games.js';

const SPEED_MS = { slow: 1200, normal: 500, fast: 80 };
/** Against a person, the computer's move never comes sooner than this after the
 *  person's move has been shown, so replies keep a steady pace however fast it finds them. */
const REPLY_MS = 450;
/** After a person passes, the computer waits this long (or until continueNow()) so the
 *  pass can be seen before the next move. */
export const PASS_PAUSE_MS = 2200;

export class GameSession extends EventTarget {
  /**
   * @param {object} engine  the wasm module's exports (Game)
   * @param {object} settings  { mode: 'hc'|'hh'|'cc', humanColor: 1|2, levels: {1,2}, speed, variant }
   */
  constructor(engine, settings) {
    super();
    this.engine = engine;
    this.settings = settings;
    this.game = freshGame(engine, settings.variant);
    this.ai = new AiClient();
    this.aiInfo = null;
    /** The computer's last move and what it thought of it, until the next change of game. */
    this.lastAi = null;
    this.timer = 0;
    /** Awaited after each move before the next one: (square, flipped, player) => Promise. */
    this.animate = () => Promise.resolve();
    /** The move animation under way, if any. */
    this.animating = null;
    /** The game that the last new game, load or set-up replaced, so undo can bring it back. */
    this.previous = null;
    /** When the computer, waiting after a person's pass, will move (0: not waiting). */
    this.passWaitUntil = 0;
    this.passTimer = 0;
    this.passResolve = null;
    /** Bumped by every change of the game (a move, undo, redo, a new game): what is
     *  derived from the game is computed once per version (see #derived). */
    this.version = 0;
    this.cache = null;
  }

  /** Marks the game as changed: what was derived from it is read again. */
  touch() {
    this.version += 1;
    this.cache = null;
  }

  /** The game's turns, its whole line (moves taken back included) and the moves
   *  played, read from the engine once per version: the page asks for them many
   *  times a move, and replaying the line to its end costs a copy of the game. */
  #derived() {
    if (this.cache && this.cache.game === this.game) return this.cache;
    const g = this.game;
    const history = g.history();
    const moves = history.filter((h) => h.square >= 0).map((h) => h.square);
    const full = g.clone();
    let redoable = 0;
    while (full.redo()) redoable++;
    const fullHistory = redoable ? full.history() : history;
    full.free();
    const line = redoable ? fullHistory.filter((h) => h.square >= 0).map((h) => h.square) : moves;
    this.cache = { game: g, history, fullHistory, moves, line, reviewing: redoable > 0 };
    return this.cache;
  }

  /** The turns played (passes included), as the engine's history(). */
  history() {
    return this.#derived().history;
  }

  /** The turns of the whole line, moves taken back included. */
  fullHistory() {
    return this.#derived().fullHistory;
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  isComputer(color) {
    const s = this.settings;
    return s.mode === 'cc' || (s.mode === 'hc' && color !== s.humanColor);
  }

  /** Whether moves were taken back and can be replayed (the AI then waits). */
  reviewing() {
    return this.#derived().reviewing;
  }

  humanTurn() {
    const c = this.game.toMove();
    return c !== 0 && !this.isComputer(c);
  }

  /** The squares played so far (passes left out). */
  moves(game = this.game) {
    if (game === this.game) return this.#derived().moves;
    return game.history().filter((h) => h.square >= 0).map((h) => h.square);
  }

  /** The whole line including moves taken back. */
  fullMoves(game = this.game) {
    if (game === this.game) return this.#derived().line;
    const full = game.clone();
    while (full.redo());
    const m = full.history().filter((h) => h.square >= 0).map((h) => h.square);
    full.free();
    return m;
  }

  /** Why a person cannot play `sq` now, as a message key and its values, or null when
   *  they can. The engine decides what is legal; this only names the reason. */
  whyNot(sq) {
    const g = this.game;
    if (g.toMove() === 0) return { key: 'illegalOver' };
    if (!this.humanTurn()) return { key: 'illegalNotYourTurn' };
    if (Array.from(g.legalMoves()).includes(sq)) return null;
    const cell = g.board()[sq];
    if (cell === 3) return { key: 'illegalOff' };
    if (cell !== 0) return { key: 'illegalTaken' };
    return { key: 'illegalNoFlip' };
  }

  /** Plays a person's move if it is their turn and legal; returns whether it will be
   *  played. A move chosen while the last one is still being animated waits for it. */
  humanPlay(sq) {
    if (this.whyNot(sq)) return false;
    const version = this.version;
    const go = () => {
      // Only if nothing changed meanwhile.
      if (this.version === version && !this.whyNot(sq)) this.#play(sq);
    };
    if (this.animating) this.animating.then(go);
    else go();
    return true;
  }

  async #play(sq) {
    const g = this.game;
    const player = g.toMove();
    const flipped = Array.from(g.play(sq));
    this.touch();
    this.aiInfo = null;
    this.#emit('move', { player, square: sq, flipped });
    const hist = this.history();
    const last = hist[hist.length - 1];
    if (last.square < 0) this.#emit('pass', { player: last.player });
    this.#emit('change');
    const gameAtMove = g;
    const shown = this.animate(sq, flipped, player);
    this.animating = shown;
    await shown;
    if (this.animating === shown) this.animating = null;
    if (this.game !== gameAtMove) return;
    this.#afterMove();
  }

  /** Whether the last turn was a person's pass (the computer then waits a moment). */
  personPassed() {
    const hist = this.history();
    const last = hist[hist.length - 1];
    return Boolean(last && last.square < 0 && !this.isComputer(last.player));
  }

  /** Ends the wait after a person's pass at once. */
  continueNow() {
    const r = this.passResolve;
    this.passResolve = null;
    clearTimeout(this.passTimer);
    this.passWaitUntil = 0;
    r?.();
  }

  #passPause() {
    if (!this.personPassed() || this.settings.mode !== 'hc') return Promise.resolve();
    this.continueNow();
    this.passWaitUntil = Date.now() + PASS_PAUSE_MS;
    return new Promise((resolve) => {
      this.passResolve = resolve;
      this.passTimer = setTimeout(() => this.continueNow(), PASS_PAUSE_MS);
    });
  }

  #afterMove() {
    if (this.game.isOver()) {
      const r = this.game.result();
      this.#emit('gameover', { winner: r.winner, black: r.black, white: r.white });
      this.#emit('change');
      return;
    }
    this.scheduleAi();
  }

  /** Lets the computer move if it is its turn. */
  scheduleAi() {
    clearTimeout(this.timer);
    const g = this.game;
    const toMove = g.toMove();
    if (toMove === 0 || !this.isComputer(toMove) || this.reviewing()) {
      this.#emit('change');
      return;
    }
    const delay = this.settings.mode === 'cc' ? SPEED_MS[this.settings.speed] ?? 500 : 0;
    const position = g.toBoard();
    const version = this.version;
    const pause = this.#passPause();
    this.#emit('change');
    this.timer = setTimeout(async () => {
      try {
        const asked = performance.now();
        const options = { level: this.settings.levels[toMove], seed: Math.floor(Math.random() * 2 ** 32) };
        // Progress changes what the AI line says, nothing else: 'aiprogress' only (a
        // 'change' drew the whole page again up to ten times a second while it thought).
        const result = await this.ai.request('search', position, options, (r) => {
          this.aiInfo = r;
          this.#emit('aiprogress', r);
        });
        // A steady pace against a person, and a pass that can be seen.
        const wait = this.settings.mode === 'hc' ? REPLY_MS - (performance.now() - asked) : 0;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await pause;
        // Only a move for the very position asked about is played.
        if (this.game !== g || this.version !== version || g.toBoard() !== position || this.reviewing()) return;
        if (result.move < 0) return;
        this.aiInfo = result;
        this.lastAi = result;
        this.#emit('change');
        await this.#play(result.move);
      } catch (err) {
        if (!err.cancelled) this.#emit('aierror', { message: err.message });
      }
    }, delay);
  }

  stopAi() {
    clearTimeout(this.timer);
    this.continueNow();
    this.ai.cancel();
    this.aiInfo = null;
    this.lastAi = null;
  }

  /** Whether the game is the 8×8 tournament game (openings, set-up, GGF). */
  get isOthello() {
    return this.game.variant() === 'othello';
  }

  /** Starts again from the variant's start, a board string, or a given game. The game
   *  it replaces is kept, and undo brings it back (`kind` names what replaced it). */
  newGame(start = null, game = null, kind = 'new') {
    this.stopAi();
    const next = game ?? (start ? openBoard(this.engine, start) : freshGame(this.engine, this.settings.variant));
    this.previous?.free();
    this.previous = this.game;
    this.game = next;
    this.touch();
    this.settings.variant = next.variant();
    this.#emit('replaced', { kind });
    if (next.isOver()) this.#afterMove();
    else this.scheduleAi();
  }

  /** Whether undo can do anything: take back a move, or bring back a replaced game. */
  canUndo() {
    return this.moves().length > 0 || this.previous !== null;
  }

  /** Brings back the game that the last new game, load or set-up replaced. */
  bringBack() {
    if (!this.previous) return false;
    this.stopAi();
    this.game.free();
    this.game = this.previous;
    this.previous = null;
    this.touch();
    this.settings.variant = this.game.variant();
    this.#emit('replaced', { kind: 'back' });
    if (this.game.isOver()) this.#emit('change');
    else this.scheduleAi();
    return true;
  }

  /** Loads a transcript, a board string or a GGF record (the engine tells which), or
   *  a variant's record (`[6x6] c2…`). With `variant` given, only records of that
   *  variant load (untagged ones are read as that variant). Throws an Error with the
   *  engine's message and changes nothing. */
  load(text, variant = null) {
    const t = String(text);
    const g = variant ? this.engine.Game.readAs(variant, t) : this.engine.Game.fromText(t);
    // Saved and restored from the position it started from.
    this.newGame(g.startBoard(), g, 'load');
  }

  /** Against the computer, back to the person's previous turn; else one move. */
  undo() {
    this.stopAi();
    const g = this.game;
    let any = false;
    if (this.settings.mode === 'hc') {
      while (g.undo()) {
        any = true;
        if (g.toMove() === this.settings.humanColor) break;
      }
    } else {
      any = g.undo();
    }
    if (!any) {
      // Nothing to take back in this game: bring back the one it replaced.
      return this.bringBack();
    }
    this.touch();
    this.scheduleAi();
    return true;
  }

  redo() {
    this.stopAi();
    const g = this.game;
    let any = false;
    if (this.settings.mode === 'hc') {
      while (g.redo()) {
        any = true;
        if (g.toMove() === this.settings.humanColor || g.isOver()) break;
      }
    } else {
      any = g.redo();
    }
    if (any) {
      this.touch();
      if (g.isOver()) this.#afterMove();
      else this.scheduleAi();
    }
    return any;
  }

  /** Shows the position after move `n` (undoing or redoing up to it). */
  goTo(n) {
    this.stopAi();
    const g = this.game;
    let played = this.moves(g).length;
    while (played > n && g.undo()) played--;
    while (played < n && g.redo()) played++;
    this.touch();
    this.scheduleAi();
  }

  /** Every legal move's score, best first, for the current position. */
  async hint(options = { depth: 8, exactEmpties: 16 }) {
    const position = this.game.toBoard();
    const scores = await this.ai.request('analyze', position, options);
    return this.game.toBoard() === position ? scores : null;
  }

  /** Reviews the whole line played (moves taken back included): every move's score
   *  against the best. `onProgress({ done, total })`. */
  review(onProgress, options = { depth: 6, exactEmpties: this.game.size() > 8 ? 16 : 20 }) {
    this.stopAi();
    return this.ai.request('review', this.game.startBoard(), options, onProgress, { moves: this.fullMoves() });
  }

  /** Replays a saved { start, moves, redo, previous }; returns false (changing nothing)
   *  if it does not replay. */
  restore(saved) {
    if (!saved) return false;
    const g = this.#replay(saved);
    if (!g) return false;
    this.game.free();
    this.game = g;
    this.touch();
    this.settings.variant = g.variant();
    this.previous?.free();
    this.previous = saved.previous ? this.#replay(saved.previous) : null;
    return true;
  }

  #replay(saved) {
    let g = null;
    try {
      g = saved.start ? openBoard(this.engine, saved.start) : freshGame(this.engine, this.settings.variant);
      for (const sq of [...saved.moves, ...saved.redo]) g.play(sq);
      for (let i = 0; i < saved.redo.length; i++) g.undo();
    } catch {
      g?.free();
      return null;
    }
    return g;
  }

  snapshot() {
    const save = (game) => {
      const moves = this.moves(game);
      // The game knows the position it started from.
      return { start: game.startBoard(), moves, redo: this.fullMoves(game).slice(moves.length) };
    };
    return { ...save(this.game), previous: this.previous ? save(this.previous) : null };
  }
}
