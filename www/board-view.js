// The board's canvas on the page: its size, its theme's colours, which square a click
// or tap is on, and a painter (www/board-paint.js) that draws what it is given. A live
// board hands its canvas to a painter in a worker of its own (an OffscreenCanvas):
// drawing, the flip animations' frames and the canvas's commits to the screen then
// cost the page's main thread nothing (on a slow phone without a GPU, committing a
// 780×780 canvas made the main thread wait 20–50 ms a frame). Where the browser cannot
// (no OffscreenCanvas, or the worker does not start), the painter runs on the page.

import { BoardPainter, emptyState, geometry, longestAnimation } from './board-paint.js';
import { painterType, painterUrl } from './worker-url.js';

const FILES = 'abcdefghijk';

/** A square's name on a board of `size` squares per side: c4, j10. */
export function squareName(sq, size = 8) {
  return FILES[sq % size] + (Math.floor(sq / size) + 1);
}

/** Squares per side of a board given as its cells (64 for 8×8, 100 for 10×10). */
export function boardSize(board) {
  return Math.round(Math.sqrt(board.length)) || 8;
}

// Cells not on the board (Eight-Star's cut corners) come as 3.
const OFF = 3;

/** A value's contents as a string: primitives, arrays, typed arrays, Maps, objects. */
function signature(v) {
  if (v === null || typeof v !== 'object') return String(v);
  if (v instanceof Map) return `M{${Array.from(v, ([k, x]) => `${k}=${signature(x)}`).join(';')}}`;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return `[${Array.from(v, signature).join(',')}]`;
  return `{${Object.keys(v).map((k) => `${k}:${signature(v[k])}`).join(',')}}`;
}

/** The board's colours in the theme of `element` (its CSS custom properties). */
export function readColors(element) {
  const cs = getComputedStyle(element);
  const v = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
  return {
    frame: v('--board-frame', '#0f3d22'),
    board: v('--board', '#1d7a43'),
    line: v('--board-line', '#0d3b20'),
    coord: v('--board-coord', '#d8efe0'),
    legal: v('--legal', 'rgba(255,255,255,0.78)'),
    illegal: v('--illegal', '#ff5a4f'),
    last: v('--last-move', '#e0433a'),
    focus: v('--focus', '#ffd54a'),
    hint: v('--hint', '#fff'),
    hintBest: v('--hint-best', '#ffe27a'),
  };
}

/** Whether this browser can hand a canvas to a worker to draw. */
const canPaintOffscreen = (canvas) => typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function';

/** A painter in a worker (www/board-worker.js), with the methods of BoardPainter that
 *  the view uses. `onFail` is called if the worker does not start; the canvas, given
 *  away, cannot be drawn on the page then, and the view takes a new one. */
class WorkerPainter {
  constructor(canvas, { coordinates }, onFail) {
    this.worker = new Worker(painterUrl(), { type: painterType, name: 'board' });
    this.started = false;
    this.pending = new Map(); // request id -> resolve
    this.animations = new Set(); // ids of the moves being animated
    this.lastId = 0;
    this.worker.onmessage = (e) => {
      const m = e.data;
      if (m.kind === 'ready') this.started = true;
      else this.#settle(m.id, m);
    };
    this.worker.onerror = (e) => {
      if (this.started) return;
      e.preventDefault?.();
      this.#failed(onFail);
    };
    const offscreen = canvas.transferControlToOffscreen();
    this.worker.postMessage({ kind: 'init', canvas: offscreen, coordinates }, [offscreen]);
  }

