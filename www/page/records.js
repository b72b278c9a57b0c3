// Records in and out: import (transcripts, board strings, GGF, several games pasted at
// once), copy (transcript, board, link, GGF), the board and the game as pictures, and
// links that carry a game (#v=…&m=…&n=…).

import { animatedGame, numberedPicture } from '../export-image.js';
import { gameFromLink, linkOf } from '../games.js';
import { errorText } from '../i18n.js';
import { $, download } from './dom.js';

export class Records {
  /** @param {object} ctx  { engine, session, settings, t, say(message), loadGame(game, kind), newGame() } */
  constructor(ctx) {
    this.ctx = ctx;
    /** Games read from one paste, to choose from. */
    this.gameList = [];
    const { session } = ctx;
    $('#copy-transcript').addEventListener('click', () => this.copy(session.isOthello ? session.game.transcript() : session.game.record()));
    $('#copy-board').addEventListener('click', () => this.copy(session.game.toBoard()));
    $('#copy-link').addEventListener('click', () => {
      const url = new URL(location.href);
      url.hash = linkOf(session.game, session.moves().length);
      this.copy(url.href);
    });
    $('#copy-ggf').addEventListener('click', () => !$('#copy-ggf').disabled && this.copy(session.game.toGgf({ black: this.#playerName(1), white: this.#playerName(2), date: new Date().toISOString().slice(0, 19) })));
    $('#save-image').addEventListener('click', () => this.saveImage());
    $('#save-numbered').addEventListener('click', () => this.saveGamePicture('numbers'));
    $('#save-animation').addEventListener('click', () => this.saveGamePicture('animation'));
    $('#game-list').addEventListener('change', (e) => {
      const g = this.gameList[Number(e.target.value)];
      if (g) ctx.loadGame(g.clone());
    });
    $('#load-btn').addEventListener('click', () => this.importText($('#import-text').value));
  }

  /** What the buttons can do for the game shown (GGF describes square boards only). */
  update() {
    const { session, t } = this.ctx;
    const ggf = session.game.hasGgf();
    const b = $('#copy-ggf');
    const title = ggf ? '' : t('noGgf');
    if (b.title !== title) b.title = title;
    if (b.disabled !== !ggf) b.disabled = !ggf;
  }

  importText(text) {
    const { engine, t, say, loadGame } = this.ctx;
    if (!text.trim()) {
      say(t('emptyImport'));
      return;
    }
    let games;
    try {
      // A variant's record names its variant in brackets: one game at a time.
      games = engine.Game.readMany(text);
    } catch (err) {
      say(t('badImport', { msg: errorText(err) }));
      return;
    }
    for (const g of this.gameList) g.free();
    this.gameList = games.length > 1 ? games : [];
    const select = $('#game-list');
    select.replaceChildren(...this.gameList.map((g, i) => new Option(`${i + 1}. ${g.transcript().slice(0, 24) || g.toBoard().slice(0, 16)}`, String(i))));
    $('#game-list-row').hidden = this.gameList.length === 0;
    loadGame(games.length > 1 ? games[0].clone() : games[0]);
    // The replaced game's message (with its Undo offer) stays; a list says how many.
    if (games.length > 1) say(`${t('gamesRead', { n: games.length })} ${this.ctx.message()}`);
  }

  #playerName(color) {
    const { session, settings, t } = this.ctx;
    return session.isComputer(color) ? t('computer', { n: settings.levels[color] }) : t('human');
  }

  saveImage() {
    this.ctx.view.picture().then((blob) => blob && download(blob, `reversi-${this.ctx.session.game.transcript() || 'start'}.png`));
  }

  /** The whole game as a picture with move numbers, or as an animation. */
  async saveGamePicture(kind) {
    const game = this.ctx.session.game;
    const name = `reversi-${game.transcript().slice(0, 40) || 'start'}`;
    try {
      if (kind === 'numbers') download(await numberedPicture(game), `${name}-numbers.png`);
      else download(await animatedGame(game), `${name}.png`);
    } catch (err) {
      this.ctx.say(errorText(err));
    }
  }

  async copy(text) {
    $('#import-text').value = text;
    try {
      await navigator.clipboard.writeText(text);
      this.ctx.say(this.ctx.t('copied'));
    } catch {
      $('#import-text').select();
      this.ctx.say('');
    }
  }

  /** A link that carries a game (#v=…&m=…&n=…): opened in place of the saved game,
   *  which stays one Undo away; a bad or cut-off link says why and starts afresh.
   *  Returns whether the page's address held a link. */
  openLink() {
    const { engine, session, settings, t } = this.ctx;
    const fragment = location.hash.slice(1);
    if (!/(^|&)v=/.test(fragment)) return false;
    history.replaceState(null, '', location.pathname + location.search);
    let opened;
    try {
      opened = gameFromLink(engine, fragment);
    } catch (err) {
      this.ctx.newGame();
      this.ctx.say(t('badLink', { msg: err.code?.startsWith('link-') ? t(`err_${err.code}`) : errorText(err) }));
      return true;
    }
    settings.variant = opened.game.variant();
    this.ctx.loadGame(opened.game, 'link');
    session.goTo(opened.at);
    return true;
  }
}
