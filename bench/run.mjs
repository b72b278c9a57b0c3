// npm run bench [-- --quick] [-- --skip-match] [-- --opponent "CMD" [--opponent-level "CMD"]
//               [--match-openings A-B] [--match-time MS]]
// Native (the reversi binary) against WebAssembly (Node, and headless Chromium):
// perft(11) leaves per second, midgame nodes per second, exact solving of FFO #40-#49 (with the learned and the
// hand-tuned evaluation ordering moves), the evaluation's accuracy and the learned
// evaluation against the hand-tuned one, the variants, and level matches. With
// --opponent, a match against another engine over NBoard (reversi versus): the
// command is run for equal-depth games (it gets --depth D --exact E appended), and
// --opponent-level names a command for its strongest level: our strongest level plays
// it with --time MS (default 1100, about its level 15's mean time a move on this
// machine), with half that, and with that on 2 threads; --match-openings picks the
// balanced openings (default the first 24, with --quick 4).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/static-server.mjs';
import { launch } from '../tests/e2e/browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const skipMatch = process.argv.includes('--skip-match');
const argAfter = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : null; };
const opponent = argAfter('--opponent');
const opponentLevel = argAfter('--opponent-level');
const PERFT_DEPTH = quick ? 10 : 11;
const FFO_LINES = quick ? [1, 2] : [1, 10]; // of fforum-40-59.obf: #40 .. #49
const FFO_FILE = path.join(ROOT, 'data', 'ffo', 'fforum-40-59.obf');

/** Multi-ProbCut threshold of the equal-depth matches (by depth), and our strongest level. */
const MATCH_MPC = { 8: '2', 12: '3' };
const TOP_LEVEL = '18';
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
console.log('building native and wasm (release)...');
run('cargo', ['build', '--release', '--quiet']);
run('npm', ['run', '--silent', 'build:wasm']);
const BIN = path.join(ROOT, 'target', 'release', 'reversi');
const TRAIN = path.join(ROOT, 'target', 'release', 'train');
const OBF = ['fforum-1-19.obf', 'fforum-20-39.obf', 'fforum-40-59.obf', 'fforum-60-79.obf'].map((f) => path.join(ROOT, 'data', 'ffo', f));

// ---- perft
const nativeOut = run(BIN, ['perft', String(PERFT_DEPTH)]);
const nativeLeaves = Number(/= (\d+)/.exec(nativeOut)[1]);
const nativeSecs = Number(/time ([\d.]+) s/.exec(nativeOut)[1]);

const wasmBytes = fs.readFileSync(path.join(ROOT, 'pkg', 'reversi_bg.wasm'));
const mod = await import(path.join(ROOT, 'pkg', 'reversi.js'));
await mod.default({ module_or_path: wasmBytes });
let t = performance.now();
const wasmLeaves = mod.perft(PERFT_DEPTH);
const wasmSecs = (performance.now() - t) / 1000;
if (wasmLeaves !== nativeLeaves) throw new Error(`perft mismatch: native ${nativeLeaves}, wasm ${wasmLeaves}`);
const mlps = (l, s) => (l / s / 1e6).toFixed(1);
console.log(`\nperft(${PERFT_DEPTH}) = ${nativeLeaves}`);
console.log(`  native      ${nativeSecs.toFixed(3)} s  ${mlps(nativeLeaves, nativeSecs)} M leaves/s`);
console.log(`  wasm (Node) ${wasmSecs.toFixed(3)} s  ${mlps(wasmLeaves, wasmSecs)} M leaves/s`);
console.log(`  wasm/native time ratio ${(wasmSecs / nativeSecs).toFixed(2)}`);

