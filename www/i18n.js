// Every text the page shows, in English, Russian and Hungarian. One table; `t(key, vars)`
// looks a message up in the current language and fills in {placeholders}.

export const LANGUAGES = { en: 'English', ru: 'Русский', hu: 'Magyar' };

const MESSAGES = {
  en: {
    title: 'Reversi',
    subtitle: 'Othello in your browser',
    black: 'Black',
    white: 'White',
    discs: 'discs',
    supply: 'Supply: {n}',
    toMove: '{player} to move',
    yourMove: 'Your move ({player})',
    thinking: 'Computer is thinking…',
    aiStatus: 'depth {depth}, best {move}, score {score}',
    aiExact: 'exact',
    aiBook: 'opening book: {move}',
    aiLast: 'Computer played {move}: {detail}',
    passes: '{player} has no legal move and passes.',
    pass: 'pass',
    opening: 'Opening: {name}',
    reviewTitle: 'Review',
    review: 'Review the game',
    reviewing: 'Reviewing… {done} of {total} moves',
    reviewDone: 'Reviewed {total} moves. Biggest mistakes:',
    noMistakes: 'Reviewed {total} moves: no move lost more than a disc.',
    mistake: '{n}. {sq} ({player}) lost {loss}; best was {best}',
    graph: 'Evaluation after every move (Black above the line)',
    gameOver: 'Game over',
    wins: '{player} wins {b}–{w}',
    draw: 'Draw {b}–{w}',
    resultDetail: 'On the board: Black {bb}, White {ww}, empty {e} (empty squares go to the winner).',
    newGame: 'New game',
    start: 'Start',
    cancel: 'Cancel',
    close: 'Close',
    mode: 'Mode',
    modeHC: 'Human vs computer',
    modeHH: 'Human vs human',
    modeCC: 'Computer vs computer',
    yourColor: 'You play',
    levelOf: '{player} level',
    level: 'Level {n}',
    speed: 'Speed',
    speedSlow: 'Slow',
    speedNormal: 'Normal',
    speedFast: 'Fast',
    undo: 'Undo',
    redo: 'Redo',
    hint: 'Hint',
    hintBusy: 'Analysing moves…',
    moves: 'Moves',
    noMoves: 'No moves yet.',
    importExport: 'Import / export',
    copyTranscript: 'Copy transcript',
    copyBoard: 'Copy board',
    load: 'Load',
    pasteHere: 'Paste a transcript (f5d6c3…) or a board string (64 × X/O/- and the side to move)',
    copied: 'Copied.',
    loaded: 'Position loaded.',
    badImport: 'Could not read that: {msg}',
    rules: 'Rules',
    help: 'Help',
    settings: 'Settings',
    showLegal: 'Show legal moves',
    sound: 'Sound',
    theme: 'Theme',
    themeSystem: 'System',
    themeLight: 'Light',
    themeDark: 'Dark',
    language: 'Language',
    board: 'Othello board',
    cellEmpty: 'empty',
    cellLegal: 'legal move',
    played: '{player} plays {sq}, flipping {n}.',
    shortcuts: 'Keyboard shortcuts',
    keyArrows: 'Arrow keys: move the focus square',
    keyEnter: 'Enter or Space: play on the focus square',
    keyUndo: 'U: undo, R: redo',
    keyNew: 'N: new game',
    keyHint: 'H: hint',
    keyHelp: '?: this help',
    viewing: 'Viewing move {n} of {total}. Play a move to continue from here.',
    rulesText: [
      'Othello is played on a board of 8 × 8 squares with 64 discs that are black on one side and white on the other. Each player starts with 32 discs; four of them are already on the board at the start: white on d4 and e5, black on e4 and d5. Black moves first.',
      'A move puts a disc of your colour on an empty square so that one or more straight lines of your opponent’s discs – across, up and down, or diagonally – lie between the new disc and another disc of yours, with no gap. All those discs are turned over to your colour at once. Only the disc you just placed captures: turned discs do not capture in turn, and you cannot capture across your own discs.',
      'If you have no move that captures, you pass. If you have a move, you must play it. If your supply of discs runs out while you still have a move, your opponent gives you a disc.',
      'The game ends when neither player can move, usually when the board is full. The player with more discs wins; equal numbers are a draw. In the official score the empty squares are counted for the winner.',
      'Moves are named by column (a–h, left to right) and row (1–8, top to bottom); a game is written as a list of moves such as f5d6c3.',
    ],
  },
  ru: {
    title: 'Реверси',
    subtitle: 'Отелло в браузере',
    black: 'Чёрные',
    white: 'Белые',
    discs: 'фишек',
    supply: 'Запас: {n}',
    toMove: 'Ход: {player}',
    yourMove: 'Ваш ход ({player})',
    thinking: 'Компьютер думает…',
    aiStatus: 'глубина {depth}, лучший ход {move}, оценка {score}',
    aiExact: 'точно',
    aiBook: 'дебютная книга: {move}',
    aiLast: 'Ход компьютера {move}: {detail}',
    passes: '{player}: нет допустимого хода, пропуск.',
    pass: 'пас',
    opening: 'Дебют: {name}',
    reviewTitle: 'Разбор',
    review: 'Разобрать партию',
    reviewing: 'Разбор… {done} из {total} ходов',
    reviewDone: 'Разобрано ходов: {total}. Главные ошибки:',
    noMistakes: 'Разобрано ходов: {total}. Ни один ход не потерял больше фишки.',
    mistake: '{n}. {sq} ({player}): потеряно {loss}, лучше {best}',
    graph: 'Оценка после каждого хода (выше линии — перевес чёрных)',
    gameOver: 'Игра окончена',
    wins: 'Победа: {player}, {b}–{w}',
    draw: 'Ничья {b}–{w}',
    resultDetail: 'На доске: чёрных {bb}, белых {ww}, пустых {e} (пустые клетки засчитываются победителю).',
    newGame: 'Новая игра',
    start: 'Начать',
    cancel: 'Отмена',
    close: 'Закрыть',
    mode: 'Режим',
    modeHC: 'Человек против компьютера',
    modeHH: 'Человек против человека',
    modeCC: 'Компьютер против компьютера',
    yourColor: 'Вы играете',
    levelOf: 'Уровень ({player})',
    level: 'Уровень {n}',
    speed: 'Скорость',
    speedSlow: 'Медленно',
    speedNormal: 'Обычно',
    speedFast: 'Быстро',
    undo: 'Отменить',
    redo: 'Повторить',
    hint: 'Подсказка',
    hintBusy: 'Анализ ходов…',
    moves: 'Ходы',
    noMoves: 'Ходов ещё нет.',
    importExport: 'Импорт / экспорт',
    copyTranscript: 'Копировать запись',
    copyBoard: 'Копировать позицию',
    load: 'Загрузить',
    pasteHere: 'Вставьте запись партии (f5d6c3…) или позицию (64 × X/O/- и очередь хода)',
    copied: 'Скопировано.',
    loaded: 'Позиция загружена.',
    badImport: 'Не удалось прочитать: {msg}',
    rules: 'Правила',
    help: 'Справка',
    settings: 'Настройки',
    showLegal: 'Показывать возможные ходы',
    sound: 'Звук',
    theme: 'Тема',
    themeSystem: 'Системная',
    themeLight: 'Светлая',
    themeDark: 'Тёмная',
    language: 'Язык',
    board: 'Доска Отелло',
    cellEmpty: 'пусто',
    cellLegal: 'возможный ход',
    played: '{player}: ход {sq}, перевёрнуто {n}.',
    shortcuts: 'Клавиши',
    keyArrows: 'Стрелки: перемещение по доске',
    keyEnter: 'Enter или пробел: сделать ход',
    keyUndo: 'U: отменить, R: повторить',
    keyNew: 'N: новая игра',
    keyHint: 'H: подсказка',
    keyHelp: '?: эта справка',
    viewing: 'Просмотр хода {n} из {total}. Сделайте ход, чтобы продолжить отсюда.',
    rulesText: [
      'В Отелло играют на доске 8 × 8 клеток 64 фишками, чёрными с одной стороны и белыми с другой. У каждого игрока 32 фишки; четыре из них стоят на доске с самого начала: белые на d4 и e5, чёрные на e4 и d5. Первыми ходят чёрные.',
      'Ход — это фишка своего цвета на пустой клетке, поставленная так, чтобы между ней и другой вашей фишкой оказался один или несколько непрерывных рядов фишек соперника — по горизонтали, вертикали или диагонали. Все такие фишки сразу переворачиваются в ваш цвет. Захватывает только что поставленная фишка: перевёрнутые фишки сами ничего не захватывают, и через свои фишки захватывать нельзя.',
      'Если хода, который что-то захватывает, нет, вы пропускаете ход. Если ход есть, пропускать нельзя. Если ваши фишки кончились, а ход есть, соперник отдаёт вам одну из своих.',
      'Игра заканчивается, когда ходить не может никто, обычно когда доска заполнена. Побеждает тот, у кого больше фишек; при равенстве — ничья. В официальном счёте пустые клетки засчитываются победителю.',
      'Клетки называются по столбцу (a–h слева направо) и строке (1–8 сверху вниз); партия записывается как последовательность ходов, например f5d6c3.',
    ],
  },
  hu: {
    title: 'Reversi',
    subtitle: 'Othello a böngészőben',
    black: 'Fekete',
    white: 'Fehér',
    discs: 'korong',
    supply: 'Készlet: {n}',
    toMove: '{player} lép',
    yourMove: 'Ön lép ({player})',
    thinking: 'A gép gondolkodik…',
    aiStatus: 'mélység {depth}, legjobb {move}, érték {score}',
    aiExact: 'pontos',
    aiBook: 'megnyitási könyv: {move}',
    aiLast: 'A gép lépése {move}: {detail}',
    passes: '{player}: nincs szabályos lépés, passz.',
    pass: 'passz',
    opening: 'Megnyitás: {name}',
    reviewTitle: 'Elemzés',
    review: 'A játszma elemzése',
    reviewing: 'Elemzés… {done} / {total} lépés',
    reviewDone: '{total} lépés elemezve. A legnagyobb hibák:',
    noMistakes: '{total} lépés elemezve: egyik sem vesztett egy korongnál többet.',
    mistake: '{n}. {sq} ({player}): {loss} korong vesztés, jobb lett volna: {best}',
    graph: 'Értékelés minden lépés után (a vonal fölött Fekete áll jobban)',
    gameOver: 'A játszmának vége',
    wins: '{player} nyert {b}–{w}',
    draw: 'Döntetlen {b}–{w}',
    resultDetail: 'A táblán: fekete {bb}, fehér {ww}, üres {e} (az üres mezők a győztesé).',
    newGame: 'Új játék',
    start: 'Indítás',
    cancel: 'Mégse',
    close: 'Bezárás',
    mode: 'Mód',
    modeHC: 'Ember a gép ellen',
    modeHH: 'Ember ember ellen',
    modeCC: 'Gép a gép ellen',
    yourColor: 'Ön játszik',
    levelOf: 'Szint ({player})',
    level: '{n}. szint',
    speed: 'Sebesség',
    speedSlow: 'Lassú',
    speedNormal: 'Normál',
    speedFast: 'Gyors',
    undo: 'Visszavonás',
    redo: 'Újra',
    hint: 'Tipp',
    hintBusy: 'Lépések elemzése…',
    moves: 'Lépések',
    noMoves: 'Még nincs lépés.',
    importExport: 'Importálás / exportálás',
    copyTranscript: 'Lépéssor másolása',
    copyBoard: 'Állás másolása',
    load: 'Betöltés',
    pasteHere: 'Illesszen be egy lépéssort (f5d6c3…) vagy egy állást (64 × X/O/- és a soron lévő fél)',
    copied: 'Másolva.',
    loaded: 'Állás betöltve.',
    badImport: 'Nem olvasható: {msg}',
    rules: 'Szabályok',
    help: 'Súgó',
    settings: 'Beállítások',
    showLegal: 'Szabályos lépések mutatása',
    sound: 'Hang',
    theme: 'Téma',
    themeSystem: 'Rendszer',
    themeLight: 'Világos',
    themeDark: 'Sötét',
    language: 'Nyelv',
    board: 'Othello tábla',
    cellEmpty: 'üres',
    cellLegal: 'szabályos lépés',
    played: '{player} lép: {sq}, {n} korong fordul.',
    shortcuts: 'Billentyűk',
    keyArrows: 'Nyilak: a kijelölt mező mozgatása',
    keyEnter: 'Enter vagy szóköz: lépés a kijelölt mezőre',
    keyUndo: 'U: visszavonás, R: újra',
    keyNew: 'N: új játék',
    keyHint: 'H: tipp',
    keyHelp: '?: ez a súgó',
    viewing: 'A(z) {n}. lépés megtekintése ({total} közül). Lépjen, hogy innen folytassa.',
    rulesText: [
      'Az Othellót 8 × 8 mezős táblán játsszák 64 koronggal, amelyek egyik oldala fekete, a másik fehér. Mindkét játékosnak 32 korongja van; ebből négy már a kezdéskor a táblán áll: fehér a d4 és e5, fekete az e4 és d5 mezőn. Fekete kezd.',
      'Lépéskor a saját színű korongot üres mezőre kell tenni úgy, hogy az új korong és egy másik saját korong közé az ellenfél korongjainak egy vagy több megszakítás nélküli sora kerüljön – vízszintesen, függőlegesen vagy átlósan. Ezek a korongok egyszerre átfordulnak. Csak az éppen lerakott korong fog be: az átfordított korongok nem fognak tovább, és saját korongon át nem lehet befogni.',
      'Akinek nincs befogó lépése, passzol. Akinek van, annak lépnie kell. Ha valakinek elfogy a készlete, de tud lépni, az ellenfele ad neki egy korongot.',
      'A játék akkor ér véget, amikor egyik fél sem tud lépni, általában ha a tábla megtelt. Az nyer, akinek több korongja van; egyenlőség esetén döntetlen. A hivatalos eredményben az üres mezők a győztest illetik.',
      'A mezőket oszlop (a–h balról jobbra) és sor (1–8 fentről lefelé) szerint nevezzük; a játszmát lépések sorozataként írjuk le, például f5d6c3.',
    ],
  },
};

