// Work proportional to what changed, counted in DOM mutations rather than timed: a
// move adds one item to the move list and one point to the graph without rebuilding
// the others, and changes the ARIA labels of only the cells whose words changed. The
// timings themselves are the smoothness line of `npm run bench`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, clickSquare, load, newGameVia, openGame, startAll, waitForSelectorOrKeep, watchProblems } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const TWO_PEOPLE = JSON.stringify({ version: 1, settings: { mode: 'hh', lang: 'en', theme: 'light' }, game: null });

/** Plays the first legal move by a click event on its cell, as a screen reader does. */
async function playFirst(page) {
  await page.evaluate(() => {
    const sq = window.reversiApp.game.legalMoves()[0];
    document.querySelector(`#grid [data-sq="${sq}"]`).click();
  });
}

/** Records the page's layout shifts from now on (Layout Instability API), each with the
 *  names of the elements that moved; `shifts` reads them. */
const watchShifts = (page) => page.evaluate(() => {
  globalThis.__shifts = [];
  new PerformanceObserver((list) => globalThis.__shifts.push(...list.getEntries().map((e) => ({
    value: e.value,
    what: e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName).join(' '),
  })))).observe({ type: 'layout-shift' });
});
const shifts = (page) => page.evaluate(() => globalThis.__shifts);

const labels = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#grid [role=gridcell]'), (c) => c.getAttribute('aria-label')));

test('a move adds one move-list item and one graph point, and relabels only the cells it changed', async () => {
  const { page, context, problems } = await openGame(env, { storage: TWO_PEOPLE });
  for (let i = 0; i < 4; i++) {
    await playFirst(page);
    await page.waitForFunction((n) => window.reversiApp.game.history().length === n, i + 1);
  }
  await page.waitForFunction(() => document.querySelector('#graph').dataset.points === '4', null, { timeout: 30000 });
  // Let the last animation end, then watch one move.
  await page.waitForTimeout(600);
  const before = await labels(page);
  await page.evaluate(() => {
    const seen = { list: { added: 0, removed: 0 }, dots: { added: 0, removed: 0 }, labelled: new Set(), labelWrites: 0 };
    window.__seen = seen;
    window.__kept = Array.from(document.querySelectorAll('#movelist li'));
    window.__keptDots = Array.from(document.querySelectorAll('#graph .dots > *'));
    const count = (target) => (records) => {
      for (const r of records) {
        target.added += r.addedNodes.length;
        target.removed += r.removedNodes.length;
      }
    };
    new MutationObserver(count(seen.list)).observe(document.querySelector('#movelist'), { childList: true, subtree: true });
    new MutationObserver(count(seen.dots)).observe(document.querySelector('#graph .dots'), { childList: true });
    new MutationObserver((records) => {
      for (const r of records) {
        seen.labelWrites += 1;
        seen.labelled.add(Number(r.target.dataset.sq));
      }
    }).observe(document.querySelector('#grid'), { attributes: true, attributeFilter: ['aria-label'], subtree: true });
  });
  await playFirst(page);
  await page.waitForFunction(() => document.querySelector('#graph').dataset.points === '5', null, { timeout: 30000 });
  await page.waitForTimeout(600);
  const after = await labels(page);
  const seen = await page.evaluate(() => {
    const s = window.__seen;
    const items = Array.from(document.querySelectorAll('#movelist li'));
    const dots = Array.from(document.querySelectorAll('#graph .dots > *'));
    return {
      list: s.list,
      dots: s.dots,
      labelled: [...s.labelled].sort((a, b) => a - b),
      labelWrites: s.labelWrites,
      itemsKept: window.__kept.every((li, i) => items[i] === li),
      items: items.length,
      dotsKept: window.__keptDots.every((d, i) => dots[i] === d),
      dotCount: dots.length,
    };
  });
  assert.deepEqual(seen.list, { added: 1, removed: 0 }, 'one item added to the move list, none removed');
  assert.equal(seen.items, 5);
  assert.ok(seen.itemsKept, 'the items of the earlier moves are the same elements');
  assert.deepEqual(seen.dots, { added: 1, removed: 0 }, 'one point added to the graph');
  assert.equal(seen.dotCount, 5);
  assert.ok(seen.dotsKept, 'the earlier points are the same elements');
  // The cells whose words changed: the placed disc, the flipped ones, and those whose
  // "legal move" came or went. Each is written once, and no other.
  const changed = before.map((l, sq) => (l !== after[sq] ? sq : -1)).filter((sq) => sq >= 0);
  assert.ok(changed.length > 1 && changed.length < 64, `${changed.length} cells changed`);
  assert.deepEqual(seen.labelled, changed, 'only the cells whose label changed were relabelled');
  assert.equal(seen.labelWrites, changed.length, 'each changed cell was relabelled once');
  assertClean(problems);
  await context.close();
});

