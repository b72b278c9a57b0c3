// Offline: after one visit the service worker serves everything, so the game loads
// and plays a whole game against the computer with the network off.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, clickSquare, newGameVia, openGame, startAll, state, waitFor } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

test('the page is installable as an app', async () => {
  const { page, context, problems } = await openGame(env);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Test contexts are incognito-like, which Chromium reports; nothing else may be against it.
  const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  assert.deepEqual(errors, [], 'Chromium finds nothing in the page against installing it');
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);
  assertClean(problems);
  await context.close();
});

test('the game loads and plays offline after the first visit', async () => {
  const { page, context, problems } = await openGame(env);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  const cached = await page.evaluate(async () => (await (await caches.open('reversi-dev')).keys()).length);
  assert.ok(cached >= 15, `${cached} files cached`);
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await newGameVia(page, { mode: 'hc', color: 2, black: 1 });
  for (;;) {
    const s = await waitFor(page, (t) => t.over || t.toMove === 2);
    if (s.over) break;
    await clickSquare(page, s.legal[s.legal.length - 1]);
    await waitFor(page, (t) => t.history.length > s.history.length);
  }
  await page.waitForSelector('#result-dialog[open]');
  const r = (await state(page)).result;
  assert.equal(r.black + r.white, 64);
  // The puzzles too: their file and the worker's weights come from the cache.
  await page.click('#result-dialog .close');
  await page.click('#puzzles-btn');
  await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
  const p = await page.evaluate(() => window.reversiApp.puzzles.current);
  await page.evaluate((s) => document.querySelector(`#puzzle-grid [data-sq="${s}"]`).click(), p.best);
  await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.reversiApp.puzzles.grade.right), true);
  assertClean(problems);
  await context.close();
});
