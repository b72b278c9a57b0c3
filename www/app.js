// The game page: draws what the engine says and asks the engine everything.
import * as engine from '../pkg/reversi.js';
import { AiClient } from './ai.js';
import { BoardComponent } from './board.js';
import { squareName } from './board-view.js';
import { animatedGame, numberedPicture } from './export-image.js';
import { gameFromLink, linkOf, openBoard } from './games.js';
import { LANGUAGES, detectLanguage, errorText, openingName, setLanguage, t, translatePage, variantName } from './i18n.js';
import { setupPuzzles } from './puzzle-mode.js';
import { GameSession } from './session.js';
import { playClick } from './sound.js';
import * as storage from './storage.js';
import { wasmSource } from './wasm-source.js';

const $ = (sel) => document.querySelector(sel);

await engine.default(wasmSource);
const MAX_LEVEL = engine.maxLevel();

const stored = storage.load(MAX_LEVEL);
const settings = stored.settings;
const session = new GameSession(engine, settings);
session.restore(stored.game);
const app = {
  hints: null,
  hover: -1,
  message: '',
  resultShown: false,
  review: null, // { line: squares reviewed, moves: results } while it matches the game
  reviewStatus: '',
  gameList: [], // games read from one paste, to choose from
  editing: null, // { cells: Uint8Array(64) } while the board editor is open
  evals: new Map(), // "start|moves" -> score after those moves, from Black's side
  evalBusy: false,
  analysis: null, // the live analysis of the position shown, see updateAnalysis
};
// A second worker scores each position as the game goes, for the evaluation graph,
// without ever delaying the computer's moves.
const analyst = new AiClient();

function persist() {
  storage.save(settings, session.snapshot());
}

// ---------------------------------------------------------------- view

const board = new BoardComponent($('#board-wrap'), {
  onPlay: (sq) => humanPlay(sq),
  onHover: (sq) => {
    app.hover = sq;
    updateBoard();
  },
  t,
});
board.canvas.id = 'board';
board.grid.id = 'grid';
const view = board.view;
session.animate = (sq, flipped, player) => view.animateMove(sq, flipped, player);

/** A square's name on the board being played. */
function sqName(sq) {
  return squareName(sq, session.game.size());
}

function colorName(c) {
  return t(c === 1 ? 'black' : 'white');
}

function updateBoard() {
  if (app.editing) {
    board.render({ board: app.editing.cells, legal: [], hints: null, preview: null, lastMove: -1 });
    return;
  }
  const g = session.game;
  const toMove = g.toMove();
  const humanTurn = session.humanTurn();
  const legal = humanTurn ? Array.from(g.legalMoves()) : [];
  let preview = null;
  if (humanTurn && app.hover >= 0 && legal.includes(app.hover)) {
    preview = { sq: app.hover, flips: Array.from(g.flipsFor(app.hover)) };
  }
  const moves = session.moves();
  const a = app.analysis;
  const hints = a?.scores && a.position === g.toBoard() ? hintsOf(a.scores, settings.analysisCount || a.scores.length) : humanTurn ? app.hints : null;
  board.render({
    board: g.board(),
    legal,
    showLegal: settings.showLegal,
    lastMove: moves.length ? moves[moves.length - 1] : -1,
    hints,
    preview,
    toMove,
  });
}

