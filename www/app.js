// The game page: draws what the engine says and asks the engine everything.
import init, { Game, maxLevel } from '../pkg/reversi.js';
import { AiClient } from './ai.js';
import { BoardView, squareName } from './board-view.js';
import { LANGUAGES, detectLanguage, setLanguage, t, translatePage } from './i18n.js';
import { playClick } from './sound.js';
import * as storage from './storage.js';

const $ = (sel) => document.querySelector(sel);
const SPEED_MS = { slow: 1200, normal: 500, fast: 80 };

await init();
const MAX_LEVEL = maxLevel();

const stored = storage.load(MAX_LEVEL);
const settings = stored.settings;
const app = {
  game: new Game(),
  start: null, // board string the game started from, or null for the standard start
  hints: null,
  hover: -1,
  focus: 27,
  showFocus: false,
  aiInfo: null,
  message: '',
  resultShown: false,
  timer: 0,
};
const ai = new AiClient();

// ---------------------------------------------------------------- restoring

function restore(saved) {
  if (!saved) return;
  try {
    const g = saved.start ? Game.fromBoard(saved.start) : new Game();
    for (const sq of saved.moves) g.play(sq);
    const full = g.clone();
    for (const sq of saved.redo) full.play(sq);
    for (let i = 0; i < saved.redo.length; i++) full.undo();
    app.game.free();
    app.game = full;
    g.free();
    app.start = saved.start;
  } catch {
    // A stored game that does not replay is ignored.
    app.game = new Game();
    app.start = null;
  }
}
restore(stored.game);

function persist() {
  const moves = movesOf(app.game);
  const full = app.game.clone();
  while (full.redo());
  const redo = movesOf(full).slice(moves.length);
  full.free();
  storage.save(settings, { start: app.start, moves, redo });
}

function movesOf(game) {
  return game.history().filter((h) => h.square >= 0).map((h) => h.square);
}

// ---------------------------------------------------------------- view

const view = new BoardView($('#board'), {
  onClick: (sq) => humanPlay(sq),
  onHover: (sq) => {
    app.hover = sq;
    updateBoard();
  },
});

function colorName(c) {
  return t(c === 1 ? 'black' : 'white');
}

function isComputer(color) {
  return settings.mode === 'cc' || (settings.mode === 'hc' && color !== settings.humanColor);
}

function reviewing() {
  const probe = app.game.clone();
  const can = probe.redo();
  probe.free();
  return can;
}

function updateBoard() {
  const g = app.game;
  const toMove = g.toMove();
  const humanTurn = toMove !== 0 && !isComputer(toMove);
  const legal = humanTurn ? Array.from(g.legalMoves()) : [];
  let preview = null;
  if (humanTurn && app.hover >= 0 && legal.includes(app.hover)) {
    preview = { sq: app.hover, flips: Array.from(g.flipsFor(app.hover)) };
  }
  const hist = g.history();
  const last = [...hist].reverse().find((h) => h.square >= 0);
  view.set({
    board: g.board(),
    legal,
    showLegal: settings.showLegal,
    lastMove: last ? last.square : -1,
    hints: humanTurn ? app.hints : null,
    preview,
    toMove,
    focus: app.focus,
    showFocus: app.showFocus,
  });
  updateGrid(legal);
}

function updateGrid(legal) {
  const board = app.game.board();
  for (const cell of document.querySelectorAll('#grid [role=gridcell]')) {
    const sq = Number(cell.dataset.sq);
    const c = board[sq];
    const parts = [squareName(sq), c === 0 ? t('cellEmpty') : colorName(c)];
    if (c === 0 && legal.includes(sq)) parts.push(t('cellLegal'));
    cell.setAttribute('aria-label', parts.join(', '));
    cell.tabIndex = sq === app.focus ? 0 : -1;
  }
}

function updatePanel() {
  const g = app.game;
  const score = g.score();
  const supply = g.supply();
  $('#count-black').textContent = score.black;
  $('#count-white').textContent = score.white;
  $('#supply-black').textContent = t('supply', { n: supply.black });
  $('#supply-white').textContent = t('supply', { n: supply.white });
  const toMove = g.toMove();
  $('#player-black').classList.toggle('active', toMove === 1);
  $('#player-white').classList.toggle('active', toMove === 2);
  let status;
  if (toMove === 0) status = t('gameOver');
  else if (isComputer(toMove)) status = t('thinking');
  else status = settings.mode === 'hc' ? t('yourMove', { player: colorName(toMove) }) : t('toMove', { player: colorName(toMove) });
  $('#status').textContent = status;
  const info = app.aiInfo;
  $('#ai-status').textContent = info && toMove !== 0 && isComputer(toMove)
    ? t('aiStatus', { depth: info.depth, move: info.move >= 0 ? squareName(info.move) : '–', score: fmtScore(info.score) + (info.exact ? ` (${t('aiExact')})` : '') })
    : '';
  $('#thinking').hidden = !(toMove !== 0 && isComputer(toMove));
  const hist = g.history();
  const lastEntry = hist[hist.length - 1];
  $('#pass-message').textContent = lastEntry && lastEntry.square < 0 ? t('passes', { player: colorName(lastEntry.player) }) : '';
  $('#message').textContent = app.message;
  $('#undo').disabled = !hist.some((h) => h.square >= 0);
  const probe = g.clone();
  $('#redo').disabled = !probe.redo();
  probe.free();
  $('#hint').disabled = !(toMove !== 0 && !isComputer(toMove));
  const rev = reviewing();
  $('#review-note').hidden = !rev;
  if (rev) {
    const full = g.clone();
    while (full.redo());
    $('#review-note').textContent = t('viewing', { n: movesOf(g).length, total: movesOf(full).length });
    full.free();
  }
  updateMoveList();
}

