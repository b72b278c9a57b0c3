// The move list: one item per turn of the whole line (moves taken back included),
// each move a button that shows its position. It changes only what changed: a move
// adds one item, taking one back changes the marks of two; a whole rebuild happens
// only when the language changes.

import { nextTask } from '../coalesce.js';
import { fmtScore } from './dom.js';

export class MoveList {
  /**
   * @param {object} o
   *   list, empty      the <ol> and the "no moves yet" note
   *   session          the GameSession
   *   t, sqName, colorName
   *   reviewOf()       the review of the line shown, or null (moves then carry their loss)
   *   onPick(n)        a move's button was pressed: show the position after move n
   */
  constructor({ list, empty, session, t, sqName, colorName, reviewOf, onPick }) {
    Object.assign(this, { list, empty, session, t, sqName, colorName, reviewOf });
    /** The items shown: { key, li, button, n, state }. */
    this.rows = [];
    this.current = null;
    /** The item to scroll to in the next frame (undefined: none pending). */
    this.scrollTarget = undefined;
    list.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-n]');
      if (b) onPick(Number(b.dataset.n));
    });
  }

  update() {
    const { session, t } = this;
    const hist = session.fullHistory();
    const played = session.moves().length;
    const review = this.reviewOf();
    // What each item says depends on the language: a change of it renews them all.
    const lang = t('pass');
    let n = 0;
    for (let i = 0; i < hist.length; i++) {
      const h = hist[i];
      let key;
      let reviewed = null;
      if (h.square < 0) key = `${lang}|p${h.player}`;
      else {
        n += 1;
        reviewed = review?.moves[n - 1];
        const loss = reviewed && reviewed.loss >= 1 ? `${Math.round(reviewed.loss)}/${reviewed.best}` : '';
        key = `${lang}|${h.player}|${h.square}|${n}|${loss}`;
      }
      let row = this.rows[i];
      if (row?.key !== key) {
        const fresh = this.#item(h, n, reviewed, key);
        if (row) row.li.replaceWith(fresh.li);
        else this.list.append(fresh.li);
        this.rows[i] = row = fresh;
      }
      if (row.button) {
        const state = row.n === played ? 'current' : row.n > played ? 'future' : 'past';
        if (row.state !== state) {
          row.state = state;
          if (state === 'current') row.button.setAttribute('aria-current', 'step');
          else row.button.removeAttribute('aria-current');
          row.button.classList.toggle('future', state === 'future');
        }
      }
    }
    while (this.rows.length > hist.length) this.rows.pop().li.remove();
    // While a game is reviewed each move has room for its loss from the start, so that
    // the marks arriving one by one do not push the items after them along the rows.
    const resized = this.list.classList.contains('reviewed') !== !!review;
    if (resized) this.list.classList.toggle('reviewed', !!review);
    // A pass is an entry of the list too: "no moves yet" only when it is empty.
    const none = hist.length === 0;
    if (this.empty.hidden !== !none) this.empty.hidden = !none;
    // Keep the current move in view (the list scrolls, the page does not).
    const current = played === 0 ? null : this.rows.find((r) => r.state === 'current')?.li ?? this.rows[this.rows.length - 1]?.li;
    // (A review's start or end resizes every item, which moves it out of view too.)
    if (current && (current !== this.current || resized)) this.#scrollSoon(current);
    this.current = current;
  }

  /** Scrolls to `item` just after the next frame, when that frame has laid the page
   *  out: reading the layout here, among the DOM writes of a move, would make the
   *  browser lay the page out twice, and reading it in the frame's callbacks would put
   *  that layout in the same frame as the board's drawing, the paint and the rest (on a
   *  slow phone, a frame over 50 ms). */
  #scrollSoon(item) {
    const pending = this.scrollTarget;
    this.scrollTarget = item;
    if (pending !== undefined) return;
    requestAnimationFrame(() => nextTask().then(() => {
      const target = this.scrollTarget;
      this.scrollTarget = undefined;
      if (target?.isConnected) this.#scrollTo(target);
    }));
  }

  #item(h, n, reviewed, key) {
    const { t, sqName, colorName } = this;
    const li = document.createElement('li');
    if (h.square < 0) {
      li.className = `pass p${h.player}`;
      li.textContent = `${colorName(h.player)}: ${t('pass')}`;
      return { key, li, button: null, n: 0, state: null };
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `move p${h.player}`;
    b.dataset.n = String(n);
    b.textContent = `${n}. ${sqName(h.square)}`;
    // After a review, each move carries the discs it lost against the best move.
    if (reviewed && reviewed.loss >= 1) {
      b.textContent += ` −${Math.round(reviewed.loss)}`;
      b.classList.add(reviewed.loss >= 6 ? 'blunder' : 'mistake');
      b.title = t('mistake', { n, sq: sqName(h.square), player: colorName(h.player), loss: fmtScore(reviewed.loss).replace('+', ''), best: sqName(reviewed.best) });
    }
    li.append(b);
    return { key, li, button: b, n, state: null };
  }

  #scrollTo(item) {
    const list = this.list;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}