function updatePanel() {
  const g = session.game;
  // While the board is set up, the player cards show the position being set up.
  const edited = app.editing ? editedPreview() : null;
  const score = (edited ?? g).score();
  const supply = (edited ?? g).supply();
  edited?.free();
  $('#count-black').textContent = score.black;
  $('#count-white').textContent = score.white;
  $('#supply-black').textContent = t('supply', { n: supply.black });
  $('#supply-white').textContent = t('supply', { n: supply.white });
  const toMove = g.toMove();
  const computerTurn = toMove !== 0 && session.isComputer(toMove);
  const active = app.editing ? ($('#edit-side').value === 'O' ? 2 : 1) : toMove;
  $('#player-black').classList.toggle('active', active === 1);
  $('#player-white').classList.toggle('active', active === 2);
  const viewing = session.reviewing();
  let status;
  if (app.editing) status = t('editorTitle');
  else if (toMove === 0) status = resultText().title;
  else if (viewing) status = t('viewingMove', { n: session.moves().length, total: session.fullMoves().length });
  else if (computerTurn) status = t('thinking');
  else status = settings.mode === 'hc' ? t('yourMove', { player: colorName(toMove) }) : t('toMove', { player: colorName(toMove) });
  $('#status').textContent = status;
  $('#result-line').textContent = toMove === 0 ? resultText().detail : '';
  $('#viewing-bar').hidden = !viewing || toMove === 0;
  if (viewing) $('#viewing-note').textContent = computerTurn ? t('viewingComputerWaits') : t('viewingYourTurn');
  const info = session.aiInfo;
  let aiText = '';
  let aiDetail = '';
  if (computerTurn && info && !viewing) {
    aiText = aiWords(info);
    aiDetail = aiDetails(info);
  } else if (!computerTurn && session.lastAi && session.lastAi.move >= 0) {
    aiText = t('aiLast', { move: sqName(session.lastAi.move), detail: aiWords(session.lastAi) });
    aiDetail = aiDetails(session.lastAi);
  }
  $('#ai-status').textContent = aiText;
  $('#ai-detail').textContent = aiDetail;
  $('#ai-more').hidden = !aiDetail;
  $('#thinking').hidden = !computerTurn || viewing;
  const hist = g.history();
  const lastEntry = hist[hist.length - 1];
  const passed = lastEntry && lastEntry.square < 0 && toMove !== 0;
  $('#pass-box').hidden = !passed;
  if (passed) {
    const you = settings.mode === 'hc' && lastEntry.player === settings.humanColor;
    $('#pass-message').textContent = you ? t('youPass') : t('passes', { player: colorName(lastEntry.player) });
  }
  $('#pass-continue').hidden = !(passed && session.passWaitUntil > 0);
  $('#message').textContent = app.message;
  $('#bring-back').hidden = !(app.offerBack && session.previous);
  const opening = g.opening();
  if (!session.isOthello) $('#opening').textContent = t('variantNow', { name: variantName(g.variant()) });
  else $('#opening').textContent = opening ? t('opening', { name: openingName(opening.name) }) : '';
  // GGF describes square boards: not Eight-Star Othello, nor classic Reversi's supplies.
  const ggf = g.hasGgf();
  $('#copy-ggf').title = ggf ? '' : t('noGgf');
  $('#copy-ggf').disabled = !ggf;
  const played = session.moves().length;
  const total = session.fullMoves().length;
  $('#undo').disabled = !session.canUndo();
  $('#undo').textContent = played === 0 && session.previous ? t('undoReplace') : t('undo');
  $('#redo').disabled = played === total;
  $('#hint').disabled = !session.humanTurn() || Boolean(app.editing);
  if (app.editing) {
    $('#undo').disabled = true;
    $('#redo').disabled = true;
  }
  $('#edit-btn').disabled = Boolean(app.editing);
  updateMoveList();
}

/** What the computer thinks, in words a player understands. */
function aiWords(r) {
  if (r.book) return t('aiBookWords');
  const margin = Math.round(Math.abs(r.score));
  // The score is for the side to move: the computer.
  const key = margin < 2 ? 'aiEven' : r.score > 0 ? (r.exact ? 'aiWinsExact' : 'aiAhead') : r.exact ? 'aiLosesExact' : 'aiBehind';
  return t(key, { n: margin });
}

/** The same with the engine's figures, for those who open the details. */
function aiDetails(r) {
  if (r.book) return t('aiBook', { move: sqName(r.move) });
  return t('aiStatus', { depth: r.depth, move: r.move >= 0 ? sqName(r.move) : '–', score: fmtScore(r.score) + (r.exact ? ` (${t('aiExact')})` : '') });
}

function fmtScore(s) {
  const v = Math.round(s * 10) / 10;
  return (v > 0 ? '+' : '') + v;
}

