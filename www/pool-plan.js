// The search on several cores, driven from a worker of its own (the planner), so that
// the page's main thread is not in the loop: the planner holds the engine's SearchPlan,
// hands its tasks to the searching workers through MessagePorts the page gave it, and
// tells the page only the iterations it finished and the result. A task's answer is a
// few hundred bytes; at the start of a search the plan hands out a hundred of them a
// second, which on a slow phone's main thread kept it busy half the time.

/** Routes a worker's message to the request it answers (`calls`: id -> { resolve,
 *  reject, onProgress }): progress to its listener, the result or the error to its
 *  promise. A message for a request no longer waited for is dropped. */
export function answer(calls, msg) {
  const c = calls.get(msg.id);
  if (!c) return;
  if (msg.kind === 'progress') {
    c.onProgress?.(msg.result);
    return;
  }
  calls.delete(msg.id);
  if (msg.kind === 'done') c.resolve(msg.result);
  else c.reject(new Error(msg.message));
}

/** A searching worker reached through a MessagePort: requests answered by id. */
export class PortLane {
  constructor(port) {
    this.port = port;
    this.nextId = 1;
    this.calls = new Map(); // id -> { resolve, reject }
    port.onmessage = (e) => answer(this.calls, e.data);
  }

  call(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.port.postMessage({ ...message, id });
    });
  }

  close() {
    this.port.close();
    this.calls.clear();
  }
}

/**
 * Runs `plan` (a SearchPlan) over `lanes` (objects with `call(message)` resolving with
 * a worker's answer) on the position `{ board, moves }`. `onProgress` gets each finished
 * iteration. Resolves with the evaluator the workers used once the plan is done, or,
 * should the plan ever hand out no work while not done (a defect, as the one fixed
 * where disagreeing searches left a widened window decided), as soon as no worker is
 * busy: its last finished iteration's move then stands rather than a computer thinking
 * forever, as in the native pool.
 */
export function drive(plan, lanes, position, onProgress) {
  let evaluator = 'learned';
  return new Promise((resolve, reject) => {
    let over = false;
    const busy = lanes.map(() => false);
    const step = () => {
      if (over) return;
      plan.obsolete(); // their answers come within a slice, and are ignored
      for (let w = 0; w < lanes.length; w++) {
        if (busy[w]) continue;
        const task = plan.next(w);
        if (!task) continue;
        busy[w] = true;
        lanes[w].call({ kind: 'task', ...position, task }).then(
          (out) => {
            busy[w] = false;
            if (over) return; // an answer the finished search no longer needs
            evaluator = out.evaluator;
            plan.report(out);
            step();
          },
          (err) => {
            if (over) return;
            over = true;
            reject(err);
          },
        );
      }
      for (const r of plan.takeProgress()) onProgress?.(r);
      if (plan.done() || !busy.some(Boolean)) {
        over = true;
        resolve(evaluator);
      }
    };
    step();
  });
}
