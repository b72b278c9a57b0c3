// The game page's composition root: it starts the engine, the game session and the
// board, makes one part of the page per feature (www/page/: the panel, the move list,
// analysis, review, the editor, records, settings; puzzles in puzzle-mode.js), and
// wires them together. The parts talk through the session's events and the few
// callbacks given here; each owns its DOM, its state and its handlers.
import * as engine from '../pkg/reversi.js';
import { BoardComponent } from './board.js';
import { squareName } from './board-view.js';
import { coalesce, nextFrame, nextTask } from './coalesce.js';
import { openBoard } from './games.js';
import { t } from './i18n.js';
import { Analysis, hintsOf } from './page/analysis.js';
import { $, announce, openAtTop } from './page/dom.js';
import { Editor } from './page/editor.js';
import { MoveList } from './page/movelist.js';
import { Panel } from './page/panel.js';
import { Records } from './page/records.js';
import { Review } from './page/review.js';
import { Settings } from './page/settings.js';
import { Stats } from './page/stats.js';
import { setupPuzzles } from './puzzle-mode.js';
import { GameSession } from './session.js';
import { playClick } from './sound.js';
import * as storage from './storage.js';
import { wasmSource } from './wasm-source.js';

await engine.default(wasmSource);
await nextTask();
const MAX_LEVEL = engine.maxLevel();

const stored = storage.load(MAX_LEVEL);
const settings = stored.settings;
const session = new GameSession(engine, settings);
session.restore(stored.game);

/** What the parts of the page share: the hints of the Hint button, the square under
 *  the mouse, the message line, the offer to bring a replaced game back, and whether
 *  the result of the game shown was shown. */
const page = { hints: null, hover: -1, message: '', offerBack: false, resultShown: false };

const sqName = (sq) => squareName(sq, session.game.size());
const colorName = (c) => t(c === 1 ? 'black' : 'white');

let saved = '';
function persist() {
  const text = JSON.stringify([settings, session.version]);
  if (text === saved) return;
  saved = text;
  storage.save(settings, session.snapshot());
}

// Everything shown is drawn once for a burst of changes (see coalesce.js). Until the
// page has started, its last step draws everything once: a refresh asked for before
// (the language applied, say) would draw it all in the task of that step too.
const refresh = coalesce(() => started && render());

// The page starts in steps (see nextTask); until the last, the board takes no input.
let started = false;
const board = new BoardComponent($('#board-wrap'), {
  onPlay: (sq) => started && humanPlay(sq),
  onHover: (sq) => {
    if (!started || page.hover === sq) return;
    page.hover = sq;
    drawBoard();
  },
  t,
});
board.canvas.id = 'board';
board.grid.id = 'grid';
const view = board.view;
session.animate = (sq, flipped, player) => view.animateMove(sq, flipped, player);
// Making the board laid the page out; the parts of the page come in the next task.
await nextTask();

/** Cells a game of this board can hold moves for: the longest line of the graph
 *  (counted once per variant, not on every render). */
const movesOnBoard = new Map();
const boardMoves = () => {
  const v = session.game.variant();
  if (!movesOnBoard.has(v)) movesOnBoard.set(v, session.game.board().filter((c) => c !== 3).length - 4);
  return movesOnBoard.get(v);
};

const say = (message) => {
  page.message = message;
  refresh();
};

const ctx = { engine, session, settings, page, view, t, sqName, colorName, refresh, persist, say, maxLevel: MAX_LEVEL };
const editor = new Editor({ ...ctx, loadGame: (g, kind) => loadGame(g, kind) });
const analysis = new Analysis({ ...ctx, editing: () => editor.active, onScores: () => drawBoard() });
const review = new Review({ ...ctx, boardMoves, beforeReview: () => view.finishAnimation() });
const panel = new Panel({ ...ctx, editor });
const moveList = new MoveList({
  list: $('#movelist'),
  empty: $('#no-moves'),
  session,
  t,
  sqName,
  colorName,
  reviewOf: () => review.current,
  onPick: (n) => {
    page.hints = null;
    session.goTo(n);
    page.resultShown = session.game.isOver();
  },
});
const records = new Records({ ...ctx, message: () => page.message, loadGame: (g, kind) => loadGame(g, kind), newGame: () => newGame() });
const settingsUi = new Settings({
  ...ctx,
  newGame: (start, game) => newGame(start, game),
  balancedStart,
  onLanguage: () => puzzles.refresh(),
});

