// Server rendering takes its share of the event loop and no more (docs/decisions/0018-cached-pages-fair-rendering.md).
// React renders a page in one long synchronous stretch; on the embedded database (PGlite runs its queries on the
// same thread, decision 0016) a crowd of renders would hold the loop while signed-in reads and message writes
// wait. So at most `concurrency` renders run at once, each starting on a fresh turn of the loop, and at most
// `maxWaiting` wait for their turn: beyond that a visitor gets the app shell (same head and status; the browser
// renders the page), which costs almost nothing.

export interface RenderQueueOptions {
  concurrency: number;
  maxWaiting: number;
}

export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: RenderQueueOptions) {}

  /** Runs `render` when a slot is free; `null` at once when too many renders are already waiting. */
  async run<T>(render: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      // A fresh turn: sockets, accepted connections and database turns queued meanwhile go first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await render();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; only when nobody waits is it freed.
      if (next) next();
      else this.running--;
    }
  }

  get pending(): number {
    return this.running + this.waiting.length;
  }
}
