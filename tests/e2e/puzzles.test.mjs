// Puzzles: answers graded as the solver says (the FFO set against the exact scores of
// the .obf files), progress that survives a reload, generated puzzles whose grade in
// the browser equals the answer the native solver stored, and playing one out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parsePuzzles } from '../../www/puzzles.js';
import { ROOT, assertClean, openGame, startAll, state } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const FFO = path.join(ROOT, 'data', 'ffo');
const PUZZLES = parsePuzzles(fs.readFileSync(path.join(ROOT, 'data', 'puzzles.bin')));

/** The .obf lines of FFO #1-#19: board, and the listed moves' exact scores. */
function ffoLines() {
  return fs.readFileSync(path.join(FFO, 'fforum-1-19.obf'), 'utf8').trim().split('\n').map((line) => {
    const [board, ...moves] = line.split(';').map((f) => f.trim()).filter(Boolean);
    return { board, scores: Object.fromEntries(moves.map((m) => [m.slice(0, 2).toLowerCase(), Number(m.slice(3))])) };
  });
}
const sq = (name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;

async function openPuzzles(page, theme) {
  await page.click('#puzzles-btn');
  await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
  if (theme) {
    await page.selectOption('#puzzle-theme', theme);
    await page.waitForFunction((t) => window.reversiApp.puzzles.current?.theme === t, theme);
  }
}

/** Answers by a click event on the puzzle board's cell, as a screen reader does. */
async function answer(page, square) {
  await page.evaluate((s) => document.querySelector(`#puzzle-grid [data-sq="${s}"]`).click(), square);
  await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 30000 });
  return page.evaluate(() => window.reversiApp.puzzles.grade);
}

test('an FFO puzzle graded as the .obf says, wrong then right; progress survives a reload', async () => {
  const { page, context, problems } = await openGame(env);
  const ffo = ffoLines();
  await openPuzzles(page, 'expert');
  // The expert set in its order: FFO #1 first.
  assert.equal(await page.evaluate(() => window.reversiApp.puzzles.current.board), ffo[0].board);
  assert.match(await page.textContent('#puzzle-task'), /^Puzzle 1 · Expert.* Black to move: find the best move\.$/);
  // A wrong answer: h1 scores +12 where g8 scores +18.
  const { g8, h1 } = ffo[0].scores;
  let g = await answer(page, sq('h1'));
  assert.deepEqual([g.right, g.exact, g.loss, g.best.move, g.best.score, g.played.score], [false, true, g8 - h1, sq('g8'), g8, h1]);
  assert.equal(await page.textContent('#puzzle-verdict'),
    `h1 loses ${g8 - h1} discs against the best move, g8. With g8 the side to move wins by ${g8}; with h1 it wins by ${h1} (exact, proven by the solver).`);
  assert.match(await page.textContent('#puzzle-line'), /^Best line: g8( [a-h][1-8])+$/);
  // Try again, by keyboard: the square's name typed on the board.
  await page.click('#puzzle-retry');
  await page.focus('#puzzle-grid [tabindex="0"]');
  await page.keyboard.type('g8');
  await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 30000 });
  g = await page.evaluate(() => window.reversiApp.puzzles.grade);
  assert.deepEqual([g.right, g.loss, g.best.score], [true, 0, g8]);
  assert.match(await page.textContent('#puzzle-verdict'), /^Right! g8 is the best move/);
  // Only a first answer counts: #1 stays unsolved. #2 answered right at once.
  assert.match(await page.textContent('#puzzle-progress'), /^Solved 0 of \d+ · streak 0/);
  await page.click('#puzzle-next');
  await page.waitForFunction((b) => window.reversiApp.puzzles.current.board === b, ffo[1].board);
  const [best2, score2] = Object.entries(ffo[1].scores)[0];
  g = await answer(page, sq(best2));
  assert.deepEqual([g.right, g.best.score], [true, score2]);
  assert.match(await page.textContent('#puzzle-progress'), /^Solved 1 of \d+ · streak 1 \(best 1\)$/);
  // After a reload: the same progress, the same theme, and #1 (unsolved) comes first.
  await page.reload();
  await page.waitForSelector('body.ready');
  await openPuzzles(page);
  assert.match(await page.textContent('#puzzle-progress'), /^Solved 1 of \d+ · streak 1/);
  assert.equal(await page.inputValue('#puzzle-theme'), 'expert');
  assert.equal(await page.textContent('#puzzle-theme option[value=expert]'), 'Expert (FFO)');
  assert.equal(await page.textContent('#puzzle-theme-progress'), 'This theme: 1 of 79 solved');
  assert.equal(await page.evaluate(() => window.reversiApp.puzzles.current.board), ffo[0].board);
  assertClean(problems);
  await context.close();
});

