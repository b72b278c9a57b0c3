// npm run build: writes dist/, a static site to copy to any host, and
// dist/reversi.html, the whole game in one file that plays from file://.
//
// dist/index.html          the page, loading hashed, bundled assets
// dist/assets/…-HASH.*     bundles (page, AI worker), styles and the wasm
// dist/reversi-board.js    the <reversi-board> element under a stable name
// dist/sw.js               the service worker with this build's file list and version
// dist/reversi.html        one self-contained file: script, styles and wasm inside it,
//                          the AI worker started from a Blob
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const read = (p) => fs.readFileSync(path.join(ROOT, p));
const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 10);

if (!fs.existsSync(path.join(ROOT, 'pkg', 'reversi_bg.wasm'))) {
  throw new Error('pkg/ is missing: run npm run build:wasm first');
}
fs.rmSync(DIST, { recursive: true, force: true });
fs.mkdirSync(path.join(DIST, 'assets'), { recursive: true });
fs.mkdirSync(path.join(DIST, 'www'), { recursive: true });

/** An esbuild plugin that replaces www/wasm-source.js and www/worker-url.js. */
function swap(modules) {
  return {
    name: 'swap',
    setup(build) {
      build.onResolve({ filter: /\/(wasm-source|worker-url)\.js$/ }, (args) => ({ path: path.basename(args.path), namespace: 'swap' }));
      build.onLoad({ filter: /.*/, namespace: 'swap' }, (args) => ({ contents: modules[args.path], loader: 'js' }));
    },
  };
}

async function bundle(entry, modules, format = 'esm') {
  const out = await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    format,
    minify: true,
    target: ['chrome100', 'firefox115', 'safari16'],
    write: false,
    plugins: [swap(modules)],
    logLevel: 'warning',
    // The one-file worker passes the wasm bytes, so the loader's import.meta fallback is never used.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return out.outputFiles[0].text;
}

const written = []; // [relative path, bytes]
function emit(rel, data) {
  fs.mkdirSync(path.dirname(path.join(DIST, rel)), { recursive: true });
  fs.writeFileSync(path.join(DIST, rel), data);
  written.push([rel, Buffer.byteLength(data)]);
}
function emitHashed(name, ext, data) {
  const rel = `assets/${name}-${hash(data)}.${ext}`;
  emit(rel, data);
  return rel;
}

// ---- the static site
const wasm = read('pkg/reversi_bg.wasm');
const wasmRel = emitHashed('reversi_bg', 'wasm', wasm);
const weights = read('data/eval.weights');
const weightsRel = emitHashed('eval', 'weights', weights);
const puzzles = read('data/puzzles.bin');
const puzzlesRel = emitHashed('puzzles', 'bin', puzzles);
const wasmFromAssets = `export const wasmSource = { module_or_path: new URL('./${path.basename(wasmRel)}', import.meta.url) }; export const weightsSource = () => new URL('./${path.basename(weightsRel)}', import.meta.url); export const puzzlesSource = () => new URL('./${path.basename(puzzlesRel)}', import.meta.url);`;
const workerCode = await bundle('www/ai-worker.js', { 'wasm-source.js': wasmFromAssets, 'worker-url.js': '' });
const workerRel = emitHashed('ai-worker', 'js', workerCode);
// The board's painter (a worker of its own; it imports no engine).
const painterRel = emitHashed('board-worker', 'js', await bundle('www/board-worker.js', {}));
const painterFrom = (rel) => `export const painterUrl = () => new URL('./${rel}', import.meta.url); export const painterType = 'module';`;
const siteModules = {
  'wasm-source.js': wasmFromAssets,
  'worker-url.js': `export const workerUrl = () => new URL('./${path.basename(workerRel)}', import.meta.url); export const workerType = 'module'; export const startWorker = () => {}; ${painterFrom(path.basename(painterRel))}`,
};
const appRel = emitHashed('app', 'js', await bundle('www/app.js', siteModules));
const cssRel = emitHashed('style', 'css', read('www/style.css'));
// The element under a stable name, with assets next to it.
const elementModules = {
  'wasm-source.js': `export const wasmSource = { module_or_path: new URL('./${wasmRel}', import.meta.url) }; export const weightsSource = () => new URL('./${weightsRel}', import.meta.url);`,
  'worker-url.js': `export const workerUrl = () => new URL('./${workerRel}', import.meta.url); export const workerType = 'module'; export const startWorker = () => {}; ${painterFrom(painterRel)}`,
};
emit('reversi-board.js', await bundle('www/element.js', elementModules));
for (const icon of ['www/icon.svg', 'www/icon-192.png', 'www/icon-512.png']) emit(icon, read(icon));
emit('manifest.webmanifest', read('manifest.webmanifest'));

