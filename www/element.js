// <reversi-board>: a complete, playable Othello board for any page.
//
//   <script type="module" src="…/www/element.js"></script>
//   <reversi-board mode="human-computer" human-color="black" level="4"></reversi-board>
//
// Attributes: mode (human-computer | human-human | computer-computer), human-color
// (black | white), level (1 to the strongest), lang (en | ru | hu), theme (light |
// dark), show-legal and show-coordinates ("false" to hide), position (a board string)
// or transcript (moves from the start) or link (the page's "Copy link", or its part
// after #), speed (slow | normal | fast, for two computers),
// variant (othello, classic, 4x4 … 10x10, 6x6-parallel …, eight-star).
// Events: move { player, square, name, flipped }, pass { player }, gameover { winner,
// black, white }. Methods: newGame(), undo(), load(text). Styles stay in the shadow
// root; nothing is added to the page's globals; no inline script or eval (CSP-safe).
import * as engine from '../pkg/reversi.js';
import { BoardComponent } from './board.js';
import { squareName } from './board-view.js';
import { gameFromLink } from './games.js';
import { detectLanguage, errorText, isLanguage, tr } from './i18n.js';
import { coalesce, nextTask } from './coalesce.js';
import { GameSession } from './session.js';
import { wasmSource } from './wasm-source.js';

let engineReady = null;
const loadEngine = () => (engineReady ??= engine.default(wasmSource));

const CSS = `
:host { display: block; width: 100%; max-width: 100%; font: 14px/20px system-ui, sans-serif; color: #1b1f1c;
  --board-frame: #0f3d22; --board: #1d7a43; --board-line: #0d3b20; --board-coord: #d8efe0;
  --legal: rgba(255,255,255,.78); --illegal: #ff5a4f; --last-move: #e0433a; --focus: #ffd54a; --hint: #fff; --hint-best: #ffe27a; }
:host([theme=dark]) { color: #e6ece8; background: #121614; border-radius: 8px; --board-frame: #08180e; --board: #1a6a3b; --board-line: #0a2f19; --board-coord: #bfe0cb; }
:host([hidden]) { display: none; }
.wrap { position: relative; width: 100%; aspect-ratio: 1; }
canvas { display: block; cursor: pointer; touch-action: manipulation; border-radius: 2%; }
[role=grid]:focus-within { outline: 3px solid var(--focus); outline-offset: 2px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* The bar keeps one height whatever it says: the two buttons stacked on the right and
   up to three lines of status beside them (72px with its margin, which a page may
   reserve before the element is defined; see README), so nothing on the page moves as
   the words change. The status starts level with the first button's words and grows
   downwards: a second line moves no word of the first. */
.bar { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 6px; margin-top: 6px; min-height: 64px; padding-bottom: 2px; align-items: start; }
/* On its own dark background the bar keeps clear of the edges, and its buttons' words
   sit closer to their borders, so that the status keeps room for its three lines. */
:host([theme=dark]) .bar { padding-left: 6px; padding-right: 6px; }
:host([theme=dark]) button { padding-left: 6px; padding-right: 6px; }
.status { grid-row: 1 / span 2; font-weight: 600; overflow-wrap: anywhere; padding-top: 4px; }
button { font: inherit; padding: 3px 10px; border-radius: 6px; border: 1px solid #9aa59e; background: transparent; color: inherit; cursor: pointer; }
.error { color: #b3261e; margin: .3rem 0 0; font-weight: 600; }
.error:empty { display: none; }
`;
let sheet = null;
function styles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

const MODES = { 'human-computer': 'hc', 'human-human': 'hh', 'computer-computer': 'cc', hc: 'hc', hh: 'hh', cc: 'cc' };

class ReversiBoard extends HTMLElement {
  static observedAttributes = ['mode', 'human-color', 'level', 'lang', 'theme', 'show-legal', 'show-coordinates', 'position', 'transcript', 'link', 'speed', 'variant'];