test('a move taken back marks two items of the list and rebuilds none', async () => {
  const { page, context, problems } = await openGame(env, { storage: TWO_PEOPLE });
  for (let i = 0; i < 3; i++) {
    await playFirst(page);
    await page.waitForFunction((n) => window.reversiApp.game.history().length === n, i + 1);
  }
  await page.evaluate(() => {
    window.__changes = { added: 0, removed: 0 };
    new MutationObserver((records) => {
      for (const r of records) {
        window.__changes.added += r.addedNodes.length;
        window.__changes.removed += r.removedNodes.length;
      }
    }).observe(document.querySelector('#movelist'), { childList: true, subtree: true });
  });
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#movelist [aria-current=step]')?.textContent.startsWith('2.'));
  const state = await page.evaluate(() => ({
    changes: window.__changes,
    items: document.querySelectorAll('#movelist li').length,
    future: Array.from(document.querySelectorAll('#movelist button.future'), (b) => b.textContent),
  }));
  // The move taken back stays in the list, marked as a move to come.
  assert.deepEqual(state.changes, { added: 0, removed: 0 });
  assert.equal(state.items, 3);
  assert.equal(state.future.length, 1);
  assert.match(state.future[0], /^3\. /);
  assertClean(problems);
  await context.close();
});

test('Details shows the page\'s frame rate while the computer thinks, and nothing when it does not', async () => {
  const { page, context, problems } = await openGame(env);
  // The strongest level plays Black from a middle game out of the book.
  await newGameVia(page, { mode: 'hc', color: 2, black: 18 });
  await page.evaluate(() => (document.querySelector('#ai-more').open = true));
  await load(page, '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X');
  // Frames are counted while it thinks: a figure once a second.
  await page.waitForFunction(() => /^; the page \d+ frames\/s$/.test(document.querySelector('#ai-fps').textContent), null, { timeout: 30000 });
  const fps = await page.evaluate(() => Number(document.querySelector('#ai-fps').textContent.match(/\d+/)[0]));
  assert.ok(fps > 0, `a frame rate was counted (${fps})`);
  assert.equal(await page.textContent('#status'), 'Computer is thinking…');
  // Its move made, the person's turn: the figure goes.
  await page.waitForFunction(() => window.reversiApp.game.toMove() === 2, null, { timeout: 60000 });
  assert.equal(await page.textContent('#ai-fps'), '');
  assertClean(problems);
  await context.close();
});

test('while the computer thinks with Details closed, the page asks for no animation frames and leaves the board undrawn', async () => {
  // A loop of animation frames makes the page render every frame (on a slow phone a
  // quarter of its main thread), and the spinner then ticks on the main thread too.
  // The search's progress renders the page, and the board is not drawn again when it
  // shows the same.
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 2, black: 18 });
  await page.evaluate(() => {
    window.__frames = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (f) => {
      window.__frames += 1;
      return request(f);
    };
  });
  assert.equal(await page.evaluate(() => document.querySelector('#ai-more').open), false);
  await load(page, '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X');
  await page.waitForFunction(() => !document.querySelector('#thinking').hidden);
  await page.evaluate(() => {
    window.__frames = 0;
    window.__draws = window.reversiApp.board.draws;
    window.__progress = 0;
    new MutationObserver(() => (window.__progress += 1)).observe(document.querySelector('#ai-status'), { childList: true, characterData: true, subtree: true });
  });
  await page.waitForTimeout(700);
  const closed = await page.evaluate(() => ({ frames: window.__frames, draws: window.reversiApp.board.draws - window.__draws, changes: window.__progress, thinking: !document.querySelector('#thinking').hidden }));
  assert.ok(closed.thinking, 'the computer was still thinking');
  assert.ok(closed.changes > 0, 'the search reported progress');
  assert.equal(closed.frames, 0);
  assert.equal(closed.draws, 0);
  // Opened, the line counts frames.
  await page.evaluate(() => (document.querySelector('#ai-more').open = true));
  await page.waitForFunction(() => window.__frames > 10);
  assertClean(problems);
  await context.close();
});

