// npm run bench:cores [-- --quick] [-- --lines A-B] [-- --depth D]
// The search on several cores, side by side in one run:
// - FFO #40-#49 exact: natively the one-thread solver, the one-thread search that a
//   page's lone worker runs (`reversi solve --search`), a pool of 1 thread and of 2
//   (`reversi solve --threads N`), and of 2 whose threads keep tables of their own and
//   take their tasks in slices, as the browser's workers (`--own-tables`); in headless
//   Chromium the page's pool of workers (www/ai.js) with 1 core allowed and with 2;
// - the middle game: time to depth D (default 14) from the first 20 balanced openings,
//   natively with 1 and 2 threads (`reversi speed --threads N`), 2 with tables of their
//   own (`--own-tables`), and in headless Chromium with 1 worker and 2; and the
//   strongest level's selective search (Multi-ProbCut 1.5 sigma) to depth 21 from the
//   first 10, natively on 1 thread and on 2 with a shared table and with their own;
// - the memory of the page's renderer while 8 workers think.
// Every exact score is checked against the .obf file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/static-server.mjs';
import { launch } from '../tests/e2e/browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const argAfter = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : null; };
const [first, last] = (argAfter('--lines') ?? (quick ? '1-3' : '1-10')).split('-').map(Number);
const depth = argAfter('--depth') ?? (quick ? '11' : '14');
const FFO_FILE = path.join(ROOT, 'data', 'ffo', 'fforum-40-59.obf');
const BIN = path.join(ROOT, 'target', 'release', 'reversi');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });

if (!process.argv.includes('--no-build')) {
  console.log('building native and wasm (release)...');
  run('cargo', ['build', '--release', '--quiet']);
  run('npm', ['run', '--silent', 'build:wasm']);
}

const lines = fs.readFileSync(FFO_FILE, 'utf8').split('\n').filter((l) => l.trim()).slice(first - 1, last);
const expected = lines.map((l) => Math.max(...l.split(';').slice(1).filter((f) => f.includes(':')).map((f) => Number(f.split(':')[1]))));
const boards = lines.map((l) => l.slice(0, 66));
const openingCount = quick ? 5 : 20;
const openings = fs.readFileSync(path.join(ROOT, 'data', 'balanced.txt'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, openingCount).map((l) => l.split(' ')[0]);

/** `reversi solve` rows: { score, secs, nodes }. */
function nativeSolve(extra) {
  return run(BIN, ['solve', ...extra, FFO_FILE, String(first), String(last)])
    .split('\n')
    .filter((l) => /^\s+\d+\s/.test(l))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      return { score: Number(f[3]), secs: Number(f[5]), nodes: Number(f[6]) };
    });
}

const columns = {};
columns['native solver'] = nativeSolve([]);
// The search a page's lone worker runs (not the solver): the same nodes as in Chromium.
columns['native search'] = nativeSolve(['--search']);
columns['native pool 1'] = nativeSolve(['--threads', '1']);
columns['native pool 2'] = nativeSolve(['--threads', '2']);
// The browser's pool natively: each thread with a table of its own, tasks in slices.
columns['native own tables 2'] = nativeSolve(['--threads', '2', '--own-tables']);

