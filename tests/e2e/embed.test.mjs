// The <reversi-board> element on the example page, served with a strict CSP.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, saveArtifact, startAll, watchProblems } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

async function openExample(setup) {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(() => {
    window.__violations = [];
    window.__events = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    for (const type of ['move', 'pass', 'gameover']) {
      document.addEventListener(type, (e) => window.__events.push({ id: e.target.id, type, detail: e.detail }));
    }
  });
  if (setup) await context.addInitScript(setup);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.server.url}/www/examples/`);
  await page.waitForFunction(() => document.querySelector('#first')?.game && document.querySelector('#second')?.game);
  return { page, context, problems };
}

async function clickBoard(page, id, sq) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  const box = await page.locator(`#${id}`).evaluate((el) => {
    const r = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width };
  });
  const margin = Math.round(box.w * 0.055);
  const cell = (box.w - margin - Math.round(box.w * 0.015)) / 8;
  await page.mouse.click(box.x + margin + ((sq % 8) + 0.5) * cell, box.y + margin + (Math.floor(sq / 8) + 0.5) * cell);
}

test('two boards play independently under a strict CSP, with events', async () => {
  const { page, context, problems } = await openExample();
  await clickBoard(page, 'first', 37); // f5
  await page.waitForFunction(() => window.__events.filter((e) => e.id === 'first').length >= 2, null, { timeout: 20000 });
  const events = await page.evaluate(() => window.__events);
  const first = events.filter((e) => e.id === 'first');
  assert.deepEqual(first[0], { id: 'first', type: 'move', detail: { player: 1, square: 37, name: 'f5', flipped: [36] } });
  assert.equal(first[1].type, 'move');
  assert.equal(first[1].detail.player, 2, 'the computer answered');
  // The second board plays by itself (two computers).
  await page.waitForFunction(() => window.__events.filter((e) => e.id === 'second').length >= 4, null, { timeout: 30000 });
  const second = (await page.evaluate(() => window.__events)).filter((e) => e.id === 'second');
  assert.deepEqual(second.slice(0, 4).map((e) => e.detail.player), [1, 2, 1, 2]);
  // The first board is untouched by the second.
  assert.equal(await page.evaluate(() => document.querySelector('#first').game.transcript().length), 4);
  // A position one move from a draw: the person plays it and gameover arrives.
  await page.evaluate(() => document.querySelector('#first').load('OOOOOXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOXXOOOOOXO- X'));
  await clickBoard(page, 'first', 63);
  await page.waitForFunction(() => window.__events.some((e) => e.id === 'first' && e.type === 'gameover'));
  const over = (await page.evaluate(() => window.__events)).find((e) => e.id === 'first' && e.type === 'gameover');
  assert.deepEqual(over.detail, { winner: 0, black: 32, white: 32 });
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'no CSP violations');
  assert.equal(await page.evaluate(() => typeof window.Game), 'undefined', 'no globals');
  // Each board is drawn by a painter worker of its own under the policy: its canvas has
  // been handed over (the page can no longer draw on it).
  const painted = await page.evaluate(() => ['first', 'second'].map((id) => {
    try {
      document.querySelector(`#${id}`).shadowRoot.querySelector('canvas').getContext('2d');
      return 'page';
    } catch (e) {
      return e.name;
    }
  }));
  assert.deepEqual(painted, ['InvalidStateError', 'InvalidStateError'], 'both canvases were handed to a worker');
  assertClean(problems);
  await context.close();
});