test('the graph\'s scores take one worker and send no progress; a search reports progress only to a caller who listens', async () => {
  // Two cores allowed, a person against level 2: the computer's level and the graph's
  // depth-6 scores both search on one core, so no pool task may be sent at all (the
  // graph's scorer once shared each small search out in about 90 task messages a move,
  // each a task on the main thread), and no progress comes for a request that did not
  // ask for it.
  const state = JSON.stringify({ version: 1, settings: { mode: 'hc', humanColor: 1, levels: { 1: 2, 2: 2 }, cores: 2, lang: 'en', theme: 'light', analysis: false }, game: null });
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 820 } });
  await context.addInitScript((s) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('reversi.state', s);
      sessionStorage.setItem('seeded', '1');
    }
    const log = { sent: [], progress: [] };
    window.__workerLog = log;
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.board = args[1]?.name === 'board';
        this.addEventListener('message', (e) => {
          if (e.data?.kind === 'progress') log.progress.push({ worker: this, id: e.data.id });
        });
      }
      postMessage(m, ...rest) {
        // The board's painter (a worker named 'board') is not the AI's.
        if (m && typeof m === 'object' && m.kind !== 'wasm' && !this.board) log.sent.push({ worker: this, kind: m.kind, id: m.id, progress: m.progress });
        return super.postMessage(m, ...rest);
      }
    };
  }, state);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body.ready');
  for (let i = 0; i < 4; i++) {
    await page.waitForFunction(() => window.reversiApp.game.toMove() === 1, null, { timeout: 30000 });
    await playFirst(page);
    await page.waitForFunction((n) => window.reversiApp.game.history().length >= n, 2 * i + 2, { timeout: 30000 });
  }
  await page.waitForFunction(() => Number(document.querySelector('#graph').dataset.points) >= 8, null, { timeout: 30000 });
  const log = await page.evaluate(() => {
    const { sent, progress } = window.__workerLog;
    const asked = (p) => sent.some((s) => s.worker === p.worker && s.id === p.id && s.progress === true);
    return {
      kinds: [...new Set(sent.map((s) => s.kind))].sort(),
      searches: sent.filter((s) => s.kind === 'search').length,
      listened: sent.filter((s) => s.kind === 'search' && s.progress).length,
      unasked: progress.filter((p) => !asked(p)).length,
      workers: new Set(sent.map((s) => s.worker)).size,
    };
  });
  assert.deepEqual(log.kinds, ['search'], 'only whole searches were sent, no pool task');
  // The computer's 4 moves listen for progress; the graph's 8 or more scores do not.
  assert.ok(log.searches >= 12, `${log.searches} searches`);
  assert.equal(log.listened, 4, 'only the computer\'s searches asked for progress');
  assert.equal(log.unasked, 0, 'no progress came for a search that did not ask for it');
  assert.equal(log.workers, 2, 'the computer\'s worker and the graph\'s, no helper');
  assertClean(problems);
  await context.close();
});

test('workers start one a task, none in the task of the click that asked for them', async () => {
  // Starting a worker costs the page's thread 20-25 ms on a slow phone: "Show every
  // move's value" with two cores allowed once started its worker and its helper in
  // the task of the click. Here every step that waits for a task of its own
  // (coalesce.js nextTask: scheduler.yield) waits for the test instead, which lets
  // them go one at a time and counts the workers each one starts.
  const state = JSON.stringify({ version: 1, settings: { mode: 'hh', cores: 2, lang: 'en', theme: 'light', analysis: false }, game: null });
  const { page, context, problems } = await openGame(env, { storage: state });
  await page.waitForTimeout(300); // the page's own start, its computer's worker among it
  await page.evaluate(() => {
    const log = { made: 0, held: [] };
    window.__starts = log;
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        log.made += 1;
      }
    };
    window.scheduler.yield = () => new Promise((resolve) => log.held.push(resolve));
  });
  await page.evaluate(() => document.querySelector('#analysis-toggle').click());
  await page.waitForTimeout(300);
  const atClick = await page.evaluate(() => ({ made: window.__starts.made, held: window.__starts.held.length }));
  assert.equal(atClick.made, 0, 'the click started no worker in its own task');
  assert.ok(atClick.held >= 1, 'the starts wait for a task of their own');
  const perTask = [];
  for (let i = 0; i < 20; i++) {
    const made = await page.evaluate(async () => {
      const log = window.__starts;
      const next = log.held.shift();
      if (!next) return null;
      const before = log.made;
      next();
      await new Promise((r) => setTimeout(r, 50));
      return log.made - before;
    });
    if (made === null) break;
    perTask.push(made);
  }
  assert.ok(perTask.every((n) => n <= 1), `workers started per task: ${perTask}`);
  assert.equal(perTask.reduce((a, b) => a + b, 0), 2, `the analysis's worker and one helper, one a task: ${perTask}`);
  // Let tasks be tasks again: the workers so started answer.
  await page.evaluate(() => {
    delete window.scheduler.yield;
    for (const go of window.__starts.held.splice(0)) go();
  });
  await page.waitForFunction(() => (window.reversiApp.analysis?.scores?.length ?? 0) === 4, null, { timeout: 30000 });
  assertClean(problems);
  await context.close();
});

