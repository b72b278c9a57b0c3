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