test('bad attribute values show a readable message and break nothing', async () => {
  const { page, context, problems } = await openExample();
  await page.evaluate(() => {
    const b = document.createElement('reversi-board');
    b.id = 'bad';
    b.setAttribute('level', '42');
    b.setAttribute('transcript', 'f5d6h9');
    b.setAttribute('mode', 'human-human');
    document.body.append(b);
  });
  await page.waitForFunction(() => document.querySelector('#bad').shadowRoot.querySelector('.error').textContent.includes('levels go from 1 to'));
  const text = await page.evaluate(() => document.querySelector('#bad').shadowRoot.querySelector('.error').textContent);
  assert.match(text, /unknown level "42": levels go from 1 to 18/);
  assert.match(text, /transcript: move 3 'h9' is not a square/);
  // The bad board still plays from the start, and the other boards are unaffected.
  await clickBoard(page, 'bad', 37);
  await page.waitForFunction(() => document.querySelector('#bad').game.transcript() === 'f5');
  const err = await page.evaluate(() => {
    try {
      document.querySelector('#bad').load('nonsense!');
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(err, /expected a transcript .*, a board string .* or a GGF record/);
  assert.equal(await page.evaluate(() => document.querySelector('#bad').game.transcript()), 'f5', 'a failed load changes nothing');
  await page.evaluate(() => document.querySelector('#bad').setAttribute('level', '2'));
  await page.waitForFunction(() => !document.querySelector('#bad').shadowRoot.querySelector('.error').textContent.includes('level'));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assertClean(problems);
  await context.close();
});

test('the element has the page\'s accessible board: a grid of cells that play on a click event, names, keys and a live region', async () => {
  const { page, context, problems } = await openExample();
  const cells = await page.evaluate(() => document.querySelector('#first').shadowRoot.querySelectorAll('[role=grid] [role=gridcell]').length);
  assert.equal(cells, 64);
  const label = (sq) => page.evaluate((s) => document.querySelector('#first').shadowRoot.querySelector(`[data-sq="${s}"]`).getAttribute('aria-label'), sq);
  assert.equal(await label(37), 'f5, empty, legal move');
  assert.equal(await label(27), 'd4, White');
  // A click event sent to the cell, as assistive technology sends it.
  await page.evaluate(() => document.querySelector('#first').shadowRoot.querySelector('[data-sq="37"]').dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await page.waitForFunction(() => document.querySelector('#first').game.history().length >= 1);
  assert.equal(await page.evaluate(() => document.querySelector('#first').game.history()[0].square), 37);
  await page.waitForFunction(() => document.querySelector('#first').shadowRoot.querySelector('[aria-live]').textContent.startsWith('Black plays f5, flipping 1.'));
  // An illegal square is refused with a reason, read out.
  await page.waitForFunction(() => document.querySelector('#first').game.toMove() === 1, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector('#first').shadowRoot.querySelector('[data-sq="0"]').dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await page.waitForFunction(() => document.querySelector('#first').shadowRoot.querySelector('[aria-live]').textContent === 'a1 does not outflank any disc.');
  // The keyboard: arrows and Enter on the grid.
  const legal = await page.evaluate(() => Array.from(document.querySelector('#first').game.legalMoves()));
  const before = await page.evaluate(() => document.querySelector('#first').game.history().length);
  await page.evaluate((sq) => document.querySelector('#first').shadowRoot.querySelector(`[data-sq="${sq}"]`).focus(), legal[0]);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('#first').game.history().length > n, before);
  assertClean(problems);
  await context.close();
});

test('a board taken off the page while it starts has no computer thinking for it, and plays again when put back', async () => {
  // The element makes its board in one task and sets up its game in the next. Every
  // step that waits for a task of its own (coalesce.js nextTask: scheduler.yield)
  // waits for the test here, which takes the board off the page between the two.
  const { page, context, problems } = await openExample();
  const out = await page.evaluate(async () => {
    // The example's own boards off the page, so that only the new one thinks.
    for (const b of document.querySelectorAll('reversi-board')) b.remove();
    const log = { held: [], searches: 0 };
    const Base = window.Worker;
    window.Worker = class extends Base {
      postMessage(m, ...rest) {
        if (['search', 'task', 'choice'].includes(m?.kind)) log.searches += 1;
        return super.postMessage(m, ...rest);
      }
    };
    const settle = () => new Promise((r) => setTimeout(r, 50));
    const release = async () => {
      const go = log.held.shift();
      go?.();
      await settle();
      return !!go;
    };
    window.scheduler.yield = () => new Promise((resolve) => log.held.push(resolve));
    const el = document.createElement('reversi-board');
    el.setAttribute('mode', 'computer-computer');
    el.setAttribute('level', '1');
    el.setAttribute('speed', 'fast');
    document.body.append(el);
    await settle();
    let made = false;
    for (let i = 0; i < 5 && !made; i++) {
      await release();
      made = !!el.shadowRoot.querySelector('canvas');
    }
    const gridBefore = el.shadowRoot.querySelectorAll('[role=gridcell]').length;
    // Between the two steps there is no game to read or load into yet.
    const gameBetween = el.game;
    let loadBetween = 'loaded';
    try {
      el.load('f5');
    } catch (err) {
      loadBetween = err.message;
    }
    el.remove();
    // Its game is set up now; whatever it starts (a timer, a worker) is let go.
    for (let i = 0; i < 30; i++) while (await release());
    const whileOff = log.searches;
    delete window.scheduler.yield;
    for (const go of log.held.splice(0)) go();
    const moved = new Promise((resolve) => el.addEventListener('move', () => resolve(true), { once: true }));
    document.body.append(el);
    const playedBack = await Promise.race([moved, new Promise((r) => setTimeout(() => r(false), 20000))]);
    return { made, gridBefore, gameBetween, loadBetween, whileOff, cells: el.shadowRoot.querySelectorAll('[role=gridcell]').length, playedBack, searches: log.searches };
  });
  assert.ok(out.made, 'the board was made before its game');
  assert.equal(out.gridBefore, 0, 'taken off the page between the board and its game');
  assert.equal(out.gameBetween, null, 'no game to read before it is set up');
  assert.match(out.loadBetween, /not ready/, 'nothing loaded before the game is set up, to be replaced by it');
  assert.equal(out.whileOff, 0, 'no search was sent for a board off the page');
  assert.equal(out.cells, 64, 'its game was set up all the same');
  assert.ok(out.playedBack && out.searches > 0, 'put back, its computers play');
  assertClean(problems);
  await context.close();
});

test('a board taken off the page ends its painter worker, and put back draws again in a new one', async () => {
  const { page, context, problems } = await openExample(() => {
    window.__painters = { made: 0, ended: 0 };
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(url, options) {
        super(url, options);
        this.painter = options?.name === 'board';
        if (this.painter) window.__painters.made += 1;
      }
      terminate() {
        if (this.painter) window.__painters.ended += 1;
        return super.terminate();
      }
    };
  });
  const counts = () => page.evaluate(() => ({ ...window.__painters }));
  assert.deepEqual(await counts(), { made: 2, ended: 0 }, 'one painter for each of the two boards');
  // Two people on the first board: nothing changes it but the test.
  await page.evaluate(() => document.querySelector('#first').setAttribute('mode', 'human-human'));
  await page.evaluate(() => document.querySelector('#first').load('f5d6'));
  const board = page.locator('#first');
  await board.scrollIntoViewIfNeeded();
  // The picture to compare with once it holds still (on a loaded machine the element's
  // first frames, its font or a transition may come later than any fixed wait).
  let before = await board.screenshot();
  for (let i = 0, steady = 0; i < 100 && steady < 3; i++) {
    await page.waitForTimeout(100);
    const now = await board.screenshot();
    steady = now.equals(before) ? steady + 1 : 0;
    before = now;
  }
  await page.evaluate(() => {
    const el = document.querySelector('#first');
    window.__place = [el.parentElement, el.nextSibling, el];
    el.remove();
  });
  assert.deepEqual(await counts(), { made: 2, ended: 1 }, 'the board off the page ended its painter');
  await page.evaluate(() => window.__place[0].insertBefore(window.__place[2], window.__place[1]));
  await page.waitForFunction(() => window.__painters.made === 3);
  // The new canvas is the new painter's (the page cannot draw on it) and shows the same.
  const transferred = await page.evaluate(() => {
    try {
      document.querySelector('#first').shadowRoot.querySelector('canvas').getContext('2d');
      return false;
    } catch {
      return true;
    }
  });
  assert.ok(transferred, 'the new canvas was handed to the new painter');
  let same = false;
  let after = null;
  for (let i = 0; i < 100 && !same; i++) {
    await page.waitForTimeout(100);
    after = await board.screenshot();
    same = after.equals(before);
  }
  if (!same) {
    // Kept for whoever looks into it: what the board showed before and after.
    saveArtifact('embed-put-back-before.png', before);
    saveArtifact('embed-put-back-after.png', after);
  }
  assert.ok(same, 'put back, the board shows the same picture (pictures in the artifacts: embed-put-back-*.png)');
  assert.equal(await page.evaluate(() => document.querySelector('#first').shadowRoot.querySelectorAll('canvas').length), 1);
  assertClean(problems);
  await context.close();
});

test('the element keeps one height as its words change, and the room a page reserves for it before it is defined is that height', async () => {
  // Its bar grew a line, then another, as a pass and the computer's thinking were said
  // beside the buttons on a narrow board, and the page under it moved each time; before
  // its script ran it had no height at all.
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.server.url}/www/examples/`);
  await page.waitForFunction(() => document.querySelector('#first')?.game && document.querySelector('#second')?.game);
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'the example page moved while its boards started');
  // White, the person, has no move and passes at once; Black, the computer, plays on to
  // the end. Each language, a board as narrow as 260 px and one as wide as 480, and the
  // narrowest again in the dark theme, whose bar keeps clear of its background's edges.
  const passing = `XO------${'-'.repeat(48)}------OX O`;
  for (const lang of ['en', 'ru', 'hu']) {
    for (const [width, theme] of [[260, 'light'], [260, 'dark'], [358, 'light'], [480, 'light']]) {
      const seen = await page.evaluate(async ({ lang, width, theme, passing }) => {
        const box = document.createElement('div');
        box.style.width = `${width}px`;
        const b = document.createElement('reversi-board');
        for (const [k, v] of Object.entries({ lang, theme, mode: 'human-computer', 'human-color': 'white', level: '1', position: passing })) b.setAttribute(k, v);
        box.append(b);
        document.body.append(box);
        const heights = new Set();
        const texts = new Set();
        const status = () => b.shadowRoot.querySelector('.status');
        const note = () => {
          heights.add(Math.round(b.getBoundingClientRect().height * 10) / 10);
          texts.add(status().textContent);
        };
        note();
        const observer = new MutationObserver(note);
        observer.observe(b.shadowRoot, { subtree: true, childList: true, characterData: true });
        await new Promise((resolve) => b.addEventListener('gameover', resolve, { once: true }));
        await new Promise((r) => setTimeout(r, 300));
        note();
        observer.disconnect();
        box.remove();
        return { heights: [...heights], texts: [...texts] };
      }, { lang, width, theme, passing });
      const word = { en: 'pass', ru: 'пас', hu: 'passz' }[lang];
      assert.ok(seen.texts.some((t) => t.includes(`: ${word} ·`)), `${lang} ${width} ${theme}: the pass was said (${seen.texts.join(' | ')})`);
      assert.ok(seen.texts.length >= 3, `${lang} ${width} ${theme}: the words changed`);
      assert.deepEqual(seen.heights, [width + 72], `${lang} ${width} ${theme}: the board's height changed with its words (${seen.texts.join(' | ')})`);
    }
  }
  assertClean(problems);
  await context.close();
});
