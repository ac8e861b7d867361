import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { connectionArrived, connectionsArriving } from './arrivals.service.ts';

describe('arrivals', () => {
  it('says connections are arriving just after one was accepted, and not once a few turns have passed', async () => {
    expect(connectionsArriving()).toBe(false);
    connectionArrived();
    expect(connectionsArriving()).toBe(true);
    await sleep(20);
    expect(connectionsArriving()).toBe(false);
  });
});
