// The variants in the browser: a whole game of each against the computer, the board
// drawn at its size (Eight-Star without its corners), and records that refuse to load
// into another variant.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, chooseSetting, clickSquare, newGameVia, openGame, saveArtifact, startAll, state, waitFor } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const VARIANTS = [
  // id, squares per side, playable cells, who moves first
  ['classic', 8, 64, 2],
  ['4x4', 4, 16, 1],
  ['6x6', 6, 36, 1],
  ['6x6-parallel', 6, 36, 1],
  ['8x8-parallel', 8, 64, 1],
  ['10x10', 10, 100, 1],
  ['eight-star', 10, 88, 1],
];

for (const [id, size, cells, first] of VARIANTS) {
  test(`a whole game of ${id} against the computer, to the result dialog`, async () => {
    const { page, context, problems } = await openGame(env, { reducedMotion: 'reduce' });
    await newGameVia(page, { mode: 'hc', color: 1, white: 1, variant: id });
    const info = await page.evaluate(() => {
      const g = window.reversiApp.game;
      const h = g.history();
      // The computer may already have made the first move.
      return { variant: g.variant(), size: g.size(), board: Array.from(g.board()), first: h.length ? h[0].player : g.toMove() };
    });
    assert.equal(info.variant, id);
    assert.equal(info.size, size);
    assert.equal(info.board.filter((c) => c !== 3).length, cells);
    assert.equal(info.first, first);
    assert.match(await page.textContent('#opening'), /^Playing: /);
    // The ARIA grid follows the board.
    assert.equal(await page.locator('#grid [role=gridcell]').count(), size * size);
    if (id === 'eight-star') {
      // a1 is not on the board: clicking it changes nothing.
      await clickSquare(page, 0);
      assert.equal((await state(page)).history.length, 0);
    }
    let shot = false;
    for (;;) {
      const s = await waitFor(page, (t) => t.over || t.toMove === 1, 60000);
      if (s.over) break;
      await clickSquare(page, s.legal[s.legal.length - 1]);
      await waitFor(page, (t) => t.history.length > s.history.length, 60000);
      if (!shot && s.history.length >= 6) {
        saveArtifact(`variant-${id}.png`, await page.locator('#board').screenshot());
        shot = true;
      }
    }
    await page.waitForSelector('#result-dialog[open]');
    const s = await state(page);
    const r = s.result;
    // The person played Black: the result says whether they won.
    const expected = r.winner === 0 ? `Draw ${r.black}–${r.white}` : `${r.winner === 1 ? 'You won!' : 'You lost.'} ${r.winner === 1 ? 'Black' : 'White'} wins ${r.black}–${r.white}`;
    assert.equal(await page.textContent('#result-text'), expected);
    // Empty squares go to the winner: the official score covers every cell.
    assert.equal(r.black + r.white, id === 'classic' ? r.black + r.white : cells);
    if (id === 'classic') {
      const score = await page.evaluate(() => window.reversiApp.game.score());
      assert.ok(score.black + score.white <= 60, 'classic Reversi has 30 discs a side');
    }
    // The record names the variant and reloads as the same game.
    const record = await page.evaluate(() => window.reversiApp.game.record());
    assert.ok(record.startsWith(`[${id}] `), record);
    await page.reload();
    await page.waitForSelector('body.ready');
    assert.equal((await state(page)).board, s.board, 'the finished game is restored after a reload');
    assertClean(problems);
    await context.close();
  });
}

