import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.service.ts';

describe('RenderQueue', () => {
  it('runs one render at a time in arrival order, and refuses beyond the waiting limit', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 2 });
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`end ${name}`);
      running--;
      return name;
    };
    const results = [queue.run(job('a')), queue.run(job('b')), queue.run(job('c')), queue.run(job('d'))];
    expect(queue.pending).toBe(3);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', null]);
    expect(most).toBe(1);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.pending).toBe(0);
  });

  it('frees the slot when a render fails', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 1 });
    const failing = queue.run(async () => {
      throw new Error('render failed');
    });
    const next = queue.run(async () => 'ok');
    await expect(failing).rejects.toThrow('render failed');
    expect(await next).toBe('ok');
    expect(queue.pending).toBe(0);
  });
});
