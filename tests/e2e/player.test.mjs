// What a new player meets in the first games: nothing lost by a slip, clear turns,
// passes and results, one accessible board, readable colours and a phone layout.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT, assertClean, chooseSetting, clickSquare, load, newGameVia, openGame, saveArtifact, startAll, state, waitFor } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const cell = (sq) => `#grid [data-sq="${sq}"]`;

test('an empty Load changes nothing; New game, Load and a set-up board can all be taken back', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await clickSquare(page, 37);
  await clickSquare(page, 43);
  await waitFor(page, (s) => s.transcript === 'f5d6');
  for (const empty of ['', '   \n ']) {
    await load(page, empty);
    assert.match(await page.textContent('#message'), /The box is empty.*Nothing was changed/);
    assert.equal((await state(page)).transcript, 'f5d6');
  }
  // New game: Undo brings the game back, moves and all.
  await newGameVia(page, { mode: 'hh' });
  assert.equal((await state(page)).transcript, '');
  assert.equal(await page.textContent('#undo'), 'Undo: back to the last game');
  assert.match(await page.textContent('#message'), /New game started\. Undo brings back/);
  await page.click('#undo');
  assert.equal((await state(page)).transcript, 'f5d6');
  // Load: the offer beside the message brings the game back.
  await load(page, 'f5f6e6');
  assert.equal((await state(page)).transcript, 'f5f6e6');
  await page.click('#bring-back');
  assert.equal((await state(page)).transcript, 'f5d6');
  // The board editor's "Play from here" too, and the offer survives a reload.
  await page.click('#edit-btn');
  await page.click('#edit-start');
  await page.click('#edit-done');
  assert.equal((await state(page)).transcript, '');
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.click('#undo');
  assert.equal((await state(page)).transcript, 'f5d6');
  assertClean(problems);
  await context.close();
});

test('a click event on a grid cell plays it, as a screen reader activates it', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  assert.equal(await page.getAttribute(cell(37), 'aria-label'), 'f5, empty, legal move');
  await page.dispatchEvent(cell(37), 'click');
  let s = await waitFor(page, (t) => t.history.length === 1);
  assert.equal(s.history[0].square, 37);
  await page.locator(cell(43)).click({ force: true }); // a tap on the cell element itself
  s = await waitFor(page, (t) => t.history.length === 2);
  assert.equal(s.history[1].square, 43);
  // Typing a square's name plays it too.
  await page.focus(cell(27));
  await page.keyboard.type('c3');
  s = await waitFor(page, (t) => t.history.length === 3);
  assert.equal(s.history[2].square, 18);
  assertClean(problems);
  await context.close();
});

/** The colours drawn on the canvas at points of a square: [dx, dy] in square sides
 *  from its centre. */
function drawnPixels(page, sq, points) {
  return page.evaluate(([s, pts]) => {
    const canvas = document.querySelector('#board');
    const r = canvas.getBoundingClientRect();
    const c = window.reversiApp.squareCenter(s);
    const side = window.reversiApp.squareCenter(s + 1).x - c.x;
    const k = devicePixelRatio;
    return window.reversiApp.board.pixels(pts.map(([dx, dy]) => [Math.round((c.x + dx * side - r.left) * k), Math.round((c.y + dy * side - r.top) * k)]));
  }, [sq, points]).then((px) => px.map((p) => p.slice(0, 3)));
}

const pixelAt = async (page, sq) => (await drawnPixels(page, sq, [[0, 0]]))[0];

/** The WCAG contrast ratio of two [r, g, b] colours. */
function contrast(a, b) {
  const lum = (rgb) => rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const rgbOf = (css) => css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);

test('an illegal move is refused with a visible cue and a reason, in the page language', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  const before = await pixelAt(page, 0);
  await page.dispatchEvent(cell(0), 'click');
  assert.equal(await page.textContent('#message'), 'a1 does not outflank any disc.');
  await page.waitForFunction(() => document.querySelector('#live').textContent === 'a1 does not outflank any disc.');
  const [r, g] = await pixelAt(page, 0);
  assert.ok(r > g + 60 && r > before[0] + 60, `a red cross is drawn on a1: ${[r, g]} (before ${before})`);
  await clickSquare(page, 27);
  assert.equal(await page.textContent('#message'), 'd4 is already taken.');
  assert.equal((await state(page)).history.length, 0);
  await chooseSetting(page, '#lang', 'ru');
  await page.dispatchEvent(cell(7), 'click');
  assert.equal(await page.textContent('#message'), 'Ход h1 не захватывает ни одной фишки.');
  await chooseSetting(page, '#lang', 'hu');
  await page.dispatchEvent(cell(7), 'click');
  assert.equal(await page.textContent('#message'), 'A(z) h1 lépés egy korongot sem fog közre.');
  assertClean(problems);
  await context.close();
});