test('the board is drawn by a worker of its own, and on the page where that worker does not start', async () => {
  // The colours at the centres of squares, read from the canvas wherever it is drawn:
  // a disc's centre is light or dark, an empty square (no legal-move dot) green.
  const discs = (page, squares) => page.evaluate(async (squares) => {
    const canvas = document.querySelector('#board');
    const r = canvas.getBoundingClientRect();
    const at = (sq) => {
      const c = window.reversiApp.squareCenter(sq);
      return [Math.round((c.x - r.left) * devicePixelRatio), Math.round((c.y - r.top) * devicePixelRatio)];
    };
    const px = await window.reversiApp.board.pixels(squares.map(at));
    const kind = ([red, green, blue]) => (red > 180 && green > 180 && blue > 180 ? 'white' : red < 110 && green < 110 && blue < 110 ? 'black'
      : green > red + 40 ? 'empty' : red > green + 100 ? 'last' : `${red},${green},${blue}`);
    return px.map(kind);
  }, squares);
  for (const broken of [false, true]) {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await context.addInitScript((s) => localStorage.setItem('reversi.state', s), TWO_PEOPLE);
    // The painter's script cannot be had (a server without it, a policy that refuses it).
    if (broken) await context.route(/board-worker\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector('body.ready');
    const where = broken ? 'page' : 'worker';
    await page.waitForFunction((w) => window.reversiApp.board.paintedIn === w, where);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#board-wrap canvas').length), 1, 'one canvas');
    await page.waitForFunction(() => window.reversiApp.board.draws > 0);
    // d4, e5, g6
    assert.deepEqual(await discs(page, [27, 36, 46]), ['white', 'white', 'empty'], `${where}: the start drawn`);
    // A click on the canvas itself (the page's own listeners, on whichever canvas).
    await clickSquare(page, 37);
    await page.waitForFunction(() => window.reversiApp.game.history().length === 1);
    // The flip's frames (e5 turns) end with the position drawn whole.
    let seen = await discs(page, [27, 36, 37]);
    for (let k = 0; k < 50 && seen[2] !== 'last'; k++) {
      await page.waitForTimeout(50);
      seen = await discs(page, [27, 36, 37]);
    }
    // d4, e5, f5
    assert.deepEqual(seen, ['white', 'black', 'last'], `${where}: f5 played (its last-move mark) and e5 turned`);
    if (!broken) assertClean(problems);
    else assert.ok(problems.every((p) => p.includes('board-worker')), problems.join('; '));
    await context.close();
  }
});

test('each frame of a flip animation, painted over the turning discs only, is the picture a whole redraw gives', async () => {
  // At pixel ratio 2 and an odd size, so that the squares do not fall on whole pixels.
  const context = await env.browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.server.url}/bench/blank.html`);
  const result = await page.evaluate(async () => {
    const { BoardPainter } = await import('/www/board-paint.js');
    const { readColors } = await import('/www/board-view.js');
    // Frames and the clock in the test's hands.
    let clock = 1000;
    const frames = [];
    Object.defineProperty(performance, 'now', { value: () => clock });
    globalThis.requestAnimationFrame = (f) => frames.push(f);
    globalThis.cancelAnimationFrame = () => {};
    const make = () => {
      const wrap = document.createElement('div');
      wrap.style.cssText = 'width:333px;height:333px;display:inline-block';
      const canvas = document.createElement('canvas');
      wrap.append(canvas);
      document.body.append(wrap);
      const painter = new BoardPainter(canvas, {});
      painter.configure({ size: 333, dpr: devicePixelRatio, colors: readColors(canvas) });
      return painter;
    };
    const animated = make();
    const whole = make();
    // Black has played d4 (27) with flips along four lines, next to a legal-move mark,
    // a hint and the keyboard focus, whose edges the turning discs' pictures overlap.
    const board = new Uint8Array(64);
    const black = [27, 19, 11, 3, 28, 29, 30, 35, 43, 36, 45, 54, 20, 37];
    const white = [12, 13, 21, 44, 52, 26];
    for (const sq of black) board[sq] = 1;
    for (const sq of white) board[sq] = 2;
    const flipped = [19, 11, 28, 29, 35, 43, 36, 45];
    const state = { board, legal: [18, 34], lastMove: 27, hints: new Map([[42, { score: -3.5, best: true, exact: false }]]), focus: 34, showFocus: true, toMove: 2 };
    animated.set({ ...state });
    whole.set({ ...state });
    let clips = 0;
    const clip = animated.ctx.clip.bind(animated.ctx);
    animated.ctx.clip = (...a) => { clips += 1; return clip(...a); };
    const done = animated.animateMove(27, flipped, 1);
    // An illegal click mid-way: its cross comes and goes among the partial frames.
    let compared = 0;
    let worst = 0;
    let differing = 0;
    let first = null;
    for (let i = 0; i < 60 && frames.length; i++) {
      clock += 16.7;
      if (i === 5) animated.flash(34);
      const run = frames.splice(0);
      for (const f of run) f(clock);
      if (!animated.anim) break;
      whole.anim = animated.anim;
      whole.flashing = animated.flashing;
      whole.draw(clock);
      const a = animated.ctx.getImageData(0, 0, animated.canvas.width, animated.canvas.height).data;
      const b = whole.ctx.getImageData(0, 0, whole.canvas.width, whole.canvas.height).data;
      let d = 0;
      for (let k = 0; k < a.length; k++) {
        const e = Math.abs(a[k] - b[k]);
        if (e) {
          first ??= { frame: i, x: (k >> 2) % animated.canvas.width, y: Math.floor((k >> 2) / animated.canvas.width) };
          d += 1;
        }
        worst = Math.max(worst, e);
      }
      if (d) differing += 1;
      compared += 1;
    }
    await done;
    return { first, compared, worst, differing, clips, width: animated.canvas.width };
  });
  assert.equal(result.width, 666);
  assert.ok(result.compared >= 15, `${result.compared} frames compared`);
  assert.ok(result.clips >= result.compared - 2, `the frames after the first were painted under a clip (${result.clips})`);
  assert.equal(result.differing, 0, `${result.differing} frames differ from a whole redraw, by up to ${result.worst} in a channel, first ${JSON.stringify(result.first)}`);
  assertClean(problems);
  await context.close();
});

test('nothing under the computer\'s words moves as they change, in each language, and the player cards hold their words on one line', async () => {
  // The AI line says one thing before the computer's first move, another while it
  // thinks and a third after: a line that wrapped anew each time pushed the buttons
  // under a player's finger. Moves by click events, as assistive technology makes them.
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hc', humanColor: 1, levels: { 1: 2, 2: 2 }, speed: 'fast', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      // Every word of each card is seen: no name cut short, the supply on one line.
      const cards = await page.evaluate(() => Array.from(document.querySelectorAll('.player'), (card) => {
        const name = card.querySelector('.name');
        const supply = card.querySelector('.supply');
        return { name: name.scrollWidth <= name.clientWidth, supplyLines: supply.getClientRects().length, supplyHeight: supply.getBoundingClientRect().height, supplyFont: parseFloat(getComputedStyle(supply).fontSize) };
      }));
      for (const c of cards) {
        assert.ok(c.name, `${lang} ${viewport.width}: a player's name is cut short`);
        assert.ok(c.supplyHeight < 2 * c.supplyFont, `${lang} ${viewport.width}: the supply wraps (${c.supplyHeight} px at ${c.supplyFont} px)`);
      }
      await page.evaluate(() => {
        window.__tops = [];
        const button = document.querySelector('#new-game');
        window.__where = () => Math.round(button.getBoundingClientRect().top + scrollY);
        // Where the button is at every change of the AI line, seen as it happens.
        new MutationObserver(() => window.__tops.push(window.__where())).observe(document.querySelector('.ai-line'), { childList: true, characterData: true, subtree: true, attributes: true });
      });
      const start = await page.evaluate(() => window.__where());
      const reviewTop = () => page.evaluate(() => Math.round(document.querySelector('#review-title').getBoundingClientRect().top + scrollY));
      const review = await reviewTop();
      const said = new Set([await page.textContent('#ai-status')]);
      for (let i = 0; i < 4; i++) {
        await playFirst(page);
        await page.waitForFunction((n) => window.reversiApp.game.history().length >= n && window.reversiApp.game.toMove() === 1, 2 * (i + 1), { timeout: 30000 });
        said.add(await page.textContent('#ai-status'));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      const tops = await page.evaluate(() => [...window.__tops, window.__where()]);
      assert.ok(said.size >= 3, `${lang}: the AI line said different things (${[...said].join(' | ')})`);
      assert.ok(tops.length >= 5, `${lang}: the AI line changed while the game went on`);
      assert.deepEqual([...new Set(tops)], [start], `${lang} ${viewport.width}: the buttons under the AI line moved`);
      // Beside the board the move list has its height from the start: its eight items
      // take a second row on a desktop, and the review under it stays where it was.
      if (viewport.width > 600) {
        assert.ok(await page.locator('#movelist li').count() >= 7, `${lang}: the list has a second row`);
        assert.equal(await reviewTop(), review, `${lang} ${viewport.width}: the review moved as the move list grew`);
      }
      assertClean(problems);
      await context.close();
    }
  }
});

