// The frame rate of the page while the computer thinks, for those who open the
// Details under the status: frames counted by requestAnimationFrame, shown once a
// second (and only while that line is open, so that it costs nothing otherwise).

export class FrameMeter {
  /** @param {() => HTMLElement|null} target  where the figure is written (null: nowhere)
   *  @param {(fps: number) => string} words  the figure in the page's language */
  constructor(target, words) {
    this.target = target;
    this.words = words;
    this.running = false;
    this.frames = 0;
    this.since = 0;
  }

  /** Counts while `on` (the computer is thinking), stops and clears otherwise. */
  run(on) {
    if (on === this.running) return;
    this.running = on;
    if (!on) {
      const el = this.target();
      if (el && el.textContent) el.textContent = '';
      return;
    }
    this.frames = 0;
    this.since = 0;
    const frame = (now) => {
      if (!this.running) return;
      if (!this.since) this.since = now;
      this.frames += 1;
      if (now - this.since >= 1000) {
        const el = this.target();
        if (el) el.textContent = this.words(Math.round(((this.frames - 1) * 1000) / (now - this.since)));
        this.frames = 1;
        this.since = now;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
}
