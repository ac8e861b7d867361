import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { scheduledJobs } from '#server/db/schema/index.ts';
import { JOBS_CHANNEL, scheduleJob } from '#server/lib/jobs.service.ts';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { queueUserEvent } from '#server/lib/user-events.service.ts';
import { onMessageDigest, onMessageSent } from './messages.handlers.ts';
import {
  type Handler,
  onCertificateIssued,
  onOtjSubmitted,
  onSeatInvited,
  runSweeps,
} from './people.handlers.ts';
import { onSessionChanged, onSessionReminder } from './sessions.handlers.ts';

// The job runner every process runs (README 'Notifications'): claims due jobs with FOR UPDATE SKIP LOCKED (so with
// any number of processes each job runs once), runs them oldest first, each in its own transaction with what it
// sends, and drops a job whose moment has passed (`not_after`). Jobs missed while every process was down are run
// when one returns. The people told get a live 'notification' event, queued in the job's transaction so that it
// arrives with the commit (one commit per job: on a busy day every commit that notifies waits its turn).

type JobRow = typeof scheduledJobs.$inferSelect;

const HANDLERS: Record<string, Handler> = {
  'message.sent': onMessageSent,
  'message.digest': onMessageDigest,
  'session.changed': onSessionChanged,
  'session.reminder': onSessionReminder,
  'certificate.issued': onCertificateIssued,
  'seat.invited': onSeatInvited,
  'otj.submitted': onOtjSubmitted,
  sweep: runSweeps,
};

/** How long a claimed job is this process's; if it dies, the job is due again after this. */
const CLAIM_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

async function claim(database: Database, now: Date, limit: number): Promise<JobRow[]> {
  const due = database.db
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(
      sql`(${scheduledJobs.status} = 'pending' AND ${scheduledJobs.runAt} <= ${now.toISOString()}::timestamptz)
        OR (${scheduledJobs.status} = 'running' AND ${scheduledJobs.claimedUntil} < ${now.toISOString()}::timestamptz)`,
    )
    .orderBy(scheduledJobs.runAt, scheduledJobs.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await database.db
    .update(scheduledJobs)
    .set({
      status: 'running',
      attempts: sql`${scheduledJobs.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
    })
    .where(sql`${scheduledJobs.id} IN ${due}`)
    .returning();
  return rows.sort(
    (a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

const mine = (job: JobRow) =>
  and(
    eq(scheduledJobs.id, job.id),
    eq(scheduledJobs.status, 'running'),
    eq(scheduledJobs.attempts, job.attempts),
  );

/** Runs every job due at `now` (the test clock passes its own). Returns how many it handled. */
export async function runDueJobs(
  database: Database,
  options: { publicUrl: string; now?: Date; limit?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const ctx = { publicUrl: options.publicUrl, now };
  let handled = 0;
  for (;;) {
    const jobs = await claim(database, now, options.limit ?? 20);
    for (const job of jobs) {
      handled++;
      if (job.notAfter && job.notAfter <= now) {
        await database.db.update(scheduledJobs).set({ status: 'dropped', finishedAt: now }).where(mine(job));
        continue;
      }
      try {
        await database.db.transaction(async (tx) => {
          const handler = HANDLERS[job.kind];
          const told = handler ? await handler(tx, ctx, job.payload) : [];
          await tx
            .update(scheduledJobs)
            .set({ status: 'done', finishedAt: now, lastError: null })
            .where(mine(job));
          if (job.kind === 'otj.decided') await queueUserEvent(tx, job.payload.studentId!, 'apprenticeship');
          for (const userId of new Set(told)) await queueUserEvent(tx, userId, 'notification');
        });
      } catch (error) {
        const failed = job.attempts >= MAX_ATTEMPTS;
        await database.db
          .update(scheduledJobs)
          .set({
            status: failed ? 'failed' : 'pending',
            runAt: new Date(now.getTime() + 30_000 * 2 ** job.attempts),
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
          })
          .where(mine(job));
      }
    }
    if (jobs.length < (options.limit ?? 20)) return handled;
  }
}

/** Schedules this hour's sweep (once, whichever process comes first). */
async function scheduleSweep(database: Database, now: Date): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
  await scheduleJob(database.db, { kind: 'sweep', key: `sweep:${hour.toISOString()}`, runAt: hour });
}

export const JOBS_POLL_MS = 3_000;

/** Every 3 seconds, and at once when a commit says jobs were scheduled (JOBS_CHANNEL). */
export function notificationJobsWorker(app: FastifyInstance): Worker {
  let wake: (() => void) | null = null;
  const unlisten = app.database.listen(JOBS_CHANNEL, () => wake?.());
  const loop = every(app.log, {
    name: 'notification jobs',
    firstRunMs: 5_000,
    intervalMs: JOBS_POLL_MS,
    run: async () => {
      await scheduleSweep(app.database, new Date());
      await runDueJobs(app.database, { publicUrl: app.config.publicUrl });
    },
  });
  // Wakes while a run is waiting to start add nothing: that run will claim every job due by then. Without this, a
  // busy day's hundred messages a second queued a hundred runs, each asking the database for jobs.
  let running = Promise.resolve();
  let queued = false;
  wake = () => {
    if (queued) return;
    queued = true;
    running = running
      .then(() => {
        queued = false;
        return runDueJobs(app.database, { publicUrl: app.config.publicUrl });
      })
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'notification jobs failed'));
  };
  return {
    async stop() {
      wake = null;
      await loop.stop();
      await running;
      await (await unlisten)();
    },
  };
}