function fmtScore(s) {
  const v = Math.round(s * 10) / 10;
  return (v > 0 ? '+' : '') + v;
}

function updateMoveList() {
  const list = $('#movelist');
  list.replaceChildren();
  const full = app.game.clone();
  while (full.redo());
  const played = movesOf(app.game).length;
  const hist = full.history();
  let n = 0;
  for (const h of hist) {
    const li = document.createElement('li');
    if (h.square < 0) {
      li.className = 'pass';
      li.textContent = `${colorName(h.player)}: ${t('pass')}`;
      li.setAttribute('aria-hidden', 'true');
    } else {
      n += 1;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `move p${h.player}`;
      b.textContent = `${n}. ${squareName(h.square)}`;
      b.dataset.index = String(n);
      if (n === played) b.setAttribute('aria-current', 'step');
      if (n > played) b.classList.add('future');
      const target = n;
      b.addEventListener('click', () => goToMove(target));
      li.append(b);
    }
    list.append(li);
  }
  full.free();
  $('#no-moves').hidden = n > 0;
}

function announce(text) {
  const live = $('#live');
  live.textContent = '';
  // A fresh text node so that screen readers read it again.
  requestAnimationFrame(() => (live.textContent = text));
}

function refresh() {
  updateBoard();
  updatePanel();
  persist();
}

// ---------------------------------------------------------------- playing

async function playMove(sq) {
  const g = app.game;
  const player = g.toMove();
  const flipped = Array.from(g.play(sq));
  app.hints = null;
  app.aiInfo = null;
  app.message = '';
  playClick(settings.sound);
  const hist = g.history();
  const texts = [t('played', { player: colorName(player), sq: squareName(sq), n: flipped.length })];
  const lastEntry = hist[hist.length - 1];
  if (lastEntry.square < 0) texts.push(t('passes', { player: colorName(lastEntry.player) }));
  updatePanel();
  updateBoard();
  persist();
  const done = view.animateMove(sq, flipped, player);
  if (g.isOver()) texts.push(resultText().title);
  announce(texts.join(' '));
  await done;
  afterMove();
}

function afterMove() {
  updateBoard();
  if (app.game.isOver()) {
    showResult();
    return;
  }
  scheduleAi();
}

function humanPlay(sq) {
  const g = app.game;
  const toMove = g.toMove();
  if (toMove === 0 || isComputer(toMove)) return;
  if (!Array.from(g.legalMoves()).includes(sq)) return;
  view.finishAnimation();
  app.focus = sq;
  playMove(sq);
}

function scheduleAi() {
  clearTimeout(app.timer);
  const g = app.game;
  const toMove = g.toMove();
  if (toMove === 0 || !isComputer(toMove) || reviewing()) {
    updatePanel();
    return;
  }
  const delay = settings.mode === 'cc' ? SPEED_MS[settings.speed] : 0;
  const position = g.toBoard();
  const moveCount = g.history().length;
  updatePanel();
  app.timer = setTimeout(async () => {
    try {
      const result = await ai.request('search', position, { level: settings.levels[toMove], seed: Math.floor(Math.random() * 2 ** 32) }, (r) => {
        app.aiInfo = r;
        updatePanel();
      });
      // Only a move for the very position asked about is played.
      if (app.game.toBoard() !== position || app.game.history().length !== moveCount || reviewing()) return;
      if (result.move < 0) return;
      app.aiInfo = result;
      await playMove(result.move);
    } catch (err) {
      if (!err.cancelled) {
        app.message = err.message;
        updatePanel();
      }
    }
  }, delay);
}

function stopAi() {
  clearTimeout(app.timer);
  ai.cancel();
  app.aiInfo = null;
  view.finishAnimation();
}

