// The page's side of the AI workers. One request at a time per client; cancelling
// terminates its workers (a running search cannot be interrupted from outside) and
// starts new ones when next needed, and answers of cancelled requests are dropped, so
// their moves are never played.
//
// Several cores: a client has its own worker, and borrows helpers (one worker per
// further core the player allows) for the searches that may use them: the strongest
// level (it plays by the clock), a search by depth or time, every move's value, a
// puzzle's grade. A worker of its own, the planner, holds the engine's SearchPlan,
// which hands out the tasks (one root move and a window each) and is told every
// answer, through a MessagePort to each searching worker (www/pool-plan.js): the
// page's main thread only starts the search and hears its iterations and result. The
// workers share nothing but messages, so this works on any page, with or without
// SharedArrayBuffer. Levels 1 to 17 think on one core everywhere: their move and node
// count must be the same on every device. What was used is in each result (`cores`,
// and `coresNote` when fewer than allowed).

import * as engine from '../pkg/reversi.js';
import { openBoard } from './games.js';
import { gradeWith } from './puzzles.js';
import { nextTask } from './coalesce.js';
import { answer } from './pool-plan.js';
import { startWorker, workerType, workerUrl } from './worker-url.js';

/** At most this many workers search one position. */
export const MAX_CORES = 8;

/** The cores this device reports, within 1 to MAX_CORES. */
export function deviceCores() {
  return Math.max(1, Math.min(MAX_CORES, Number(globalThis.navigator?.hardwareConcurrency) || 1));
}

let allowed = deviceCores();

/** How many cores the page's searches may use (the player's setting), 1 to MAX_CORES. */
export function setAllowedCores(n) {
  allowed = Math.max(1, Math.min(MAX_CORES, Math.floor(Number(n)) || 1));
}

/** Workers start one a task, each after the code that asked for it: starting one
 *  costs the page's thread 20-25 ms on a slow phone (4x), so the helpers of a pool
 *  started with the click that asked for them made one long task of that click. */
let starts = Promise.resolve();
const inTaskOfItsOwn = (fn) => {
  starts = starts.then(nextTask).then(fn).catch(() => {});
};

/** One worker, answering the messages sent to it in order. */
class Lane {
  /** `name`: the worker's name ('planner' for the one that drives a pool). */
  constructor(url, name = 'ai') {
    this.url = url;
    this.name = name;
    this.worker = null;
    this.epoch = 0; // counts stops: a start deferred past a stop does not happen
    this.nextId = 1;
    this.calls = new Map(); // id -> { resolve, reject, onProgress }
  }

  #ensure() {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: workerType, name: this.name });
    startWorker(w);
    w.onmessage = (e) => answer(this.calls, e.data); // (a stopped worker's requests are gone)
    w.onerror = (e) => {
      e.preventDefault?.();
      const calls = [...this.calls.values()];
      this.stop();
      for (const c of calls) c.reject(new Error(e.message || 'the AI worker failed'));
    };
    this.worker = w;
    return w;
  }

  /** Sends a request (`transfer`: what it hands over, as postMessage's); resolves with
   *  its result. A worker not running yet is started in a task of its own first (see
   *  `starts`). */
  call(message, onProgress, transfer = []) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject, onProgress });
      const send = () => {
        if (!this.calls.has(id)) return; // stopped before its worker started
        try {
          // A search reports each iteration only to a caller who listens (each
          // message is a task on the page's main thread).
          this.#ensure().postMessage({ ...message, id, progress: !!onProgress }, transfer);
        } catch (err) {
          this.calls.delete(id);
          reject(err);
        }
      };
      if (this.worker) send();
      else inTaskOfItsOwn(send);
    });
  }

  /** A MessagePort to this worker: requests sent through it are answered through it
   *  (the planner's way to its searchers). */
  connect() {
    const { port1, port2 } = new MessageChannel();
    const epoch = this.epoch;
    const send = () => {
      if (epoch === this.epoch) this.#ensure().postMessage({ kind: 'port', port: port1 }, [port1]);
    };
    if (this.worker) send();
    else inTaskOfItsOwn(send);
    return port2;
  }

  /** Terminates the worker at once; its calls never settle. */
  stop() {
    this.epoch++;
    this.worker?.terminate();
    this.worker = null;
    this.calls.clear();
  }

  /** Starts the worker (in a task of its own) if it is not running. */
  warmUp() {
    if (!this.worker) inTaskOfItsOwn(() => this.#ensure());
  }
}

/** The helpers every client of the page borrows from, one client at a time, and the
 *  planner that drives them. */
const helpers = { lanes: [], planner: null, holder: null };

function borrowHelpers(client, count) {
  if (count <= 0) return [];
  if (helpers.holder && helpers.holder !== client) return null;
  helpers.holder = client;
  helpers.planner ??= new Lane(client.url, 'planner');
  while (helpers.lanes.length < count) helpers.lanes.push(new Lane(client.url));
  return helpers.lanes.slice(0, count);
}

function returnHelpers(client, { stop = false } = {}) {
  if (helpers.holder !== client) return;
  helpers.holder = null;
  if (stop) for (const lane of [...helpers.lanes, helpers.planner]) lane?.stop();
}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.cancelled = true;
  }
}

export class AiClient {
  /** `oneCore`: this client never borrows helpers (the graph's scorer: its searches are
   *  small, a pool would spend more on messages than it saves, and would take the
   *  helpers the computer's own search wants). */
  constructor(url = workerUrl(), { oneCore = false } = {}) {
    this.url = url;
    this.oneCore = oneCore;
    this.own = new Lane(url);
    this.nextId = 1;
    this.pending = null; // { id, reject }
  }

