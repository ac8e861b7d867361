import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FairShare } from './fair-share.service.ts';

const COOKIE = 'ts_session';

function request(method: string, cookie?: string) {
  return { method, headers: cookie ? { cookie } : {} } as unknown as IncomingMessage;
}

function response() {
  return new EventEmitter() as unknown as ServerResponse;
}

/** Admits `count` anonymous GETs and returns the list their admissions are recorded in, in order. */
function visitors(fair: FairShare, count: number) {
  const admitted: number[] = [];
  for (let i = 0; i < count; i++)
    fair.admit(request('GET', 'theme=dark'), response(), () => admitted.push(i));
  return admitted;
}

describe('FairShare', () => {
  it('admits visitors at once while no session work is in flight', () => {
    const fair = new FairShare(COOKIE, 4);
    expect(visitors(fair, 50)).toHaveLength(50);
  });

  it('admits a few visitors per turn while session work is in flight, in arrival order', async () => {
    const fair = new FairShare(COOKIE, 4);
    const res = response();
    let sessionAdmitted = false;
    fair.admit(request('GET', `${COOKIE}=abc`), res, () => {
      sessionAdmitted = true;
    });
    expect(sessionAdmitted).toBe(true);
    const admitted = visitors(fair, 10);
    expect(admitted).toEqual([]);
    await nextTurn();
    expect(admitted).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(admitted).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The session request ends: whoever is still waiting goes in the next turn.
    (res as unknown as EventEmitter).emit('close');
    await nextTurn();
    expect(admitted).toHaveLength(10);
    // …and later visitors pass at once again.
    expect(visitors(fair, 3)).toHaveLength(3);
  });

  it('counts every write as session work, signed in or not', async () => {
    const fair = new FairShare(COOKIE, 2);
    const res = response();
    fair.admit(request('POST'), res, () => {});
    const admitted = visitors(fair, 5);
    expect(admitted).toEqual([]);
    await nextTurn();
    expect(admitted).toHaveLength(2);
    (res as unknown as EventEmitter).emit('close');
    await nextTurn();
    expect(admitted).toHaveLength(5);
  });

  it('never lets a visitor overtake one already waiting', async () => {
    const fair = new FairShare(COOKIE, 1);
    const res = response();
    fair.admit(request('GET', `other=1; ${COOKIE}=x`), res, () => {});
    const order: string[] = [];
    fair.admit(request('GET'), response(), () => order.push('first'));
    (res as unknown as EventEmitter).emit('close');
    // No session work now, but someone is waiting: the newcomer queues behind them.
    fair.admit(request('HEAD'), response(), () => order.push('second'));
    expect(order).toEqual([]);
    await nextTurn();
    expect(order).toEqual(['first', 'second']);
  });

  it('admits fewer visitors per turn while new connections arrive, when turns are short', async () => {
    let arriving = true;
    const fair = new FairShare(COOKIE, 12, () => arriving);
    fair.admit(request('POST'), response(), () => {});
    const admitted = visitors(fair, 20);
    await nextTurn();
    expect(admitted).toHaveLength(2);
    arriving = false;
    await nextTurn();
    expect(admitted).toHaveLength(14);
  });
});
