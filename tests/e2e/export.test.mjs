// Sharing a game as pictures: an animated PNG with a frame per move (checked chunk by
// chunk against the PNG and APNG specifications, and decoded by the browser), and the
// final board with move numbers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { assertClean, load, newGameVia, openGame, startAll } from './helpers.mjs';

let env;
before(async () => { env = await startAll(); });
after(async () => { await env.close(); });

/** CRC-32 as the PNG specification defines it, written out plainly. */
function crc(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunks(buf) {
  assert.deepEqual([...buf.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'the PNG signature');
  const out = [];
  for (let at = 8; at < buf.length; ) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    assert.equal(buf.readUInt32BE(at + 8 + len), crc(buf.subarray(at + 4, at + 8 + len)), `the CRC of ${type}`);
    out.push({ type, data });
    at += 12 + len;
  }
  return out;
}

async function saved(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

test('a game saved as an animated PNG, a frame a move, and as a picture with move numbers', async () => {
  const { page, context, problems } = await openGame(env);
  await newGameVia(page, { mode: 'hh' });
  await load(page, 'f5d6c3d3c4f4');
  const anim = await saved(page, '#save-animation');
  assert.equal(anim.name, 'reversi-f5d6c3d3c4f4.png');
  const cs = chunks(anim.bytes);
  assert.deepEqual(cs.map((c) => c.type).filter((t) => t !== 'IDAT' && t !== 'fdAT' && t !== 'fcTL'), ['IHDR', 'acTL', 'IEND']);
  assert.equal(cs[1].data.readUInt32BE(0), 7, 'acTL: the start and six moves');
  const fctl = cs.filter((c) => c.type === 'fcTL');
  assert.equal(fctl.length, 7);
  // Sequence numbers over fcTL and fdAT run 0, 1, 2, ... with no gap.
  const seqs = cs.filter((c) => c.type === 'fcTL' || c.type === 'fdAT').map((c) => c.data.readUInt32BE(0));
  assert.deepEqual(seqs, seqs.map((_, i) => i));
  // The first frame is the default image (IDAT after the first fcTL), the others fdAT.
  assert.ok(cs.findIndex((c) => c.type === 'IDAT') > cs.indexOf(fctl[0]) && cs.findIndex((c) => c.type === 'IDAT') < cs.indexOf(fctl[1]));
  // The browser decodes it; the first and the last frame differ.
  const decoded = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    return { w: bmp.width, h: bmp.height };
  }, anim.bytes.toString('base64'));
  assert.ok(decoded.w > 300 && decoded.w === decoded.h, JSON.stringify(decoded));
  const frameData = (i) => Buffer.concat(cs.slice(cs.indexOf(fctl[i]) + 1, i + 1 < fctl.length ? cs.indexOf(fctl[i + 1]) : cs.length - 1).map((c) => (c.type === 'fdAT' ? c.data.subarray(4) : c.data)));
  assert.notDeepEqual(frameData(0), frameData(6));
  const pic = await saved(page, '#save-numbered');
  assert.equal(pic.name, 'reversi-f5d6c3d3c4f4-numbers.png');
  assert.deepEqual(chunks(pic.bytes).map((c) => c.type).filter((t) => t !== 'IDAT'), ['IHDR', 'IEND']);
  assertClean(problems);
  await context.close();
});