test('records of one variant refuse to load into another, with a clear message', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  // Imported on the page, a tagged record opens its own variant.
  await page.click('details.io summary');
  await page.fill('#import-text', '[6x6] c2');
  await page.click('#load-btn');
  await page.waitForFunction(() => window.reversiApp.game.variant() === '6x6');
  assert.equal(await page.evaluate(() => window.reversiApp.game.transcript()), 'c2');
  // An embedded Eight-Star board refuses a 6×6 record and says why.
  const message = await page.evaluate(async () => {
    await import('/www/element.js');
    const el = document.createElement('reversi-board');
    el.setAttribute('variant', 'eight-star');
    el.setAttribute('mode', 'human-human');
    el.setAttribute('transcript', '[6x6] c2');
    document.body.append(el);
    for (let i = 0; i < 100 && !el.game; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
    const text = el.shadowRoot.querySelector('.error').textContent;
    const variant = el.game.variant();
    el.remove();
    return { text, variant };
  });
  assert.equal(message.text, 'transcript: this record is for 6×6 Othello, not Eight-Star Othello');
  assert.equal(message.variant, 'eight-star', 'the board starts the variant it was asked for');
  // A bad variant record on the page is refused and the game stays.
  await page.fill('#import-text', '[6x6] c2 z9');
  await page.click('#load-btn');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes("'z9' is not a square"));
  assert.equal(await page.evaluate(() => window.reversiApp.game.transcript()), 'c2');
  assertClean(problems);
  await context.close();
});

test('the rules panel describes the variants, in every language', async () => {
  const { page, context, problems } = await openGame(env);
  await page.click('#rules-btn');
  const text = await page.textContent('#rules-body');
  assert.match(text, /Classic Reversi.*30 discs.*cannot outflank passes/s);
  assert.match(text, /Eight-Star/);
  await page.click('#rules-dialog .close');
  await chooseSetting(page, '#lang', 'hu');
  await page.click('#new-game');
  const options = await page.$$eval('#variant option', (os) => os.map((o) => o.textContent));
  assert.ok(options.includes('Klasszikus reversi') && options.includes('10 × 10, párhuzamos kezdés'), options.join(' | '));
  assertClean(problems);
  await context.close();
});

/** A record of `id` made by playing the first legal move `n` times (by the page's engine). */
async function firstMovesRecord(page, id, n) {
  return page.evaluate(({ id, n }) => {
    const g = new window.reversiApp.engine.Game(id);
    for (let i = 0; i < n && !g.isOver(); i++) g.play(g.legalMoves()[0]);
    const record = g.record();
    g.free();
    return record;
  }, { id, n });
}

for (const [id, moves, exact] of [['6x6', 24, true], ['eight-star', 16, false]]) {
  test(`hints and the review on ${id}: the same search as 8×8, values on every legal cell`, async () => {
    const { page, context, problems } = await openGame(env);
    await newGameVia(page, { mode: 'hh', variant: id });
    const record = await firstMovesRecord(page, id, moves);
    await page.click('details.io summary');
    await page.fill('#import-text', record);
    await page.click('#load-btn');
    await waitFor(page, (t) => t.history.length >= moves);
    // Hints: every legal cell valued, deepening live, each with its line.
    await page.check('#analysis-toggle');
    await page.waitForFunction(() => (window.reversiApp.analysis?.depths.length ?? 0) >= 2 || window.reversiApp.analysis?.done, null, { timeout: 60000 });
    const a = await page.evaluate(() => window.reversiApp.analysis);
    const legal = await page.evaluate(() => Array.from(window.reversiApp.game.legalMoves()));
    assert.deepEqual(a.scores.map((m) => m.move).sort((x, y) => x - y), legal);
    assert.ok(a.scores.every((m) => m.pv[0] === m.move));
    assert.equal(a.scores.every((m) => m.exact), exact, exact ? 'within the solver\'s reach every value is proven' : 'estimates are not marked exact');
    // The numbers are the engine's own analysis of that position.
    const depth = exact ? a.depths[0] : 2;
    const same = await page.evaluate(({ position, depth }) => {
      const g = window.reversiApp.engine.Game.fromBoard(position);
      const out = g.analyze({ depth, exactEmpties: 18 });
      g.free();
      return out;
    }, { position: a.position, depth });
    assert.deepEqual((a.byDepth[depth] ?? a.scores).map((m) => [m.move, m.score, m.exact]), same.map((m) => [m.move, m.score, m.exact]));
    const best = a.scores[0];
    const label = await page.getAttribute(`#grid [data-sq="${best.move}"]`, 'aria-label');
    assert.match(label, exact ? /hint [+−-]?\d+, exact, best move$/ : /hint [+−-]?\d+(\.\d)?, best move$/);
    await page.uncheck('#analysis-toggle');
    // The review: every move scored, one graph point per move.
    assert.equal(await page.isDisabled('#review-btn'), false);
    await page.click('#review-btn');
    await page.waitForFunction((n) => new RegExp(`Reviewed ${n} moves|No move lost`).test(document.querySelector('#review-status').textContent), moves, { timeout: 120000 });
    assert.equal(await page.getAttribute('#graph', 'data-points'), String(moves));
    const review = await page.evaluate(() => window.reversiApp.review?.moves);
    assert.equal(review.length, moves);
    assert.ok(review.every((m) => m.loss >= 0 && m.bestScore >= m.playedScore));
    saveArtifact(`variant-${id}-review.png`, await page.screenshot({ fullPage: true }));
    assertClean(problems);
    await context.close();
  });
}

