// The player's rating and record: after each game against the computer that began at
// the start (or a balanced opening) and was played to its end, the rating moves by
// Glicko-2 (rating.js) against the level's rating on the ladder, and the record of
// that level gains a win, draw or loss. A game taken back after its end is taken out
// again, so an undone game does not count. Kept in the browser, exported and imported
// as text; damaged data starts afresh without touching the game in progress.

import { evenLevel, LEVEL_RD, NEW_PLAYER, update } from '../rating.js';
import { $, fillRoom } from './dom.js';

const KEY = 'reversi.stats';
const VERSION = 1;

const fresh = () => ({ v: VERSION, player: { ...NEW_PLAYER }, games: 0, record: {}, current: null });

const num = (x, lo, hi) => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;

/** The stats in `raw` if they have the right shape, else null. */
export function checkStats(raw, maxLevel) {
  if (!raw || typeof raw !== 'object' || raw.v !== VERSION) return null;
  const p = raw.player;
  if (!p || !num(p.rating, -5000, 10000) || !num(p.rd, 0, 1000) || !num(p.vol, 0, 1)) return null;
  if (!Number.isInteger(raw.games) || raw.games < 0) return null;
  if (!raw.record || typeof raw.record !== 'object') return null;
  for (const [level, wdl] of Object.entries(raw.record)) {
    if (!/^\d+$/.test(level) || Number(level) < 1 || Number(level) > maxLevel) return null;
    if (!Array.isArray(wdl) || wdl.length !== 3 || !wdl.every((n) => Number.isInteger(n) && n >= 0)) return null;
  }
  const c = raw.current;
  if (c !== null && (typeof c !== 'object' || typeof c.countable !== 'boolean' || !Number.isInteger(c.level))) return null;
  return { v: VERSION, player: { rating: p.rating, rd: p.rd, vol: p.vol }, games: raw.games, record: structuredClone(raw.record), current: c ? structuredClone(c) : null };
}

export class Stats {
  /** @param {object} ctx  { engine, session, settings, t, maxLevel, levelName(n) } */
  constructor(ctx) {
    this.ctx = ctx;
    this.ratings = ctx.engine.levelRatings();
    const start = new ctx.engine.Game();
    /** 8×8 Othello's start, to tell a game from the start from a set-up one. */
    this.startBoard = start.toBoard();
    start.free();
    this.data = fresh();
    this.corrupt = false;
    let raw = null;
    try {
      raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
    } catch {
      this.corrupt = true;
    }
    if (raw !== null) {
      const ok = checkStats(raw, ctx.maxLevel);
      if (ok) this.data = ok;
      else this.corrupt = true;
    }
    /** The stats before the last reset, while it can be undone. */
    this.beforeReset = null;
    this.message = this.corrupt ? 'statsCorrupt' : '';
    $('#stats-btn').addEventListener('click', () => this.open());
    $('#stats-reset').addEventListener('click', () => this.reset());
    $('#stats-undo-reset').addEventListener('click', () => this.undoReset());
    $('#stats-export').addEventListener('click', () => {
      $('#stats-text').value = this.export();
      this.#say('statsExported');
    });
    $('#stats-import').addEventListener('click', () => this.import($('#stats-text').value));
  }