let html = read('index.html').toString();
html = html
  .replace('href="www/style.css"', `href="${cssRel}"`)
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('href="pkg/reversi_bg.wasm"', `href="${wasmRel}"`)
  .replace('src="www/app.js"', `src="${appRel}"`);
emit('index.html', html);

// The service worker: a version from every file's content, and the list to cache.
const cacheList = ['./', ...written.map(([rel]) => rel).filter((rel) => rel !== 'reversi-board.js')];
const version = hash(cacheList.map((rel) => (rel === './' ? '' : fs.readFileSync(path.join(DIST, rel)).toString('base64'))).join());
let sw = read('sw.js').toString();
sw = sw.replace("const VERSION = 'dev';", `const VERSION = '${version}';`);
sw = sw.replace(/const FILES = \[[\s\S]*?\];/, `const FILES = ${JSON.stringify(cacheList, null, 2)};`);
emit('sw.js', sw);

// ---- the one-file build
// The bytes (the module gzipped, the puzzles) and the AI worker's code are not in the
// page's script: each sits in an inert data block (`<script type="text/plain">`,
// which the browser only tokenizes) and is read from there when first needed, in a
// task of its own. Inside the module script they cost a slow phone over 100 ms in one
// task: V8 compiling a 1 MB module and decoding them while evaluating it.
const block = (id, text) => `<script type="text/plain" id="${id}">${text.replace(/<\/script/gi, '<\\/script')}</script>`;
const blocks = [];
const readBlock = `export const blockText = (id) => { const el = document.getElementById(id); const t = el.textContent; el.remove(); return t; };`
  + ` const fromBase64 = (s) => { if (Uint8Array.fromBase64) return Uint8Array.fromBase64(s); const b = atob(s); const u = new Uint8Array(b.length); for (let i = 0; i < b.length; i++) u[i] = b.charCodeAt(i); return u; };`
  + ` const nextTask = () => new Promise((r) => setTimeout(r, 0));`;
// The module gzipped too (the browser's DecompressionStream unpacks it), to keep the
// file under 1 MB.
const gunzip = (bytes) => `new Response(new Blob([${bytes}]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer().then((b) => new Uint8Array(b))`;
blocks.push(block('reversi-wasm', zlib.gzipSync(wasm, { level: 9 }).toString('base64')));
blocks.push(block('reversi-puzzles', puzzles.toString('base64')));
const inlineWasm = `${readBlock} let wasmBytes; export const wasmSource = { module_or_path: nextTask().then(() => (wasmBytes ??= fromBase64(blockText('reversi-wasm')))).then((b) => ${gunzip('b')}) };`
  + ` let puzzleBytes; export const puzzlesSource = () => (puzzleBytes ??= fromBase64(blockText('reversi-puzzles')));`;
