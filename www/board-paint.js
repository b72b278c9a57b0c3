// Draws the board on a canvas: squares, star points, coordinates, discs, legal-move
// marks, the last move, hover previews, hints, the keyboard focus, and flip animations.
// It only draws what it is given; every rule is the engine's. It needs no document:
// the page runs it in a worker of its own on the canvas's OffscreenCanvas
// (www/board-worker.js), so that drawing and the canvas's commits to the screen stay
// off the main thread; where that cannot be, BoardView runs it on the page.

import { nextTask } from './coalesce.js';

const FLIP_MS = 320;
const STAGGER_MS = 45;
const PLACE_MS = 140;
const FLASH_MS = 700;
const FILES = 'abcdefghijk';

// Cells not on the board (Eight-Star's cut corners) come as 3.
const OFF = 3;

/** A canvas to draw into out of sight: a document's where there is one (older
 *  browsers draw an OffscreenCanvas nowhere), else an OffscreenCanvas (a worker). */
function makeCanvas(width, height) {
  if (globalThis.document) return Object.assign(document.createElement('canvas'), { width, height });
  return new OffscreenCanvas(width, height);
}

/** The next frame, where a worker has none (older browsers), a timer's 60th of a second.
 *  Looked up at each call (a test may put its own in place). */
const onFrame = (f) => (globalThis.requestAnimationFrame ? globalThis.requestAnimationFrame(f) : setTimeout(() => f(performance.now()), 16));
const cancelFrame = (id) => (globalThis.cancelAnimationFrame ? globalThis.cancelAnimationFrame(id) : clearTimeout(id));

/** The longest a move's animation may take on a board of `n` squares a side, in ms. */
export const longestAnimation = (n) => (n - 2) * STAGGER_MS + FLIP_MS;

/** What a board shows before it is given a position. */
export const emptyState = () => ({
  board: new Uint8Array(64),
  legal: [],
  lastMove: -1,
  showLegal: true,
  hints: null,
  preview: null,
  numbers: null, // Map square -> move number, drawn on the discs
  focus: -1,
  showFocus: false,
  toMove: 1,
});

export class BoardPainter {
  /** `canvas`: an HTMLCanvasElement or an OffscreenCanvas, sized by configure(). */
  constructor(canvas, { coordinates = true } = {}) {
    this.canvas = canvas;
    this.coordinates = coordinates;
    this.ctx = canvas.getContext('2d');
    this.state = emptyState();
    this.anim = null; // { start, placed, delays: Map(sq -> delay), from: color, to: color }
    this.frame = 0;
    /** CSS pixels a side, and device pixels per CSS pixel. */
    this.size = 0;
    this.dpr = 1;
    /** The theme's colours (the page reads them once per theme). */
    this.colors = null;
    /** What does not change from move to move, drawn once per size and theme: the
     *  frame, the squares, the lines, the star points and the coordinates; and one
     *  picture of each disc. Each draw copies them. */
    this.layers = null;
    /** Whether a position was given (set): before it nothing is drawn. */
    this.shown = false;
    /** The animations' frames drawn, the longest time between two of one move, the
     *  animations' time in all, and the time spent drawing frames (all in ms). */
    this.frameStats = { frames: 0, longestGap: 0, time: 0, drawing: 0, longestDraw: 0 };
  }

  /** The size (CSS pixels), the pixel ratio and the theme's colours; each given only
   *  when it changed. Draws again if a position is shown. */
  configure({ size, dpr, colors }) {
    if (size !== undefined && dpr !== undefined && (size !== this.size || dpr !== this.dpr)) {
      this.size = size;
      this.dpr = dpr;
      this.canvas.width = Math.round(size * dpr);
      this.canvas.height = Math.round(size * dpr);
      this.layers = null;
    }
    if (colors) {
      this.colors = colors;
      this.layers = null;
    }
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    if (this.shown && this.colors && this.size) this.draw();
  }

  /** Squares per side of the board shown. */
  get n() {
    return Math.round(Math.sqrt(this.state.board.length)) || 8;
  }