function updateMoveList() {
  const list = $('#movelist');
  list.replaceChildren();
  const full = session.game.clone();
  while (full.redo());
  const played = session.moves().length;
  let n = 0;
  for (const h of full.history()) {
    const li = document.createElement('li');
    if (h.square < 0) {
      li.className = `pass p${h.player}`;
      li.textContent = `${colorName(h.player)}: ${t('pass')}`;
    } else {
      n += 1;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `move p${h.player}`;
      b.textContent = `${n}. ${sqName(h.square)}`;
      // After a review, each move carries the discs it lost against the best move.
      const reviewed = app.review?.moves[n - 1];
      if (reviewed && reviewed.loss >= 1) {
        b.textContent += ` −${Math.round(reviewed.loss)}`;
        b.classList.add(reviewed.loss >= 6 ? 'blunder' : 'mistake');
        b.title = t('mistake', { n, sq: sqName(h.square), player: colorName(h.player), loss: fmtScore(reviewed.loss).replace('+', ''), best: sqName(reviewed.best) });
      }
      if (n === played) b.setAttribute('aria-current', 'step');
      if (n > played) b.classList.add('future');
      const target = n;
      b.addEventListener('click', () => {
        app.hints = null;
        session.goTo(target);
        app.resultShown = session.game.isOver();
      });
      li.append(b);
    }
    list.append(li);
  }
  full.free();
  $('#no-moves').hidden = n > 0;
  // Keep the current move in view (the list scrolls, the page does not).
  const current = list.querySelector('[aria-current=step]') ?? (played === 0 ? null : list.lastElementChild);
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }
}

function announce(text) {
  const live = $('#live');
  live.textContent = '';
  // A fresh text so that screen readers read it again.
  requestAnimationFrame(() => (live.textContent = text));
}

function refresh() {
  updateAnalysis();
  updateBoard();
  updatePanel();
  updateReview();
  persist();
}

// ---------------------------------------------------------------- analysis
// Every legal move's value on the board, deepening live in a worker of its own while
// the position stays on the board; the page only draws what arrives. It waits while
// the computer thinks, so as not to slow it down.
const analysisAi = new AiClient();
const ANALYSIS = { depth: 12, exactEmpties: 18 };