test('a pass is said in the AI line\'s own room: nothing below it moves when the pass box comes and goes', async () => {
  // The pass box stood above the AI line and pushed everything under it down by its
  // height when a player passed. A person (White) with no move passes at once here.
  const passing = `XO------${'-'.repeat(48)}------OX O`;
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hc', humanColor: 2, levels: { 1: 1, 2: 1 }, speed: 'fast', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      const where = () => page.evaluate(() => Math.round(document.querySelector('#ai-more').getBoundingClientRect().top + scrollY));
      const start = await where();
      await load(page, passing);
      await waitForSelectorOrKeep(page, '#pass-box:not([hidden])', `smooth-pass-${lang}-${viewport.width}`);
      assert.equal(await where(), start, `${lang} ${viewport.width}: the pass box pushed the lines below it`);
      // The box covers the computer's words rather than sitting beside them.
      const box = await page.evaluate(() => {
        const r = (s) => document.querySelector(s).getBoundingClientRect();
        const line = r('.ai-line');
        const pass = r('#pass-box');
        return { inside: pass.top >= line.top - 0.5 && pass.bottom <= line.bottom + 0.5, words: getComputedStyle(document.querySelector('.ai-now')).visibility };
      });
      assert.ok(box.inside, `${lang} ${viewport.width}: the pass box fits the AI line's room`);
      assert.equal(box.words, 'hidden', 'the computer\'s words are not drawn under the box');
      // A list that holds only a pass is not "no moves yet".
      assert.equal(await page.locator('#movelist .pass').count(), 1);
      assert.ok(await page.evaluate(() => document.querySelector('#no-moves').hidden), `${lang}: "no moves yet" beside a pass`);
      await page.dispatchEvent('#pass-continue', 'click');
      await page.waitForFunction(() => window.reversiApp.game.history().length >= 2);
      assert.equal(await where(), start, `${lang} ${viewport.width}: the lines below moved after the pass`);
      assertClean(problems);
      await context.close();
    }
  }
});

