// The panel beside the board: the player cards, the status line, what the computer
// thinks, a pass, the message line, the result, and which game buttons can be used.
// It writes a text or a flag only when it changed.

import { openingName, variantName } from '../i18n.js';
import { $, fillRoom, fmtScore, longest } from './dom.js';
import { FrameMeter } from './frames.js';

/** Sets an element's text only when it differs. */
function text(sel, value) {
  const el = $(sel);
  if (el.textContent !== value) el.textContent = value;
}

/** Sets a property (hidden, disabled) only when it differs. */
function flag(sel, prop, value) {
  const el = $(sel);
  if (el[prop] !== value) el[prop] = value;
}

/** Adds or removes a class only when that changes it. */
function classed(sel, name, on) {
  const el = $(sel);
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
}

export class Panel {
  /** @param {object} ctx  { session, settings, page, t, sqName, colorName, editor } */
  constructor(ctx) {
    this.ctx = ctx;
    const details = $('#ai-more');
    this.frames = new FrameMeter($('#ai-fps'), details, (fps) => `; ${ctx.t('aiFrames', { fps })}`);
    /** The words the AI line's room was made for (see #room). */
    this.roomKey = '';
  }

  /** The result in words: { title, detail } ('' while the game goes on). */
  resultText() {
    const { session, settings, t, colorName } = this.ctx;
    const r = session.game.result();
    if (!r) return { title: '', detail: '' };
    const s = session.game.score();
    let title = r.winner === 0 ? t('draw', { b: r.black, w: r.white }) : t('wins', { player: colorName(r.winner), b: r.black, w: r.white });
    if (settings.mode === 'hc' && r.winner !== 0) title = `${t(r.winner === settings.humanColor ? 'youWon' : 'youLost')} ${title}`;
    return { title, detail: t('resultDetail', { bb: s.black, ww: s.white, e: s.empty }) };
  }

  showResult() {
    const page = this.ctx.page;
    if (page.resultShown) return;
    page.resultShown = true;
    const { title, detail } = this.resultText();
    $('#result-text').textContent = title;
    $('#result-detail').textContent = detail;
    const d = $('#result-dialog');
    if (!d.open) d.showModal();
  }