// ---- midgame search speed (the balanced openings at a fixed depth, full width)
// natively and in Node's WebAssembly: the same searches (same table size, weights and
// limits), so the node counts must agree and the times compare like with like.
const MID_COUNT = quick ? 5 : 20;
console.log(`\nmidgame search, depth 11 from ${MID_COUNT} balanced openings, one thread (reversi speed):`);
const nativeMid = run(BIN, ['speed', '--depth', '11', '--count', String(MID_COUNT)]).trim().split('\n').pop();
console.log('  native      ' + nativeMid);
{
  mod.loadWeights(fs.readFileSync(path.join(ROOT, 'data', 'eval.weights')));
  const openings = fs.readFileSync(path.join(ROOT, 'data', 'balanced.txt'), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#')).slice(0, MID_COUNT).map((l) => l.split(/\s+/)[0]);
  let [nodes, secs] = [0, 0];
  for (const transcript of openings) {
    const g = mod.Game.fromTranscript(transcript);
    const r = g.search({ depth: 11 });
    nodes += r.nodes;
    secs += r.timeMs / 1000;
    g.free();
  }
  const [nativeNodes, nativeMidSecs] = [Number(/(\d+) nodes/.exec(nativeMid)[1]), Number(/in ([\d.]+) s/.exec(nativeMid)[1])];
  console.log(`  wasm (Node) depth 11: ${nodes} nodes in ${secs.toFixed(2)} s, ${(nodes / secs / 1e6).toFixed(2)} M nodes/s`);
  console.log(`  wasm/native time ratio ${(secs / nativeMidSecs).toFixed(2)}${nodes === nativeNodes ? ' (the same nodes)' : ` — NOT the same search: ${nativeNodes} nodes natively`}`);
}

// ---- FFO #40-#49
const lines = fs.readFileSync(FFO_FILE, 'utf8').split('\n').filter((l) => l.trim());
const chosen = lines.slice(FFO_LINES[0] - 1, FFO_LINES[1]);
const expected = chosen.map((l) => Math.max(...l.split(';').slice(1).filter((f) => f.includes(':')).map((f) => Number(f.split(':')[1]))));

console.log(`\nFFO #${39 + FFO_LINES[0]}-#${39 + FFO_LINES[1]}, exact solve, one thread`);
const nativeSolve = run(BIN, ['solve', FFO_FILE, String(FFO_LINES[0]), String(FFO_LINES[1])]);
const native = nativeSolve
  .split('\n')
  .filter((l) => /^\s+\d+\s/.test(l))
  .map((l) => {
    const f = l.trim().split(/\s+/);
    return { score: Number(f[3]), secs: Number(f[5]), nodes: Number(f[6]) };
  });

function solveAll(GameClass, boards) {
  const out = [];
  for (const b of boards) {
    const g = GameClass.fromBoard(b);
    const t0 = performance.now();
    const r = g.solve();
    out.push({ score: r.score, secs: (performance.now() - t0) / 1000, nodes: r.nodes });
    g.free();
  }
  return out;
}
const node = solveAll(mod.Game, chosen);

const server = await serve();
const browser = await launch();
let chrome;
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/bench/blank.html`);
  chrome = await page.evaluate(async (boards) => {
    const m = await import('/pkg/reversi.js');
    await m.default();
    const out = [];
    for (const b of boards) {
      const g = m.Game.fromBoard(b);
      const t0 = performance.now();
      const r = g.solve();
      out.push({ score: r.score, secs: (performance.now() - t0) / 1000, nodes: r.nodes });
      g.free();
    }
    return out;
  }, chosen);
} finally {
  await browser.close();
  await server.close();
}

const pad = (s, n) => String(s).padStart(n);
console.log(`${pad('#', 3)} ${pad('file', 5)} | ${pad('native s', 9)} ${pad('nodes', 12)} ${pad('Mn/s', 6)} | ${pad('Node s', 8)} ${pad('ok', 3)} | ${pad('Chromium s', 10)} ${pad('ok', 3)}`);
const total = { native: 0, node: 0, chrome: 0, nodes: 0 };
let mismatches = 0;
chosen.forEach((_, i) => {
  const [n, w, c, e] = [native[i], node[i], chrome[i], expected[i]];
  const ok = (r) => (r.score === e ? 'ok' : 'NO');
  if (n.score !== e || w.score !== e || c.score !== e) mismatches++;
  total.native += n.secs; total.node += w.secs; total.chrome += c.secs; total.nodes += n.nodes;
  console.log(`${pad(39 + FFO_LINES[0] + i, 3)} ${pad((e > 0 ? '+' : '') + e, 5)} | ${pad(n.secs.toFixed(2), 9)} ${pad(n.nodes, 12)} ${pad((n.nodes / n.secs / 1e6).toFixed(1), 6)} | ${pad(w.secs.toFixed(2), 8)} ${pad(ok(w), 3)} | ${pad(c.secs.toFixed(2), 10)} ${pad(ok(c), 3)}`);
});
console.log(`total: native ${total.native.toFixed(1)} s (${(total.nodes / total.native / 1e6).toFixed(1)} M nodes/s), Node wasm ${total.node.toFixed(1)} s, Chromium wasm ${total.chrome.toFixed(1)} s`);
console.log(`wasm/native ratio: Node ${(total.node / total.native).toFixed(2)}, Chromium ${(total.chrome / total.native).toFixed(2)}; ${mismatches} mismatches`);
// The same positions with the hand-tuned evaluation ordering moves (before the learned one).
const handSolve = run(BIN, ['solve', '--eval', 'hand', FFO_FILE, String(FFO_LINES[0]), String(FFO_LINES[1])]);
console.log(`native, hand-tuned evaluation ordering moves: ${handSolve.trim().split('\n').pop()}`);

// ---- the learned evaluation
console.log('\nevaluation error at depth 2 on the .obf positions (exact scores known):');
console.log(run(TRAIN, ['mae', '--depth', '2', ...OBF]).trim());
if (!skipMatch) {
  const games = quick ? '10' : '150';
  console.log('\nlearned vs hand-tuned evaluation, balanced six-ply openings, both colours:');
  console.log(run(TRAIN, ['match', '--depth', '4', '--openings', games]).trim().split('\n').pop());
  console.log(run(TRAIN, ['match', '--time', '50', '--openings', quick ? '5' : '100']).trim().split('\n').pop());
}

// ---- the variants
console.log('\nvariants:');
for (const [v, d] of [['6x6', 10], ['10x10', 7], ['eight-star', 7]]) {
  console.log('  ' + run(BIN, ['variant', v, 'perft', String(d)]).trim().split('\n').pop());
}
console.log('  ' + run(BIN, ['variant', '4x4', 'solve']).trim());
// The variants' AI at level 5 in wasm (this module, as the page runs it): every move of
// a whole game within the level's time.
for (const v of ['10x10', 'eight-star']) {
  const g = new mod.Game(v);
  const level = 5;
  let worst = 0;
  let total = 0;
  let moves = 0;
  while (!g.isOver()) {
    const t0 = performance.now();
    const r = g.search({ level, seed: moves });
    const dt = performance.now() - t0;
    worst = Math.max(worst, dt);
    total += dt;
    g.play(r.move);
    moves++;
  }
  console.log(`  level ${level} on ${v} (wasm): ${moves} moves, mean ${(total / moves).toFixed(0)} ms, longest ${worst.toFixed(0)} ms (the level's time: 500 ms)`);
  g.free();
}
if (!quick) {
  // The 6×6 proof (target: at most 3 minutes on one core).
  const t6 = performance.now();
  const six = execFileSync(BIN, ['variant', '6x6', 'solve', '[6x6] c2'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TT_MB: '128' } });
  console.log(`  ${six.trim()} (${((performance.now() - t6) / 1000).toFixed(0)} s wall)`);
}

