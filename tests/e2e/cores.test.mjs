// The computer on several cores: a pool of workers (one per core allowed) searches one
// position together, cooperating by messages only. Exact solves give the .obf's scores
// and one of its best moves with 2 workers as with 1; every move's value and a puzzle's
// grade come out the same; stopping terminates every worker at once; the setting
// limits the cores, and Details says how many thought and how fast.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, assertClean, chooseSetting, load, newGameVia, openGame, startAll } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const sq = (name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;
const obf = (file) => fs.readFileSync(path.join(ROOT, 'data', 'ffo', file), 'utf8').split('\n').filter((l) => l.trim());
/** An .obf line as the position and its best moves with their exact score. */
function position(line) {
  const scores = line.split(';').slice(1).map((f) => f.trim()).filter(Boolean).map((f) => ({ move: sq(f.slice(0, 2).toLowerCase()), score: Number(f.slice(3)) }));
  const best = Math.max(...scores.map((s) => s.score));
  return { board: line.slice(0, 66), best, bestMoves: scores.filter((s) => s.score === best).map((s) => s.move) };
}

/** Runs `kind` on a new AiClient in the page with `cores` allowed. */
function ask(page, cores, kind, board, options) {
  return page.evaluate(async ({ cores, kind, board, options }) => {
    const ai = await import('/www/ai.js');
    ai.setAllowedCores(cores);
    const client = new ai.AiClient();
    try {
      return await client.request(kind, board, options);
    } finally {
      client.cancel();
    }
  }, { cores, kind, board, options });
}

test('two workers solve the FFO positions exactly: the same score as one, and a best move', async () => {
  const { page, context, problems } = await openGame(env);
  // FFO #40-#44 (20-23 empties) and a few of #1-#19.
  const positions = [...obf('fforum-40-59.obf').slice(0, 5), ...obf('fforum-1-19.obf').slice(0, 4)].map(position);
  for (const p of positions) {
    for (const cores of [2, 1]) {
      const r = await ask(page, cores, 'search', p.board, { depth: 60, exactEmpties: 64 });
      assert.equal(r.cores, cores, p.board);
      assert.equal(r.exact, true, p.board);
      assert.equal(r.score, p.best, `${p.board} with ${cores}`);
      assert.ok(p.bestMoves.includes(r.move), `${p.board} with ${cores}: ${r.move} is a best move`);
    }
  }
  assertClean(problems);
  await context.close();
});

test('every move valued and a puzzle graded on two workers agree with one', async () => {
  const { page, context, problems } = await openGame(env);
  // A middle game at a fixed depth without selectivity (the values are minimax values,
  // whichever worker computes them) and an endgame solved exactly.
  const middle = '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X';
  for (const [board, options] of [[middle, { depth: 4, exactEmpties: 0 }], [obf('fforum-1-19.obf')[0].slice(0, 66), { depth: 8, exactEmpties: 16 }]]) {
    const two = await ask(page, 2, 'analyze', board, options);
    const one = await ask(page, 1, 'analyze', board, options);
    assert.deepEqual(two.map((m) => [m.move, m.score, m.exact]), one.map((m) => [m.move, m.score, m.exact]), board);
  }
  // A puzzle's grade: FFO #1's best move is right, a weaker one loses what the .obf says.
  const p = position(obf('fforum-1-19.obf')[0]);
  const weak = obf('fforum-1-19.obf')[0].split(';')[2].trim(); // the second move listed
  for (const [move, loss] of [[p.bestMoves[0], 0], [sq(weak.slice(0, 2).toLowerCase()), p.best - Number(weak.slice(3))]]) {
    const two = await ask(page, 2, 'grade', p.board, { move });
    const one = await ask(page, 1, 'grade', p.board, { move });
    assert.equal(two.cores, 2);
    assert.equal(two.loss, loss, `grade of ${move}`);
    assert.deepEqual([two.loss, two.right, two.best.score], [one.loss, one.right, one.best.score]);
  }
  assertClean(problems);
  await context.close();
});

test('stopping a search on several cores terminates every worker at once', async () => {
  const { page, context, problems } = await openGame(env);
  const seen = await page.evaluate(async () => {
    // Count the workers made and terminated from here on.
    const made = [];
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(...a) {
        super(...a);
        this.terminated = false;
        made.push(this);
      }
      terminate() {
        this.terminated = true;
        super.terminate();
      }
    };
    const ai = await import('/www/ai.js');
    ai.setAllowedCores(2);
    const client = new ai.AiClient();
    // A long think: a minute's search from the start.
    const board = '---------------------------OX------XO--------------------------- X';
    const asked = client.request('search', board, { timeMs: 60000, depth: 60, exactEmpties: 20 }).catch((e) => (e.cancelled ? 'cancelled' : e.message));
    // Let both workers start thinking.
    await new Promise((r) => setTimeout(r, 3000));
    const before = made.map((w) => w.terminated);
    client.cancel();
    const outcome = await asked;
    const after = made.map((w) => w.terminated);
    // A new request afterwards answers at once, on fresh workers.
    const t0 = performance.now();
    const next = await client.request('search', board, { depth: 4 });
    return { before, after, outcome, nextMs: performance.now() - t0, next: next.cores, made: made.length };
  });
  assert.equal(seen.outcome, 'cancelled');
  assert.ok(seen.before.length >= 2, `two workers were thinking (${seen.before.length})`);
  assert.ok(seen.before.every((t) => !t), 'none stopped before the stop');
  assert.ok(seen.after.every((t) => t), 'every worker stopped with the search');
  assert.equal(seen.next, 2);
  assert.ok(seen.made >= seen.before.length + 2, 'the next search started new workers');
  assertClean(problems);
  await context.close();
});

test('the setting limits the cores, and Details says how many thought and how fast', async () => {
  const { page, context, problems } = await openGame(env);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.click('#settings-btn');
  const options = await page.$$eval('#cores option', (o) => o.map((x) => [x.value, x.textContent]));
  const n = Math.min(8, cores);
  assert.deepEqual(options[0], ['0', `All (${n})`]);
  assert.equal(options.length, n);
  await page.click('#settings-dialog .close');
  // The computer plays Black from a middle game out of the book; Details after its move.
  const middle = '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X';
  const think = async (level) => {
    await newGameVia(page, { mode: 'hc', color: 2, black: level });
    await page.evaluate(() => { window.seenAi = window.reversiApp.lastAi; });
    await load(page, middle);
    await page.waitForFunction(() => window.reversiApp.lastAi && window.reversiApp.lastAi !== window.seenAi, null, { timeout: 30000 });
    return page.textContent('#ai-detail');
  };
  // The strongest level thinks on every core allowed.
  assert.match(await think(18), new RegExp(`; cores: ${n}, [0-9.]+ M nodes/s$`));
  // Limited to one: saved, and the next think says so.
  await chooseSetting(page, '#cores', '1');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('reversi.state')).settings.cores), 1);
  assert.match(await think(18), /; cores: 1, [0-9.]+ M nodes\/s$/);
  // A fixed level thinks on one core everywhere, and says why.
  await chooseSetting(page, '#cores', '0');
  if (n > 1) assert.match(await think(12), /; cores: 1, [0-9.]+ M nodes\/s \(this level thinks on one\)$/);
  assertClean(problems);
  await context.close();
});
