// The frame rate of the page while the computer thinks, for those who open the
// Details under the status: frames counted by requestAnimationFrame, shown once a
// second (and only while that line is open, so that it costs nothing otherwise).

export class FrameMeter {
  /** @param {HTMLElement} el  where the figure is written
   *  @param {() => boolean} shown  whether it can be seen now (Details open)
   *  @param {(fps: number) => string} words  the figure in the page's language */
  constructor(el, shown, words) {
    this.el = el;
    this.shown = shown;
    this.words = words;
    this.running = false;
    // Each run's frame loop ends when a later run (or a stop) begins.
    this.runId = 0;
  }

  /** Counts while `on` (the computer is thinking), stops and clears otherwise. */
  run(on) {
    if (on === this.running) return;
    this.running = on;
    const id = ++this.runId;
    if (!on) {
      if (this.el.textContent) this.el.textContent = '';
      return;
    }
    let frames = 0;
    let since = 0;
    const frame = (now) => {
      if (id !== this.runId) return;
      if (!since) since = now;
      frames += 1;
      if (now - since >= 1000) {
        if (this.shown()) this.el.textContent = this.words(Math.round(((frames - 1) * 1000) / (now - since)));
        frames = 1;
        since = now;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
}
