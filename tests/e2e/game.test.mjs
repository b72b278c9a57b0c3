// The game page end to end in headless Chromium.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, chooseSetting, clickSquare, newGameVia, openGame, saveArtifact, startAll, state, waitFor } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

test('a whole game against the computer, by clicking the canvas, to the result dialog', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 1, white: 1 });
  let moves = 0;
  for (;;) {
    const s = await waitFor(page, (s) => s.over || s.toMove === 1);
    if (s.over) break;
    // Prefer a corner or the move that comes first: any legal move will do.
    await clickSquare(page, s.legal[0]);
    await waitFor(page, (t) => t.history.length > s.history.length);
    moves++;
  }
  assert.ok(moves >= 10, `played ${moves} moves`);
  await page.waitForSelector('#result-dialog[open]');
  const s = await state(page);
  const r = s.result;
  const shown = await page.textContent('#result-text');
  // The person played Black against the computer: the result says who that was.
  const expected = r.winner === 0 ? `Draw ${r.black}–${r.white}` : `${r.winner === 1 ? 'You won!' : 'You lost.'} ${r.winner === 1 ? 'Black' : 'White'} wins ${r.black}–${r.white}`;
  assert.equal(shown, expected);
  assert.equal(r.black + r.white, 64);
  // Closed, the dialog leaves the result in the panel, with the count and the official score.
  await page.click('#result-dialog .close');
  assert.equal(await page.textContent('#status'), expected);
  const score = await page.evaluate(() => window.reversiApp.game.score());
  assert.equal(await page.textContent('#result-line'), `On the board: Black ${score.black}, White ${score.white}, empty ${score.empty} (empty squares go to the winner).`);
  assertClean(problems);
  await context.close();
});

test('an imported position with a forced pass shows the message and play goes on', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  // White to move has no move: White passes, Black plays on.
  const board = 'XO------' + '-'.repeat(48) + '------OX O';
  await page.click('details.io summary');
  await page.fill('#import-text', board);
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#pass-message').textContent.includes('White has no legal move'));
  let s = await state(page);
  assert.equal(s.toMove, 1);
  assert.deepEqual(s.legal, [2, 61]);
  await clickSquare(page, 2);
  s = await waitFor(page, (t) => t.history.length >= 2);
  assert.equal(s.history[1].square, 2);
  // White must pass again; Black plays on to the end.
  assert.deepEqual(s.legal, [61]);
  await clickSquare(page, 61);
  s = await waitFor(page, (t) => t.over);
  await page.waitForSelector('#result-dialog[open]');
  assert.equal(await page.textContent('#result-text'), 'Black wins 64–0');
  assertClean(problems);
  await context.close();
});

test('undo, redo, hints, a bad import, and export then import', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hc', color: 1, white: 3 });
  await clickSquare(page, 37); // f5
  let s = await waitFor(page, (t) => t.toMove === 1 && t.history.length === 2);
  await clickSquare(page, s.legal[0]);
  s = await waitFor(page, (t) => t.toMove === 1 && t.history.length === 4);
  const before = s.transcript;
  // Undo goes back to the person's previous turn: two plies.
  await page.click('#undo');
  s = await waitFor(page, (t) => t.history.length === 2);
  assert.equal(s.toMove, 1);
  await page.click('#redo');
  s = await waitFor(page, (t) => t.history.length === 4);
  assert.equal(s.transcript, before);
  // Hints: one score drawn per legal move.
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#message').textContent === '');
  const hints = await page.evaluate(() => {
    const g = window.reversiApp.game;
    return g.legalMoves().length;
  });
  assert.ok(hints > 0);
  // A bad transcript: a message, and the game unchanged.
  await page.click('details.io summary');
  await page.fill('#import-text', 'f5d6c3d3c4f4c5b3c2e6c6h9');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes("move 12 'h9' is not a square"));
  assert.equal((await state(page)).transcript, before);
  // Export the board, change the game, import it back: the same position.
  await page.click('#copy-board');
  const exported = await page.inputValue('#import-text');
  assert.equal(exported, s.board);
  await newGameVia(page, { mode: 'hh' });
  assert.notEqual((await state(page)).board, exported);
  await page.fill('#import-text', exported);
  await page.click('#load-btn');
  s = await waitFor(page, (t) => t.board === exported);
  // And a transcript round trip.
  await page.fill('#import-text', 'f5 d6 C3');
  await page.click('#load-btn');
  s = await waitFor(page, (t) => t.transcript === 'f5d6c3');
  // The opening's name is shown as the game goes.
  await page.fill('#import-text', 'f5d6c3d3c4');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#opening').textContent === 'Opening: Tiger');
  await page.fill('#import-text', 'f5 d6 C3');
  await page.click('#load-btn');
  s = await waitFor(page, (t) => t.transcript === 'f5d6c3');
  await page.click('#copy-transcript');
  assert.equal(await page.inputValue('#import-text'), 'f5d6c3');
  assertClean(problems);
  await context.close();
});

