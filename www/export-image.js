// Pictures of a game for sharing where links are not welcome: the final board with
// the number of the move that placed each disc, and an animated PNG (APNG) of the
// whole game, one frame a move. Both are drawn by the board's own view on a canvas
// out of sight, in the page's theme; the APNG is put together from the canvas's PNG
// frames (their image data reused as APNG frame data), so no encoder is needed.
import { BoardView } from './board-view.js';

const SIZE = 480; // CSS pixels of the pictures

/** Draws with a view of its own, out of sight; `draw(view)` returns a promise. */
async function withView(draw) {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  Object.assign(box.style, { position: 'fixed', left: '-10000px', top: '0', width: `${SIZE}px`, height: `${SIZE}px` });
  const canvas = document.createElement('canvas');
  box.append(canvas);
  document.body.append(box);
  try {
    const view = new BoardView(canvas);
    view.resize();
    return await draw(view, canvas);
  } finally {
    box.remove();
  }
}

const pngOf = (canvas) => new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be made'))), 'image/png'));

/** The positions of a game, start first: { board, lastMove, numbers } for each. */
export function framesOf(game) {
  const g = game.clone();
  while (g.undo());
  const frames = [{ board: g.board(), lastMove: -1 }];
  const numbers = new Map();
  let n = 0;
  const replay = game.history();
  for (const turn of replay) {
    if (turn.square < 0) continue; // a pass: the same position, the other side to move
    g.play(turn.square);
    n += 1;
    numbers.set(turn.square, n);
    frames.push({ board: g.board(), lastMove: turn.square, numbers: new Map(numbers) });
  }
  g.free();
  return frames;
}

/** The final board with each disc's move number, as a PNG Blob. */
export function numberedPicture(game) {
  const frames = framesOf(game);
  const last = frames[frames.length - 1];
  return withView(async (view, canvas) => {
    view.set({ board: last.board, legal: [], hints: null, preview: null, lastMove: -1, numbers: last.numbers ?? new Map(), showLegal: false });
    return pngOf(canvas);
  });
}

// ---- APNG

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC-32 of PNG chunks. */
export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The chunks of a PNG file: [{ type, data }]. */
export function pngChunks(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = [];
  for (let at = 8; at < bytes.length; ) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  return chunks;
}

function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const u32 = (...values) => {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v));
  return out;
};

/** An animated PNG of PNG frames (all the same size); `delays` in milliseconds. */
export function assembleApng(pngs, delays) {
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])];
  const first = pngChunks(pngs[0]);
  const ihdr = first.find((c) => c.type === 'IHDR').data;
  const [width, height] = [new DataView(ihdr.buffer, ihdr.byteOffset).getUint32(0), new DataView(ihdr.buffer, ihdr.byteOffset).getUint32(4)];
  parts.push(chunk('IHDR', ihdr));
  parts.push(chunk('acTL', u32(pngs.length, 0)));
  let seq = 0;
  pngs.forEach((png, i) => {
    const fctl = new Uint8Array(26);
    const v = new DataView(fctl.buffer);
    v.setUint32(0, seq++);
    v.setUint32(4, width);
    v.setUint32(8, height);
    v.setUint32(12, 0);
    v.setUint32(16, 0);
    v.setUint16(20, Math.round(delays[i]));
    v.setUint16(22, 1000);
    fctl[24] = 0; // dispose: none
    fctl[25] = 0; // blend: source
    parts.push(chunk('fcTL', fctl));
    for (const c of pngChunks(png).filter((x) => x.type === 'IDAT')) {
      if (i === 0) parts.push(chunk('IDAT', c.data));
      else {
        const data = new Uint8Array(4 + c.data.length);
        new DataView(data.buffer).setUint32(0, seq++);
        data.set(c.data, 4);
        parts.push(chunk('fdAT', data));
      }
    }
  });
  parts.push(chunk('IEND', new Uint8Array(0)));
  return new Blob(parts, { type: 'image/apng' });
}

/** The whole game as an animated PNG: the start, then a frame a move. */
export function animatedGame(game, { moveMs = 700, lastMs = 3000 } = {}) {
  const frames = framesOf(game);
  return withView(async (view, canvas) => {
    const pngs = [];
    for (const f of frames) {
      view.set({ board: f.board, legal: [], hints: null, preview: null, lastMove: f.lastMove, numbers: null, showLegal: false });
      pngs.push(new Uint8Array(await (await pngOf(canvas)).arrayBuffer()));
    }
    const delays = frames.map((_, i) => (i === frames.length - 1 ? lastMs : i === 0 ? moveMs * 1.5 : moveMs));
    return assembleApng(pngs, delays);
  });
}
