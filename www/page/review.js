// The review of a game and the evaluation graph. The graph fills in move by move as a
// worker of its own scores each position (never delaying the computer's moves); the
// review marks every move with the discs it lost against the best one, and can be
// stopped. The graph is an SVG whose points stay where they are: a move adds one point,
// and a change of scale is one change of the view box.

import { AiClient } from '../ai.js';
import { $, fmtScore } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The score after every move, from Black's side: one point per move. */
class Graph {
  constructor(box, onPick) {
    this.box = box;
    this.svg = box.querySelector('svg');
    this.line = box.querySelector('.line');
    this.dotsBox = box.querySelector('.dots');
    this.mark = box.querySelector('.current');
    this.axis = box.querySelector('.axis');
    this.top = box.querySelector('.top');
    this.bottom = box.querySelector('.bottom');
    this.dots = []; // path per move, or undefined
    this.drawn = []; // value drawn per move
    this.view = '';
    this.points = '';
    this.markAt = '';
    this.labels = '';
    this.width = 0;
    box.addEventListener('click', (e) => {
      const r = this.svg.getBoundingClientRect();
      const i = Math.round(-0.5 + ((e.clientX - r.left) / r.width) * this.width);
      onPick(Math.min(this.drawn.length, Math.max(0, i + 1)));
    });
  }

  /** Shows `values` (undefined: not scored yet), the move `current` marked, on an axis
   *  as long as the longest game of the board (`moves`). */
  set(values, current, moves, { black, white }) {
    const known = values.filter((v) => v !== undefined);
    const span = Math.max(8, ...known.map(Math.abs));
    const width = Math.max(moves, values.length, 1);
    const view = `-0.5 ${-span} ${width} ${2 * span}`;
    if (view !== this.view) {
      this.svg.setAttribute('viewBox', view);
      this.axis.setAttribute('x2', String(width - 0.5));
      this.view = view;
      this.width = width;
    }
    const labels = `${black} (+${Math.round(span)})|${white} (−${Math.round(span)})`;
    if (labels !== this.labels) {
      this.top.textContent = `${black} (+${Math.round(span)})`;
      this.bottom.textContent = `${white} (−${Math.round(span)})`;
      this.labels = labels;
    }
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (i < this.drawn.length && v === this.drawn[i]) continue;
      this.drawn[i] = v;
      if (v === undefined) {
        this.dots[i]?.remove();
        this.dots[i] = undefined;
        continue;
      }
      let dot = this.dots[i];
      if (!dot) {
        dot = document.createElementNS(SVG, 'path');
        dot.setAttribute('class', 'dot');
        this.dotsBox.append(dot);
        this.dots[i] = dot;
      }
      dot.setAttribute('d', `M${i} ${-v}h0`);
    }
    for (let i = values.length; i < this.drawn.length; i++) this.dots[i]?.remove();
    this.dots.length = Math.min(this.dots.length, values.length);
    this.drawn.length = values.length;
    let points = '';
    values.forEach((v, i) => {
      if (v !== undefined) points += `${i},${-v} `;
    });
    if (points !== this.points) {
      this.line.setAttribute('points', points);
      this.points = points;
    }
    const c = values[current];
    const markAt = c === undefined ? '' : `M${current} ${-c}h0`;
    if (markAt !== this.markAt) {
      this.mark.setAttribute('d', markAt);
      this.markAt = markAt;
    }
    const count = String(known.length);
    if (this.box.dataset.points !== count) this.box.dataset.points = count;
  }
}

export class Review {
  /**
   * @param {object} ctx  { engine, session, t, sqName, colorName, refresh, onRun }
   *   onRun(running)  the review started or ended (the page redraws)
   */
  constructor(ctx) {
    this.ctx = ctx;
    /** { line, moves, partial } while it matches the game. */
    this.current = null;
    this.running = false;
    this.status = '';
    /** "start|moves" -> score after those moves, from Black's side. */
    this.evals = new Map();
    this.evalBusy = false;
    // A worker of its own scores each position as the game goes, for the graph, on
    // one core: a depth-6 search shared out by messages cost the page's main thread
    // about 90 messages a move (frames 100-130 ms apart on a phone slowed 4x).
    this.analyst = new AiClient(undefined, { oneCore: true });
    this.graph = new Graph($('#graph'), (n) => ctx.session.goTo(n));
    this.mistakesShown = '';
    $('#review-btn').addEventListener('click', () => this.run());
  }