  #failed(onFail) {
    this.stop();
    onFail();
  }

  #settle(id, value) {
    this.animations.delete(id);
    const resolve = this.pending.get(id);
    this.pending.delete(id);
    resolve?.(value);
  }

  /** A request whose answer comes back with its id. */
  #ask(message, transfer) {
    const id = ++this.lastId;
    if (this.stopped) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...message, id }, transfer ?? []);
    });
  }

  configure(options) {
    this.worker.postMessage({ kind: 'configure', ...options });
  }

  set(state) {
    this.worker.postMessage({ kind: 'set', state });
  }

  animateMove(placed, flipped, color, options) {
    const done = this.#ask({ kind: 'animate', placed, flipped, color, ...options });
    const id = this.lastId;
    this.animations.add(id);
    // The move goes on even if the worker's frames stop (a hidden page draws none).
    const timer = setTimeout(() => this.#settle(id), longestAnimation(options.n) + 1500);
    return done.then(() => clearTimeout(timer));
  }

  flash(sq) {
    this.worker.postMessage({ kind: 'flash', sq });
  }

  /** Ends a running animation at once: its promise resolves now, as the page's own
   *  painter's would (undo, a new game and review go on at once). */
  finishAnimation() {
    this.worker.postMessage({ kind: 'finish' });
    for (const id of this.animations) this.#settle(id);
  }

  /** The colours of device pixels [x, y] of the canvas. */
  pixels(points) {
    return this.#ask({ kind: 'pixels', points }).then((m) => m?.pixels ?? null);
  }

  /** The board as a PNG Blob. */
  picture() {
    return this.#ask({ kind: 'picture' }).then((m) => m?.blob ?? null);
  }

  frames() {
    return this.#ask({ kind: 'frames' }).then((m) => m?.frames ?? null);
  }

  /** Ends the worker; what was asked of it and not answered resolves with null. */
  stop() {
    this.worker.terminate();
    this.stopped = true;
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.animations.clear();
    for (const resolve of pending) resolve(null);
  }
}

export class BoardView {
  /**
   * `offscreen`: draw in a worker where the browser can (a live board); a board drawn
   * to be read at once (a picture) draws on the page.
   */
  constructor(canvas, { onClick, onHover, coordinates = true, offscreen = false } = {}) {
    this.canvas = canvas;
    this.coordinates = coordinates;
    this.onClick = onClick;
    this.onHover = onHover;
    this.state = emptyState();
    this.reducedMotion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
    this.size = 0;
    this.dpr = 0;
    /** The theme's colours as last given to the painter (read once per theme). */
    this.colors = null;
    /** Positions given to the painter to draw (each a whole redraw). */
    this.draws = 0;
    /** Whether a position was given (set): before it nothing is drawn, so that the
     *  page's start makes the painter's layers once, in its theme, not once per step. */
    this.shown = false;
    /** Made when first needed (a board in a closed dialog starts no worker). */
    this.painter = null;
    this.offscreen = offscreen;
    this.#listen(canvas);
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    this.resize();
  }