const server = await serve();
const browser = await launch();
let memory = null;
let chromeMiddle = null;
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/bench/blank.html`);
  const chrome = await page.evaluate(async ({ boards, openings, depth }) => {
    const m = await import('/pkg/reversi.js');
    await m.default();
    const ai = await import('/www/ai.js');
    const out = {};
    const starts = openings.map((t) => {
      const g = m.Game.fromTranscript(t);
      const b = g.toBoard();
      g.free();
      return b;
    });
    for (const cores of [1, 2]) {
      ai.setAllowedCores(cores);
      const client = new ai.AiClient();
      // The workers start (and compile the module) before the clock runs.
      await client.request('search', boards[0], { depth: 2 });
      const rows = [];
      for (const b of boards) {
        const t0 = performance.now();
        const r = await client.request('search', b, { depth: 60, exactEmpties: 64 });
        rows.push({ score: r.score, secs: (performance.now() - t0) / 1000, nodes: r.nodes, cores: r.cores });
      }
      // The middle game: time to the depth from each opening.
      const mid = { secs: 0, nodes: 0 };
      for (const b of starts) {
        const t0 = performance.now();
        const r = await client.request('search', b, { depth: Number(depth) });
        mid.secs += (performance.now() - t0) / 1000;
        mid.nodes += r.nodes;
      }
      client.cancel();
      out[`Chromium ${cores} worker${cores > 1 ? 's' : ''}`] = rows;
      out.middle ??= {};
      out.middle[cores] = mid;
    }
    return out;
  }, { boards, openings, depth });
  chromeMiddle = chrome.middle;
  delete chrome.middle;
  Object.assign(columns, chrome);
} finally {
  await browser.close();
}
// Memory, in a browser of its own: the renderer's resident size from the operating
// system with the engine loaded on the page and no worker, then with 8 workers thinking
// about one position (the pool's largest); the difference is the pool's.
const fresh = await launch();
try {
  const page = await fresh.newPage();
  await page.goto(`${server.url}/bench/blank.html`);
  await page.evaluate(async () => {
    const m = await import('/pkg/reversi.js');
    await m.default();
    await import('/www/ai.js');
  });
  memory = { base: rendererRss() };
  await page.evaluate(async () => {
    const ai = await import('/www/ai.js');
    ai.setAllowedCores(8);
    const client = new ai.AiClient();
    client.request('search', '---------------------------OX------XO--------------------------- X', { timeMs: 8000, depth: 60, exactEmpties: 20 }).catch(() => null);
    await new Promise((r) => setTimeout(r, 5000));
  });
  memory.rss = rendererRss();
} finally {
  await fresh.close();
  await server.close();
}

function rendererRss() {
  // Every Chromium process's resident memory, in MiB (the workers live in the
  // renderer; the browser and GPU processes are counted too, an upper bound).
  try {
    const out = execFileSync('ps', ['-C', 'chromium', '-o', 'rss=,args='], { encoding: 'utf8' });
    const rows = out.trim().split('\n').map((l) => { const [rss, ...args] = l.trim().split(/\s+/); return { rss: Number(rss) / 1024, renderer: args.join(' ').includes('--type=renderer') }; });
    return { renderer: rows.filter((r) => r.renderer).reduce((a, r) => a + r.rss, 0), all: rows.reduce((a, r) => a + r.rss, 0) };
  } catch {
    return null;
  }
}

const pad = (s, n) => String(s).padStart(n);
const names = Object.keys(columns);
console.log(`\nFFO #${39 + first}-#${39 + last}, exact, seconds (every score checked against the .obf)`);
console.log(`${pad('#', 3)} ${pad('score', 5)} | ${names.map((n) => pad(n, 17)).join(' ')}`);
let mismatches = 0;
const totals = Object.fromEntries(names.map((n) => [n, { secs: 0, nodes: 0 }]));
boards.forEach((_, i) => {
  const cells = names.map((n) => {
    const r = columns[n][i];
    if (r.score !== expected[i]) mismatches++;
    totals[n].secs += r.secs;
    totals[n].nodes += r.nodes;
    return pad(r.secs.toFixed(2) + (r.score === expected[i] ? '' : ' NO'), 17);
  });
  console.log(`${pad(39 + first + i, 3)} ${pad((expected[i] > 0 ? '+' : '') + expected[i], 5)} | ${cells.join(' ')}`);
});
console.log(`${pad('all', 9)} | ${names.map((n) => pad(totals[n].secs.toFixed(2), 17)).join(' ')}`);
console.log(`${pad('M nodes', 9)} | ${names.map((n) => pad((totals[n].nodes / 1e6).toFixed(0), 17)).join(' ')}`);
console.log(`${pad('M nodes/s', 9)} | ${names.map((n) => pad((totals[n].nodes / totals[n].secs / 1e6).toFixed(1), 17)).join(' ')}`);
const ratio = (a, b) => (totals[a].secs / totals[b].secs).toFixed(2);
console.log(`speed-up, 2 against 1: native pool ${ratio('native pool 1', 'native pool 2')}x (against the one-thread solver ${ratio('native solver', 'native pool 2')}x), Chromium ${ratio('Chromium 1 worker', 'Chromium 2 workers')}x`);
// One worker runs the very search of `reversi solve --search` (node for node): that
// ratio is WebAssembly against native. The pools differ: natively the threads share a
// table and their tasks are not sliced, which Web Workers cannot do; with tables of
// their own and slices they search as the workers do (the same plan, timing apart).
const nodesEqual = columns['native search'].every((r, i) => r.nodes === columns['Chromium 1 worker'][i].nodes);
console.log(`WebAssembly against native, the same search (${nodesEqual ? 'the same nodes' : 'NOT the same nodes'}): 1 worker / native search ${ratio('Chromium 1 worker', 'native search')}; the pools (not the same search): 1 worker / pool 1 ${ratio('Chromium 1 worker', 'native pool 1')}, 2 workers / pool 2 ${ratio('Chromium 2 workers', 'native pool 2')}, 2 workers / own tables 2 ${ratio('Chromium 2 workers', 'native own tables 2')}; ${mismatches} mismatches`);
if (memory?.rss && memory.base) console.log(`memory, 8 workers thinking: the pool ${(memory.rss.renderer - memory.base.renderer).toFixed(0)} MiB (renderer ${memory.rss.renderer.toFixed(0)} MiB resident, ${memory.base.renderer.toFixed(0)} MiB with the engine loaded and no worker; all Chromium processes ${memory.rss.all.toFixed(0)} MiB); each worker's table 16 MiB`);

const speed = (args) => run(BIN, ['speed', ...args]).trim().split('\n').pop();
console.log(`\nmiddle game, depth ${depth} from ${openingCount} balanced openings, full width (reversi speed):`);
for (const threads of [['1'], ['2'], ['2', '--own-tables']]) {
  console.log('  ' + speed(['--depth', depth, '--count', String(openingCount), '--threads', ...threads]));
}
if (chromeMiddle) {
  const row = (c) => `${chromeMiddle[c].secs.toFixed(2)} s, ${(chromeMiddle[c].nodes / 1e6).toFixed(0)} M nodes`;
  console.log(`  Chromium: 1 worker ${row(1)}; 2 workers ${row(2)}: ${(chromeMiddle[1].secs / chromeMiddle[2].secs).toFixed(2)}x`);
}
// The strongest level searches selectively (Multi-ProbCut 1.5 sigma): its first move's
// search is then most of each iteration, which one searcher alone cannot share.
const selective = quick ? ['--depth', '17', '--mpc', '1.5', '--count', '5'] : ['--depth', '21', '--mpc', '1.5', '--count', '10'];
console.log(`\nmiddle game, the strongest level's selective search (reversi speed ${selective.join(' ')}):`);
for (const threads of [['1'], ['2'], ['2', '--own-tables']]) {
  console.log('  ' + speed([...selective, '--threads', ...threads]));
}
if (mismatches) process.exitCode = 1;