const stats = new Stats({ ...ctx, levelName: (n) => t('levelNames')[n - 1] ?? '' });
// The game the page opens with counts when it is a fresh one.
if (!stats.data.current && session.moves().length === 0) stats.started('new');

function drawBoard() {
  if (editor.active) {
    board.render({ board: editor.cells, legal: [], hints: null, preview: null, lastMove: -1 });
    return;
  }
  const g = session.game;
  const humanTurn = session.humanTurn();
  const legal = humanTurn ? Array.from(g.legalMoves()) : [];
  const preview = humanTurn && page.hover >= 0 && legal.includes(page.hover) ? { sq: page.hover, flips: Array.from(g.flipsFor(page.hover)) } : null;
  const moves = session.moves();
  const hints = analysis.hintsFor(g.toBoard()) ?? (humanTurn ? page.hints : null);
  board.render({
    board: g.board(),
    legal,
    showLegal: settings.showLegal,
    lastMove: moves.length ? moves[moves.length - 1] : -1,
    hints,
    preview,
    toMove: g.toMove(),
  });
}

function render() {
  analysis.update();
  drawBoard();
  panel.update();
  moveList.update();
  records.update();
  review.update();
  stats.update();
  stats.render();
  persist();
}

// ---------------------------------------------------------------- playing

session.addEventListener('change', refresh);
// The search's progress: the panel's AI line (see session.js), not the whole page.
const refreshAi = coalesce(() => started && panel.update());
session.addEventListener('aiprogress', refreshAi);
session.addEventListener('move', ({ detail: { player, square, flipped } }) => {
  page.hints = null;
  page.message = '';
  page.offerBack = false;
  page.resultShown = false;
  playClick(settings.sound);
  const texts = [t('played', { player: colorName(player), sq: sqName(square), n: flipped.length })];
  const hist = session.history();
  const last = hist[hist.length - 1];
  if (last.square < 0) texts.push(t('passes', { player: colorName(last.player) }));
  if (session.game.isOver()) texts.push(panel.resultText().title);
  announce(texts.join(' '));
});
session.addEventListener('gameover', () => panel.showResult());
session.addEventListener('replaced', ({ detail: { kind } }) => {
  stats.started(kind);
  page.message = kind === 'back' ? t('broughtBack') : kind === 'continue' ? t('continuing') : t('replacedUndo', { what: t(`replaced_${kind}`) });
  // A clear offer to bring the replaced game back, until the new one moves on.
  page.offerBack = kind !== 'back';
});
session.addEventListener('aierror', ({ detail }) => say(detail.message));

function humanPlay(sq) {
  if (editor.active) {
    editor.toggle(sq);
    return;
  }
  const why = session.whyNot(sq);
  if (why) {
    // A short cue on the square and the reason, on screen and for screen readers.
    board.flash(sq);
    page.message = t(why.key, { sq: sqName(sq) });
    announce(page.message);
    refresh();
    return;
  }
  session.humanPlay(sq);
}

/** A game that starts with one of the engine's balanced openings, chosen at random:
 *  a fresh, fair position whose record keeps the opening moves. */
function balancedStart() {
  const starts = engine.Game.balancedStarts();
  const pick = starts[Math.floor(Math.random() * starts.length)];
  return engine.Game.fromTranscript(pick.transcript);
}

function newGame(start = null, game = null) {
  view.finishAnimation();
  page.hints = null;
  page.message = '';
  page.resultShown = false;
  session.newGame(start, game);
  const opened = game ? session.moves().length : 0;
  if (opened) page.message = `${t('balancedStarted', { moves: opened })} ${page.message}`;
  refresh();
}

function loadGame(game, kind = 'load') {
  view.finishAnimation();
  page.hints = null;
  page.resultShown = false;
  session.newGame(game.startBoard(), game, kind);
}

/** Play on from the move being viewed: the moves after it are dropped (undo brings
 *  them back with the whole game). */
function continueFromHere() {
  const g = openBoard(engine, session.game.startBoard());
  for (const sq of session.moves()) g.play(sq);
  loadGame(g, 'continue');
}

