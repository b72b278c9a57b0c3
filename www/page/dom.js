// Small helpers every part of the page uses.

export const $ = (sel) => document.querySelector(sel);

/** Says `text` through the page's live region (read again even when unchanged). */
export function announce(text) {
  const live = $('#live');
  live.textContent = '';
  requestAnimationFrame(() => (live.textContent = text));
}

/** A disc margin with its sign and one decimal at most: +4, −2.5 as "-2.5". */
export function fmtScore(s) {
  const v = Math.round(s * 10) / 10;
  return (v > 0 ? '+' : '') + v;
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Opens a dialog of reading matter at its top: its heading takes the focus, not the
 *  Close button at the bottom. */
export function openAtTop(d) {
  d.showModal();
  d.scrollTop = 0;
  d.querySelector('h2')?.focus();
}

/** The longest of some words (the first of equals). */
export const longest = (list) => list.reduce((a, b) => (b.length > a.length ? b : a), '');

/** The words each room was last filled with. */
const roomWords = new WeakMap();

/** Fills `room`, the unseen half of a `.words` cell (CSS), with a `<p class=className>`
 *  for each of `texts`, the longest things its line can say: the cell is then as tall
 *  as the tallest of them, and nothing below it moves as the line's words change. Does
 *  nothing when the words are those it holds. */
export function fillRoom(room, className, texts) {
  const key = `${className}\n${texts.join('\n')}`;
  if (roomWords.get(room) === key) return;
  roomWords.set(room, key);
  room.replaceChildren(...texts.map((words) => Object.assign(document.createElement('p'), { className, textContent: words })));
}