function updateAnalysis() {
  const g = session.game;
  const toMove = g.toMove();
  const wanted = settings.analysis && !app.editing && toMove !== 0
    && (session.reviewing() || !session.isComputer(toMove));
  const position = g.toBoard();
  if (!wanted) {
    if (app.analysis) analysisAi.cancel();
    app.analysis = null;
  } else if (app.analysis?.position !== position) {
    const mine = { position, depth: 0, scores: null, done: false, depths: [], byDepth: {}, error: '' };
    app.analysis = mine;
    const show = () => {
      if (app.analysis !== mine) return;
      updateBoard();
      updateAnalysisLine();
    };
    analysisAi.request('analyze', position, { ...ANALYSIS, live: true }, ({ scores, depth }) => {
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
  updateAnalysisLine();
}

/** Scored moves (best first) as the board's hints: the first `n`, the best marked. */
function hintsOf(scores, n = scores.length) {
  const best = scores.length ? scores[0].score : 0;
  return new Map(scores.slice(0, n).map((m) => [m.move, { score: m.score, exact: m.exact, best: m.score === best }]));
}

function updateAnalysisLine() {
  const a = app.analysis;
  let text = '';
  if (settings.analysis && !a && session.game.toMove() !== 0) text = t('analysisWaits');
  else if (a?.error) text = a.error;
  else if (a && !a.scores) text = t('analysisStarting');
  else if (a) {
    const best = a.scores[0];
    const value = fmtScore(best.score);
    const exact = a.scores.every((m) => m.exact);
    const head = exact ? t('analysisSolved') : t(a.done ? 'analysisDepth' : 'analysisDeepening', { depth: a.depth });
    text = `${head} ${t('analysisBest', { move: sqName(best.move), value, how: t(best.exact ? 'puzzleExact' : 'puzzleEstimate') })} ${t('puzzleLine', { line: best.pv.map(sqName).join(' ') })}`;
  }
  $('#analysis-line').textContent = text;
  $('#analysis-toggle').checked = settings.analysis;
}

// ---------------------------------------------------------------- review

/** Reviews the game in the worker, marking each move in the list as it is done; a
 *  second press stops it, keeping the moves reviewed so far. */
async function review() {
  if (app.reviewRunning) {
    session.stopAi();
    return;
  }
  view.finishAnimation();
  const line = session.fullMoves();
  app.review = { line, moves: [], partial: true };
  app.reviewRunning = true;
  app.reviewStatus = t('reviewing', { done: 0, total: line.length });
  refresh();
  try {
    const moves = await session.review((p) => {
      if (app.review?.partial) app.review.moves.push(p.review);
      app.reviewStatus = t('reviewing', p);
      updateMoveList();
      updateReview();
    });
    app.review = { line, moves };
    app.reviewStatus = '';
  } catch (err) {
    const done = app.review?.moves.length ?? 0;
    app.reviewStatus = err.cancelled ? t('reviewStopped', { done, total: line.length }) : err.message;
  }
  app.reviewRunning = false;
  refresh();
  session.scheduleAi();
}

const evalKey = (start, line, k) => `${start}|${line.slice(0, k).join(',')}`;

/** Scores, one position at a time, every position of the line that has no score yet. */
async function evaluateLine() {
  if (app.evalBusy) return;
  const line = session.fullMoves();
  const start = session.game.startBoard();
  let k = 1;
  while (k <= line.length && app.evals.has(evalKey(start, line, k))) k++;
  if (k > line.length) return;
  app.evalBusy = true;
  const g = openBoard(engine, start);
  for (const sq of line.slice(0, k)) g.play(sq);
  const board = g.toBoard();
  const blackToMove = g.toMove() !== 2;
  g.free();
  try {
    const r = await analyst.request('search', board, { depth: 6, exactEmpties: 14 });
    app.evals.set(evalKey(start, line, k), blackToMove ? r.score : -r.score);
  } catch {
    app.evalBusy = false;
    return;
  }
  app.evalBusy = false;
  updateReview();
  evaluateLine();
}

function updateReview() {
  const r = app.review;
  const line = session.fullMoves();
  // A review belongs to the line it was made for.
  if (r && r.line.join() !== line.join()) app.review = null;
  const graph = $('#graph');
  const list = $('#mistakes');
  list.replaceChildren();
  $('#review-btn').disabled = !app.reviewRunning && line.length === 0;
  $('#review-btn').textContent = app.reviewRunning ? t('stopReview') : t('review');
  $('#review-status').textContent = app.reviewStatus;
  evaluateLine();
  if (!app.review) {
    const start = session.game.startBoard();
    const values = line.map((_, i) => app.evals.get(evalKey(start, line, i + 1)));
    graph.hidden = !values.some((v) => v !== undefined);
    if (!graph.hidden) drawGraph(graph, values);
    return;
  }
  const moves = app.review.moves;
  const worst = moves.filter((m) => m.loss >= 1).sort((a, b) => b.loss - a.loss).slice(0, 5);
  if (!app.review.partial) $('#review-status').textContent = worst.length ? t('reviewDone', { total: moves.length }) : t('noMistakes', { total: moves.length });
  for (const m of worst) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = t('mistake', { n: m.number, sq: sqName(m.played), player: colorName(m.player), loss: fmtScore(m.loss).replace('+', ''), best: sqName(m.best) });
    b.addEventListener('click', () => session.goTo(m.number - 1));
    const li = document.createElement('li');
    li.append(b);
    list.append(li);
  }
  graph.hidden = false;
  drawGraph(graph, moves.map((m) => (m.player === 1 ? m.playedScore : -m.playedScore)));
}

/** The score after every move, from Black's side, one point per move (undefined: not
 *  scored yet). */
function drawGraph(canvas, values) {
  const dpr = globalThis.devicePixelRatio || 1;
  const w = canvas.clientWidth || 280;
  const h = canvas.clientHeight || 90;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const cs = getComputedStyle(document.documentElement);
  const known = values.filter((v) => v !== undefined);
  const span = Math.max(8, ...known.map(Math.abs));
  const x = (i) => 6 + (i * (w - 12)) / Math.max(1, values.length - 1);
  const y = (v) => h / 2 - (v / span) * (h / 2 - 6);
  ctx.clearRect(0, 0, w, h);
  ctx.strokeStyle = cs.getPropertyValue('--border');
  ctx.beginPath();
  ctx.moveTo(0, h / 2);
  ctx.lineTo(w, h / 2);
  ctx.stroke();
  // What the graph shows: who is ahead (Black above the line) and by how many discs.
  ctx.fillStyle = cs.getPropertyValue('--muted');
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(`${t('graphBlackAhead')} (+${Math.round(span)})`, 4, 2);
  ctx.textBaseline = 'bottom';
  ctx.fillText(`${t('graphWhiteAhead')} (−${Math.round(span)})`, 4, h - 2);
  ctx.strokeStyle = cs.getPropertyValue('--accent');
  ctx.lineWidth = 2;
  ctx.beginPath();
  let pen = false;
  values.forEach((v, i) => {
    if (v === undefined) return;
    if (pen) ctx.lineTo(x(i), y(v));
    else ctx.moveTo(x(i), y(v));
    pen = true;
  });
  ctx.stroke();
  const current = session.moves().length - 1;
  values.forEach((v, i) => {
    if (v === undefined) return;
    ctx.fillStyle = i === current ? cs.getPropertyValue('--last-move') : cs.getPropertyValue('--fg');
    ctx.beginPath();
    ctx.arc(x(i), y(v), i === current ? 4 : 2.5, 0, Math.PI * 2);
    ctx.fill();
  });
  canvas.dataset.points = String(known.length);
  canvas.onclick = (e) => {
    const r = canvas.getBoundingClientRect();
    const i = Math.round(((e.clientX - r.left - 6) / (w - 12)) * Math.max(1, values.length - 1));
    session.goTo(Math.min(values.length, Math.max(0, i + 1)));
  };
}

// ---------------------------------------------------------------- playing

session.addEventListener('change', refresh);
session.addEventListener('move', ({ detail: { player, square, flipped } }) => {
  app.hints = null;
  app.message = '';
  app.offerBack = false;
  app.resultShown = false;
  playClick(settings.sound);
  const texts = [t('played', { player: colorName(player), sq: sqName(square), n: flipped.length })];
  const hist = session.game.history();
  const last = hist[hist.length - 1];
  if (last.square < 0) texts.push(t('passes', { player: colorName(last.player) }));
  if (session.game.isOver()) texts.push(resultText().title);
  announce(texts.join(' '));
});
session.addEventListener('gameover', showResult);
session.addEventListener('replaced', ({ detail: { kind } }) => {
  app.review = null;
  app.message = kind === 'back' ? t('broughtBack') : kind === 'continue' ? t('continuing') : t('replacedUndo', { what: t(`replaced_${kind}`) });
  // A clear offer to bring the replaced game back, until the new one moves on.
  app.offerBack = kind !== 'back';
});
session.addEventListener('aierror', ({ detail }) => {
  app.message = detail.message;
  updatePanel();
});

function humanPlay(sq) {
  if (app.editing) {
    // Cells that are not on the board (Eight-Star's corners) stay off it.
    if (app.editing.cells[sq] === 3) return;
    app.editing.cells[sq] = (app.editing.cells[sq] + 1) % 3;
    updateBoard();
    updatePanel();
    return;
  }
  const why = session.whyNot(sq);
  if (why) {
    // A short cue on the square and the reason, on screen and for screen readers.
    board.flash(sq);
    app.message = t(why.key, { sq: sqName(sq) });
    announce(app.message);
    updatePanel();
    return;
  }
  session.humanPlay(sq);
}

function resultText() {
  const r = session.game.result();
  const s = session.game.score();
  if (!r) return { title: '', detail: '' };
  let title = r.winner === 0 ? t('draw', { b: r.black, w: r.white }) : t('wins', { player: colorName(r.winner), b: r.black, w: r.white });
  if (settings.mode === 'hc' && r.winner !== 0) title = `${t(r.winner === settings.humanColor ? 'youWon' : 'youLost')} ${title}`;
  return { title, detail: t('resultDetail', { bb: s.black, ww: s.white, e: s.empty }) };
}

function showResult() {
  if (app.resultShown) return;
  app.resultShown = true;
  const { title, detail } = resultText();
  $('#result-text').textContent = title;
  $('#result-detail').textContent = detail;
  const d = $('#result-dialog');
  if (!d.open) d.showModal();
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
  app.hints = null;
  app.message = '';
  app.resultShown = false;
  session.newGame(start, game);
  const opened = game ? session.moves().length : 0;
  if (opened) app.message = `${t('balancedStarted', { moves: opened })} ${app.message}`;
  updatePanel();
}

function undo() {
  view.finishAnimation();
  app.hints = null;
  if (session.undo()) app.resultShown = session.game.isOver();
}

function redo() {
  view.finishAnimation();
  app.hints = null;
  session.redo();
}

async function hint() {
  if (!session.humanTurn()) return;
  const said = app.message;
  app.message = t('hintBusy');
  updatePanel();
  try {
    const scores = await session.hint();
    app.message = said;
    if (scores) {
      app.hints = hintsOf(scores);
    }
  } catch (err) {
    app.message = err.cancelled ? '' : err.message;
  }
  refresh();
}

// ---------------------------------------------------------------- import / export

function importText(text) {
  if (!text.trim()) {
    app.message = t('emptyImport');
    updatePanel();
    return;
  }
  let games;
  try {
    // A variant's record names its variant in brackets: one game at a time.
    games = engine.Game.readMany(text);
  } catch (err) {
    app.message = t('badImport', { msg: errorText(err) });
    updatePanel();
    return;
  }
  for (const g of app.gameList) g.free();
  app.gameList = games.length > 1 ? games : [];
  const select = $('#game-list');
  select.replaceChildren(...app.gameList.map((g, i) => new Option(`${i + 1}. ${g.transcript().slice(0, 24) || g.toBoard().slice(0, 16)}`, String(i))));
  $('#game-list-row').hidden = app.gameList.length === 0;
  loadGame(games.length > 1 ? games[0].clone() : games[0]);
  // The replaced game's message (with its Undo offer) stays; a list says how many.
  if (games.length > 1) app.message = `${t('gamesRead', { n: games.length })} ${app.message}`;
  updatePanel();
}

function loadGame(game, kind = 'load') {
  view.finishAnimation();
  app.hints = null;
  app.resultShown = false;
  session.newGame(game.startBoard(), game, kind);
}

/** Play on from the move being viewed: the moves after it are dropped (undo brings
 *  them back with the whole game). */
function continueFromHere() {
  const g = openBoard(engine, session.game.startBoard());
  for (const sq of session.moves()) g.play(sq);
  loadGame(g, 'continue');
}

// ---------------------------------------------------------------- board editor

function openEditor() {
  session.stopAi();
  view.finishAnimation();
  app.editing = { cells: session.game.board() };
  $('#edit-side').value = /O(?: \d+ \d+)?$/.test(session.game.toBoard()) ? 'O' : 'X';
  $('#edit-message').textContent = '';
  $('#editor').hidden = false;
  refresh();
}

function closeEditor() {
  app.editing = null;
  $('#editor').hidden = true;
  refresh();
  session.scheduleAi();
}

/** The editor's position as a board string: 8×8 Othello's, or a variant's tagged one
 *  (cells not on the board as `#`; in classic Reversi each side holds the rest of its
 *  30 discs). */
function editedBoard() {
  const cells = app.editing.cells;
  const side = $('#edit-side').value;
  const text = Array.from(cells, (c) => '-XO#'[c]).join('');
  if (session.isOthello) return `${text} ${side}`;
  const variant = session.game.variant();
  const count = (c) => cells.filter((x) => x === c).length;
  const supplies = variant === 'classic' ? ` ${30 - count(1)} ${30 - count(2)}` : '';
  return `[${variant}] ${text} ${side}${supplies}`;
}

/** The position being set up as a game, for the player cards; `null` when the
 *  engine refuses it (then the cards keep the game's figures). */
function editedPreview() {
  try {
    return engine.Game.fromBoard(editedBoard());
  } catch {
    return null;
  }
}

function editorDone() {
  try {
    const board = editedBoard();
    const game = session.isOthello ? engine.Game.fromSetup(board) : engine.Game.fromBoard(board);
    app.editing = null;
    $('#editor').hidden = true;
    loadGame(game, 'setup');
  } catch (err) {
    $('#edit-message').textContent = errorText(err);
  }
}

function playerName(color) {
  return session.isComputer(color) ? t('computer', { n: settings.levels[color] }) : t('human');
}

function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function saveImage() {
  $('#board').toBlob((blob) => download(blob, `reversi-${session.game.transcript() || 'start'}.png`), 'image/png');
}

/** The whole game as a picture with move numbers, or as an animation. */
async function saveGamePicture(kind) {
  const name = `reversi-${session.game.transcript().slice(0, 40) || 'start'}`;
  try {
    if (kind === 'numbers') download(await numberedPicture(session.game), `${name}-numbers.png`);
    else download(await animatedGame(session.game), `${name}.png`);
  } catch (err) {
    app.message = errorText(err);
    updatePanel();
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
  updateReview(); // the graph takes its colours from the theme
}

function applyLanguage() {
  setLanguage(settings.lang ?? detectLanguage());
  translatePage();
  $('#lang').value = settings.lang ?? detectLanguage();
  fillLevelSelects();
  fillVariants();
  fillRules();
  puzzles.refresh();
  refresh();
}

function fillLevelSelects() {
  for (const sel of document.querySelectorAll('select.level')) {
    const v = sel.value || '5';
    const names = t('levelNames');
    sel.replaceChildren(...Array.from({ length: MAX_LEVEL }, (_, i) => new Option(t('levelNamed', { n: i + 1, name: names[i] ?? '' }), String(i + 1))));
    sel.value = v;
  }
  $('#level-black').previousElementSibling.textContent = t('levelOf', { player: t('black') });
  $('#level-white').previousElementSibling.textContent = t('levelOf', { player: t('white') });
}

function fillRules() {
  const para = (text) => Object.assign(document.createElement('p'), { textContent: text });
  $('#rules-body').replaceChildren(
    ...t('rulesText').map(para),
    Object.assign(document.createElement('h3'), { textContent: t('variantsTitle') }),
    ...t('variantRules').map(para),
  );
}

function fillVariants() {
  const sel = $('#variant');
  const v = sel.value || settings.variant;
  // 8×8 with the crossed start is Othello itself.
  const ids = ['othello', ...engine.Game.variants().map((x) => x.id).filter((id) => id !== '8x8')];
  sel.replaceChildren(...ids.map((id) => new Option(variantName(id), id)));
  sel.value = ids.includes(v) ? v : 'othello';
}

/** Opens a dialog of reading matter at its top: its heading takes the focus, not the
 *  Close button at the bottom. */
function openAtTop(d) {
  d.showModal();
  d.scrollTop = 0;
  d.querySelector('h2')?.focus();
}

function openNewGameDialog() {
  const d = $('#new-dialog');
  d.querySelector(`input[name=mode][value=${settings.mode}]`).checked = true;
  $('#human-color').value = String(settings.humanColor);
  $('#level-black').value = String(settings.levels[1]);
  $('#level-white').value = String(settings.levels[2]);
  $('#speed').value = settings.speed;
  $('#variant').value = session.game.variant();
  $('#balanced-start').checked = Boolean(settings.balancedStart);
  updateDialogFields();
  d.showModal();
}

function updateDialogFields() {
  const mode = $('#new-dialog input[name=mode]:checked').value;
  $('#balanced-row').hidden = $('#variant').value !== 'othello';
  $('#human-color-row').hidden = mode !== 'hc';
  $('#speed-row').hidden = mode !== 'cc';
  const color = Number($('#human-color').value);
  $('#level-black-row').hidden = mode === 'hh' || (mode === 'hc' && color === 1);
  $('#level-white-row').hidden = mode === 'hh' || (mode === 'hc' && color === 2);
}

// ---------------------------------------------------------------- wiring

function wire() {
  $('#new-game').addEventListener('click', openNewGameDialog);
  $('#undo').addEventListener('click', undo);
  $('#redo').addEventListener('click', redo);
  $('#hint').addEventListener('click', hint);
  $('#review-btn').addEventListener('click', review);
  $('#rules-btn').addEventListener('click', () => openAtTop($('#rules-dialog')));
  $('#continue-here').addEventListener('click', continueFromHere);
  $('#settings-btn').addEventListener('click', () => $('#settings-dialog').showModal());
  $('#back-to-game').addEventListener('click', () => session.goTo(session.fullMoves().length));
  $('#pass-continue').addEventListener('click', () => session.continueNow());
  $('#bring-back').addEventListener('click', () => {
    view.finishAnimation();
    app.hints = null;
    session.bringBack();
  });
  $('#help-btn').addEventListener('click', () => openAtTop($('#help-dialog')));
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
    settings.variant = $('#variant').value;
    settings.balancedStart = $('#balanced-start').checked;
    $('#new-dialog').close();
    newGame(null, settings.variant === 'othello' && settings.balancedStart ? balancedStart() : null);
  });
  $('#result-new').addEventListener('click', () => {
    $('#result-dialog').close();
    openNewGameDialog();
  });
  $('#copy-transcript').addEventListener('click', () => copy(session.isOthello ? session.game.transcript() : session.game.record()));
  $('#copy-board').addEventListener('click', () => copy(session.game.toBoard()));
  $('#copy-link').addEventListener('click', () => {
    const url = new URL(location.href);
    url.hash = linkOf(session.game, session.moves().length);
    copy(url.href);
  });
  $('#copy-ggf').addEventListener('click', () => !$('#copy-ggf').disabled && copy(session.game.toGgf({ black: playerName(1), white: playerName(2), date: new Date().toISOString().slice(0, 19) })));
  $('#save-image').addEventListener('click', saveImage);
  $('#save-numbered').addEventListener('click', () => saveGamePicture('numbers'));
  $('#save-animation').addEventListener('click', () => saveGamePicture('animation'));
  $('#edit-btn').addEventListener('click', openEditor);
  $('#edit-cancel').addEventListener('click', closeEditor);
  $('#edit-done').addEventListener('click', editorDone);
  $('#edit-clear').addEventListener('click', () => {
    app.editing.cells = app.editing.cells.map((c) => (c === 3 ? 3 : 0));
    updateBoard();
    updatePanel();
  });
  $('#edit-start').addEventListener('click', () => {
    const start = new engine.Game(session.game.variant());
    app.editing.cells = start.board();
    $('#edit-side').value = start.toMove() === 2 ? 'O' : 'X';
    start.free();
    updateBoard();
    updatePanel();
  });
  $('#edit-side').addEventListener('change', updatePanel);
  $('#game-list').addEventListener('change', (e) => {
    const g = app.gameList[Number(e.target.value)];
    if (g) loadGame(g.clone());
  });
  $('#load-btn').addEventListener('click', () => importText($('#import-text').value));
  $('#show-legal').checked = settings.showLegal;
  $('#show-legal').addEventListener('change', (e) => {
    settings.showLegal = e.target.checked;
    refresh();
  });
  $('#analysis-toggle').addEventListener('change', (e) => {
    settings.analysis = e.target.checked;
    refresh();
  });
  $('#analysis-count').value = String(settings.analysisCount);
  $('#analysis-count').addEventListener('change', (e) => {
    settings.analysisCount = Number(e.target.value);
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
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', applyTheme);
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest('input, textarea, select, dialog')) return;
    const k = e.key.toLowerCase();
    if (k === 'u') undo();
    else if (k === 'r') redo();
    else if (k === 'n') openNewGameDialog();
    else if (k === 'h') hint();
    else if (e.key === '?') openAtTop($('#help-dialog'));
    else return;
    e.preventDefault();
  });
}

