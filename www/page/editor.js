// The board editor: set up any position of the board being played (cells not on the
// board stay off; in classic Reversi each side keeps the rest of its 30 discs in hand),
// then play from it. The set-up replaces the game, which stays one Undo away.

import { errorText } from '../i18n.js';
import { $ } from './dom.js';

export class Editor {
  /** @param {object} ctx  { engine, session, view, refresh, loadGame(game, kind) } */
  constructor(ctx) {
    this.ctx = ctx;
    /** The cells being set up (Uint8Array), or null while the editor is closed. */
    this.cells = null;
    $('#edit-btn').addEventListener('click', () => this.open());
    $('#edit-cancel').addEventListener('click', () => this.close());
    $('#edit-done').addEventListener('click', () => this.done());
    $('#edit-clear').addEventListener('click', () => {
      this.cells = this.cells.map((c) => (c === 3 ? 3 : 0));
      ctx.refresh();
    });
    $('#edit-start').addEventListener('click', () => {
      const start = new ctx.engine.Game(ctx.session.game.variant());
      this.cells = start.board();
      $('#edit-side').value = start.toMove() === 2 ? 'O' : 'X';
      start.free();
      ctx.refresh();
    });
    $('#edit-side').addEventListener('change', () => ctx.refresh());
  }

  get active() {
    return this.cells !== null;
  }

  /** The side to move of the position set up: 1 Black, 2 White. */
  get side() {
    return $('#edit-side').value === 'O' ? 2 : 1;
  }

  open() {
    const { session, view } = this.ctx;
    session.stopAi();
    view.finishAnimation();
    this.cells = session.game.board();
    $('#edit-side').value = /O(?: \d+ \d+)?$/.test(session.game.toBoard()) ? 'O' : 'X';
    $('#edit-message').textContent = '';
    $('#editor').hidden = false;
    this.ctx.refresh();
  }

  close() {
    this.cells = null;
    $('#editor').hidden = true;
    this.ctx.refresh();
    this.ctx.session.scheduleAi();
  }

  /** A cell was chosen: it cycles empty, black, white. */
  toggle(sq) {
    // Cells that are not on the board (Eight-Star's corners) stay off it.
    if (this.cells[sq] === 3) return;
    this.cells[sq] = (this.cells[sq] + 1) % 3;
    this.ctx.refresh();
  }

  /** The position as a board string: 8×8 Othello's, or a variant's tagged one (cells
   *  not on the board as `#`; in classic Reversi each side holds the rest of its 30
   *  discs). */
  boardString() {
    const { session } = this.ctx;
    const cells = this.cells;
    const side = $('#edit-side').value;
    const text = Array.from(cells, (c) => '-XO#'[c]).join('');
    if (session.isOthello) return `${text} ${side}`;
    const variant = session.game.variant();
    const count = (c) => cells.filter((x) => x === c).length;
    const supplies = variant === 'classic' ? ` ${30 - count(1)} ${30 - count(2)}` : '';
    return `[${variant}] ${text} ${side}${supplies}`;
  }

  /** The position being set up as a game, for the player cards; `null` when the
   *  engine refuses it (then the cards keep the game's figures). Free it after use. */
  preview() {
    try {
      return this.ctx.engine.Game.fromBoard(this.boardString());
    } catch {
      return null;
    }
  }

  done() {
    const { engine, session } = this.ctx;
    try {
      const board = this.boardString();
      const game = session.isOthello ? engine.Game.fromSetup(board) : engine.Game.fromBoard(board);
      this.cells = null;
      $('#editor').hidden = true;
      this.ctx.loadGame(game, 'setup');
    } catch (err) {
      $('#edit-message').textContent = errorText(err);
    }
  }
}
