import { randomBytes } from 'node:crypto';

// Every response carries X-Request-Id, and every log line of the request its id (README 'Limits and bad input'). An id a
// proxy in front already gave the request is kept; otherwise the id is this process's random prefix and a counter
// (docs/decisions/0024-front-door-for-the-catalogue.md): unique across processes and restarts, and a fraction of
// the cost of a random UUID per request.

const INCOMING = /^[\w-]{1,64}$/;
const prefix = randomBytes(6).toString('hex');
let counter = 0;

/** The request's id: the incoming X-Request-Id when it is well formed, else a fresh one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && INCOMING.test(incoming)) return incoming;
  counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return `${prefix}-${counter.toString(36)}`;
}