test('the board editor on 6×6 and Eight-Star: any size, cells off the board stay off, play goes on', async () => {
  const { page, context, problems } = await openGame(env);
  // [variant, cells a side, Black's disc, White's disc, the one legal move for Black]
  for (const [id, n, black, white, legal] of [['6x6', 6, 14, 15, 16], ['eight-star', 10, 2, 3, 4]]) {
    await newGameVia(page, { mode: 'hh', variant: id });
    assert.equal(await page.isDisabled('#edit-btn'), false);
    await page.click('#edit-btn');
    await page.click('#edit-clear');
    const cleared = await page.evaluate(() => window.reversiApp.game.board());
    await clickSquare(page, black); // empty -> black
    await clickSquare(page, white);
    await clickSquare(page, white); // empty -> black -> white
    if (id === 'eight-star') await clickSquare(page, 0); // a1 is not on the board
    await page.click('#edit-done');
    await page.waitForSelector('#editor', { state: 'hidden' });
    const s = await waitFor(page, (t) => t.history.length === 0 && t.board.includes('X'));
    const g = await page.evaluate(() => {
      const game = window.reversiApp.game;
      return { variant: game.variant(), board: Array.from(game.board()), legal: Array.from(game.legalMoves()), toMove: game.toMove() };
    });
    assert.equal(g.variant, id, 'the editor keeps the variant');
    assert.equal(g.board.length, n * n);
    const expected = Array.from(cleared, (c, i) => (c === 3 ? 3 : i === black ? 1 : i === white ? 2 : 0));
    assert.deepEqual(g.board, expected, 'only the clicked cells changed; cells off the board stayed off');
    // One Black disc beside one White disc: the only move is beyond the White one.
    assert.deepEqual([g.toMove, g.legal], [1, [legal]]);
    await clickSquare(page, legal);
    await waitFor(page, (t) => t.history.length === 1 && t.over);
    assert.ok(s.board.length > 0);
    // That move ends the game (White has no disc left): the result is shown.
    await page.waitForSelector('#result-dialog[open]');
    await page.click('#result-dialog .close');
  }
  assertClean(problems);
  await context.close();
});

test('GGF on the square variants: copied, loaded back as the same game; none for Eight-Star', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh', variant: '10x10-parallel' });
  const record = await firstMovesRecord(page, '10x10-parallel', 12);
  await page.click('details.io summary');
  await page.fill('#import-text', record);
  await page.click('#load-btn');
  await waitFor(page, (t) => t.history.length === 12);
  assert.equal(await page.isDisabled('#copy-ggf'), false);
  await page.click('#copy-ggf');
  const ggf = await page.inputValue('#import-text');
  assert.match(ggf, /^\(;GM\[Othello\].*TY\[10\]BO\[10 [-*O]{100} \*\](B|W)\[[A-J]\d+\]/);
  const before = await page.evaluate(() => window.reversiApp.game.transcript());
  await newGameVia(page, { mode: 'hh' });
  await page.fill('#import-text', ggf);
  await page.click('#load-btn');
  await page.waitForFunction(() => window.reversiApp.game.variant() === '10x10-parallel');
  assert.equal(await page.evaluate(() => window.reversiApp.game.transcript()), before);
  await newGameVia(page, { mode: 'hh', variant: 'eight-star' });
  assert.equal(await page.isDisabled('#copy-ggf'), true);
  assert.match(await page.getAttribute('#copy-ggf', 'title'), /square boards/);
  assertClean(problems);
  await context.close();
});
