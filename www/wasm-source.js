// Where the engine's wasm comes from. Here: next to pkg/reversi.js, the default of the
// wasm-bindgen loader. `npm run build` swaps this module for one that names the hashed
// file, or, in the one-file build, holds the bytes themselves.
export const wasmSource = undefined;
