// Opening games of Othello and of the variants by name or board string, shared by the
// page, the element and the AI worker.

/** A game from a board string: tagged ones (`[6x6] …`) are of a variant. */
export function openBoard(engine, text) {
  return text.trimStart().startsWith('[') ? engine.VariantGame.read(text) : engine.Game.fromBoard(text);
}

/** A new game of `variant` ('othello' or a variant's name). */
export function freshGame(engine, variant) {
  if (!variant || variant === 'othello') return new engine.Game();
  try {
    return new engine.VariantGame(variant);
  } catch {
    return new engine.Game();
  }
}
