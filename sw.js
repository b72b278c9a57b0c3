// The service worker: keeps every file the game needs in a versioned cache, so that
// after the first visit the game loads and plays with no network. `npm run build`
// writes its own copy with the content hash as VERSION and the hashed file list.
const VERSION = 'dev';
const FILES = [
  './',
  'index.html',
  'manifest.webmanifest',
  'www/app.js',
  'www/coalesce.js',
  'www/page/analysis.js',
  'www/page/dom.js',
  'www/page/editor.js',
  'www/page/movelist.js',
  'www/page/panel.js',
  'www/page/records.js',
  'www/page/review.js',
  'www/page/settings.js',
  'www/page/stats.js',
  'www/page/frames.js',
  'www/rating.js',
  'www/ai.js',
  'www/ai-worker.js',
  'www/pool-plan.js',
  'www/board.js',
  'www/board-view.js',
  'www/board-paint.js',
  'www/board-worker.js',
  'www/games.js',
  'www/export-image.js',
  'www/puzzles.js',
  'www/puzzle-mode.js',
  'www/i18n.js',
  'www/lang/en.js',
  'www/lang/ru.js',
  'www/lang/hu.js',
  'www/session.js',
  'www/sound.js',
  'www/storage.js',
  'www/wasm-source.js',
  'www/worker-url.js',
  'www/style.css',
  'www/icon.svg',
  'www/icon-192.png',
  'www/icon-512.png',
  'pkg/reversi.js',
  'pkg/reversi_bg.wasm',
  'data/eval.weights',
  'data/puzzles.bin',
];
const CACHE = `reversi-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('reversi-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Pages and unversioned files: the network first (so a new version shows up), the
// cache when offline. Hashed files of a build never change: the cache first.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  const immutable = VERSION !== 'dev' && req.mode !== 'navigate' && /-[0-9a-f]{8,}\.\w+$/.test(new URL(req.url).pathname);
  event.respondWith(immutable ? cacheFirst(req) : networkFirst(req));
});

async function networkFirst(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) cache.put(req, res.clone());
  return res;
}
