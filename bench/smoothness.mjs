// Smoothness of the page: the main thread's long tasks (over 50 ms) while loading and
// while playing a whole game against the computer, with the CPU slowed by DevTools'
// throttling as on a slow phone. Moves are made as assistive technology makes them: a
// click event sent to the grid cell (and to each button). Besides the game: "Show
// every move's value", the review, the board editor and a puzzle.
//
//   node bench/smoothness.mjs [--rate 4] [--phone|--desktop] [--page /|/dist/|/www/examples/] [--cold] [--json]
//
// Prints, per stage: tasks over 50 ms, the longest, and the blocking time (the part of
// each long task beyond 50 ms, summed); for the game also the longest gap between
// animation frames on the main thread, and the flip animations' own frames (their
// count, rate and longest gap, and the time each took to draw, in the board's
// painter worker: DevTools' throttling slows the page's main thread, not its workers,
// so a worker's times are those of the unslowed machine); and the layout shifts (what moved without the player moving it). Used by bench/run.mjs; needs pkg/ built (npm run build:wasm).
import { serve } from '../scripts/static-server.mjs';
import { launch } from '../tests/e2e/browser.mjs';
import { playFirstMovesToEnd } from '../tests/e2e/helpers.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};

/** Seeds the page's saved state: a person (Black) against a quick level. */
const STATE = (level, lang = 'en') => JSON.stringify({
  version: 1,
  settings: { mode: 'hc', humanColor: 1, levels: { 1: level, 2: level }, speed: 'fast', showLegal: true, sound: false, theme: 'light', lang, variant: 'othello', balancedStart: false, analysis: false, analysisCount: 0 },
  game: null,
});

const WARM_UP = '<p style="font:16px system-ui, sans-serif">Text, <b>bold</b>, <small>small</small></p><code style="font-family:ui-monospace, monospace">code</code><button>button</button><select><option>option</option></select>';