  get geometry() {
    return geometry(this.size, this.n, this.coordinates);
  }

  /** Shows a position (every field of the state, or some). */
  set(partial) {
    Object.assign(this.state, partial);
    this.shown = true;
    if (!this.colors || !this.size) return;
    if (!this.anim) this.draw();
    // During a move's animation the next frame draws the board whole (see animateMove).
    else this.anim.drawn = -1;
  }

  /** Animates a move: `placed` appears, `flipped` turn from the opponent's colour. */
  animateMove(placed, flipped, color, { reduced = false } = {}) {
    if (reduced || flipped.length === 0) {
      this.anim = null;
      this.draw();
      return Promise.resolve();
    }
    const n = this.n;
    const pr = Math.floor(placed / n);
    const pc = placed % n;
    const delays = new Map(flipped.map((sq) => [sq, (Math.max(Math.abs(Math.floor(sq / n) - pr), Math.abs((sq % n) - pc)) - 1) * STAGGER_MS]));
    const total = Math.max(...delays.values()) + FLIP_MS;
    return new Promise((resolve) => {
      this.finishAnimation();
      this.anim = { start: performance.now(), placed, delays, to: color, from: 3 - color, total, resolve, drawn: -1 };
      const anim = this.anim;
      cancelFrame(this.frame);
      // Where no frames come (a hidden page), the move still ends.
      anim.timer = setTimeout(() => this.anim === anim && this.finishAnimation(), total + 1000);
      const tick = () => {
        const a = this.anim;
        const now = performance.now();
        if (now - a.start >= a.total) {
          clearTimeout(a.timer);
          this.anim = null;
          this.draw(now);
          this.frameStats.time += now - a.start;
          // What the page does after the move (its next turn's words, the computer's
          // search) starts in a task of its own: in this frame its layout and paint
          // would come on top of the board's (on a slow phone, a frame over 50 ms).
          nextTask().then(a.resolve);
          return;
        }
        // The first frame shows the new position (its marks, its last move) whole; the
        // later ones repaint only the discs that turned since the frame before.
        const t0 = performance.now();
        if (a.drawn < 0) this.draw(now);
        else this.#drawChanged(a, now);
        const took = performance.now() - t0;
        Object.assign(this.frameStats, { drawing: this.frameStats.drawing + took, longestDraw: Math.max(this.frameStats.longestDraw, took) });
        this.frameStats.frames += 1;
        if (a.lastFrame) this.frameStats.longestGap = Math.max(this.frameStats.longestGap, now - a.lastFrame);
        a.lastFrame = now;
        a.drawn = now;
        this.frame = onFrame(tick);
      };
      this.frame = onFrame(tick);
    });
  }

  /** A short red cross on a square that cannot be played (the illegal-move cue). */
  flash(sq) {
    this.flashing = { sq, start: performance.now() };
    cancelFrame(this.flashFrame);
    const tick = () => {
      if (!this.anim) this.draw();
      if (this.flashing && performance.now() - this.flashing.start < FLASH_MS) this.flashFrame = onFrame(tick);
      else {
        this.flashing = null;
        if (!this.anim) this.draw();
      }
    };
    this.flashFrame = onFrame(tick);
  }

  /** Ends a running animation at once. */
  finishAnimation() {
    if (!this.anim) return;
    cancelFrame(this.frame);
    clearTimeout(this.anim.timer);
    const r = this.anim.resolve;
    this.anim = null;
    this.draw();
    r();
  }

  draw(now = performance.now()) {
    if (!this.colors || !this.size) return;
    const { ctx } = this;
    const { margin, cell } = this.geometry;
    const col = this.colors;
    const size = this.size;
    const layers = this.#layers(col, margin, cell);
    ctx.clearRect(0, 0, size, size);
    ctx.drawImage(layers.background, 0, 0, size, size);
    this.#drawSquares(col, margin, cell, layers, now);
  }