function resultText() {
  const r = app.game.result();
  const s = app.game.score();
  if (!r) return { title: '', detail: '' };
  const title = r.winner === 0 ? t('draw', { b: r.black, w: r.white }) : t('wins', { player: colorName(r.winner), b: r.black, w: r.white });
  return { title, detail: t('resultDetail', { bb: s.black, ww: s.white, e: s.empty }) };
}

function showResult() {
  updatePanel();
  if (app.resultShown) return;
  app.resultShown = true;
  const { title, detail } = resultText();
  $('#result-text').textContent = title;
  $('#result-detail').textContent = detail;
  const d = $('#result-dialog');
  if (!d.open) d.showModal();
}

function newGame(start = null, game = null) {
  stopAi();
  app.game.free();
  app.game = game ?? (start ? Game.fromBoard(start) : new Game());
  app.start = start;
  app.hints = null;
  app.message = '';
  app.resultShown = false;
  refresh();
  if (app.game.isOver()) showResult();
  else scheduleAi();
}

function undo() {
  stopAi();
  const g = app.game;
  let any = false;
  if (settings.mode === 'hc') {
    // Back to the person's previous turn.
    while (g.undo()) {
      any = true;
      if (g.toMove() === settings.humanColor) break;
    }
  } else {
    any = g.undo();
  }
  if (any) {
    app.hints = null;
    app.resultShown = false;
    refresh();
    scheduleAi();
  }
}

function redo() {
  stopAi();
  const g = app.game;
  let any = false;
  if (settings.mode === 'hc') {
    while (g.redo()) {
      any = true;
      if (g.toMove() === settings.humanColor || g.isOver()) break;
    }
  } else {
    any = g.redo();
  }
  if (any) {
    app.hints = null;
    refresh();
    if (g.isOver()) showResult();
    else scheduleAi();
  }
}

function goToMove(n) {
  stopAi();
  const g = app.game;
  let played = movesOf(g).length;
  while (played > n && g.undo()) played--;
  while (played < n && g.redo()) played++;
  app.hints = null;
  app.resultShown = g.isOver();
  refresh();
  scheduleAi();
}

async function hint() {
  const g = app.game;
  const toMove = g.toMove();
  if (toMove === 0 || isComputer(toMove)) return;
  const position = g.toBoard();
  app.message = t('hintBusy');
  updatePanel();
  try {
    const scores = await ai.request('analyze', position, { depth: 8, exactEmpties: 16 });
    if (app.game.toBoard() !== position) return;
    const best = scores.length ? scores[0].score : 0;
    app.hints = new Map(scores.map((s) => [s.move, { score: s.score, exact: s.exact, best: s.score === best }]));
    app.message = '';
    updatePanel();
    updateBoard();
  } catch (err) {
    if (!err.cancelled) app.message = err.message;
    updatePanel();
  }
}

// ---------------------------------------------------------------- import / export

function importText(text) {
  const trimmed = text.trim();
  const compact = trimmed.split(';')[0].replace(/\s+/g, '');
  const looksLikeBoard = compact.length >= 60 && /^[XOxo*.\-]+$/.test(compact);
  try {
    if (looksLikeBoard) {
      const g = Game.fromBoard(trimmed);
      newGame(g.toBoard(), g);
    } else {
      newGame(null, Game.fromTranscript(trimmed));
    }
    app.message = t('loaded');
    updatePanel();
    return true;
  } catch (err) {
    app.message = t('badImport', { msg: err.message });
    updatePanel();
    return false;
  }
}

async function copy(text) {
  $('#import-text').value = text;
  try {
    await navigator.clipboard.writeText(text);
    app.message = t('copied');
  } catch {
    $('#import-text').select();
    app.message = '';
  }
  updatePanel();
}

// ---------------------------------------------------------------- settings

