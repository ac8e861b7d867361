import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectionsArriving } from './arrivals.service.ts';

// Fair shares between classes of request (docs/decisions/0022-fair-share-between-visitors-and-learners.md).
// Anonymous reads (visitors on the public pages and the catalogue) are cheap one by one but can arrive by the
// thousand; requests with a session (learners, staff) and every write need the database several times each. When
// both are in flight, visitors are admitted a few per turn of the event loop, so each turn leaves room for the
// session work that is waiting; with no session work in flight, visitors pass at once and pay one comparison.

/** Visitors admitted per turn of the event loop while session work is in flight. */
export const VISITORS_PER_TURN = 12;
/**
 * Per turn while new connections arrive, when turns are kept short (lib/arrivals.service.ts): in proportion to
 * the embedded database's shorter slice, so that neither class gains from a crowd's arrival.
 */
export const VISITORS_PER_SHORT_TURN = 2;

export class FairShare {
  private sessionWork = 0;
  private readonly waiting: (() => void)[] = [];
  private pumping = false;

  constructor(
    private readonly sessionCookie: string,
    private readonly perTurn = VISITORS_PER_TURN,
    private readonly shortTurns: () => boolean = connectionsArriving,
  ) {}

  /** Calls `admitted` now or on a later turn; every request goes through here once, as it arrives. */
  admit(raw: IncomingMessage, res: ServerResponse, admitted: () => void): void {
    if (this.isVisitor(raw)) {
      if (this.sessionWork === 0 && this.waiting.length === 0) admitted();
      else {
        this.waiting.push(admitted);
        this.pump();
      }
      return;
    }
    this.sessionWork++;
    res.once('close', () => {
      this.sessionWork--;
    });
    admitted();
  }

  /** Anonymous GET or HEAD: no session cookie, nothing written. */
  private isVisitor(raw: IncomingMessage): boolean {
    if (raw.method !== 'GET' && raw.method !== 'HEAD') return false;
    const cookie = raw.headers.cookie;
    return cookie === undefined || !cookie.includes(this.sessionCookie);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      const perTurn = this.shortTurns() ? Math.min(this.perTurn, VISITORS_PER_SHORT_TURN) : this.perTurn;
      const count = this.sessionWork === 0 ? this.waiting.length : perTurn;
      for (const admitted of this.waiting.splice(0, count)) admitted();
      if (this.waiting.length > 0) this.pump();
    });
  }
}