  get busy() {
    return this.pending !== null;
  }

  /** How many cores this client's searches may use. */
  get cores() {
    return this.oneCore ? 1 : allowed;
  }

  /** Starts a request, cancelling any other. Resolves with its result. `extra` joins
   *  the message (the moves of a review, or played from the board first). */
  request(kind, board, options, onProgress, extra = {}) {
    this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, reject };
      const current = () => this.pending?.id === id;
      this.#run(kind, board, options ?? {}, onProgress, extra, current).then(
        (result) => {
          if (!current()) return;
          this.pending = null;
          returnHelpers(this);
          resolve(result);
        },
        (err) => {
          if (!current()) return;
          this.pending = null;
          returnHelpers(this, { stop: true });
          reject(err);
        },
      );
    });
  }

  /** Cancels the running request: its promise rejects with a CancelledError, and every
   *  worker it used stops at once. */
  cancel() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.own.stop();
    returnHelpers(this, { stop: true });
    p.reject(new Cancelled());
  }

  /** Starts the worker (and its wasm) ahead of the first request. */
  warmUp() {
    this.own.warmUp();
  }

  async #run(kind, board, options, onProgress, extra, current) {
    const single = () => this.own.call({ kind, board, options, ...extra }, onProgress).then((r) => (kind === 'search' || kind === 'grade' ? { ...r, cores: 1 } : r));
    if (this.cores < 2 || !['search', 'analyze', 'grade'].includes(kind)) return single();
    const noted = (note) => single().then((r) => (kind === 'analyze' ? r : { ...r, coresNote: note }));
    if (kind === 'search' && options.level !== undefined && options.level !== engine.maxLevel()) {
      // A level the same opponent on every device: one core, as everywhere.
      return noted('level');
    }
    const game = openGame(board, extra.moves);
    const othello = game?.variant() === 'othello';
    const moves = game?.legalMoves().length ?? 0;
    game?.free();
    if (!othello) return noted('board');
    if (!moves) return single();
    const lanes = borrowHelpers(this, this.cores - 1);
    if (!lanes) return noted('busy');
    const pool = [this.own, ...lanes];
    const position = { board, moves: extra.moves ?? [] };
    if (kind === 'search') return this.#poolSearch(pool, position, options, onProgress, current);
    if (kind === 'analyze') return this.#poolAnalyze(pool, position, options, onProgress, current);
    const g = openGame(board, extra.moves);
    try {
      const search = (more, limits) => this.#poolSearch(pool, { board, moves: [...position.moves, ...more] }, limits, undefined, current);
      return { ...(await gradeWith(g, options.move, search)), cores: pool.length };
    } finally {
      g.free();
    }
  }

  /** A search shared by the workers of `pool` (see the module's notes). */
  async #poolSearch(pool, position, options, onProgress, current) {
    const { onProgress: _, ...opts } = options;
    const game = openGame(position.board, position.moves);
    if (!game.legalMoves().length) {
      game.free();
      return { ...(await pool[0].call({ kind: 'search', ...position, options: opts })), cores: 1 };
    }
    const toMove = game.toMove();
    game.free();
    if (opts.level !== undefined) {
      const { result, evaluator } = await pool[0].call({ kind: 'choice', ...position, options: opts });
      if (result) return { ...result, evaluator, toMove, cores: 1 };
    }
    // Each searcher is reached by the planner through a port of its own.
    const ports = pool.map((lane) => lane.connect());
    const report = onProgress && ((r) => onProgress({ ...r, cores: pool.length }));
    const out = await helpers.planner.call({ kind: 'plan', ...position, options: opts, ports }, report, ports);
    if (!current()) throw new Cancelled();
    // (Only a plan that stalled before its first iteration has none: one worker's own search.)
    if (!out.result) return { ...(await pool[0].call({ kind: 'search', ...position, options: opts })), cores: 1 };
    return { ...out.result, evaluator: out.evaluator, toMove, cores: pool.length };
  }

  /** Every move's value, the moves shared out among the workers of `pool` one at a
   *  time; with `live` and a depth, depth by depth, each depth reported. */
  async #poolAnalyze(pool, position, options, onProgress, current) {
    const { live, ...opts } = options;
    const game = openGame(position.board, position.moves);
    const legal = [...game.legalMoves()];
    const empties = game.board().filter((c) => c === 0).length;
    game.free();
    const exactFrom = opts.exactEmpties ?? 14;
    const share = async (limits) => {
      const queue = [...legal];
      const scores = [];
      // A time limit is for the whole analysis, as on one core.
      const each = limits.timeMs !== undefined ? { ...limits, timeMs: (limits.timeMs * pool.length) / legal.length } : limits;
      await Promise.all(
        pool.map(async (lane) => {
          while (queue.length) {
            if (!current()) throw new Cancelled();
            const sq = queue.shift();
            scores.push(...(await lane.call({ kind: 'analyze', ...position, options: { ...each, moves: [sq] } })));
          }
        }),
      );
      return scores.sort((a, b) => b.score - a.score || a.move - b.move);
    };
    if (!live || opts.depth === undefined) return share(opts);
    const first = empties - 1 <= exactFrom ? opts.depth : 1;
    let last = [];
    for (let d = first; d <= opts.depth; d++) {
      last = await share({ ...opts, depth: d });
      if (!current()) throw new Cancelled();
      onProgress?.({ scores: last, depth: d, cores: pool.length });
    }
    return last;
  }
}

/** The position of a request on the page's own engine, or null if it cannot be read. */
function openGame(board, moves = []) {
  try {
    const g = openBoard(engine, board);
    for (const sq of moves) g.play(sq);
    return g;
  } catch {
    return null;
  }
}