test('a reload restores the game; corrupt storage gives a fresh game without errors', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await clickSquare(page, 37);
  await waitFor(page, (t) => t.history.length === 1);
  await clickSquare(page, 43);
  const s = await waitFor(page, (t) => t.history.length === 2);
  await page.reload();
  await page.waitForSelector('body.ready');
  const r = await state(page);
  assert.equal(r.transcript, s.transcript);
  assert.equal(r.board, s.board);
  assertClean(problems);
  await context.close();

  for (const junk of ['{not json', '{"version":1,"settings":{"mode":"zz"},"game":{"start":"nonsense","moves":[1,2,3],"redo":[]}}', '[]', '{"version":1,"game":{"start":null,"moves":[0],"redo":[]}}']) {
    const o = await openGame(env, { storage: junk });
    const t = await state(o.page);
    assert.equal(t.transcript, '', `fresh game for ${junk}`);
    assert.equal(t.toMove, 1);
    assertClean(o.problems);
    await o.context.close();
  }
});

test('the page stays responsive while the strongest level thinks', async () => {
  const { page, context, problems } = await openGame(env);
  // The computer plays Black at the top level. From the start it would answer from
  // the opening book at once, and it solves FFO-sized endgames quickly, so it gets a
  // middle-game position out of the book (38 empties) where it thinks for its full time.
  const top = await page.evaluate(() => document.querySelectorAll('#level-black option').length);
  await newGameVia(page, { mode: 'hc', color: 2, black: top });
  await page.click('details.io summary');
  const position = '----------O------OOOO----XOXOO----OOOO----OOXX----OOX-----XXXXX- X';
  const thinking = () => page.evaluate(() => !document.querySelector('#thinking').hidden);
  await page.fill('#import-text', position);
  await page.click('#load-btn');
  await page.waitForFunction(() => !document.querySelector('#thinking').hidden);
  // The search runs in the worker, so the main thread keeps drawing frames while it
  // thinks (counted for 1.5 s, or until it answers). No timing threshold (a loaded
  // machine may drop frames): a search on the main thread would block it from the
  // first frame to its answer, a frame or two in all.
  const seen = await page.evaluate(() => new Promise((resolve) => {
    let frames = 0;
    const start = performance.now();
    const tick = (now) => {
      frames += 1;
      const busy = !document.querySelector('#thinking').hidden;
      if (now < start + 1500 && busy) requestAnimationFrame(tick);
      else resolve({ frames, ms: now - start });
    };
    requestAnimationFrame(tick);
  }));
  const wanted = Math.min(15, Math.floor(seen.ms / 100));
  assert.ok(seen.frames >= wanted, `only ${seen.frames} frames in ${Math.round(seen.ms)} ms while the computer thought`);
  // A new game while it thinks cancels the search: its move is never played. (If it
  // has answered already, the same position sets it thinking again.)
  if (!(await thinking())) {
    await page.fill('#import-text', position);
    await page.click('#load-btn');
    await page.waitForFunction(() => !document.querySelector('#thinking').hidden);
  }
  await newGameVia(page, { mode: 'hh' });
  await page.waitForTimeout(300);
  assert.equal((await state(page)).transcript, '');
  assertClean(problems);
  await context.close();
});