test('generated puzzles: the browser grades the stored answer as the native solver scored it; a midgame grade is an estimate', async () => {
  // Enough puzzles, in every theme, and each position legal with its side to move.
  const count = (theme) => PUZZLES.filter((p) => p.theme === theme).length;
  assert.ok(PUZZLES.length >= 2000, `${PUZZLES.length} puzzles`);
  for (const theme of ['finish', 'endgame', 'deep', 'midgame', 'only']) assert.ok(count(theme) >= 200, `${theme}: ${count(theme)}`);
  assert.equal(count('expert'), 79);
  const { page, context, problems } = await openGame(env);
  for (const theme of ['finish', 'deep', 'only']) {
    await openPuzzles(page, theme);
    const p = await page.evaluate(() => window.reversiApp.puzzles.current);
    const stored = PUZZLES[p.id];
    assert.equal(p.board, stored.board);
    const g = await answer(page, stored.best);
    assert.deepEqual([g.right, g.exact, g.best.score], [true, true, stored.score], `${theme} puzzle ${p.number}`);
    await page.click('#puzzle-dialog .close');
  }
  await openPuzzles(page, 'midgame');
  const p = await page.evaluate(() => window.reversiApp.puzzles.current);
  const legal = await page.evaluate((b) => Array.from(window.reversiApp.engine.Game.fromBoard(b).legalMoves()), p.board);
  const g = await answer(page, legal[0]);
  assert.equal(g.exact, false);
  assert.match(await page.textContent('#puzzle-verdict'), /an estimate of a deep search\)\.$/);
  assertClean(problems);
  await context.close();
});

test('corrupt progress starts afresh; an illegal answer is refused with its reason; a puzzle can be played out and the game it replaced brought back', async () => {
  const { page, context, problems } = await openGame(env);
  await page.evaluate(() => localStorage.setItem('reversi.puzzles', '{"v":1,"solved":"everything"'));
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.evaluate(() => document.querySelector('#grid [data-sq="37"]').click());
  await page.waitForFunction(() => window.reversiApp.game.history().length >= 1);
  await openPuzzles(page, 'finish');
  assert.match(await page.textContent('#puzzle-progress'), /^Solved 0 of \d+ · streak 0 \(best 0\)$/);
  const p = await page.evaluate(() => window.reversiApp.puzzles.current);
  const taken = p.board.indexOf('X');
  await page.evaluate((s) => document.querySelector(`#puzzle-grid [data-sq="${s}"]`).click(), taken);
  assert.match(await page.textContent('#puzzle-task'), /is already taken/);
  assert.equal(await page.evaluate(() => window.reversiApp.puzzles.grade), null);
  await page.click('#puzzle-play');
  assert.ok(await page.isHidden('#puzzle-dialog'));
  const s = await state(page);
  assert.equal(s.board, p.board);
  assert.equal(s.toMove, p.toMove);
  assert.equal(await page.textContent('#status'), `Your move (${p.toMove === 1 ? 'Black' : 'White'})`);
  await page.click('#undo');
  assert.equal((await state(page)).history.length >= 1, true, 'the game played before is back');
  assertClean(problems);
  await context.close();
});
