// Analysis of every move: the values on the board are the engine's `analyze` (the
// same numbers from the page's own engine), exact only where the solver proved them
// (the .obf scores), deepening live, with the line; the number shown is a setting.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, assertClean, chooseSetting, load, newGameVia, openGame, startAll } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const sq = (name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;
const FFO1 = fs.readFileSync(path.join(ROOT, 'data', 'ffo', 'fforum-1-19.obf'), 'utf8').split('\n')[0];

test('every move valued on the board: exact as the .obf says when solved, deepening estimates equal to analyze', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await page.check('#analysis-toggle');
  // FFO #1: 14 empty squares, within the solver's reach: every value exact.
  await load(page, FFO1.slice(0, 66));
  await page.waitForFunction(() => window.reversiApp.analysis?.done, null, { timeout: 60000 });
  const solved = await page.evaluate(() => window.reversiApp.analysis);
  for (const field of FFO1.split(';').slice(1).map((f) => f.trim()).filter(Boolean)) {
    const m = solved.scores.find((x) => x.move === sq(field.slice(0, 2).toLowerCase()));
    assert.deepEqual([m.score, m.exact], [Number(field.slice(3)), true], field);
  }
  assert.match(await page.textContent('#analysis-line'), /^Solved to the end .* best g8 \+18 \(exact, proven by the solver\)\. Best line: g8( [a-h][1-8]){0,11}( …)?$/);
  assert.equal(await page.getAttribute('#grid [data-sq="62"]', 'aria-label'), 'g8, empty, legal move, hint +18, exact, best move');
  // A middle game: estimates only, deepening one depth at a time.
  await load(page, '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X');
  await page.waitForFunction(() => (window.reversiApp.analysis?.depths.length ?? 0) >= 4, null, { timeout: 60000 });
  const a = await page.evaluate(() => window.reversiApp.analysis);
  assert.deepEqual(a.depths.slice(0, 4), [1, 2, 3, 4]);
  assert.ok(a.scores.every((m) => !m.exact), 'nothing is marked exact that was not proven');
  assert.ok(a.scores.every((m) => m.pv[0] === m.move));
  // The same numbers from the page's own engine with the same weights and options.
  const same = await page.evaluate(async () => {
    const e = window.reversiApp.engine;
    e.loadWeights(new Uint8Array(await (await fetch('/data/eval.weights')).arrayBuffer()));
    const g = e.Game.fromBoard(window.reversiApp.analysis.position);
    const out = g.analyze({ depth: 3, exactEmpties: 18 });
    g.free();
    return out;
  });
  assert.deepEqual(a.byDepth[3].map((m) => [m.move, m.score]), same.map((m) => [m.move, m.score]));
  // Only the best value when the setting says so.
  await chooseSetting(page, '#analysis-count', '1');
  const labelled = await page.$$eval('#grid [role=gridcell]', (cells) => cells.filter((c) => /hint/.test(c.getAttribute('aria-label'))).length);
  assert.equal(labelled, 1);
  // Off: no values, and the worker is stopped.
  await page.uncheck('#analysis-toggle');
  assert.equal(await page.evaluate(() => window.reversiApp.analysis), null);
  assert.equal(await page.textContent('#analysis-line'), '');
  assertClean(problems);
  await context.close();
});
