import type { Queryable } from '#server/db/client.ts';
import { scheduledJobs } from '#server/db/schema/index.ts';

// Events and scheduled jobs (README 'Notifications'): a feature that changes something people should hear about
// emits an event in the transaction that makes the change; the notifications feature runs it. Events are jobs
// due at once, so an event exists if and only if its cause committed, and any process may run it. Emitters
// never import the notifications feature: dependencies point one way (ARCHITECTURE.md 'Feature boundaries').

/** NOTIFY channel that wakes the job runners at once (they also poll every few seconds). */
export const JOBS_CHANNEL = 'jobs';

export interface JobInput {
  kind: string;
  payload?: Record<string, string>;
  /** Unique: a job with a key is scheduled once, ever (a later insert with the same key is ignored). */
  key?: string;
  runAt?: Date;
  /** Past this moment the job is dropped instead of run (a reminder after the session started). */
  notAfter?: Date;
}

/** Schedules a job in the caller's transaction; returns whether it was new. */
export async function scheduleJob(db: Queryable, job: JobInput): Promise<boolean> {
  const rows = await db
    .insert(scheduledJobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      notAfter: job.notAfter ?? null,
    })
    .onConflictDoNothing({ target: scheduledJobs.key })
    .returning({ id: scheduledJobs.id });
  return rows.length > 0;
}

/** The events features emit (payload values are strings). */
export type AppEvent =
  | { kind: 'message.sent'; payload: { conversationId: string; messageId: string; senderId: string } }
  | { kind: 'session.changed'; payload: { sessionId: string; change: 'scheduled' | 'changed' | 'cancelled' } }
  | { kind: 'certificate.issued'; payload: { userId: string; certificateId: string; courseTitle: string } }
  | { kind: 'seat.invited'; payload: { userId: string; courseTitle: string; companyName: string } }
  | { kind: 'otj.submitted'; payload: { entryId: string } }
  | { kind: 'otj.decided'; payload: { studentId: string } };

/** Emits an event inside the transaction that causes it; a runner picks it up on its next poll. */
export async function emitEvent(db: Queryable, event: AppEvent): Promise<void> {
  await scheduleJob(db, { kind: event.kind, payload: event.payload });
}