test('a pass is shown and marked, and the computer waits until it has been seen', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 2, black: 1 });
  // White (the person) has no move here and passes; Black, the computer, moves next.
  await load(page, `XO------${'-'.repeat(48)}------OX O`);
  await page.waitForSelector('#pass-box:not([hidden])');
  assert.equal(await page.textContent('#pass-message'), 'You have no legal move and must pass. The computer moves again.');
  assert.ok(await page.isVisible('#pass-continue'));
  await page.waitForTimeout(1000);
  assert.equal((await state(page)).history.length, 1, 'the computer waits while the pass is shown');
  assert.equal(await page.textContent('#movelist .pass'), 'White: pass');
  await page.click('#pass-continue');
  await waitFor(page, (s) => s.history.length >= 2, 5000);
  // The pass text is readable in the dark theme: at least 4.5:1 against its panel.
  await chooseSetting(page, '#theme', 'dark');
  const [fg, bg] = await page.evaluate(() => [getComputedStyle(document.querySelector('.movelist .pass')).color, getComputedStyle(document.querySelector('.panel')).backgroundColor]);
  const ratio = contrast(rgbOf(fg), rgbOf(bg));
  assert.ok(ratio >= 4.5, `pass text contrast ${ratio.toFixed(2)}`);
  assertClean(problems);
  await context.close();
});

test('after a jump back the page says what is true, and play resumes in one step', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 1, white: 1 });
  for (let i = 0; i < 2; i++) {
    const s = await waitFor(page, (t) => t.toMove === 1 && t.history.length === 2 * i);
    await clickSquare(page, s.legal[0]);
  }
  await waitFor(page, (s) => s.history.length === 4 && s.toMove === 1);
  await page.click('#movelist li:first-child button');
  assert.equal(await page.textContent('#status'), 'Viewing move 1 of 4');
  assert.match(await page.textContent('#viewing-note'), /The computer waits/);
  assert.ok(await page.isHidden('#thinking'), 'no spinner while nothing is thought');
  await page.waitForTimeout(800);
  assert.equal((await state(page)).history.length, 1, 'the computer waits');
  await page.click('#back-to-game');
  assert.equal((await state(page)).history.length, 4);
  assert.ok(await page.isHidden('#viewing-bar'));
  await page.click('#movelist li:first-child button');
  await page.click('#continue-here');
  const s = await waitFor(page, (t) => t.history.length === 2);
  const full = await page.evaluate(() => { const g = window.reversiApp.game.clone(); let n = 0; while (g.redo()) n++; g.free(); return n; });
  assert.equal(full, 0, 'the line goes on from move 1');
  assert.equal(s.toMove, 1);
  assertClean(problems);
  await context.close();
});