function undo() {
  view.finishAnimation();
  page.hints = null;
  if (session.undo()) page.resultShown = session.game.isOver();
}

function redo() {
  view.finishAnimation();
  page.hints = null;
  session.redo();
}

async function hint() {
  if (!session.humanTurn()) return;
  const said = page.message;
  say(t('hintBusy'));
  try {
    const scores = await session.hint();
    page.message = said;
    if (scores) page.hints = hintsOf(scores);
  } catch (err) {
    page.message = err.cancelled ? '' : err.message;
  }
  refresh();
}

// ---------------------------------------------------------------- wiring

$('#new-game').addEventListener('click', () => settingsUi.openNewGame());
$('#undo').addEventListener('click', undo);
$('#redo').addEventListener('click', redo);
$('#hint').addEventListener('click', hint);
$('#rules-btn').addEventListener('click', () => openAtTop($('#rules-dialog')));
$('#continue-here').addEventListener('click', continueFromHere);
$('#back-to-game').addEventListener('click', () => session.goTo(session.fullMoves().length));
$('#pass-continue').addEventListener('click', () => session.continueNow());
$('#bring-back').addEventListener('click', () => {
  view.finishAnimation();
  page.hints = null;
  session.bringBack();
});
$('#help-btn').addEventListener('click', () => openAtTop($('#help-dialog')));
for (const d of document.querySelectorAll('dialog')) {
  d.querySelector('.close')?.addEventListener('click', () => d.close());
}
$('#result-new').addEventListener('click', () => {
  $('#result-dialog').close();
  settingsUi.openNewGame();
});
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest('input, textarea, select, dialog')) return;
  const k = e.key.toLowerCase();
  if (k === 'u') undo();
  else if (k === 'r') redo();
  else if (k === 'n') settingsUi.openNewGame();
  else if (k === 'h') hint();
  else if (e.key === '?') openAtTop($('#help-dialog'));
  else return;
  e.preventDefault();
});

const puzzles = setupPuzzles({
  engine,
  announce,
  // A puzzle played out against the computer: a new game (the one it replaces can be
  // brought back), the person playing the side to move.
  playOut: (board, color) => {
    settings.mode = 'hc';
    settings.humanColor = color;
    persist();
    newGame(board);
  },
});
await nextTask();
settingsUi.applyTheme();
settingsUi.applyLanguage();
await nextTask();
// The board first (its cached pictures are made for the theme), then everything else,
// each in a frame of its own: the panel's unseen rooms (the longest words each line
// can say, which hold its height) are most of the page's layout, and laid out in the
// frame of the board and the rest of the panel they made it the longest task of the
// start (up to 118 ms at 4x slowdown).
drawBoard();
await nextFrame();
panel.update();
analysis.update();
stats.render();
await nextFrame();
render();
started = true;
document.body.classList.add('ready');
performance.mark('reversi-ready');
session.ai.warmUp();
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
    // Without a service worker the game still plays; it just needs the network.
  });
}

if (!records.openLink()) {
  if (session.game.isOver()) panel.showResult();
  else session.scheduleAi();
}
// A link pasted into the address bar of the open page changes only its fragment.
addEventListener('hashchange', () => records.openLink());

// For tests and the curious: read-only access to the engine's state.
globalThis.reversiApp = {
  get game() {
    return session.game;
  },
  /** The computer's last move: its search result, with the evaluation it used. */
  get lastAi() {
    return session.lastAi;
  },
  squareCenter: (sq) => view.squareCenter(sq),
  /** The board's canvas: where it is drawn ('worker' or 'page'), how many positions it
   *  was given to draw, and the colours of its device pixels at points [x, y]. */
  board: {
    get paintedIn() {
      return view.paintedIn;
    },
    get draws() {
      return view.draws;
    },
    pixels: (points) => view.pixels(points),
    /** The flip animations' frames: { frames, longestGap } (ms). */
    frames: () => view.frames(),
  },
  engine,
  puzzles,
  /** The live analysis of the position on the board: { position, depth, depths, scores, done }. */
  get analysis() {
    return analysis.current;
  },
  /** The last review of the line played: { line, moves, partial }. */
  get review() {
    return review.current;
  },
  /** The player's rating and record: { player: { rating, rd, vol }, games, record, current }. */
  get stats() {
    return stats.data;
  },
};
