import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyedCache } from './keyed.cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const options = { ttlMs: 1_000, maxEntries: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyedCache', () => {
  it('loads once and answers from memory until the TTL passes', async () => {
    vi.useFakeTimers();
    const cache = new KeyedCache<string, number>(options);
    let loads = 0;
    const loader = async () => ++loads;
    expect(await cache.get('a', loader)).toBe(1);
    expect(await cache.get('a', loader)).toBe(1);
    expect(cache.peek('a')).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', loader)).toBe(2);
  });

  it('shares one load between callers asking at the same time', async () => {
    const cache = new KeyedCache<string, string>(options);
    const pending = deferred<string>();
    let loads = 0;
    const loader = () => {
      loads++;
      return pending.promise;
    };
    const both = Promise.all([cache.get('a', loader), cache.get('a', loader)]);
    pending.resolve('value');
    expect(await both).toEqual(['value', 'value']);
    expect(loads).toBe(1);
  });

  it('does not store what a load read before an invalidation, and starts a fresh load after it', async () => {
    const cache = new KeyedCache<string, string>(options);
    const old = deferred<string>();
    const before = cache.get('a', () => old.promise);
    cache.delete('a'); // a write committed while the load was reading
    const after = cache.get('a', async () => 'new');
    old.resolve('old');
    // The caller that asked before the write may see the old value; nobody after it does.
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(cache.peek('a')).toBe('new');
    expect(await cache.get('a', async () => 'unexpected')).toBe('new');
  });

  it('deleteWhere drops matching entries and every load in flight', async () => {
    const cache = new KeyedCache<string, { user: string }>(options);
    await cache.get('t1', async () => ({ user: 'u1' }));
    await cache.get('t2', async () => ({ user: 'u2' }));
    const inFlight = deferred<{ user: string }>();
    const pending = cache.get('t3', () => inFlight.promise);
    cache.deleteWhere((_key, value) => !value || value.user === 'u1');
    inFlight.resolve({ user: 'u3' });
    await pending;
    expect(cache.peek('t1')).toBeUndefined();
    expect(cache.peek('t2')).toEqual({ user: 'u2' });
    expect(cache.peek('t3')).toBeUndefined();
  });

  it('clear() empties it, and a failed load is not cached', async () => {
    const cache = new KeyedCache<string, number>(options);
    await cache.get('a', async () => 1);
    cache.clear();
    expect(cache.size).toBe(0);
    await expect(cache.get('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 2)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new KeyedCache<string, string>(options);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('d')).toBe('d');
  });

  it('returns but does not store values the storable check refuses', async () => {
    const cache = new KeyedCache<string, string | null>({ ...options, storable: (v) => v !== null });
    let loads = 0;
    const loader = async () => {
      loads++;
      return null;
    };
    expect(await cache.get('missing', loader)).toBeNull();
    expect(await cache.get('missing', loader)).toBeNull();
    expect(loads).toBe(2);
  });
});
