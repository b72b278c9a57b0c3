// Every control shows its whole text, in every language and at a phone's and a
// desktop's width, on the page and in each dialog: measured, so that a longer
// translation later cannot cut it again. Nothing is off screen and the page is never
// wider than the screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertClean, openGame, startAll } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

const STATE = (lang) => JSON.stringify({ version: 1, settings: { lang, theme: 'light' }, game: null });
// Statistics with a row for the longest level names, so that the table is measured full.
const STATS = JSON.stringify({ v: 1, player: { rating: 1612, rd: 120, vol: 0.06 }, games: 9, record: { 6: [12, 10, 11], 7: [2, 0, 1], 11: [1, 1, 2] }, current: null });

/** In the page: every shown control whose text does not fit its box, or that lies
 *  outside the screen, described in a line. */
function problemsOnScreen(where) {
  const out = [];
  const ctx = document.createElement('canvas').getContext('2d');
  const root = document.querySelector('dialog[open]') ?? document.body;
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => `${where} ${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.tagName === 'SELECT' ? el.options[el.selectedIndex]?.text : el.textContent)?.trim().slice(0, 50)}"`;
  const width = document.documentElement.clientWidth;
  for (const el of root.querySelectorAll('button, select, label, summary, h2, th, td, .status, .note')) {
    if (!shown(el)) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > width + 1) out.push(`${name(el)} is off screen (${Math.round(r.left)}–${Math.round(r.right)} of ${width})`);
    // Inside its dialog's box too (a dialog may scroll, the text must not hide past its edge).
    const box = el.closest('dialog')?.getBoundingClientRect();
    if (box && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`${name(el)} sticks out of its dialog (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`);
    if (el.tagName === 'SELECT') {
      // The selected option's text against the room inside the select (its arrow
      // takes about 20 px). Every option is tried: any may be the one chosen.
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      for (const o of el.options) {
        const need = ctx.measureText(o.text).width;
        if (need > room + 1) out.push(`${where} select#${el.id} cuts "${o.text}" (needs ${Math.round(need)} px, has ${Math.round(room)})`);
      }
    } else if (el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') {
      out.push(`${name(el)} cuts its text (${el.scrollWidth} px in ${el.clientWidth})`);
    }
  }
  if (document.documentElement.scrollWidth > width + 1) out.push(`${where}: the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
  return out;
}

for (const lang of ['en', 'ru', 'hu']) {
  for (const width of [360, 1280]) {
    test(`every control shows its whole text: ${lang} at ${width} px`, async () => {
      const { page, context, problems } = await openGame(env, { viewport: { width, height: width < 600 ? 780 : 820 }, storage: STATE(lang) });
      await page.evaluate((s) => localStorage.setItem('reversi.stats', s), STATS);
      await page.reload();
      await page.waitForSelector('body.ready');
      const found = [];
      const look = async (where) => found.push(...(await page.evaluate(problemsOnScreen, where)));
      // The page, with its folded parts open and the board editor shown.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      await look('page');
      await page.click('#edit-btn');
      await look('editor');
      await page.click('#edit-cancel');
      // Each dialog, opened as a person opens it.
      for (const [button, dialog] of [['#new-game', '#new-dialog'], ['#settings-btn', '#settings-dialog'], ['#rules-btn', '#rules-dialog'], ['#help-btn', '#help-dialog'], ['#puzzles-btn', '#puzzle-dialog'], ['#stats-btn', '#stats-dialog']]) {
        await page.evaluate((b) => document.querySelector(b).click(), button);
        await page.waitForSelector(`${dialog}[open]`);
        if (dialog === '#puzzle-dialog') await page.waitForFunction(() => document.querySelector('#puzzle-theme').options.length > 0);
        if (dialog === '#new-dialog') {
          // Every field of the dialog: two computers show both levels and the speed.
          await page.check('#new-dialog input[name=mode][value=cc]');
        }
        await look(dialog);
        await page.evaluate((d) => document.querySelector(d).close(), dialog);
      }
      // The result dialog, with the longest result text of the language.
      await page.evaluate(() => {
        const d = document.querySelector('#result-dialog');
        d.showModal();
      });
      await look('#result-dialog');
      assert.deepEqual(found, []);
      assertClean(problems);
      await context.close();
    });
  }
}

test('the puzzle dialog shows its board, its words and its buttons without scrolling, on a phone and a desktop, in each language', async () => {
  // The dialog held the board at 46% of the height and its words below: after an
  // answer the verdict and the buttons lay under the screen's edge, to be scrolled to.
  for (const lang of ['en', 'ru', 'hu']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }, { width: 1366, height: 650 }]) {
      const { page, context, problems } = await openGame(env, { viewport, storage: STATE(lang) });
      await page.evaluate(() => document.querySelector('#puzzles-btn').click());
      await page.waitForFunction(() => window.reversiApp.puzzles.current !== null);
      await page.selectOption('#puzzle-theme', 'expert');
      await page.waitForFunction(() => window.reversiApp.puzzles.current?.theme === 'expert');
      // FFO #1 answered h1, a wrong answer: the longest verdict and its best line.
      await page.evaluate(() => document.querySelector('#puzzle-grid [data-sq="7"]').click());
      await page.waitForFunction(() => window.reversiApp.puzzles.grade !== null, null, { timeout: 30000 });
      const seen = await page.evaluate(() => {
        const d = document.querySelector('#puzzle-dialog');
        const box = d.getBoundingClientRect();
        const out = d.querySelectorAll('#puzzle-board, #puzzle-task, #puzzle-verdict, #puzzle-line, .buttons button:not([hidden])');
        return {
          scrolls: d.scrollHeight - d.clientHeight,
          outside: Array.from(out).filter((el) => {
            const r = el.getBoundingClientRect();
            return r.top < box.top || r.bottom > box.bottom || r.bottom > innerHeight;
          }).map((el) => el.id || el.textContent),
          board: Math.round(document.querySelector('#puzzle-board').getBoundingClientRect().width),
        };
      });
      const where = `${lang} ${viewport.width}×${viewport.height}`;
      assert.equal(seen.scrolls, 0, `${where}: the dialog scrolls`);
      assert.deepEqual(seen.outside, [], `${where}: out of view`);
      // A board a finger can play: cells of 30 px and more.
      assert.ok(seen.board >= 240, `${where}: a board of ${seen.board} px`);
      assertClean(problems);
      await context.close();
    }
  }
});