// ---- first load of the page: as served in development, and the built site
async function firstLoad(root, label) {
  const zlib = await import('node:zlib');
  const srv = await serve({ root });
  const br = await launch();
  try {
    const page = await br.newPage();
    const sizes = new Map();
    const arrived = new Map(); // path -> when its response came
    page.on('response', async (r) => {
      arrived.set(new URL(r.url()).pathname, Date.now());
      try { sizes.set(new URL(r.url()).pathname, (await r.body()).length); } catch { /* redirects */ }
    });
    // The weights held back 3 s, as on a slow line: the board must not wait for them.
    await page.route(/\.weights$/, async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page.goto(`${srv.url}/`);
    await page.waitForSelector('body.ready');
    const readyAt = Date.now();
    const readyMs = await page.evaluate(() => performance.getEntriesByName('reversi-ready')[0].startTime);
    await page.waitForTimeout(4500); // the AI worker, its wasm and (held back) its weights
    const clickMs = await page.evaluate(() => {
      const c = window.reversiApp.squareCenter(37);
      const canvas = document.querySelector('#board');
      const t0 = performance.now();
      canvas.dispatchEvent(new MouseEvent('click', { clientX: c.x, clientY: c.y, bubbles: true }));
      return performance.now() - t0;
    });
    let raw = 0;
    let gz = 0;
    let beforeReady = 0;
    let filesBeforeReady = 0;
    for (const [p] of sizes) {
      const file = path.join(root, p === '/' ? 'index.html' : p);
      if (!fs.existsSync(file)) continue;
      const data = fs.readFileSync(file);
      raw += data.length;
      const z = zlib.gzipSync(data, { level: 9 }).length;
      gz += z;
      if (arrived.get(p) <= readyAt) {
        beforeReady += z;
        filesBeforeReady += 1;
      }
    }
    console.log(`\nfirst load, ${label} (localhost, headless Chromium): board drawn and clickable after ${readyMs.toFixed(0)} ms`);
    console.log(`  ${filesBeforeReady} files, ${(beforeReady / 1024).toFixed(1)} KiB gzipped, had arrived when the board was playable`);
    console.log(`  ${sizes.size} files, ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped in the first 4.5 s (the AI worker and its weights included)`);
    console.log(`  a person's move drawn in ${clickMs.toFixed(1)} ms (synchronously, within the frame of the click)`);
  } finally {
    await br.close();
    await srv.close();
  }
}
run('node', ['scripts/build.mjs']);
await firstLoad(ROOT, 'development files');

// ---- smoothness: the main thread's long tasks while loading and playing, the CPU
// slowed as on a phone (bench/smoothness.mjs; each line one run)
{
  const { measure, fmt } = await import('./smoothness.mjs');
  const srv = await serve({ root: ROOT });
  try {
    console.log('\nsmoothness (tasks over 50 ms on the main thread; a whole game by click events at level 2, then analysis, review, editor, a puzzle):');
    const runs = quick ? [[4, true]] : [[1, false], [1, true], [4, false], [4, true]];
    for (const [rate, phone] of runs) {
      const r = await measure({ url: `${srv.url}/`, rate, phone, stages: quick ? ['game'] : undefined });
      console.log(`  page ${rate}x ${phone ? 'phone 390x844@2' : 'desktop 1280x800'}: load ${fmt(r.load)} (ready ${r.load.readyMs} ms)`);
      for (const k of ['game', 'analysis', 'review', 'editor', 'puzzle']) if (r[k]) console.log(`    ${k.padEnd(8)} ${fmt(r[k])}`);
    }
    for (const [name, at] of [['built site (dist/)', '/dist/'], ['one-file build', '/dist/reversi.html']]) {
      const r = await measure({ url: `${srv.url}${at}`, rate: 4, phone: true, stages: ['game', 'puzzle'] });
      console.log(`  ${name} 4x phone: load ${fmt(r.load)}; game ${fmt(r.game)}; puzzle ${fmt(r.puzzle)}`);
    }
    const cold = await measure({ url: `${srv.url}/`, rate: 4, phone: true, cold: true, stages: [] });
    console.log(`  page 4x phone, the browser's first page (its fonts not started): load ${fmt(cold.load)}`);
    const el = await measure({ url: `${srv.url}/www/examples/`, rate: 4, phone: true, element: true });
    console.log(`  <reversi-board> 4x phone: load ${fmt(el.load)}; two computers' game ${fmt(el.game)}`);
  } finally {
    await srv.close();
  }
}

// ---- the review of a whole game in the page (depth 6, exact from 20 empties, in the worker)
{
  const srv = await serve();
  const br = await launch();
  try {
    const page = await br.newPage();
    const game = 'd3c5f6e3f3f2d6f5f1c2c6c3d2e2e1f4c4g3d1c1b1d7d8b6a6b4e6e7e8c7b5g6c8b3a4b7g5f8f7g7g4g2h4h5h6h7h2a7a5h3b2h1g1a1a8a2a3b8g8h8';
    await page.goto(`${srv.url}/#v=othello&m=${game}&n=60`);
    await page.waitForSelector('body.ready');
    await page.evaluate(() => document.querySelector('#result-dialog').close());
    const t0 = performance.now();
    await page.click('#review-btn');
    await page.waitForFunction(() => /^Reviewed 60/.test(document.querySelector('#review-status').textContent), null, { timeout: 300000 });
    console.log(`\nreview of a 60-move game in headless Chromium: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await br.close();
    await srv.close();
  }
}
// ---- puzzle grading in the page (the worker's solver, or its deep search past 20 empties)
{
  const srv = await serve();
  const br = await launch();
  try {
    const page = await br.newPage();
    await page.goto(`${srv.url}/`);
    await page.waitForSelector('body.ready');
    await page.click('#puzzles-btn');
    await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
    // The live analysis must never hold up the page: long tasks (> 50 ms) on the main
    // thread while it deepens on a middle-game position.
    await page.keyboard.press('Escape');
    await page.check('#analysis-toggle');
    await page.click('details.io summary');
    await page.fill('#import-text', 'f5d6c3d3c4f4f6f3e6e7d7c5b6');
    await page.click('#load-btn');
    // From the first depth on (the Load itself is not the analysis's work).
    await page.waitForFunction(() => (window.reversiApp.analysis?.depth ?? 0) >= 1, null, { timeout: 60000 });
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    await page.waitForTimeout(8000);
    const analysed = await page.evaluate(() => ({ depth: window.reversiApp.analysis?.depth, long: window.__long }));
    console.log(`\nlive analysis for 8 s: depth ${analysed.depth} reached, ${analysed.long.length} long tasks on the main thread${analysed.long.length ? ` (longest ${Math.max(...analysed.long).toFixed(0)} ms)` : ''}`);
    await page.uncheck('#analysis-toggle');
    await page.click('#puzzles-btn');
    await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
    const per = quick ? 2 : 6;
    for (const theme of ['finish', 'endgame', 'deep', 'only', 'midgame', 'expert']) {
      await page.selectOption('#puzzle-theme', theme);
      const times = [];
      for (let i = 0; i < per; i++) {
        await page.click('#puzzle-next');
        const p = await page.evaluate(() => window.reversiApp.puzzles.current);
        const t0 = performance.now();
        await page.evaluate((s) => document.querySelector(`#puzzle-grid [data-sq="${s}"]`).click(), p.best);
        await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 300000 });
        times.push(performance.now() - t0);
      }
      console.log(`puzzle grading, ${theme}: mean ${(times.reduce((a, b) => a + b, 0) / times.length / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s (${per} puzzles)`);
    }
  } finally {
    await br.close();
    await srv.close();
  }
}
await firstLoad(path.join(ROOT, 'dist'), 'built site (dist/)');

