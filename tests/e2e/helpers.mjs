// Shared set-up for the browser tests: one static server and one Chromium per file,
// a fresh context per test that records console errors and failed requests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/static-server.mjs';
import { launch } from './browser.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

export async function startAll() {
  const server = await serve();
  const browser = await launch();
  return { server, browser, close: async () => { await browser.close(); await server.close(); } };
}

/** A new page on the game; `problems` collects console errors and failed requests. */
export async function openGame(env, { viewport = { width: 1200, height: 820 }, storage = null, path: p = '/', reducedMotion = 'no-preference' } = {}) {
  const context = await env.browser.newContext({ viewport, reducedMotion });
  if (storage !== null) {
    await context.addInitScript((s) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('reversi.state', s);
        sessionStorage.setItem('seeded', '1');
      }
    }, storage);
  }
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(env.server.url + p);
  await page.waitForSelector('body.ready');
  return { page, context, problems };
}

/** Collects console errors, page errors, failed requests and HTTP errors of a page. */
export function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request cut off by a reload or navigation (net::ERR_ABORTED) is not a failure.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  return problems;
}

export function assertClean(problems) {
  assert.deepEqual(problems, [], 'no console errors or failed requests');
}

/** The engine's view of the game on the page. */
export function state(page) {
  return page.evaluate(() => {
    const g = window.reversiApp.game;
    return {
      toMove: g.toMove(),
      over: g.isOver(),
      legal: Array.from(g.legalMoves()),
      board: g.toBoard(),
      transcript: g.transcript(),
      result: g.result(),
      history: g.history(),
    };
  });
}

/** Plays the person's side (`color`, against the computer) to the end of the game by
 *  click events on the grid's cells, as assistive technology sends them: the first
 *  legal move each time, each waited for until it lands. Returns the moves played. */
export async function playFirstMovesToEnd(page, color = 1) {
  let moves = 0;
  for (;;) {
    const s = await page.waitForFunction((c) => {
      const g = window.reversiApp.game;
      if (g.toMove() === 0) return { over: true };
      if (g.toMove() !== c) return false;
      const legal = g.legalMoves();
      return legal.length ? { move: legal[0], turns: g.history().length } : false;
    }, color, { timeout: 120000, polling: 50 }).then((h) => h.jsonValue());
    if (s.over) return moves;
    await page.evaluate((sq) => document.querySelector(`#grid [data-sq="${sq}"]`).click(), s.move);
    // The click may wait for the computer's move to finish drawing: wait for it to land.
    await page.waitForFunction((n) => window.reversiApp.game.history().length > n, s.turns, { timeout: 60000, polling: 50 });
    moves += 1;
  }
}

/** Clicks the centre of a square on the canvas. */
export async function clickSquare(page, sq) {
  // As a person would: the board scrolled into view first (a panel below it may have
  // scrolled the page).
  await page.locator('#board').scrollIntoViewIfNeeded();
  const { x, y } = await page.evaluate((s) => window.reversiApp.squareCenter(s), sq);
  await page.mouse.click(x, y);
}

/** Waits until `pred(state)` holds. */
export async function waitFor(page, pred, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (pred(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting; state: ${JSON.stringify(s)}`);
    await page.waitForTimeout(50);
  }
}

/** Starts a new game through the dialog. */
export async function newGameVia(page, { mode = 'hc', color = 1, black = 1, white = 1, speed = 'fast', variant = null } = {}) {
  await page.click('#new-game');
  if (variant) await page.selectOption('#variant', variant);
  await page.check(`#new-dialog input[name=mode][value=${mode}]`);
  if (mode === 'hc') await page.selectOption('#human-color', String(color));
  if (!(mode === 'hc' && color === 1) && mode !== 'hh') await page.selectOption('#level-black', String(black));
  if (!(mode === 'hc' && color === 2) && mode !== 'hh') await page.selectOption('#level-white', String(white));
  if (mode === 'cc') await page.selectOption('#speed', speed);
  await page.click('#new-start');
}

export function saveArtifact(name, data) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, name), data);
}

/** page.waitForSelector; on a timeout the page's picture, the game and the page's text
 *  go to test-artifacts/<name>.png and .txt before the error is raised, so that a
 *  failure seen only on a loaded machine (a whole CI run) can be looked at. */
export async function waitForSelectorOrKeep(page, selector, name, options) {
  try {
    return await page.waitForSelector(selector, options);
  } catch (err) {
    try {
      saveArtifact(`${name}.png`, await page.screenshot());
      const game = await state(page).catch((e) => `no game: ${e.message}`);
      const text = await page.evaluate(() => document.body.innerText).catch((e) => `no text: ${e.message}`);
      saveArtifact(`${name}.txt`, `${JSON.stringify(game, null, 1)}\n\n${text}\n`);
    } catch {
      // The page itself may be gone: the first error is the one to see.
    }
    throw err;
  }
}

/** Sets a select of the Settings dialog (language, theme) the way a person does. */
export async function chooseSetting(page, id, value) {
  await page.click('#settings-btn');
  await page.selectOption(id, value);
  await page.click('#settings-dialog .close');
}

/** Loads a transcript, board or record through the Import box. */
export async function load(page, text) {
  if (!(await page.isVisible('#import-text'))) await page.click('details.io summary');
  await page.fill('#import-text', text);
  await page.click('#load-btn');
}