test('rules open at the top, the move list follows the game, levels have names, the computer speaks plainly', async () => {
  const { page, context, problems } = await openGame(env);
  await page.click('#rules-btn');
  assert.equal(await page.evaluate(() => document.querySelector('#rules-dialog').scrollTop), 0);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rules-title');
  await page.click('#rules-dialog .close');
  // A whole game: its last move stays in view in the list.
  const transcript = await page.evaluate(() => {
    const g = window.reversiApp.game.clone();
    while (!g.isOver()) g.play(g.legalMoves()[0]);
    const t = g.transcript();
    g.free();
    return t;
  });
  await newGameVia(page, { mode: 'hh' });
  await load(page, transcript);
  // The list scrolls in the task after the next frame (movelist.js, #scrollSoon).
  const visible = await page.waitForFunction(() => {
    const list = document.querySelector('#movelist').getBoundingClientRect();
    const current = document.querySelector('#movelist [aria-current=step]')?.getBoundingClientRect();
    return current && current.top >= list.top - 1 && current.bottom <= list.bottom + 1;
  }, null, { timeout: 5000 }).then(() => true, () => false);
  assert.ok(visible, 'the current move is in view');
  await page.click('#result-dialog .close'); // the loaded game is over
  await page.click('#new-game');
  // Each level with its rating on the ladder, as the engine gives it.
  const ratings = await page.evaluate(() => window.reversiApp.engine.levelRatings());
  assert.equal(ratings.length, 18);
  assert.ok(ratings.slice(0, 17).every((r, i) => i === 0 || r > ratings[i - 1]), `ratings rise level by level: ${ratings}`);
  assert.equal(await page.textContent('#level-black option[value="1"]'), `Level 1 – first steps · ≈${ratings[0]}`);
  assert.equal(await page.textContent('#level-black option[value="18"]'), 'Level 18 – champion · by the clock');
  await page.click('#new-dialog .close');
  await newGameVia(page, { mode: 'hc', color: 2, black: 5 });
  await waitFor(page, (s) => s.history.length >= 1);
  await page.waitForFunction(() => document.querySelector('#ai-status').textContent.length > 0);
  const said = await page.textContent('#ai-status');
  assert.match(said, /^Computer played [a-h][1-8]: The computer/);
  assert.doesNotMatch(said, /depth|score/);
  assert.match(await page.textContent('#ai-detail'), /depth|opening book/);
  assertClean(problems);
  await context.close();
});

test('on a 390×844 phone the board starts near the top in every language, nothing is clipped, big boards keep 36 px cells', async () => {
  for (const lang of ['en', 'ru', 'hu']) {
    for (const theme of ['light', 'dark']) {
      const { page, context, problems } = await openGame(env, { viewport: { width: 390, height: 844 } });
      await chooseSetting(page, '#lang', lang);
      await chooseSetting(page, '#theme', theme);
      const box = await page.locator('#board').boundingBox();
      assert.ok(box.y <= 64, `${lang}: the board starts ${box.y}px down`);
      assert.ok(box.width >= 380, `${lang}: the board is ${box.width}px wide`);
      const panel = await page.locator('.panel').boundingBox();
      assert.ok(panel.width >= box.width - 16, `${lang}: the panel is as wide as the board (${panel.width} vs ${box.width})`);
      const supply = await page.locator('#supply-black').evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '16'));
      assert.ok(supply < 1.5, `${lang}: "Supply" stays on one line`);
      saveArtifact(`phone-${lang}-${theme}.png`, await page.screenshot());
      await page.click('#new-game');
      const clipped = await page.evaluate(() => {
        const d = document.querySelector('#new-dialog').getBoundingClientRect();
        return [...document.querySelectorAll('#new-dialog select')].filter((s) => s.offsetParent && s.getBoundingClientRect().right > d.right - 4).map((s) => s.id);
      });
      assert.deepEqual(clipped, [], `${lang}: selects inside the dialog`);
      if (theme === 'light') saveArtifact(`phone-${lang}-new-game.png`, await page.screenshot());
      await page.click('#new-dialog .close');
      assertClean(problems);
      await context.close();
    }
  }
  for (const variant of ['10x10', 'eight-star']) {
    const { page, context } = await openGame(env, { viewport: { width: 390, height: 844 } });
    await newGameVia(page, { mode: 'hh', variant });
    const side = await page.evaluate(() => {
      const c = window.reversiApp.squareCenter(0);
      const d = window.reversiApp.squareCenter(1);
      return d.x - c.x;
    });
    assert.ok(side >= 36, `${variant}: cells of ${side.toFixed(1)} px`);
    await context.close();
  }
});

/** Contrast of drawn pixels: a legal-move dot against the board beside it. */
async function dotContrast(page, sq) {
  const [dot, board] = await drawnPixels(page, sq, [[0, 0], [0.3, 0.3]]);
  return contrast(dot, board);
}