function observe() {
  // Long tasks and animation-frame gaps from the first moment of the page.
  globalThis.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  globalThis.__gap = 0;
  let last = 0;
  const frame = (now) => {
    if (last && globalThis.__frames) globalThis.__gap = Math.max(globalThis.__gap, now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Layout shifts: what moves on the page without the player moving it (a line that
  // wraps as the computer's words change pushes the buttons under a finger).
  globalThis.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const name = (n) => n?.id || (typeof n?.className === 'string' && n.className) || n?.nodeName || '?';
      const what = (e.sources ?? []).map((s) => (s.node?.nodeType === 3 ? `text in ${name(s.node.parentElement)}` : name(s.node))).join(' ');
      globalThis.__shifts.push({ start: e.startTime, value: e.value, what });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Long tasks since `from` (ms of the page's clock): count, longest, blocking time. */
async function tasksSince(page, from) {
  return page.evaluate((t0) => {
    const tasks = globalThis.__long.filter((e) => e.start >= t0);
    return {
      count: tasks.length,
      longest: Math.round(Math.max(0, ...tasks.map((e) => e.duration))),
      blocking: Math.round(tasks.reduce((s, e) => s + Math.max(0, e.duration - 50), 0)),
      shifts: globalThis.__shifts.filter((e) => e.start >= t0),
    };
  }, from);
}

const now = (page) => page.evaluate(() => performance.now());

/** Waits until `expression` holds in the page, polled by the page itself every 50 ms:
 *  unlike Playwright's waits, this puts none of Playwright's script into the page,
 *  whose compile would be counted as the page's own long task while loading. */
async function until(cdp, expression, timeout = 120000) {
  const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `new Promise((resolve, reject) => {
      const t0 = performance.now();
      const check = () => {
        let ok = false;
        try { ok = !!(${expression}); } catch {}
        if (ok) resolve(true);
        else if (performance.now() - t0 > ${timeout}) reject(new Error('timed out waiting for: ' + ${JSON.stringify(expression)}));
        else setTimeout(check, 50);
      };
      check();
    })`,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
}

/** One run: loading, then a game against the computer, then the other modes. */
export async function measure({ url, rate = 4, phone = true, level = 2, lang = 'en', element = false, cold = false, stages = ['game', 'analysis', 'review', 'editor', 'puzzle'] }) {
  const browser = await launch();
  try {
    const context = await browser.newContext(phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript(observe);
    if (!element) await context.addInitScript((s) => localStorage.setItem('reversi.state', s), STATE(level, lang));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const out = {};
    if (!cold) {
      // A browser that has shown a page before, as a phone's has: a fresh headless
      // process spends 50-90 ms (4x) of the first layout starting its fonts, which no
      // page can avoid (--cold measures that too).
      await page.goto(new URL('/bench/blank.html', url).href);
      await page.setContent(WARM_UP);
      await page.waitForTimeout(300);
    }
    const t0 = Date.now();
    await page.goto(url);
    await until(cdp, element ? "document.querySelector('reversi-board')?.shadowRoot?.querySelector('[role=gridcell]')" : "document.body.classList.contains('ready')");
    out.load = { ...(await tasksSince(page, 0)), readyMs: Date.now() - t0 };
    // Playwright's own script goes into the page at its first wait for a selector or a
    // function (at 4x, compiling it is a long task of its own): here, outside the
    // stages measured.
    await page.waitForSelector('body');
    await page.waitForTimeout(300);
    if (element) {
      out.game = await playElement(page);
    } else {
      if (stages.includes('game')) out.game = await playGame(page);
      if (stages.includes('analysis')) out.analysis = await analysis(page);
      if (stages.includes('review')) out.review = await review(page);
      if (stages.includes('editor')) out.editor = await editor(page);
      if (stages.includes('puzzle')) out.puzzle = await puzzle(page);
    }
    out.errors = errors;
    return out;
  } finally {
    await browser.close();
  }
}

/** A button pressed as assistive technology presses it: a click event sent to the
 *  element. (Playwright's own click also runs its hit-target checks, listeners of
 *  its own inside the page, in the task of the click, which the page would be
 *  charged for.) */
const press = (page, selector) => page.evaluate((s) => document.querySelector(s).click(), selector);

/** A whole game by click events on the grid's cells, the person playing the first
 *  legal move in square order; ends when the result dialog is shown. */
async function playGame(page) {
  const from = await now(page);
  await page.evaluate(() => (globalThis.__frames = true));
  const moves = await playFirstMovesToEnd(page);
  await page.waitForSelector('#result-dialog[open]', { timeout: 60000 });
  await page.waitForTimeout(500);
  const gap = await page.evaluate(() => {
    globalThis.__frames = false;
    return Math.round(globalThis.__gap);
  });
  // The flip animations' own frames (drawn in the board's worker where it has one).
  const board = await page.evaluate(async () => ({ ...(await globalThis.reversiApp.board.frames()), paintedIn: globalThis.reversiApp.board.paintedIn }));
  await page.evaluate(() => document.querySelector('#result-dialog').close());
  return { moves, ...(await tasksSince(page, from)), frameGap: gap, board };
}

/** "Show every move's value" on a midgame position: back 30 moves, until depth 8. */
async function analysis(page) {
  const from = await now(page);
  await page.evaluate(() => document.querySelector('#movelist li:nth-child(30) button')?.click());
  await press(page, '#analysis-toggle');
  await page.waitForFunction(() => (globalThis.reversiApp.analysis?.depth ?? 0) >= 8 || globalThis.reversiApp.analysis?.done, null, { timeout: 120000 });
  await press(page, '#analysis-toggle');
  return tasksSince(page, from);
}

/** The review of the whole game, to its end. */
async function review(page) {
  const from = await now(page);
  await press(page, '#review-btn');
  await page.waitForFunction(() => {
    const r = globalThis.reversiApp.review;
    return r && !r.partial;
  }, null, { timeout: 300000 });
  return tasksSince(page, from);
}

/** The board editor: open, set ten cells by click events, done. */
async function editor(page) {
  const from = await now(page);
  await press(page, '#edit-btn');
  for (const sq of [0, 1, 2, 9, 18, 27, 36, 45, 54, 63]) {
    await page.evaluate((s) => document.querySelector(`#grid [data-sq="${s}"]`).click(), sq);
  }
  await press(page, '#edit-cancel');
  return tasksSince(page, from);
}

/** A puzzle: open Puzzles, answer with the first legal move, wait for the verdict. */
async function puzzle(page) {
  const from = await now(page);
  await press(page, '#puzzles-btn');
  await page.waitForFunction(() => document.querySelector('#puzzle-board [role=gridcell]'), null, { timeout: 60000 });
  await page.waitForFunction(() => globalThis.reversiApp.puzzles.current, null, { timeout: 60000 });
  const sq = await page.evaluate(() => {
    const app = globalThis.reversiApp;
    const g = app.engine.Game.fromBoard(app.puzzles.current.board);
    const m = g.legalMoves()[0];
    g.free();
    return m;
  });
  await page.evaluate((s) => document.querySelector(`#puzzle-board [data-sq="${s}"]`).click(), sq);
  await page.waitForFunction(() => globalThis.reversiApp.puzzles.grade, null, { timeout: 120000 });
  await page.evaluate(() => document.querySelector('#puzzle-dialog').close());
  return tasksSince(page, from);
}

/** The embedded element: two computers play a whole game at the fastest speed. */
async function playElement(page) {
  const from = await now(page);
  await page.evaluate(() => (globalThis.__frames = true));
  await page.evaluate(() => new Promise((resolve) => {
    const b = document.querySelector('reversi-board');
    b.addEventListener('gameover', resolve, { once: true });
    b.setAttribute('speed', 'fast');
    b.setAttribute('level', '1');
    b.setAttribute('mode', 'computer-computer');
  }));
  const gap = await page.evaluate(() => Math.round(globalThis.__gap));
  return { ...(await tasksSince(page, from)), frameGap: gap };
}

/** Layout shifts: how many, and their sum (each the share of the screen that moved
 *  times how far, as Chromium's Layout Instability API scores them). */
const shiftText = (r) => `${r.shifts.length} layout shifts (sum ${r.shifts.reduce((a, e) => a + e.value, 0).toFixed(3)})`;

const fmt = (r) => r ? `${r.count} tasks > 50 ms, longest ${r.longest} ms, blocking ${r.blocking} ms${r.frameGap !== undefined ? `, frame gap ${r.frameGap} ms` : ''}${r.board ? `, flips drawn in the ${r.board.paintedIn}: ${r.board.frames} frames (${Math.round((1000 * r.board.frames) / r.board.time)} a second), longest gap ${Math.round(r.board.longestGap)} ms, drawing a frame ${(r.board.drawing / r.board.frames).toFixed(1)} ms on average, at most ${r.board.longestDraw.toFixed(1)}` : ''}, ${shiftText(r)}` : '–';

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  const rate = Number(arg('--rate', '4'));
  const phone = !process.argv.includes('--desktop');
  const page = arg('--page', '/');
  const element = page.includes('examples');
  const lang = arg('--lang', 'en');
  const stages = arg('--stages', 'game,analysis,review,editor,puzzle').split(',').filter(Boolean);
  const r = await measure({ url: server.url + page, rate, phone, element, lang, stages, cold: process.argv.includes('--cold') });
  await server.close();
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
  else {
    console.log(`smoothness ${page} at ${rate}x slowdown, ${phone ? 'phone 390x844 @2x' : 'desktop 1280x800'}, ${lang}:`);
    for (const [k, v] of Object.entries(r)) if (k !== 'errors') console.log(`  ${k.padEnd(9)} ${fmt(v)}${v?.moves ? ` (${v.moves} moves)` : ''}${v?.readyMs ? ` (ready after ${v.readyMs} ms)` : ''}`);
    if (r.errors.length) console.log('  page errors:', r.errors);
  }
}

export { fmt };
