import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';

export interface Window {
  limit: number;
  windowMs: number;
}

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

/** The current count for `key` without adding to it. */
export async function peek(db: Queryable, key: string, windowMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - windowMs);
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} >= ${cutoff.toISOString()}::timestamptz`,
    );
  return rows[0]?.count ?? 0;
}

export async function reset(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