// Opening names that have a translation; the others stay as they are known.
const OPENING_NAMES = {
  ru: {
    'Diagonal Opening': 'Диагональное начало', 'Parallel Opening': 'Параллельное начало',
    'Perpendicular Opening': 'Перпендикулярное начало', Tiger: 'Тигр', 'Mainline Tiger': 'Тигр, главная линия',
    "Leader's Tiger": 'Тигр лидера', Rose: 'Роза', Cow: 'Корова', 'Buffalo/Kenichi Variation': 'Буйвол',
    Cat: 'Кошка', Horse: 'Лошадь', 'Snake/Peasant': 'Змея', Swallow: 'Ласточка', Sailboat: 'Парусник',
    Rocket: 'Ракета', Lollipop: 'Леденец', Chimney: 'Дымоход', 'Raccoon Dog': 'Енотовидная собака',
    Flat: 'Плоский', Italian: 'Итальянский', 'Wing Variation': 'Крыло', 'Lightning Bolt': 'Молния',
    'Cow Bat/Bat/Cambridge': 'Летучая мышь',
  },
  hu: {
    'Diagonal Opening': 'Átlós nyitás', 'Parallel Opening': 'Párhuzamos nyitás',
    'Perpendicular Opening': 'Merőleges nyitás', Tiger: 'Tigris', 'Mainline Tiger': 'Tigris, főváltozat',
    "Leader's Tiger": 'Vezértigris', Rose: 'Rózsa', Cow: 'Tehén', 'Buffalo/Kenichi Variation': 'Bivaly',
    Cat: 'Macska', Horse: 'Ló', 'Snake/Peasant': 'Kígyó', Swallow: 'Fecske', Sailboat: 'Vitorlás',
    Rocket: 'Rakéta', Lollipop: 'Nyalóka', Chimney: 'Kémény', 'Raccoon Dog': 'Nyestkutya',
    Flat: 'Lapos', Italian: 'Olasz', 'Wing Variation': 'Szárny', 'Lightning Bolt': 'Villám',
    'Cow Bat/Bat/Cambridge': 'Denevér',
  },
};

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

/** Fills every element with data-i18n (text) or data-i18n-label (aria-label/title). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}