  /** What the computer thinks, in words a player understands. */
  #aiWords(r) {
    const { t } = this.ctx;
    if (r.book) return t('aiBookWords');
    const margin = Math.round(Math.abs(r.score));
    // The score is for the side to move: the computer.
    const key = margin < 2 ? 'aiEven' : r.score > 0 ? (r.exact ? 'aiWinsExact' : 'aiAhead') : r.exact ? 'aiLosesExact' : 'aiBehind';
    return t(key, { n: margin });
  }

  /** The same with the engine's figures, for those who open the details. */
  #aiDetails(r) {
    const { t, sqName } = this.ctx;
    if (r.book) return t('aiBook', { move: sqName(r.move) });
    const status = t('aiStatus', { depth: r.depth, move: r.move >= 0 ? sqName(r.move) : '–', score: fmtScore(r.score) + (r.exact ? ` (${t('aiExact')})` : '') });
    if (!r.cores) return status;
    // How many cores thought, and how fast (and why fewer than allowed, if so).
    const speed = r.timeMs > 0 ? r.nodes / r.timeMs / 1000 : 0;
    const note = { level: 'aiCoresLevel', busy: 'aiCoresBusy', board: 'aiCoresBoard' }[r.coresNote];
    const cores = t('aiSpeed', { cores: r.cores, speed: speed >= 0.1 ? speed.toFixed(1) : speed.toFixed(2) }) + (note ? ` ${t(note)}` : '');
    return `${status}; ${cores}`;
  }

  /** The longest things the status line can say, unseen, to hold its height (CSS,
   *  .status-line): the result's title, longer than the turn's words, took a second
   *  line on a phone at the end of a game and pushed everything below it. */
  #statusRoom() {
    const { t, colorName } = this.ctx;
    const player = longest([colorName(1), colorName(2)]);
    const title = longest([t('wins', { player, b: 64, w: 64 }), t('draw', { b: 32, w: 32 })]);
    const texts = [
      t('editorTitle'),
      t('thinking'),
      t('viewingMove', { n: 60, total: 60 }),
      t('yourMove', { player }),
      t('toMove', { player }),
      title,
      ...(this.ctx.settings.mode === 'hc' ? [`${longest([t('youWon'), t('youLost')])} ${title}`] : []),
    ];
    fillRoom($('#status-room'), 'status', texts);
  }

  /** The longest things the AI line can say, unseen, to hold its height (CSS). */
  #room(withComputer) {
    const { t } = this.ctx;
    const names = t('levelNames');
    const detail = (key) => t(key, { n: 64 });
    const texts = !withComputer ? [] : [
      ...['aiBookWords', 'aiEven', 'aiAhead', 'aiBehind', 'aiWinsExact', 'aiLosesExact'].map((k) => t('aiLast', { move: 'h8', detail: detail(k) })),
      t('aiPlays', { player: longest([t('black'), t('white')]), level: t('levelNamed', { n: 18, name: longest(names) }) }),
    ];
    // A pass is said in the same room. Between two people it is one plain line (CSS),
    // the size of the result's detail, so the room holds it without a gap all game.
    const player = longest([t('black'), t('white')]);
    const passWords = withComputer ? [t('youPass'), t('passes', { player })] : [t('passes', { player })];
    // And the result's detail at the end of the game, with its longest figures.
    const result = t('resultDetail', { bb: 64, ww: 64, e: 64 });
    const key = [...texts, ...passWords, result].join('\n');
    if (this.roomKey === key) return;
    this.roomKey = key;
    const lines = texts.map((words) => {
      const line = document.createElement('span');
      const spinner = document.createElement('span');
      spinner.className = 'spinner';
      line.append(spinner, words);
      return line;
    });
    // A pass is said in the same room: the longest one, with its button, is kept there.
    const passes = passWords.map((words) => {
      const box = document.createElement('div');
      box.className = 'pass-box';
      const message = document.createElement('p');
      message.className = 'pass-message';
      message.textContent = words;
      const button = document.createElement('button');
      button.type = 'button';
      button.tabIndex = -1;
      button.textContent = t('passContinue');
      // Between two people no one waits for a Continue.
      box.append(message, ...(withComputer ? [button] : []));
      return box;
    });
    const end = document.createElement('p');
    end.className = 'note result-line';
    end.textContent = result;
    $('#ai-room').replaceChildren(...lines, ...passes, end);
  }

  /** Shows or hides the bar of a position looked back at. It floats at the foot of the
   *  screen over the panel's width (CSS, .viewing), the page given that much more room
   *  at its end: put in the panel's flow, it pushed the move list, the graph and the
   *  board on a phone down by its height under the pointer that had just picked a move. */
  #viewingBar(show) {
    const bar = $('#viewing-bar');
    if (bar.hidden === !show) return;
    bar.hidden = !show;
    document.body.classList.toggle('viewing-open', show);
    if (show) this.#placeViewingBar();
    this.onResize ??= () => {
      if (!bar.hidden) this.#placeViewingBar();
    };
    if (show) addEventListener('resize', this.onResize);
    else removeEventListener('resize', this.onResize);
  }

  #placeViewingBar() {
    const bar = $('#viewing-bar');
    const r = $('.panel').getBoundingClientRect();
    bar.style.left = `${r.left}px`;
    bar.style.width = `${r.width}px`;
    document.body.style.setProperty('--viewing-room', `${bar.offsetHeight}px`);
  }

  update() {
    const { session, settings, page, t, colorName, editor } = this.ctx;
    const g = session.game;
    // While the board is set up, the player cards show the position being set up.
    const edited = editor.active ? editor.preview() : null;
    const score = (edited ?? g).score();
    const supply = (edited ?? g).supply();
    edited?.free();
    text('#count-black', String(score.black));
    text('#count-white', String(score.white));
    text('#supply-black', t('supply', { n: supply.black }));
    text('#supply-white', t('supply', { n: supply.white }));
    const toMove = g.toMove();
    const computerTurn = toMove !== 0 && session.isComputer(toMove);
    const active = editor.active ? editor.side : toMove;
    const black = $('#player-black');
    const white = $('#player-white');
    if (black.classList.contains('active') !== (active === 1)) black.classList.toggle('active', active === 1);
    if (white.classList.contains('active') !== (active === 2)) white.classList.toggle('active', active === 2);
    const viewing = session.reviewing();
    const moves = session.moves().length;
    const total = session.fullMoves().length;
    let status;
    if (editor.active) status = t('editorTitle');
    else if (toMove === 0) status = this.resultText().title;
    else if (viewing) status = t('viewingMove', { n: moves, total });
    else if (computerTurn) status = t('thinking');
    else status = settings.mode === 'hc' ? t('yourMove', { player: colorName(toMove) }) : t('toMove', { player: colorName(toMove) });
    this.#statusRoom();
    text('#status', status);
    text('#result-line', toMove === 0 ? this.resultText().detail : '');
    if (viewing) text('#viewing-note', computerTurn ? t('viewingComputerWaits') : t('viewingYourTurn'));
    this.#viewingBar(viewing && toMove !== 0);
    // With a computer in the game its lines keep their room (CSS, .with-computer):
    // words that change length or come and go must not push the buttons below them
    // under a player's finger.
    const withComputer = session.isComputer(1) || session.isComputer(2);
    const info = session.aiInfo;
    let aiText = '';
    let aiDetail = '';
    if (computerTurn && info && !viewing) {
      aiText = this.#aiWords(info);
      aiDetail = this.#aiDetails(info);
    } else if (!computerTurn && session.lastAi && session.lastAi.move >= 0) {
      aiText = t('aiLast', { move: this.ctx.sqName(session.lastAi.move), detail: this.#aiWords(session.lastAi) });
      aiDetail = this.#aiDetails(session.lastAi);
    } else if (settings.mode === 'hc' && toMove !== 0 && !viewing && !editor.active) {
      // Before the computer's first move: who it plays, and how strong.
      const computer = settings.humanColor === 1 ? 2 : 1;
      const n = settings.levels[computer];
      const level = t('levelNamed', { n, name: t('levelNames')[n - 1] ?? '' });
      aiText = t('aiPlays', { player: colorName(computer), level });
    }
    text('#ai-status', aiText);
    this.#room(withComputer);
    text('#ai-detail', aiDetail);
    classed('.panel', 'with-computer', withComputer);
    flag('#ai-more', 'hidden', !aiDetail && !withComputer);
    classed('#ai-more', 'idle', !aiDetail);
    flag('#thinking', 'hidden', !computerTurn || viewing);
    this.frames.run(computerTurn && !viewing && Boolean(info));
    const hist = session.history();
    const lastEntry = hist[hist.length - 1];
    const passed = Boolean(lastEntry && lastEntry.square < 0 && toMove !== 0);
    flag('#pass-box', 'hidden', !passed);
    classed('.ai-line', 'passing', passed);
    classed('.ai-line', 'over', toMove === 0);
    if (passed) {
      const you = settings.mode === 'hc' && lastEntry.player === settings.humanColor;
      text('#pass-message', you ? t('youPass') : t('passes', { player: colorName(lastEntry.player) }));
    }
    // After a person's pass the computer waits, and Continue ends the wait; the button
    // keeps its room when the wait is over, so that the box keeps its size.
    flag('#pass-continue', 'hidden', !(passed && settings.mode === 'hc' && session.personPassed()));
    classed('#pass-continue', 'idle', !(passed && session.passWaitUntil > 0));
    text('#message', page.message);
    flag('#bring-back', 'hidden', !(page.offerBack && session.previous));
    let opening = '';
    if (!session.isOthello) opening = t('variantNow', { name: variantName(g.variant()) });
    else {
      const o = g.opening();
      opening = o ? t('opening', { name: openingName(o.name) }) : '';
    }
    text('#opening', opening);
    flag('#undo', 'disabled', editor.active || !session.canUndo());
    text('#undo', moves === 0 && session.previous ? t('undoReplace') : t('undo'));
    flag('#redo', 'disabled', editor.active || moves === total);
    flag('#hint', 'disabled', !session.humanTurn() || editor.active);
    flag('#edit-btn', 'disabled', editor.active);
  }
}