  #save() {
    try {
      globalThis.localStorage?.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // Storage full or forbidden: the stats live as long as the page.
    }
  }

  #say(key) {
    this.message = key;
    this.render();
  }

  /** A game began (`kind`: how, from the session's 'replaced' event). It will count
   *  if it is against the computer, on the 8×8 board, from the start or a balanced
   *  opening, at a rated level. */
  started(kind) {
    const { session, settings } = this.ctx;
    const g = session.game;
    const standard = g.variant() === 'othello' && g.startBoard() === this.startBoard;
    const color = settings.humanColor;
    const level = settings.levels[3 - color];
    // The clock level has no rating of its own (levelRatings gives null): it is not
    // the same opponent on every device.
    const countable = kind === 'new' && settings.mode === 'hc' && standard && this.ratings[level - 1] !== null;
    this.data.current = { countable, level, color, counted: null };
    this.#save();
  }

  /** Called whenever the game shown may have changed: counts a game that has just
   *  ended, takes back one that is no longer over. */
  update() {
    const c = this.data.current;
    const g = this.ctx.session.game;
    if (!c?.countable) return;
    if (g.isOver() && !c.counted) {
      const r = g.result();
      const score = r.winner === 0 ? 0.5 : r.winner === c.color ? 1 : 0;
      c.counted = { before: { player: this.data.player, games: this.data.games, record: structuredClone(this.data.record) }, score };
      this.data.player = update(this.data.player, [{ rating: this.ratings[c.level - 1], rd: LEVEL_RD, score }]);
      this.data.games += 1;
      const wdl = this.data.record[c.level] ?? [0, 0, 0];
      wdl[score === 1 ? 0 : score === 0.5 ? 1 : 2] += 1;
      this.data.record[c.level] = wdl;
      this.#save();
      this.render();
    } else if (!g.isOver() && c.counted) {
      // Taken back: the game no longer counts (it will, once finished again).
      Object.assign(this.data, structuredClone(c.counted.before));
      c.counted = null;
      this.#save();
      this.render();
    }
  }

  open() {
    this.message = this.corrupt ? 'statsCorrupt' : '';
    $('#stats-dialog').showModal();
    this.render();
    $('#stats-title').focus();
  }

  /** The current game's entry for fresh stats: a game still going on will count when
   *  it ends; a finished one was counted in the stats replaced, and is not again. */
  #carried() {
    const c = this.data.current;
    return c ? { ...c, counted: null, countable: c.countable && !this.ctx.session.game.isOver() } : null;
  }

  reset() {
    this.beforeReset = structuredClone(this.data);
    this.data = { ...fresh(), current: this.#carried() };
    this.corrupt = false;
    this.#save();
    this.#say('statsResetDone');
  }

  undoReset() {
    if (!this.beforeReset) return;
    this.data = this.beforeReset;
    this.beforeReset = null;
    this.#save();
    this.#say('statsResetUndone');
  }

  export() {
    const { current, ...rest } = this.data;
    return JSON.stringify({ reversiStats: rest });
  }

  /** Reads exported stats; anything else is refused with a message and changes nothing. */
  import(text) {
    if (!text.trim()) return this.#say('statsEmpty');
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.#say('statsBad');
    }
    const ok = checkStats({ ...(parsed?.reversiStats ?? {}), current: null }, this.ctx.maxLevel);
    if (!ok) return this.#say('statsBad');
    this.beforeReset = null;
    this.data = { ...ok, current: this.#carried() };
    this.corrupt = false;
    this.#save();
    this.#say('statsImported');
  }

  /** The line under the game buttons and, when open, the dialog. */
  render() {
    const { t } = this.ctx;
    const p = this.data.player;
    const rated = this.data.games > 0;
    const r = Math.round(p.rating);
    // ± two deviations: the rating lies within them 19 times in 20.
    const d = Math.round(2 * p.rd);
    const line = rated ? t('yourRating', { r, d }) : t('yourRatingNone');
    // Unseen copies of both kinds of line hold the row's height (CSS, .rating-words): the
    // first rating, shorter than the invitation, shrank the row under the result dialog.
    fillRoom($('#rating-room'), 'note', [t('yourRatingNone'), t('yourRating', { r: 2888, d: 888 })]);
    if ($('#rating-line').textContent !== line) $('#rating-line').textContent = line;
    if (!$('#stats-dialog').open) return;
    $('#stats-rating').textContent = rated ? t('statsRating', { r, d, n: this.data.games }) : t('statsNoGames');
    const even = evenLevel(p.rating, this.ratings);
    $('#stats-even').textContent = t('statsEven', { n: even, name: this.ctx.levelName(even) });
    const rows = Object.keys(this.data.record).map(Number).sort((a, b) => a - b).map((level) => {
      const tr = document.createElement('tr');
      const cells = [`${level} – ${this.ctx.levelName(level)}`, ...this.data.record[level]];
      tr.append(...cells.map((c, i) => Object.assign(document.createElement(i ? 'td' : 'th'), { textContent: String(c) })));
      tr.firstChild.scope = 'row';
      return tr;
    });
    $('#stats-table tbody').replaceChildren(...rows);
    $('#stats-table').hidden = rows.length === 0;
    $('#stats-message').textContent = this.message ? t(this.message) : '';
    $('#stats-undo-reset').hidden = !this.beforeReset;
  }
}
