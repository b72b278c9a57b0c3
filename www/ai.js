// The page's side of the AI worker. One request at a time; cancelling terminates the
// worker (a running search cannot be interrupted from outside) and starts a new one,
// and answers of cancelled requests are dropped, so their moves are never played.

import { startWorker, workerType, workerUrl } from './worker-url.js';

export class AiClient {
  constructor(url = workerUrl()) {
    this.url = url;
    this.worker = null;
    this.nextId = 1;
    this.pending = null; // { id, resolve, reject, onProgress }
  }

  #ensureWorker() {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: workerType });
    startWorker(w);
    w.onmessage = (e) => this.#receive(e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      const p = this.pending;
      this.pending = null;
      this.#restart();
      p?.reject(new Error(e.message || 'the AI worker failed'));
    };
    this.worker = w;
    return w;
  }

  #restart() {
    this.worker?.terminate();
    this.worker = null;
  }

  #receive(msg) {
    const p = this.pending;
    if (!p || msg.id !== p.id) return; // from a cancelled request
    if (msg.kind === 'progress') {
      p.onProgress?.(msg.result);
    } else if (msg.kind === 'done') {
      this.pending = null;
      p.resolve(msg.result);
    } else if (msg.kind === 'error') {
      this.pending = null;
      p.reject(new Error(msg.message));
    }
  }

  get busy() {
    return this.pending !== null;
  }

  /** Starts a request, cancelling any other. Resolves with its result. `extra` joins
   *  the message (the moves of a review). */
  request(kind, board, options, onProgress, extra = {}) {
    this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.#ensureWorker().postMessage({ id, kind, board, options, ...extra });
    });
  }

  /** Cancels the running request: its promise rejects with a CancelledError. */
  cancel() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.#restart();
    const err = new Error('cancelled');
    err.cancelled = true;
    p.reject(err);
  }

  /** Starts the worker (and its wasm) ahead of the first request. */
  warmUp() {
    this.#ensureWorker();
  }
}
