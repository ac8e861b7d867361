import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';

/** Counts one hit against `key` in a fixed window shared by all processes; returns the count so far. */
export async function hit(db: Queryable, key: string, windowMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < ${cutoff.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < ${cutoff.toISOString()}::timestamptz THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

export interface Reservation {
  key: string;
  count: number;
  /** When this key's window ends (for Retry-After). */
  resetsAt: Date;
}

/**
 * Counts one hit against every key in ONE statement (so concurrent callers are serialised by the rows' locks and
 * each sees its own count): callers reserve an attempt before doing expensive work and refuse when a count is
 * over its limit. Returns one entry per key.
 */
export async function reserve(
  db: Queryable,
  keys: string[],
  windowMs: number,
): Promise<Map<string, Reservation>> {
  const cutoff = new Date(Date.now() - windowMs).toISOString();
  const now = new Date();
  const rows = await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < ${cutoff}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < ${cutoff}::timestamptz THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
  return new Map(
    rows.map((r) => [
      r.key,
      { key: r.key, count: r.count, resetsAt: new Date(r.windowStart.getTime() + windowMs) },
    ]),
  );
}

/** Gives back one reserved hit (the attempt turned out fine). */
export async function release(db: Queryable, keys: string[]): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      sql`${rateLimits.key} IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
}

/** Forgets every key starting with `prefix`. */
export async function resetPrefix(db: Queryable, prefix: string): Promise<void> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db.delete(rateLimits).where(sql`${rateLimits.key} LIKE ${`${escaped}%`}`);
}

export async function reset(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
