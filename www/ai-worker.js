// The AI runs here, off the main thread. Messages in:
//   { id, kind: 'search', board, options, progress } -> progress messages (if asked, at
//      most one every 100 ms), then done
//   (any request may carry moves: played from board first, here rather than on the page)
//   { id, kind: 'analyze', board, options }  -> done with every move's score
//   { id, kind: 'review', board, moves, options } -> progress { done, total }, then done
//   { id, kind: 'grade', board, options: { move } } -> done with a puzzle answer's grade
//   { id, kind: 'task', board, task }        -> done with the answer to a SearchPlan's task
//   { id, kind: 'choice', board, options: { level } } -> done with { result, evaluator }:
//      the level's move when it is not a plain search's best (book, weaker move), or null
//   { kind: 'port', port }                   -> requests come through this MessagePort
//      too (from a planner), and are answered through it; it replaces the last one
//   { id, kind: 'plan', board, options, ports, progress } -> (the planner, a worker
//      named 'planner') drives a SearchPlan over the searching workers at the other ends
//      of `ports`; progress messages with its iterations, then done with
//      { result, evaluator } (result null: no iteration finished)
// Messages out: { id, kind: 'progress' | 'done' | 'error', result | message }.
import * as engine from '../pkg/reversi.js';
import { openBoard } from './games.js';
import { gradeWith } from './puzzles.js';
import { drive, PortLane } from './pool-plan.js';
import { wasmSource, weightsSource } from './wasm-source.js';

const ready = engine.default(wasmSource);
/** The planner searches nothing: it needs no weights. */
const planner = self.name === 'planner';
// The weights of the learned evaluation arrive after the wasm (they are most of its
// size). Every search waits for them; should they fail to load, the engine plays on
// with its hand-tuned evaluation, and results say which one was used.
const weights = planner ? Promise.resolve() : (async () => {
  // A URL to fetch, or (in the one-file build) the bytes, unpacked on the way.
  const source = await weightsSource();
  const bytes = source instanceof Uint8Array ? source : new Uint8Array(await (await fetch(source)).arrayBuffer());
  await ready;
  engine.loadWeights(bytes);
})().catch(() => {});

/** A search's iterations, reported at most once every PROGRESS_MS (the first at once):
 *  each report is a task on the page's main thread, which draws it, and a quick search
 *  finishes several iterations within a frame (the result itself comes in 'done'). */
const PROGRESS_MS = 100;
function throttled(report) {
  let last = -Infinity;
  return (r) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    report(r);
  };
}

/** The port a planner reaches this worker through. */
let port = null;

self.onmessage = (event) => {
  const { kind } = event.data;
  if (kind === 'wasm') return; // the engine's bytes, for the one-file build's wasm source
  if (kind === 'port') {
    port?.close();
    const p = (port = event.data.port);
    p.onmessage = (e) => handle(e.data, (msg) => p.postMessage(msg));
    return;
  }
  handle(event.data, (msg) => self.postMessage(msg));
};

async function handle(data, reply) {
  const { id, kind, board, options, moves } = data;
  try {
    await ready;
    await weights;
    const game = openBoard(engine, board);
    for (const sq of moves ?? []) game.play(sq);
    let result;
    if (kind === 'search') {
      result = game.search({
        ...options,
        onProgress: data.progress ? throttled((r) => reply({ id, kind: 'progress', result: r })) : undefined,
      });
    } else if (kind === 'task') {
      result = { ...game.runTask(data.task), evaluator: engine.evaluatorName() };
    } else if (kind === 'plan') {
      const lanes = data.ports.map((p) => new PortLane(p));
      const plan = new engine.SearchPlan(game, options, lanes.length, false);
      try {
        const onProgress = data.progress ? throttled((r) => reply({ id, kind: 'progress', result: r })) : undefined;
        const evaluator = await drive(plan, lanes, { board, moves: moves ?? [] }, onProgress);
        result = { result: plan.result(), evaluator };
      } finally {
        plan.free();
        for (const lane of lanes) lane.close();
      }
    } else if (kind === 'choice') {
      result = { result: game.levelChoice(options), evaluator: engine.evaluatorName() };
    } else if (kind === 'grade') {
      result = await gradeWith(game, options.move, async (more, limits) => {
        const g = game.clone();
        for (const sq of more) g.play(sq);
        try {
          return g.search(limits);
        } finally {
          g.free();
        }
      });
    } else if (kind === 'analyze') {
      // live: deepening, each depth's scores sent as progress { scores, depth }.
      const { live, ...rest } = options;
      const onProgress = live ? (scores, depth) => reply({ id, kind: 'progress', result: { scores, depth } }) : undefined;
      result = game.analyze({ ...rest, onProgress });
    } else if (kind === 'review') {
      result = game.review({ ...options, onProgress: (p) => reply({ id, kind: 'progress', result: p }) });
    } else {
      throw new Error(`unknown request '${kind}'`);
    }
    if (kind === 'search') Object.assign(result, { evaluator: engine.evaluatorName(), toMove: game.toMove() });
    game.free();
    reply({ id, kind: 'done', result });
  } catch (err) {
    reply({ id, kind: 'error', message: String(err?.message ?? err) });
  }
}