  /** Reviews the game in the worker, marking each move in the list as it is done; a
   *  second press stops it, keeping the moves reviewed so far. */
  async run() {
    const { session, t } = this.ctx;
    if (this.running) {
      session.stopAi();
      return;
    }
    this.ctx.beforeReview();
    const line = session.fullMoves();
    this.current = { line, moves: [], partial: true };
    this.running = true;
    this.status = t('reviewing', { done: 0, total: line.length });
    this.ctx.refresh();
    try {
      const moves = await session.review((p) => {
        if (this.current?.partial) this.current.moves.push(p.review);
        this.status = t('reviewing', p);
        this.ctx.refresh();
      });
      this.current = { line, moves };
      this.status = '';
    } catch (err) {
      const done = this.current?.moves.length ?? 0;
      this.status = err.cancelled ? t('reviewStopped', { done, total: line.length }) : err.message;
    }
    this.running = false;
    this.ctx.refresh();
    session.scheduleAi();
  }

  /** The line's scores known so far, one per move (undefined: not scored yet). */
  #lineValues(line) {
    const start = this.ctx.session.game.startBoard();
    const values = new Array(line.length);
    let key = `${start}|`;
    for (let k = 0; k < line.length; k++) {
      key += `${k ? ',' : ''}${line[k]}`;
      values[k] = this.evals.get(key);
    }
    return values;
  }

  /** Scores, one position at a time, the first position of the line without a score;
   *  the worker replays the moves from the start (the page never does). */
  async #evaluateLine() {
    if (this.evalBusy) return;
    const { session } = this.ctx;
    const line = session.fullMoves();
    const values = this.#lineValues(line);
    const k = values.findIndex((v) => v === undefined);
    if (k < 0) return;
    const start = session.game.startBoard();
    const key = `${start}|${line.slice(0, k + 1).join(',')}`;
    this.evalBusy = true;
    try {
      const r = await this.analyst.request('search', start, { depth: 6, exactEmpties: 14 }, undefined, { moves: line.slice(0, k + 1) });
      // The score is for the side to move after the moves; Black's side is kept.
      this.evals.set(key, r.toMove !== 2 ? r.score : -r.score);
    } catch {
      this.evalBusy = false;
      return;
    }
    this.evalBusy = false;
    this.ctx.refresh();
  }

  update() {
    const { session, t, sqName, colorName } = this.ctx;
    const line = session.fullMoves();
    // A review belongs to the line it was made for.
    if (this.current && this.current.line.join() !== line.join()) this.current = null;
    const btn = $('#review-btn');
    const disabled = !this.running && line.length === 0;
    if (btn.disabled !== disabled) btn.disabled = disabled;
    const label = this.running ? t('stopReview') : t('review');
    if (btn.textContent !== label) btn.textContent = label;
    this.#evaluateLine();
    const graphBox = $('#graph');
    const labels = { black: t('graphBlackAhead'), white: t('graphWhiteAhead') };
    const moves = this.ctx.boardMoves();
    const current = session.moves().length - 1;
    let status = this.status;
    let worst = [];
    let values;
    if (!this.current) {
      values = this.#lineValues(line);
    } else {
      const reviewed = this.current.moves;
      worst = reviewed.filter((m) => m.loss >= 1).sort((a, b) => b.loss - a.loss).slice(0, 5);
      if (!this.current.partial) status = worst.length ? t('reviewDone', { total: reviewed.length }) : t('noMistakes', { total: reviewed.length });
      values = reviewed.map((m) => (m.player === 1 ? m.playedScore : -m.playedScore));
    }
    const statusEl = $('#review-status');
    if (statusEl.textContent !== status) statusEl.textContent = status;
    const hidden = !this.current && !values.some((v) => v !== undefined);
    if (graphBox.hidden !== hidden) graphBox.hidden = hidden;
    if (!hidden) this.graph.set(values, current, moves, labels);
    // The worst mistakes, each a button to its position.
    const texts = worst.map((m) => t('mistake', { n: m.number, sq: sqName(m.played), player: colorName(m.player), loss: fmtScore(m.loss).replace('+', ''), best: sqName(m.best) }));
    const shown = texts.join('\n');
    if (shown === this.mistakesShown) return;
    this.mistakesShown = shown;
    $('#mistakes').replaceChildren(...worst.map((m, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = texts[i];
      b.addEventListener('click', () => session.goTo(m.number - 1));
      const li = document.createElement('li');
      li.append(b);
      return li;
    }));
  }
}