wire();
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
applyTheme();
applyLanguage();
document.body.classList.add('ready');
performance.mark('reversi-ready');
session.ai.warmUp();
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
    // Without a service worker the game still plays; it just needs the network.
  });
}
/** A link that carries a game (#v=…&m=…&n=…): opened in place of the saved game,
 *  which stays one Undo away; a bad or cut-off link says why and starts afresh. */
function openLink() {
  const fragment = location.hash.slice(1);
  if (!/(^|&)v=/.test(fragment)) return false;
  history.replaceState(null, '', location.pathname + location.search);
  let opened;
  try {
    opened = gameFromLink(engine, fragment);
  } catch (err) {
    newGame();
    app.message = t('badLink', { msg: err.code?.startsWith('link-') ? t(`err_${err.code}`) : errorText(err) });
    updatePanel();
    return true;
  }
  settings.variant = opened.game.variant();
  loadGame(opened.game, 'link');
  session.goTo(opened.at);
  return true;
}

if (!openLink()) {
  if (session.game.isOver()) showResult();
  else session.scheduleAi();
}
// A link pasted into the address bar of the open page changes only its fragment.
addEventListener('hashchange', openLink);

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
  engine,
  puzzles,
  /** The live analysis of the position on the board: { position, depth, depths, scores, done }. */
  get analysis() {
    return app.analysis ?? null;
  },
  /** The last review of the line played: { line, moves, partial }. */
  get review() {
    return app.review ?? null;
  },
};
