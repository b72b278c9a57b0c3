// Where the AI worker's script is. `npm run build` swaps this module for the hashed
// file, or, in the one-file build, for a Blob holding the worker's code.
export const workerUrl = () => new URL('./ai-worker.js', import.meta.url);
/** 'module' here; the one-file build runs the worker as a classic script from a Blob. */
export const workerType = 'module';
/** Called with each new AI worker; the one-file build hands it the wasm bytes here, so
 *  the page holds one copy of them rather than two. */
export const startWorker = () => {};
/** Where the board's painter worker is (www/board-worker.js): swapped by the build as
 *  the AI worker is. */
export const painterUrl = () => new URL('./board-worker.js', import.meta.url);
export const painterType = 'module';
