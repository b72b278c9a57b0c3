// The puzzle dialog: a board of its own, a theme to choose, the answer graded by the
// engine in a worker of its own, and the progress kept in the browser. The game being
// played is not touched, unless the player asks to play a puzzle out.
import { AiClient } from './ai.js';
import { BoardComponent } from './board.js';
import { nextTask } from './coalesce.js';
import { squareName } from './board-view.js';
import { t } from './i18n.js';
import { EXACT_LIMIT, Progress, THEMES, nextPuzzle, parsePuzzles } from './puzzles.js';
import { puzzlesSource } from './wasm-source.js';
import { $, fillRoom, longest } from './page/dom.js';

/**
 * @param {object} options
 *   engine                the wasm module (for the puzzle's legal moves and flips)
 *   playOut(board, color) start a game from a board string, the person playing `color`
 *   announce(text)        say something to screen readers
 */
export function setupPuzzles({ engine, playOut, announce }) {
  const dialog = $('#puzzle-dialog');
  const state = {
    puzzles: null, // all, once loaded
    progress: new Progress(),
    puzzle: null,
    game: null, // the puzzle's position, a Game
    grade: null, // the last answer's grade
    answered: false, // whether this puzzle's first answer was recorded
    busy: false,
    shown: null, // the board shown: after the answer, or null for the puzzle
    error: '',
  };
  let ai = null;
  const board = new BoardComponent($('#puzzle-board'), { onPlay: (sq) => answer(sq), t });
  board.canvas.id = 'puzzle-canvas';
  board.grid.id = 'puzzle-grid';

  async function load() {
    if (state.puzzles) return state.puzzles;
    const source = puzzlesSource();
    const bytes = source instanceof Uint8Array ? source : await (await fetch(source)).arrayBuffer();
    // Read (in the one-file build: decoded from the page) and parsed in two tasks.
    await nextTask();
    state.puzzles = parsePuzzles(bytes);
    return state.puzzles;
  }

  function fillThemes() {
    const select = $('#puzzle-theme');
    const chosen = state.progress.data.theme;
    select.replaceChildren(...THEMES.map((id) => {
      const o = document.createElement('option');
      o.value = id;
      // A short name: the task names the theme in full and the line below gives its
      // progress, so that the picker fits a phone in every language.
      o.textContent = t(`themeName_${id}`);
      return o;
    }));
    select.value = chosen;
  }

  function show(puzzle) {
    state.game?.free();
    state.puzzle = puzzle;
    state.game = engine.Game.fromBoard(puzzle.board);
    state.grade = null;
    state.answered = false;
    state.shown = null;
    state.error = '';
    render();
    announce(taskText());
  }

  function taskText() {
    const p = state.puzzle;
    if (!p) return '';
    return t('puzzleTask', {
      number: p.number,
      theme: t(`theme_${p.theme}`),
      empties: p.empties,
      difficulty: p.difficulty,
      player: t(p.toMove === 1 ? 'black' : 'white'),
    });
  }

  const name = (sq) => squareName(sq, 8);
  function outcome(score) {
    return score > 0 ? t('puzzleWinsBy', { n: score }) : score < 0 ? t('puzzleLosesBy', { n: -score }) : t('puzzleDraws');
  }

  /** Unseen copies of the longest task, verdict, best line and progress notes in the
   *  page's language (dom.js, fillRoom). */
  function rooms() {
    const player = longest([t('black'), t('white')]);
    const tasks = THEMES.map((theme) => t('puzzleTask', { number: 700, theme: t(`theme_${theme}`), empties: 40, difficulty: 5, player }));
    const outcome = longest([t('puzzleWinsBy', { n: 64 }), t('puzzleLosesBy', { n: 64 }), t('puzzleDraws')]);
    const how = longest([t('puzzleExact'), t('puzzleEstimate')]);
    const discs = longest([t('discSingular'), t('discPlural')]);
    const verdicts = [
      t('puzzleChecking'),
      t('puzzleCheckingDeep'),
      t('puzzleRight', { move: 'h8', outcome, how }),
      t('puzzleWrong', { move: 'h8', n: 64, discs, best: 'h8', outcome, played: outcome, how }),
      t('puzzleAnswer', { best: 'h8', outcome, how }),
    ];
    // A best line as long as the exact solver's deepest (EXACT_LIMIT moves); a longer
    // one, rare, may take another line.
    const lines = [t('puzzleLine', { line: Array(EXACT_LIMIT).fill('h8').join(' ') })];
    const progress = [t('puzzleProgress', { solved: 700, total: 700, streak: 700, best: 700 })];
    const themeProgress = [t('puzzleThemeProgress', { solved: 700, total: 700 })];
    fillRoom($('#puzzle-task-room'), 'status', tasks);
    fillRoom($('#puzzle-verdict-room'), 'message', verdicts);
    fillRoom($('#puzzle-line-room'), 'note', lines);
    fillRoom($('#puzzle-progress-room'), 'note', progress);
    fillRoom($('#puzzle-theme-progress-room'), 'note', themeProgress);
  }

  function render() {
    rooms();
    const p = state.puzzle;
    const g = state.game;
    const d = state.progress.data;
    $('#puzzle-progress').textContent = state.puzzles
      ? t('puzzleProgress', { solved: d.solved.length, total: state.puzzles.length, streak: d.streak, best: d.bestStreak })
      : '';
    // The chosen theme's count, under its picker (the picker shows names only).
    $('#puzzle-theme-progress').textContent = state.puzzles
      ? t('puzzleThemeProgress', { solved: state.progress.solvedIn(state.puzzles, d.theme), total: state.puzzles.filter((p) => p.theme === d.theme).length })
      : '';
    $('#puzzle-task').textContent = state.error || taskText();
    const gr = state.grade;
    let verdict = '';
    let line = '';
    if (state.busy) verdict = t(p && p.empties <= EXACT_LIMIT ? 'puzzleChecking' : 'puzzleCheckingDeep');
    else if (gr) {
      const how = t(gr.exact ? 'puzzleExact' : 'puzzleEstimate');
      verdict = gr.shown
        ? t('puzzleAnswer', { best: name(gr.best.move), outcome: outcome(gr.best.score), how })
        : gr.right
        ? t('puzzleRight', { move: name(gr.move), outcome: outcome(gr.best.score), how })
        : t('puzzleWrong', { move: name(gr.move), n: gr.loss, discs: t(gr.loss === 1 ? 'discSingular' : 'discPlural'), best: name(gr.best.move), outcome: outcome(gr.best.score), played: outcome(gr.played.score), how });
      line = t('puzzleLine', { line: gr.best.pv.map(name).join(' ') });
    }
    $('#puzzle-verdict').textContent = verdict;
    $('#puzzle-line').textContent = line;
    $('#puzzle-retry').hidden = !gr || gr.right;
    $('#puzzle-answer').hidden = Boolean(gr) || state.busy || !p;
    $('#puzzle-play').disabled = !p;
    $('#puzzle-next').disabled = !state.puzzles;
    if (!g) {
      board.render({ board: new Uint8Array(64), legal: [], hints: null, preview: null, lastMove: -1 });
      return;
    }
    // After an answer: the best move and the one played, with their scores.
    let hints = null;
    if (gr) {
      hints = new Map([[gr.best.move, { score: gr.best.score, exact: gr.exact, best: true }]]);
      if (!gr.right) hints.set(gr.move, { score: gr.played.score, exact: gr.exact, best: false });
    }
    const open = !gr && !state.busy;
    board.render({
      board: g.board(),
      legal: open ? Array.from(g.legalMoves()) : [],
      showLegal: true,
      lastMove: -1,
      hints,
      preview: null,
      toMove: g.toMove(),
    });
  }

  async function answer(sq) {
    const g = state.game;
    if (!g || state.busy || state.grade) return;
    if (!Array.from(g.legalMoves()).includes(sq)) {
      board.flash(sq);
      const cell = g.board()[sq];
      state.error = t(cell !== 0 ? 'illegalTaken' : 'illegalNoFlip', { sq: name(sq) });
      render();
      announce(state.error);
      state.error = '';
      return;
    }
    await ask(() => ai.request('grade', state.puzzle.board, { move: sq }));
  }

  /** Runs `request` in the worker for the puzzle shown; its grade is recorded as the
   *  puzzle's first answer (`right` taken from it) unless one was recorded already. */
  async function ask(request) {
    state.busy = true;
    render();
    ai ??= new AiClient();
    const puzzle = state.puzzle;
    try {
      const grade = await request();
      if (state.puzzle !== puzzle) return;
      state.grade = grade;
      if (!state.answered) {
        state.answered = true;
        state.progress.record(puzzle, grade.right && !grade.shown);
        fillThemes();
      }
    } catch (err) {
      if (err.cancelled) return;
      state.error = err.message;
    } finally {
      if (state.puzzle === puzzle) state.busy = false;
    }
    render();
    announce($('#puzzle-verdict').textContent);
  }

  function next() {
    if (!state.puzzles) return;
    ai?.cancel();
    state.busy = false;
    show(nextPuzzle(state.puzzles, state.progress.data.theme, state.progress, Math.random, state.puzzle?.id ?? -1));
  }

  async function open() {
    // Its rooms made before it is shown, so that nothing in it moves as its words come;
    // the rest is drawn once the puzzles are read (drawing the board here too made the
    // click's task long on a slow phone).
    if (!dialog.open) {
      rooms();
      dialog.showModal();
      // showModal restyles the whole page as it turns inert and lays the dialog out (a
      // third to a half of a slow phone's 50 ms): the file is asked for in the next task.
      await nextTask();
    }
    try {
      await load();
    } catch (err) {
      state.error = t('puzzleLoadFailed');
      render();
      return;
    }
    // The file read, the puzzle drawn in a task of its own.
    await nextTask();
    fillThemes();
    if (!state.puzzle || state.puzzle.theme !== state.progress.data.theme) next();
    else render();
  }

  $('#puzzles-btn').addEventListener('click', open);
  $('#puzzle-theme').addEventListener('change', (e) => {
    state.progress.data.theme = e.target.value;
    state.progress.save();
    next();
  });
  $('#puzzle-next').addEventListener('click', next);
  $('#puzzle-retry').addEventListener('click', () => {
    state.grade = null;
    render();
  });
  $('#puzzle-answer').addEventListener('click', () => {
    // The answer shown counts as a miss when it comes first.
    const p = state.puzzle;
    if (!p) return;
    const limits = p.empties <= EXACT_LIMIT ? { depth: 60, exactEmpties: 64 } : { depth: 10, exactEmpties: 16 };
    ask(async () => {
      const best = await ai.request('search', p.board, limits);
      return { move: best.move, best, played: best, loss: 0, right: true, exact: best.exact, shown: true };
    });
  });
  $('#puzzle-play').addEventListener('click', () => {
    const p = state.puzzle;
    if (!p) return;
    dialog.close();
    playOut(p.board, p.toMove);
  });
  dialog.addEventListener('close', () => {
    ai?.cancel();
    state.busy = false;
  });

  return {
    open,
    /** For tests: the puzzle shown, and the last answer's grade. */
    get current() {
      const p = state.puzzle;
      return p && { ...p, board: p.board };
    },
    get grade() {
      return state.grade;
    },
    /** Redraws in the current language (when shown: opening draws it anyway). */
    refresh() {
      if (!dialog.open) return;
      if (state.puzzles) fillThemes();
      render();
    },
  };
}
