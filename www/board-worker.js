// The board's painter in a worker of its own: the page hands it the canvas (an
// OffscreenCanvas) and then only messages, so drawing and the flip animations' frames
// never run on the page's main thread (www/board-view.js). Messages in:
//   { kind: 'init', canvas, coordinates }     -> { kind: 'ready' }
//   { kind: 'configure', size, dpr, colors }  (any of them)
//   { kind: 'set', state }                    a position to show
//   { id, kind: 'animate', placed, flipped, color, reduced } -> { id } when it ends
//   { kind: 'flash', sq }, { kind: 'finish' }
//   { id, kind: 'pixels', points }            -> { id, pixels } (device pixels' RGBA)
//   { id, kind: 'picture' }                   -> { id, blob } (a PNG)
//   { id, kind: 'frames' }                    -> { id, frames } (BoardPainter.frameStats)
import { BoardPainter } from './board-paint.js';

let painter = null;

self.onmessage = async (event) => {
  const m = event.data;
  if (m.kind === 'init') {
    painter = new BoardPainter(m.canvas, { coordinates: m.coordinates });
    self.postMessage({ kind: 'ready' });
  } else if (m.kind === 'configure') painter.configure(m);
  else if (m.kind === 'set') painter.set(m.state);
  else if (m.kind === 'animate') {
    await painter.animateMove(m.placed, m.flipped, m.color, { reduced: m.reduced });
    self.postMessage({ id: m.id });
  } else if (m.kind === 'flash') painter.flash(m.sq);
  else if (m.kind === 'finish') painter.finishAnimation();
  else if (m.kind === 'pixels') {
    const pixels = m.points.map(([x, y]) => Array.from(painter.ctx.getImageData(x, y, 1, 1).data));
    self.postMessage({ id: m.id, pixels });
  } else if (m.kind === 'frames') self.postMessage({ id: m.id, frames: painter.frameStats });
  else if (m.kind === 'picture') {
    self.postMessage({ id: m.id, blob: await painter.canvas.convertToBlob({ type: 'image/png' }) });
  }
};
