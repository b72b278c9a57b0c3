// One run of `fn` for a burst of requests: a move raises several events in one go
// (move, pass, change, gameover), and the page draws once for all of them, after the
// code that raised them has finished (a microtask, so nothing waits for a frame).
export function coalesce(fn) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      fn();
    });
  };
}

/** Resolves in a task of its own, so that the browser may paint and handle input in
 *  between: the start of the page is cut into steps shorter than a slow phone's
 *  long task. `scheduler.yield` where there is one (it keeps the steps' place in the
 *  queue), else a message to ourselves (a timer would wait at least 1–4 ms). */
export function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Resolves once the browser has drawn a frame (a task after the next animation
 *  frame), so that the layout of what changed before it is done in that frame and not
 *  in the next one's: at the start of the page, the board's frame and the panel's are
 *  two tasks instead of one. A hidden page draws no frames; it goes on after 100 ms. */
export function nextFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      nextTask().then(resolve);
    };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}
