// Settings (theme, language, sound, legal moves shown), the rules and the new-game
// dialog: what the player chooses, kept in the settings that storage.js saves.

import { deviceCores, setAllowedCores } from '../ai.js';
import { LANGUAGES, detectLanguage, setLanguage, t, translatePage, variantName } from '../i18n.js';
import { $ } from './dom.js';

export class Settings {
  /**
   * @param {object} ctx  { engine, session, settings, view, maxLevel, refresh, persist,
   *   newGame(start, game), balancedStart(), onLanguage() }
   */
  constructor(ctx) {
    this.ctx = ctx;
    const { settings } = ctx;
    $('#settings-btn').addEventListener('click', () => $('#settings-dialog').showModal());
    $('#show-legal').checked = settings.showLegal;
    $('#show-legal').addEventListener('change', (e) => {
      settings.showLegal = e.target.checked;
      ctx.refresh();
    });
    $('#sound').checked = settings.sound;
    $('#sound').addEventListener('change', (e) => {
      settings.sound = e.target.checked;
      ctx.persist();
    });
    $('#theme').value = settings.theme;
    $('#theme').addEventListener('change', (e) => {
      settings.theme = e.target.value;
      this.applyTheme();
      ctx.persist();
    });
    const lang = $('#lang');
    lang.replaceChildren(...Object.entries(LANGUAGES).map(([k, name]) => new Option(name, k)));
    lang.addEventListener('change', (e) => {
      settings.lang = e.target.value;
      this.applyLanguage();
    });
    // The cores the computer may use: all the device reports (up to 8) unless limited.
    setAllowedCores(settings.cores || deviceCores());
    $('#cores').addEventListener('change', (e) => {
      settings.cores = Number(e.target.value);
      setAllowedCores(settings.cores || deviceCores());
      ctx.persist();
    });
    globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => this.applyTheme());
    // The new-game dialog.
    $('#new-dialog').addEventListener('change', () => this.#dialogFields());
    $('#new-start').addEventListener('click', (e) => {
      e.preventDefault();
      settings.mode = $('#new-dialog input[name=mode]:checked').value;
      settings.humanColor = Number($('#human-color').value);
      settings.levels = { 1: Number($('#level-black').value), 2: Number($('#level-white').value) };
      settings.speed = $('#speed').value;
      settings.variant = $('#variant').value;
      settings.balancedStart = $('#balanced-start').checked;
      $('#new-dialog').close();
      ctx.newGame(null, settings.variant === 'othello' && settings.balancedStart ? ctx.balancedStart() : null);
    });
  }

  applyTheme() {
    const root = document.documentElement;
    const { settings, view } = this.ctx;
    if (settings.theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = settings.theme;
    // The board reads its colours once per theme; the graph follows by itself (CSS).
    view.themeChanged();
  }

  applyLanguage() {
    const { settings } = this.ctx;
    setLanguage(settings.lang ?? detectLanguage());
    translatePage();
    $('#lang').value = settings.lang ?? detectLanguage();
    this.#levelSelects();
    this.#coresSelect();
    this.#variants();
    this.#rules();
    this.ctx.onLanguage();
    this.ctx.refresh();
  }

  #levelSelects() {
    const max = this.ctx.maxLevel;
    for (const sel of document.querySelectorAll('select.level')) {
      const v = sel.value || '7';
      const names = t('levelNames');
      // Each level with its rating on the ladder (the strongest plays by the clock).
      const ratings = this.ctx.engine.levelRatings();
      const label = (i) => {
        const level = t('levelNamed', { n: i + 1, name: names[i] ?? '' });
        return ratings[i] === null ? t('levelByClock', { level }) : t('levelRated', { level, elo: ratings[i] });
      };
      sel.replaceChildren(...Array.from({ length: max }, (_, i) => new Option(label(i), String(i + 1))));
      sel.value = v;
    }
    $('#level-black').previousElementSibling.textContent = t('levelOf', { player: t('black') });
    $('#level-white').previousElementSibling.textContent = t('levelOf', { player: t('white') });
  }

  #coresSelect() {
    const n = deviceCores();
    const sel = $('#cores');
    const options = [new Option(t('coresAll', { n }), '0')];
    for (let i = 1; i < n; i++) options.push(new Option(String(i), String(i)));
    sel.replaceChildren(...options);
    const chosen = this.ctx.settings.cores;
    sel.value = chosen > 0 && chosen < n ? String(chosen) : '0';
  }

  #rules() {
    const para = (text) => Object.assign(document.createElement('p'), { textContent: text });
    $('#rules-body').replaceChildren(
      ...t('rulesText').map(para),
      Object.assign(document.createElement('h3'), { textContent: t('variantsTitle') }),
      ...t('variantRules').map(para),
    );
  }

  #variants() {
    const sel = $('#variant');
    const v = sel.value || this.ctx.settings.variant;
    // 8×8 with the crossed start is Othello itself.
    const ids = ['othello', ...this.ctx.engine.Game.variants().map((x) => x.id).filter((id) => id !== '8x8')];
    sel.replaceChildren(...ids.map((id) => new Option(variantName(id), id)));
    sel.value = ids.includes(v) ? v : 'othello';
  }

  openNewGame() {
    const { settings, session } = this.ctx;
    const d = $('#new-dialog');
    d.querySelector(`input[name=mode][value=${settings.mode}]`).checked = true;
    $('#human-color').value = String(settings.humanColor);
    $('#level-black').value = String(settings.levels[1]);
    $('#level-white').value = String(settings.levels[2]);
    $('#speed').value = settings.speed;
    $('#variant').value = session.game.variant();
    $('#balanced-start').checked = Boolean(settings.balancedStart);
    this.#dialogFields();
    d.showModal();
  }

  #dialogFields() {
    const mode = $('#new-dialog input[name=mode]:checked').value;
    $('#balanced-row').hidden = $('#variant').value !== 'othello';
    $('#human-color-row').hidden = mode !== 'hc';
    $('#speed-row').hidden = mode !== 'cc';
    const color = Number($('#human-color').value);
    $('#level-black-row').hidden = mode === 'hh' || (mode === 'hc' && color === 1);
    $('#level-white-row').hidden = mode === 'hh' || (mode === 'hc' && color === 2);
  }
}