// A module worker from a Blob does not start in a file:// page; a classic one does.
// The worker gets the page's copy of the bytes in its first message (see startWorker).
// The weights are inside the worker's code (one copy in the file), gzipped: they are
// the file's largest part, and the browser's DecompressionStream unpacks them (where it
// is missing, the AI plays with the hand-tuned evaluation, as when a fetch fails).
const bytesOf = (name, data) => `export const ${name} = () => { const b = atob('${data.toString('base64')}'); const u = new Uint8Array(b.length); for (let i = 0; i < b.length; i++) u[i] = b.charCodeAt(i); return u; };`;
const gzippedBytesOf = (name, data) => `${bytesOf(`${name}Packed`, zlib.gzipSync(data, { level: 9 }))} export const ${name} = () => ${gunzip(`${name}Packed()`)};`;
const wasmFromPage = `export const wasmSource = { module_or_path: new Promise((resolve) => self.addEventListener('message', (e) => { if (e.data?.kind === 'wasm') resolve(e.data.bytes); })) }; ${gzippedBytesOf('weightsSource', weights)}`;
const oneWorker = await bundle('www/ai-worker.js', { 'wasm-source.js': wasmFromPage, 'worker-url.js': '' }, 'iife');
blocks.push(block('reversi-worker', oneWorker));
const onePainter = await bundle('www/board-worker.js', {}, 'iife');
const oneApp = await bundle('www/app.js', {
  'wasm-source.js': inlineWasm,
  'worker-url.js': `import { wasmSource, blockText } from './wasm-source.js'; let url; export const workerUrl = () => (url ??= URL.createObjectURL(new Blob([blockText('reversi-worker')], { type: 'text/javascript' }))); export const workerType = 'classic'; export const startWorker = (w) => wasmSource.module_or_path.then((bytes) => w.postMessage({ kind: 'wasm', bytes }));`
    // The painter is small: its code is a string of the page's script, run from a Blob.
    + ` const painterCode = ${JSON.stringify(onePainter)}; let painter; export const painterUrl = () => (painter ??= URL.createObjectURL(new Blob([painterCode], { type: 'text/javascript' }))); export const painterType = 'classic';`,
});
const icon = `data:image/svg+xml;base64,${read('www/icon.svg').toString('base64')}`;
let one = read('index.html').toString();
one = one
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(/\s*<link rel="preload"[^>]*>/, '')
  .replace(/\s*<link rel="manifest"[^>]*>/, '')
  .replace(/\s*<link rel="apple-touch-icon"[^>]*>/, '')
  .replace('href="www/icon.svg"', `href="${icon}"`)
  .replace('<link rel="stylesheet" href="www/style.css">', () => `<style>\n${read('www/style.css')}</style>`)
  .replace('<script type="module" src="www/app.js"></script>', () => `<script type="module">${oneApp.replace(/<\/script/gi, '<\\/script')}</script>`)
  .replace('</body>', () => `${blocks.join('\n')}\n</body>`);
if (!blocks.every((b) => one.includes(b))) throw new Error('index.html has no </body> for the one-file build\'s data');
emit('reversi.html', one);

// ---- report
const pad = (s, n) => String(s).padStart(n);
const kib = (n) => (n / 1024).toFixed(1);
console.log(`${'file'.padEnd(40)} ${pad('bytes', 9)} ${pad('gzip', 9)} ${pad('brotli', 9)}`);
let firstLoad = { raw: 0, gz: 0, br: 0 };
const firstLoadFiles = new Set(['index.html', appRel, cssRel, wasmRel, workerRel, painterRel, 'www/icon.svg', 'manifest.webmanifest']);
for (const [rel, size] of written.sort((a, b) => a[0].localeCompare(b[0]))) {
  const data = fs.readFileSync(path.join(DIST, rel));
  const gz = zlib.gzipSync(data, { level: 9 }).length;
  const br = zlib.brotliCompressSync(data).length;
  if (firstLoadFiles.has(rel)) {
    firstLoad.raw += size;
    firstLoad.gz += gz;
    firstLoad.br += br;
  }
  console.log(`${rel.padEnd(40)} ${pad(size, 9)} ${pad(gz, 9)} ${pad(br, 9)}`);
}
console.log(`first load (page, styles, script, AI worker, board painter, wasm, icon, manifest): ${kib(firstLoad.raw)} KiB, ${kib(firstLoad.gz)} KiB gzip, ${kib(firstLoad.br)} KiB brotli`);
{
  const all = written.filter(([rel]) => rel !== 'reversi-board.js' && rel !== 'reversi.html').map(([rel]) => zlib.gzipSync(fs.readFileSync(path.join(DIST, rel)), { level: 9 }).length);
  console.log(`whole first visit (everything the service worker caches, weights included): ${kib(all.reduce((a, b) => a + b, 0))} KiB gzip`);
}
console.log(`one-file build dist/reversi.html: ${kib(fs.statSync(path.join(DIST, 'reversi.html')).size)} KiB`);