test('keyboard-only play, grid labels and the live region', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  const label = (sq) => page.getAttribute(`#grid [data-sq="${sq}"]`, 'aria-label');
  assert.equal(await label(19), 'd3, empty, legal move');
  assert.equal(await label(27), 'd4, White');
  assert.equal(await label(0), 'a1, empty');
  await page.focus('#grid [data-sq="27"]');
  // d4 -> d3 with ArrowUp, play it with Enter.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  let s = await waitFor(page, (t) => t.history.length === 1);
  assert.equal(s.history[0].square, 19);
  await page.waitForFunction(() => document.querySelector('#live').textContent.includes('Black plays d3, flipping 1.'));
  // White: c3 is a legal reply; from d3 press ArrowLeft and Space.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press(' ');
  s = await waitFor(page, (t) => t.history.length === 2);
  assert.equal(s.history[1].square, 18);
  // Shortcut: u undoes.
  await page.keyboard.press('u');
  s = await waitFor(page, (t) => t.history.length === 1);
  assert.equal(await page.getAttribute('#grid', 'role'), 'grid');
  assert.equal(await page.locator('#grid [role=gridcell]').count(), 64);
  for (const id of ['#new-game', '#undo', '#redo', '#hint', '#lang', '#theme', '#sound', '#show-legal']) {
    const name = await page.locator(id).evaluate((el) => el.labels?.[0]?.textContent || el.getAttribute('aria-label') || el.textContent);
    assert.ok(name && name.trim(), `${id} has a label`);
  }
  assertClean(problems);
  await context.close();
});

test('switching language changes the visible texts', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  assert.equal(await page.textContent('#new-game'), 'New game');
  await chooseSetting(page, '#lang', 'ru');
  assert.equal(await page.textContent('#new-game'), 'Новая игра');
  assert.match(await page.textContent('#status'), /Ход: Чёрные/);
  await page.click('details.io summary');
  await page.fill('#import-text', 'f5d6c3d3c4');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#opening').textContent === 'Дебют: Тигр');
  await chooseSetting(page, '#lang', 'hu');
  assert.equal(await page.textContent('#new-game'), 'Új játék');
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.textContent('#new-game'), 'Új játék', 'the language is remembered');
  assertClean(problems);
  await context.close();
});

test('screenshots at phone and desktop sizes', async () => {
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 860 }]]) {
    const { page, context, problems } = await openGame(env, { viewport });
    await newGameVia(page, { mode: 'hh' });
    for (const sq of [37, 43, 34]) {
      await clickSquare(page, sq);
      await page.waitForTimeout(400);
    }
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.width > 200 && box.width <= viewport.width, `board fits: ${box.width}`);
    saveArtifact(`${name}.png`, await page.screenshot({ fullPage: true }));
    assertClean(problems);
    await context.close();
  }
});

test('the review: progress, one graph point per move, mistakes that jump to their position', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await page.click('details.io summary');
  // A Tiger line, then a move that gives away the a1 corner area for nothing.
  await page.fill('#import-text', 'f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3');
  await page.click('#load-btn');
  await waitFor(page, (t) => t.history.length === 19);
  // The graph fills in as the positions are scored in the background.
  await page.waitForFunction(() => document.querySelector('#graph').dataset.points === '19', null, { timeout: 60000 });
  await page.click('#review-btn');
  await page.waitForFunction(() => /Reviewed 19 moves/.test(document.querySelector('#review-status').textContent), null, { timeout: 60000 });
  assert.equal(await page.getAttribute('#graph', 'data-points'), '19');
  assert.match(await page.textContent('#review-status'), /Reviewed 19 moves/);
  const mistakes = await page.locator('#mistakes button').count();
  // Each move that lost a disc or more is marked in the move list.
  const marked = await page.locator('#movelist button.mistake, #movelist button.blunder').count();
  assert.ok(marked >= mistakes, `${marked} moves marked, ${mistakes} listed`);
  if (mistakes > 0) {
    const text = await page.textContent('#mistakes button');
    const n = Number(text.split('.')[0]);
    await page.click('#mistakes button');
    await waitFor(page, (t) => t.transcript.length === (n - 1) * 2);
    // Navigating within the reviewed line keeps the review.
    assert.equal(await page.getAttribute('#graph', 'data-points'), '19');
  }
  // A new move on another line clears it.
  await newGameVia(page, { mode: 'hh' });
  await page.waitForSelector('#graph[hidden]', { state: 'attached' });
  assertClean(problems);
  await context.close();
});