test('between two people a pass moves nothing either: it is said in the room the result\'s detail keeps', async () => {
  // The pass box there took a line and a border more than the AI line's room and pushed
  // the buttons below it down, and back up at the next move. White has no move here;
  // Black's only move, c1, gives White b1.
  const passing = `---O------O-----${'--X-----'.repeat(6)} O`;
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hh', speed: 'fast', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      // The line under the AI line ("Game loaded" then grows the message row below it).
      const where = () => page.evaluate(() => Math.round(document.querySelector('#opening').getBoundingClientRect().top + scrollY));
      const start = await where();
      await load(page, passing);
      await page.waitForSelector('#pass-box:not([hidden])');
      assert.match(await page.textContent('#pass-message'), /\S/, `${lang}: the pass is said`);
      assert.equal(await where(), start, `${lang} ${viewport.width}: the pass pushed the lines below it`);
      assert.ok(await page.evaluate(() => document.querySelector('#pass-continue').hidden), 'no Continue between two people');
      // Black plays c1 by a click on its cell; the pass is no longer the last thing said.
      await page.dispatchEvent('#grid [data-sq="2"]', 'click');
      await page.waitForFunction(() => document.querySelector('#pass-box').hidden);
      assert.equal(await where(), start, `${lang} ${viewport.width}: the lines below moved after the pass`);
      assertClean(problems);
      await context.close();
    }
  }
});

test('loading moves nothing: the page\'s words are first shown in its own language, with the AI line\'s room made', async () => {
  // Painted before the page started, the HTML's English words were laid out again in
  // Russian or Hungarian a moment later, and the AI line grew when its room was made:
  // the toolbar, the buttons and the rating row jumped (Chromium's Layout Instability API).
  for (const lang of ['en', 'ru', 'hu']) {
    const storage = JSON.stringify({ version: 1, settings: { mode: 'hc', humanColor: 1, levels: { 1: 2, 2: 2 }, lang, theme: 'light' }, game: null });
    const { page, context, problems } = await openGame(env, { storage, viewport: { width: 390, height: 844 } });
    const shifts = await page.evaluate(() => new Promise((resolve) => {
      // Buffered: every shift since the page began to load, up to two frames after ready.
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const seen = [];
        new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen.map((e) => ({ value: e.value, what: e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName).join(' ') }))), 50);
      }));
    }));
    assert.deepEqual(shifts, [], `${lang}: the page moved while it loaded`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.panel')).visibility), 'visible');
    assertClean(problems);
    await context.close();
  }
});

test('nothing in the puzzle dialog moves as a puzzle loads, is answered, graded, tried again and shown, in each language', async () => {
  // The task took a third line when it came, the verdict two more when an answer was
  // graded wrong, and the row of buttons changed as "Try again" and "Show the answer"
  // came and went: the board and the buttons jumped (Layout Instability API).
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hh', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      await watchShifts(page);
      await page.dispatchEvent('#puzzles-btn', 'click');
      await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
      await page.selectOption('#puzzle-theme', 'expert');
      await page.waitForFunction(() => window.reversiApp.puzzles.current?.theme === 'expert');
      // FFO #1: h1 is a wrong answer (+12 against g8's +18), g8 the right one.
      const graded = async (name) => {
        const s = (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;
        await page.evaluate((x) => document.querySelector(`#puzzle-grid [data-sq="${x}"]`).click(), s);
        await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 30000 });
      };
      await graded('h1');
      assert.equal(await page.evaluate(() => window.reversiApp.puzzles.grade.right), false);
      await page.dispatchEvent('#puzzle-retry', 'click');
      await graded('g8');
      await page.dispatchEvent('#puzzle-next', 'click');
      await page.waitForFunction(() => window.reversiApp.puzzles.current?.number === 2);
      await page.dispatchEvent('#puzzle-answer', 'click');
      await page.waitForFunction(() => window.reversiApp.puzzles.grade?.shown, null, { timeout: 30000 });
      // Two frames for the last shift to be reported.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.deepEqual(await shifts(page), [], `${lang} ${viewport.width}: the puzzle dialog moved`);
      // The words are the live ones, not the unseen room's.
      assert.match(await page.textContent('#puzzle-verdict'), /\S/);
      assertClean(problems);
      await context.close();
    }
  }
});

