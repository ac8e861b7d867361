import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionArrived } from '#server/lib/arrivals.service.ts';
import { type Database, openDatabase } from './client.ts';

// The embedded database shares the event loop (docs/decisions/0022-fair-share-between-visitors-and-learners.md,
// docs/decisions/0026-short-turns-while-connections-arrive.md): queries run back to back in slices of about
// 8 ms, and of about 1 ms while new connections arrive, so the loop comes back to accept them.

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
});
afterAll(async () => {
  await database.close();
});

/** Runs 20 queries of about 2.5 ms at once and counts the turns of the event loop they take. */
async function turnsFor20Queries(arriving: boolean): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (arriving) connectionArrived();
    if (running) setImmediate(tick);
  };
  tick();
  await Promise.all(Array.from({ length: 20 }, () => database.db.execute(sql`SELECT pg_sleep(0.0025)`)));
  running = false;
  return turns;
}

describe('the embedded database on the event loop', () => {
  it('runs several queries per turn while no connection arrives', async () => {
    expect(await turnsFor20Queries(false)).toBeLessThanOrEqual(14);
  });

  it('runs about one query of over 1 ms per turn while connections arrive', async () => {
    expect(await turnsFor20Queries(true)).toBeGreaterThanOrEqual(19);
  });
});