test('records: GGF export and import, a list of games, and the board as an image', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await page.click('details.io summary');
  await page.fill('#import-text', 'f5d6c3d3c4f4');
  await page.click('#load-btn');
  const before = await waitFor(page, (t) => t.transcript === 'f5d6c3d3c4f4');
  await page.click('#copy-ggf');
  const ggf = await page.inputValue('#import-text');
  assert.match(ggf, /^\(;GM\[Othello\].*PB\[Human\]PW\[Human\]RE\[\?\].*B\[F5\]W\[D6\]B\[C3\]W\[D3\]B\[C4\]W\[F4\];\)$/);
  await newGameVia(page, { mode: 'hh' });
  await page.fill('#import-text', ggf);
  await page.click('#load-btn');
  await waitFor(page, (t) => t.board === before.board && t.transcript === before.transcript);
  // Two games pasted at once: the first is loaded, the second can be chosen.
  await page.fill('#import-text', 'f5d6c3\nf5f6e6f4');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('2 games read. Game loaded.'));
  await waitFor(page, (t) => t.transcript === 'f5d6c3');
  await page.selectOption('#game-list', '1');
  await waitFor(page, (t) => t.transcript === 'f5f6e6f4');
  // A list with a bad game names it and changes nothing.
  await page.fill('#import-text', 'f5d6\nf5f5');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes("game 2 of 2: move 2 'f5' is illegal for White"));
  assert.equal((await state(page)).transcript, 'f5f6e6f4');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-image')]);
  assert.match(download.suggestedFilename(), /^reversi-f5f6e6f4\.png$/);
  const png = await download.createReadStream();
  const chunks = [];
  for await (const c of png) chunks.push(c);
  const bytes = Buffer.concat(chunks);
  assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG file');
  assertClean(problems);
  await context.close();
});

test('the board editor sets up a position, refuses an impossible one, and play goes on from it', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await page.click('#edit-btn');
  await page.click('#edit-clear');
  await page.click('#edit-done');
  await page.waitForFunction(() => document.querySelector('#edit-message').textContent.includes('never empty in Othello'));
  assert.equal(await page.isVisible('#editor'), true, 'still editing');
  await page.click('#edit-start');
  // c4 empty -> black; a1 empty -> black -> white; White to move.
  await clickSquare(page, 26);
  await clickSquare(page, 0);
  await clickSquare(page, 0);
  await page.selectOption('#edit-side', 'O');
  // The player cards follow the position being set up, not the game behind it.
  const cards = await page.evaluate(() => ['#count-black', '#count-white', '#status'].map((s) => document.querySelector(s).textContent)
    .concat([document.querySelector('#player-white').classList.contains('active')]));
  assert.deepEqual(cards, ['3', '3', 'Set up a position', true]);
  await page.click('#edit-done');
  await page.waitForSelector('#editor', { state: 'hidden' });
  const expected = 'O' + '-'.repeat(25) + 'XOX' + '-'.repeat(6) + 'XO' + '-'.repeat(27) + ' O';
  let s = await waitFor(page, (t) => t.board === expected);
  assert.equal(s.toMove, 2);
  assert.ok(s.legal.length > 0);
  await clickSquare(page, s.legal[0]);
  s = await waitFor(page, (t) => t.history.length === 1);
  assert.equal(s.history[0].player, 2);
  // It survives a reload, started from the set-up position.
  await page.reload();
  await page.waitForSelector('body.ready');
  const r = await state(page);
  assert.equal(r.board, s.board);
  assertClean(problems);
  await context.close();
});