  #session = null;
  #view = null;
  #ui = null;
  #hover = -1;
  #lang = 'en';
  #problems = new Map();

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styles()];
    const wrap = document.createElement('div');
    wrap.className = 'wrap';
    const bar = document.createElement('div');
    bar.className = 'bar';
    const status = Object.assign(document.createElement('span'), { className: 'status' });
    const undo = Object.assign(document.createElement('button'), { type: 'button' });
    const fresh = Object.assign(document.createElement('button'), { type: 'button' });
    bar.append(status, undo, fresh);
    const error = Object.assign(document.createElement('p'), { className: 'error' });
    error.setAttribute('role', 'alert');
    // What happens on the board, read out by screen readers as on the page.
    const live = Object.assign(document.createElement('div'), { className: 'sr-only' });
    live.setAttribute('aria-live', 'polite');
    root.append(wrap, bar, error, live);
    undo.addEventListener('click', () => this.undo());
    fresh.addEventListener('click', () => this.newGame());
    this.#ui = { wrap, status, undo, fresh, error, live };
  }

  async connectedCallback() {
    // The buttons' words before the engine has loaded, so that the bar has its height
    // from the first layout.
    if (!this.#session) this.#labelButtons(this.#language());
    await loadEngine();
    // Each board of a page starts in a task of its own (two would make one long task).
    await nextTask();
    if (!this.isConnected) return;
    if (!this.#session) this.#start();
    else {
      this.#view.resume();
      this.#session.scheduleAi();
    }
  }

  disconnectedCallback() {
    this.#session?.stopAi();
    // Its board's painter worker too (a page may add and remove many boards).
    this.#view?.suspend();
  }

  attributeChangedCallback(name) {
    if (!this.#session) return;
    if (name === 'position' || name === 'transcript' || name === 'link' || name === 'variant') this.newGame();
    else {
      this.#readSettings();
      this.#session.stopAi();
      this.#session.scheduleAi();
      this.#render();
    }
  }

  /** The engine's Game (read it, do not change it). */
  get game() {
    return this.#ready ? this.#session.game : null;
  }

  /** Starts again from the position or transcript attribute (or the start). */
  newGame() {
    if (!this.#session) return;
    this.#readSettings();
    this.#problems.delete('start');
    const link = this.getAttribute('link');
    const text = this.getAttribute('position') ?? this.getAttribute('transcript');
    try {
      if (link) {
        // The page's "Copy link" fragment (or the whole link): the game at the move viewed.
        const { game, at } = gameFromLink(engine, link.slice(link.indexOf('#') + 1));
        this.#session.newGame(null, game, 'link');
        this.#session.goTo(at);
      } else if (text !== null && text.trim()) this.#session.load(text, this.getAttribute('variant') && this.#session.settings.variant);
      else this.#session.newGame();
    } catch (err) {
      const what = link ? 'link' : this.hasAttribute('position') ? 'position' : 'transcript';
      const msg = err.code?.startsWith('link-') ? tr(this.#lang, `err_${err.code}`) : errorText(err, this.#lang);
      this.#problems.set('start', `${what}: ${msg}`);
      this.#session.newGame();
    }
    this.#render();
  }

  undo() {
    return this.#session?.undo() ?? false;
  }

  /** Loads a transcript or board string. Throws an Error (and changes nothing) if it is malformed. */
  load(text) {
    if (!this.#ready) throw new Error('the board is not ready yet');
    this.#view.finishAnimation();
    this.#session.load(text, this.getAttribute('variant') && this.#session.settings.variant);
  }

  async #start() {
    this.#readSettings();
    const show = (name) => this.getAttribute(name) !== 'false';
    this.#session = new GameSession(engine, this.settings);
    this.#board = new BoardComponent(this.#ui.wrap, {
      coordinates: show('show-coordinates'),
      onPlay: (sq) => this.#play(sq),
      onHover: (sq) => {
        this.#hover = sq;
        this.#render();
      },
      t: (key, vars) => tr(this.#lang, key, vars),
    });
    this.#view = this.#board.view;
    this.#session.animate = (sq, flipped, player) => this.#view.animateMove(sq, flipped, player);
    const fire = (type, detail) => this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    this.#session.addEventListener('change', this.#renderSoon);
    this.#session.addEventListener('move', ({ detail }) => fire('move', { ...detail, name: squareName(detail.square, this.#session.game.size()) }));
    this.#session.addEventListener('pass', ({ detail }) => {
      fire('pass', detail);
      this.#announce(tr(this.#lang, 'passes', { player: tr(this.#lang, detail.player === 1 ? 'black' : 'white') }));
    });
    this.#session.addEventListener('gameover', ({ detail }) => fire('gameover', detail));
    this.#session.addEventListener('aierror', ({ detail }) => {
      this.#problems.set('ai', detail.message);
      this.#render();
    });
    this.#session.addEventListener('move', ({ detail: { player, square, flipped } }) => {
      const T = (key, vars) => tr(this.#lang, key, vars);
      const texts = [T('played', { player: T(player === 1 ? 'black' : 'white'), sq: squareName(square, this.#session.game.size()), n: flipped.length })];
      const r = this.#session.game.result();
      if (r) texts.push(r.winner === 0 ? T('draw', { b: r.black, w: r.white }) : T('wins', { player: T(r.winner === 1 ? 'black' : 'white'), b: r.black, w: r.white }));
      this.#announce(texts.join(' '));
    });
    // Making the board laid the page out; the game is set up in a task of its own.
    await nextTask();
    this.newGame();
    this.#ready = true;
    // Taken off the page in between: no computer thinks for it until it is back
    // (connectedCallback starts it again).
    if (!this.isConnected) this.#session.stopAi();
  }

  #board = null;
  /** Whether the game of the attributes is set up (the step after the board's): until
   *  then `game` is null and `load` refuses, so that nothing loaded is then replaced. */
  #ready = false;
  /** One render for a burst of changes (coalesce.js), and none when the element has
   *  rendered since the last change (newGame renders at once, after the session's own
   *  change event). */
  #dirty = false;
  #renderQueued = coalesce(() => this.#dirty && this.#render());
  #renderSoon = () => {
    this.#dirty = true;
    this.#renderQueued();
  };

  /** A person chose a square: play it, or say why not. */
  #play(sq) {
    const why = this.#session.whyNot(sq);
    if (!why) {
      this.#session.humanPlay(sq);
      return;
    }
    this.#board.flash(sq);
    this.#announce(tr(this.#lang, why.key, { sq: squareName(sq, this.#session.game.size()) }));
  }

  /** Says `text` in the live region; what is said in one frame (a move and the pass
   *  that follows it) is read together. */
  #announce(text) {
    const live = this.#ui.live;
    if (!this.#said.length) {
      live.textContent = '';
      requestAnimationFrame(() => {
        live.textContent = this.#said.join(' ');
        this.#said = [];
      });
    }
    this.#said.push(text);
  }

  #said = [];

  #readSettings() {
    const problems = this.#problems;
    for (const k of ['mode', 'human-color', 'level', 'lang', 'speed']) problems.delete(k);
    const max = engine.maxLevel();
    const mode = this.getAttribute('mode') ?? 'human-computer';
    if (!(mode in MODES)) problems.set('mode', `unknown mode "${mode}": use human-computer, human-human or computer-computer`);
    const color = this.getAttribute('human-color') ?? 'black';
    if (!['black', 'white'].includes(color)) problems.set('human-color', `unknown human-color "${color}": use black or white`);
    const levelText = this.getAttribute('level') ?? '7';
    let level = Number(levelText);
    if (!Number.isInteger(level) || level < 1 || level > max) {
      problems.set('level', `unknown level "${levelText}": levels go from 1 to ${max}`);
      level = 3;
    }
    const lang = this.getAttribute('lang') ?? this.#language();
    if (!isLanguage(lang)) problems.set('lang', `unknown language "${lang}": use en, ru or hu`);
    this.#lang = isLanguage(lang) ? lang : 'en';
    const variant = this.getAttribute('variant') ?? 'othello';
    const known = ['othello', ...engine.Game.variants().map((v) => v.id)];
    this.#problems.delete('variant');
    if (!known.includes(variant)) problems.set('variant', `unknown variant "${variant}": use ${known.join(', ')}`);
    const speed = this.getAttribute('speed') ?? 'normal';
    if (!['slow', 'normal', 'fast'].includes(speed)) problems.set('speed', `unknown speed "${speed}": use slow, normal or fast`);
    const settings = {
      mode: MODES[mode] ?? 'hc',
      humanColor: color === 'white' ? 2 : 1,
      levels: { 1: level, 2: level },
      speed,
      variant: known.includes(variant) ? variant : 'othello',
    };
    if (this.#session) Object.assign(this.#session.settings, settings);
    else this.settings = settings;
  }

  /** The language of the lang attribute if it is one we speak, else the page's or the
   *  browser's. */
  #language() {
    const lang = this.getAttribute('lang');
    return isLanguage(lang) ? lang : detectLanguage([document.documentElement.lang, ...(navigator.languages ?? [])]);
  }

  #labelButtons(lang) {
    this.#ui.undo.textContent = tr(lang, 'undo');
    this.#ui.fresh.textContent = tr(lang, 'newGame');
  }

  #render() {
    const s = this.#session;
    if (!s || !this.#view) return;
    this.#dirty = false;
    const g = s.game;
    const T = (key, vars) => tr(this.#lang, key, vars);
    const humanTurn = s.humanTurn();
    const legal = humanTurn ? Array.from(g.legalMoves()) : [];
    const moves = s.moves();
    const preview = humanTurn && legal.includes(this.#hover) ? { sq: this.#hover, flips: Array.from(g.flipsFor(this.#hover)) } : null;
    this.#board.render({
      board: g.board(),
      legal,
      showLegal: this.getAttribute('show-legal') !== 'false',
      lastMove: moves.length ? moves[moves.length - 1] : -1,
      toMove: g.toMove(),
      preview,
      hints: null,
    });
    const color = (c) => T(c === 1 ? 'black' : 'white');
    const score = g.score();
    let status;
    const r = g.result();
    if (r) status = r.winner === 0 ? T('draw', { b: r.black, w: r.white }) : T('wins', { player: color(r.winner), b: r.black, w: r.white });
    else if (s.isComputer(g.toMove())) status = `${T('thinking')} ${score.black}–${score.white}`;
    else status = `${T('toMove', { player: color(g.toMove()) })} · ${score.black}–${score.white}`;
    const hist = s.history();
    const last = hist[hist.length - 1];
    // A pass in the move list's short words ("Black: pass"); the live region reads the
    // whole sentence. The long one took a third line of a phone's bar.
    if (last && last.square < 0 && !r) status = `${color(last.player)}: ${T('pass')} · ${status}`;
    // A score ("30–34") never breaks across lines (word joiners around the dash).
    this.#ui.status.textContent = status.replace(/(\d)–(\d)/g, '$1\u2060–\u2060$2');
    this.#labelButtons(this.#lang);
    this.#ui.undo.disabled = !s.canUndo();
    this.#ui.error.textContent = [...this.#problems.values()].join('\n');
  }
}

if (!customElements.get('reversi-board')) customElements.define('reversi-board', ReversiBoard);
