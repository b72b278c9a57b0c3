// The build: the static site in dist/ and the one-file dist/reversi.html opened from
// file:// with no network at all. `npm test` runs `node scripts/build.mjs` first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { serve } from '../../scripts/static-server.mjs';
import { launch } from './browser.mjs';
import { ROOT, assertClean, clickSquare, newGameVia, state, waitFor, watchProblems } from './helpers.mjs';

const DIST = path.join(ROOT, 'dist');
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function playWholeGame(page) {
  await newGameVia(page, { mode: 'hc', color: 1, white: 1 });
  for (;;) {
    const s = await waitFor(page, (t) => t.over || t.toMove === 1);
    if (s.over) break;
    await clickSquare(page, s.legal[0]);
    await waitFor(page, (t) => t.history.length > s.history.length);
  }
  await page.waitForSelector('#result-dialog[open]');
  return (await state(page)).result;
}

test('the one-file build plays a whole game from file:// with no network requests', async () => {
  const file = path.join(DIST, 'reversi.html');
  assert.ok(fs.existsSync(file), 'dist/reversi.html exists (run npm run build)');
  assert.ok(fs.statSync(file).size < 1024 * 1024, 'under 1 MB');
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const network = [];
  page.on('request', (r) => { if (/^(https?|wss?):/.test(r.url())) network.push(r.url()); });
  context.on('request', (r) => { if (/^(https?|wss?):/.test(r.url())) network.push(r.url()); });
  const problems = watchProblems(page);
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body.ready');
  const r = await playWholeGame(page);
  assert.equal(r.black + r.white, 64);
  assert.equal(await page.evaluate(() => window.reversiApp.lastAi.evaluator), 'learned', 'the weights inside the file reached the AI');
  assert.deepEqual(network, [], 'no network requests');
  assertClean(problems);
  await context.close();
});

test('the static site in dist/ loads hashed assets and plays', async () => {
  const server = await serve({ root: DIST });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    const loaded = [];
    page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body.ready');
    assert.ok(loaded.some((p) => /^\/assets\/app-[0-9a-f]{10}\.js$/.test(p)), loaded.join(' '));
    assert.ok(loaded.some((p) => /^\/assets\/reversi_bg-[0-9a-f]{10}\.wasm$/.test(p)), loaded.join(' '));
    await clickSquare(page, 37);
    await waitFor(page, (t) => t.toMove === 1 && t.history.length === 2);
    // The page's wasm has no weights (a smaller first load); the AI worker fetched them.
    assert.equal(await page.evaluate(() => window.reversiApp.engine.evaluatorName()), 'hand-tuned');
    assert.equal(await page.evaluate(() => window.reversiApp.lastAi.evaluator), 'learned');
    assert.ok(loaded.some((p) => /^\/assets\/eval-[0-9a-f]{10}\.weights$/.test(p)), loaded.join(' '));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    const keys = await page.evaluate(async () => caches.keys());
    assert.equal(keys.length, 1);
    assert.match(keys[0], /^reversi-[0-9a-f]{10}$/, 'a versioned cache');
    assertClean(problems);
    await context.close();
  } finally {
    await server.close();
  }
});

test('a game link opens in the one-file build from file://, and Copy link there gives a file:// link', async () => {
  const file = path.join(DIST, 'reversi.html');
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  // Two people: a link that leaves the computer to move would have it answer at once,
  // and Copy link would then carry the answer too.
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body.ready');
  await newGameVia(page, { mode: 'hh' });
  for (const [fragment, variant, transcript, viewing] of [['v=othello&m=f5d6c3d3c4&n=5&at=4', 'othello', 'f5d6c3d3c4', 4], ['v=eight-star&m=d5&n=1', 'eight-star', 'd5', 1]]) {
    await page.goto(`${pathToFileURL(file).href}#${fragment}`);
    await page.waitForSelector('body.ready');
    const opened = await page.evaluate(() => {
      const g = window.reversiApp.game;
      const f = g.clone();
      while (f.redo());
      const r = { variant: g.variant(), transcript: f.transcript(), viewing: g.history().filter((h) => h.square >= 0).length };
      f.free();
      return r;
    });
    assert.deepEqual(opened, { variant, transcript, viewing });
  }
  await page.click('details.io summary');
  await page.waitForSelector('details.io[open] #copy-link', { state: 'visible' });
  // The click goes to the button itself, as assistive technology sends it: on a loaded
  // CI machine a pointer click at its coordinates once read back an empty link (the
  // click missed the button, most likely while the layout moved).
  await page.dispatchEvent('#copy-link', 'click');
  const link = await page.inputValue('#import-text');
  assert.equal(link, `${pathToFileURL(file).href}#v=eight-star&m=d5&n=1`, `problems on the page: ${JSON.stringify(problems)}`);
  assertClean(problems);
  await context.close();
});