test('legal-move dots and hints are clearly visible, and axe finds no violation in either theme or any dialog', async () => {
  const axe = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  for (const theme of ['light', 'dark']) {
    const { page, context, problems } = await openGame(env);
    await chooseSetting(page, '#theme', theme);
    await newGameVia(page, { mode: 'hh' });
    const ratio = await dotContrast(page, 19);
    assert.ok(ratio >= 3, `${theme}: legal dot contrast ${ratio.toFixed(2)}`);
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelector('#grid [data-sq="19"]').getAttribute('aria-label').includes('hint'));
    await page.addScriptTag({ content: axe });
    const check = async (what) => {
      const v = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      assert.deepEqual(v, [], `${theme}, ${what}`);
    };
    await check('the page');
    for (const [open, dialog] of [['#new-game', '#new-dialog'], ['#rules-btn', '#rules-dialog'], ['#help-btn', '#help-dialog'], ['#settings-btn', '#settings-dialog'], ['#puzzles-btn', '#puzzle-dialog']]) {
      await page.click(open);
      await check(dialog);
      await page.click(`${dialog} .close`);
    }
    saveArtifact(`desktop-${theme}-hints.png`, await page.screenshot());
    assertClean(problems);
    await context.close();
  }
});

test('the engine\'s errors reach the page in its language', async () => {
  const { page, context, problems } = await openGame(env);
  await chooseSetting(page, '#lang', 'ru');
  await load(page, 'f5f5');
  assert.equal(await page.textContent('#message'), 'Не удалось прочитать: ход 2 (f5) недопустим для белых');
  await chooseSetting(page, '#lang', 'hu');
  await load(page, 'f5d6z9');
  assert.equal(await page.textContent('#message'), 'Nem olvasható: a(z) 3. lépés („z9”) nem mező');
  // The API keeps the English message, with a code and values for translating it.
  const err = await page.evaluate(() => { try { window.reversiApp.engine.Game.fromText('f5f5'); } catch (e) { return { message: e.message, code: e.code, params: e.params, isError: e instanceof Error }; } return null; });
  assert.deepEqual(err, { message: "move 2 'f5' is illegal for White", code: 'illegal-move', params: { number: 2, square: 'f5', player: 'white' }, isError: true });
  assertClean(problems);
  await context.close();
});

