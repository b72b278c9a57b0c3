// "Show every move's value": every legal move's value on the board, deepening live in
// a worker of its own while the position stays on the board; the page only draws what
// arrives. It waits while the computer thinks, so as not to slow it down.

import { AiClient } from '../ai.js';
import { $, fillRoom, fmtScore, longest } from './dom.js';

const LIMITS = { depth: 12, exactEmpties: 18 };
/** How many moves of the best line the analysis line shows. */
const PV_SHOWN = 12;

/** Scored moves (best first) as the board's hints: the first `n`, the best marked. */
export function hintsOf(scores, n = scores.length) {
  const best = scores.length ? scores[0].score : 0;
  return new Map(scores.slice(0, n).map((m) => [m.move, { score: m.score, exact: m.exact, best: m.score === best }]));
}

export class Analysis {
  /** @param {object} ctx  { session, settings, t, sqName, editing(), onScores() } */
  constructor(ctx) {
    this.ctx = ctx;
    this.ai = new AiClient();
    /** { position, depth, depths, byDepth, scores, done, error } of the position shown. */
    this.current = null;
    $('#analysis-toggle').addEventListener('change', (e) => {
      ctx.settings.analysis = e.target.checked;
      ctx.refresh();
    });
    $('#analysis-count').value = String(ctx.settings.analysisCount);
    $('#analysis-count').addEventListener('change', (e) => {
      ctx.settings.analysisCount = Number(e.target.value);
      ctx.refresh();
    });
  }

  /** The hints to draw for `position`, or null. */
  hintsFor(position) {
    const a = this.current;
    if (!a?.scores || a.position !== position) return null;
    return hintsOf(a.scores, this.ctx.settings.analysisCount || a.scores.length);
  }

  /** Starts, keeps or stops the analysis for the position on the board. */
  update() {
    const { session, settings } = this.ctx;
    const g = session.game;
    const toMove = g.toMove();
    const wanted = settings.analysis && !this.ctx.editing() && toMove !== 0
      && (session.reviewing() || !session.isComputer(toMove));
    if (!wanted) {
      if (this.current) this.ai.cancel();
      this.current = null;
    } else {
      const position = g.toBoard();
      if (this.current?.position !== position) this.#start(position);
    }
    this.#line();
  }

  #start(position) {
    const mine = { position, depth: 0, scores: null, done: false, depths: [], byDepth: {}, error: '' };
    this.current = mine;
    const show = () => {
      if (this.current !== mine) return;
      this.ctx.onScores();
      this.#line();
    };
    this.ai.request('analyze', position, { ...LIMITS, live: true }, ({ scores, depth }) => {
      Object.assign(mine, { scores, depth });
      mine.depths.push(depth);
      mine.byDepth[depth] = scores;
      show();
    }).then((scores) => {
      Object.assign(mine, { scores, done: true });
      show();
    }).catch((err) => {
      if (err.cancelled) return;
      mine.error = err.message;
      show();
    });
  }

  /** While values are shown, unseen copies of the longest things the analysis line says
   *  hold its height (CSS, .analysis-words): as the search deepened, its best line grew
   *  and shrank by a line and moved the move list and everything below it. */
  #room(on) {
    const { t } = this.ctx;
    let texts = [];
    if (on) {
      const head = longest([t('analysisSolved'), t('analysisDepth', { depth: 60 }), t('analysisDeepening', { depth: 60 })]);
      const how = longest([t('puzzleExact'), t('puzzleEstimate')]);
      const pv = `${Array(PV_SHOWN).fill('h8').join(' ')} …`;
      texts = [t('analysisWaits'), `${head} ${t('analysisBest', { move: 'h8', value: '+64', how })} ${t('puzzleLine', { line: pv })}`];
    }
    fillRoom($('#analysis-room'), 'note', texts);
  }

  #line() {
    const { session, settings, t, sqName } = this.ctx;
    const a = this.current;
    let text = '';
    if (settings.analysis && !a && session.game.toMove() !== 0) text = t('analysisWaits');
    else if (a?.error) text = a.error;
    else if (a && !a.scores) text = t('analysisStarting');
    else if (a) {
      const best = a.scores[0];
      const value = fmtScore(best.score);
      const exact = a.scores.every((m) => m.exact);
      const head = exact ? t('analysisSolved') : t(a.done ? 'analysisDepth' : 'analysisDeepening', { depth: a.depth });
      // The best line's first PV_SHOWN moves: the room below is made for as many.
      const pv = best.pv.slice(0, PV_SHOWN).map(sqName).join(' ') + (best.pv.length > PV_SHOWN ? ' …' : '');
      text = `${head} ${t('analysisBest', { move: sqName(best.move), value, how: t(best.exact ? 'puzzleExact' : 'puzzleEstimate') })} ${t('puzzleLine', { line: pv })}`;
    }
    const line = $('#analysis-line');
    if (line.textContent !== text) line.textContent = text;
    this.#room(settings.analysis);
    $('#analysis-toggle').checked = settings.analysis;
  }
}
