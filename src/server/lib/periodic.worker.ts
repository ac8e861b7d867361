import type { FastifyBaseLogger } from 'fastify';

/** A running background loop (lib/periodic.worker.ts makes them; workers.ts starts them all). */
export interface Worker {
  stop(): Promise<void>;
}

export interface PeriodicTask {
  /** For the log: '<name> failed'. */
  name: string;
  firstRunMs: number;
  /** Counted from the end of one run to the start of the next, so runs never overlap. */
  intervalMs: number;
  run: () => Promise<void>;
}

/** A background loop: runs `task` now and then, logs its failures, and stops after the run in progress. */
export function every(log: FastifyBaseLogger, task: PeriodicTask): Worker {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    if (stopped) return;
    running = task
      .run()
      .catch((error: unknown) => log.error({ err: error }, `${task.name} failed`))
      .finally(() => {
        if (!stopped) schedule(task.intervalMs);
      });
  };
  schedule(task.firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
