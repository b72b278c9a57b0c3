// Settings and the game in progress in localStorage. Whatever is missing, old or
// corrupt is ignored: the caller gets defaults and no error.

const KEY = 'reversi.state';
const VERSION = 1;

export const DEFAULT_SETTINGS = Object.freeze({
  mode: 'hc', // 'hc' human vs computer, 'hh' human vs human, 'cc' computer vs computer
  humanColor: 1,
  levels: { 1: 7, 2: 7 },
  speed: 'normal',
  showLegal: true,
  sound: false,
  theme: 'system',
  lang: null,
  variant: 'othello', // or a variant's name: classic, 6x6, 10x10-parallel, eight-star, ...
  balancedStart: false, // new games of Othello start from a random balanced opening
  analysis: false, // every legal move's value on the board, deepening live
  analysisCount: 0, // how many of the best moves show their value (0: all)
  cores: 0, // how many cores the computer may use (0: all the device has, up to 8)
});

const isLevel = (n, max) => Number.isInteger(n) && n >= 1 && n <= max;

/** Returns { settings, game } with only the valid parts of what was stored. */
export function load(maxLevel) {
  let raw;
  try {
    raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const settings = structuredClone(DEFAULT_SETTINGS);
  if (!raw || typeof raw !== 'object' || raw.version !== VERSION) return { settings, game: null };
  const s = raw.settings ?? {};
  if (['hc', 'hh', 'cc'].includes(s.mode)) settings.mode = s.mode;
  if (s.humanColor === 1 || s.humanColor === 2) settings.humanColor = s.humanColor;
  if (s.levels && typeof s.levels === 'object') {
    for (const c of [1, 2]) if (isLevel(s.levels[c], maxLevel)) settings.levels[c] = s.levels[c];
  }
  if (['slow', 'normal', 'fast'].includes(s.speed)) settings.speed = s.speed;
  if (typeof s.showLegal === 'boolean') settings.showLegal = s.showLegal;
  if (typeof s.sound === 'boolean') settings.sound = s.sound;
  if (typeof s.balancedStart === 'boolean') settings.balancedStart = s.balancedStart;
  if (typeof s.analysis === 'boolean') settings.analysis = s.analysis;
  if ([0, 1, 3, 5].includes(s.analysisCount)) settings.analysisCount = s.analysisCount;
  if (Number.isInteger(s.cores) && s.cores >= 0 && s.cores <= 8) settings.cores = s.cores;
  if (['system', 'light', 'dark'].includes(s.theme)) settings.theme = s.theme;
  if (['en', 'ru', 'hu'].includes(s.lang)) settings.lang = s.lang;
  // The engine refuses an unknown name and the game falls back to Othello.
  if (typeof s.variant === 'string' && /^[a-z0-9-]{1,20}$/.test(s.variant)) settings.variant = s.variant;
  const game = savedGame(raw.game);
  if (game) game.previous = savedGame(raw.game.previous);
  return { settings, game };
}

const isMoves = (a) => Array.isArray(a) && a.every((m) => Number.isInteger(m) && m >= 0 && m < 100);

/** A stored { start, moves, redo } if it has that shape, else null. */
function savedGame(g) {
  if (!g || typeof g !== 'object' || !(g.start === null || typeof g.start === 'string') || !isMoves(g.moves) || !isMoves(g.redo)) return null;
  return { start: g.start, moves: g.moves, redo: g.redo };
}

export function save(settings, game) {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify({ version: VERSION, settings, game }));
  } catch {
    // Storage full or forbidden: the game goes on without saving.
  }
}
