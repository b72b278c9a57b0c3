// The one board component of the page and of <reversi-board>: the canvas view, an ARIA
// grid of one cell per square over it, and every way to play a square – a click or tap
// on the canvas, a click event on a cell (as screen readers send it), the arrow keys
// with Enter or Space, and typing a square's name ("d3", "j10"). It draws what it is
// given and reports what the person did; it knows no rule.
import { BoardView, squareName } from './board-view.js';

const OFF = 3; // a cell that is not on the board (Eight-Star's cut corners)

export class BoardComponent {
  /**
   * @param {HTMLElement} wrap  an empty, positioned, square element to fill
   * @param {object} options
   *   onPlay(sq)     the person chose a square (legal or not)
   *   onHover(sq)    the mouse is over a square (-1: none)
   *   coordinates    draw a–h / 1–8 around the board (default true)
   *   t(key, vars)   the translation function for cell names and states
   */
  constructor(wrap, { onPlay, onHover, coordinates = true, t }) {
    this.t = t;
    this.onPlay = onPlay;
    this.focus = -1;
    this.showFocus = false;
    this.typed = '';
    this.size = 0;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    this.grid = document.createElement('div');
    this.grid.setAttribute('role', 'grid');
    this.grid.className = 'board-grid';
    // Laid over the squares (inside the coordinate margin) with the CSSOM, so that
    // neither the page nor a shadow root needs a style rule for it and a strict
    // Content-Security-Policy allows it.
    const inset = coordinates ? '5.5% 1.5% 1.5% 5.5%' : '2%';
    Object.assign(this.grid.style, { position: 'absolute', inset, display: 'grid', gridAutoRows: '1fr', pointerEvents: 'none' });
    wrap.append(canvas, this.grid);
    this.view = new BoardView(canvas, { onClick: (sq) => this.#play(sq), onHover, coordinates, offscreen: true });
    this.state = { board: new Uint8Array(64), legal: [], hints: null };
    this.grid.addEventListener('click', (e) => {
      const cell = e.target.closest('[role=gridcell]');
      if (cell) this.#play(Number(cell.dataset.sq));
    });
    this.grid.addEventListener('keydown', (e) => this.#key(e));
    this.grid.addEventListener('focusin', (e) => {
      if (e.target.dataset.sq) this.focus = Number(e.target.dataset.sq);
      this.showFocus = true;
      this.#draw();
    });
    this.grid.addEventListener('focusout', () => {
      this.showFocus = false;
      this.#draw();
    });
  }

  /** The board's canvas (the view may replace it, see BoardView). */
  get canvas() {
    return this.view.canvas;
  }

  #play(sq) {
    this.focus = sq;
    this.onPlay?.(sq);
  }

  #key(e) {
    const n = this.size;
    const steps = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    const f = this.focus;
    if (e.key in steps) {
      e.preventDefault();
      const d = steps[e.key];
      const ok = (d === -1 && f % n > 0) || (d === 1 && f % n < n - 1) || (d === -n && f >= n) || (d === n && f < n * (n - 1));
      if (ok) this.moveFocus(f + d);
      this.typed = '';
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.typed = '';
      this.#play(f);
    } else if (/^[a-j]$/i.test(e.key) && e.key.toLowerCase().charCodeAt(0) - 97 < n) {
      this.typed = e.key.toLowerCase();
    } else if (/^[0-9]$/.test(e.key) && this.typed) {
      // A square's name: a letter, then the row (on ten rows "1" may begin "10").
      const col = this.typed.charCodeAt(0) - 97;
      if (this.typed.length === 1 && e.key === '1' && n >= 10) {
        this.typed += '1';
        return;
      }
      const row = this.typed.length === 2 ? (e.key === '0' ? 10 : 1) : Number(e.key);
      this.typed = '';
      if (row < 1 || row > n) return;
      const sq = (row - 1) * n + col;
      this.moveFocus(sq);
      this.#play(sq);
    }
  }

  /** Moves the keyboard focus to a square (and the DOM focus, if the board has it). */
  moveFocus(sq) {
    this.focus = sq;
    this.showFocus = true;
    const cell = this.cells?.[sq];
    this.#labelCells();
    cell?.focus();
    this.#draw();
  }

  #build(n) {
    if (n === this.size) return;
    this.size = n;
    this.grid.replaceChildren();
    this.cells = [];
    /** What each cell says now, so that a render touches only the cells whose words
     *  changed (a screen reader is told of each change). */
    this.labels = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      Object.assign(row.style, { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr' });
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.sq = String(r * n + c);
        cell.style.outline = 'none';
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
        this.labels.push(null);
      }
      this.grid.append(row);
    }
    // The focus starts near the centre.
    this.focus = (n / 2 - 1) * n + n / 2 - 1;
  }

  /**
   * Shows a position. `state`: board (cells, 3 = off the board), legal, showLegal,
   * lastMove, hints (Map sq -> { score, exact, best }), preview, toMove.
   */
  render(state) {
    this.state = state;
    this.#build(Math.round(Math.sqrt(state.board.length)) || 8);
    this.#labelCells();
    this.#draw();
  }

  #draw() {
    this.view.set({ ...this.state, focus: this.focus, showFocus: this.showFocus });
  }

  #labelCells() {
    const { board, legal, hints } = this.state;
    const t = this.t;
    const boardLabel = t('board');
    if (this.boardLabel !== boardLabel) {
      this.grid.setAttribute('aria-label', boardLabel);
      this.boardLabel = boardLabel;
    }
    const isLegal = new Set(legal);
    for (let sq = 0; sq < this.cells.length; sq++) {
      const cell = this.cells[sq];
      const c = board[sq];
      const tab = sq === this.focus ? 0 : -1;
      if (cell.tabIndex !== tab) cell.tabIndex = tab;
      let label;
      if (c === OFF) label = t('cellOff');
      else {
        const parts = [squareName(sq, this.size), c === 0 ? t('cellEmpty') : t(c === 1 ? 'black' : 'white')];
        if (c === 0 && isLegal.has(sq)) parts.push(t('cellLegal'));
        const h = hints?.get(sq);
        if (h) parts.push(t(h.exact ? 'cellHintExact' : 'cellHint', { score: (h.score > 0 ? '+' : '') + Math.round(h.score * 10) / 10 }) + (h.best ? `, ${t('cellBest')}` : ''));
        label = parts.join(', ');
      }
      if (this.labels[sq] === label) continue;
      this.labels[sq] = label;
      cell.setAttribute('aria-label', label);
      if (c === OFF) cell.setAttribute('aria-disabled', 'true');
      else cell.removeAttribute('aria-disabled');
    }
  }

  /** A short visual cue on a square that cannot be played. */
  flash(sq) {
    this.view.flash(sq);
  }
}
