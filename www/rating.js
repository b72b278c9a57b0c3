// The player's rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), as
// lichess rates its players. Each finished game against the computer is one rating
// period with one opponent: the level, whose rating is the ladder's (README, The
// rating ladder) and whose deviation is small, since it was measured over many games.

const SCALE = 173.7178;
/** How much the volatility may change: Glickman suggests 0.3 to 1.2. */
const TAU = 0.5;

/** A new player: 1500 on the ladder's scale (about level 6), uncertain. */
export const NEW_PLAYER = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });

/** The deviation given to a level's rating. */
export const LEVEL_RD = 50;

/**
 * The player's rating after `games`: [{ rating, rd, score }], score 1 a win, 0.5 a
 * draw, 0 a loss. Returns { rating, rd, vol }.
 */
export function update(player, games) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (!games.length) {
    // A period without games only widens the deviation.
    return { rating: player.rating, rd: Math.min(350, Math.sqrt(phi * phi + player.vol * player.vol) * SCALE), vol: player.vol };
  }
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  const opp = games.map((o) => {
    const muJ = (o.rating - 1500) / SCALE;
    const gJ = g(o.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    return { gJ, e, s: o.score };
  });
  const v = 1 / opp.reduce((sum, o) => sum + o.gJ * o.gJ * o.e * (1 - o.e), 0);
  const sum = opp.reduce((acc, o) => acc + o.gJ * (o.s - o.e), 0);
  const delta = v * sum;
  // The new volatility: the root of f by the Illinois algorithm.
  const a = Math.log(player.vol * player.vol);
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: SCALE * muNew + 1500, rd: SCALE * phiNew, vol };
}

/** The level whose rating is nearest the player's: the even game. */
export function evenLevel(rating, ratings) {
  let best = 1;
  ratings.forEach((r, i) => {
    if (r !== null && Math.abs(r - rating) < Math.abs((ratings[best - 1] ?? Infinity) - rating)) best = i + 1;
  });
  return best;
}
