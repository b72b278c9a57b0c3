// The player's rating against the worked example of Glickman's "Example of the
// Glicko-2 system" (2013): the published figures, not ours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evenLevel, NEW_PLAYER, update } from '../../www/rating.js';

test('Glicko-2 gives the figures of Glickman\'s worked example', () => {
  const r = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ]);
  assert.ok(Math.abs(r.rating - 1464.06) < 0.01, `rating ${r.rating}`);
  assert.ok(Math.abs(r.rd - 151.52) < 0.01, `deviation ${r.rd}`);
  assert.ok(Math.abs(r.vol - 0.05999) < 0.00001, `volatility ${r.vol}`);
});

test('a win raises, a loss lowers, a draw with an equal moves little; the even level is the nearest', () => {
  const level = { rating: 1500, rd: 50 };
  const win = update(NEW_PLAYER, [{ ...level, score: 1 }]);
  const loss = update(NEW_PLAYER, [{ ...level, score: 0 }]);
  const draw = update(NEW_PLAYER, [{ ...level, score: 0.5 }]);
  assert.ok(win.rating > 1500 && loss.rating < 1500 && Math.abs(draw.rating - 1500) < 1);
  assert.ok(win.rd < NEW_PLAYER.rd, 'a game makes the rating surer');
  assert.equal(evenLevel(1600, [600, 1200, 1540, 1700, null]), 3);
  assert.equal(evenLevel(5000, [600, 1200, 1540, 1700, null]), 4);
});
