// The frame rate of the page while the computer thinks, for those who open the
// Details under the status: frames counted by requestAnimationFrame, shown once a
// second. The counting loop runs only while that line is open: a loop of animation
// frames makes the page render every frame, which on a slow phone costs the main
// thread a quarter of its time and pulls the spinner's animation off the compositor.

export class FrameMeter {
  /** @param {HTMLElement} el  where the figure is written
   *  @param {HTMLDetailsElement} details  the figure is counted only while it is open
   *  @param {(fps: number) => string} words  the figure in the page's language */
  constructor(el, details, words) {
    this.el = el;
    this.details = details;
    this.words = words;
    this.wanted = false;
    this.running = false;
    // Each counting loop ends when a later one (or a stop) begins.
    this.runId = 0;
    details.addEventListener('toggle', () => this.#update());
  }

  /** Counts while `on` (the computer is thinking) and the Details are open; clears otherwise. */
  run(on) {
    this.wanted = on;
    this.#update();
  }

  #update() {
    const on = this.wanted && this.details.open && !this.details.hidden;
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
        this.el.textContent = this.words(Math.round(((frames - 1) * 1000) / (now - since)));
        frames = 1;
        since = now;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
}