test('the review shows its progress move by move and can be stopped', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  const transcript = await page.evaluate(() => {
    const g = window.reversiApp.game.clone();
    while (!g.isOver()) g.play(g.legalMoves()[g.legalMoves().length - 1]);
    const t = g.transcript();
    g.free();
    return t;
  });
  await load(page, transcript);
  await page.click('#result-dialog .close');
  // Every status the review shows, as it shows it; and Stop pressed from the page the
  // moment the first move's progress shows, with the button's label then, so that the
  // review cannot end first however quick it is or however loaded the machine (a
  // press from the test raced its end).
  await page.evaluate(() => {
    window.__statuses = [];
    window.__labels = [];
    const el = document.querySelector('#review-status');
    const btn = document.querySelector('#review-btn');
    new MutationObserver(() => {
      window.__statuses.push(el.textContent);
      if (/^Reviewing… [1-9]\d* of \d+ moves/.test(el.textContent) && !window.__labels.length) {
        window.__labels.push(btn.textContent);
        btn.click();
      }
    }).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await page.click('#review-btn');
  await page.waitForFunction(() => document.querySelector('#review-status').textContent.startsWith('Review stopped after'), null, { timeout: 60000 })
    .catch(async (err) => assert.fail(`${err.message}; statuses seen: ${JSON.stringify(await page.evaluate(() => window.__statuses))}`));
  assert.deepEqual(await page.evaluate(() => window.__labels), ['Stop the review']);
  assert.match(await page.textContent('#review-status'), /^Review stopped after \d+ of \d+ moves\.$/);
  // Its progress was shown move by move on the way.
  const seen = await page.evaluate(() => window.__statuses.filter((s) => s.startsWith('Reviewing')));
  assert.ok(seen.length >= 2 && seen[0].startsWith('Reviewing… 0 of'), JSON.stringify(seen));
  assert.equal(await page.textContent('#review-btn'), 'Review the game');
  assert.equal((await state(page)).transcript, transcript, 'the game is untouched');
  assertClean(problems);
  await context.close();
});

test('a new game can start from a random balanced opening whose deep score is within two discs', async () => {
  const { page, context, problems } = await openGame(env);
  await page.click('#new-game');
  await page.check('#balanced-start');
  await page.check('#new-dialog input[name=mode][value=hh]');
  await page.click('#new-start');
  const s = await state(page);
  const starts = await page.evaluate(() => window.reversiApp.engine.Game.balancedStarts());
  const listed = starts.find((x) => x.transcript === s.transcript);
  assert.ok(listed, `the game starts with a listed opening: ${s.transcript}`);
  assert.ok(s.transcript.length >= 12 && s.transcript.length <= 20, 'six to ten moves');
  assert.match(await page.textContent('#message'), /^A balanced opening of \d+ moves has been played for you\./);
  // The score at the depth that made the list, computed here by the engine in the page
  // (with the learned weights, which the page's own wasm leaves to the AI worker).
  const score = await page.evaluate(async (t) => {
    const e = window.reversiApp.engine;
    e.loadWeights(new Uint8Array(await (await fetch('/data/eval.weights')).arrayBuffer()));
    const g = e.Game.fromTranscript(t);
    const r = g.search({ depth: 12, exactEmpties: 0 });
    g.free();
    return r.score;
  }, s.transcript);
  assert.ok(Math.abs(score) <= 2, `depth-12 score ${score}`);
  assert.ok(Math.abs(score - listed.score) < 0.01, `the engine in the page agrees with the list: ${score} vs ${listed.score}`);
  // The choice is remembered for the next game.
  await page.click('#new-game');
  assert.ok(await page.isChecked('#balanced-start'));
  assertClean(problems);
  await context.close();
});

/** Plays `count` moves (the first legal one each time) by clicking the board. */
async function playSome(page, count) {
  for (let i = 0; i < count; i++) {
    const s = await state(page);
    await clickSquare(page, s.legal[0]);
    await waitFor(page, (t) => t.history.length > s.history.length);
  }
}

test('a link carries the game and the move viewed, for every variant; a cut-off link is refused and loses nothing', async () => {
  for (const variant of ['othello', 'classic', '4x4', '10x10', 'eight-star']) {
    const { page, context, problems } = await openGame(env);
    await newGameVia(page, { mode: 'hh', variant });
    await playSome(page, 5);
    const full = await state(page);
    await page.click('#movelist li:nth-child(3) button'); // view move 3
    await page.click('details.io summary');
    await page.click('#copy-link');
    const link = await page.inputValue('#import-text');
    assert.match(link, new RegExp(`^${env.server.url}/#v=${variant}&m=[a-j0-9]+&n=5&at=3$`));
    const other = await context.newPage();
    await other.goto(link);
    await other.waitForSelector('body.ready');
    const opened = await other.evaluate(() => {
      const g = window.reversiApp.game;
      const f = g.clone();
      while (f.redo());
      const r = { variant: g.variant(), viewing: g.history().filter((h) => h.square >= 0).length, transcript: f.transcript() };
      f.free();
      return r;
    });
    assert.deepEqual(opened, { variant, viewing: 3, transcript: full.transcript }, variant);
    assert.equal(await other.textContent('#status'), 'Viewing move 3 of 5');
    assert.equal(new URL(other.url()).hash, '', 'the link is consumed: a reload shows the saved game');
    if (variant === 'othello') {
      // The same link cut short: refused with a message; the saved game is one click away.
      await other.goto(link.slice(0, -9));
      await other.waitForSelector('body.ready');
      assert.match(await other.textContent('#message'), /^This link could not be opened: it is cut short/);
      assert.equal((await state(other)).history.length, 0);
      await other.click('#bring-back');
      assert.equal((await state(other)).transcript.slice(0, 6), full.transcript.slice(0, 6));
    }
    assertClean(problems);
    await context.close();
  }
});

test('<reversi-board link> opens the same link', async () => {
  const { page, context, problems } = await openGame(env);
  await page.goto(`${env.server.url}/www/examples/`);
  await page.waitForFunction(() => document.querySelector('#first')?.game);
  await page.evaluate(() => {
    const b = document.createElement('reversi-board');
    b.id = 'linked';
    b.setAttribute('mode', 'human-human');
    b.setAttribute('link', 'https://example.org/reversi/#v=6x6&m=c2b2b3&n=3');
    document.body.append(b);
  });
  await page.waitForFunction(() => document.querySelector('#linked')?.game?.transcript() === 'c2b2b3');
  assert.equal(await page.evaluate(() => document.querySelector('#linked').game.variant()), '6x6');
  assertClean(problems);
  await context.close();
});

test('a steady pace, messages that go away, a graph that says what it shows and follows the theme, a visible disc icon', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 1, white: 1 });
  await load(page, 'f5d6c3');
  assert.match(await page.textContent('#message'), /^Game loaded\./);
  // The computer (level 1) finds its move at once; it still waits 450 ms and more.
  const s = await waitFor(page, (t) => t.toMove === 1);
  // Measured from the click (the move is made in its handler, so it comes no sooner) to
  // the first frame that shows the reply (no later than the reply): a lower bound that a
  // loaded machine cannot break.
  await page.evaluate(() => {
    window.__times = {};
    const n = window.reversiApp.game.history().length;
    document.addEventListener('click', () => { window.__times.click ??= performance.now(); }, { capture: true });
    const tick = () => {
      if (window.reversiApp.game.history().length >= n + 2) window.__times.reply = performance.now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await clickSquare(page, s.legal[0]);
  await page.waitForFunction(() => window.__times.reply !== undefined);
  const { click, reply } = await page.evaluate(() => window.__times);
  assert.ok(click !== undefined, 'the move was made by a click');
  assert.ok(reply - click >= 450, `the reply came ${Math.round(reply - click)} ms after the move`);
  assert.equal(await page.textContent('#message'), '', 'the load message went away when the game moved on');
  // The graph: labelled, and redrawn in the colours of the theme.
  await page.waitForFunction(() => Number(document.querySelector('#graph').dataset.points) >= 2, null, { timeout: 20000 });
  assert.match(await page.getAttribute('#graph', 'aria-label'), /\w/, 'the graph says what it shows');
  assert.match(await page.textContent('#graph .top'), /Black/);
  // What the graph is drawn in: its line, its points, the move shown, its labels.
  const graphColours = () => page.evaluate(() => ['.line', '.dot', '.current', '.axis', '.top'].map((sel) => {
    const cs = getComputedStyle(document.querySelector(`#graph ${sel}`));
    return sel === '.top' ? cs.color : cs.stroke;
  }).join(' '));
  const light = await graphColours();
  await chooseSetting(page, '#theme', 'dark');
  const dark = await graphColours();
  assert.notEqual(dark, light, 'switching theme redraws the graph in the dark colours');
  // The points stand out from the panel they are drawn on (3:1 for a graphic).
  const [dot, panel] = await page.evaluate(() => [getComputedStyle(document.querySelector('#graph .dot')).stroke, getComputedStyle(document.querySelector('.panel')).backgroundColor]);
  assert.ok(contrast(rgbOf(dot), rgbOf(panel)) >= 3, `graph points ${dot} on ${panel}`);
  // The black disc icon stands out from its card in the dark theme (3:1 for a graphic).
  const [ring, card] = await page.evaluate(() => [getComputedStyle(document.querySelector('#player-black .disc')).outlineColor, getComputedStyle(document.querySelector('#player-black')).backgroundColor]);
  assert.ok(contrast(rgbOf(ring), rgbOf(card)) >= 3, `icon ring ${ring} on ${card}`);
  assertClean(problems);
  await context.close();
});

test('every text of the page is there in every language file, with the same placeholders', async () => {
  // One file per language in www/lang/; English is the reference.
  const dir = path.join(ROOT, 'www', 'lang');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js')).sort();
  assert.deepEqual(files, ['en.js', 'hu.js', 'ru.js']);
  const { MESSAGES, LANGUAGES } = await import('../../www/i18n.js');
  assert.deepEqual(Object.keys(MESSAGES).sort(), Object.keys(LANGUAGES).sort(), 'the page offers every language it has');
  const { messages: en } = await import(pathToFileURL(path.join(dir, 'en.js')).href);
  const holes = (v) => (typeof v === 'string' ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : []);
  for (const file of files.filter((f) => f !== 'en.js')) {
    const lang = file.slice(0, -3);
    const { messages } = await import(pathToFileURL(path.join(dir, file)).href);
    assert.equal(MESSAGES[lang], messages, `i18n.js serves ${file}`);
    for (const [key, text] of Object.entries(en)) {
      assert.ok(key in messages, `${lang} has '${key}'`);
      assert.equal(typeof messages[key], typeof text, `${lang} '${key}' is a ${Array.isArray(text) ? 'list' : typeof text}`);
      // A translation may leave out a value English needs only for its grammar.
      const missing = holes(text).filter((h) => h !== 'discs' && !holes(messages[key]).includes(h));
      assert.deepEqual(missing, [], `${lang} '${key}' keeps every value`);
    }
  }
});
