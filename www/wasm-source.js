// Where the engine's wasm comes from. Here: next to pkg/reversi.js, the default of the
// wasm-bindgen loader. `npm run build` swaps this module for one that names the hashed
// file, or, in the one-file build, holds the bytes themselves.
export const wasmSource = undefined;
// Where the AI worker gets the learned evaluation's weights: a URL to fetch, or the
// bytes themselves (the one-file build). The page's wasm is built without them, so the
// board is playable before they arrive.
export const weightsSource = () => new URL('../data/eval.weights', import.meta.url);
// Where the puzzles come from (fetched when the puzzles are first opened).
export const puzzlesSource = () => new URL('../data/puzzles.bin', import.meta.url);