function applyTheme() {
  const root = document.documentElement;
  if (settings.theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
  view.draw();
}

function applyLanguage() {
  setLanguage(settings.lang ?? detectLanguage());
  translatePage();
  $('#lang').value = settings.lang ?? detectLanguage();
  fillLevelSelects();
  fillRules();
  refresh();
}

function fillLevelSelects() {
  for (const sel of document.querySelectorAll('select.level')) {
    const v = sel.value || '5';
    sel.replaceChildren(...Array.from({ length: MAX_LEVEL }, (_, i) => new Option(t('level', { n: i + 1 }), String(i + 1))));
    sel.value = v;
  }
  $('#level-black').previousElementSibling.textContent = t('levelOf', { player: t('black') });
  $('#level-white').previousElementSibling.textContent = t('levelOf', { player: t('white') });
}

function fillRules() {
  $('#rules-body').replaceChildren(...t('rulesText').map((p) => Object.assign(document.createElement('p'), { textContent: p })));
}

function openNewGameDialog() {
  const d = $('#new-dialog');
  d.querySelector(`input[name=mode][value=${settings.mode}]`).checked = true;
  $('#human-color').value = String(settings.humanColor);
  $('#level-black').value = String(settings.levels[1]);
  $('#level-white').value = String(settings.levels[2]);
  $('#speed').value = settings.speed;
  updateDialogFields();
  d.showModal();
}

function updateDialogFields() {
  const mode = $('#new-dialog input[name=mode]:checked').value;
  $('#human-color-row').hidden = mode !== 'hc';
  $('#speed-row').hidden = mode !== 'cc';
  const color = Number($('#human-color').value);
  $('#level-black-row').hidden = mode === 'hh' || (mode === 'hc' && color === 1);
  $('#level-white-row').hidden = mode === 'hh' || (mode === 'hc' && color === 2);
}

// ---------------------------------------------------------------- wiring

function buildGrid() {
  const grid = $('#grid');
  for (let r = 0; r < 8; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    for (let c = 0; c < 8; c++) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.dataset.sq = String(r * 8 + c);
      cell.tabIndex = -1;
      row.append(cell);
    }
    grid.append(row);
  }
  grid.addEventListener('keydown', (e) => {
    const moves = { ArrowUp: -8, ArrowDown: 8, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
      e.preventDefault();
      const f = app.focus;
      const d = moves[e.key];
      const ok = (d === -1 && f % 8 > 0) || (d === 1 && f % 8 < 7) || (d === -8 && f >= 8) || (d === 8 && f < 56);
      if (ok) app.focus = f + d;
      app.showFocus = true;
      updateBoard();
      grid.querySelector(`[data-sq="${app.focus}"]`).focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      humanPlay(app.focus);
    }
  });
  grid.addEventListener('focusin', (e) => {
    if (e.target.dataset.sq) app.focus = Number(e.target.dataset.sq);
    app.showFocus = true;
    updateBoard();
  });
  grid.addEventListener('focusout', () => {
    app.showFocus = false;
    updateBoard();
  });
}

function wire() {
  $('#new-game').addEventListener('click', openNewGameDialog);
  $('#undo').addEventListener('click', undo);
  $('#redo').addEventListener('click', redo);
  $('#hint').addEventListener('click', hint);
  $('#rules-btn').addEventListener('click', () => $('#rules-dialog').showModal());
  $('#help-btn').addEventListener('click', () => $('#help-dialog').showModal());
  for (const d of document.querySelectorAll('dialog')) {
    d.querySelector('.close')?.addEventListener('click', () => d.close());
  }
  $('#new-dialog').addEventListener('change', updateDialogFields);
  $('#new-start').addEventListener('click', (e) => {
    e.preventDefault();
    settings.mode = $('#new-dialog input[name=mode]:checked').value;
    settings.humanColor = Number($('#human-color').value);
    settings.levels = { 1: Number($('#level-black').value), 2: Number($('#level-white').value) };
    settings.speed = $('#speed').value;
    $('#new-dialog').close();
    newGame();
  });
  $('#result-new').addEventListener('click', () => {
    $('#result-dialog').close();
    openNewGameDialog();
  });
  $('#copy-transcript').addEventListener('click', () => copy(app.game.transcript()));
  $('#copy-board').addEventListener('click', () => copy(app.game.toBoard()));
  $('#load-btn').addEventListener('click', () => importText($('#import-text').value));
  $('#show-legal').checked = settings.showLegal;
  $('#show-legal').addEventListener('change', (e) => {
    settings.showLegal = e.target.checked;
    refresh();
  });
  $('#sound').checked = settings.sound;
  $('#sound').addEventListener('change', (e) => {
    settings.sound = e.target.checked;
    persist();
  });
  $('#theme').value = settings.theme;
  $('#theme').addEventListener('change', (e) => {
    settings.theme = e.target.value;
    applyTheme();
    persist();
  });
  const lang = $('#lang');
  lang.replaceChildren(...Object.entries(LANGUAGES).map(([k, name]) => new Option(name, k)));
  lang.addEventListener('change', (e) => {
    settings.lang = e.target.value;
    applyLanguage();
  });
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => view.draw());
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest('input, textarea, select, dialog')) return;
    const k = e.key.toLowerCase();
    if (k === 'u') undo();
    else if (k === 'r') redo();
    else if (k === 'n') openNewGameDialog();
    else if (k === 'h') hint();
    else if (e.key === '?') $('#help-dialog').showModal();
    else return;
    e.preventDefault();
  });
}

buildGrid();
wire();
applyTheme();
applyLanguage();
document.body.classList.add('ready');
performance.mark('reversi-ready');
ai.warmUp();
if (app.game.isOver()) showResult();
else scheduleAi();

// For tests and the curious: read-only access to the engine's state.
globalThis.reversiApp = {
  get game() {
    return app.game;
  },
  squareCenter: (sq) => view.squareCenter(sq),
};