test('looking back at a move moves nothing: the bar of a position looked back at floats at the foot of the screen', async () => {
  // In the panel's flow, the bar pushed the move list (on a desktop) or, by the
  // browser's scroll anchoring, the board (on a phone) by its height (160 px in Russian)
  // when a move of the list was picked.
  for (const lang of ['en', 'ru']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hh', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      await load(page, 'f5d6c3d3c4f4f6f3e6e7d7');
      await page.waitForFunction(() => document.querySelectorAll('#movelist li').length === 11);
      await page.waitForTimeout(700);
      const where = () => page.evaluate(() => ({
        scroll: Math.round(scrollY),
        list: Math.round(document.querySelector('#movelist').getBoundingClientRect().top),
        board: Math.round(document.querySelector('#board').getBoundingClientRect().top),
      }));
      const start = await where();
      await watchShifts(page);
      const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.evaluate(() => document.querySelector('#movelist button[data-n="5"]').click());
      await page.waitForFunction(() => !document.querySelector('#viewing-bar').hidden);
      await frames();
      const label = `${lang} ${viewport.width}`;
      assert.deepEqual(await where(), start, `${label}: the page moved as a move was picked`);
      // The bar is in view, within the panel's width, and leaves the board uncovered beside it.
      const bar = await page.evaluate(() => {
        const b = document.querySelector('#viewing-bar').getBoundingClientRect();
        const p = document.querySelector('.panel').getBoundingClientRect();
        const board = document.querySelector('#board').getBoundingClientRect();
        const overBoard = b.left < board.right && b.right > board.left && b.top < board.bottom && b.bottom > board.top;
        return { inView: b.top >= 0 && b.bottom <= innerHeight, inPanel: b.left >= p.left - 1 && b.right <= p.right + 1, overBoard };
      });
      assert.deepEqual(bar, { inView: true, inPanel: true, overBoard: viewport.width < 600 ? bar.overBoard : false }, label);
      // The end of the page can be scrolled out from under the bar.
      const room = await page.evaluate(() => {
        scrollTo(0, document.documentElement.scrollHeight);
        const last = document.querySelector('.panel').getBoundingClientRect().bottom;
        return last <= document.querySelector('#viewing-bar').getBoundingClientRect().top;
      });
      assert.ok(room, `${label}: the panel's end stays under the bar`);
      await page.evaluate((y) => scrollTo(0, y), start.scroll);
      await page.dispatchEvent('#back-to-game', 'click');
      await page.waitForFunction(() => document.querySelector('#viewing-bar').hidden);
      await frames();
      assert.deepEqual(await shifts(page), [], `${label}: layout shifts`);
      assertClean(problems);
      await context.close();
    }
  }
});

test('the last move of a game moves nothing: the status, the rating and the AI lines keep their room', async () => {
  // The result's title took a second line on a Russian phone, and the first rating
  // replaced the longer invitation: the buttons and everything below them moved, under
  // the result dialog.
  // A game of the equal-time match, no pass in its last moves: a7, then a8 ends it.
  const game = 'd3c5d6e3f3f4g5g4e6f5c6g6b5e2f1e7f7b4e8f8d7d2h3h4g3e1f2f6c3c2b6g1d1c1a3c8c7a6g8a4b2a1b3b1c4a5a2h2h7h6g7b8b7h8h5g2h1d8a7a8';
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const storage = JSON.stringify({ version: 1, settings: { mode: 'hh', lang, theme: 'light' }, game: null });
      const { page, context, problems } = await openGame(env, { storage, viewport });
      await load(page, game.slice(0, -4));
      await page.waitForFunction((n) => window.reversiApp.game.transcript().length === n, game.length - 4);
      // One move played first, so that the loading's message has gone.
      await page.evaluate(() => document.querySelector('#grid [data-sq="48"]').click());
      await page.waitForFunction((n) => window.reversiApp.game.transcript().length === n, game.length - 2);
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForTimeout(700);
      assert.ok(await page.evaluate(() => document.querySelector('#pass-box').hidden), 'no pass before the last move');
      await watchShifts(page);
      await page.evaluate(() => document.querySelector('#grid [data-sq="56"]').click());
      await page.waitForSelector('#result-dialog[open]');
      await page.waitForTimeout(700);
      const label = `${lang} ${viewport.width}`;
      assert.match(await page.textContent('#status'), /\d+–\d+/, `${label}: the result in the status`);
      assert.deepEqual(await shifts(page), [], `${label}: layout shifts at the end`);
      assertClean(problems);
      await context.close();
    }
  }
});