  /** One frame of a move's animation after its first: the same picture as draw(), but
   *  painted only over the discs whose drawing changed since the frame drawn at
   *  `a.drawn` (each disc's picture with its shadow, to whole device pixels). Outside
   *  that clip nothing changed, so the canvas is as a whole redraw would leave it, and
   *  the browser repaints and composites a few squares instead of the board. */
  #drawChanged(a, now) {
    const { margin, cell } = this.geometry;
    const layers = this.#layers(this.colors, margin, cell);
    const n = this.n;
    const { dpr } = this;
    const half = layers.discs[1].side / 2;
    const moving = (t0, length) => a.drawn - a.start < t0 + length && now - a.start > t0;
    const changed = [...a.delays].filter(([, delay]) => moving(delay, FLIP_MS)).map(([sq]) => sq);
    if (moving(0, PLACE_MS)) changed.push(a.placed);
    // The illegal-move cross (flash) on a square, and once more when it has gone.
    const fl = this.flashing?.sq ?? -1;
    if (fl >= 0) changed.push(fl);
    if (a.flashed >= 0 && a.flashed !== fl) changed.push(a.flashed);
    a.flashed = fl;
    if (changed.length === 0) return;
    // One rectangle around them all: under a clip of several rectangles Skia
    // antialiases paths (the hint's ring, the cross) slightly differently than
    // unclipped, and the canvas's damage is one rectangle anyway.
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const sq of changed) {
      const cx = margin + (sq % n + 0.5) * cell;
      const cy = margin + (Math.floor(sq / n) + 0.5) * cell;
      x0 = Math.min(x0, cx - half);
      y0 = Math.min(y0, cy - half);
      x1 = Math.max(x1, cx + half);
      y1 = Math.max(y1, cy + half);
    }
    // To whole device pixels, so that no pixel is half inside.
    [x0, y0] = [Math.floor(x0 * dpr) / dpr, Math.floor(y0 * dpr) / dpr];
    [x1, y1] = [Math.ceil(x1 * dpr) / dpr, Math.ceil(y1 * dpr) / dpr];
    const { ctx } = this;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    this.draw(now);
    ctx.restore();
  }

  /** The cached layers for the board as it is now (made again when the size, the
   *  theme or the cells that are not on the board change). */
  #layers(col, margin, cell) {
    const s = this.state;
    const { dpr } = this;
    let off = '';
    for (let sq = 0; sq < s.board.length; sq++) if (s.board[sq] === OFF) off += `${sq},`;
    const key = `${this.size}|${dpr}|${this.n}|${off}`;
    if (this.layers?.key === key) return this.layers;
    const side = Math.max(1, Math.round(this.size * dpr));
    const background = makeCanvas(side, side);
    const bg = background.getContext('2d');
    bg.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.#drawBackground(bg, col, margin, cell);
    const radius = cell * 0.41;
    this.layers = { key, background, radius, discs: { 1: discSprite(radius, 1, dpr), 2: discSprite(radius, 2, dpr) } };
    return this.layers;
  }

  #drawBackground(ctx, col, margin, cell) {
    const s = this.state;
    const size = this.size;
    ctx.fillStyle = col.frame;
    roundRect(ctx, 0, 0, size, size, size * 0.02);
    ctx.fill();
    const n = this.n;
    ctx.fillStyle = col.board;
    ctx.fillRect(margin, margin, cell * n, cell * n);
    ctx.strokeStyle = col.line;
    ctx.lineWidth = Math.max(1, cell * 0.025);
    ctx.beginPath();
    for (let i = 0; i <= n; i++) {
      ctx.moveTo(margin + i * cell, margin);
      ctx.lineTo(margin + i * cell, margin + n * cell);
      ctx.moveTo(margin, margin + i * cell);
      ctx.lineTo(margin + n * cell, margin + i * cell);
    }
    ctx.stroke();
    // Cells that are not on the board take the frame's colour.
    ctx.fillStyle = col.frame;
    s.board.forEach((c, sq) => {
      if (c === OFF) ctx.fillRect(margin + (sq % n) * cell - 1, margin + Math.floor(sq / n) * cell - 1, cell + 2, cell + 2);
    });
    // Star points a quarter of the way in, on boards of 8 and more.
    ctx.fillStyle = col.line;
    const q = n >= 8 ? n / 4 : 0;
    const points = q === Math.round(q) && q > 0 ? [[q, q], [n - q, q], [q, n - q], [n - q, n - q]] : [];
    for (const [gx, gy] of points) {
      ctx.beginPath();
      ctx.arc(margin + gx * cell, margin + gy * cell, cell * 0.07, 0, Math.PI * 2);
      ctx.fill();
    }
    if (this.coordinates) this.#drawCoordinates(ctx, col, margin, cell);
  }

  #drawCoordinates(ctx, col, margin, cell) {
    ctx.fillStyle = col.coord;
    ctx.font = `600 ${Math.round(margin * 0.55)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < this.n; i++) {
      ctx.fillText(FILES[i], margin + (i + 0.5) * cell, margin / 2);
      ctx.fillText(String(i + 1), margin / 2, margin + (i + 0.5) * cell);
    }
  }

  #drawSquares(col, margin, cell, layers, now) {
    const { ctx } = this;
    const s = this.state;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const a = this.anim;
    const n = this.n;
    for (let sq = 0; sq < s.board.length; sq++) {
      const cx = margin + (sq % n + 0.5) * cell;
      const cy = margin + (Math.floor(sq / n) + 0.5) * cell;
      const c = s.board[sq];
      if (c === OFF) continue;
      if (c) {
        let color = c;
        let scaleX = 1;
        let scale = 1;
        if (a && a.delays.has(sq)) {
          const p = Math.min(1, Math.max(0, (now - a.start - a.delays.get(sq)) / FLIP_MS));
          scaleX = Math.abs(Math.cos(Math.PI * p));
          color = p < 0.5 ? a.from : a.to;
        } else if (a && sq === a.placed) {
          scale = 0.6 + 0.4 * Math.min(1, (now - a.start) / PLACE_MS);
        }
        drawSprite(ctx, layers, cx, cy, scale, color, scaleX);
        const number = s.numbers?.get(sq);
        if (number) {
          // The move that placed the disc (a game's picture), in the disc's opposite colour.
          ctx.fillStyle = color === 1 ? '#fff' : '#111';
          ctx.font = `700 ${Math.round(cell * (number > 9 ? 0.32 : 0.38))}px system-ui, sans-serif`;
          ctx.fillText(String(number), cx, cy + cell * 0.02);
        }
        if (sq === s.lastMove && !a) {
          ctx.fillStyle = col.last;
          ctx.beginPath();
          ctx.arc(cx, cy, cell * 0.08, 0, Math.PI * 2);
          ctx.fill();
        }
      } else if (s.hints && s.hints.has(sq)) {
        const h = s.hints.get(sq);
        if (h.best) {
          // The best move: a ring in the hint colour around its value.
          // Its outer edge 0.36 of a square from the centre, clear of where the
          // repaint of a turning neighbour's disc ends (0.385: see #drawChanged).
          ctx.strokeStyle = col.hintBest;
          ctx.lineWidth = Math.max(2, cell * 0.05);
          ctx.beginPath();
          ctx.arc(cx, cy, cell * 0.36 - ctx.lineWidth / 2, 0, Math.PI * 2);
          ctx.stroke();
        }
        ctx.fillStyle = h.best ? col.hintBest : col.hint;
        const v = Math.round(h.score * 10) / 10;
        const label = (v > 0 ? '+' : '') + v;
        // Long values ("+12.5") in a smaller size, so that they stay inside the ring.
        ctx.font = `${h.exact ? 700 : 500} ${Math.round(cell * (label.length > 4 ? 0.22 : label.length > 3 ? 0.26 : 0.3))}px system-ui, sans-serif`;
        ctx.fillText(label, cx, cy);
        if (h.exact) {
          // An exact value (proven by the solver) is underlined, apart from estimates.
          const w = ctx.measureText(label).width;
          ctx.fillRect(cx - w / 2, cy + cell * 0.17, w, Math.max(1.5, cell * 0.035));
        }
      } else if (s.preview && s.preview.sq === sq) {
        ctx.globalAlpha = 0.45;
        drawSprite(ctx, layers, cx, cy, 1, s.toMove, 1);
        ctx.globalAlpha = 1;
      } else if (s.showLegal && s.legal.includes(sq)) {
        ctx.fillStyle = col.legal;
        ctx.beginPath();
        ctx.arc(cx, cy, cell * 0.12, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    const fl = this.flashing;
    if (fl && fl.sq >= 0 && fl.sq < s.board.length) {
      const p = Math.min(1, (performance.now() - fl.start) / FLASH_MS);
      const cx = margin + (fl.sq % n + 0.5) * cell;
      const cy = margin + (Math.floor(fl.sq / n) + 0.5) * cell;
      const r = cell * 0.22;
      ctx.globalAlpha = 1 - p * p;
      ctx.strokeStyle = col.illegal;
      ctx.lineWidth = Math.max(2.5, cell * 0.08);
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(cx - r, cy - r);
      ctx.lineTo(cx + r, cy + r);
      ctx.moveTo(cx + r, cy - r);
      ctx.lineTo(cx - r, cy + r);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.lineCap = 'butt';
    }
    if (s.preview && !a) {
      ctx.strokeStyle = s.toMove === 1 ? '#111' : '#f4f4f4';
      ctx.lineWidth = Math.max(1.5, cell * 0.04);
      for (const sq of s.preview.flips) {
        const cx = margin + (sq % n + 0.5) * cell;
        const cy = margin + (Math.floor(sq / n) + 0.5) * cell;
        ctx.beginPath();
        ctx.arc(cx, cy, cell * 0.16, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    if (s.showFocus && s.focus >= 0) {
      ctx.strokeStyle = col.focus;
      ctx.lineWidth = Math.max(2, cell * 0.06);
      const x = margin + (s.focus % n) * cell;
      const y = margin + Math.floor(s.focus / n) * cell;
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cell - ctx.lineWidth, cell - ctx.lineWidth);
    }
  }
}

/** Where the squares are on a canvas `size` CSS pixels a side: the margin before the
 *  first square and a square's side. Coordinates stand above and to the left; the
 *  right and bottom keep a thin frame. */
export function geometry(size, n, coordinates) {
  const margin = Math.round(size * (coordinates ? 0.055 : 0.02));
  const far = coordinates ? Math.round(size * 0.015) : margin;
  return { margin, cell: (size - margin - far) / n };
}

/** A disc of `color` and radius `r` with its shadow, drawn once into a canvas of its
 *  own at the screen's pixel density. */
function discSprite(r, color, dpr) {
  const pad = Math.ceil(r * 0.5);
  const side = Math.ceil(2 * (r + pad));
  const px = Math.max(1, Math.round(side * dpr));
  const c = makeCanvas(px, px);
  const ctx = c.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawDisc(ctx, side / 2, side / 2, r, color, 1);
  return { canvas: c, side };
}

/** A cached disc, scaled (`scale`) and narrowed as it turns (`scaleX`). */
function drawSprite(ctx, layers, cx, cy, scale, color, scaleX) {
  const { canvas, side } = layers.discs[color];
  const h = side * scale;
  const w = h * Math.max(scaleX, 0.02);
  ctx.drawImage(canvas, cx - w / 2, cy - h / 2, w, h);
}

function drawDisc(ctx, cx, cy, r, color, scaleX) {
  if (r <= 0) return;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(Math.max(scaleX, 0.02), 1);
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = r * 0.25;
  ctx.shadowOffsetY = r * 0.08;
  const g = ctx.createRadialGradient(-r * 0.35, -r * 0.35, r * 0.1, 0, 0, r);
  if (color === 1) {
    g.addColorStop(0, '#5a5a5a');
    g.addColorStop(1, '#0b0b0b');
  } else {
    g.addColorStop(0, '#ffffff');
    g.addColorStop(1, '#cfcfcf');
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
