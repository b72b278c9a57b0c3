// Opening games of Othello and of the variants by name or board string, shared by the
// page, the element and the AI worker.

/** A game from a board string: tagged ones (`[6x6] …`) are of a variant. */
export function openBoard(engine, text) {
  return engine.Game.fromBoard(text);
}

/** A new game of `variant` ('othello' or a variant's name; Othello for an unknown one). */
export function freshGame(engine, variant) {
  try {
    return new engine.Game(variant || 'othello');
  } catch {
    return new engine.Game();
  }
}

/** A square's index from its name ("f5", "j10") on a board of `size` squares a side,
 *  or -1. */
function squareIndex(name, size) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return col >= 0 && col < size && row >= 0 && row < size ? row * size + col : -1;
}

/** The link fragment of a game: its variant (v), its start when set up (s), its moves
 *  (m), how many there are (n, so a cut-off link is noticed) and the move being viewed
 *  (at, when not the last). */
export function linkOf(game, viewing = null) {
  const p = new URLSearchParams();
  p.set('v', game.variant());
  if (game.variant() === 'othello') {
    // A set-up start goes into the link; the standard one is implied.
    const fresh = new game.constructor();
    if (game.startBoard() !== fresh.startBoard()) p.set('s', game.startBoard());
    fresh.free();
  }
  const full = game.clone();
  while (full.redo());
  const moves = full.history().filter((h) => h.square >= 0).map((h) => h.square);
  full.free();
  const size = game.size();
  p.set('m', moves.map((sq) => String.fromCharCode(97 + (sq % size)) + (Math.floor(sq / size) + 1)).join(''));
  p.set('n', String(moves.length));
  if (viewing !== null && viewing !== moves.length) p.set('at', String(viewing));
  return p.toString();
}

/** Why a link cannot be opened: `code` names it for the page's language. */
export class LinkError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Opens a game link (the fragment of linkOf): { game, at } with `at` the move to view.
 *  Throws a LinkError, or the engine's Error for an illegal move, and creates nothing
 *  then. */
export function gameFromLink(engine, fragment) {
  const p = new URLSearchParams(String(fragment).replace(/^#/, ''));
  const variant = p.get('v');
  const moves = p.get('m');
  const count = p.get('n');
  if (!variant || moves === null || count === null || !/^\d+$/.test(count)) throw new LinkError('link-incomplete', 'the link is cut short: part of the game is missing');
  const start = p.get('s');
  const g = variant === 'othello' && start ? engine.Game.fromBoard(start) : new engine.Game(variant);
  try {
    const names = moves.match(/[a-j](?:10|[1-9])/g) ?? [];
    if (names.join('') !== moves) throw new LinkError('link-moves', `the moves "${moves}" are not square names`);
    if (names.length !== Number(count)) throw new LinkError('link-incomplete', `the link is cut short: ${names.length} of ${count} moves`);
    for (const name of names) {
      const sq = squareIndex(name, g.size());
      if (sq < 0) throw new LinkError('link-moves', `${name} is not a square of this board`);
      g.play(sq);
    }
    const at = p.get('at');
    let view = names.length;
    if (at !== null) {
      view = Number(at);
      if (!Number.isInteger(view) || view < 0 || view > names.length) throw new LinkError('link-moves', `move ${at} is not in the game`);
    }
    return { game: g, at: view };
  } catch (err) {
    g.free();
    throw err;
  }
}