  #listen(canvas) {
    canvas.addEventListener('click', (e) => {
      const sq = this.squareAt(e.clientX, e.clientY);
      if (sq >= 0) this.onClick?.(sq);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'mouse') this.onHover?.(this.squareAt(e.clientX, e.clientY));
    });
    canvas.addEventListener('pointerleave', () => this.onHover?.(-1));
  }

  /** A painter for `canvas`: in a worker where asked and possible, else on the page. */
  #attach(canvas, offscreen) {
    if (offscreen && canPaintOffscreen(canvas)) {
      try {
        this.painter = new WorkerPainter(canvas, { coordinates: this.coordinates }, () => this.#replaceCanvas(false));
        /** Where the board is drawn: 'worker' or 'page' (Details and tests). */
        this.paintedIn = 'worker';
        return;
      } catch {
        // No worker here (a policy may forbid it): the page draws.
      }
    }
    this.painter = new BoardPainter(canvas, { coordinates: this.coordinates });
    this.paintedIn = 'page';
  }

  /** A new canvas in the old one's place (with its id and attributes), with a painter
   *  of its own, showing what the old one showed: a canvas handed to a worker cannot
   *  be drawn by anyone else. */
  #replaceCanvas(offscreen) {
    const fresh = this.canvas.cloneNode(false);
    this.canvas.replaceWith(fresh);
    this.canvas = fresh;
    this.#listen(fresh);
    this.#attach(fresh, offscreen);
    if (this.size) this.painter.configure({ size: this.size, dpr: this.dpr, colors: this.colors ?? undefined });
    if (this.shown) this.painter.set({ ...this.state });
  }

  /** The board is off the page (a removed <reversi-board>): its painter worker ends,
   *  so that boards taken away leave no threads behind. resume() brings one back. */
  suspend() {
    if (this.paintedIn !== 'worker' || this.suspended) return;
    this.painter.finishAnimation();
    this.painter.stop();
    this.suspended = true;
  }

  resume() {
    if (!this.suspended) return;
    this.suspended = false;
    this.#replaceCanvas(true);
  }

  resize() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    const size = Math.max(160, Math.floor(Math.min(box.width, box.height || box.width)));
    const dpr = globalThis.devicePixelRatio || 1;
    if (size === this.size && dpr === this.dpr) return;
    this.size = size;
    this.dpr = dpr;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    this.painter?.configure({ size, dpr });
  }

  /** The painter, made at the first need, with the size known by then. */
  #paint() {
    if (!this.painter) {
      this.#attach(this.canvas, this.offscreen);
      if (this.size) this.painter.configure({ size: this.size, dpr: this.dpr });
    }
    return this.painter;
  }

  /** The page's theme changed: the colours are read again and the board redrawn. */
  themeChanged() {
    this.colors = null;
    if (this.shown) this.#giveColors();
  }

  #giveColors() {
    this.colors = readColors(this.canvas);
    this.#paint().configure({ colors: this.colors });
  }

  /** Squares per side of the board shown. */
  get n() {
    return boardSize(this.state.board);
  }

  get geometry() {
    return geometry(this.size, this.n, this.coordinates);
  }

  /** The square under a point in client coordinates, or -1. */
  squareAt(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const { margin, cell } = this.geometry;
    const x = clientX - r.left - margin;
    const y = clientY - r.top - margin;
    if (x < 0 || y < 0) return -1;
    const n = this.n;
    const c = Math.floor(x / cell);
    const row = Math.floor(y / cell);
    const sq = row * n + c;
    return c < n && row < n && this.state.board[sq] !== OFF ? sq : -1;
  }

  /** The centre of a square in client coordinates (for tests and tooltips). */
  squareCenter(sq) {
    const r = this.canvas.getBoundingClientRect();
    const { margin, cell } = this.geometry;
    const n = this.n;
    return { x: r.left + margin + (sq % n + 0.5) * cell, y: r.top + margin + (Math.floor(sq / n) + 0.5) * cell };
  }

  set(partial) {
    Object.assign(this.state, partial);
    // The page renders on every change of the game or the search (a search's progress
    // several times a second), most of which leave the board as it is shown: those
    // draw nothing. Read by value: a caller may pass an array it changed in place.
    const key = signature(this.state);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.shown = true;
    if (!this.colors) this.#giveColors();
    this.draws += 1;
    this.#paint().set({ ...this.state });
  }

  /** Animates a move: `placed` appears, `flipped` turn from the opponent's colour. */
  animateMove(placed, flipped, color) {
    return this.#paint().animateMove(placed, flipped, color, { reduced: !!this.reducedMotion?.matches, n: this.n });
  }

  /** A short red cross on a square that cannot be played (the illegal-move cue). */
  flash(sq) {
    this.#paint().flash(sq);
  }

  /** Ends a running animation at once. */
  finishAnimation() {
    this.painter?.finishAnimation();
  }

  /** The colours of the board's device pixels at points [x, y] (tests). */
  async pixels(points) {
    const painter = this.#paint();
    if (painter.pixels) return painter.pixels(points);
    const { ctx } = painter;
    return points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data));
  }

  /** The flip animations' frames so far: { frames, longestGap } (ms; the bench). */
  async frames() {
    const painter = this.#paint();
    return painter.frames ? painter.frames() : { ...painter.frameStats };
  }

  /** The board as shown, as a PNG Blob. */
  picture() {
    if (this.#paint().picture) return this.painter.picture();
    return new Promise((resolve) => this.canvas.toBlob(resolve, 'image/png'));
  }
}