test('the review\'s marks move no item of the move list: a reviewed move has room for its loss from the start', async () => {
  // Each loss (" −12") made its move wider as the review reached it, and the items
  // after it stepped along the rows, mark by mark.
  const game = 'd3c5d6e3f3f4g5g4e6f5c6g6b5e2f1e7f7b4e8f8d7d2h3h4g3e1f2f6c3c2b6g1d1c1a3c8c7a6g8a4b2a1b3b1c4a5a2h2h7h6g7b8b7h8h5g2h1d8a7a8';
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const storage = JSON.stringify({ version: 1, settings: { mode: 'hh', lang: 'hu', theme: 'dark' }, game: null });
    const { page, context, problems } = await openGame(env, { storage, viewport });
    await load(page, game);
    await page.waitForFunction((n) => window.reversiApp.game.transcript().length === n, game.length);
    // The items' places after each change the review makes to the list.
    await page.evaluate(() => {
      const list = document.querySelector('#movelist');
      globalThis.__places = [];
      new MutationObserver(() => {
        const marks = list.querySelectorAll('button.mistake, button.blunder').length;
        globalThis.__places.push({ marks, at: Array.from(list.children, (li) => `${li.offsetLeft},${li.offsetTop}`).join(' ') });
      }).observe(list, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.evaluate(() => document.querySelector('#review-btn').click());
    await page.waitForFunction(() => window.reversiApp.review && !window.reversiApp.review.partial, null, { timeout: 120000 });
    const label = `${viewport.width}`;
    const seen = await page.evaluate(() => globalThis.__places);
    const marks = seen.map((p) => p.marks);
    assert.ok(new Set(marks).size >= 3, `${label}: the marks came in at least two steps after the review began (${marks})`);
    // The first change is the review's start, which gives every move its room at once.
    assert.equal(new Set(seen.slice(1).map((p) => p.at)).size, 1, `${label}: the move list's items moved as the review marked them`);
    assert.equal(seen[0].at, seen[seen.length - 1].at, `${label}: the review's start left the items where its end has them`);
    // The last move is still in view in the list, which scrolls.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    assert.ok(await page.evaluate(() => {
      const list = document.querySelector('#movelist');
      const last = list.lastElementChild;
      return last.offsetTop - list.offsetTop + last.offsetHeight <= list.scrollTop + list.clientHeight + 1;
    }), `${label}: the current move scrolled out of view`);
    assertClean(problems);
    await context.close();
  }
});

/** The page between two people on a phone-sized screen, `init` run in it before its
 *  own scripts. */
async function openWith(init) {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(init, TWO_PEOPLE);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body.ready', { timeout: 10000 });
  return { page, context, problems };
}

test('the page starts, and takes a move, in a tab that draws no frames (a hidden tab)', async () => {
  // The start waits for drawn frames between its last steps (coalesce.js nextFrame);
  // a hidden tab draws none, and the page must start all the same.
  const { page, context, problems } = await openWith((s) => {
    localStorage.setItem('reversi.state', s);
    window.requestAnimationFrame = () => 0;
  });
  await playFirst(page);
  await page.waitForFunction(() => window.reversiApp.game.transcript().length === 2);
  assertClean(problems);
  await context.close();
});

test('the start lays out the board, the panel\'s rooms and the rest of the panel in frames of their own', async () => {
  // Counted in frames, not timed: the rooms (the longest words each line can say) are
  // filled in a frame after the board's, and the rest of the panel after theirs.
  const { page, context, problems } = await openWith((s) => {
    localStorage.setItem('reversi.state', s);
    window.__frames = 0;
    const tick = () => { window.__frames += 1; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    window.__seen = {};
    new MutationObserver(() => {
      const at = window.__frames;
      const room = document.querySelector('#status-room')?.childElementCount > 0;
      const moves = document.querySelector('#no-moves');
      if (room && window.__seen.room === undefined) window.__seen.room = at;
      if (document.body?.classList.contains('ready') && window.__seen.ready === undefined) window.__seen.ready = at;
      if (moves && window.__seen.board === undefined && document.querySelector('#grid [role=gridcell][aria-label]')) window.__seen.board = at;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const seen = await page.evaluate(() => window.__seen);
  assert.ok(seen.board !== undefined && seen.room !== undefined && seen.ready !== undefined, JSON.stringify(seen));
  assert.ok(seen.room > seen.board, `the rooms in a frame after the board's: ${JSON.stringify(seen)}`);
  assert.ok(seen.ready > seen.room, `the rest of the panel in a frame after the rooms': ${JSON.stringify(seen)}`);
  assertClean(problems);
  await context.close();
});
