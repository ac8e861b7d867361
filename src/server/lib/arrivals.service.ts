// New connections on a busy server (docs/decisions/0026-short-turns-while-connections-arrive.md). libuv accepts
// one connection per turn of the event loop, and on a busy day a turn is about 10 ms (a slice of the embedded
// database's work and a dozen visitors' pages), so a crowd's 200 new connections waited up to 2.5 s in the
// kernel's queue before their first request was read. While connections arrive, the turns are kept short (the
// database's slice and the visitors admitted per turn shrink in proportion), so the loop comes back to accept the
// next connection within a few milliseconds.

/** How long turns stay short after a connection arrived: the next one waiting is accepted on the next turn. */
const ARRIVAL_WINDOW_MS = 10;

let lastArrival = Number.NEGATIVE_INFINITY;

/** The server's 'connection' listener: a connection was accepted, more may be waiting. */
export function connectionArrived(): void {
  lastArrival = performance.now();
}

/** Whether a connection arrived moments ago, so that turns should be short. */
export function connectionsArriving(): boolean {
  return performance.now() - lastArrival < ARRIVAL_WINDOW_MS;
}
