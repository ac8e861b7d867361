import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { anotherProcessDatabase, createTestDatabase, eventually } from '#server/test/harness.ts';
import {
  INVALIDATION_CHANNEL,
  invalidate,
  listenForInvalidation,
  onInvalidate,
} from './invalidation.service.ts';

// The invalidation bus (ARCHITECTURE.md 'In-process caches'): a change clears its own process's caches at once and
// every other process's when the notification arrives, and never its own twice.

let here: Database;
let there: Database;

beforeAll(async () => {
  here = await createTestDatabase();
  there = await anotherProcessDatabase(here);
  await listenForInvalidation(here);
  await listenForInvalidation(there);
});

afterAll(async () => {
  if (there !== here) await there.close();
  await here.close();
});

/** Every key a topic's handlers received on `database`, in order. */
function heard(database: Database, topic: string): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  onInvalidate(database, topic, (key) => keys.push(key));
  return keys;
}

/** Waits until `database` has heard a notification sent after everything before it. */
async function drained(database: Database) {
  const marker = heard(database, 'marker');
  await database.notify(INVALIDATION_CHANNEL, 'another-process|marker');
  await eventually(async () => expect(marker).toEqual([undefined]));
}

describe('invalidation', () => {
  it('runs the handlers here once, at once, and ignores its own notification coming back', async () => {
    const keys = heard(here, 'courses');
    const promise = invalidate(here, 'courses', 'user-1');
    expect(keys).toEqual(['user-1']);
    await promise;
    await drained(here);
    expect(keys).toEqual(['user-1']);
  });

  it("runs another process's handlers when its notification arrives, topic and key intact", async () => {
    if (there === here) {
      // Embedded PGlite is one process: a notification from another sender stands in for it.
      const keys = heard(here, 'learner');
      await here.notify(INVALIDATION_CHANNEL, 'another-process|learner:user-2');
      await eventually(async () => expect(keys).toEqual(['user-2']));
      return;
    }
    const keys = heard(there, 'learner');
    await invalidate(here, 'learner', 'user-2');
    await eventually(async () => expect(keys).toEqual(['user-2']));
    await invalidate(here, 'learner');
    await eventually(async () => expect(keys).toEqual(['user-2', undefined]));
  });

  it('hears a notification without a sender (from a process of an earlier release)', async () => {
    const keys = heard(here, 'catalog');
    await here.notify(INVALIDATION_CHANNEL, 'catalog');
    await eventually(async () => expect(keys).toEqual([undefined]));
  });

  it('refuses a topic that would make the notification ambiguous', async () => {
    await expect(invalidate(here, 'a:b')).rejects.toThrow(/must not contain/);
    await expect(invalidate(here, 'a|b')).rejects.toThrow(/must not contain/);
  });
});
