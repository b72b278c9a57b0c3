// The player's rating: a finished game against the computer moves it as Glicko-2 says
// (the formula itself is checked against Glickman's example in rating.test.mjs), the
// record per level follows, a reload keeps both, an undone game does not count, a
// reset can be undone, export and import round-trip, bad input changes nothing, and
// damaged data starts afresh without losing the game.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LEVEL_RD, NEW_PLAYER, update } from '../../www/rating.js';
import { assertClean, openGame, playFirstMovesToEnd, startAll } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

// A person (Black) against level 1, which answers at once.
const STATE = JSON.stringify({ version: 1, settings: { mode: 'hc', humanColor: 1, levels: { 1: 1, 2: 1 }, lang: 'en', theme: 'light', sound: false }, game: null });

const stats = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.reversiApp.stats)));

test('a finished game moves the rating as Glicko-2 says, survives a reload; undone, reset, exported and imported', async () => {
  const { page, context, problems } = await openGame(env, { storage: STATE });
  assert.equal(await page.textContent('#rating-line'), 'Your rating: finish a game against the computer to get one.');
  await playFirstMovesToEnd(page);
  await page.waitForSelector('#result-dialog[open]');
  await page.click('#result-dialog .close');
  const result = await page.evaluate(() => window.reversiApp.game.result());
  const score = result.winner === 0 ? 0.5 : result.winner === 1 ? 1 : 0;
  const ratings = await page.evaluate(() => window.reversiApp.engine.levelRatings());
  const want = update(NEW_PLAYER, [{ rating: ratings[0], rd: LEVEL_RD, score }]);
  let s = await stats(page);
  assert.equal(s.games, 1);
  assert.deepEqual(s.record, { 1: [score === 1 ? 1 : 0, score === 0.5 ? 1 : 0, score === 0 ? 1 : 0] });
  assert.ok(Math.abs(s.player.rating - want.rating) < 1e-9 && Math.abs(s.player.rd - want.rd) < 1e-9, `${JSON.stringify(s.player)} against ${JSON.stringify(want)}`);
  const line = `Your rating: ${Math.round(want.rating)} ± ${Math.round(2 * want.rd)}`;
  assert.equal(await page.textContent('#rating-line'), line);
  // The dialog, opened by a click event as assistive technology sends it.
  await page.evaluate(() => document.querySelector('#stats-btn').click());
  await page.waitForSelector('#stats-dialog[open]');
  assert.equal(await page.textContent('#stats-rating'), `Your rating is ${Math.round(want.rating)} ± ${Math.round(2 * want.rd)} after 1 rated games.`);
  assert.deepEqual(await page.$$eval('#stats-table tbody tr', (rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent))), [['1 – first steps', ...s.record[1].map(String)]]);
  assert.match(await page.textContent('#stats-even'), /^An even game for you: level \d+ – .+\.$/);
  await page.click('#stats-dialog .close');

  // A reload keeps it.
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.deepEqual((await stats(page)).player, s.player);
  assert.equal(await page.textContent('#rating-line'), line);
  await page.click('#result-dialog .close'); // the restored game is over

  // Taken back, the game no longer counts; finished again, it counts again.
  await page.click('#undo');
  await page.waitForFunction(() => !window.reversiApp.game.isOver());
  s = await stats(page);
  assert.equal(s.games, 0);
  assert.deepEqual(s.player, { ...NEW_PLAYER });
  assert.deepEqual(s.record, {});
  await page.click('#redo');
  await page.waitForFunction(() => window.reversiApp.game.isOver());
  assert.equal((await stats(page)).games, 1);
  await page.waitForSelector('#result-dialog[open]');
  await page.click('#result-dialog .close');

  // A reset, and its undo.
  await page.evaluate(() => document.querySelector('#stats-btn').click());
  await page.click('#stats-reset');
  assert.equal((await stats(page)).games, 0);
  assert.equal(await page.textContent('#stats-message'), 'The statistics were reset. Undo brings them back.');
  await page.click('#stats-undo-reset');
  assert.equal((await stats(page)).games, 1);

  // Export, then bad imports change nothing; the exported text imports back.
  await page.click('#stats-export');
  const exported = await page.inputValue('#stats-text');
  const kept = await stats(page);
  for (const [text, msg] of [['', 'The box is empty: paste exported statistics first. Nothing was changed.'], ['{"reversiStats": {"v": 1, "player": "strong"}}', 'These are not statistics of this game. Nothing was changed.'], ['not json', 'These are not statistics of this game. Nothing was changed.']]) {
    await page.fill('#stats-text', text);
    await page.click('#stats-import');
    assert.equal(await page.textContent('#stats-message'), msg);
    assert.deepEqual(await stats(page), kept);
  }
  await page.click('#stats-reset');
  await page.fill('#stats-text', exported);
  await page.click('#stats-import');
  assert.equal(await page.textContent('#stats-message'), 'Statistics imported.');
  assert.deepEqual((await stats(page)).player, kept.player);
  assert.deepEqual((await stats(page)).record, kept.record);
  await page.click('#stats-dialog .close');

  // Damaged data starts afresh and says so; the game on the board stays.
  const board = await page.evaluate(() => window.reversiApp.game.toBoard());
  await page.evaluate(() => localStorage.setItem('reversi.stats', '{"v":1,"player":'));
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.click('#result-dialog .close');
  assert.equal((await stats(page)).games, 0);
  assert.equal(await page.evaluate(() => window.reversiApp.game.toBoard()), board);
  await page.evaluate(() => document.querySelector('#stats-btn').click());
  assert.equal(await page.textContent('#stats-message'), 'The saved statistics were damaged and start afresh; the game in progress is kept.');
  assertClean(problems);
  await context.close();
});

test('a game between two people is not rated, nor a position loaded from a record', async () => {
  const { page, context, problems } = await openGame(env, { storage: STATE.replace('"mode":"hc"', '"mode":"hh"') });
  for (;;) {
    const over = await page.evaluate(() => window.reversiApp.game.isOver());
    if (over) break;
    await page.evaluate(() => {
      const legal = window.reversiApp.game.legalMoves();
      if (legal.length) document.querySelector(`#grid [data-sq="${legal[0]}"]`).click();
    });
    await page.waitForTimeout(20);
  }
  await page.waitForSelector('#result-dialog[open]');
  assert.equal((await stats(page)).games, 0, 'a game between two people is not rated');
  assert.equal((await stats(page)).current.countable, false);
  // A record loaded against the computer is not rated either: it did not begin here.
  await page.click('#result-dialog .close');
  await page.click('details.io summary');
  await page.fill('#import-text', 'f5d6c3d3c4f4');
  await page.click('#load-btn');
  assert.equal((await stats(page)).current.countable, false);
  assertClean(problems);
  await context.close();
});
