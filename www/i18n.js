// The page's languages: `t(key, vars)` looks a message up in the current language and
// fills in {placeholders}. The texts live in one file per language (www/lang/en.js,
// ru.js, hu.js), so that a translator opens one file.
import * as en from './lang/en.js';
import * as hu from './lang/hu.js';
import * as ru from './lang/ru.js';

export const LANGUAGES = { en: 'English', ru: 'Русский', hu: 'Magyar' };

export const MESSAGES = { en: en.messages, ru: ru.messages, hu: hu.messages };

const OPENING_NAMES = { ru: ru.openings, hu: hu.openings };

/** A variant's name ('othello', 'classic', '6x6', '10x10-parallel', 'eight-star') in `lang`. */
export function variantName(id, lang = current) {
  if (id === 'othello') return tr(lang, 'variantOthello');
  if (id === 'classic') return tr(lang, 'variantClassic');
  if (id === 'eight-star') return tr(lang, 'variantEightStar');
  const m = /^(\d+)x\d+(-parallel)?$/.exec(id);
  if (!m) return id;
  return tr(lang, m[2] ? 'variantSizeParallel' : 'variantSize', { n: m[1] });
}

/** An opening's name in the current language, where it has a translation. */
export function openingName(name) {
  return OPENING_NAMES[current]?.[name] ?? name;
}

let current = 'en';

/** Whether `lang` is one of the page's languages. */
export function isLanguage(lang) {
  return Object.hasOwn(MESSAGES, lang);
}

/** Picks the first supported language of the browser's list, else English. */
export function detectLanguage(list = globalThis.navigator?.languages ?? []) {
  for (const tag of list) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (base in MESSAGES) return base;
  }
  return 'en';
}

export function setLanguage(lang) {
  current = lang in MESSAGES ? lang : 'en';
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

export function t(key, vars = {}) {
  return tr(current, key, vars);
}

/** Like `t`, in a given language (for embedded boards with a language of their own). */
export function tr(lang, key, vars = {}) {
  const table = MESSAGES[lang] ?? MESSAGES.en;
  const msg = table[key] ?? MESSAGES.en[key] ?? key;
  if (typeof msg !== 'string') return msg;
  return msg.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

/** An engine error in the language `lang`: its code and values translated where the
 *  language has the message, else the engine's English text. */
export function errorText(err, lang = current) {
  const table = MESSAGES[lang] ?? MESSAGES.en;
  const key = `err_${err?.code}`;
  if (!err?.code || !(key in table)) return String(err?.message ?? err);
  const vars = { ...err.params };
  if (vars.player) vars.player = tr(lang, `errPlayer_${vars.player}`);
  const msg = tr(lang, key, vars);
  return err.params?.game ? tr(lang, 'errInList', { game: err.params.game, of: err.params.of, msg }) : msg;
}

/** Fills every element with data-i18n (text) or data-i18n-label (aria-label/title).
 *  Writes only what differs: a text set again, even to the same words, is new text to
 *  lay out, and the page most often starts in the language its HTML is written in. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const text = t(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    const label = t(el.dataset.i18nLabel);
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    if (el.title !== label) el.title = label;
  }
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) {
    const text = t(el.dataset.i18nPlaceholder);
    if (el.placeholder !== text) el.placeholder = text;
  }
}