// ---- level match
if (!skipMatch) {
  const pairs = quick ? [['5', '1', '4']] : [['9', '5'], ['13', '9'], ['15', '11', '6']];
  for (const [a, b, n] of pairs) {
    const out = run(BIN, ['match', a, b, ...(n ? [n] : [])]);
    console.log('\n' + out.trim().split('\n').pop());
  }
}
// ---- against another engine (issue: the strongest web engine), when one is given
if (opponent || opponentLevel) {
  const openings = argAfter('--match-openings') ?? (quick ? '4' : '24');
  const ms = Number(argAfter('--match-time') ?? 1100);
  const versus = (ours, theirs) => run(BIN, ['versus', '--openings', openings, ours, theirs]).trim().split('\n').slice(-4).join('\n');
  if (opponent) {
    for (const [d, e] of [[8, 16], [12, 20]]) {
      console.log(`\nagainst ${opponent}, depth ${d}, exact from ${e}, openings ${openings} x both colours (A = ours):`);
      console.log(versus(`${BIN} nboard --depth ${d} --exact ${e} --mpc ${MATCH_MPC[d]}`, `${opponent} --depth ${d} --exact ${e}`));
    }
  }
  if (opponentLevel) {
    for (const [t, threads] of [[ms, 1], [ms / 2, 1], [ms, 2]]) {
      console.log(`\nour level ${TOP_LEVEL}, ${t} ms a move at most, ${threads} thread(s), against ${opponentLevel}, openings ${openings} (A = ours):`);
      console.log(versus(`${BIN} nboard --level ${TOP_LEVEL} --time ${t}${threads > 1 ? ` --threads ${threads}` : ''}`, opponentLevel));
    }
  }
}
// ---- the search on several cores (bench/cores.mjs): FFO #40-#49 on 1 and 2 threads and
// workers, WebAssembly against native, the middle game, the pool's memory
console.log(run('node', ['bench/cores.mjs', '--no-build', ...(quick ? ['--quick'] : [])]).trim());
if (mismatches) process.exit(1);
