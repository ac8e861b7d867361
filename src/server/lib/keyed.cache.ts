// An in-process read-through cache for data that is read on every request and changes rarely (sessions, the
// course outline, a learner's progress). Writers clear entries through lib/invalidation.service.ts after they commit; the
// TTL is only a safety net for a missed notification.
//
// Two rules keep it from ever serving a write's old value once the write's invalidation has run:
// - a load that was already reading when its key was invalidated still answers the callers that were waiting for
//   it, but its value is not stored;
// - callers arriving after the invalidation start a fresh load rather than joining the old one.

export interface CacheOptions {
  ttlMs: number;
  /** Oldest entries are dropped first beyond this many. */
  maxEntries: number;
  /** Values for which this answers false are returned but not stored (e.g. "no such session"). */
  storable?: (value: unknown) => boolean;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class KeyedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();

  constructor(private readonly options: CacheOptions) {}

  /** The cached value when it is fresh, without waiting. */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The cached value, or the loader's (shared by every caller asking for the same key meanwhile). */
  async get(key: K, loader: () => Promise<V>): Promise<V> {
    const fresh = this.peek(key);
    if (fresh !== undefined) return fresh;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const load: Promise<V> = loader().then(
      (value) => {
        // Still ours only if no invalidation ran while the loader was reading.
        if (this.loading.get(key) === load) {
          this.loading.delete(key);
          if (this.options.storable?.(value) ?? true) this.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === load) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, load);
    return load;
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Drops every entry (and pending load) whose key or stored value matches. */
  deleteWhere(matches: (key: K, value: V | undefined) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
    for (const key of this.loading.keys()) if (matches(key, undefined)) this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
